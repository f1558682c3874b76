/**
 * WeChat sign-in (IDENTITY_PROVIDER names 'wechat'; docs/host-sign-in.md):
 *
 *   - the chat-app mini-program ('weapp'): wx.login's code → GET /sns/jscode2session?appid&secret&
 *     js_code&grant_type=authorization_code → openid (and session_key, unionid). The session_key is
 *     dropped at once: nothing here decrypts wx.getUserInfo data, so it is neither kept nor logged.
 *     No server API answers a mini-program user's nickname or picture: its profile is empty.
 *   - its phone ('weapp' verifies phones): the getPhoneNumber button's code → POST
 *     /wxa/business/getuserphonenumber?access_token {code} → phone_info (purePhoneNumber,
 *     countryCode; watermark.appid must be ours). The mini-program's access token comes from POST
 *     /cgi-bin/stable_token (client_credential, never force_refresh: other services of the same app
 *     keep theirs) and is kept in memory until 5 minutes before it expires; one that WeChat calls
 *     stale (40001, 42001, 40014) is fetched again once. A phone code refused (40029: unknown, used
 *     or expired) → null.
 *   - the chat-app browser's OAuth ('wechat', HostLoginProvider kind 'wechat'): the authorise page
 *     https://open.weixin.qq.com/connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope&state#wechat_redirect
 *     (parameters in that order, as WeChat asks), then GET /sns/oauth2/access_token (code → openid,
 *     access_token, scope) and, with scope snsapi_userinfo, GET /sns/userinfo (nickname, headimgurl)
 *     in the same exchange; the web access_token is used for that one call and dropped.
 *
 * Refusals: errcode 40029 (invalid code), 40163 (code already used), 40226 (user blocked by WeChat's
 * risk control) → null (the app shows "not authorised"). 45011 (rate limit), -1 (system busy), a
 * timeout, a network failure or a non-2xx answer → HostUnavailableError (the code may still be good).
 * Any other errcode (40013 invalid appid, 40125 invalid secret …) is this deployment's setting, not the
 * diner's: thrown as an Error naming the errcode (logged as an internal error), never a secret.
 *
 * node's fetch, no SDK: two GETs with query parameters; the WeChat SDKs for Node (wechat-oauth,
 * co-wechat-oauth) are unmaintained and add only these URLs.
 */
import { httpUrlSetting } from '../../config'
import { ProviderSettingError } from '../run-mode'
import { HostUnavailableError, type HostIdentity, type HostLoginProvider, type HostProfile, type IdentityProvider } from './identity-provider'
import type { IdentitySettings } from './identity.settings'

/** The names stored with linked identities (member_identities.provider); WECHATPAY_*_IDENTITY default to them. */
export const WECHAT_MINI_IDENTITY = 'weapp'
export const WECHAT_OAUTH_IDENTITY = 'wechat'

/** errcodes that refuse the code itself. */
const REFUSED = new Set([40029, 40163, 40226])
/** errcodes that mean "try again". */
const BUSY = new Set([45011, -1])

const OPEN_ID = /^[A-Za-z0-9_-]{1,128}$/

export interface WechatCredentials {
  mini: { appId: string; secret: string } | null
  oa: { appId: string; secret: string; scope: 'snsapi_base' | 'snsapi_userinfo' } | null
  apiBaseUrl: string
  openBaseUrl: string
  timeoutMs: number
}

/**
 * The WeChat settings checked: at least one of the mini-program and the official account, each
 * complete; base URLs https (http only for localhost). Throws ProviderSettingError naming every
 * missing or wrong setting (never a value of a secret).
 */
