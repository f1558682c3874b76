/**
 * The Alipay settings as the environment gives them (read by loadConfig in server/src/config.ts,
 * the one reader of process.env). Nothing is checked or loaded here: alipay.provider.ts
 * (alipayFromSettings) does that when PAYMENT_PROVIDERS names 'alipay', and refuses to start with
 * one line naming every setting that is missing or wrong. docs/alipay.md says what each one is and
 * where the merchant finds it.
 */

export interface AlipaySettings {
  /** ALIPAY_APP_ID: the open-platform app id (APPID, 16 digits) the merchant's payment products are signed to. */
  appId: string | null
  /** ALIPAY_PRIVATE_KEY_PATH: the app's RSA2 private key (应用私钥), PEM (PKCS#1 or PKCS#8). */
  privateKeyPath: string | null
  /** ALIPAY_PRIVATE_KEY: the same key as PEM text (for a secret store that injects it); the path wins. */
  privateKey: string | null
  /** ALIPAY_PUBLIC_KEY_PATH: Alipay's public key (支付宝公钥) for this app, PEM. */
  alipayPublicKeyPath: string | null
  /** ALIPAY_PUBLIC_KEY: the same as PEM text or bare base64 (as the open platform shows it); the path wins. */
  alipayPublicKey: string | null
  /** ALIPAY_APP_CERT_PATH: certificate mode (公钥证书): the app's public-key certificate (应用公钥证书, appCertPublicKey_<APPID>.crt), PEM. */
  appCertPath: string | null
  /** ALIPAY_APP_CERT: the same as PEM text; the path wins. */
  appCert: string | null
  /** ALIPAY_PUBLIC_CERT_PATH: certificate mode: Alipay's public-key certificate (支付宝公钥证书, alipayCertPublicKey_RSA2.crt), PEM. */
  alipayPublicCertPath: string | null
  /** ALIPAY_PUBLIC_CERT: the same as PEM text; the path wins. */
  alipayPublicCert: string | null
  /** ALIPAY_ROOT_CERT_PATH: certificate mode: Alipay's root certificate chain (支付宝根证书, alipayRootCert.crt), PEM. */
  alipayRootCertPath: string | null
  /** ALIPAY_ROOT_CERT: the same as PEM text; the path wins. */
  alipayRootCert: string | null
  /** ALIPAY_SELLER_ID: the merchant's PID (2088…, 16 digits); notices for another seller are refused. */
  sellerId: string | null
  /** ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' (sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do; tests: the loopback fake). */
  gateway: string
  /** ALIPAY_MINI_IDENTITY: the identity provider whose payer ids (user id 2088… or open id) the mini-program's tradePay uses ('alipay-mini'). */
  miniIdentity: string
  /** ALIPAY_JSAPI_IDENTITY: the identity provider whose payer ids the Alipay browser's AlipayJSBridge tradePay uses ('alipay'). */
  jsapiIdentity: string
}

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do'

type Env = Record<string, string | undefined>

const text = (value: string | undefined): string | null => {
  const t = value?.trim()
  return t ? t : null
}

export function alipaySettings(env: Env): AlipaySettings {
  return {
    appId: text(env.ALIPAY_APP_ID),
    privateKeyPath: text(env.ALIPAY_PRIVATE_KEY_PATH),
    privateKey: text(env.ALIPAY_PRIVATE_KEY),
    alipayPublicKeyPath: text(env.ALIPAY_PUBLIC_KEY_PATH),
    alipayPublicKey: text(env.ALIPAY_PUBLIC_KEY),
    appCertPath: text(env.ALIPAY_APP_CERT_PATH),
    appCert: text(env.ALIPAY_APP_CERT),
    alipayPublicCertPath: text(env.ALIPAY_PUBLIC_CERT_PATH),
    alipayPublicCert: text(env.ALIPAY_PUBLIC_CERT),
    alipayRootCertPath: text(env.ALIPAY_ROOT_CERT_PATH),
    alipayRootCert: text(env.ALIPAY_ROOT_CERT),
    sellerId: text(env.ALIPAY_SELLER_ID),
    gateway: text(env.ALIPAY_GATEWAY) ?? ALIPAY_DEFAULT_GATEWAY,
    miniIdentity: text(env.ALIPAY_MINI_IDENTITY) ?? 'alipay-mini',
    jsapiIdentity: text(env.ALIPAY_JSAPI_IDENTITY) ?? 'alipay'
  }
}
