/**
 * Issue 25: the H5 journeys with the real providers pointed at the loopback fakes
 * (tests/support/real-providers.ts): WeChat Pay, Alipay, WeChat and Alipay sign-in, Aliyun SMS; the
 * demo enterprise charging in ¥. The hosts' own pages are stood in by page routes that do what the
 * vendor's page does with the fakes: the chat-app's and the payment-app's authorise pages issue a
 * code at the sign-in fake and send the browser back (code / auth_code and state); the chat-app
 * browser's WeixinJSBridge and the payment-app browser's AlipayJSBridge hand what the app gives
 * them to the test, which checks it as the vendor's cashier would (the paySign with the merchant key
 * WeChat Pay knows and a prepay id it issued; a tradeNO Alipay issued) and has the fake pay and send
 * its signed notice to our server; in a plain phone browser WeChat Pay's H5 page and Alipay's wap
 * cashier (the fake's gateway) pay, notify and redirect back. An SMS login with the code the SMS
 * vendor delivered, and a recharge. The paid result page of each host is photographed at 390×844
 * to /tmp/real-providers-*.png.
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locale } from '../../src/gateway/contract'
import type { BrowserContext, Page } from 'playwright-core'
import { Decimal } from '../../src/core/money'
import { translate } from '../../src/i18n/translate'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { maskedPhone } from '../../src/core/phone-mask'
import { byId, price, agreeAndSubmit } from './steps'
import { useAppUnderTest, demoCode } from './harness'
import { alipayPays, alipayTrade, chargeWith, checkWechatCashier, startFakes, useCny, wechatPayPays, type RealProviderFakes } from '../support/real-providers'
import { saveScreenshot } from './browser'

let fakes: RealProviderFakes
const app = useAppUnderTest(async () => {
  fakes = await startFakes()
  return fakes.config
})
after(async () => {
  await fakes?.stop()
})

const UA = {
  wechat:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 XWEB/1260059 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003052) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  alipay:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 Nebula AlipayDefined(nt:WIFI,ws:390|844|2.0) AliApp(AP/10.5.86.8000) AlipayClient/10.5.86.8000 Language/zh-Hant',
  plain: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
}

const menu = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'server/seed/menus/menu-S101.json'), 'utf8')) as { goods: { code: string; names: Record<Locale, string> }[] }
const goodsName = (code: string, locale: Locale) => menu.goods.find((g) => g.code === code)!.names[locale]
const yuan = (d: Decimal | string): string => `¥${new Decimal(d).toFixed(2)}`

/** Every notice a vendor sent to our server and its answer. */
const notified: { outTradeNo: string; status: number }[] = []

/**
 * The host's JS bridge as its web view injects it (a moment after the document, announced by its
 * Ready event); its cashier is the test's (window.__vendorCashier), which answers as the host does.
 */
function bridge(kind: 'wechat' | 'alipay'): string {
  return `(() => {
  const bridge = ${
    kind === 'wechat'
      ? `{ invoke(api, params, callback) {
      if (api !== 'getBrandWCPayRequest') return callback({ err_msg: api + ':fail' })
      window.__vendorCashier(params).then((errMsg) => callback({ err_msg: errMsg }))
    } }`
      : `{ call(api, params, callback) {
      if (api !== 'tradePay') return callback({ error: 1 })
      window.__vendorCashier(params).then((resultCode) => callback({ resultCode }))
    } }`
  }
  const name = ${JSON.stringify(kind === 'wechat' ? 'WeixinJSBridge' : 'AlipayJSBridge')}
  document.addEventListener('DOMContentLoaded', () => setTimeout(() => {
    window[name] = bridge
    document.dispatchEvent(new Event(name + 'Ready'))
  }, 50))
})()`
}

