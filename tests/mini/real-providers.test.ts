/**
 * Issue 25: the mini-program journeys with the real providers pointed at the loopback fakes
 * (tests/support/real-providers.ts): PAYMENT_PROVIDERS wechatpay (the weapp build's branch) and
 * alipay (the alipay build's), IDENTITY_PROVIDER wechat,alipay, SMS_PROVIDER aliyun, the demo
 * enterprise charging in ¥. On each build under the host double: the host's login code comes from
 * the vendor's sign-in fake (wx.login → code2Session; my.getAuthCode → alipay.system.oauth.token);
 * the host's cashier (requestPayment / my.tradePay) checks what the app hands it as the vendor's
 * cashier would — the paySign with the merchant key WeChat Pay knows and a prepay id it issued; a
 * tradeNO Alipay issued — and the vendor then sends its signed notice to our server. The diner
 * signs in, orders and pays and sees the order paid; binds a phone with the code the SMS vendor
 * delivered; recharges and sees the balance.
 */
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { maskedPhone } from '../../src/core/phone-mask'
import { LOCALE_ON_ENGLISH_DEVICE, addA01WithChoices, checkoutPrepay, openTable, say } from './steps'
import { MINI_KINDS, demoCode, useMiniServer } from './server'
import type { MiniHostDouble, MiniKind, PaymentCall } from './host-double'
import { alipayPays, alipayTrade, chargeWith, checkWechatCashier, startFakes, useCny, wechatPayPays, type RealProviderFakes } from '../support/real-providers'

let fakes: RealProviderFakes
const app = useMiniServer(async () => {
  fakes = await startFakes()
  return fakes.config
})
after(async () => {
  await fakes?.stop()
})

/** Every notice the vendor sent and what our server answered. */
const notified: { api: PaymentCall['api']; outTradeNo: string; status: number }[] = []

/** The host's login and cashier as the vendor's: codes from the sign-in fake, payments checked and notified by the payment fake. */
function asTheVendor(d: MiniHostDouble, kind: MiniKind, buyerId: string): void {
  d.loginCode = (openId) =>
    kind === 'weapp' ? fakes.wechatAuth.issueCode('mini', { openId: `oMini-${openId}` }) : fakes.alipayAuth.issueCode(fakes.alipayKeys.appId, { userId: buyerId, nickName: '' })
  d.cashier = async (api, params) => {
    if (api === 'requestPayment') {
      const checked = checkWechatCashier(fakes, params, 'mini')
      if ('refused' in checked) return { ok: false, result: { errMsg: `requestPayment:fail ${checked.refused}` } }
      const status = await wechatPayPays(fakes, checked.outTradeNo)
      notified.push({ api, outTradeNo: checked.outTradeNo, status })
      return { ok: true, result: { errMsg: 'requestPayment:ok' } }
    }
    const trade = Object.keys(params).join() === 'tradeNO' ? alipayTrade(fakes, params.tradeNO) : null
    // The payment app's cashier: 4000 for a trade it cannot find (what it answers for a bad tradeNO).
    if (!trade) return { ok: true, result: { resultCode: '4000' } }
    const { status } = await alipayPays(fakes, trade.outTradeNo)
    notified.push({ api, outTradeNo: trade.outTradeNo, status })
    return { ok: true, result: { resultCode: '9000' } }
  }
}

const paymentOf = (payId: string) => app.server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirst()