export function wechatIdentityFromSettings(s: IdentitySettings, deployment: { production: boolean }): WechatCredentials {
  const problems: string[] = []
  const pair = (appId: string | null, secret: string | null, idName: string, secretName: string, what: string) => {
    if (!appId && !secret) return null
    if (!appId) problems.push(`${idName} (${what} AppID)`)
    else if (!/^wx[0-9a-f]{16}$/i.test(appId)) problems.push(`${idName} ('wx' and 16 hex digits)`)
    if (!secret) problems.push(`${secretName} (${what} AppSecret)`)
    return appId && secret ? { appId, secret } : null
  }
  const mini = pair(s.wechatMiniAppId, s.wechatMiniSecret, 'WECHAT_MINI_APPID', 'WECHAT_MINI_SECRET', "the mini-program's")
  const oaPair = pair(s.wechatOaAppId, s.wechatOaSecret, 'WECHAT_OA_APPID', 'WECHAT_OA_SECRET', "the official account's")
  if (!s.wechatMiniAppId && !s.wechatMiniSecret && !s.wechatOaAppId && !s.wechatOaSecret) {
    problems.push('WECHAT_MINI_APPID and WECHAT_MINI_SECRET (the mini-program) or WECHAT_OA_APPID and WECHAT_OA_SECRET (the official account, for the chat-app browser)')
  }
  if (s.wechatOauthScope !== 'snsapi_base' && s.wechatOauthScope !== 'snsapi_userinfo') problems.push("WECHAT_OAUTH_SCOPE ('snsapi_base' or 'snsapi_userinfo')")
  const url = (value: string, name: string) => {
    try {
      const u = httpUrlSetting(value, name).replace(/\/+$/, '')
      if (deployment.production && !u.startsWith('https://')) problems.push(`${name} (https in production)`)
      return u
    } catch (e) {
      problems.push((e as Error).message)
      return value
    }
  }
  const apiBaseUrl = url(s.wechatApiBaseUrl, 'WECHAT_API_BASE_URL')
  const openBaseUrl = url(s.wechatOpenBaseUrl, 'WECHAT_OPEN_BASE_URL')
  if (problems.length > 0) throw new ProviderSettingError(problems[0].split(' ')[0], `IDENTITY_PROVIDER=wechat needs ${problems.join('; ')}`)
  return {
    mini,
    oa: oaPair ? { ...oaPair, scope: s.wechatOauthScope as 'snsapi_base' | 'snsapi_userinfo' } : null,
    apiBaseUrl,
    openBaseUrl,
    timeoutMs: s.timeoutMs
  }
}

type Json = Record<string, unknown>

