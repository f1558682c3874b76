/**
 * The WeChat Pay settings as the environment gives them (read by loadConfig in server/src/config.ts,
 * which stays the one reader of process.env). Nothing is checked or loaded here: the provider
 * (wechatpay.provider.ts, wechatPayFromSettings) does that when PAYMENT_PROVIDERS names 'wechatpay',
 * and refuses to start with a line naming the setting that is missing or wrong. docs/wechatpay.md
 * says what each one is and where the merchant platform shows it.
 */

export interface WechatPaySettings {
  /** WECHATPAY_MCHID: the merchant id (商户号). */
  mchId: string | null
  /** WECHATPAY_MERCHANT_SERIAL_NO: the serial number of the merchant API certificate (商户API证书序列号). */
  merchantSerialNo: string | null
  /** WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: apiclient_key.pem, the merchant API private key. */
  merchantPrivateKeyPath: string | null
  /** WECHATPAY_MERCHANT_PRIVATE_KEY: the same key as PEM text (for a secret store that injects it); the path wins. */
  merchantPrivateKey: string | null
  /** WECHATPAY_APIV3_KEY: the APIv3 key (32 characters), which decrypts notices. */
  apiV3Key: string | null
  /** WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_…', the WeChat Pay public key's id (微信支付公钥ID). */
  publicKeyId: string | null
  /** WECHATPAY_PUBLIC_KEY_PATH: pub_key.pem, the WeChat Pay public key. */
  publicKeyPath: string | null
  /** WECHATPAY_PLATFORM_CERT_PATHS: platform certificates (平台证书), comma-separated, for merchants still in that mode. */
  platformCertPaths: string[]
  /** WECHATPAY_MINI_APPID: the chat-app mini-program's app id (PayChannel wechat-mini). */
  miniAppId: string | null
  /** WECHATPAY_JSAPI_APPID: the official account's app id (PayChannel wechat-jsapi, and H5 pay). */
  jsapiAppId: string | null
  /** WECHATPAY_H5=1: offer H5 pay (PayChannel hosted) in browsers outside the chat app; needs the H5 product and domain at WeChat Pay. */
  h5: boolean
  /**
   * WECHATPAY_REGION: 'domestic' (default: a mainland direct merchant, /v3/pay/…, CNY) or 'global'
   * (a cross-border merchant of WeChat Pay's global API, /v3/global/…, in WECHATPAY_CURRENCY); the
   * text as given, checked by the provider.
   */
  region: string | null
  /** WECHATPAY_CURRENCY: the merchant's pricing currency, 'HKD' or 'MOP' for a global merchant ('CNY' or unset for a domestic one). */
  currency: string | null
  /** WECHATPAY_MERCHANT_CATEGORY_CODE: the MCC (4 digits) a global merchant sends with every order (5812 restaurants). */
  merchantCategoryCode: string | null
  /** WECHATPAY_STORE_NAME / WECHATPAY_STORE_ADDRESS: scene_info.store_info of a global merchant's H5 (mweb) orders. */
  storeName: string | null
  storeAddress: string | null
  /** WECHATPAY_BASE_URL: the API's origin ('https://api.mch.weixin.qq.com'; a global merchant's default is 'https://apihk.mch.weixin.qq.com'); tests point it at a loopback fake. */
  baseUrl: string
  /** WECHATPAY_MINI_IDENTITY: the identity provider whose open ids belong to the mini-program's app id ('weapp'). */
  miniIdentity: string
  /** WECHATPAY_JSAPI_IDENTITY: the host login whose open ids belong to the official account's app id ('wechat'). */
  jsapiIdentity: string
}

export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com'
/** The global API's Hong Kong access point (api.mch.weixin.qq.com serves /v3/global/… too). */
export const WECHATPAY_GLOBAL_BASE_URL = 'https://apihk.mch.weixin.qq.com'

type Env = Record<string, string | undefined>

const text = (value: string | undefined): string | null => {
  const t = value?.trim()
  return t ? t : null
}

export function wechatPaySettings(env: Env): WechatPaySettings {
  return {
    mchId: text(env.WECHATPAY_MCHID),
    merchantSerialNo: text(env.WECHATPAY_MERCHANT_SERIAL_NO),
    merchantPrivateKeyPath: text(env.WECHATPAY_MERCHANT_PRIVATE_KEY_PATH),
    merchantPrivateKey: text(env.WECHATPAY_MERCHANT_PRIVATE_KEY),
    // The key is used as given (its bytes are the AES key): no trimming beyond empty → unset.
    apiV3Key: env.WECHATPAY_APIV3_KEY ? env.WECHATPAY_APIV3_KEY : null,
    publicKeyId: text(env.WECHATPAY_PUBLIC_KEY_ID),
    publicKeyPath: text(env.WECHATPAY_PUBLIC_KEY_PATH),
    platformCertPaths: (env.WECHATPAY_PLATFORM_CERT_PATHS ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    miniAppId: text(env.WECHATPAY_MINI_APPID),
    jsapiAppId: text(env.WECHATPAY_JSAPI_APPID),
    h5: text(env.WECHATPAY_H5) === '1' || text(env.WECHATPAY_H5) === 'true',
    region: text(env.WECHATPAY_REGION),
    currency: text(env.WECHATPAY_CURRENCY),
    merchantCategoryCode: text(env.WECHATPAY_MERCHANT_CATEGORY_CODE),
    storeName: text(env.WECHATPAY_STORE_NAME),
    storeAddress: text(env.WECHATPAY_STORE_ADDRESS),
    baseUrl: text(env.WECHATPAY_BASE_URL) ?? (text(env.WECHATPAY_REGION)?.toLowerCase() === 'global' ? WECHATPAY_GLOBAL_BASE_URL : WECHATPAY_DEFAULT_BASE_URL),
    miniIdentity: text(env.WECHATPAY_MINI_IDENTITY) ?? 'weapp',
    jsapiIdentity: text(env.WECHATPAY_JSAPI_IDENTITY) ?? 'wechat'
  }
}
