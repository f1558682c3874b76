/**
 * Alipay sign-in (IDENTITY_PROVIDER names 'alipay'; docs/host-sign-in.md), through the official
 * `alipay-sdk` (AlipaySdk.exec: the openapi gateway, requests signed RSA2 — SHA256withRSA over the
 * sorted parameters — with the app private key, answers checked against the Alipay public key):
 *
 *   - the payment-app mini-program ('alipay-mini'): my.getAuthCode's code →
 *     alipay.system.oauth.token (grant_type authorization_code) → open_id (or, for apps from before
 *     Alipay's open-id switch, user_id) and an access_token;
 *   - the payment-app browser ('alipay', HostLoginProvider kind 'alipay'): the authorise page
 *     https://openauth.alipay.com/oauth2/publicAppAuthorize.htm?app_id&scope&redirect_uri&state, whose
 *     auth_code is exchanged the same way.
 * With scope auth_user the same exchange asks alipay.user.info.share (auth_token = that access token)
 * for the nickname and picture; the access token is used for that call and dropped.
 *
 * The SDK checks the signature of an answer under the method's own key; it cannot check a top-level
 * error_response (it looks for the method's key in the text), so a signed refusal comes back as an
 * AlipayRequestError carrying the raw text. A refusal grants nothing, so it is read from that text
 * without its signature: isv.code-invalid and the like → null (refused); code 20000 / isp.* → busy
 * (HostUnavailableError); anything else is this deployment's setting (an Error naming the sub_code).
 * A success answer whose signature does not verify is never believed (HostUnavailableError, logged).
 *
 * Certificate mode (公钥证书, ALIPAY_MINI_APP_CERT_PATH / ALIPAY_LOGIN_APP_CERT_PATH with
 * ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH and ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH) instead of Alipay's bare
 * public key: the files are read and checked by the module the payment provider uses
 * (../alipay-certificates.ts); the SDK then sends each app's app_cert_sn and alipay_root_cert_sn with
 * every request and checks answers with the key in Alipay's certificate.
 *
 * The mini-program's phone (my.getPhoneNumber, 获取会员手机号; ALIPAY_MINI_AES_KEY set): the button's
 * answer is Alipay's JSON text {response: base64 AES ciphertext, sign, sign_type RSA2, encrypt_type
 * AES, charset}. The sign is checked (SHA256withRSA, Alipay's public key or the key in its
 * certificate) over the ciphertext in its JSON quotes, as Alipay's verification sample and alipay-sdk's
 * rsaCheck do; then the ciphertext is decrypted (AES-CBC, the app's key, IV of zero bytes, PKCS#7) to
 * {code, msg, mobile}; code 10000 gives the mobile, anything else is a refusal (20047).
 */