async function phoneIn(ua: string, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page; errors: string[]; cashier: Record<string, unknown>[] }> {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale, userAgent: ua })
  const cashier: Record<string, unknown>[] = []
  if (ua === UA.wechat) await context.addInitScript(bridge('wechat'))
  if (ua === UA.alipay) await context.addInitScript(bridge('alipay'))
  // WeChat's cashier: the paySign and prepay id checked, then WeChat Pay pays and notifies us.
  await context.exposeFunction('__vendorCashier', async (params: Record<string, unknown>) => {
    cashier.push(params)
    if ('tradeNO' in params) {
      const trade = alipayTrade(fakes, params.tradeNO)
      if (!trade || Object.keys(params).length !== 1) return '4000'
      const { status } = await alipayPays(fakes, trade.outTradeNo)
      notified.push({ outTradeNo: trade.outTradeNo, status })
      return '9000'
    }
    const checked = checkWechatCashier(fakes, params, 'jsapi')
    if ('refused' in checked) return `get_brand_wcpay_request:fail ${checked.refused}`
    notified.push({ outTradeNo: checked.outTradeNo, status: await wechatPayPays(fakes, checked.outTradeNo) })
    return 'get_brand_wcpay_request:ok'
  })
  // The hosts' authorise pages: a code from the sign-in fake, back to redirect_uri as the host sends it.
  await context.route('https://open.weixin.qq.com/**', async (route) => {
    const asked = new URL(route.request().url())
    const code = fakes.wechatAuth.issueCode('oa', { openId: `oOffi-${Date.now()}`, nickname: 'Wei' }, { scope: asked.searchParams.get('scope') ?? 'snsapi_userinfo' })
    const back = new URL(asked.searchParams.get('redirect_uri')!)
    back.searchParams.set('code', code)
    back.searchParams.set('state', asked.searchParams.get('state') ?? '')
    await route.fulfill({ status: 302, headers: { location: back.toString() } })
  })
  await context.route('https://openauth.alipay.com/**', async (route) => {
    const asked = new URL(route.request().url())
    const code = fakes.alipayAuth.issueCode(asked.searchParams.get('app_id') ?? '', { openId: `0${Date.now()}alipayopenid`, nickName: 'Ali' })
    const back = new URL(asked.searchParams.get('redirect_uri')!)
    for (const [k, v] of Object.entries({ app_id: asked.searchParams.get('app_id') ?? '', source: 'alipay_wallet', scope: asked.searchParams.get('scope') ?? '', auth_code: code, state: asked.searchParams.get('state') ?? '' })) back.searchParams.set(k, v)
    await route.fulfill({ status: 302, headers: { location: back.toString() } })
  })
  // WeChat Pay's H5 page (a plain browser): the payer pays, WeChat Pay notifies us, the page goes to redirect_url.
  await context.route('https://wx.tenpay.com/**', async (route) => {
    const asked = new URL(route.request().url())
    const order = [...fakes.wechatPay.orders.values()].find((o) => o.prepayId === asked.searchParams.get('prepay_id') && o.tradeType === 'MWEB')
    if (!order) return route.fulfill({ status: 404, body: 'unknown prepay_id' })
    notified.push({ outTradeNo: order.out_trade_no, status: await wechatPayPays(fakes, order.out_trade_no) })
    await route.fulfill({ status: 302, headers: { location: asked.searchParams.get('redirect_url')! } })
  })
  // Alipay's wap cashier is the fake's gateway (alipay.trade.wap.pay, signature checked there): paid, notified, back to return_url.
  await context.route(
    (url) => url.href.startsWith(fakes.alipay.url) && url.searchParams.get('method') === 'alipay.trade.wap.pay',
    async (route) => {
      const cashierPage = await route.fetch()
      const text = await cashierPage.text()
      const asked = new URL(route.request().url())
      const outTradeNo = String(JSON.parse(asked.searchParams.get('biz_content') ?? '{}').out_trade_no ?? '')
      if (!text.startsWith('<html>') || !fakes.alipay.trades.has(outTradeNo)) return route.fulfill({ response: cashierPage })
      const { status } = await alipayPays(fakes, outTradeNo)
      notified.push({ outTradeNo, status })
      await route.fulfill({ status: 302, headers: { location: asked.searchParams.get('return_url')! } })
    }
  )
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors, cashier }
}

