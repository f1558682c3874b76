/**
 * Paying in the host browser's own cashier (issue 14 item 3): the H5 app opened with the chat-app
 * browser's or the payment-app browser's user agent, and a stand-in for that host's JS bridge
 * injected before the app loads. The stand-in does what the real bridge's cashier does for the
 * payer: it hands the parameters the app gave it to the sandbox cashier (POST /sandbox-pay/cashier,
 * docs/hosts.md), which checks it issued them and sends the provider's notice; then it reports the
 * host's result string to the app. The app must show what the server says, not what the bridge said.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { Decimal } from '../../src/core/money'
import type { Locale } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { byId, money, price, agreeAndSubmit, shot } from './steps'
import { useAppUnderTest, demoCode } from './harness'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const app = useAppUnderTest()

/** The chat-app's in-app browser on Android (MicroMessenger, not inside a mini-program). */
const CHAT_APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 XWEB/1260059 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003052) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64'
/** The payment app's in-app browser (AlipayClient). */
const PAYMENT_APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 Nebula AlipayDefined(nt:WIFI,ws:390|844|2.0) AliApp(AP/10.5.86.8000) AlipayClient/10.5.86.8000 Language/zh-Hant'

type Decision = 'approve' | 'decline' | 'cancel'

/**
 * Stand-ins for the two bridges, injected before any of the app's scripts. Each appears a moment
 * after the document (as the real ones do) and announces itself with its Ready event. What the
 * tester wants the payer to do is window.__payerDecides (one decision per cashier opened); each
 * call and the sandbox's answer are kept in window.__cashierCalls.
 */
function bridgeStandIn(kind: 'wechat' | 'alipay', decisions: Decision[]): string {
  return `(() => {
  const decisions = ${JSON.stringify(decisions)}
  window.__cashierCalls = []
  const decide = async (params) => {
    const decision = decisions.shift() || 'cancel'
    const res = await fetch('/sandbox-pay/cashier', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision, ...params }) })
    const answer = await res.json()
    window.__cashierCalls.push({ params, decision, status: res.status, answer })
    return answer
  }
  const bridge = ${
    kind === 'wechat'
      ? `{ invoke(api, params, callback) {
      if (api !== 'getBrandWCPayRequest') return callback({ err_msg: api + ':fail' })
      decide(params).then((a) => callback({ err_msg: a.err_msg || 'get_brand_wcpay_request:fail' }), () => callback({ err_msg: 'get_brand_wcpay_request:fail' }))
    } }`
      : `{ call(api, params, callback) {
      if (api !== 'tradePay') return callback({ error: 1 })
      decide(params).then((a) => callback({ resultCode: a.resultCode || '4000' }), () => callback({ resultCode: '6002' }))
    } }`
  }
  const name = ${JSON.stringify(kind === 'wechat' ? 'WeixinJSBridge' : 'AlipayJSBridge')}
  document.addEventListener('DOMContentLoaded', () => setTimeout(() => {
    window[name] = bridge
    document.dispatchEvent(new Event(name + 'Ready'))
  }, 50))
})()`
}

async function hostBrowser(ua: string, locale: string, kind: 'wechat' | 'alipay', decisions: Decision[]): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale, userAgent: ua })
  await context.addInitScript(bridgeStandIn(kind, decisions))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors }
}

const root = path.resolve(__dirname, '..', '..')
const menu = JSON.parse(readFileSync(path.join(root, 'server/seed/menus/menu-S101.json'), 'utf8')) as { goods: { code: string; names: Record<Locale, string> }[] }
const goodsName = (code: string, locale: Locale) => menu.goods.find((g) => g.code === code)!.names[locale]

