import { z } from 'zod'
import { cardsForCart } from '../../domain/orders/order.service'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { defineOperation } from '../operation'
import { placementFields } from '../retail/OrderRows'
import { plansOf } from './coupon-plans-of'
import { CARD_COLUMNS, cardRow } from './coupon-rows'

export default defineOperation({
  name: 'CouponCardsForOrder',
  group: 'Coupons',
  summary:
    "The signed-in member's cards for one cart (the placement record of OrderPricePreview; a CardID in it plays no part): every card still usable (available, last day not passed on the enterprise's clock), priced against the cart exactly as OrderPricePreview / OrderSubmit will price it. table1: those that apply first (Applies 1, OffAmount what it takes off, most first), then the others (Applies 0, OffAmount '0.00') with Reason: 'min-spend' (EligibleAmount the cart's eligible spend; the spend must reach the minimum and, for a cash voucher, its value), 'shop', 'branch', 'service-type', 'goods' (no line of its goods or classes), 'not-yet-valid'. Refusals as OrderPricePreview (shop, branch, hours, lines …). No session → errcode 10010.",
  auth: 'member',
  input: z.object(placementFields),
  output: {
    table1: {
      ...CARD_COLUMNS,
      Applies: 'number: 1 when the card can be used on this cart',
      Reason: "string: why not ('' when it applies): 'min-spend' | 'shop' | 'branch' | 'service-type' | 'goods' | 'not-yet-valid'",
      OffAmount: "string: exact decimal at AmoPoint: what it takes off this cart ('0.00' when it does not apply)",
      EligibleAmount: 'string: exact decimal at AmoPoint: the part of the cart the card counts (its goods or classes)'
    }
  },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const { today, cards: priced } = await cardsForCart({ ...ctx, entId }, ctx.member.vipId, input)
    const { scope } = await plansOf(ctx.db, entId, priced.map((p) => p.card), ctx.locale)
    const timeZone = await enterpriseTimeZone(ctx.db, entId)
    return {
      table1: priced.map((p) => ({
        ...cardRow(p.card, p.plan, { locale: ctx.locale, timeZone, today, scopeNames: scope.get(p.plan.plan_id) }),
        Applies: p.applies ? (1 as const) : (0 as const),
        Reason: p.reason,
        OffAmount: p.off,
        EligibleAmount: p.eligible
      }))
    }
  }
})