/** Table T01 (pay first): goods by number, a takeaway with the first slot, the order placed. */
async function orderAtT01(page: Page, locale: Locale, codes: string[]): Promise<Decimal> {
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
  await byId(page, 'cart-total').getByText(yuan(total)).waitFor({ timeout: 15000 })
  await byId(page, 'cart-go').click()
  await byId(page, 'cart-checkout').click({ timeout: 15000 })
  await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
  await byId(page, 'slot-day').first().click()
  await byId(page, 'slot-time').first().click()
  await byId(page, 'checkout-total').getByText(yuan(total)).waitFor({ timeout: 15000 })
  await agreeAndSubmit(page)
  return total
}

const mineTab = (page: Page, locale: 'en' | 'zh-TW') => page.getByRole('tab', { name: translate(locale, 'tab.mine') }).filter({ visible: true })

/** The paid result: the pickup number on show, the payment paid at `provider` for `total`. */
async function seePaid(page: Page, provider: string, total: Decimal, picture: string): Promise<void> {
  const pickup = byId(page, 'result-pickup-number')
  await pickup.waitFor({ timeout: 30000 })
  const last = notified.at(-1)!
  assert.equal(last.status, 200, 'our server took the vendor’s signed notice')
  const payment = await app.server.db.selectFrom('payments').selectAll().where('pay_id', '=', last.outTradeNo).executeTakeFirstOrThrow()
  assert.equal(payment.provider, provider)
  assert.equal(payment.status, PAYMENT_STATUS.PAID)
  assert.equal(payment.amount, total.toFixed(2))
  const order = await app.server.db.selectFrom('orders').selectAll().where('order_id', '=', payment.order_id).executeTakeFirstOrThrow()
  assert.ok((await pickup.innerText()).includes(order.pickup_no))
  await saveScreenshot(page, { path: `/tmp/real-providers-${picture}.png` })
}

/** Runs a journey; when it fails, a picture of the page and its address go with the error. */
async function pictured(page: Page, name: string, journey: () => Promise<void>): Promise<void> {
  try {
    await journey()
  } catch (e) {
    await saveScreenshot(page, { path: `/tmp/real-providers-${name}-failed.png` }).catch(() => undefined)
    throw new Error(`${(e as Error).message}\nat ${page.url()}, pictured in /tmp/real-providers-${name}-failed.png:\n${(await page.locator('body').innerText().catch(() => '')).slice(0, 800)}`)
  }
}

