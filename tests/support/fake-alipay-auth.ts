/**
 * A loopback fake of the Alipay openapi gateway (gateway.do) for the host sign-in tests
 * (tests/server/host-sign-in.test.ts), speaking the documented protocol:
 *   - a request's parameters (public ones in the query, the rest in the urlencoded body) are checked
 *     against its RSA2 signature: SHA256withRSA over the parameters except `sign`, sorted by name,
 *     as `k=v` joined with '&', verified with the app public key the test generated (a wrong or
 *     missing signature → isv.invalid-signature, as Alipay answers);
 *   - answers are `{"<method>_response":{…},"sign":"…"}` (errors of oauth.token as a top-level
 *     `error_response`), signed with the fake's own "Alipay" private key over the exact JSON text of
 *     the response object; the test gives our server the matching public key.
 * Methods: alipay.system.oauth.token (grant_type authorization_code: codes the test issued, once,
 * until they expire → open_id / user_id, access_token) and alipay.user.info.share (auth_token →
 * nick_name, avatar). Faults queued by the test: 'busy' (20000 isp.unknow-error), 'hang', 'forge'
 * (a success answer signed with another key).
 * Certificate mode (公钥证书, `certMode` set): every request must carry its app's app_cert_sn and the
 * alipay_root_cert_sn of the test's certificates (tests/support/alipay-certificates.ts) inside the
 * signed parameters, else 40002 isv.invalid-app-cert-sn / isv.invalid-alipay-root-cert-sn; answers
 * name alipay_cert_sn beside the signed response, as Alipay's do.
 * phoneAnswer: what my.getPhoneNumber hands the mini-program — {response: AES-CBC ciphertext (the
 * app's key, zero IV) of {code, msg, mobile}, sign: RSA2 by "Alipay" over the ciphertext in its
 * JSON quotes, sign_type, encrypt_type, charset}, as JSON text.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type AlipayFault = 'busy' | 'hang' | 'forge'

export interface AlipayUser {
  openId?: string
  userId?: string
  nickName?: string
  avatar?: string
}

export class FakeAlipayAuth {
  /** Each request's parameters as the gateway read them, and whether its signature verified. */
  readonly requests: { params: Record<string, string>; signatureValid: boolean }[] = []
  readonly alipayPublicKeyPem: string
  /** "Alipay's" signing key (the tests make its certificate from it in certificate mode). */
  readonly alipayPrivateKey: KeyObject
  /** Certificate mode: each app's app_cert_sn, the root chain's SN, and the SN answers name. */
  certMode: { appCertSns: Record<string, string>; rootCertSn: string; alipayCertSn: string } | null = null
  private readonly forgeKey: KeyObject
  private readonly codes = new Map<string, { appId: string; user: AlipayUser; expiresAt: number; used: boolean }>()
  private readonly tokens = new Map<string, { appId: string; user: AlipayUser }>()
  private readonly faults: AlipayFault[] = []
  private readonly hanging = new Set<http.ServerResponse>()
  private readonly server: http.Server
  port = 0

  /** `apps`: app id → that app's public key (PEM), as registered with Alipay. */
  constructor(private readonly apps: Record<string, string>) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
    this.alipayPrivateKey = pair.privateKey
    this.alipayPublicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()
    this.forgeKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => this.handle(req, res, Buffer.concat(chunks).toString('utf8')))
    })
  }

  get gatewayUrl(): string {
    return `http://127.0.0.1:${this.port}/gateway.do`
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

  issueCode(appId: string, user: AlipayUser, options: { ttlMs?: number } = {}): string {
    const code = randomBytes(16).toString('hex')
    this.codes.set(code, { appId, user, expiresAt: Date.now() + (options.ttlMs ?? 300_000), used: false })
    return code
  }

  next(...faults: AlipayFault[]): void {
    this.faults.push(...faults)
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://fake')
    const params: Record<string, string> = {}
    for (const [k, v] of url.searchParams) params[k] = v
    for (const [k, v] of new URLSearchParams(body)) params[k] = v
    const appKey = this.apps[params.app_id]
    const content = Object.keys(params)
      .filter((k) => k !== 'sign' && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&')
    const signatureValid = Boolean(appKey && params.sign && params.sign_type === 'RSA2' && createVerify('RSA-SHA256').update(content, 'utf8').verify(appKey, params.sign, 'base64'))
    this.requests.push({ params, signatureValid })
    const fault = this.faults.shift()
    if (fault === 'hang') {
      this.hanging.add(res)
      return
    }
    const method = params.method ?? ''
    const key = `${method.replaceAll('.', '_')}_response`
    const answer = (responseKey: string, inner: Record<string, unknown>, signer: KeyObject = this.alipayPrivateKey) => {
      const innerText = JSON.stringify(inner)
      const sign = createSign('RSA-SHA256').update(innerText, 'utf8').sign(signer, 'base64')
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
      const certSn = this.certMode ? `,"alipay_cert_sn":"${this.certMode.alipayCertSn}"` : ''
      res.end(`{"${responseKey}":${innerText}${certSn},"sign":"${sign}"}`)
    }
    const error = (code: string, msg: string, subCode: string, subMsg: string, responseKey = 'error_response') => answer(responseKey, { code, msg, sub_code: subCode, sub_msg: subMsg })
    if (fault === 'busy') return error('20000', 'Service Currently Unavailable', 'isp.unknow-error', '系统繁忙')
    if (!appKey) return error('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数')
    if (!signatureValid) return error('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错')
    if (this.certMode && params.app_cert_sn !== this.certMode.appCertSns[params.app_id]) return error('40002', 'Invalid Arguments', 'isv.invalid-app-cert-sn', '应用公钥证书序列号不匹配')
    if (this.certMode && params.alipay_root_cert_sn !== this.certMode.rootCertSn) return error('40002', 'Invalid Arguments', 'isv.invalid-alipay-root-cert-sn', '支付宝根证书序列号不匹配')

    if (method === 'alipay.system.oauth.token') {
      if (params.grant_type !== 'authorization_code') return error('40002', 'Invalid Arguments', 'isv.grant-type-invalid', 'grant_type无效')
      const issued = this.codes.get(params.code ?? '')
      if (!issued || issued.appId !== params.app_id || issued.used || issued.expiresAt <= Date.now()) return error('40002', 'Invalid Arguments', 'isv.code-invalid', '授权码code无效')
      issued.used = true
      const accessToken = `authusrB${randomBytes(16).toString('hex')}`
      this.tokens.set(accessToken, { appId: params.app_id, user: issued.user })
      const inner = {
        ...(issued.user.userId ? { user_id: issued.user.userId } : {}),
        ...(issued.user.openId ? { open_id: issued.user.openId } : {}),
        access_token: accessToken,
        expires_in: 1296000,
        refresh_token: `authusrB${randomBytes(16).toString('hex')}`,
        re_expires_in: 2592000,
        auth_start: '2026-11-28 12:00:00'
      }
      return answer(key, inner, fault === 'forge' ? this.forgeKey : this.alipayPrivateKey)
    }
    if (method === 'alipay.user.info.share') {
      const token = this.tokens.get(params.auth_token ?? '')
      if (!token || token.appId !== params.app_id) return error('40002', 'Invalid Arguments', 'isv.invalid-auth-token', '无效的访问令牌', key)
      return answer(key, {
        code: '10000',
        msg: 'Success',
        ...(token.user.userId ? { user_id: token.user.userId } : {}),
        ...(token.user.openId ? { open_id: token.user.openId } : {}),
        nick_name: token.user.nickName ?? '',
        avatar: token.user.avatar ?? ''
      }, fault === 'forge' ? this.forgeKey : this.alipayPrivateKey)
    }
    return error('40004', 'Business Failed', 'isv.missing-method', '缺少方法名参数')
  }

  /**
   * my.getPhoneNumber's answer for a mini-program whose AES key is `aesKey` (base64): Alipay's
   * documented envelope, signed with this fake's key unless `signWith` names another; `code` other
   * than 10000 is Alipay's refusal inside the ciphertext; `tamper` changes the ciphertext after signing.
   */
  phoneAnswer(aesKey: string, mobile: string, opts: { code?: string; signWith?: KeyObject; tamper?: (ciphertext: string) => string } = {}): string {
    const code = opts.code ?? '10000'
    const plain = code === '10000' ? { code, msg: 'Success', mobile } : { code, msg: 'Business Failed', subCode: 'isv.invalid-auth-relations', subMsg: '授权关系不存在' }
    const key = Buffer.from(aesKey, 'base64')
    const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, key, Buffer.alloc(16))
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]).toString('base64')
    const sign = createSign('RSA-SHA256').update(`"${ciphertext}"`, 'utf8').sign(opts.signWith ?? this.alipayPrivateKey, 'base64')
    return JSON.stringify({ response: opts.tamper ? opts.tamper(ciphertext) : ciphertext, sign, sign_type: 'RSA2', encrypt_type: 'AES', charset: 'UTF-8' })
  }
}
