/**
 * A coupon limited to some shops says which (issue 27 item 20: 'Only at some shops' named none):
 * couponRules reads PlaceNames, in the three languages with their colon.
 */
import { couponRules } from '../../src/features/coupons/coupon-texts'
import { COUPON_TYPE, type CouponTerms } from '../../src/gateway/coupon-rows'
import { translate } from '../../src/i18n/translate'
import type { Locale } from '../../src/gateway/contract'

const TERMS: CouponTerms = {
  PlanID: 'P1', CouponName: '20% off', Description: '', CouponType: COUPON_TYPE.CASH, Amount: '5', MinAmount: '0', DiscountRate: '0', MaxOff: '0',
  ShopIDs: 'S101', BaseIDs: '', ServiceTypes: '', GoodsIDs: '', ClassIDs: '', ScopeNames: '', PlaceNames: 'Lotus Tea House'
}
const rules = (locale: Locale, terms: CouponTerms) => couponRules(terms, (k, p) => translate(locale, k, p), (v) => v, (s) => s)

test.each([
  ['en', 'Only at: Lotus Tea House'],
  ['zh-CN', '仅限门店：Lotus Tea House'],
  ['zh-TW', '僅限門店：Lotus Tea House']
] as const)('%s: the shops by name', (locale, text) => {
  expect(rules(locale, TERMS)).toContain(text)
  expect(rules(locale, TERMS)).not.toContain(translate(locale, 'coupon.scopePlaces'))
})

test('a coupon for every shop says nothing of places', () => {
  expect(rules('en', { ...TERMS, ShopIDs: '', PlaceNames: '' }).join('\n')).not.toMatch(/Only at/)
})
