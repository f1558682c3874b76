/**
 * The host sign-in settings as the environment gives them (read by loadConfig in server/src/config.ts,
 * which stays the one reader of process.env). Nothing is checked or loaded here: the registry
 * (registry.ts, through wechatIdentityFromSettings / alipayIdentityFromSettings) does that when
 * IDENTITY_PROVIDER names 'wechat' or 'alipay', and refuses to start with a line naming every setting
 * that is missing or wrong. docs/host-sign-in.md says what each one is and where the host shows it.
 * Secrets (app secrets, private keys) are never logged.
 */

export interface IdentitySettings {
  /** WECHAT_MINI_APPID: the chat-app mini-program's AppID (code2Session). */
  wechatMiniAppId: string | null
  /** WECHAT_MINI_SECRET: the mini-program's AppSecret. */
  wechatMiniSecret: string | null
  /** WECHAT_OA_APPID: the official account's AppID (OAuth web sign-in in the chat-app browser). */
  wechatOaAppId: string | null
  /** WECHAT_OA_SECRET: the official account's AppSecret. */
  wechatOaSecret: string | null
  /** WECHAT_OAUTH_SCOPE: 'snsapi_userinfo' (default: nickname and picture, the diner confirms) or 'snsapi_base' (silent, open id only). */
  wechatOauthScope: string
  /** WECHAT_API_BASE_URL: 'https://api.weixin.qq.com'; tests point it at a loopback fake. */
  wechatApiBaseUrl: string
  /** WECHAT_OPEN_BASE_URL: 'https://open.weixin.qq.com', where the authorise page lives. */
  wechatOpenBaseUrl: string
  /** ALIPAY_LOGIN_APP_ID: the Alipay app (web/H5 app) the payment-app browser signs in with. */
  alipayLoginAppId: string | null
  /** ALIPAY_MINI_APP_ID: the Alipay mini-program's app id (my.getAuthCode). */
  alipayMiniAppId: string | null
  /** ALIPAY_LOGIN_PRIVATE_KEY_PATH: the app private key (PEM, PKCS#1 or PKCS#8) both apps sign with. */
  alipayPrivateKeyPath: string | null
  /** ALIPAY_LOGIN_PRIVATE_KEY: the same key as PEM text (for a secret store that injects it); the path wins. */
  alipayPrivateKey: string | null
  /** ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH: the Alipay public key (PEM) that checks Alipay's answers. */
  alipayPublicKeyPath: string | null
  /** ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY: the same key as PEM or bare base64 text; the path wins. */
  alipayPublicKey: string | null
  /**
   * Certificate mode (公钥证书, docs/host-sign-in.md "Alipay certificate mode"), instead of
   * ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY*: each app's own public-key certificate (appCertPublicKey_<APPID>.crt,
   * of the key in ALIPAY_LOGIN_PRIVATE_KEY*), Alipay's public-key certificate and root chain. Each a
   * file (…_PATH, wins) or the PEM text. ALIPAY_MINI_APP_CERT_PATH: the mini-program's.
   */
  alipayMiniAppCertPath: string | null
  alipayMiniAppCert: string | null
  /** ALIPAY_LOGIN_APP_CERT_PATH: the browser sign-in app's (ALIPAY_LOGIN_APP_ID) certificate. */
  alipayLoginAppCertPath: string | null
  alipayLoginAppCert: string | null
  /** ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH: Alipay's public-key certificate (alipayCertPublicKey_RSA2.crt). */
  alipayPublicCertPath: string | null
  alipayPublicCert: string | null
  /** ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH: Alipay's root certificate chain (alipayRootCert.crt). */
  alipayRootCertPath: string | null
  alipayRootCert: string | null
  /**
   * ALIPAY_MINI_AES_KEY_PATH / ALIPAY_MINI_AES_KEY: the mini-program's content-encryption key
   * (接口内容加密方式, AES, base64) that decrypts my.getPhoneNumber's answer; absent: the payment-app
   * mini-program vouches for no phone (a PhoneCode answers 20047).
   */
  alipayMiniAesKeyPath: string | null
  alipayMiniAesKey: string | null
  /** ALIPAY_LOGIN_SCOPE: 'auth_user' (default: nickname and picture) or 'auth_base' (silent, ids only) for the browser. */
  alipayScope: string
  /** ALIPAY_LOGIN_GATEWAY_URL: 'https://openapi.alipay.com/gateway.do'; tests point it at a loopback fake. */
  alipayGatewayUrl: string
  /** ALIPAY_LOGIN_AUTHORIZE_URL: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm'. */
  alipayAuthorizeUrl: string
  /** IDENTITY_TIMEOUT_MS: how long a host's API may take to answer (default 5000). */
  timeoutMs: number
}

