import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { redeemVoucher, today, VOUCHER_TRIES, ADDRESS_VOUCHER_TRIES } from '../../domain/coupons/coupon-cards'
import { defineOperation } from '../operation'
import { CARD_COLUMNS, cardRow, scopeNamesOf } from './coupon-rows'
import { voucherCodeField } from './VoucherQuery'

export default defineOperation({
  name: 'VoucherVerify',
  group: 'Coupons',
  summary: `Redeems a typed voucher code into the signed-in member's cards: table1 the card, then usable on an order by its CardID (OrderPricePreview / OrderSubmit). Redeeming your own card's code again answers it again. Used, expired, returned or someone else's code → 20055, unknown → 20054; both count as wrong tries, and after ${VOUCHER_TRIES} in an hour by the member, or ${ADDRESS_VOUCHER_TRIES} from the client's address, every code → 20060 until the hour is over. No session → errcode 10010.`,
  auth: 'member',
  input: z.object({ Code: voucherCodeField }),
  output: { table1: CARD_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const { card, plan } = await redeemVoucher(ctx.db, { entId, vipId: ctx.member.vipId, address: ctx.clientIp, code: input.Code, now: ctx.now })
    const scope = await scopeNamesOf(ctx.db, [plan], ctx.locale)
    return {
      table1: [cardRow(card, plan, { locale: ctx.locale, timeZone: await enterpriseTimeZone(ctx.db, entId), today: await today(ctx.db, entId, ctx.now), scopeNames: scope.get(plan.plan_id) })]
    }
  }
})
