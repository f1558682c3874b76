/**
 * What the real SMS vendors (aliyun, tencent, twilio) share: their settings checked into one
 * refusal line, templates per language and per destination (mainland or not), numbers in the
 * vendor's form, secrets from the environment or a file, and the log line of a refusal (never a
 * secret, never the code, the phone masked).
 */
import fs from 'node:fs'
import { LOCALES, type Locale } from '../../../../src/gateway/contract'
import { maskPhone } from '../../../../src/core/phone-mask'
import { ProviderSettingError } from '../run-mode'
import type { SmsMessage } from './sms-provider'

/**
 * A chosen vendor without a usable configuration: the server (main.ts) refuses to start with this
 * one line, naming every setting that is missing or wrong (never a secret's value).
 */
export class SmsSettingsError extends ProviderSettingError {
  constructor(vendor: string, problems: string[]) {
    super(problems[0]?.split(' ')[0] ?? 'SMS_PROVIDER', `SMS_PROVIDER=${vendor} cannot start: ${problems.join('; ')} (docs/sms.md)`)
    this.name = 'SmsSettingsError'
  }
}

/** Collects the problems of one vendor's settings, so the refusal names all of them at once. */
export class SettingsCheck {
  readonly problems: string[] = []

  constructor(readonly vendor: string) {}

  /** The value, or a problem 'NAME is missing'. */
  required(value: string | null, name: string): string {
    if (value === null) this.problems.push(`${name} is missing`)
    return value ?? ''
  }

  /** A secret from the environment or from the file <NAME>_FILE names (its content, trimmed). */
  secret(value: string | null, file: string | null, name: string): string {
    if (value !== null) return value
    if (file === null) {
      this.problems.push(`${name} (or ${name}_FILE) is missing`)
      return ''
    }
    try {
      const content = fs.readFileSync(file, 'utf8').trim()
      if (!content) this.problems.push(`${name}_FILE names an empty file`)
      return content
    } catch (error) {
      this.problems.push(`${name}_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
      return ''
    }
  }

  /** 'zh-CN:SMS_1,zh-TW:SMS_2,en:SMS_3' → one template per language; every language is required. */
  templates(value: string | null, name: string, fallback?: Record<Locale, string>): Record<Locale, string> {
    if (value === null) {
      if (fallback) return fallback
      this.problems.push(`${name} is missing (one template per language: ${LOCALES.map((l) => `${l}:<id>`).join(',')})`)
      return emptyTemplates()
    }
    const map: Partial<Record<Locale, string>> = {}
    for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
      const at = part.indexOf(':')
      const locale = part.slice(0, at).trim()
      const id = part.slice(at + 1).trim()
      if (at < 1 || !id || !(LOCALES as readonly string[]).includes(locale)) {
        this.problems.push(`${name}: '${part}' is not <language>:<template id> (languages ${LOCALES.join(', ')})`)
        continue
      }
      map[locale as Locale] = id
    }
    const missing = LOCALES.filter((l) => !map[l])
    if (missing.length > 0) this.problems.push(`${name} has no template for ${missing.join(', ')}`)
    return { ...emptyTemplates(), ...map }
  }

  /**
   * An https origin, or http for a loopback host only (localhost, *.localhost, 127.x.x.x, [::1]:
   * tests and a deployer's own machine); no path, query or credentials.
   */
  url(value: string | null, fallback: string, name: string): string {
    const given = value ?? fallback
    let url: URL | null = null
    try {
      url = new URL(given)
    } catch {
      // reported below
    }
    const loopback = url !== null && isLoopbackHost(url.hostname)
    if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
      this.problems.push(`${name} must be an https origin such as ${fallback} (http only for a loopback host), got '${given}'`)
      return fallback
    }
    return url.origin
  }

  /** A value that must match a pattern (an id's shape). */
  shape(value: string, pattern: RegExp, name: string, what: string): void {
    if (value && !pattern.test(value)) this.problems.push(`${name} must be ${what}`)
  }

  /** Throws SmsSettingsError when any problem was found. */
  done(): void {
    if (this.problems.length > 0) throw new SmsSettingsError(this.vendor, this.problems)
  }
}

const emptyTemplates = (): Record<Locale, string> => ({ 'zh-CN': '', 'zh-TW': '', en: '' })

/** Mainland China (+86): the vendors' domestic templates and signatures; every other area is 'international' to them. */
export const isMainland = (message: Pick<SmsMessage, 'areaNo'>): boolean => message.areaNo === '86'

/** '+85366123456' (E.164). */
export const e164 = (message: Pick<SmsMessage, 'areaNo' | 'phone'>): string => `+${message.areaNo}${message.phone}`

/** '+853 66****56' for the log. */
export const maskedNumber = (message: Pick<SmsMessage, 'areaNo' | 'phone'>): string => `+${message.areaNo} ${maskPhone(message.phone)}`

/**
 * The log line of a send the vendor refused or that failed: enough to act on, nothing secret. An
 * SDK's error text may quote the request (Aliyun's names the URL, whose query holds the template's
 * parameters): queries are cut and the code is masked wherever it appears.
 */
export function refusalLine(vendor: string, message: SmsMessage, vendorCode: string, vendorMessage: string, requestId?: string): string {
  const cleaned = vendorMessage
    .replace(/\s+/g, ' ')
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#]\S*/gi, '$1?…')
    .split(message.code)
    .join('******')
    .slice(0, 300)
  const detail = cleaned ? `: ${cleaned}` : ''
  return `[SMS ${vendor}] not sent to ${maskedNumber(message)} (${message.sourceType}, ${message.entId}, ${message.locale}): ${vendorCode}${detail}${requestId ? ` (request ${requestId})` : ''}`
}

/** Whether an error is the network's (refused, reset, unreachable, timed out) rather than an answer. */
export function isNetworkError(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; message?: unknown; cause?: { code?: unknown } } | null
  const code = String(e?.code ?? e?.cause?.code ?? '')
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ECONNABORTED|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_\w+|ERR_SOCKET\w*)$/.test(code)) return true
  return /timeout|timed out|socket hang up|ECONNREFUSED|ECONNRESET|ENOTFOUND|network/i.test(String(e?.message ?? '')) || e?.name === 'AbortError'
}

/** localhost, *.localhost (RFC 6761: always the loopback), 127.0.0.0/8, [::1]. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === '[::1]'
