/**
 * The confirm page's state and the ways into it (issue 12 items 1, 3, 8, 9, 10), the built H5 app
 * on the real server in Chromium at a phone viewport:
 * (a) a reload keeps the service style, day, slot and remark; the confirm lines show their choices;
 *     the policy is ticked once and remembered for the next order; back from the payment page the
 *     empty cart says the order was placed and leads to it (Pay now);
 * (b) a shop's counter code (S101, two branches) asks for a branch before the menu, and the order
 *     is placed at the branch chosen;
 * (c) a branch open past midnight, while closed: 'Today' lists tonight's small hours marked after
 *     midnight, never the closing minute, and no error shows before a time is chosen.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { wallClockIn } from '../../src/core/wall-clock'
import { phone } from './browser'
import { agreeAndSubmit, byId, money, price, shot } from './steps'
import { useAppUnderTest, demoCode, entryUrl } from './harness'

const app = useAppUnderTest()
const B202 = 'B202'

/** From the menu page: find goods by number, add one of each, open the cart and go to the confirm page. */
async function addBySearch(page: Page, codes: string[]): Promise<void> {
  await byId(page, 'open-search').click({ timeout: 30000 })
  const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
  await input.waitFor({ timeout: 30000 })
  for (const code of codes) {
    await input.fill(code)
    const row = page.locator(`[data-goods-code="${code}"]`).filter({ visible: true })
    await row.waitFor({ timeout: 15000 })
    await row.getByRole('button').last().click()
  }
  const total = codes.reduce((sum, code) => sum.plus(price(code)), price(codes[0]).minus(price(codes[0])))
  await byId(page, 'cart-total').getByText(money(total)).waitFor({ timeout: 15000 })
  await byId(page, 'cart-go').click()
  await byId(page, 'cart-checkout').click({ timeout: 15000 })
}

/** Scan a table's code, then order by number from Home. */
async function scanAndCheckout(page: Page, table: string, codes: string[]): Promise<void> {
  await page.goto(await entryUrl(app.server, table))
  await byId(page, 'order-now').click({ timeout: 30000 })
  await addBySearch(page, codes)
}

