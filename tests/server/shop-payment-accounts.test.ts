/**
 * A shop with several payment accounts (migration 0026; PaymentAccountList / PaymentAccountSave):
 * the owner links WeChat Pay and Alipay to shop S101, and each diner pays the account whose
 * provider opens their host's cashier, against the loopback fakes of both providers
 * (tests/support/fake-wechatpay.ts, fake-alipay.ts) set up as wechatpay.test.ts and alipay.test.ts
 * do. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { alipaySettings } from '../../server/src/providers/payment/alipay.settings'
import { wechatPaySettings } from '../../server/src/providers/payment/wechatpay.settings'
import { shopPaymentAccounts } from '../../server/src/storage/migrations/0026-shop-payment-accounts'
import { exportSetup, importSetup } from '../../server/src/domain/setup/setup-file'
import { FakeAlipay, makeAlipayKeys, type AlipayKeys } from '../support/fake-alipay'
import { FakeWechatPay, makeWechatPayKeys, type WechatPayKeys } from '../support/fake-wechatpay'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type GatewayResult, type TestServer } from './helpers/test-server'
import { freePort } from '../support/free-port'

const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const RECHARGE_RETURN = '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}'

let wxKeys: WechatPayKeys
let aliKeys: AlipayKeys
let wechat: FakeWechatPay
let alipay: FakeAlipay
let server: TestServer
let dir: string
let owner: StaffSession

beforeAll(async () => {
  wxKeys = makeWechatPayKeys()
  aliKeys = makeAlipayKeys()
  wechat = new FakeWechatPay(wxKeys)
  alipay = new FakeAlipay(aliKeys)
  await wechat.start()
  await alipay.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-accounts-'))
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), wxKeys.merchantPrivateKeyPem)
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), wxKeys.publicKeyPem)
  fs.writeFileSync(path.join(dir, 'app_private_key.pem'), aliKeys.appPrivateKeyPem)
  const port = await freePort()
  server = await createTestServer({
    paymentProviders: ['wechatpay', 'alipay', 'sandbox'],
    publicUrl: `http://127.0.0.1:${port}`,
    wechatPay: wechatPaySettings({
      WECHATPAY_MCHID: wxKeys.mchId,
      WECHATPAY_MERCHANT_SERIAL_NO: wxKeys.merchantSerialNo,
      WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_key.pem'),
      WECHATPAY_APIV3_KEY: wxKeys.apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: wxKeys.publicKeyId,
      WECHATPAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem'),
      WECHATPAY_MINI_APPID: wxKeys.miniAppId,
      WECHATPAY_JSAPI_APPID: wxKeys.jsapiAppId,
      WECHATPAY_BASE_URL: wechat.url
    }),
    alipay: alipaySettings({
      ALIPAY_APP_ID: aliKeys.appId,
      ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'),
      ALIPAY_PUBLIC_KEY: aliKeys.alipayPublicKeyPem,
      ALIPAY_SELLER_ID: aliKeys.sellerId,
      ALIPAY_GATEWAY: alipay.url
    })
  })
  await server.app.listen({ port, host: '127.0.0.1' })
  // WeChat Pay and Alipay charge in yuan.
  await server.db.updateTable('enterprise_settings').set({ parm_value: 'CNY' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
  owner = await ownerOf(server)
}, 60_000)

afterAll(async () => {
  await server?.close()
  await wechat?.stop()
  await alipay?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const key = () => `acc-${randomBytes(8).toString('hex')}`
const as = (who: StaffSession) => ({ entId: who.entId, headers: who.headers })
const codes = (res: GatewayResult) => `${res.body.errcode}/${res.body.resultcode}`

function saveAccount(who: StaffSession, provider: string, fields: { name?: string; no?: string; enabled?: 0 | 1; isDefault?: 0 | 1 } = {}) {
  return server.call(
    'PaymentAccountSave',
    [{ ShopID: 'S101', Provider: provider, AccountName: fields.name ?? `Ah Ming ${provider}`, AccountNo: fields.no ?? `${provider.toUpperCase()}-0001`, Enabled: fields.enabled ?? 1, Default: fields.isDefault ?? 0, Reason: 'test' }],
    as(who)
  )
}

/** A signed-in diner known to both hosts: the WeChat mini-program's open id and Alipay's user id. */
async function diner(): Promise<TestMember & { miniOpenId: string; buyerId: string }> {
  const m = await makeMember(server.db)
  const miniOpenId = `oMini${m.vipId}`
  const buyerId = `2088${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`
  const at = new Date().toISOString()
  await server.db
    .insertInto('member_identities')
    .values([
      { ent_id: 'E1001', provider: 'weapp', open_id: miniOpenId, vip_id: m.vipId, created_at: at },
      { ent_id: 'E1001', provider: 'alipay-mini', open_id: buyerId, vip_id: m.vipId, created_at: at }
    ])
    .execute()
  return { ...m, miniOpenId, buyerId }
}

