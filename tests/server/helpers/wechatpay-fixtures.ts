/**
 * What the WeChat Pay server tests (wechatpay.test.ts: the domestic merchant; wechatpay-global.test.ts:
 * the cross-border one) share: the key files and WECHATPAY_* settings a deployment would give, the
 * enterprise's currency, and a signed-in diner whose chat-app identities the server has checked.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { wechatPaySettings } from '../../../server/src/providers/payment/wechatpay.settings'
import type { Database } from '../../../server/src/storage/schema'
import { FakeWechatPay, makeWechatPayKeys, type WechatPayKeys } from '../../support/fake-wechatpay'
import { freePort } from '../../support/free-port'
import { makeMember, type TestMember } from './member-fixtures'
import type { PayInvocationRow } from '../../../src/gateway/pay-invocation'
import { insertOrderRow } from './order-fixtures'
import { createTestServer, ok, type TestServer } from './test-server'

/** Fresh keys, the fake WeChat Pay, the key files, and a listening server whose branch S101 takes WeChat Pay. */
export interface WechatPayRig {
  keys: WechatPayKeys
  fake: FakeWechatPay
  dir: string
  server: TestServer
  /** The server's origin (its PUBLIC_URL: notices come to base + /pay/notify/wechatpay). */
  base: string
}

export async function startWechatPayRig(options: {
  /** The fake's API (default the domestic one, CNY). */
  fake?: ConstructorParameters<typeof FakeWechatPay>[1]
  /** The WECHATPAY_* environment, given the keys, their files' folder and the fake's URL. */
  env: (keys: WechatPayKeys, dir: string, fakeUrl: string) => Record<string, string>
  adminToken: string
  /** The demo enterprise's Currency while the tests run. */
  currency: string
}): Promise<WechatPayRig> {
  const keys = makeWechatPayKeys()
  const fake = new FakeWechatPay(keys, options.fake)
  await fake.start()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-wechatpay-'))
  writeWechatPayKeyFiles(dir, keys)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = await createTestServer({
    paymentProviders: ['wechatpay', 'sandbox'],
    publicUrl: base,
    adminToken: options.adminToken,
    wechatPay: wechatPaySettings(options.env(keys, dir, fake.url))
  })
  await server.app.listen({ port, host: '127.0.0.1' })
  await server.db.updateTable('finance_accounts').set({ provider: 'wechatpay' }).where('shop_id', '=', 'S101').execute()
  await setEnterpriseCurrency(server.db, options.currency)
  return { keys, fake, dir, server, base }
}

export async function stopWechatPayRig(rig: Partial<WechatPayRig>): Promise<void> {
  await rig.server?.close()
  await rig.fake?.stop()
  if (rig.dir) fs.rmSync(rig.dir, { recursive: true, force: true })
}

/** The merchant's key, the WeChat Pay public key and a platform certificate, as files in `dir`. */
export function writeWechatPayKeyFiles(dir: string, k: WechatPayKeys): void {
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), k.merchantPrivateKeyPem)
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), k.publicKeyPem)
  fs.writeFileSync(path.join(dir, 'platform_cert.pem'), k.platformCertPem)
}

/** The settings a deployment would give: key files on disk (writeWechatPayKeyFiles), ids in the environment, the API at `baseUrl`. */
export function wechatPayEnv(k: WechatPayKeys, dir: string, baseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    WECHATPAY_MCHID: k.mchId,
    WECHATPAY_MERCHANT_SERIAL_NO: k.merchantSerialNo,
    WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_key.pem'),
    WECHATPAY_APIV3_KEY: k.apiV3Key,
    WECHATPAY_PUBLIC_KEY_ID: k.publicKeyId,
    WECHATPAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem'),
    WECHATPAY_MINI_APPID: k.miniAppId,
    WECHATPAY_JSAPI_APPID: k.jsapiAppId,
    WECHATPAY_BASE_URL: baseUrl,
    ...extra
  }
}

/** The demo enterprise's Currency setting ('CNY', 'MOP$', 'HK$' …). */
export async function setEnterpriseCurrency(db: Kysely<Database>, currency: string): Promise<void> {
  await db.updateTable('enterprise_settings').set({ parm_value: currency }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
}

/** A signed-in member whose chat-app identities the server has checked: the mini-program's ('weapp') and the official account's ('wechat') open ids. */
export async function chatAppDiner(db: Kysely<Database>): Promise<TestMember & { miniOpenId: string; oaOpenId: string }> {
  const m = await makeMember(db)
  const miniOpenId = `oMini${m.vipId}`
  const oaOpenId = `oOffi${m.vipId}`
  const at = new Date().toISOString()
  await db
    .insertInto('member_identities')
    .values([
      { ent_id: 'E1001', provider: 'weapp', open_id: miniOpenId, vip_id: m.vipId, created_at: at },
      { ent_id: 'E1001', provider: 'wechat', open_id: oaOpenId, vip_id: m.vipId, created_at: at }
    ])
    .execute()
  return { ...m, miniOpenId, oaOpenId }
}

/**
 * Paying through the gateway and reading what was stored, for the rig's server (a getter: the rig
 * is made in beforeAll). PaySubmit's RequestKey is fresh unless given; `returnUrl` is its ReturnUrl.
 */
export function wechatPayCalls(rig: () => Pick<WechatPayRig, 'server' | 'fake'>, returnUrl: string) {
  const db = () => rig().server.db
  let seq = 0
  const paySubmit = (m: TestMember, sheetId: string, channel: string, requestKey = `wx-${Date.now()}-${++seq}`) =>
    rig().server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: requestKey, ReturnUrl: returnUrl, PayChannel: channel }], { headers: m.headers })
  return {
    paySubmit,
    /** An order of `m` awaiting payment, and its payment opened in the mini-program (or the channel given). */
    async openPayment(m: TestMember, amount = '23.50', channel = 'wechat-mini') {
      const sheetId = await insertOrderRow(db(), { ownerKey: m.ownerKey, amount })
      const data = ok(await paySubmit(m, sheetId, channel))
      return { sheetId, payId: data.table1[0].PayID as string, payUrl: data.table1[0].PayUrl as string, invocation: data.table2[0] as PayInvocationRow }
    },
    payment: (payId: string) => db().selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow(),
    order: (orderId: string) => db().selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow(),
    notices: (payId: string) => db().selectFrom('payment_notices').select(['notice_id', 'result', 'amount']).where('pay_id', '=', payId).orderBy('received_at').execute(),
    /** The fake's requests whose URL starts so. */
    requestsTo: (pathStart: string) => rig().fake.requests.filter((r) => r.url.startsWith(pathStart))
  }
}
