/**
 * The one gateway client (spec §7–§8, design.md §3). Everything the app asks the server
 * goes through `request(operation, records, options)`.
 *
 * Failures: a network failure toasts 网络连接异常 (in the diner's language) and rejects; a
 * failed response runs the handler registered for its errcode or resultcode, or else
 * toasts errmsg → resultmsg → the raw response, and rejects. Calls with `silent` opt out
 * of both. Every rejection is a GatewayError.
 */
import type { Host } from '../hosts/host'
import { GATEWAY_PATH, isSuccess, type GatewayResponse, type Locale, type OperationName } from './contract'
import { operationGroups } from './operation-groups'
import type { BaseRecord, OperationTypes } from './operations'
import { decodeStrings, formEncode } from './form'

export const REQUEST_TIMEOUT_MS = 60000

export type GatewayErrorKind = 'network' | 'timeout' | 'http' | 'decode' | 'envelope' | 'business'

export class GatewayError extends Error {
  readonly name = 'GatewayError'
  constructor(
    readonly kind: GatewayErrorKind,
    message: string,
    readonly operation: OperationName,
    readonly errcode = '',
    readonly resultcode = '',
    readonly response?: unknown,
    /** True when a registered code handler dealt with it (no toast was shown). */
    readonly handled = false
  ) {
    super(message)
  }
}

export interface GatewayIdentity {
  EntID: string
  UserID: string
}

export interface GatewayConfig {
  host: Pick<Host, 'request' | 'toast' | 'isTestEnvironment' | 'defaultGatewayOrigin'>
  identity: () => GatewayIdentity
  locale: () => Locale
  networkErrorText: () => string
  /**
   * Spec §8's general 'temporarily not available': what the diner is told when the server's
   * address answers an HTTP error without the envelope (a proxy's 502/503 page while the server is
   * down or restarting). Absent: the raw answer's text.
   */
  unavailableText?: () => string
  appName: string
  authCode: string
  /** Live and test gateway bases; '' means the origin that serves the app. */
  liveUrl: string
  testUrl: string
  token?: () => string | null
  /** This device's key (X-Device-Key): orders placed here belong to it until members sign in. */
  deviceKey?: () => string
}

export interface RequestOptions {
  /** Opt out of failure handling: no toast, no code handler; the caller deals with it. */
  silent?: boolean
  /** Overrides the session's EntID (the enterprise lookup runs before there is one). */
  entId?: string
}

export type CodeHandler = (error: GatewayError) => void

type InputOf<K extends OperationName> = OperationTypes[K]['input']
type OutputOf<K extends OperationName> = OperationTypes[K]['output']

export class Gateway {
  private readonly errcodeHandlers = new Map<string, CodeHandler>()
  private readonly resultcodeHandlers = new Map<string, CodeHandler>()

  constructor(private readonly config: GatewayConfig) {}

  onErrcode(code: string, handler: CodeHandler): () => void {
    this.errcodeHandlers.set(code, handler)
    return () => this.errcodeHandlers.delete(code)
  }

  onResultcode(code: string, handler: CodeHandler): () => void {
    this.resultcodeHandlers.set(code, handler)
    return () => this.resultcodeHandlers.delete(code)
  }

  /** The gateway endpoint: the test host when the page asks for it (spec §7). */
  endpoint(): string {
    const { host, liveUrl, testUrl } = this.config
    const base = (host.isTestEnvironment() ? testUrl : liveUrl) || host.defaultGatewayOrigin()
    return base.replace(/\/+$/, '') + GATEWAY_PATH
  }

  async request<K extends OperationName>(
    operation: K,
    records: InputOf<K>[] = [{} as InputOf<K>],
    options: RequestOptions = {}
  ): Promise<Partial<OutputOf<K>>> {
    const { identity, appName, authCode, locale, token } = this.config
    const who = identity()
    const entId = options.entId ?? who.EntID
    const list = (records.length ? records : [{} as InputOf<K>]).map((r, i) => {
      const record: BaseRecord & Record<string, unknown> = { ...(r as object), EntID: entId, UserID: who.UserID }
      if (i === 0) record.AppName = appName
      return record
    })
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'Accept-Language': locale()
    }
    const device = this.config.deviceKey?.()
    if (device) headers['X-Device-Key'] = device
    const bearer = token?.()
    if (bearer) headers.Authorization = `Bearer ${bearer}`
    const body = formEncode({
      // '' for one not known yet: the server answers 10003, and the error report names it.
      ServerType: operationGroups[operation] ?? '',
      KeyName: operation,
      strJsonData: JSON.stringify({ tableData: list }),
      AuthCode: authCode,
      IsRSA: '0',
      EntID: entId
    })

    let raw: { statusCode: number; data: unknown }
    try {
      raw = await this.config.host.request({ url: this.endpoint(), method: 'POST', headers, body, timeoutMs: REQUEST_TIMEOUT_MS })
    } catch (e) {
      const timedOut = /timeout/i.test(String((e as Error)?.message))
      const error = new GatewayError(timedOut ? 'timeout' : 'network', this.config.networkErrorText(), operation)
      if (!options.silent) this.config.host.toast(error.message)
      throw error
    }

    let response: GatewayResponse<Partial<OutputOf<K>>>
    try {
      response = parseResponse(raw.data)
    } catch (e) {
      // Not the envelope (a proxy's error page, a truncated body): show what came back.
      const kind: GatewayErrorKind = raw.statusCode >= 200 && raw.statusCode < 300 ? 'decode' : 'http'
      const text = kind === 'decode' ? String((e as Error).message) : this.config.unavailableText?.() || rawText(raw.data) || `HTTP ${raw.statusCode}`
      return this.fail(new GatewayError(kind, text, operation, '', '', raw.data), options)
    }

    if (isSuccess(response)) return response.data ?? {}
    const errcode = String(response.errcode)
    const resultcode = String(response.resultcode)
    const message = response.errmsg || response.resultmsg || rawText(raw.data)
    const kind: GatewayErrorKind = errcode !== '0' ? 'envelope' : 'business'
    return this.fail(new GatewayError(kind, message, operation, errcode, resultcode, response), options)
  }

  private fail(error: GatewayError, options: RequestOptions): never {
    if (options.silent) throw error
    const handler =
      (error.errcode && error.errcode !== '0' && this.errcodeHandlers.get(error.errcode)) ||
      (error.resultcode && error.resultcode !== '0' && this.resultcodeHandlers.get(error.resultcode)) ||
      null
    if (handler) {
      const handled = new GatewayError(error.kind, error.message, error.operation, error.errcode, error.resultcode, error.response, true)
      try {
        handler(handled)
      } catch (e) {
        console.error('gateway code handler failed', e)
      }
      throw handled
    }
    this.config.host.toast(error.message)
    throw error
  }
}

function parseResponse<T>(data: unknown): GatewayResponse<T> {
  const value = typeof data === 'string' ? JSON.parse(data) : data
  if (!value || typeof value !== 'object' || !('errcode' in value) || !('resultcode' in value)) {
    throw new Error(`Unexpected response: ${rawText(data).slice(0, 200)}`)
  }
  return decodeStrings(value as GatewayResponse<T>)
}

function rawText(data: unknown): string {
  if (typeof data === 'string') return data
  try {
    return JSON.stringify(data)
  } catch {
    return String(data)
  }
}
