import { z } from 'zod'
import { lookUpVoucher, VOUCHER_TRIES, ADDRESS_VOUCHER_TRIES } from '../../domain/coupons/coupon-cards'
import { defineOperation } from '../operation'
import { scopeNamesOf, VOUCHER_COLUMNS, voucherRow } from './coupon-rows'

export const voucherCodeField = z.string().trim().min(1).max(64).describe('The code as typed (spaces and dashes ignored)')

export default defineOperation({
  name: 'VoucherQuery',
  group: 'Coupons',
  summary: `What a typed voucher code is, before redeeming it: value, rules, valid days, state, and whether VoucherVerify would put it in the signed-in member's cards (Redeemable, Reason: 'held' when it is already someone's card — IsMine 1 when yours —, used, expired, returned). An unknown code → 20054 and counts as a wrong try; after ${VOUCHER_TRIES} wrong tries in an hour by the member, or ${ADDRESS_VOUCHER_TRIES} from the client's address, every code → 20060 until the hour is over. No session → errcode 10010.`,
  auth: 'member',
  input: z.object({ Code: voucherCodeField }),
  output: { table1: VOUCHER_COLUMNS },
  async handler(ctx, input) {
    const look = await lookUpVoucher(ctx.db, { entId: ctx.enterprise.entId, vipId: ctx.member.vipId, address: ctx.clientIp, code: input.Code, now: ctx.now })
    const scope = await scopeNamesOf(ctx.db, [look.plan], ctx.locale)
    return { table1: [voucherRow(look.card, look.plan, { locale: ctx.locale, shown: look.shown, reason: look.reason, isMine: look.isMine, scopeNames: scope.get(look.plan.plan_id) })] }
  }
})
