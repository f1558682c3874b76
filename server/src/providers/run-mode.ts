/**
 * Run modes (issue 11). This repository ships development stand-ins: the DEVELOPMENT SMS
 * provider (codes go to the log), the DEVELOPMENT identity provider (checks nothing), the
 * sandbox payments (no real money) and the DEVELOPMENT geocoder (region names and demo streets
 * only; issue 16 also ships a real one, 'nominatim'). In production (NODE_ENV=production) each one must be named in
 * ALLOW_DEVELOPMENT_PROVIDERS, or the server and the CLIs refuse to start: a deployment never runs
 * them by accident. Outside production (npm start, the tests) everything is on, as the demo needs.
 */
import { DEVELOPMENT_PROVIDERS, type DevelopmentProviderName, type ServerConfig } from '../config'

export type RunModeConfig = Pick<ServerConfig, 'production' | 'smsProvider' | 'identityProvider' | 'paymentProviders' | 'allowDevelopmentProviders'> &
  Partial<Pick<ServerConfig, 'geocodingProvider'>>

/** A development provider is configured in production without ALLOW_DEVELOPMENT_PROVIDERS naming it. */
export class DevelopmentProvidersRefused extends Error {
  constructor(
    readonly refused: DevelopmentProviderName[],
    allowed: readonly DevelopmentProviderName[]
  ) {
    const setting = DEVELOPMENT_PROVIDERS.filter((n) => refused.includes(n) || allowed.includes(n)).join(',')
    super(
      `NODE_ENV=production with development providers not allowed: ${refused.map((k) => `${k} (${SETTING_OF[k]})`).join(', ')}. ` +
        `They send no SMS, check no identity, take no real money, locate no real address. Configure real providers, or allow them knowingly ` +
        `with ALLOW_DEVELOPMENT_PROVIDERS=${setting}`
    )
    this.name = 'DevelopmentProvidersRefused'
  }
}

/** A provider setting names a provider this server does not have. */
export class ProviderChoiceError extends Error {
  constructor(setting: string, choice: string, choices: readonly string[]) {
    super(`${setting} '${choice}' is not a provider this server has (choices: ${choices.join(', ')})`)
    this.name = 'ProviderChoiceError'
  }
}

/** A real provider's setting is missing or wrong (a credential, a key file): the message names the setting, never a secret. */
export class ProviderSettingError extends Error {
  constructor(
    readonly setting: string,
    message: string
  ) {
    super(message)
    this.name = 'ProviderSettingError'
  }
}

/** The setting and its value that makes each development provider active. */
const SETTING_OF: Record<DevelopmentProviderName, string> = {
  sms: 'SMS_PROVIDER=development',
  identity: 'IDENTITY_PROVIDER=development',
  'sandbox-payments': 'PAYMENT_PROVIDERS=sandbox',
  geocoding: 'GEOCODING_PROVIDER=development'
}

/** The development providers this configuration makes active. */
export function activeDevelopmentProviders(config: RunModeConfig): DevelopmentProviderName[] {
  const active: DevelopmentProviderName[] = []
  if (config.smsProvider === 'development') active.push('sms')
  if (config.identityProvider === 'development') active.push('identity')
  if (config.paymentProviders.includes('sandbox')) active.push('sandbox-payments')
  // Absent (an older caller's partial config): the default, 'development'.
  if ((config.geocodingProvider ?? 'development') === 'development') active.push('geocoding')
  return active
}

/**
 * Throws DevelopmentProvidersRefused in production when one of `kinds` (default: all) is active and
 * not allowed. The composition root checks all before building anything; a CLI checks what it uses.
 */
export function assertRunMode(config: RunModeConfig, kinds: readonly DevelopmentProviderName[] = DEVELOPMENT_PROVIDERS): void {
  if (!config.production) return
  const active = activeDevelopmentProviders(config).filter((k) => kinds.includes(k))
  const refused = active.filter((k) => !config.allowDevelopmentProviders.includes(k))
  if (refused.length > 0) throw new DevelopmentProvidersRefused(refused, config.allowDevelopmentProviders)
}

/** What each choice is, for the start line. */
const DESCRIPTION: Record<string, string> = {
  'payments:sandbox': 'SANDBOX, no real money',
  'payments:wechatpay': 'WeChat Pay API v3, real money',
  'payments:alipay': 'Alipay openapi via alipay-sdk, real money',
  'payments:alipayhk': 'Alipay+ via Antom, real money',
  'sms:development': 'codes go to this log, none sent',
  'identity:development': 'checks nothing, vouches for no phone',
  'identity:wechat': 'WeChat code2Session and OAuth',
  'identity:alipay': 'Alipay oauth.token, RSA2',
  'identity:wechat,alipay': 'WeChat code2Session and OAuth, Alipay oauth.token',
  'geocoding:development': 'knows only region names and the demo streets'
}

/** The one line every start prints: which providers are active, and whether production allowed stand-ins. */
export function describeProviders(config: RunModeConfig): string {
  const part = (kind: string, choice: string) => `${kind}=${choice}${DESCRIPTION[`${kind}:${choice}`] ? ` (${DESCRIPTION[`${kind}:${choice}`]})` : ''}`
  const line = `providers: ${[
    config.paymentProviders.map((p) => part('payments', p)).join(', '),
    part('sms', config.smsProvider),
    part('identity', config.identityProvider),
    part('geocoding', config.geocodingProvider ?? 'development')
  ].join(', ')}`
  const allowed = config.production && activeDevelopmentProviders(config).length > 0
  return allowed ? `${line} — development providers allowed in production by ALLOW_DEVELOPMENT_PROVIDERS` : line
}
