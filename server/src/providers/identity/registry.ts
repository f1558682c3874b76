/**
 * Builds the host identity providers chosen by IDENTITY_PROVIDER (called by the composition root,
 * server/src/http/app.ts):
 *   - 'development' (the demo and the tests): the DEVELOPMENT providers, which check nothing; a
 *     production server refuses them unless ALLOW_DEVELOPMENT_PROVIDERS names 'identity' (run-mode.ts);
 *   - 'wechat', 'alipay' or 'wechat,alipay': the real hosts (wechat.provider.ts, alipay.provider.ts),
 *     their settings from ServerConfig.identity, checked here: a chosen host without its settings
 *     refuses to start with one line naming them (ProviderSettingError).
 * The mini-programs' provider (ThirdPartyAccessTokenGet without HostKind) is the one configured
 * mini-program; with both, a combined provider asks each host in turn (a code one host does not know
 * it refuses) and the one that took it signs the AccessToken. A host browser kind without a real
 * provider is unavailable (its calls answer "bad request (kind)"), never the development one.
 */
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../../config'
import type { Database } from '../../storage/schema'
import { assertRunMode, ProviderChoiceError } from '../run-mode'
import { AlipayHostLogin, AlipayMiniIdentityProvider, alipayIdentityFromSettings } from './alipay.provider'
import { DevelopmentIdentityProvider } from './development.provider'
import { DevelopmentHostLoginProvider } from './development-host-login.provider'
import {
  HOST_LOGIN_KINDS,
  HostUnavailableError,
  type HostIdentity,
  type HostLoginKind,
  type HostLoginProvider,
  type HostLoginProviders,
  type HostProfile,
  type IdentityProvider
} from './identity-provider'
import { WechatMiniIdentityProvider, WechatOAuthHostLogin, wechatIdentityFromSettings } from './wechat.provider'

const REAL = ['wechat', 'alipay'] as const
const CHOICES = ['development', ...REAL]

type IdentityConfig = Pick<ServerConfig, 'identityProvider' | 'identity'> & Parameters<typeof assertRunMode>[0]

/** The hosts IDENTITY_PROVIDER names ('development' alone, or real ones). */
function chosen(config: Pick<ServerConfig, 'identityProvider'>): 'development' | (typeof REAL)[number][] {
  const names = config.identityProvider
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  if (names.length === 1 && names[0] === 'development') return 'development'
  const unknown = names.find((n) => !(REAL as readonly string[]).includes(n))
  if (unknown !== undefined || names.length === 0) throw new ProviderChoiceError('IDENTITY_PROVIDER', unknown ?? config.identityProvider, CHOICES)
  return [...new Set(names)] as (typeof REAL)[number][]
}

interface RealProviders {
  minis: IdentityProvider[]
  browsers: Partial<Record<HostLoginKind, HostLoginProvider>>
}

function buildReal(config: IdentityConfig, hosts: readonly (typeof REAL)[number][]): RealProviders {
  const out: RealProviders = { minis: [], browsers: {} }
  const deployment = { production: config.production }
  const problems: Error[] = []
  for (const host of hosts) {
    try {
      if (host === 'wechat') {
        const c = wechatIdentityFromSettings(config.identity, deployment)
        if (c.mini) out.minis.push(new WechatMiniIdentityProvider(c.mini, c.apiBaseUrl, c.timeoutMs))
        if (c.oa) out.browsers.wechat = new WechatOAuthHostLogin(c.oa, c.apiBaseUrl, c.openBaseUrl, c.timeoutMs)
      } else {
        const c = alipayIdentityFromSettings(config.identity, deployment)
        if (c.miniAppId) out.minis.push(new AlipayMiniIdentityProvider(c.miniAppId, c))
        if (c.loginAppId) out.browsers.alipay = new AlipayHostLogin(c.loginAppId, c)
      }
    } catch (e) {
      problems.push(e as Error)
    }
  }
  // Both hosts' missing settings in one line.
  if (problems.length === 1) throw problems[0]
  if (problems.length > 1) {
    const first = problems[0] as Error & { setting?: string }
    first.message = problems.map((p) => p.message).join(' | ')
    throw first
  }
  return out
}

/** No mini-program is configured: every code is refused. */
class NoMiniProgram implements IdentityProvider {
  readonly name = 'none'
  readonly verifiesPhones = false
  async exchangeCode(): Promise<HostIdentity | null> {
    return null
  }
  async userInfo(): Promise<HostProfile | null> {
    return null
  }
}

/** Both hosts' mini-programs: the host that takes the code answers (and signs as itself). */
export class CombinedMiniIdentity implements IdentityProvider {
  readonly name: string
  readonly verifiesPhones = false

  constructor(readonly members: readonly IdentityProvider[]) {
    this.name = members.map((m) => m.name).join('+')
  }

  async exchangeCode(code: string): Promise<HostIdentity | null> {
    let busy: HostUnavailableError | null = null
    for (const member of this.members) {
      try {
        const identity = await member.exchangeCode(code)
        if (identity) return { ...identity, via: member }
      } catch (e) {
        if (!(e instanceof HostUnavailableError)) throw e
        busy = e
      }
    }
    if (busy) throw busy
    return null
  }

  async userInfo(): Promise<HostProfile | null> {
    return null
  }
}

/** A host browser kind this deployment has no sign-in for. */
class UnavailableHostLogin implements HostLoginProvider {
  readonly name: string
  readonly appId = ''
  readonly verifiesPhones = false
  readonly available = false
  constructor(readonly kind: HostLoginKind) {
    this.name = `none-${kind}`
  }
  authorizeUrl(): string {
    throw new Error(`no sign-in is configured for ${this.kind}`)
  }
  async exchangeCode(): Promise<HostIdentity | null> {
    return null
  }
  async userInfo(): Promise<HostProfile | null> {
    return null
  }
}

export function buildIdentityProvider(config: IdentityConfig): IdentityProvider {
  const hosts = chosen(config)
  if (hosts === 'development') {
    assertRunMode(config, ['identity'])
    return new DevelopmentIdentityProvider()
  }
  const { minis } = buildReal(config, hosts)
  if (minis.length === 0) return new NoMiniProgram()
  return minis.length === 1 ? minis[0] : new CombinedMiniIdentity(minis)
}

/**
 * The H5 host browsers' logins, one provider per host kind (spec §1, §6). IDENTITY_PROVIDER
 * 'development' makes every kind the DEVELOPMENT host login (its own authorise page on this
 * server); real hosts give the chat-app browser (WeChat OAuth) and the payment-app browser (Alipay).
 */
export function buildHostLoginProviders(config: IdentityConfig, db: Kysely<Database>): HostLoginProviders {
  const hosts = chosen(config)
  if (hosts === 'development') {
    assertRunMode(config, ['identity'])
    return Object.fromEntries(HOST_LOGIN_KINDS.map((kind) => [kind, new DevelopmentHostLoginProvider(kind, db)])) as unknown as Record<HostLoginKind, HostLoginProvider>
  }
  const { browsers } = buildReal(config, hosts)
  return Object.fromEntries(HOST_LOGIN_KINDS.map((kind) => [kind, browsers[kind] ?? new UnavailableHostLogin(kind)])) as unknown as Record<HostLoginKind, HostLoginProvider>
}
