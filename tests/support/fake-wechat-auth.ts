/**
 * A loopback fake of WeChat's sign-in APIs (api.weixin.qq.com) for the host sign-in tests
 * (tests/server/host-sign-in.test.ts), speaking the documented protocol:
 *   GET /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code  (mini-program)
 *   GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code (official account)
 *   GET /sns/userinfo?access_token&openid&lang                                   (snsapi_userinfo)
 *   POST /cgi-bin/stable_token {grant_type: client_credential, appid, secret, force_refresh}
 *   POST /wxa/business/getuserphonenumber?access_token {code}                    (getPhoneNumber)
 * Errors come as HTTP 200 with { errcode, errmsg } as WeChat sends them: 40013 invalid appid,
 * 40125 invalid secret, 40029 invalid code (unknown or expired: WeChat's codes live 5 minutes),
 * 40163 code been used, 41002/41008 missing parameters, 40001/42001 bad access token.
 * The test issues codes (issueCode) and queues faults: 'busy' (-1), 'rate' (45011), 'hang'
 * (never answered), 'http500'. Every request is recorded (the path and query as sent).
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type WechatFault = 'busy' | 'rate' | 'hang' | 'http500'

interface IssuedCode {
  app: 'mini' | 'oa'
  openId: string
  unionId?: string
  scope: string
  expiresAt: number
  used: boolean
}

export interface WechatUser {
  openId: string
  unionId?: string
  nickname?: string
  headimgurl?: string
}

export class FakeWechatAuth {
  readonly requests: { path: string; query: URLSearchParams }[] = []
  /** session_keys handed out (the tests check none reaches a client or the database). */
  readonly sessionKeys: string[] = []
  private readonly codes = new Map<string, IssuedCode>()
  private readonly tokens = new Map<string, { openId: string; scope: string }>()
  private readonly users = new Map<string, WechatUser>()
  private readonly faults: (WechatFault | null)[] = []
  /** Phone codes as the getPhoneNumber button gives them (5 minutes, once). */
  private readonly phoneCodes = new Map<string, { countryCode: string; purePhoneNumber: string; expiresAt: number; used: boolean }>()
  /** The mini-program's access tokens stable_token handed out, and until when WeChat takes each. */
  readonly accessTokens = new Map<string, number>()
  /** The getuserphonenumber bodies as sent (the tests check what reached WeChat). */
  readonly phoneRequests: { accessToken: string; code: string }[] = []
  private readonly hanging = new Set<http.ServerResponse>()
  private readonly server: http.Server
  port = 0

  constructor(
    readonly mini: { appId: string; secret: string },
    readonly oa: { appId: string; secret: string }
  ) {
    this.server = http.createServer((req, res) => this.handle(req, res))
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** A one-time code as wx.login (app 'mini') or the authorise page (app 'oa') gives it. */
  issueCode(app: 'mini' | 'oa', user: WechatUser, options: { scope?: string; ttlMs?: number } = {}): string {
    const code = randomBytes(16).toString('hex')
    this.users.set(user.openId, user)
    this.codes.set(code, { app, openId: user.openId, unionId: user.unionId, scope: options.scope ?? 'snsapi_userinfo', expiresAt: Date.now() + (options.ttlMs ?? 300_000), used: false })
    return code
  }

  /** A one-time phone code as the getPhoneNumber button gives it, for the number the user verified with WeChat. */
  issuePhoneCode(countryCode: string, purePhoneNumber: string, options: { ttlMs?: number } = {}): string {
    const code = randomBytes(32).toString('hex')
    this.phoneCodes.set(code, { countryCode, purePhoneNumber, expiresAt: Date.now() + (options.ttlMs ?? 300_000), used: false })
    return code
  }

  /** WeChat stops taking every access token it gave (as when it expires or another caller forced a refresh). */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.keys()) this.accessTokens.set(token, 0)
  }

  /** Faults for the next requests, in order; null: that request is answered as usual. */
  next(...faults: (WechatFault | null)[]): void {
    this.faults.push(...faults)
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.method === 'POST') {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')))
      return
    }
    this.answer(req, res, '')
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, rawBody: string): void {
    const url = new URL(req.url ?? '/', 'http://fake')
    this.requests.push({ path: url.pathname, query: url.searchParams })
    const fault = this.faults.shift()
    if (fault === 'hang') {
      this.hanging.add(res)
      return
    }
    const send = (status: number, body: unknown) => {
      // WeChat answers these as text/plain.
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(JSON.stringify(body))
    }
    if (fault === 'http500') return send(500, { errcode: -1, errmsg: 'system error' })
    if (fault === 'busy') return send(200, { errcode: -1, errmsg: 'system error' })
    if (fault === 'rate') return send(200, { errcode: 45011, errmsg: 'api minute-quota reach limit  mustslower  retry next minute' })
    const q = url.searchParams
    const err = (errcode: number, errmsg: string) => send(200, { errcode, errmsg })

    if (url.pathname === '/sns/jscode2session' || url.pathname === '/sns/oauth2/access_token') {
      const app = url.pathname === '/sns/jscode2session' ? 'mini' : 'oa'
      const creds = app === 'mini' ? this.mini : this.oa
      const code = app === 'mini' ? q.get('js_code') : q.get('code')
      if (q.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type')
      if (q.get('appid') !== creds.appId) return err(40013, 'invalid appid')
      if (q.get('secret') !== creds.secret) return err(40125, 'invalid appsecret')
      if (!code) return err(41008, 'missing code')
      const issued = this.codes.get(code)
      if (!issued || issued.app !== app || issued.expiresAt <= Date.now()) return err(40029, 'invalid code')
      if (issued.used) return err(40163, 'code been used')
      issued.used = true
      if (app === 'mini') {
        const sessionKey = randomBytes(16).toString('base64')
        this.sessionKeys.push(sessionKey)
        return send(200, { openid: issued.openId, session_key: sessionKey, ...(issued.unionId ? { unionid: issued.unionId } : {}) })
      }
      const accessToken = randomBytes(24).toString('hex')
      this.tokens.set(accessToken, { openId: issued.openId, scope: issued.scope })
      return send(200, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('hex'),
        openid: issued.openId,
        scope: issued.scope,
        is_snapshotuser: 0,
        ...(issued.unionId ? { unionid: issued.unionId } : {})
      })
    }

    if (url.pathname === '/cgi-bin/stable_token' || url.pathname === '/wxa/business/getuserphonenumber') {
      if (req.method !== 'POST') return err(43002, 'require POST method')
      let json: Record<string, unknown>
      try {
        json = JSON.parse(rawBody) as Record<string, unknown>
      } catch {
        return err(47001, 'data format error')
      }
      if (url.pathname === '/cgi-bin/stable_token') {
        if (json.grant_type !== 'client_credential') return err(40002, 'invalid grant_type')
        if (json.appid !== this.mini.appId) return err(40013, 'invalid appid')
        if (json.secret !== this.mini.secret) return err(40125, 'invalid appsecret')
        // Non-forced: the token still good is answered again, so every caller shares it.
        const now = Date.now()
        const current = [...this.accessTokens].find(([, until]) => until > now)
        if (current && json.force_refresh !== true) return send(200, { access_token: current[0], expires_in: Math.floor((current[1] - now) / 1000) })
        const token = randomBytes(24).toString('base64url')
        this.accessTokens.set(token, now + 7_200_000)
        return send(200, { access_token: token, expires_in: 7200 })
      }
      const accessToken = q.get('access_token') ?? ''
      const until = this.accessTokens.get(accessToken)
      if (until === undefined) return err(40001, 'invalid credential, access_token is invalid or not latest')
      if (until <= Date.now()) return err(42001, 'access_token expired')
      const code = typeof json.code === 'string' ? json.code : ''
      this.phoneRequests.push({ accessToken, code })
      const issued = this.phoneCodes.get(code)
      if (!issued || issued.used || issued.expiresAt <= Date.now()) return err(40029, 'invalid code')
      issued.used = true
      const phoneNumber = issued.countryCode === '86' ? issued.purePhoneNumber : `+${issued.countryCode}${issued.purePhoneNumber}`
      return send(200, {
        errcode: 0,
        errmsg: 'ok',
        phone_info: { phoneNumber, purePhoneNumber: issued.purePhoneNumber, countryCode: issued.countryCode, watermark: { timestamp: Math.floor(Date.now() / 1000), appid: this.mini.appId } }
      })
    }

    if (url.pathname === '/sns/userinfo') {
      const token = this.tokens.get(q.get('access_token') ?? '')
      if (!token) return err(40001, 'invalid credential, access_token is invalid or not latest')
      if (q.get('openid') !== token.openId) return err(40003, 'invalid openid')
      if (!token.scope.split(',').includes('snsapi_userinfo')) return err(48001, 'api unauthorized')
      const user = this.users.get(token.openId)
      return send(200, {
        openid: token.openId,
        nickname: user?.nickname ?? '',
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: user?.headimgurl ?? '',
        privilege: [],
        ...(user?.unionId ? { unionid: user.unionId } : {})
      })
    }
    return err(40066, 'invalid url')
  }
}