async function pay(m: TestMember, channel: string, extra: Record<string, string> = {}) {
  const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '23.50' })
  const res = await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: RETURN, PayChannel: channel, ...extra }], { headers: m.headers })
  return { sheetId, res }
}

const order = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const alipayCreates = () => alipay.requests.filter((r) => r.api === 'alipay.trade.create').length
const wechatPrepays = () => wechat.requests.filter((r) => r.url.startsWith('/v3/pay/transactions/jsapi')).length

describe('the owner links WeChat Pay and Alipay to one shop', () => {
  test('the console lists only the providers this server runs; the seed’s sandbox account is there, marked as no real money', async () => {
    const listed = ok(await server.call('PaymentAccountList', [{ ShopID: 'S101' }], as(owner)))
    expect(listed.table2).toEqual([
      { Provider: 'wechatpay', RealMoney: 1 },
      { Provider: 'alipay', RealMoney: 1 },
      { Provider: 'sandbox', RealMoney: 0 }
    ])
    expect(listed.table1).toEqual([expect.objectContaining({ Provider: 'sandbox', Enabled: 1, Default: 1, Running: 1, RealMoney: 0 })])
  })

  test('a provider the server does not run is refused (21500) and nothing is stored', async () => {
    const res = await saveAccount(owner, 'alipayhk')
    expect(res.body.resultcode).toBe(RESULTCODES.PAYMENT_PROVIDER_NOT_RUN)
    expect(res.body.resultmsg).toMatch(/alipayhk/)
    expect(ok(await server.call('PaymentAccountList', [{ ShopID: 'S101' }], as(owner))).table1.map((a: { Provider: string }) => a.Provider)).toEqual(['sandbox'])
  })

  test('a cashier cannot change the accounts (10013); a manager of the shop can; each change is audited', async () => {
    const cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
    expect(codes(await saveAccount(cashier, 'wechatpay'))).toBe('10013/')
    expect(codes(await server.call('PaymentAccountList', [{ ShopID: 'S101' }], as(cashier)))).toBe('10013/')
    expect(await server.db.selectFrom('finance_accounts').select('provider').where('shop_id', '=', 'S101').execute()).toEqual([{ provider: 'sandbox' }])

    const manager = await personWithRole(server, owner, 'manager', { shopIds: 'S101' })
    ok(await saveAccount(manager, 'alipay', { name: 'Ah Ming Alipay', no: aliKeys.sellerId }))
    ok(await saveAccount(owner, 'wechatpay', { name: 'Ah Ming WeChat', no: wxKeys.mchId, isDefault: 1 }))
    // The sandbox takes no real money: the owner turns it off.
    const rows = ok(await saveAccount(owner, 'sandbox', { name: 'Sandbox', no: 'SANDBOX-S101', enabled: 0 })).table1
    expect(rows.map((a: { Provider: string; Enabled: number; Default: number }) => `${a.Provider}:${a.Enabled}:${a.Default}`)).toEqual(['wechatpay:1:1', 'sandbox:0:0', 'alipay:1:0'])
    const audit = await server.db.selectFrom('audit_log').select(['action', 'role', 'target_id']).where('ent_id', '=', 'E1001').where('action', '=', 'shop.paymentAccount.save').execute()
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'shop.paymentAccount.save', role: 'manager', target_id: 'S101' },
        { action: 'shop.paymentAccount.save', role: 'owner', target_id: 'S101' }
      ])
    )
    expect(audit).toHaveLength(3)
  })

  test('a diner in the WeChat mini-program pays with WeChat Pay, one in the Alipay mini-program with Alipay', async () => {
    const m = await diner()
    const wxBefore = wechatPrepays()
    const aliBefore = alipayCreates()

    const inWechat = await pay(m, 'wechat-mini')
    const wxPay = ok(inWechat.res).table1[0]
    expect(wxPay).toMatchObject({ Provider: 'wechatpay' })
    expect(ok(inWechat.res).table2[0]).toMatchObject({ Channel: 'wechat-mini', AppID: wxKeys.miniAppId })
    expect(wechatPrepays()).toBe(wxBefore + 1)
    wechat.pay(wxPay.PayID)
    expect((await wechat.deliver(wechat.paidNotice(wxPay.PayID))).body.outcome).toBe('paid')
    expect((await order(inWechat.sheetId)).status).toBe(ORDER_STATUS.PAID)

    const inAlipay = await pay(m, 'alipay-mini')
    const aliPay = ok(inAlipay.res).table1[0]
    expect(aliPay).toMatchObject({ Provider: 'alipay' })
    expect(ok(inAlipay.res).table2[0]).toMatchObject({ Channel: 'alipay-mini', TradeNO: alipay.trades.get(aliPay.PayID)!.tradeNo })
    expect(alipayCreates()).toBe(aliBefore + 1)
    expect((await alipay.pay(aliPay.PayID)).body).toBe('success')
    expect((await order(inAlipay.sheetId)).status).toBe(ORDER_STATUS.PAID)
    // Neither provider was asked for the other's diner.
    expect(wechatPrepays()).toBe(wxBefore + 1)
  })

  test('FinanceAccountGet answers the account the caller’s channel pays with, else the default', async () => {
    const m = await diner()
    const get = async (channel?: string) => ok(await server.call('FinanceAccountGet', [{ ShopID: 'S101', ...(channel ? { PayChannel: channel } : {}) }], { headers: m.headers })).table1
    expect(await get()).toEqual([expect.objectContaining({ Provider: 'wechatpay', AccountName: 'Ah Ming WeChat' })])
    expect(await get('alipay-mini')).toEqual([expect.objectContaining({ Provider: 'alipay', AccountName: 'Ah Ming Alipay' })])
    expect(await get('wechat-mini')).toEqual([expect.objectContaining({ Provider: 'wechatpay' })])
  })

  test('a recharge goes the same way: WeChat Pay in WeChat, Alipay in Alipay', async () => {
    const m = await diner()
    const recharge = async (channel: string) =>
      ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: key(), ReturnUrl: RECHARGE_RETURN, PayChannel: channel }], { headers: m.headers }))
    const wx = await recharge('wechat-mini')
    const wxId = wx.table1[0].RechargeID as string
    expect(wx.table2[0]).toMatchObject({ Channel: 'wechat-mini', AppID: wxKeys.miniAppId })
    expect(wechat.orders.get(wxId)).toBeDefined()
    const ali = await recharge('alipay-mini')
    const aliId = ali.table1[0].RechargeID as string
    expect(ali.table2[0]).toMatchObject({ Channel: 'alipay-mini', TradeNO: alipay.trades.get(aliId)!.tradeNo })
    expect((await alipay.pay(aliId)).body).toBe('success')
    const rows = await server.db.selectFrom('recharges').select(['recharge_id', 'provider', 'status']).where('recharge_id', 'in', [wxId, aliId]).execute()
    expect(Object.fromEntries(rows.map((r) => [r.recharge_id, `${r.provider}:${r.status}`]))).toEqual({ [wxId]: `wechatpay:${RECHARGE_STATUS.PENDING}`, [aliId]: `alipay:${RECHARGE_STATUS.PAID}` })
  })

  test('a disabled account is not used: with Alipay off, an Alipay diner is refused (10007) and Alipay is not asked; a Provider naming it → 20020', async () => {
    ok(await saveAccount(owner, 'alipay', { name: 'Ah Ming Alipay', no: aliKeys.sellerId, enabled: 0 }))
    const m = await diner()
    const before = alipayCreates()
    const wxBefore = wechatPrepays()
    const { res } = await pay(m, 'alipay-mini')
    expect(res.body.errcode).toBe('10007')
    expect(alipayCreates()).toBe(before)
    expect(wechatPrepays()).toBe(wxBefore)
    expect((await pay(m, 'alipay-mini', { Provider: 'alipay' })).res.body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
    // The disabled sandbox cannot be named either.
    expect((await pay(m, 'hosted', { Provider: 'sandbox' })).res.body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
    ok(await saveAccount(owner, 'alipay', { name: 'Ah Ming Alipay', no: aliKeys.sellerId, enabled: 1 }))
    expect(ok((await pay(m, 'alipay-mini')).res).table1[0]).toMatchObject({ Provider: 'alipay' })
  })
})

