/**
 * Coupons end to end (issue 15): the built H5 app on the real server, in Chromium at a phone
 * viewport. A member opens My coupons from Mine's tile, claims the demo's welcome voucher and
 * sees it in the available tab with its code (text and QR code) → orders at the fast-food
 * counter, chooses the card on couponSelect and sees the total drop by exactly its value on the
 * confirm page → pays on the sandbox page and the paid order shows the same total and the coupon
 * → the card is in the used tab. Then a recharge's gift coupon goes on a second order, which is
 * cancelled unpaid: the card is back among the available ones. zh-CN and zh-TW look at the pages.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { Decimal } from '../../src/core/money'
import { qrImageUri } from '../../src/features/wallet/qr-image'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { makeMember } from '../server/helpers/member-fixtures'
import { phone } from './browser'
import { useAppUnderTest, entryUrl, demoCode } from './harness'
import { agreeAndSubmit, approveOnSandbox, byId, cli, money, price, scanAndAdd, shot } from './steps'

const app = useAppUnderTest()

const mineTab = (page: Page) => page.getByRole('tab', { name: 'Mine' }).filter({ visible: true })
const modalButton = (page: Page, name: string) => page.locator('.taro-modal__foot').getByText(name, { exact: true }).filter({ visible: true })

/** Signs the page in as a new member (the member fixtures' token), at the fast-food counter. */
async function signIn(page: Page, name: string) {
  const member = await makeMember(app.server.db, { name })
  await page.goto(await entryUrl(app.server, 'T01'))
  // The entry has resolved the table's code and kept it (a page opened directly restores it).
  await byId(page, 'order-now').waitFor({ timeout: 30000 })
  await page.evaluate(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, member.token] as const)
  return member
}

/** The demo's welcome voucher: a claimable cash voucher. */
async function welcomePlan() {
  const plan = await app.server.db
    .selectFrom('coupon_plans')
    .selectAll()
    .where('claimable', '=', 1)
    .where('coupon_type', '=', 1)
    .where('status', '=', 1)
    .orderBy('sort_no')
    .executeTakeFirst()
  assert.ok(plan, 'the demo seeds a claimable welcome voucher')
  return plan
}

/** Goods of the demo menu whose sum reaches `min`. */
function goodsFor(min: Decimal): string[] {
  const codes = ['F01', 'E03']
  // Goods without a required choice: the number search's + adds them straight to the cart.
  for (const more of ['A05', 'B01']) {
    if (codes.reduce((s, c) => s.plus(price(c)), new Decimal(0)).gte(min)) break
    codes.push(more)
  }
  return codes
}

/** On the confirm page: takeaway at the first time offered. */
async function takeawayFirstSlot(page: Page) {
  await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
  await byId(page, 'slot-day').first().click()
  await byId(page, 'slot-time').first().click()
}

/** From the confirm page: the coupon row → couponSelect → the card → back, with its saving. */
async function chooseCard(page: Page, cardId: string, screenshot: string) {
  await byId(page, 'confirm-coupon').click()
  await byId(page, 'coupon-choice').waitFor({ timeout: 30000 })
  const option = page.locator(`[data-testid="coupon-choose"][data-card-id="${cardId}"]`).filter({ visible: true })
  await option.waitFor({ timeout: 30000 })
  await shot(page, screenshot)
  await option.click()
  await byId(page, 'submit-order').waitFor({ timeout: 30000 })
}

