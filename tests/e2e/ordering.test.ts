/**
 * Ordering end to end (issue 4): the built H5 app on the real server, in Chromium at a phone
 * viewport. (a) Prepay takeaway: menu → cart → confirm with a slot → the sandbox payment page →
 * paymentResult with a pickup number → the shop marks it ready with the orders CLI → orderDetails
 * shows Ready for Pickup. (b) Pay-later dine-in: two phones at one table add rounds to one sheet,
 * both see both rounds, and the sheet is settled online and closed.
 */
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { BrowserContext, Page } from 'playwright-core'
import { Decimal } from '../../src/core/money'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import { phone, SCREENSHOTS } from './browser'
import { useAppUnderTest } from './harness'

const app = useAppUnderTest()
const root = path.resolve(__dirname, '..', '..')
const menu: MenuFile = JSON.parse(readFileSync(path.join(root, 'server/seed/menus/menu-S101.json'), 'utf8'))
const goods = (code: string) => menu.goods.find((g) => g.code === code)!
const price = (code: string) => new Decimal(goods(code).salesPrice ?? goods(code).price)
const money = (d: Decimal) => `MOP$${d.toFixed(2)}`

/** Taro H5 keeps earlier pages of the stack in the DOM, hidden: look only at the page on show. */
const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true })
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) })

/** Scan a code, find goods by number and add one of each from the results. */
async function scanAndAdd(page: Page, qrCode: string, codes: string[]): Promise<void> {
  await page.goto(`${app.server.url}/?QRCode=${qrCode}`)
  await byId(page, 'order-by-number').click({ timeout: 30000 })
  const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
  await input.waitFor({ timeout: 30000 })
  for (const code of codes) {
    await input.fill(code)
    const row = page.locator(`[data-goods-code="${code}"]`).filter({ visible: true })
    await row.waitFor({ timeout: 15000 })
    await row.getByRole('button', { name: `Add one ${goods(code).names.en}` }).click()
  }
  const total = codes.reduce((sum, code) => sum.plus(price(code)), new Decimal(0))
  await byId(page, 'cart-total').getByText(money(total)).waitFor({ timeout: 15000 })
  await byId(page, 'cart-go').click()
  await byId(page, 'cart-checkout').click({ timeout: 15000 })
}

/** On the confirm page: agree to the policy and place the order. */
async function agreeAndSubmit(page: Page): Promise<void> {
  await byId(page, 'agree-privacy').locator('.so-confirm__box').click()
  await byId(page, 'submit-order').click()
}

/** On the sandbox provider's hosted page: approve, and come back to the app. */
async function approveOnSandbox(page: Page): Promise<void> {
  await page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 })
  await shot(page, 'sandbox-pay')
  await page.locator('button.approve').click()
}

function ordersCli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/cli/orders.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: app.server.config.dataDir, DATABASE_URL: '' }
  })
}

describe('ordering', () => {
  before(async () => {
    // The demo branches keep real opening hours; open them around the clock so the test does not
    // depend on the hour it runs at.
    await app.server.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).execute()
  })

  it('prepay takeaway: confirm with a slot, pay on the sandbox page, get a pickup number, see Ready for Pickup', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    // Table T01 of the fast-food branch B202: pay first.
    await scanAndAdd(page, 'QR-T01', ['F01', 'E03'])
    await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
    await byId(page, 'slot-day').first().click()
    await byId(page, 'slot-time').first().click()
    const expected = money(price('F01').plus(price('E03')))
    await byId(page, 'checkout-total').getByText(expected).waitFor({ timeout: 15000 })
    await shot(page, 'prepay-confirm')
    await agreeAndSubmit(page)

    await approveOnSandbox(page)
    const pickup = byId(page, 'result-pickup-number')
    await pickup.waitFor({ timeout: 30000 })
    const pickupNo = (await pickup.innerText()).trim()
    assert.match(pickupNo, /\d+/)
    await shot(page, 'payment-result')

    const [order] = await app.server.db.selectFrom('orders').selectAll().where('kind', '=', 'order').where('status', '=', 1).execute()
    assert.ok(order, 'the order is paid')
    assert.equal(order.amount, price('F01').plus(price('E03')).toFixed(2))
    assert.equal(order.service_type, 'takeaway')
    assert.match(order.appointed_time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    assert.ok(pickupNo.includes(order.pickup_no))

    const ready = await ordersCli('ready', order.order_id)
    assert.match(ready.stdout, /Ready for Pickup/)

    await byId(page, 'result-view-order').click()
    await byId(page, 'order-status').getByText('Ready for Pickup').waitFor({ timeout: 30000 })
    await shot(page, 'order-ready')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('pay-later dine-in: two phones add rounds to one sheet, both see both, and the sheet is settled and closed', async () => {
    const phones: BrowserContext[] = [await phone(app.browser, 'en-US'), await phone(app.browser, 'en-US')]
    const [a, b] = await Promise.all(phones.map((c) => c.newPage()))

    // Table A01 of the dine-in branch B201: order now, pay later.
    await scanAndAdd(a, 'QR-A01', ['F01'])
    await agreeAndSubmit(a)
    await byId(a, 'sheet-round').first().waitFor({ timeout: 30000 }).catch(async (e) => {
      await shot(a, 'debug-postpay')
      throw e
    })

    await scanAndAdd(b, 'QR-A01', ['E03'])
    await agreeAndSubmit(b)
    await byId(b, 'sheet-round').nth(1).waitFor({ timeout: 30000 })

    // Phone A's sheet page polls: it shows phone B's round too.
    const total = money(price('F01').plus(price('E03')))
    for (const page of [a, b]) {
      await byId(page, 'sheet-total').getByText(total).waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'sheet-round').count(), 2)
    }
    await shot(a, 'order-entry-two-rounds')
    const sheets = await app.server.db.selectFrom('table_sheets').selectAll().where('table_id', '=', 'B201-A01').execute()
    assert.equal(sheets.length, 1)
    assert.equal(sheets[0].round_count, 2)

    await byId(a, 'pay-bill').click()
    await approveOnSandbox(a)
    await byId(a, 'result-pickup-number').or(byId(a, 'payment-result')).first().waitFor({ timeout: 30000 })
    const closed = await app.server.db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheets[0].sheet_id).executeTakeFirstOrThrow()
    assert.equal(closed.status, 2)
    assert.equal(closed.paid_amount, price('F01').plus(price('E03')).toFixed(2))
    await shot(a, 'sheet-paid')
    await Promise.all(phones.map((c) => c.close()))
  })
})