describe('the sandbox beside real accounts', () => {
  test('left on as the default, it does not take a WeChat or Alipay diner: a provider that says it opens their cashier comes first', async () => {
    ok(await saveAccount(owner, 'sandbox', { name: 'Sandbox', no: 'SANDBOX-S101', enabled: 1, isDefault: 1 }))
    try {
      const m = await diner()
      expect(ok((await pay(m, 'wechat-mini')).res).table1[0]).toMatchObject({ Provider: 'wechatpay' })
      expect(ok((await pay(m, 'alipay-mini')).res).table1[0]).toMatchObject({ Provider: 'alipay' })
      // Named, it is still the shop's to use.
      expect(ok((await pay(m, 'hosted', { Provider: 'sandbox' })).res).table1[0]).toMatchObject({ Provider: 'sandbox' })
    } finally {
      ok(await saveAccount(owner, 'wechatpay', { name: 'Ah Ming WeChat', no: wxKeys.mchId, isDefault: 1 }))
      ok(await saveAccount(owner, 'sandbox', { name: 'Sandbox', no: 'SANDBOX-S101', enabled: 0 }))
    }
  })
})

describe('migration 0026', () => {
  test('a shop’s single account from before the migration is copied as it was and still takes payments', async () => {
    // Back to the one-account table (down keeps each shop's first account), an old row as 0003 stored it, then up again.
    await shopPaymentAccounts.down!(server.db)
    await server.db.deleteFrom('finance_accounts').where('shop_id', '=', 'S101').execute()
    await server.db.insertInto('finance_accounts').values({ shop_id: 'S101', ent_id: 'E1001', provider: 'wechatpay', account_name: 'Old WeChat account', account_no: 'OLD-1', is_enable: 1 } as never).execute()
    await shopPaymentAccounts.up(server.db)

    expect(await server.db.selectFrom('finance_accounts').select(['provider', 'account_name', 'account_no', 'is_enable', 'position']).where('shop_id', '=', 'S101').execute()).toEqual([
      { provider: 'wechatpay', account_name: 'Old WeChat account', account_no: 'OLD-1', is_enable: 1, position: 0 }
    ])
    const m = await diner()
    expect(ok(await server.call('FinanceAccountGet', [{ ShopID: 'S101' }], { headers: m.headers })).table1).toEqual([expect.objectContaining({ Provider: 'wechatpay', AccountName: 'Old WeChat account', AccountTail: 'LD-1' })])
    const { sheetId, res } = await pay(m, 'wechat-mini')
    const payId = ok(res).table1[0].PayID as string
    wechat.pay(payId)
    expect((await wechat.deliver(wechat.paidNotice(payId))).body.outcome).toBe('paid')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    // After the migration a second account can be added beside it.
    ok(await saveAccount(owner, 'alipay', { name: 'Ah Ming Alipay', no: aliKeys.sellerId }))
    expect(ok((await pay(m, 'alipay-mini')).res).table1[0]).toMatchObject({ Provider: 'alipay' })
  })
})

