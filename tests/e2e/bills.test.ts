/**
 * Table bills and order details in the browser (issue 12 items 2, 3, 5): two diners at one table
 * (two browser contexts) and a third round with choices and a remark; the second diner pays the
 * table's bill on the sandbox page. The paid bill and its details list every line with its choices
 * and the remark; back at the table the page says the bill was paid (with a link for the payer),
 * keeps the tab bar and the table's code in the URL, and a reload still knows the table; the first
 * diner's page says the same and starts a new order. A delivery order's details show the contact,
 * phone and address, and no pickup number or table.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { phone } from './browser'
import { agreeAndSubmit, approveOnSandbox, byId, money, price, scanAndAdd, shot } from './steps'
import { Decimal } from '../../src/core/money'
import { demoCode, useAppUnderTest, type AppUnderTest } from './harness'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { DEVICE_KEY_STORAGE } from '../../src/gateway/device-key'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { clientLine, gid } from '../server/helpers/order-fixtures'
import { insertAwaitingOrder, makeMember } from '../server/helpers/member-fixtures'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import type { TestServer } from '../server/helpers/test-server'

const app = useAppUnderTest()

/** A gateway call as a diner's device makes it (its key in X-Device-Key), answers decoded. */
function gateway(app: AppUnderTest, deviceKey: string) {
  const call = async (keyName: string, records: Record<string, unknown>[] = [{}], opts: { lang?: string } = {}) => {
    const tableData = records.map((r, i) => ({ EntID: 'E1001', UserID: 'guest', ...(i === 0 ? { AppName: 'ScanOrder-e2e' } : {}), ...r }))
    const form = new URLSearchParams({
      ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
      KeyName: keyName,
      strJsonData: JSON.stringify({ tableData }),
      AuthCode: app.server.config.authCode,
      IsRSA: '0',
      EntID: 'E1001'
    })
    const res = await app.server.app.inject({
      method: 'POST',
      url: '/GetData',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': opts.lang ?? 'en', 'X-Device-Key': deviceKey }
    })
    return { status: res.statusCode, body: decodeDeep(JSON.parse(res.body)) }
  }
  return { call } as unknown as TestServer
}

function decodeDeep(v: unknown): any {
  if (typeof v === 'string') {
    try {
      return decodeURIComponent(v)
    } catch {
      return v
    }
  }
  if (Array.isArray(v)) return v.map(decodeDeep)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decodeDeep(x)]))
  return v
}

/** The device key the app made in this page's storage (Taro keeps { data } JSON). */
async function deviceKeyOf(page: Page): Promise<string> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), DEVICE_KEY_STORAGE)
  assert.ok(raw, 'the app made a device key')
  try {
    const parsed = JSON.parse(raw)
    return typeof parsed === 'object' && parsed && 'data' in parsed ? String(parsed.data) : String(parsed)
  } catch {
    return raw
  }
}

/** 'MOP$188.00' → 188.00 */
const moneyOf = (text: string): Decimal => new Decimal(text.replace(/[^0-9.]/g, ''))

const tabBarOn = (page: Page) => page.locator('.so-tabbar').filter({ visible: true })