for (const kind of MINI_KINDS) {
  const locale = LOCALE_ON_ENGLISH_DEVICE[kind]
  const provider = kind === 'weapp' ? 'wechatpay' : 'alipay'
  const cashierApi = kind === 'weapp' ? 'requestPayment' : 'tradePay'

  describe(`${kind} build with ${provider} and the host's sign-in at the fakes`, () => {
    test(`host sign-in, order paid in ${cashierApi} (the vendor notifies us), then a phone bound by SMS and a recharge`, async () => {
      await useCny(app.server.db)
      await chargeWith(app.server.db, 'S101', provider)
      const d = app.device(kind)
      d.openId = `${kind}-real-1`
      const buyerId = `2088${String(Date.now()).slice(-12)}`
      asTheVendor(d, kind, buyerId)

      // Signed in by the host: Mine shows a member (no phone yet), linked to the open id the vendor gave.
      await openTable(d, await demoCode(app.server, 'T01'), locale)
      await d.tap(say(locale, 'tab.mine'))
      await d.waitForRoute('pages/mine/mine')
      await d.waitForText(say(locale, 'member.noPhone'))
      const hostId = kind === 'weapp' ? `oMini-${kind}-real-1` : buyerId
      const identity = await app.server.db.selectFrom('member_identities').selectAll().where('open_id', '=', hostId).executeTakeFirst()
      assert.equal(identity?.provider, kind === 'weapp' ? 'weapp' : 'alipay-mini', 'the server linked the identity the vendor vouched for')
      if (kind === 'weapp') assert.ok(fakes.wechatAuth.requests.some((r) => r.path === '/sns/jscode2session'))
      else assert.ok(fakes.alipayAuth.requests.some((r) => r.params.method === 'alipay.system.oauth.token' && r.signatureValid))

      // Order and pay.
      await d.tap(say(locale, 'tab.home'))
      await d.waitForRoute('pages/home/home')
      await d.waitForText(say(locale, 'home.orderNow'))
      await addA01WithChoices(d, locale, '¥')
      await checkoutPrepay(d, locale, '¥')
      await d.waitFor(() => d.payments.length > 0 && d.payments[0].answer !== undefined, `the host cashier (${cashierApi})`)
      const call = d.payments[0]
      assert.equal(call.api, cashierApi)
      assert.equal(call.answer?.status, 200, `the vendor's cashier took what the app handed ${cashierApi}: ${JSON.stringify(call.answer?.body)}`)
      if (kind === 'alipay') assert.equal(call.answer?.body.resultCode, '9000', `tradePay was handed a trade Alipay issued: ${JSON.stringify(call.params)}`)
      const paidNotice = notified.at(-1)!
      assert.equal(paidNotice.status, 200, 'our server took the vendor’s signed notice')
      await d.waitForText(say(locale, 'order.pickupNo'))
      const payment = await paymentOf(paidNotice.outTradeNo)
      assert.equal(payment?.provider, provider)
      assert.equal(payment?.status, PAYMENT_STATUS.PAID)
      assert.equal(payment?.amount, '64.00')

      // Bind a phone with the code the SMS vendor delivered (the diner reopens the app at Mine).
      d.launch({ path: 'pages/mine/mine', systemLanguage: 'en' })
      await d.waitForRoute('pages/mine/mine')
      await d.waitForText(say(locale, 'member.noPhone'))
      await d.tap(say(locale, 'member.entry.bindPhone'))
      await d.waitForRoute('pages/loginByCode/loginByCode')
      const phone = kind === 'weapp' ? '66123401' : '66123402'
      // The fields appear once the area codes are in.
      await d.waitFor(() => (d.input(say(locale, 'member.phonePlaceholder'), phone), true), 'the phone field')
      const sent = fakes.sms.sends.length
      await d.tap(say(locale, 'member.sendCode'))
      await d.waitFor(() => fakes.sms.sends.length > sent, 'the SMS vendor to be asked')
      assert.equal(fakes.sms.sends.at(-1)!.PhoneNumbers, `853${phone}`)
      d.input(say(locale, 'member.codePlaceholder', { n: 6 }), fakes.sms.lastCode())
      await d.tap(say(locale, 'member.bind'))
      await d.waitForRoute('pages/mine/mine')
      await d.waitForText(maskedPhone('853', phone))

      // Recharge through the same cashier.
      await d.tap(say(locale, 'member.entry.recharge'))
      await d.waitForRoute('pages/vipBalanceRecharge/vipBalanceRecharge')
      await d.idle()
      const submitWords = say(locale, 'wallet.submit', { amount: '§' }).split('§')[0]
      const submit = new RegExp(`^${submitWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm')
      await d.waitForText(submit)
      await d.tap(submit)
      await d.waitFor(() => d.payments.length > 1 && d.payments[1].answer !== undefined, `the host cashier for the recharge`)
      assert.equal(d.payments[1].answer?.status, 200, JSON.stringify(d.payments[1].answer?.body))
      const rechargeNotice = notified.at(-1)!
      assert.equal(rechargeNotice.status, 200)
      // Paid in the host's cashier, the recharge's result page asks the server: ¥100 paid, ¥110 credited.
      await d.waitForRoute('pages/rechargeResult/rechargeResult')
      await d.waitForText(say(locale, 'wallet.newBalance'))
      await d.waitForText('¥110.00')
      const recharge = await app.server.db.selectFrom('recharges').selectAll().where('recharge_id', '=', rechargeNotice.outTradeNo).executeTakeFirstOrThrow()
      assert.equal(recharge.provider, provider)
      assert.equal(recharge.status, RECHARGE_STATUS.PAID)
      assert.deepEqual(d.errors, [])
    })
  })
}