describe('the setup file', () => {
  test('carries a shop’s several accounts, the default first; an old file’s single financeAccount still reads as the shop’s one account', async () => {
    const file = await exportSetup(server.db, 'E1001', { menus: false })
    const shop = file.shops.find((s) => s.code === '101')!
    expect(shop.financeAccounts?.map((a) => a.provider)).toEqual(['wechatpay', 'alipay'])
    expect('financeAccount' in shop).toBe(false)

    const copy = await server.db.transaction().execute((trx) => importSetup(trx, JSON.parse(JSON.stringify(file)), { mode: 'new-enterprise' }))
    const copied = copy.shops.find((s) => s.code === '101')!.shopId
    expect(await server.db.selectFrom('finance_accounts').select(['provider', 'position']).where('shop_id', '=', copied).orderBy('position').execute()).toEqual([
      { provider: 'wechatpay', position: 0 },
      { provider: 'alipay', position: 1 }
    ])

    // A file written before several accounts: one financeAccount per shop.
    const old = JSON.parse(JSON.stringify(file))
    for (const s of old.shops) {
      delete s.financeAccounts
      s.financeAccount = { provider: 'alipay', accountName: 'Old file account', accountNo: 'OLD-FILE-1', enabled: true }
    }
    const fromOld = await server.db.transaction().execute((trx) => importSetup(trx, old, { mode: 'new-enterprise' }))
    const oldShop = fromOld.shops.find((s) => s.code === '101')!.shopId
    expect(await server.db.selectFrom('finance_accounts').select(['provider', 'account_name', 'is_enable']).where('shop_id', '=', oldShop).execute()).toEqual([
      { provider: 'alipay', account_name: 'Old file account', is_enable: 1 }
    ])
  })
})