export const WECHAT_DEFAULT_API_BASE_URL = 'https://api.weixin.qq.com'
export const WECHAT_DEFAULT_OPEN_BASE_URL = 'https://open.weixin.qq.com'
export const ALIPAY_DEFAULT_GATEWAY_URL = 'https://openapi.alipay.com/gateway.do'
export const ALIPAY_DEFAULT_AUTHORIZE_URL = 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm'

type Env = Record<string, string | undefined>

const text = (value: string | undefined): string | null => {
  const t = value?.trim()
  return t ? t : null
}

export function identitySettings(env: Env): IdentitySettings {
  const timeout = Number(text(env.IDENTITY_TIMEOUT_MS) ?? '5000')
  return {
    wechatMiniAppId: text(env.WECHAT_MINI_APPID),
    wechatMiniSecret: text(env.WECHAT_MINI_SECRET),
    wechatOaAppId: text(env.WECHAT_OA_APPID),
    wechatOaSecret: text(env.WECHAT_OA_SECRET),
    wechatOauthScope: text(env.WECHAT_OAUTH_SCOPE) ?? 'snsapi_userinfo',
    wechatApiBaseUrl: text(env.WECHAT_API_BASE_URL) ?? WECHAT_DEFAULT_API_BASE_URL,
    wechatOpenBaseUrl: text(env.WECHAT_OPEN_BASE_URL) ?? WECHAT_DEFAULT_OPEN_BASE_URL,
    alipayLoginAppId: text(env.ALIPAY_LOGIN_APP_ID),
    alipayMiniAppId: text(env.ALIPAY_MINI_APP_ID),
    alipayPrivateKeyPath: text(env.ALIPAY_LOGIN_PRIVATE_KEY_PATH),
    alipayPrivateKey: text(env.ALIPAY_LOGIN_PRIVATE_KEY),
    alipayPublicKeyPath: text(env.ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH),
    alipayPublicKey: text(env.ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY),
    alipayMiniAppCertPath: text(env.ALIPAY_MINI_APP_CERT_PATH),
    alipayMiniAppCert: text(env.ALIPAY_MINI_APP_CERT),
    alipayLoginAppCertPath: text(env.ALIPAY_LOGIN_APP_CERT_PATH),
    alipayLoginAppCert: text(env.ALIPAY_LOGIN_APP_CERT),
    alipayPublicCertPath: text(env.ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH),
    alipayPublicCert: text(env.ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT),
    alipayRootCertPath: text(env.ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH),
    alipayRootCert: text(env.ALIPAY_LOGIN_ALIPAY_ROOT_CERT),
    alipayMiniAesKeyPath: text(env.ALIPAY_MINI_AES_KEY_PATH),
    alipayMiniAesKey: text(env.ALIPAY_MINI_AES_KEY),
    alipayScope: text(env.ALIPAY_LOGIN_SCOPE) ?? 'auth_user',
    alipayGatewayUrl: text(env.ALIPAY_LOGIN_GATEWAY_URL) ?? ALIPAY_DEFAULT_GATEWAY_URL,
    alipayAuthorizeUrl: text(env.ALIPAY_LOGIN_AUTHORIZE_URL) ?? ALIPAY_DEFAULT_AUTHORIZE_URL,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 5000
  }
}
