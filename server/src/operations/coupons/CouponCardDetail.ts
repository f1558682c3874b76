import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { cardEvents, memberCard, today } from '../../domain/coupons/coupon-cards'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { plansOf } from './coupon-plans-of'
import { CARD_COLUMNS, CARD_EVENT_COLUMNS, cardEventRow, cardRow } from './coupon-rows'

export default defineOperation({
  name: 'CouponCardDetail',
  group: 'Coupons',
  summary:
    "One of the signed-in member's cards: value, rules, valid days, state, its code (to show as text and QR code at the counter), and table2 its history oldest first. Another member's card, or an unknown id → 20054 (a card id is never confirmed to exist). No session → errcode 10010.",
  auth: 'member',
  input: z.object({ CardID: requiredId('CardID of CouponCardList') }),
  output: { table1: CARD_COLUMNS, table2: CARD_EVENT_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const card = await memberCard(ctx.db, entId, ctx.member.vipId, input.CardID)
    const { plans, scope } = await plansOf(ctx.db, entId, [card], ctx.locale)
    const timeZone = await enterpriseTimeZone(ctx.db, entId)
    const day = await today(ctx.db, entId, ctx.now)
    return {
      table1: [cardRow(card, plans.get(card.plan_id)!, { locale: ctx.locale, timeZone, today: day, scopeNames: scope.get(card.plan_id) })],
      table2: (await cardEvents(ctx.db, card.card_id)).map((e) => cardEventRow(e, timeZone))
    }
  }
})
