/**
 * Pages for the calls no page used (issue 27), end to end: the built H5 app on the real server,
 * in Chromium at a phone viewport, in English, simplified and traditional Chinese. A member at
 * the Taipa counter (T01) opens Goods on offer from the menu's header (AvailablePromotionGoods), a goods on
 * offer, 'Available at these shops' (GroundingShopList) and a branch from there, whose page lists
 * its delivery fees (FreightRuleGet) and checks delivery to where the phone is (DispatchInfoGet);
 * then My account → Recharge records (RechargeRecordList); then My coupons → a plan's page
 * (CouponPlanDetail), claims it there, and the card's details → how it was issued
 * (CouponIssueCardDetail). axe looks at every page (steps.ts shot()); screenshots are kept.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import type { Locale } from '../../src/gateway/contract'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { makeMember } from '../server/helpers/member-fixtures'
import { phone } from './browser'
import { useAppUnderTest, entryUrl } from './harness'
import { byId, money, shot } from './steps'
import { Decimal } from '../../src/core/money'

const app = useAppUnderTest()

const DEVICE: Record<Locale, string> = { en: 'en-US', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW' }
const t = (locale: Locale, key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values)

async function signedIn(locale: Locale, name: string) {
  const context = await phone(app.browser, DEVICE[locale])
  // The phone stands by the Senado Square branch (22.1936, 113.5399), some 300 m off.
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({ latitude: 22.1956, longitude: 113.5419 })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const member = await makeMember(app.server.db, { name })
  await page.goto(await entryUrl(app.server, 'T01'))
  await byId(page, 'order-now').waitFor({ timeout: 30000 })
  await page.evaluate(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, member.token] as const)
  return { context, page, member, errors }
}

const open = (page: Page, route: string) => page.goto(`${app.server.url}/#/pages/${route}`)

for (const locale of ['en', 'zh-CN', 'zh-TW'] as Locale[]) {
  describe(`pages for the calls no page used (${locale})`, () => {
    it('goods on offer → where a goods is sold → a branch’s delivery fees and delivering to the phone', async () => {
      const { context, page, errors } = await signedIn(locale, `Offers ${locale}`)
      await page.goto(await entryUrl(app.server, 'T01'))
      // Home → Order now: the menu's header offers them where the menu has goods on offer.
      await byId(page, 'order-now').click({ timeout: 30000 })
      await byId(page, 'open-offers').waitFor({ timeout: 30000 })
      await shot(page, `pages-menu-${locale}`)
      await byId(page, 'open-offers').click()
      const promotions = byId(page, 'promotion')
      await promotions.first().waitFor({ timeout: 30000 })
      const names = await byId(page, 'promotion-name').allInnerTexts()
      assert.deepEqual(names.map((n) => n.trim()), locale === 'en' ? ['Lemon Tea Special', 'Desserts 20% Off'] : locale === 'zh-CN' ? ['柠茶特价', '甜品八折'] : ['檸茶特價', '甜品八折'])
      assert.equal((await promotions.nth(1).getByTestId('promotion-what').innerText()).trim(), t(locale, 'promotion.percentOff', { rate: '20' }))
      await shot(page, `pages-offers-${locale}`)

      // A goods on offer → its details → 'Available at these shops'.
      await promotions.first().getByTestId('goods-name').first().click()
      await byId(page, 'details-name').waitFor({ timeout: 30000 })
      await byId(page, 'open-goods-shops').waitFor()
      await shot(page, `pages-goods-details-${locale}`)
      await byId(page, 'open-goods-shops').click()
      const branches = byId(page, 'goods-shop-branch')
      await branches.first().waitFor({ timeout: 30000 })
      const ids = await branches.evaluateAll((els) => els.map((e) => e.getAttribute('data-base-id')))
      assert.ok(ids.includes('B201') && ids.includes('B202'), `both tea house branches sell it: ${ids.join(',')}`)
      // T01 is at Taipa (B202): that one is marked.
      assert.ok((await page.locator('[data-testid="goods-shop-branch"][data-base-id="B202"]').innerText()).includes(t(locale, 'goodsShops.here')))
      await shot(page, `pages-goods-shops-${locale}`)

      // Senado Square's page: its distance tiers, and delivering to the phone (300 m: the first tier, MOP 5).
      await page.locator('[data-testid="goods-shop-branch"][data-base-id="B201"]').filter({ visible: true }).click()
      await byId(page, 'branch-freight').waitFor({ timeout: 30000 })
      // The terms' box shows at once and its tiers when the rules arrive (CI once read them in between).
      await byId(page, 'freight-tier').first().waitFor({ timeout: 30000 })
      const tiers = await byId(page, 'freight-tier').allInnerTexts()
      assert.deepEqual(
        tiers.map((x) => x.trim()),
        [
          t(locale, 'delivery.tierDistance', { km: '1', fee: 'MOP$5.00' }),
          t(locale, 'delivery.tierDistance', { km: '3', fee: 'MOP$10.00' }),
          t(locale, 'delivery.tierDistance', { km: '5', fee: 'MOP$15.00' })
        ]
      )
      await byId(page, 'delivery-check').click()
      await byId(page, 'delivery-distance').waitFor({ timeout: 30000 })
      assert.equal((await byId(page, 'delivery-in-range').innerText()).trim(), t(locale, 'delivery.inRange'))
      assert.equal((await byId(page, 'delivery-fee').innerText()).trim(), t(locale, 'delivery.fee', { fee: 'MOP$5.00' }))
      await shot(page, `pages-branch-delivery-${locale}`)
      assert.deepEqual(errors, [])
      await context.close()
    })

    it('My account → recharge records; My coupons → a plan, claimed there → the card → how it was issued', async () => {
      const { context, page, member, errors } = await signedIn(locale, `Records ${locale}`)
      const rule = await app.server.db.selectFrom('recharge_rules').selectAll().where('ent_id', '=', 'E1001').orderBy('sort_no').executeTakeFirstOrThrow()
      const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 3, m)).toISOString()
      const base = { ent_id: 'E1001', shop_id: 'S101', vip_id: member.vipId, rule_id: rule.rule_id, request_hash: 'h', amount: rule.amount, gift_amount: rule.gift_amount, provider: 'sandbox' }
      await app.server.db
        .insertInto('recharges')
        .values([
          { ...base, recharge_id: `RC-${member.vipId}-1`, request_key: `k1-${member.vipId}`, status: 1, created_at: at(0), paid_at: at(1) },
          { ...base, recharge_id: `RC-${member.vipId}-2`, request_key: `k2-${member.vipId}`, status: 2, created_at: at(30), paid_at: null }
        ])
        .execute()
      await open(page, 'vipBalance/vipBalance')
      await byId(page, 'entry-recharge-records').waitFor({ timeout: 30000 })
      await shot(page, `pages-account-${locale}`)
      await byId(page, 'entry-recharge-records').click()
      const rows = byId(page, 'recharge-record')
      await rows.first().waitFor({ timeout: 30000 })
      assert.equal(await rows.count(), 2)
      assert.equal((await rows.nth(0).getByTestId('recharge-record-status').innerText()).trim(), t(locale, 'wallet.recharge.declined'))
      // A declined recharge gave no gift; the paid one did.
      assert.equal(await rows.nth(0).getByTestId('recharge-record-gift').count(), 0)
      assert.equal((await rows.nth(1).getByTestId('recharge-record-gift').innerText()).trim(), t(locale, 'wallet.recharge.gift', { amount: money(new Decimal(rule.gift_amount)) }))
      assert.equal((await rows.nth(1).getByTestId('recharge-record-status').innerText()).trim(), t(locale, 'wallet.recharge.paid'))
      const paidAt = { en: '20 Nov 2026, 11:01', 'zh-CN': '2026年11月20日 11:01', 'zh-TW': '2026年11月20日 11:01' }[locale]
      assert.ok((await rows.nth(1).innerText()).includes(paidAt), `paid on the enterprise clock (Macau), written in ${locale}'s way`)
      await shot(page, `pages-recharge-records-${locale}`)

      // My coupons → the welcome plan's page → Claim there.
      const plan = await app.server.db.selectFrom('coupon_plans').selectAll().where('claimable', '=', 1).where('status', '=', 1).orderBy('sort_no').executeTakeFirstOrThrow()
      await open(page, 'couponsList/couponsList')
      const ticket = page.locator(`[data-testid="coupon-plan"][data-plan-id="${plan.plan_id}"]`).filter({ visible: true })
      await ticket.waitFor({ timeout: 30000 })
      await shot(page, `pages-coupons-list-${locale}`)
      await ticket.getByRole('button').first().click()
      await byId(page, 'coupon-plan-detail').waitFor({ timeout: 30000 })
      await byId(page, 'coupon-plan-window').waitFor()
      await shot(page, `pages-coupon-plan-${locale}`)
      await byId(page, 'coupon-plan-claim').click()
      await byId(page, 'coupon-plan-held').waitFor({ timeout: 30000 })
      assert.equal((await byId(page, 'coupon-plan-held').innerText()).trim(), t(locale, 'couponPlan.cards', { n: 1 }))
      const card = await app.server.db.selectFrom('coupon_cards').selectAll().where('vip_id', '=', member.vipId).executeTakeFirstOrThrow()

      // The card's details → how it was issued: claimed by the member, with its plan.
      await open(page, `couponDetails/couponDetails?CardID=${encodeURIComponent(card.card_id)}`)
      await byId(page, 'coupon-plan-link').waitFor({ timeout: 30000 })
      await shot(page, `pages-coupon-details-${locale}`)
      await byId(page, 'coupon-plan-link').click()
      await byId(page, 'coupon-issue').waitFor({ timeout: 30000 })
      assert.equal((await byId(page, 'coupon-issue-source').innerText()).trim(), t(locale, 'couponPlan.source.claim'))
      assert.equal((await byId(page, 'coupon-issue-code').innerText()).trim(), card.code)
      await shot(page, `pages-coupon-issue-${locale}`)
      assert.deepEqual(errors, [])
      await context.close()
    })
  })
}
