/**
 * Issue 25: the real providers pointed at the loopback fakes, for the client journeys
 * (tests/mini/real-providers.test.ts, tests/e2e/real-providers.test.ts): WeChat Pay and Alipay
 * (payments), WeChat and Alipay sign-in (identity), Aliyun SMS. `startFakes()` starts every fake,
 * writes the key files and gives the server's settings as a deployment would set them
 * (PAYMENT_PROVIDERS=wechatpay,alipay, IDENTITY_PROVIDER=wechat,alipay, SMS_PROVIDER=aliyun), with
 * PUBLIC_URL on a port picked now (the notify URLs and WeChat H5's redirect need it before the
 * server starts). The shops charge in CNY (these providers refuse MOP$): `useCny()`.
 */
import { createVerify, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { loadConfig, type ServerConfig } from '../../server/src/config'
import type { Database } from '../../server/src/storage/schema'
import { FakeWechatPay, makeWechatPayKeys, type WechatPayKeys } from './fake-wechatpay'
import { FakeAlipay, makeAlipayKeys, type AlipayKeys } from './fake-alipay'
import { FakeWechatAuth } from './fake-wechat-auth'
import { FakeAlipayAuth } from './fake-alipay-auth'
import { startFakeAliyunSms, type FakeAliyunSms } from './fake-aliyun-sms'

export interface RealProviderFakes {
  wechatPayKeys: WechatPayKeys
  wechatPay: FakeWechatPay
  alipayKeys: AlipayKeys
  alipay: FakeAlipay
  wechatAuth: FakeWechatAuth
  alipayAuth: FakeAlipayAuth
  /** The Alipay mini-program's content-encryption key (ALIPAY_MINI_AES_KEY, base64): my.getPhoneNumber's answers are made with it. */
  alipayAesKey: string
  sms: FakeAliyunSms
  /** PUBLIC_URL: where the server must listen (127.0.0.1 and this port). */
  publicUrl: string
  port: number
  /** The settings for startServer (as loadConfig reads them from the environment). */
  config: Partial<ServerConfig>
  stop(): Promise<void>
}

const WECHAT_SECRETS = { mini: 'mini-secret-real-providers-0123456', oa: 'oa-secret-real-providers-01234567' }

import { freePort } from './free-port'

export { freePort }

export async function startFakes(): Promise<RealProviderFakes> {
  // App ids as WeChat writes them ('wx' and 16 hex digits): the sign-in settings check their form.
  const wechatPayKeys = { ...makeWechatPayKeys(), miniAppId: 'wx0a1b2c3d4e5f6a7b', jsapiAppId: 'wx7b6a5f4e3d2c1b0a' }
  const wechatPay = new FakeWechatPay(wechatPayKeys)
  await wechatPay.start()
  const alipayKeys = makeAlipayKeys()
  const alipay = new FakeAlipay(alipayKeys)
  await alipay.start()
  // One WeChat mini-program and official account: the app ids WeChat Pay binds are the ones that sign in.
  const wechatAuth = await new FakeWechatAuth({ appId: wechatPayKeys.miniAppId, secret: WECHAT_SECRETS.mini }, { appId: wechatPayKeys.jsapiAppId, secret: WECHAT_SECRETS.oa }).start()
  const appPublicPem = alipayKeys.appPublicKey.export({ type: 'spki', format: 'pem' }).toString()
  // The Alipay mini-program and the web app are the one app here (one key pair), as a small shop has it.
  const alipayAuth = await new FakeAlipayAuth({ [alipayKeys.appId]: appPublicPem }).start()
  const alipayAesKey = randomBytes(16).toString('base64')
  const sms = await startFakeAliyunSms({
    accessKeyId: 'LTAI5tJourneyKey',
    accessKeySecret: 'journey-aliyun-secret',
    signNames: ['澳門小館', 'Macau Bistro'],
    domesticTemplates: ['SMS_100', 'SMS_101', 'SMS_102'],
    intlTemplates: ['SMS_200', 'SMS_201', 'SMS_202']
  })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'so-real-providers-'))
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text)
    return path.join(dir, name)
  }
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    PUBLIC_URL: publicUrl,
    PAYMENT_PROVIDERS: 'wechatpay,alipay',
    WECHATPAY_MCHID: wechatPayKeys.mchId,
    WECHATPAY_MERCHANT_SERIAL_NO: wechatPayKeys.merchantSerialNo,
    WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: file('apiclient_key.pem', wechatPayKeys.merchantPrivateKeyPem),
    WECHATPAY_APIV3_KEY: wechatPayKeys.apiV3Key,
    WECHATPAY_PUBLIC_KEY_ID: wechatPayKeys.publicKeyId,
    WECHATPAY_PUBLIC_KEY_PATH: file('pub_key.pem', wechatPayKeys.publicKeyPem),
    WECHATPAY_MINI_APPID: wechatPayKeys.miniAppId,
    WECHATPAY_JSAPI_APPID: wechatPayKeys.jsapiAppId,
    WECHATPAY_BASE_URL: wechatPay.url,
    WECHATPAY_H5: '1',
    ALIPAY_APP_ID: alipayKeys.appId,
    ALIPAY_PRIVATE_KEY_PATH: file('alipay_app_private_key.pem', alipayKeys.appPrivateKeyPem),
    ALIPAY_PUBLIC_KEY: alipayKeys.alipayPublicKeyPem,
    ALIPAY_SELLER_ID: alipayKeys.sellerId,
    ALIPAY_GATEWAY: alipay.url,
    IDENTITY_PROVIDER: 'wechat,alipay',
    WECHAT_MINI_APPID: wechatPayKeys.miniAppId,
    WECHAT_MINI_SECRET: WECHAT_SECRETS.mini,
    WECHAT_OA_APPID: wechatPayKeys.jsapiAppId,
    WECHAT_OA_SECRET: WECHAT_SECRETS.oa,
    WECHAT_API_BASE_URL: wechatAuth.baseUrl,
    // The authorise pages are the hosts' own (a browser test stands them in with page.route).
    WECHAT_OPEN_BASE_URL: 'https://open.weixin.qq.com',
    ALIPAY_MINI_APP_ID: alipayKeys.appId,
    ALIPAY_LOGIN_APP_ID: alipayKeys.appId,
    ALIPAY_LOGIN_PRIVATE_KEY_PATH: path.join(dir, 'alipay_app_private_key.pem'),
    ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH: file('alipay_login_public_key.pem', alipayAuth.alipayPublicKeyPem),
    ALIPAY_LOGIN_GATEWAY_URL: alipayAuth.gatewayUrl,
    ALIPAY_MINI_AES_KEY: alipayAesKey,
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tJourneyKey',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'journey-aliyun-secret',
    ALIYUN_SMS_SIGN_NAME: '澳門小館',
    ALIYUN_SMS_INTL_SIGN_NAME: 'Macau Bistro',
    ALIYUN_SMS_TEMPLATES: 'zh-CN:SMS_100,zh-TW:SMS_101,en:SMS_102',
    ALIYUN_SMS_INTL_TEMPLATES: 'zh-CN:SMS_200,zh-TW:SMS_201,en:SMS_202',
    ALIYUN_SMS_ENDPOINT: sms.url
  }
  const c = loadConfig(env)
  const config: Partial<ServerConfig> = {
    port,
    host: '127.0.0.1',
    publicUrl: c.publicUrl,
    paymentProviders: c.paymentProviders,
    wechatPay: c.wechatPay,
    alipay: c.alipay,
    identityProvider: c.identityProvider,
    identity: c.identity,
    smsProvider: c.smsProvider,
    sms: c.sms
  }
  return {
    wechatPayKeys,
    wechatPay,
    alipayKeys,
    alipay,
    wechatAuth,
    alipayAuth,
    alipayAesKey,
    sms,
    publicUrl,
    port,
    config,
    async stop() {
      await Promise.all([wechatPay.stop(), alipay.stop(), wechatAuth.close(), alipayAuth.close(), sms.close()])
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** The demo enterprise charges in renminbi, written as its console writes it ('¥'). */
export async function useCny(db: Kysely<Database>): Promise<void> {
  await db.updateTable('enterprise_settings').set({ parm_value: '¥' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
}

/** Which provider takes the payments of branch `shopId` (its merchant account). */
export async function chargeWith(db: Kysely<Database>, shopId: string, provider: 'wechatpay' | 'alipay'): Promise<void> {
  await db.updateTable('finance_accounts').set({ provider }).where('shop_id', '=', shopId).execute()
}

/**
 * What WeChat's cashier checks before it shows the payer anything: signType RSA, a paySign over
 * "appId\ntimeStamp\nnonceStr\npackage\n" by the merchant's key, and a prepay id WeChat Pay issued
 * for that app. `where`: requestPayment in the mini-program (no appId is passed: the mini-program's
 * own), getBrandWCPayRequest in the chat-app browser (appId passed: the official account's).
 * The merchant order number it belongs to, or the reason it is refused.
 */
export function checkWechatCashier(fakes: RealProviderFakes, params: Record<string, unknown>, where: 'mini' | 'jsapi'): { outTradeNo: string } | { refused: string } {
  const p = params as Record<string, string>
  const appId = where === 'mini' ? fakes.wechatPayKeys.miniAppId : fakes.wechatPayKeys.jsapiAppId
  if (where === 'jsapi' && p.appId !== appId) return { refused: `appId ${p.appId} is not ${appId}` }
  if (p.signType !== 'RSA') return { refused: `signType ${p.signType}` }
  if (!/^\d{10}$/.test(p.timeStamp ?? '') || !p.nonceStr) return { refused: 'timeStamp or nonceStr' }
  const signed = `${appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`
  if (!p.paySign || !createVerify('RSA-SHA256').update(signed).verify(fakes.wechatPayKeys.merchantPublicKey, p.paySign, 'base64')) return { refused: 'paySign does not verify with the merchant key' }
  const order = [...fakes.wechatPay.orders.values()].find((o) => `prepay_id=${o.prepayId}` === p.package)
  if (!order) return { refused: `no prepay ${p.package} at WeChat Pay` }
  if (order.appid !== appId || order.tradeType !== 'JSAPI') return { refused: `prepay ${order.prepayId} is for ${order.appid} ${order.tradeType}` }
  return { outTradeNo: order.out_trade_no }
}

/** The payer pays at WeChat Pay: the trade succeeds and WeChat Pay sends the signed notice to our server; its answer. */
export async function wechatPayPays(fakes: RealProviderFakes, outTradeNo: string): Promise<number> {
  fakes.wechatPay.pay(outTradeNo)
  return (await fakes.wechatPay.deliver(fakes.wechatPay.paidNotice(outTradeNo))).status
}

/** The trade Alipay issued under this trade number (tradePay's tradeNO), or null. */
export function alipayTrade(fakes: RealProviderFakes, tradeNo: unknown): { outTradeNo: string } | null {
  const trade = [...fakes.alipay.trades.values()].find((t) => t.tradeNo === tradeNo)
  return trade ? { outTradeNo: trade.outTradeNo } : null
}

/** The payer pays at Alipay: the trade succeeds and Alipay posts the signed notice; our answer's status and body ('success'). */
export async function alipayPays(fakes: RealProviderFakes, outTradeNo: string): Promise<{ status: number; body: string }> {
  const r = await fakes.alipay.pay(outTradeNo)
  return { status: r.status, body: r.body }
}