import type { AlipayRequestError, AlipaySdk } from 'alipay-sdk'
import { createDecipheriv, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import { httpUrlSetting } from '../../config'
import { ProviderSettingError } from '../run-mode'
import { alipaySdk, alipaySdkKeyOptions, appCertificates, certificateModeChosen, type AlipayCertificates, type CertSetting } from '../alipay-certificates'
import { HostUnavailableError, type HostIdentity, type HostLoginProvider, type HostProfile, type IdentityProvider } from './identity-provider'
import type { IdentitySettings } from './identity.settings'

export const ALIPAY_MINI_IDENTITY = 'alipay-mini'
export const ALIPAY_BROWSER_IDENTITY = 'alipay'

const OPEN_ID = /^[A-Za-z0-9_-]{1,128}$/
const APP_ID = /^\d{10,32}$/

/** Alipay's sub_codes that refuse the code itself (unknown, used, expired, another app's). */
const REFUSED_SUB_CODES = new Set(['isv.code-invalid', 'isv.code-expired', 'isv.code-used', 'isv.auth-code-invalid', 'isv.invalid-auth-code', 'isv.grant-type-invalid-code'])

export interface AlipayIdentityCredentials {
  miniAppId: string | null
  loginAppId: string | null
  /** PKCS#8 PEM. */
  privateKey: string
  /** Public-key mode: Alipay's public key, SPKI PEM; null in certificate mode. */
  alipayPublicKey: string | null
  /** Certificate mode: each app's certificates (its own, Alipay's, the root chain); null in public-key mode. */
  certificates: { mini: AlipayCertificates | null; login: AlipayCertificates | null } | null
  /** The mini-program's content-encryption (AES) key, raw bytes: my.getPhoneNumber; null: no phones. */
  miniAesKey: Buffer | null
  scope: 'auth_base' | 'auth_user'
  gatewayUrl: string
  authorizeUrl: string
  timeoutMs: number
}

function readKey(path: string | null, inline: string | null, pathSetting: string, inlineSetting: string, what: string, problems: string[]): string | null {
  if (path) {
    try {
      return fs.readFileSync(path, 'utf8')
    } catch (e) {
      problems.push(`${pathSetting} (cannot read '${path}': ${(e as NodeJS.ErrnoException).code ?? 'error'})`)
      return null
    }
  }
  if (inline) return inline
  problems.push(`${pathSetting} (${what}) or ${inlineSetting}`)
  return null
}

/** The Alipay settings checked; throws ProviderSettingError naming every missing or wrong one (never a key). */
export function alipayIdentityFromSettings(s: IdentitySettings, deployment: { production: boolean }): AlipayIdentityCredentials {
  const problems: string[] = []
  if (!s.alipayMiniAppId && !s.alipayLoginAppId) problems.push('ALIPAY_MINI_APP_ID (the mini-program) or ALIPAY_LOGIN_APP_ID (the app the payment-app browser signs in with)')
  if (s.alipayMiniAppId && !APP_ID.test(s.alipayMiniAppId)) problems.push('ALIPAY_MINI_APP_ID (digits)')
  if (s.alipayLoginAppId && !APP_ID.test(s.alipayLoginAppId)) problems.push('ALIPAY_LOGIN_APP_ID (digits)')
  let privateKey: string | null = null
  let privateKeyObject: KeyObject | null = null
  const privateText = readKey(s.alipayPrivateKeyPath, s.alipayPrivateKey, 'ALIPAY_LOGIN_PRIVATE_KEY_PATH', 'ALIPAY_LOGIN_PRIVATE_KEY', 'the app private key, PEM', problems)
  if (privateText) {
    try {
      const key = createPrivateKey(privateText.includes('-----BEGIN') ? privateText : `-----BEGIN PRIVATE KEY-----\n${privateText}\n-----END PRIVATE KEY-----`)
      if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new Error('not RSA-2048')
      privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString()
      privateKeyObject = key
    } catch {
      problems.push(`${s.alipayPrivateKeyPath ? 'ALIPAY_LOGIN_PRIVATE_KEY_PATH' : 'ALIPAY_LOGIN_PRIVATE_KEY'} (not an RSA private key of 2048 bits or more)`)
    }
  }
  // The mode is the one whose settings are given: any certificate setting means certificate mode (公钥证书),
  // which then needs each configured app's certificate, Alipay's and the root, and no bare public key.
  const certSettings = alipayIdentityCertSettings(s)
  const certMode = certificateModeChosen(certSettings.mini, certSettings.login, certSettings.alipay, certSettings.root)
  let certificates: AlipayIdentityCredentials['certificates'] = null
  let alipayPublicKey: string | null = null
  if (certMode) {
    if (s.alipayPublicKeyPath || s.alipayPublicKey) {
      problems.push(`${s.alipayPublicKeyPath ? 'ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH' : 'ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY'} (not with the certificates: an app is in public-key or certificate mode, not both; remove one)`)
    }
    if (!s.alipayMiniAppId && (s.alipayMiniAppCertPath || s.alipayMiniAppCert)) problems.push('ALIPAY_MINI_APP_ID (ALIPAY_MINI_APP_CERT_PATH is the certificate of a mini-program this deployment has no app id for)')
    if (!s.alipayLoginAppId && (s.alipayLoginAppCertPath || s.alipayLoginAppCert)) problems.push('ALIPAY_LOGIN_APP_ID (ALIPAY_LOGIN_APP_CERT_PATH is the certificate of a browser app this deployment has no app id for)')
    const forApp = (app: CertSetting) => appCertificates({ app, alipay: certSettings.alipay, root: certSettings.root }, privateKeyObject, privateKey, problems)
    certificates = {
      mini: s.alipayMiniAppId ? forApp(certSettings.mini) : null,
      login: s.alipayLoginAppId ? forApp(certSettings.login) : null
    }
  } else {
    const publicText = readKey(s.alipayPublicKeyPath, s.alipayPublicKey, 'ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH', 'ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY', 'the Alipay public key, PEM', problems)
    if (publicText) {
      try {
        const key = createPublicKey(publicText.includes('-----BEGIN') ? publicText : `-----BEGIN PUBLIC KEY-----\n${publicText.trim()}\n-----END PUBLIC KEY-----`)
        if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
        alipayPublicKey = key.export({ type: 'spki', format: 'pem' }).toString()
      } catch {
        problems.push(`${s.alipayPublicKeyPath ? 'ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH' : 'ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY'} (not an RSA public key)`)
      }
    }
  }
  const miniAesKey = readAesKey(s, problems)
  if (s.alipayScope !== 'auth_base' && s.alipayScope !== 'auth_user') problems.push("ALIPAY_LOGIN_SCOPE ('auth_base' or 'auth_user')")
  const url = (value: string, name: string) => {
    try {
      const u = httpUrlSetting(value, name)
      if (deployment.production && !u.startsWith('https://')) problems.push(`${name} (https in production)`)
      return u
    } catch (e) {
      problems.push((e as Error).message)
      return value
    }
  }
  const gatewayUrl = url(s.alipayGatewayUrl, 'ALIPAY_LOGIN_GATEWAY_URL')
  const authorizeUrl = url(s.alipayAuthorizeUrl, 'ALIPAY_LOGIN_AUTHORIZE_URL')
  // Alipay's certificate and the root are read for each app: each problem named once.
  const named = [...new Set(problems)]
  if (named.length > 0) throw new ProviderSettingError(named[0].split(' ')[0], `IDENTITY_PROVIDER=alipay needs ${named.join('; ')}`)
  return {
    miniAppId: s.alipayMiniAppId,
    loginAppId: s.alipayLoginAppId,
    privateKey: privateKey as string,
    alipayPublicKey,
    certificates,
    miniAesKey,
    scope: s.alipayScope as 'auth_base' | 'auth_user',
    gatewayUrl,
    authorizeUrl,
    timeoutMs: s.timeoutMs
  }
}

/** The certificate-mode settings, each a file (…_PATH, wins) or the PEM text. */
function alipayIdentityCertSettings(s: IdentitySettings): { mini: CertSetting; login: CertSetting; alipay: CertSetting; root: CertSetting } {
  return {
    mini: { path: s.alipayMiniAppCertPath, text: s.alipayMiniAppCert, pathSetting: 'ALIPAY_MINI_APP_CERT_PATH', textSetting: 'ALIPAY_MINI_APP_CERT', what: "the mini-program's public-key certificate, appCertPublicKey_<APPID>.crt" },
    login: { path: s.alipayLoginAppCertPath, text: s.alipayLoginAppCert, pathSetting: 'ALIPAY_LOGIN_APP_CERT_PATH', textSetting: 'ALIPAY_LOGIN_APP_CERT', what: "the browser sign-in app's public-key certificate, appCertPublicKey_<APPID>.crt" },
    alipay: { path: s.alipayPublicCertPath, text: s.alipayPublicCert, pathSetting: 'ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH', textSetting: 'ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT', what: "Alipay's public-key certificate, alipayCertPublicKey_RSA2.crt" },
    root: { path: s.alipayRootCertPath, text: s.alipayRootCert, pathSetting: 'ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH', textSetting: 'ALIPAY_LOGIN_ALIPAY_ROOT_CERT', what: "Alipay's root certificate, alipayRootCert.crt" }
  }
}

/** ALIPAY_MINI_AES_KEY(_PATH): base64 of a 128-, 192- or 256-bit AES key (Alipay's are 128), for the mini-program only. */
function readAesKey(s: IdentitySettings, problems: string[]): Buffer | null {
  if (!s.alipayMiniAesKeyPath && !s.alipayMiniAesKey) return null
  const name = s.alipayMiniAesKeyPath ? 'ALIPAY_MINI_AES_KEY_PATH' : 'ALIPAY_MINI_AES_KEY'
  if (!s.alipayMiniAppId) {
    problems.push(`ALIPAY_MINI_APP_ID (${name} is the key of a mini-program this deployment has no app id for)`)
    return null
  }
  const text = readKey(s.alipayMiniAesKeyPath, s.alipayMiniAesKey, 'ALIPAY_MINI_AES_KEY_PATH', 'ALIPAY_MINI_AES_KEY', 'the AES key', problems)?.trim()
  if (!text) return null
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0)
  if (![16, 24, 32].includes(key.length)) {
    problems.push(`${name} (not a base64 AES key of 128, 192 or 256 bits, as the open platform shows it under 接口内容加密方式)`)
    return null
  }
  return key
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** An Alipay refusal (code ≠ 10000): null when it refuses the code, else throws (busy or a deployment fault). */
function refusal(method: string, answer: Json): null {
  const code = String(answer.code ?? '')
  const subCode = String(answer.subCode ?? answer.sub_code ?? '')
  if (code === '20000' || subCode.startsWith('isp.') || subCode.endsWith('SYSTEM_ERROR')) throw new HostUnavailableError(`Alipay ${method}: ${code} ${subCode}`)
  if (REFUSED_SUB_CODES.has(subCode) || code === '40004') return null
  throw new Error(`Alipay ${method} refused this deployment: ${code} ${subCode} (check the app id, keys and the app's sign-in product)`)
}

/** One Alipay app (the mini-program's or the browser sign-in's). */
class AlipayApp {
  private readonly sdk: AlipaySdk

  constructor(
    readonly appId: string,
    private readonly c: AlipayIdentityCredentials,
    certificates: AlipayCertificates | null
  ) {
    this.sdk = new (alipaySdk().AlipaySdk)({
      appId,
      privateKey: c.privateKey,
      keyType: 'PKCS8',
      // Certificate mode: app_cert_sn and alipay_root_cert_sn go with every request, answers are checked
      // with the key in Alipay's certificate; public-key mode: Alipay's public key.
      ...alipaySdkKeyOptions(certificates, c.alipayPublicKey),
      gateway: c.gatewayUrl,
      timeout: c.timeoutMs,
      signType: 'RSA2'
    })
  }

  /** A method's answer: its fields (camelCased by the SDK), checked, or a refusal's fields. */
  private async call(method: string, params: Json): Promise<Json> {
    try {
      const answer: unknown = await this.sdk.exec(method, params, { validateSign: true })
      if (!isObject(answer)) throw new HostUnavailableError(`Alipay ${method}: no answer`)
      return answer
    } catch (e) {
      if (e instanceof HostUnavailableError) throw e
      if (e instanceof alipaySdk().AlipayRequestError) {
        // A top-level error_response (the SDK cannot check its signature): a refusal grants nothing, read it as it is.
        const raw = (e as AlipayRequestError & { responseDataRaw?: string }).responseDataRaw
        if (typeof raw === 'string') {
          try {
            const parsed: unknown = JSON.parse(raw)
            if (isObject(parsed) && isObject(parsed.error_response) && !isObject(parsed[`${method.replaceAll('.', '_')}_response`])) return parsed.error_response
          } catch {
            // not JSON: below
          }
        }
        // A network failure, a timeout, an HTTP error, or an answer whose signature does not verify: never believed.
        throw new HostUnavailableError(`Alipay ${method}: ${e.message.split(',')[0].slice(0, 120)}`)
      }
      throw new HostUnavailableError(`Alipay ${method}: ${(e as Error).name}`)
    }
  }

  /** An RSA2 signature by Alipay (its public key, or the one in its certificate) over `content`. */
  checkSign(content: string, sign: string): boolean {
    return this.sdk.rsaCheck(content, sign, 'RSA2')
  }

  async exchange(code: string): Promise<HostIdentity | null> {
    if (!code || code.length > 256) return null
    const token = await this.call('alipay.system.oauth.token', { grantType: 'authorization_code', code })
    if (token.code !== undefined && token.code !== '10000') return refusal('alipay.system.oauth.token', token)
    const id = typeof token.openId === 'string' && token.openId ? token.openId : typeof token.userId === 'string' ? token.userId : ''
    if (!OPEN_ID.test(id)) throw new HostUnavailableError('Alipay alipay.system.oauth.token: no open_id or user_id in the answer')
    const accessToken = typeof token.accessToken === 'string' ? token.accessToken : ''
    const profile = accessToken && this.c.scope === 'auth_user' ? await this.profile(accessToken, id) : undefined
    return { openId: id, areaNo: '', phone: '', ...(profile ? { profile } : {}) }
  }

  /** alipay.user.info.share with the sign-in's access token; a failure leaves the diner without a profile. */
  private async profile(authToken: string, id: string): Promise<HostProfile | undefined> {
    try {
      const info = await this.call('alipay.user.info.share', { authToken })
      if (info.code !== '10000') return undefined
      if (info.openId !== undefined ? info.openId !== id : info.userId !== undefined && info.userId !== id) return undefined
      return {
        nickname: typeof info.nickName === 'string' ? info.nickName.slice(0, 64) : '',
        picture: typeof info.avatar === 'string' ? info.avatar : '',
        areaNo: '',
        phone: ''
      }
    } catch {
      return undefined
    }
  }
}

/**
 * my.getPhoneNumber's answer → the mobile Alipay verified, or null when it is not one Alipay signed
 * for this app, cannot be read, or refuses (code ≠ 10000). Exported for the tests.
 */
export function alipayPhoneFromResponse(text: string, checkSign: (content: string, sign: string) => boolean, aesKey: Buffer): { areaNo: string; phone: string } | null {
  if (!text || text.length > 4096) return null
  let outer: unknown
  try {
    outer = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObject(outer) || typeof outer.response !== 'string' || typeof outer.sign !== 'string') return null
  if ((outer.sign_type ?? 'RSA2') !== 'RSA2' || (outer.encrypt_type ?? 'AES') !== 'AES') return null
  const ciphertext = outer.response
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null
  // Signed as it stands in Alipay's JSON: the ciphertext inside its quotes.
  let signed = false
  try {
    signed = checkSign(`"${ciphertext}"`, outer.sign)
  } catch {
    signed = false
  }
  if (!signed) return null
  let plain: unknown
  try {
    const decipher = createDecipheriv(`aes-${aesKey.length * 8}-cbc`, aesKey, Buffer.alloc(16))
    plain = JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8'))
  } catch {
    // Signed by Alipay but not readable with our key: the deployment's ALIPAY_MINI_AES_KEY is not this app's.
    throw new Error('Alipay my.getPhoneNumber: the answer does not decrypt with ALIPAY_MINI_AES_KEY (is it the mini-program\'s 接口内容加密 key?)')
  }
  if (!isObject(plain) || plain.code !== '10000' || typeof plain.mobile !== 'string') return null
  const mobile = plain.mobile.trim()
  // A mainland number as Alipay gives it (11 digits, no country code), or '<area>-<number>'.
  const mainland = /^1\d{10}$/.exec(mobile)
  if (mainland) return { areaNo: '86', phone: mobile }
  const intl = /^\+?(\d{1,4})-(\d{4,15})$/.exec(mobile)
  return intl ? { areaNo: intl[1], phone: intl[2] } : null
}

/** The payment-app mini-program. */
export class AlipayMiniIdentityProvider implements IdentityProvider {
  readonly name = ALIPAY_MINI_IDENTITY
  /**
   * Phones only through my.getPhoneNumber (phoneFromCode) and only with the app's AES key: without
   * ALIPAY_MINI_AES_KEY none is vouched for (a PhoneCode answers 20047).
   */
  readonly verifiesPhones: boolean
  private readonly app: AlipayApp

  constructor(
    appId: string,
    private readonly c: AlipayIdentityCredentials
  ) {
    this.app = new AlipayApp(appId, c, c.certificates?.mini ?? null)
    this.verifiesPhones = c.miniAesKey !== null
  }

  exchangeCode(code: string): Promise<HostIdentity | null> {
    return this.app.exchange(code)
  }

  /** my.getPhoneNumber's answer (the JSON text the button gave), checked and decrypted here: Alipay is not asked. */
  async phoneFromCode(response: string): Promise<{ areaNo: string; phone: string } | null> {
    if (!this.c.miniAesKey) return null
    return alipayPhoneFromResponse(response, (content, sign) => this.app.checkSign(content, sign), this.c.miniAesKey)
  }

  /** The profile comes with the sign-in (signed into the AccessToken); Alipay answers none by open id alone. */
  async userInfo(openId: string): Promise<HostProfile | null> {
    return OPEN_ID.test(openId) ? { nickname: '', picture: '', areaNo: '', phone: '' } : null
  }
}

/** The payment-app browser's sign-in. */
export class AlipayHostLogin implements HostLoginProvider {
  readonly kind = 'alipay' as const
  readonly name = ALIPAY_BROWSER_IDENTITY
  readonly verifiesPhones = false
  readonly appId: string
  private readonly app: AlipayApp

  constructor(
    appId: string,
    private readonly c: AlipayIdentityCredentials
  ) {
    this.appId = appId
    this.app = new AlipayApp(appId, c, c.certificates?.login ?? null)
  }

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state: string; origin: string }): string {
    const q = new URLSearchParams({ app_id: this.appId, scope: this.c.scope, redirect_uri: redirectUri, state })
    return `${this.c.authorizeUrl}?${q.toString()}`
  }

  /** IsDebug (Alipay's sandbox) is refused in production by the route; here the configured gateway is asked either way. */
  exchangeCode(code: string): Promise<HostIdentity | null> {
    return this.app.exchange(code)
  }

  async userInfo(openId: string): Promise<HostProfile | null> {
    return OPEN_ID.test(openId) ? { nickname: '', picture: '', areaNo: '', phone: '' } : null
  }
}