describe('H5 with the real providers at the fakes', () => {
  it('chat-app browser: OAuth sign-in at WeChat, an order paid through WeixinJSBridge with WeChat Pay’s JSAPI parameters', async () => {
    await useCny(app.server.db)
    await chargeWith(app.server.db, 'S101', 'wechatpay')
    const { context, page, errors, cashier } = await phoneIn(UA.wechat)
    await pictured(page, 'wechat-browser', async () => {
      await page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(await demoCode(app.server, 'T01'))}`)
      await mineTab(page, 'en').click({ timeout: 30000 })
      // To WeChat's authorise page and back: the member is the one WeChat vouched for, with its nickname.
      await byId(page, 'member-name').getByText('Wei').waitFor({ timeout: 30000 })
      assert.ok(fakes.wechatAuth.requests.some((r) => r.path === '/sns/oauth2/access_token'))
      assert.ok(fakes.wechatAuth.requests.some((r) => r.path === '/sns/userinfo'))

      const total = await orderAtT01(page, 'en', ['F01', 'E03'])
      await seePaid(page, 'wechatpay', total, 'wechat-browser')
      assert.deepEqual(Object.keys(cashier[0]).sort(), ['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp'])
      assert.deepEqual(errors, [])
    })
    await context.close()
  })

  it('payment-app browser: authorise at Alipay (auth_code), an order paid through AlipayJSBridge tradePay with the trade Alipay made', async () => {
    await useCny(app.server.db)
    await chargeWith(app.server.db, 'S101', 'alipay')
    const { context, page, errors, cashier } = await phoneIn(UA.alipay)
    await pictured(page, 'alipay-browser', async () => {
      await page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(await demoCode(app.server, 'T01'))}`)
      await mineTab(page, 'zh-TW').click({ timeout: 30000 })
      await byId(page, 'member-name').getByText('Ali').waitFor({ timeout: 30000 })
      assert.ok(fakes.alipayAuth.requests.some((r) => r.params.method === 'alipay.system.oauth.token' && r.signatureValid))

      const total = await orderAtT01(page, 'zh-TW', ['F01'])
      await seePaid(page, 'alipay', total, 'alipay-browser')
      assert.deepEqual(Object.keys(cashier[0]), ['tradeNO'])
      assert.deepEqual(errors, [])
    })
    await context.close()
  })

  it('plain phone browser: SMS login with the code the vendor delivered, an order paid on WeChat Pay’s H5 page, a recharge at Alipay’s wap cashier', async () => {
    await useCny(app.server.db)
    await chargeWith(app.server.db, 'S101', 'wechatpay')
    const { context, page, errors } = await phoneIn(UA.plain)
    await pictured(page, 'plain-browser', async () => {
      const phone = '66123409'
      await page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(await demoCode(app.server, 'T01'))}`)
      await mineTab(page, 'en').click({ timeout: 30000 })
      await byId(page, 'login-cta').click({ timeout: 30000 })
      await page.getByRole('spinbutton', { name: 'Mobile number' }).filter({ visible: true }).fill(phone, { timeout: 30000 })
      const sent = fakes.sms.sends.length
      await page.getByRole('button', { name: 'Get code' }).filter({ visible: true }).click()
      // The page's note that the code went out (its status line is there, empty, from the start):
      // only then has the vendor's fake had the request (a slow machine showed 'Sending…' first).
      await page.getByText(translate('en', 'member.codeSent', { to: `853 ${phone}` })).filter({ visible: true }).first().waitFor({ timeout: 15000 })
      assert.equal(fakes.sms.sends.length, sent + 1)
      assert.equal(fakes.sms.sends.at(-1)!.PhoneNumbers, `853${phone}`)
      await page.getByRole('spinbutton', { name: 'Verification code' }).filter({ visible: true }).fill(fakes.sms.lastCode())
      await page.getByRole('checkbox', { name: /privacy policy/ }).filter({ visible: true }).click()
      await byId(page, 'login-submit').click()
      await byId(page, 'member-phone').getByText(maskedPhone('853', phone)).waitFor({ timeout: 30000 })

      // WeChat Pay's H5 page, outside the chat app, then back to the app.
      const total = await orderAtT01(page, 'en', ['E03'])
      await seePaid(page, 'wechatpay', total, 'plain-browser')

      // A recharge at Alipay's wap cashier.
      await chargeWith(app.server.db, 'S101', 'alipay')
      await page.goto(`${app.server.url}/#/pages/mine/mine`)
      await byId(page, 'entry-recharge').click({ timeout: 30000 })
      const rule = await app.server.db.selectFrom('recharge_rules').selectAll().where('amount', '=', '100').executeTakeFirstOrThrow()
      await page.locator(`[data-rule-id="${rule.rule_id}"]`).filter({ visible: true }).click({ timeout: 30000 })
      await byId(page, 'recharge-submit').click()
      const credited = new Decimal(rule.amount).plus(rule.gift_amount)
      await byId(page, 'recharge-new-balance').getByText(yuan(credited)).waitFor({ timeout: 30000 })
      const last = notified.at(-1)!
      assert.equal(last.status, 200)
      const recharge = await app.server.db.selectFrom('recharges').selectAll().where('recharge_id', '=', last.outTradeNo).executeTakeFirstOrThrow()
      assert.equal(recharge.provider, 'alipay')
      assert.equal(recharge.status, RECHARGE_STATUS.PAID)
      await saveScreenshot(page, { path: '/tmp/real-providers-plain-recharge.png' })
      assert.deepEqual(errors, [])
    })
    await context.close()
  })
})
