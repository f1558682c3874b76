/**
 * The console's one way to the server: every staff operation goes through StaffClient.call(),
 * which posts the gateway envelope (docs/gateway.md) to /GetData with ServerType 'Staff', decodes
 * the percent-encoded answer and either returns its tables or throws a StaffError carrying the
 * server's message (already in the request's Accept-Language).
 *
 * Stores depend on the StaffApi interface, so tests hand them a fake through their constructor.
 */
import { GATEWAY_PATH, isSuccess, type GatewayResponse, type Locale } from '../../gateway/contract'
import { decodeStrings, formEncode } from '../../gateway/form'
import { STAFF_SERVER_TYPE, type StaffOperationInputs, type StaffOperationName, type StaffOperationOutputs } from '../../gateway/staff-contract'

/** errcode: a staff operation without a valid session (sign in again). */
export const STAFF_SIGN_IN_REQUIRED = '10012'
/** errcode: the role lacks the permission, or the place is outside the person's shops. */
export const STAFF_NOT_PERMITTED = '10013'

export type StaffErrorKind = 'network' | 'http' | 'decode' | 'envelope' | 'business'

export class StaffError extends Error {
  readonly name = 'StaffError'
  constructor(
    readonly kind: StaffErrorKind,
    /** The server's errmsg / resultmsg; '' for a network failure (the caller says it in its words). */
    message: string,
    readonly operation: StaffOperationName,
    readonly errcode = '',
    readonly resultcode = '',
    /** A refused setup (resultcode 21100): every problem, each naming its field ('hours.begin: bad time …'). */
    readonly problems: string[] = []
  ) {
    super(message)
  }

  get signInAgain(): boolean {
    return this.errcode === STAFF_SIGN_IN_REQUIRED
  }

  get notPermitted(): boolean {
    return this.errcode === STAFF_NOT_PERMITTED
  }
}

/** Who is asking: sent with every call. */
export interface StaffCredentials {
  locale: Locale
  /** The enterprise ('' before anyone signed in). */
  entId: string
  /** The staff session token (Authorization: Bearer). */
  token?: string | null
  /** This shared device's token (X-Staff-Device). */
  deviceToken?: string | null
  /** UserID of the records: the signed-in person ('' before). */
  staffId?: string
}

export type StaffOutput<K extends StaffOperationName> = Partial<StaffOperationOutputs[K]>

export interface StaffApi {
  call<K extends StaffOperationName>(operation: K, input: StaffOperationInputs[K], who: StaffCredentials): Promise<StaffOutput<K>>
}

/** The slice of fetch the client uses (window.fetch, or a test's). */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; credentials: 'omit' }) => Promise<{
  status: number
  text(): Promise<string>
}>

export interface StaffClientConfig {
  fetch: FetchLike
  /** The deployment's app code (AUTH_CODE at build time). */
  authCode: string
  /** Gateway origin; '' = the origin serving the console. */
  baseUrl?: string
  appName?: string
}

export class StaffClient implements StaffApi {
  constructor(private readonly config: StaffClientConfig) {}

  async call<K extends StaffOperationName>(operation: K, input: StaffOperationInputs[K], who: StaffCredentials): Promise<StaffOutput<K>> {
    const record = { ...(input as object), EntID: who.entId, UserID: who.staffId ?? '', AppName: this.config.appName ?? 'console' }
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'Accept-Language': who.locale
    }
    if (who.token) headers.Authorization = `Bearer ${who.token}`
    if (who.deviceToken) headers['X-Staff-Device'] = who.deviceToken
    const body = formEncode({
      ServerType: STAFF_SERVER_TYPE,
      KeyName: operation,
      strJsonData: JSON.stringify({ tableData: [record] }),
      AuthCode: this.config.authCode,
      IsRSA: '0',
      EntID: who.entId
    })
    let status: number
    let text: string
    try {
      const res = await this.config.fetch((this.config.baseUrl ?? '').replace(/\/+$/, '') + GATEWAY_PATH, { method: 'POST', headers, body, credentials: 'omit' })
      status = res.status
      text = await res.text()
    } catch {
      throw new StaffError('network', '', operation)
    }
    let response: GatewayResponse<StaffOutput<K>>
    try {
      const parsed = JSON.parse(text) as unknown
      if (!parsed || typeof parsed !== 'object' || !('errcode' in parsed) || !('resultcode' in parsed)) throw new Error('not an envelope')
      response = decodeStrings(parsed as GatewayResponse<StaffOutput<K>>)
    } catch {
      // A proxy's error page or a cut-off body: say what came back, briefly.
      const kind: StaffErrorKind = status >= 200 && status < 300 ? 'decode' : 'http'
      throw new StaffError(kind, `HTTP ${status}`, operation)
    }
    if (isSuccess(response)) return response.data ?? {}
    const errcode = String(response.errcode)
    const resultcode = String(response.resultcode)
    const rows = (response.data as { table1?: { Problem?: unknown }[] } | undefined)?.table1
    const problems = Array.isArray(rows) ? rows.map((r) => r?.Problem).filter((p): p is string => typeof p === 'string') : []
    throw new StaffError(errcode !== '0' ? 'envelope' : 'business', response.errmsg || response.resultmsg || `${errcode}/${resultcode}`, operation, errcode, resultcode, problems)
  }
}
