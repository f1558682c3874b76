/**
 * The confirm page's state and the ways into it (issue 12 items 1, 3, 8, 9, 10), the built H5 app
 * on the real server in Chromium at a phone viewport:
 * (a) a reload keeps the service style, day, slot and remark; the confirm lines show their choices;
 *     the policy is ticked once and remembered for the next order; back from the payment page the
 *     empty cart says the order was placed and leads to it (Pay now);
 * (b) a shop's counter code (S101, two branches) asks for a branch before the menu, and the order
 *     is placed at the branch chosen;
 * (c) a branch open past midnight, while closed: 'Today' lists tonight's small hours marked after
 *     midnight, never the closing minute, and no error shows before a time is chosen;
 * (d) issue 13: in zh-CN, zh-TW and en the page has no axe violation, its choosers are named radio
 *     groups, the policy box is a checkbox a keyboard ticks with Space (and the policy link is next
 *     in the Tab order), a refused submit stays until dismissed, and the policy box does not move
 *     when the server's totals arrive.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { wallClockIn } from '../../src/core/wall-clock'
import type { Locale } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'
import { assertNoFindings, checkPage } from './axe'
import path from 'node:path'
import { phone, SCREENSHOTS, saveScreenshot } from './browser'
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
    // Delivery's fields are labelled in the diner's language (and the labels are what a screen reader says).
    await page.getByRole('radio', { name: translate('zh-TW', 'checkout.service.delivery') }).filter({ visible: true }).click()
    // The phone too is a text field (a number field would be a spin button).
    for (const key of ['checkout.contact', 'checkout.phone', 'checkout.address'] as const)
      await page.getByRole('textbox', { name: translate('zh-TW', key), exact: true }).filter({ visible: true }).waitFor({ timeout: 15000 })
    await page.getByRole('textbox', { name: translate('zh-TW', 'checkout.remarks') }).filter({ visible: true }).waitFor()
    await page.getByRole('radio', { name: translate('zh-TW', 'checkout.service.takeaway') }).filter({ visible: true }).click()
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
    // The branch must open on a half hour at least two hours from now and before midnight: later
    // than 21:30 the opening would come within the first slot's lead time (at 23:29 the first slot
    // was 23:40, not the 23:30 opening).
    if (s < 45 * 60 || s >= 21 * 3600 + 30 * 60) return t.skip('within two and a half hours before midnight, or 45 minutes after it (Macau time)')
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

  for (const [locale, device] of [
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['en', 'en-US']
  ] as [Locale, string][]) {
    it(`for a keyboard and a screen reader (${locale}): no axe violation, named radio groups, Space ticks the policy box, nothing moves as the totals arrive`, async () => {
      const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params)
      const context = await phone(app.browser, device)
      try {
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        // The totals take a while (a slow line): the page is looked at before and after they arrive.
        let slow = true
        await page.route('**/GetData', async (route) => {
          if (slow && (route.request().postData() ?? '').includes('KeyName=OrderPricePreview')) await new Promise((r) => setTimeout(r, 1500))
          await route.continue()
        })
        await scanAndCheckout(page, 'T01', ['F01'])
        const agree = page.getByRole('checkbox', { name: `${t('checkout.agree')}${locale === 'en' ? ' ' : ''}${t('checkout.policyLink')}` }).filter({ visible: true })
        await agree.waitFor({ timeout: 30000 })
        // Once the page has slid in (the totals are still on their way: '…').
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5000, polling: 50 })
        assert.equal(await byId(page, 'total-goods').count(), 0, 'the totals have not arrived yet')
        const before = await agree.boundingBox()
        await byId(page, 'total-goods').waitFor({ timeout: 30000 })
        slow = false
        assert.deepEqual(await agree.boundingBox(), before, 'the policy box stays where it was when the totals arrive')

        const service = page.getByRole('radiogroup', { name: t('checkout.service') }).filter({ visible: true })
        const takeaway = service.getByRole('radio', { name: t('checkout.service.takeaway') })
        await takeaway.focus()
        await page.keyboard.press('Enter')
        assert.equal(await takeaway.getAttribute('aria-checked'), 'true')
        const day = page.getByRole('radiogroup', { name: t('checkout.day') }).filter({ visible: true }).getByRole('radio', { name: t('checkout.tomorrow') })
        await day.focus()
        await page.keyboard.press(' ')
        assert.equal(await day.getAttribute('aria-checked'), 'true')
        await page.getByRole('radiogroup', { name: t('checkout.time.pickup') }).filter({ visible: true }).getByRole('radio').first().click()
        await byId(page, 'total-goods').waitFor({ timeout: 30000 })

        // Unticked, the order is refused: the reason stays (no 2-s toast) until dismissed; focus goes back to the button.
        assert.equal(await agree.getAttribute('aria-checked'), 'false')
        const submit = page.getByRole('button', { name: t('checkout.submitPrepay') }).filter({ visible: true })
        await submit.focus()
        await page.keyboard.press('Enter')
        const refusal = page.getByRole('alert').filter({ hasText: t('checkout.agreePrivacy') }).filter({ visible: true })
        await refusal.waitFor({ timeout: 10000 })
        await page.waitForTimeout(2500)
        assert.equal(await refusal.count(), 1, 'the refusal is still there after 2.5 s')
        assertNoFindings(await checkPage(page, `checkout-a11y-refusal-${locale}`))
        await page.getByRole('button', { name: t('modal.ok') }).filter({ visible: true }).click()
        await refusal.waitFor({ state: 'detached', timeout: 5000 })
        // OK takes the diner to the box the refusal asked for (issue 27 item 14): focused, and on screen.
        assert.equal(await agree.evaluate((el) => el === document.activeElement), true, 'OK puts the focus on the policy box')
        const box = await agree.boundingBox()
        assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `the policy box is on screen after OK (${JSON.stringify(box)})`)
        const bar = await byId(page, 'submit-order').boundingBox()
        assert.ok(box && bar && box.y + box.height <= bar.y, 'the policy box is not under the bar at the bottom')
        assert.match((await byId(page, 'agree-row').getAttribute('class')) ?? '', /so-confirm__agree--asked/, 'the row is marked until ticked')
        await shot(page, `checkout-refusal-ok-${locale}`)

        // The box by keyboard: Space ticks and unticks it; Tab goes on to the policy link.
        await agree.focus()
        await page.keyboard.press(' ')
        assert.equal(await agree.getAttribute('aria-checked'), 'true')
        await page.keyboard.press(' ')
        assert.equal(await agree.getAttribute('aria-checked'), 'false')
        await page.keyboard.press(' ')
        await page.keyboard.press('Tab')
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'open-terms')
        assert.equal(await agree.getAttribute('aria-checked'), 'true')
        await byId(page, 'checkout-total').getByText(money(price('F01'))).waitFor({ timeout: 15000 })
        assertNoFindings(await checkPage(page, `checkout-a11y-${locale}`))
        await saveScreenshot(page, { path: path.join(SCREENSHOTS, `checkout-a11y-${locale}.png`) })
        assert.deepEqual(errors, [])
      } finally {
        await context.close()
      }
    })
  }
})