/** Table T01 (pay first): find goods by number, add, confirm a takeaway with the first slot, place the order. */
async function orderAtT01(page: Page, locale: Locale, codes: string[]): Promise<void> {
  await page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(await demoCode(app.server, 'T01'))}`)
  await byId(page, 'order-by-number').click({ timeout: 30000 })
  const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
  await input.waitFor({ timeout: 30000 })
  for (const code of codes) {
    await input.fill(code)
    const row = page.locator(`[data-goods-code="${code}"]`).filter({ visible: true })
    await row.waitFor({ timeout: 15000 })
    await row.getByRole('button', { name: translate(locale, 'menu.addOne', { name: goodsName(code, locale) }) }).click()
  }
  const total = codes.reduce((sum, code) => sum.plus(price(code)), new Decimal(0))
  await byId(page, 'cart-total').getByText(money(total)).waitFor({ timeout: 15000 })
  await byId(page, 'cart-go').click()
  await byId(page, 'cart-checkout').click({ timeout: 15000 })
  await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
  await byId(page, 'slot-day').first().click()
  await byId(page, 'slot-time').first().click()
  await byId(page, 'checkout-total').getByText(money(total)).waitFor({ timeout: 15000 })
  await agreeAndSubmit(page)
}

const cashierCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cashierCalls: { params: Record<string, string>; decision: string; status: number; answer: Record<string, unknown> }[] }).__cashierCalls)

const latestPayment = () => app.server.db.selectFrom('payments').selectAll().orderBy('created_at', 'desc').orderBy('pay_id', 'desc').limit(1).executeTakeFirstOrThrow()

describe('payment in the host browser’s cashier', () => {
  it('chat-app browser: WeixinJSBridge getBrandWCPayRequest with the sandbox’s parameters → paid order with a pickup number', async () => {
    const { context, page, errors } = await hostBrowser(CHAT_APP_UA, 'en-US', 'wechat', ['approve'])
    await orderAtT01(page, 'en', ['F01', 'E03'])

    const pickup = byId(page, 'result-pickup-number')
    await pickup.waitFor({ timeout: 30000 })
    // The hosted page was never opened: the bridge was.
    assert.doesNotMatch(page.url(), /sandbox-pay/)
    const [call] = await cashierCalls(page)
    assert.equal(call.status, 200)
    assert.deepEqual(Object.keys(call.params).sort(), ['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp'])
    assert.equal(call.params.appId, 'sandbox')
    assert.match(call.params.package, /^prepay_id=sbx_/)
    const payment = await latestPayment()
    assert.equal(payment.status, PAYMENT_STATUS.PAID)
    assert.ok(call.params.package.includes(payment.pay_id))
    const order = await app.server.db.selectFrom('orders').selectAll().where('order_id', '=', payment.order_id).executeTakeFirstOrThrow()
    assert.equal(order.amount, price('F01').plus(price('E03')).toFixed(2))
    assert.ok((await pickup.innerText()).includes(order.pickup_no))
    await shot(page, 'host-pay-wechat-result')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('payment-app browser (zh-TW forced): AlipayJSBridge tradePay with the sandbox’s trade number → paid, in traditional Chinese', async () => {
    // The device says English; the payment app forces traditional Chinese (spec §1).
    const { context, page, errors } = await hostBrowser(PAYMENT_APP_UA, 'en-US', 'alipay', ['approve'])
    await orderAtT01(page, 'zh-TW', ['F01'])

    await byId(page, 'result-pickup-number').waitFor({ timeout: 30000 })
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant')
    await page.getByText(translate('zh-TW', 'pay.paid')).filter({ visible: true }).first().waitFor({ timeout: 15000 })
    const [call] = await cashierCalls(page)
    assert.deepEqual(Object.keys(call.params), ['tradeNO'])
    assert.match(call.params.tradeNO, /^SBX_/)
    assert.equal(call.answer.resultCode, '9000')
    assert.equal((await latestPayment()).status, PAYMENT_STATUS.PAID)
    await shot(page, 'host-pay-alipay-result')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('cancelled in the cashier: back on the order, told so, nothing lost; paying again reopens the same payment; declined is shown as declined', async () => {
    const { context, page, errors } = await hostBrowser(CHAT_APP_UA, 'zh-CN', 'wechat', ['cancel', 'decline', 'approve'])
    await orderAtT01(page, 'zh-CN', ['E03'])

    // Cancel: the order's details, the message, the order still awaiting payment.
    await page.getByRole('status').filter({ hasText: translate('zh-CN', 'pay.cashierCancelled') }).waitFor({ timeout: 30000 })
    await page.waitForURL(/orderDetails/, { timeout: 30000 })
    const cancelled = await latestPayment()
    assert.equal(cancelled.status, PAYMENT_STATUS.PENDING)
    const order = await app.server.db.selectFrom('orders').selectAll().where('order_id', '=', cancelled.order_id).executeTakeFirstOrThrow()
    assert.equal(order.paid_amount === '0' || Number(order.paid_amount) === 0, true)
    await shot(page, 'host-pay-cancelled')

    // Pay again from the order: the same attempt, the same payment; this time the cashier declines.
    await byId(page, 'order-pay').click({ timeout: 30000 })
    await page.waitForURL(/paying/, { timeout: 30000 })
    await page.getByText(translate('zh-CN', 'pay.declined')).filter({ visible: true }).first().waitFor({ timeout: 30000 })
    const calls = await cashierCalls(page)
    assert.equal(calls.length, 2)
    assert.equal(calls[1].params.package, calls[0].params.package)
    assert.equal((await app.server.db.selectFrom('payments').select('status').where('pay_id', '=', cancelled.pay_id).executeTakeFirstOrThrow()).status, PAYMENT_STATUS.DECLINED)
    await shot(page, 'host-pay-declined')

    // Try again: a new payment (the declined attempt is over), approved.
    await byId(page, 'paying-retry').click()
    await byId(page, 'result-pickup-number').waitFor({ timeout: 30000 })
    const paid = await latestPayment()
    assert.notEqual(paid.pay_id, cancelled.pay_id)
    assert.equal(paid.status, PAYMENT_STATUS.PAID)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
