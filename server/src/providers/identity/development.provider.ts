/**
 * DEVELOPMENT IDENTITY PROVIDER — no host is asked. It accepts codes of the form
 *   dev:<openid>                      → open id <openid>
 * (openid: 1–64 of A–Z a–z 0–9 _ -), so tests and local runs can act as any host user. Anything
 * else is refused. It checks nothing, so it vouches for no phone (verifiesPhones false): a dev
 * identity binds its phone by SMS like anyone (a phone in the code once logged in as that phone's
 * member: issue 11). Production refuses to start with it unless allowed (server/src/providers/run-mode.ts).
 * Its answers are deterministic: userInfo derives the profile from the open id.
 */
import type { HostIdentity, HostProfile, IdentityProvider } from './identity-provider'

const DEV_CODE = /^dev:([A-Za-z0-9_-]{1,64})$/

export class DevelopmentIdentityProvider implements IdentityProvider {
  readonly name = 'dev'
  readonly verifiesPhones = false

  async exchangeCode(code: string): Promise<HostIdentity | null> {
    const match = DEV_CODE.exec(code.trim())
    if (!match) return null
    return { openId: match[1], areaNo: '', phone: '' }
  }

  async userInfo(openId: string): Promise<HostProfile | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(openId)) return null
    return { nickname: `Dev ${openId}`, picture: '', areaNo: '', phone: '' }
  }
}