describe('coupons', () => {
  it('claims the welcome voucher, uses it on a paid order (total down by its value), and gets a cancelled order’s card back', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const member = await signIn(page, 'Coupon Tester')
    const plan = await welcomePlan()
    const value = new Decimal(plan.amount)

    // Mine → the coupons tile → My coupons: nothing held yet, the welcome voucher offered.
    await page.goto(await entryUrl(app.server, 'T01'))
    await mineTab(page).click({ timeout: 30000 })
    await byId(page, 'member-name').waitFor({ timeout: 30000 })
    await byId(page, 'member-coupons').click()
    await byId(page, 'coupons-list').waitFor({ timeout: 30000 })
    const offered = page.locator(`[data-testid="coupon-plan"][data-plan-id="${plan.plan_id}"]`).filter({ visible: true })
    await offered.waitFor({ timeout: 30000 })
    await byId(page, 'coupon-tab-0').getByText('Available').waitFor()
    await shot(page, 'coupons-list-before-claim')
    await offered.getByTestId('coupon-claim').click()
    const claimed = page.locator('[data-testid="coupon-cards"] [data-testid="coupon-card"]').filter({ visible: true })
    await claimed.first().waitFor({ timeout: 30000 })
    assert.equal(await claimed.count(), 1)
    const [card] = await app.server.db.selectFrom('coupon_cards').selectAll().where('vip_id', '=', member.vipId).execute()
    assert.equal(card.plan_id, plan.plan_id)
    assert.equal(await claimed.first().getAttribute('data-card-id'), card.card_id)
    assert.equal((await claimed.first().getByTestId('coupon-value').innerText()).trim(), money(value))
    // The plan now says the member holds it (one per member).
    await offered.getByTestId('coupon-plan-why').waitFor({ timeout: 15000 })
    await shot(page, 'coupons-list-claimed')

    // Its details: the code as text and as the QR image of that text.
    await claimed.first().getByRole('button').first().click()
    await byId(page, 'coupon-detail').waitFor({ timeout: 30000 })
    assert.equal((await byId(page, 'coupon-code').innerText()).trim(), card.code)
    const src = await byId(page, 'coupon-qr').locator('img').getAttribute('src')
    assert.equal(src, qrImageUri(card.code))
    await shot(page, 'coupon-details')

    // An order over the minimum: the card takes exactly its value off on the confirm page.
    const codes = goodsFor(new Decimal(plan.min_amount))
    const goods = codes.reduce((s, c) => s.plus(price(c)), new Decimal(0))
    await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), codes)
    await takeawayFirstSlot(page)
    await byId(page, 'checkout-total').getByText(money(goods)).waitFor({ timeout: 30000 })
    await byId(page, 'confirm-coupon-value').getByText('Select coupon').waitFor()
    await chooseCard(page, card.card_id, 'coupon-select')
    await byId(page, 'checkout-total').getByText(money(goods.minus(value))).waitFor({ timeout: 30000 })
    await byId(page, 'total-coupon').getByText(`\u2212${money(value)}`).waitFor()
    await byId(page, 'confirm-coupon-value').getByText(`\u2212${money(value)}`).waitFor()
    await shot(page, 'coupon-confirm')
    // Another order takes the card meanwhile (as a second phone would): the next pricing says 'coupon not
    // available' and offers to go on without it; the card free again, the saving is back.
    await app.server.db.updateTable('coupon_cards').set({ status: 1 }).where('card_id', '=', card.card_id).execute()
    await byId(page, 'bag-quantity').getByRole('button').last().click()
    await byId(page, 'preview-problem').getByText('Coupon not available').waitFor({ timeout: 30000 })
    await byId(page, 'coupon-drop').getByText('No coupon').waitFor()
    await byId(page, 'confirm-coupon-value').getByText('Coupon not available').waitFor()
    await shot(page, 'coupon-confirm-taken')
    await app.server.db.updateTable('coupon_cards').set({ status: 0 }).where('card_id', '=', card.card_id).execute()
    await byId(page, 'bag-quantity').getByRole('button').first().click()
    await byId(page, 'checkout-total').getByText(money(goods.minus(value))).waitFor({ timeout: 30000 })
    await agreeAndSubmit(page)
    await approveOnSandbox(page, null)
    await byId(page, 'result-pickup-number').waitFor({ timeout: 30000 })
    const paid = await app.server.db.selectFrom('orders').selectAll().where('vip_id', '=', member.vipId).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    assert.equal(paid.status, 1, 'the order is paid')
    assert.equal(new Decimal(paid.amount).toFixed(2), goods.minus(value).toFixed(2))
    // The paid order's details: the same total and the coupon with the totals.
    await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${encodeURIComponent(paid.order_id)}`)
    await byId(page, 'order-total').getByText(money(goods.minus(value))).waitFor({ timeout: 30000 })
    await byId(page, 'order-coupon').getByText(`\u2212${money(value)}`).waitFor()
    await shot(page, 'coupon-paid-order')
    const used = await app.server.db.selectFrom('coupon_cards').select(['status', 'order_id']).where('card_id', '=', card.card_id).executeTakeFirstOrThrow()
    assert.deepEqual([used.status, used.order_id], [1, paid.order_id])

    // A recharge of 100 brings a gift coupon; it goes on a second order, which is cancelled unpaid.
    await page.goto(`${app.server.url}/#/pages/vipBalanceRecharge/vipBalanceRecharge`)
    const rule = await app.server.db.selectFrom('recharge_rules').selectAll().where('amount', '=', '100').executeTakeFirstOrThrow()
    await page.locator(`[data-rule-id="${rule.rule_id}"]`).filter({ visible: true }).click({ timeout: 30000 })
    await byId(page, 'recharge-submit').click()
    await approveOnSandbox(page, null)
    await byId(page, 'recharge-new-balance').waitFor({ timeout: 30000 })
    const gift = await app.server.db
      .selectFrom('coupon_cards')
      .selectAll()
      .where('vip_id', '=', member.vipId)
      .where('source', '=', 'recharge')
      .executeTakeFirst()
    assert.ok(gift, 'the recharge gave a coupon card')
    const giftPlan = await app.server.db.selectFrom('coupon_plans').selectAll().where('plan_id', '=', gift.plan_id).executeTakeFirstOrThrow()
    const giftValue = new Decimal(giftPlan.amount)
    const codes2 = goodsFor(new Decimal(giftPlan.min_amount))
    const goods2 = codes2.reduce((s, c) => s.plus(price(c)), new Decimal(0))
    await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), codes2)
    await takeawayFirstSlot(page)
    await byId(page, 'checkout-total').getByText(money(goods2)).waitFor({ timeout: 30000 })
    await chooseCard(page, gift.card_id, 'coupon-select-gift')
    // The used welcome card is not offered again.
    assert.equal(await page.locator(`[data-card-id="${card.card_id}"]`).filter({ visible: true }).count(), 0)
    await byId(page, 'checkout-total').getByText(money(goods2.minus(giftValue))).waitFor({ timeout: 30000 })
    await agreeAndSubmit(page)
    await page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 })
    const unpaid = await app.server.db.selectFrom('orders').selectAll().where('vip_id', '=', member.vipId).where('status', '=', 0).executeTakeFirstOrThrow()
    assert.equal(new Decimal(unpaid.amount).toFixed(2), goods2.minus(giftValue).toFixed(2))
    const taken = await app.server.db.selectFrom('coupon_cards').select('status').where('card_id', '=', gift.card_id).executeTakeFirstOrThrow()
    assert.equal(taken.status, 1, 'the unpaid order holds the card')
    // Not paid: back in the app, the order is cancelled.
    await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${encodeURIComponent(unpaid.order_id)}`)
    await byId(page, 'order-cancel').click({ timeout: 30000 })
    await modalButton(page, 'Cancel').click({ timeout: 15000 })
    await byId(page, 'order-status').getByText(/Cancelled/i).waitFor({ timeout: 30000 })

    // My coupons: the gift card is available again, the welcome card is in the used tab.
    await page.goto(`${app.server.url}/#/pages/couponsList/couponsList`)
    await page.locator(`[data-testid="coupon-card"][data-card-id="${gift.card_id}"]`).filter({ visible: true }).waitFor({ timeout: 30000 })
    assert.equal(await page.locator(`[data-testid="coupon-card"][data-card-id="${card.card_id}"]`).filter({ visible: true }).count(), 0)
    await byId(page, 'coupon-tab-1').click()
    await page.locator(`[data-testid="coupon-card"][data-card-id="${card.card_id}"]`).filter({ visible: true }).waitFor({ timeout: 30000 })
    await shot(page, 'coupons-list-used')

    assert.deepEqual(errors, [])
    await context.close()
  })

  it('a voucher printed by the shop, typed in on couponSelect, goes onto the order', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const member = await signIn(page, 'Voucher Tester')
    const plan = await welcomePlan()
    const printed = await cli(app, 'coupons', 'print', plan.code, '--qua', '1')
    const voucher = await app.server.db.selectFrom('coupon_cards').selectAll().where('plan_id', '=', plan.plan_id).where('vip_id', '=', '').executeTakeFirstOrThrow()
    assert.ok(printed.stdout.includes(voucher.code), printed.stdout)
    const codes = goodsFor(new Decimal(plan.min_amount))
    const goods = codes.reduce((s, c) => s.plus(price(c)), new Decimal(0))
    await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), codes)
    await takeawayFirstSlot(page)
    await byId(page, 'checkout-total').getByText(money(goods)).waitFor({ timeout: 30000 })
    await byId(page, 'confirm-coupon').click()
    await byId(page, 'coupon-choice').getByText('You have no coupons for this order').waitFor({ timeout: 30000 })
    await byId(page, 'coupon-code-input').locator('input').fill(voucher.code)
    await byId(page, 'coupon-code-check').click()
    await byId(page, 'coupon-voucher').waitFor({ timeout: 30000 })
    assert.equal((await byId(page, 'coupon-voucher').getByTestId('coupon-value').innerText()).trim(), money(new Decimal(plan.amount)))
    await shot(page, 'coupon-select-code')
    await byId(page, 'coupon-code-redeem').click()
    // Back on the confirm page with the card on the order.
    await byId(page, 'checkout-total').getByText(money(goods.minus(new Decimal(plan.amount)))).waitFor({ timeout: 30000 })
    const held = await app.server.db.selectFrom('coupon_cards').select('vip_id').where('card_id', '=', voucher.card_id).executeTakeFirstOrThrow()
    assert.equal(held.vip_id, member.vipId)
    assert.deepEqual(errors, [])
    await context.close()
  })

  for (const locale of ['zh-CN', 'zh-TW'] as const) {
    it(`${locale}: My coupons, a card's details and the code entry speak the language (axe on each)`, async () => {
      const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await signIn(page, '陳大文')
      const plan = await welcomePlan()
      await page.goto(`${app.server.url}/?signed-in#/pages/couponsList/couponsList`)
      await byId(page, 'coupons-list').waitFor({ timeout: 30000 })
      await byId(page, 'coupon-tab-0').getByText(t('coupon.tab.0')).waitFor({ timeout: 30000 })
      const offered = page.locator(`[data-testid="coupon-plan"][data-plan-id="${plan.plan_id}"]`).filter({ visible: true })
      await offered.getByTestId('coupon-claim').click({ timeout: 30000 })
      await byId(page, 'coupon-card').first().waitFor({ timeout: 30000 })
      await shot(page, `coupons-list-${locale}`)
      // A wrong code: 'coupon does not exist' in the language on screen.
      await byId(page, 'coupon-code-input').locator('input').fill('NO-SUCH-CODE')
      await byId(page, 'coupon-code-check').click()
      await byId(page, 'coupon-code-problem').getByText(t('resultcode.20054')).waitFor({ timeout: 30000 })
      await shot(page, `coupons-code-${locale}`)
      await byId(page, 'coupon-card').first().getByRole('button').first().click()
      await byId(page, 'coupon-detail').waitFor({ timeout: 30000 })
      await byId(page, 'coupon-qr').waitFor()
      await shot(page, `coupon-details-${locale}`)
      assert.deepEqual(errors, [])
      await context.close()
    })
  }
})
