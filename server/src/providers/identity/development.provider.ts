/**
 * DEVELOPMENT IDENTITY PROVIDER — no host is asked. It accepts codes of the form
 *   dev:<openid>                      → open id <openid>, no phone
 *   dev:<openid>:<areaNo>-<phone>     → open id <openid>, vouching for that phone
 * (openid: 1–64 of A–Z a–z 0–9 _ -), so tests and local runs can act as any host user. Anything
 * else is refused. Replace it with the host's real provider (IdentityProvider) in production; see
 * docs/members.md. Its answers are deterministic: userInfo derives the profile from the open id.
 */
import type { HostIdentity, HostProfile, IdentityProvider } from './identity-provider'

const DEV_CODE = /^dev:([A-Za-z0-9_-]{1,64})(?::(\d{1,4})-(\d{4,15}))?$/

export class DevelopmentIdentityProvider implements IdentityProvider {
  readonly name = 'dev'

  async exchangeCode(code: string): Promise<HostIdentity | null> {
    const match = DEV_CODE.exec(code.trim())
    if (!match) return null
    return { openId: match[1], areaNo: match[2] ?? '', phone: match[3] ?? '' }
  }

  async userInfo(openId: string): Promise<HostProfile | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(openId)) return null
    // The phone was vouched for in the code (and travels in the signed AccessToken), not here.
    return { nickname: `Dev ${openId}`, picture: '', areaNo: '', phone: '' }
  }
}