describe('checkout', () => {
  it('keeps its choices over a reload, remembers the policy, and leads back to a placed order', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    // Fast-food table T01 (B202): pay first.
    await scanAndCheckout(page, 'T01', ['F01'])
    await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
    await byId(page, 'slot-day').nth(1).click()
    const slot = byId(page, 'slot-time').nth(2)
    const slotText = await slot.getAttribute('data-slot')
    await slot.click()
    await page.locator('[data-testid="confirm-remarks"] textarea').filter({ visible: true }).fill('No coriander please')
    // The line shows its quantity spaced, not '×1…'.
    assert.match(await byId(page, 'confirm-line-quantity').first().innerText(), /^× 1$/)
    await page.reload()

    await byId(page, 'service-option-takeaway').and(page.locator('[aria-checked="true"]')).waitFor({ timeout: 30000 })
    await page.locator(`[data-slot="${slotText}"][aria-checked="true"]`).filter({ visible: true }).waitFor({ timeout: 15000 })
    assert.equal(await page.locator('[data-testid="confirm-remarks"] textarea').filter({ visible: true }).inputValue(), 'No coriander please')
    await byId(page, 'checkout-total').getByText(money(price('F01'))).waitFor({ timeout: 15000 })
    await shot(page, 'checkout-after-reload')

    // The first order: the policy is ticked here.
    assert.equal(await byId(page, 'agree-privacy').getAttribute('aria-checked'), 'false')
    await agreeAndSubmit(page)
    await page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 })
    const [order] = await app.server.db.selectFrom('orders').selectAll().where('kind', '=', 'order').where('remarks', '=', 'No coriander please').execute()
    assert.ok(order, 'the order was placed with its remark')
    assert.equal(order.appointed_time, slotText)

    // Back from the payment page: the empty cart says the order was placed and opens it.
    await page.goBack()
    await byId(page, 'placed-notice').waitFor({ timeout: 30000 })
    await shot(page, 'checkout-placed-notice')
    await byId(page, 'placed-open').click()
    await page.waitForURL(new RegExp(`orderDetails.*SheetID=${order.order_id}`), { timeout: 30000 })

    // A second order on this phone: the policy is already agreed to; the remark and time are not carried over.
    await scanAndCheckout(page, 'T01', ['E03'])
    await byId(page, 'agree-privacy').and(page.locator('[aria-checked="true"]')).waitFor({ timeout: 30000 })
    assert.equal(await page.locator('[data-testid="confirm-remarks"] textarea').filter({ visible: true }).inputValue(), '')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it("a shop's counter code asks for a branch before ordering, and the order goes to that branch", async () => {
    const context = await phone(app.browser, 'zh-HK')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(await entryUrl(app.server, 'S101'))
    await byId(page, 'order-now').click({ timeout: 30000 })
    await byId(page, 'base-first').waitFor({ timeout: 30000 })
    await shot(page, 'checkout-branch-first')
    await page.locator(`[data-testid="base-option"][data-base="${B202}"]`).filter({ visible: true }).click()
    await addBySearch(page, ['F01'])
    await byId(page, 'service-options').waitFor({ timeout: 30000 })
    await byId(page, 'checkout-total').getByText(money(price('F01'))).waitFor({ timeout: 15000 })
    await shot(page, 'checkout-counter-confirm')
    await agreeAndSubmit(page)
    await page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 })
    const orders = await app.server.db.selectFrom('orders').selectAll().where('kind', '=', 'order').where('base_id', '=', B202).where('table_id', '=', '').execute()
    assert.equal(orders.length, 1)
    assert.deepEqual(errors, [])
    await context.close()
  })

  it("a branch open past midnight, closed now: 'Today' lists tonight's small hours, never the closing minute, no error first", async (t) => {
    const wall = wallClockIn('Asia/Macau', new Date())
    const s = wall.secondsOfDay
    if (s < 45 * 60 || s >= 23 * 3600 + 30 * 60) return t.skip('within half an hour of midnight (Macau time)')
    const q = 15 * 60
    const clock = (x: number) => `${String(Math.floor(x / 3600)).padStart(2, '0')}:${String(Math.floor((x % 3600) / 60)).padStart(2, '0')}`
    const end = clock(Math.floor((s - q) / q) * q)
    // On the half hour, so the 15-minute steps meet midnight and the closing minute.
    const begin = clock(Math.min(Math.ceil((s + 2 * 3600) / (2 * q)) * 2 * q, 23 * 3600 + 30 * 60))
    await app.server.db.updateTable('bases').set({ begin_time: begin, end_time: end }).where('base_id', '=', B202).execute()
    const context = await phone(app.browser, 'en-US')
    try {
      const page = await context.newPage()
      // A walk-in at the counter of the fast-food branch (its table would lead to the closed table page).
      await page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(await demoCode(app.server, 'S101'))}`)
      await byId(page, 'order-now').click({ timeout: 30000 })
      await page.locator(`[data-testid="base-option"][data-base="${B202}"]`).filter({ visible: true }).click({ timeout: 30000 })
      await addBySearch(page, ['F01'])
      await byId(page, 'closed-now').waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'slot-asap').count(), 0)
      assert.equal(await byId(page, 'preview-problem').count(), 0)
      assert.equal((await byId(page, 'slot-day').first().innerText()).trim(), 'Today')
      const times = (await byId(page, 'slot-time').allInnerTexts()).map((x) => x.trim())
      assert.equal(times[0], begin)
      assert.ok(times.includes('00:00 (after midnight)'), times.join(' '))
      const last = times[times.length - 1]
      assert.match(last, /\(after midnight\)$/)
      assert.ok(!times.some((x) => x.startsWith(end)), `no slot at the closing minute ${end}`)
      await shot(page, 'checkout-night-slots')
      await byId(page, 'slot-time').last().click()
      await byId(page, 'checkout-total').getByText(money(price('F01'))).waitFor({ timeout: 15000 })
    } finally {
      await context.close()
      await app.server.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).where('base_id', '=', B202).execute()
    }
  })
})