/** GET a WeChat API; its JSON answer (WeChat sends errors with HTTP 200 and an errcode). */
async function wechatGet(baseUrl: string, path: string, query: Record<string, string>, timeoutMs: number): Promise<Json> {
  const url = `${baseUrl}${path}?${new URLSearchParams(query).toString()}`
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } })
  } catch (e) {
    // The URL carries the secret: only the path is named.
    throw new HostUnavailableError(`WeChat ${path}: ${(e as Error).name === 'TimeoutError' ? 'timed out' : 'network error'}`)
  }
  if (!response.ok) throw new HostUnavailableError(`WeChat ${path}: HTTP ${response.status}`)
  let body: unknown
  try {
    // WeChat answers text/plain for some of these: parse the text.
    body = JSON.parse(await response.text())
  } catch {
    throw new HostUnavailableError(`WeChat ${path}: not JSON`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HostUnavailableError(`WeChat ${path}: not a JSON object`)
  return body as Json
}

/** null: the code is refused; throws HostUnavailableError when busy, Error on a deployment fault; else the answer. */
function checkErrcode(path: string, body: Json): Json | null {
  const errcode = body.errcode === undefined ? 0 : Number(body.errcode)
  if (errcode === 0) return body
  if (REFUSED.has(errcode)) return null
  if (BUSY.has(errcode)) throw new HostUnavailableError(`WeChat ${path}: errcode ${errcode}`)
  throw new Error(`WeChat ${path} refused this deployment: errcode ${errcode} (check the app id and secret)`)
}

/** POST JSON to a WeChat API (query: the access token); its JSON answer, as wechatGet. */
async function wechatPost(baseUrl: string, path: string, query: Record<string, string>, json: Json, timeoutMs: number): Promise<Json> {
  const search = new URLSearchParams(query).toString()
  let response: Response
  try {
    response = await fetch(`${baseUrl}${path}${search ? `?${search}` : ''}`, {
      method: 'POST',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(json)
    })
  } catch (e) {
    // The URL and body carry secrets: only the path is named.
    throw new HostUnavailableError(`WeChat ${path}: ${(e as Error).name === 'TimeoutError' ? 'timed out' : 'network error'}`)
  }
  if (!response.ok) throw new HostUnavailableError(`WeChat ${path}: HTTP ${response.status}`)
  let body: unknown
  try {
    body = JSON.parse(await response.text())
  } catch {
    throw new HostUnavailableError(`WeChat ${path}: not JSON`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HostUnavailableError(`WeChat ${path}: not a JSON object`)
  return body as Json
}

/** getuserphonenumber's errcodes for an access token WeChat no longer takes: fetch one again. */
const TOKEN_STALE = new Set([40001, 42001, 40014])
/** A phone code refused: invalid, used or expired (WeChat's codes live 5 minutes, once). */
const PHONE_REFUSED = new Set([40029])

const openIdOf = (body: Json): string | null => (typeof body.openid === 'string' && OPEN_ID.test(body.openid) ? body.openid : null)

/** The chat-app mini-program: code2Session. */
export class WechatMiniIdentityProvider implements IdentityProvider {
  readonly name = WECHAT_MINI_IDENTITY
  /** A phone comes only from getuserphonenumber (phoneFromCode): the number WeChat verified. */
  readonly verifiesPhones = true
  private token: { value: string; until: number } | null = null
  private tokenPending: Promise<string> | null = null

  constructor(
    private readonly app: { appId: string; secret: string },
    private readonly apiBaseUrl: string,
    private readonly timeoutMs: number,
    private readonly clock: () => number = Date.now
  ) {}

  async phoneFromCode(code: string): Promise<{ areaNo: string; phone: string } | null> {
    if (!code || code.length > 256) return null
    const path = '/wxa/business/getuserphonenumber'
    let body: Json | null = null
    for (let attempt = 0; attempt < 2; attempt++) {
      const accessToken = await this.accessToken()
      body = await wechatPost(this.apiBaseUrl, path, { access_token: accessToken }, { code }, this.timeoutMs)
      const errcode = body.errcode === undefined ? 0 : Number(body.errcode)
      if (!TOKEN_STALE.has(errcode)) break
      // Expired or replaced early: forget it, ask once more with a fresh one.
      if (this.token?.value === accessToken) this.token = null
      if (attempt === 1) throw new HostUnavailableError(`WeChat ${path}: errcode ${errcode} with a fresh access token`)
    }
    const errcode = Number(body?.errcode ?? 0)
    if (PHONE_REFUSED.has(errcode)) return null
    if (BUSY.has(errcode)) throw new HostUnavailableError(`WeChat ${path}: errcode ${errcode}`)
    if (errcode !== 0) throw new Error(`WeChat ${path} refused this deployment: errcode ${errcode}`)
    const info = body?.phone_info as Json | undefined
    const watermark = info?.watermark as Json | undefined
    const phone = typeof info?.purePhoneNumber === 'string' ? info.purePhoneNumber : ''
    const areaNo = typeof info?.countryCode === 'string' ? info.countryCode.replace(/^\+/, '') : ''
    // An answer for another app, or without a number we can read, vouches for nothing.
    if (watermark?.appid !== this.app.appId || !/^\d{4,20}$/.test(phone) || !/^\d{1,4}$/.test(areaNo)) return null
    return { areaNo, phone }
  }

  /** The mini-program's access token: kept until 5 minutes before expiry; one request at a time. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.clock()) return this.token.value
    this.tokenPending ??= this.fetchToken().finally(() => {
      this.tokenPending = null
    })
    return this.tokenPending
  }

  private async fetchToken(): Promise<string> {
    const path = '/cgi-bin/stable_token'
    const body = await wechatPost(this.apiBaseUrl, path, {}, { grant_type: 'client_credential', appid: this.app.appId, secret: this.app.secret, force_refresh: false }, this.timeoutMs)
    const errcode = body.errcode === undefined ? 0 : Number(body.errcode)
    if (BUSY.has(errcode)) throw new HostUnavailableError(`WeChat ${path}: errcode ${errcode}`)
    // 40013 / 40125 (app id, secret), 40164 / 61004 (this server's IP not in the app's IP whitelist): the deployment's.
    if (errcode !== 0) throw new Error(`WeChat ${path} refused this deployment: errcode ${errcode} (check the app id, secret and the IP whitelist)`)
    const value = typeof body.access_token === 'string' ? body.access_token : ''
    const expiresIn = Number(body.expires_in)
    if (!value || !Number.isFinite(expiresIn) || expiresIn <= 0) throw new HostUnavailableError(`WeChat ${path}: no access_token in the answer`)
    this.token = { value, until: this.clock() + Math.max(expiresIn - 300, 0) * 1000 }
    return value
  }

  async exchangeCode(code: string): Promise<HostIdentity | null> {
    if (!code || code.length > 256) return null
    const path = '/sns/jscode2session'
    const body = checkErrcode(path, await wechatGet(this.apiBaseUrl, path, { appid: this.app.appId, secret: this.app.secret, js_code: code, grant_type: 'authorization_code' }, this.timeoutMs))
    if (!body) return null
    const openId = openIdOf(body)
    if (!openId) throw new HostUnavailableError(`WeChat ${path}: no openid in the answer`)
    // session_key is not read further: dropped with `body`.
    return { openId, areaNo: '', phone: '' }
  }

  /** WeChat has no server API for a mini-program user's profile: known, but empty. */
  async userInfo(openId: string): Promise<HostProfile | null> {
    return OPEN_ID.test(openId) ? { nickname: '', picture: '', areaNo: '', phone: '' } : null
  }
}

/** The chat-app browser: OAuth 2 web authorisation of the official account. */
export class WechatOAuthHostLogin implements HostLoginProvider {
  readonly kind = 'wechat' as const
  readonly name = WECHAT_OAUTH_IDENTITY
  readonly verifiesPhones = false
  readonly appId: string

  constructor(
    private readonly oa: { appId: string; secret: string; scope: 'snsapi_base' | 'snsapi_userinfo' },
    private readonly apiBaseUrl: string,
    private readonly openBaseUrl: string,
    private readonly timeoutMs: number
  ) {
    this.appId = oa.appId
  }

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state: string; origin: string }): string {
    // WeChat checks the parameters' order; the fragment makes its page redirect.
    const q = [
      ['appid', this.oa.appId],
      ['redirect_uri', redirectUri],
      ['response_type', 'code'],
      ['scope', this.oa.scope],
      ['state', state]
    ]
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&')
    return `${this.openBaseUrl}/connect/oauth2/authorize?${q}#wechat_redirect`
  }

  async exchangeCode(code: string): Promise<HostIdentity | null> {
    if (!code || code.length > 256) return null
    const path = '/sns/oauth2/access_token'
    const body = checkErrcode(path, await wechatGet(this.apiBaseUrl, path, { appid: this.oa.appId, secret: this.oa.secret, code, grant_type: 'authorization_code' }, this.timeoutMs))
    if (!body) return null
    const openId = openIdOf(body)
    if (!openId) throw new HostUnavailableError(`WeChat ${path}: no openid in the answer`)
    const scopes = typeof body.scope === 'string' ? body.scope.split(',') : []
    const accessToken = typeof body.access_token === 'string' ? body.access_token : ''
    const profile = accessToken && scopes.includes('snsapi_userinfo') ? await this.profile(accessToken, openId) : undefined
    return { openId, areaNo: '', phone: '', ...(profile ? { profile } : {}) }
  }

  /** /sns/userinfo with the access token the code bought; a failure leaves the diner without a profile, not signed out. */
  private async profile(accessToken: string, openId: string): Promise<HostProfile | undefined> {
    try {
      const body = await wechatGet(this.apiBaseUrl, '/sns/userinfo', { access_token: accessToken, openid: openId, lang: 'zh_CN' }, this.timeoutMs)
      if (body.errcode !== undefined && Number(body.errcode) !== 0) return undefined
      if (body.openid !== openId) return undefined
      return {
        nickname: typeof body.nickname === 'string' ? body.nickname.slice(0, 64) : '',
        picture: typeof body.headimgurl === 'string' ? body.headimgurl : '',
        areaNo: '',
        phone: ''
      }
    } catch {
      return undefined
    }
  }

  /** The profile comes with the sign-in (exchangeCode); WeChat answers none by open id alone. */
  async userInfo(openId: string): Promise<HostProfile | null> {
    return OPEN_ID.test(openId) ? { nickname: '', picture: '', areaNo: '', phone: '' } : null
  }
}