describe('table bills and order details', () => {
  it('a table bill paid by the second diner lists every line with its choices and remark; back at the table it says paid, keeps the tab bar and the code, and starts a new order', async () => {
    const [ctxA, ctxB] = [await phone(app.browser, 'en-US'), await phone(app.browser, 'en-US')]
    const [a, b] = [await ctxA.newPage(), await ctxB.newPage()]
    const errors: string[] = []
    for (const p of [a, b]) p.on('pageerror', (e) => errors.push(e.message))
    const code = await demoCode(app.server, 'A01')

    await scanAndAdd(a, app.server.url, code, ['F01'])
    await agreeAndSubmit(a)
    await byId(a, 'sheet-round').first().waitFor({ timeout: 30000 })

    // A third diner's round with a sku, a remark option, an add-on and the diner's remark.
    const third = gateway(app, 'e2e-bills-third-diner-0001')
    const noodles = await clientLine(third, { code: 'C01', sku: 'LARGE', qua: '2', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] })
    const placed = await third.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: 'B201', TableID: 'B201-A01', QRCode: code, ServiceType: 'dinein', RequestKey: 'e2e-bills-third-round-1', Remarks: 'No coriander please', Lines: [noodles.input] }],
      { lang: 'en' }
    )
    assert.equal(placed.body.resultcode, '0', JSON.stringify(placed.body))
    assert.equal(noodles.input.GoodsID, gid('C01'))

    await scanAndAdd(b, app.server.url, code, ['E03'])
    await agreeAndSubmit(b)
    await byId(b, 'sheet-round').nth(2).waitFor({ timeout: 30000 })
    // The table page shows each round's remark and each line's choices.
    await byId(b, 'sheet-round-remark').getByText('Remark: No coriander please').waitFor({ timeout: 15000 })
    await byId(b, 'order-line-choices').getByText(/Large · Spring onion: No · \+/).waitFor({ timeout: 15000 })
    // The shop lets diners change ordered quantities (CYSheetGoodsQuaEdit = 1): one more Char Siu Bao.
    const before = await byId(b, 'sheet-total').innerText()
    await b.getByRole('button', { name: 'One more Char Siu Bao' }).filter({ visible: true }).click()
    await byId(b, 'sheet-total').getByText(money(moneyOf(before).plus(price('E03')))).waitFor({ timeout: 15000 })
    await shot(b, 'bills-table-before-paying')

    // The second diner pays the whole table.
    await byId(b, 'pay-bill').click()
    await approveOnSandbox(b, null)
    await byId(b, 'payment-result').waitFor({ timeout: 30000 })
    await byId(b, 'order-line').nth(2).waitFor({ timeout: 30000 })
    assert.equal(await byId(b, 'order-line').count(), 3, 'the paid bill lists the three rounds')
    // Paid after the meal: thanks, not 'the kitchen is preparing your order' (issue 27 item 11).
    assert.equal(await byId(b, 'order-note').innerText(), 'The bill is paid. Thank you, and see you again soon!')
    await byId(b, 'order-remark').getByText('Remark: No coriander please').waitFor()
    await shot(b, 'bills-paid-result')

    // Back at the table: paid, a link to the bill, the tab bar, the table's code in the URL.
    await byId(b, 'result-back-to-table').click()
    await byId(b, 'sheet-bill-paid').waitFor({ timeout: 30000 })
    await byId(b, 'sheet-view-bill').waitFor({ timeout: 15000 })
    await tabBarOn(b).waitFor()
    await b.waitForURL(/orderEntry.*QRCode=/, { timeout: 15000 })
    assert.ok(b.url().includes(`QRCode=${encodeURIComponent(code)}`), b.url())
    assert.equal(await byId(b, 'sheet-line').count(), 3)
    await shot(b, 'bills-back-at-table')
    await b.reload()
    await byId(b, 'sheet-bill-paid').waitFor({ timeout: 30000 })
    await tabBarOn(b).waitFor()

    // The bill's details: every line with its choices, the remark.
    await byId(b, 'sheet-view-bill').click()
    await byId(b, 'order-details').waitFor({ timeout: 30000 })
    await byId(b, 'order-line').nth(2).waitFor({ timeout: 30000 })
    assert.equal(await byId(b, 'order-line').count(), 3)
    await byId(b, 'order-line-choices').getByText(/Large · Spring onion: No · \+/).waitFor()
    await byId(b, 'order-remark').getByText('Remark: No coriander please').waitFor()
    await shot(b, 'bills-paid-details')

    // The first diner's page (polling) says the bill was paid, no "nothing ordered".
    await byId(a, 'sheet-bill-paid').waitFor({ timeout: 30000 })
    assert.equal(await a.getByText('Nothing has been ordered at this table yet').filter({ visible: true }).count(), 0)
    await tabBarOn(a).waitFor()
    assert.ok(a.url().includes('QRCode='), a.url())
    await shot(a, 'bills-first-diner-sees-paid')
    await byId(a, 'sheet-new-round').click()
    await a.waitForURL(/goodsList/, { timeout: 15000 })

    assert.deepEqual(errors, [])
    await Promise.all([ctxA.close(), ctxB.close()])
  })

  it('the table page polls the bill without its rows while nothing changed, keeps showing them, and shows them in the new language after a switch there', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await scanAndAdd(page, app.server.url, await demoCode(app.server, 'A03'), ['F01'])
    await agreeAndSubmit(page)
    await byId(page, 'sheet-line').first().waitFor({ timeout: 30000 })
    // A poll (every 5 s) sent back the bill's version and came without the rows (issue 28 item 6)…
    const unchanged = await page.waitForResponse(async (r) => /\bPosSheetDetailGet\b/.test(r.request().postData() ?? '') && (await r.text()).includes('"RowsOmitted":1'), { timeout: 30000 })
    assert.match(unchanged.request().postData() ?? '', /BillVersion/)
    // …and the page still shows the round's line.
    await page.waitForTimeout(300)
    assert.equal(await byId(page, 'sheet-line').count(), 1)
    assert.match(await byId(page, 'sheet-line').first().innerText(), /Soup of the Day/)
    // The diner switches to Traditional Chinese on the table's page (its Home): the same bill, in Chinese.
    await page.getByRole('radio', { name: '繁體中文' }).filter({ visible: true }).click({ timeout: 30000 })
    await byId(page, 'sheet-line').filter({ visible: true }).getByText('是日例湯').waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'sheet-line').filter({ visible: true }).count(), 1)
    await shot(page, 'bills-table-after-language-switch-zh-TW')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it("a delivery order's details show the contact, phone and address, and no pickup number or table", async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(await demoCode(app.server, 'T01'))}`)
    await byId(page, 'order-now').waitFor({ timeout: 30000 })
    const diner = gateway(app, await deviceKeyOf(page))
    const soup = await clientLine(diner, { code: 'F01', base: 'B202', qua: '1' })
    const placed = await diner.call(
      'OrderSubmit',
      [
        {
          ShopID: 'S101',
          BaseID: 'B202',
          TableID: 'B202-T01',
          ServiceType: 'delivery',
          RequestKey: 'e2e-bills-delivery-0001',
          Delivery: { Contact: 'Ana Lei', Phone: '+853 6612 3456', Address: 'Rua do Cunha 10, Taipa', Lat: 22.1603, Lng: 113.556 },
          Lines: [soup.input]
        }
      ],
      { lang: 'en' }
    )
    assert.equal(placed.body.resultcode, '0', JSON.stringify(placed.body))
    const order = placed.body.data.table1[0]
    await app.server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, order.Amount, new Date()))

    await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${order.SheetID}`)
    await byId(page, 'order-address').getByText('Rua do Cunha 10, Taipa').waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'order-contact').innerText(), 'Ana Lei')
    assert.equal(await byId(page, 'order-phone').innerText(), '+853 6612 3456')
    assert.equal(await byId(page, 'pickup-number').count(), 0)
    assert.equal(await page.getByText('T01', { exact: true }).filter({ visible: true }).count(), 0)
    await shot(page, 'bills-delivery-details')
    await context.close()
  })

  it('Pay from balance asks first with the amount and the balance after (the question takes focus); Cancel pays nothing and focus returns to the button', async () => {
    const member = await makeMember(app.server.db, { balance: '100.00' })
    const sheetId = await insertAwaitingOrder(app.server.db, member.ownerKey, '23.50')
    const context = await phone(app.browser, 'en-US')
    // Signed in as this member (the token the app keeps after a login).
    await context.addInitScript(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, member.token])
    const page = await context.newPage()
    await page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(await demoCode(app.server, 'T01'))}`)
    await byId(page, 'order-now').waitFor({ timeout: 30000 })
    await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${sheetId}`)
    const balance = async () => (await app.server.db.selectFrom('members').select('balance').where('vip_id', '=', member.vipId).executeTakeFirstOrThrow()).balance

    // By keyboard: the button, then the question (it takes focus as it appears), Cancel, and back.
    const payFromBalance = page.getByRole('button', { name: 'Pay from balance' }).filter({ visible: true })
    await payFromBalance.focus({ timeout: 30000 })
    await page.keyboard.press('Enter')
    const ask = byId(page, 'balance-confirm')
    const question = ask.getByText('Pay MOP$23.50 from your balance? Your balance will then be MOP$76.50.')
    await question.waitFor({ timeout: 30000 })
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Pay MOP$23.50 from your balance?'), undefined, { timeout: 5000 })
    await shot(page, 'bills-balance-ask')
    await page.keyboard.press('Tab')
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'balance-confirm-cancel')
    await page.keyboard.press('Enter')
    await byId(page, 'order-pay-balance').waitFor({ timeout: 30000 })
    // Focus is back on the button that asked.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'order-pay-balance', undefined, { timeout: 5000 })
    assert.equal(await balance(), '100.00', 'cancelling paid nothing')

    await byId(page, 'order-pay-balance').click()
    await byId(page, 'balance-confirm-pay').click({ timeout: 30000 })
    await byId(page, 'payment-result').waitFor({ timeout: 30000 })
    assert.equal(await balance(), '76.50')
    await context.close()
  })

  it("a bill the table cannot pay now says why in an alert that stays until dismissed, then focus is back on Pay the bill", async () => {
    const context = await phone(app.browser, 'en-US')
    try {
      const page = await context.newPage()
      await scanAndAdd(page, app.server.url, await demoCode(app.server, 'A02'), ['F01'])
      await agreeAndSubmit(page)
      await byId(page, 'sheet-rounds').waitFor({ timeout: 30000 })
      // The server refuses the bill this once (another diner is paying it).
      const refusal = 'Someone at this table is paying the bill now'
      await page.route('**/GetData', async (route) => {
        if (!(route.request().postData() ?? '').includes('KeyName=PayLaterUpdate')) return route.continue()
        await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ errcode: '0', errmsg: '', resultcode: '20017', resultmsg: encodeURIComponent(refusal), data: {} }) })
      })
      const payBill = page.getByRole('button', { name: 'Pay the bill' }).filter({ visible: true })
      await payBill.focus()
      await page.keyboard.press('Enter')
      const alert = page.getByRole('alert').filter({ hasText: refusal }).filter({ visible: true })
      await alert.waitFor({ timeout: 15000 })
      await page.waitForTimeout(2500)
      assert.equal(await alert.count(), 1, 'still there after 2.5 s')
      await shot(page, 'bills-pay-refused')
      await page.getByRole('button', { name: 'OK' }).filter({ visible: true }).click()
      await alert.waitFor({ state: 'detached', timeout: 5000 })
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'pay-bill')
    } finally {
      await context.close()
    }
  })
})
