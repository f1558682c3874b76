import { z } from 'zod'
import { createPlan, PlanInvalid, type NewPlan } from '../../domain/coupons/coupon-plans'
import { DomainError, EnvelopeError, invalidInput } from '../../domain/errors'
import { appendAudit } from '../../domain/staff/audit-log'
import { mayRunPlan } from '../../domain/staff/scope-filter'
import { integerWithDefault } from '../fields'
import { idListField, idsOf, lineText, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { dayField, planRow } from './staff-service-rows'

const blank = (v: unknown): unknown => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v)
const money = (description: string) => z.preprocess(blank, z.string().trim().max(20)).describe(description)
const texts = (description: string, min: number) =>
  z.object({ 'zh-CN': min ? lineText('Simplified Chinese', 60) : noteText('Simplified Chinese', 500), 'zh-TW': min ? lineText('Traditional Chinese', 60) : noteText('Traditional Chinese', 500), en: min ? lineText('English', 60) : noteText('English', 500) }).describe(description)
const SERVICE_TYPES = ['takeaway', 'delivery', 'dinein', 'fastfood']

export default defineStaffOperation({
  name: 'StaffCouponPlanCreate',
  auth: 'coupons.manage',
  input: z.object({
    Code: z.preprocess(blank, z.string().trim().min(1).max(64)).describe("The plan's code: 1–64 letters, digits, . _ : - (unique in the enterprise)"),
    Names: texts('The name in zh-CN, zh-TW and en', 1),
    Rules: texts('The rules text shown with the card (each may be empty)', 0).optional(),
    CouponType: z.coerce.number().int().min(1).max(2).describe('1 cash voucher (Amount off), 2 discount (DiscountRate percent off)'),
    Amount: money("Cash voucher: the money off ('' for a discount)"),
    DiscountRate: money("Discount: percent off, above 0 and below 100 ('' for a cash voucher)"),
    MinAmount: money("The eligible spend a card needs ('' or 0: none)"),
    MaxOff: money("Discount: the most it takes off ('' or 0: no cap)"),
    ValidKind: z.coerce.number().int().min(1).max(3).describe('1 from the day of collection, 2 from the next day (ValidDays days), 3 fixed days ValidFrom..ValidTo'),
    ValidDays: integerWithDefault('Days a card is valid (kinds 1 and 2)', 0, 3650, 0),
    ValidFrom: dayField('Kind 3: the first day, YYYY-MM-DD'),
    ValidTo: dayField('Kind 3: the last day, YYYY-MM-DD (included)'),
    Claimable: integerWithDefault('1: members claim it in the app; 0: only issued or printed', 0, 1, 0),
    TotalQua: z
      .preprocess((v) => (v === null || v === undefined || v === '' ? null : v), z.coerce.number().int().min(1).max(10_000_000).nullable())
      .describe('How many cards may exist; empty: unlimited'),
    PerMemberQua: integerWithDefault('Cards one member may hold (0 unlimited; default 1)', 0, 1000, 1),
    ShopIDs: idListField("Comma-separated shops; '' = every shop (needs the whole enterprise in one's scope)"),
    BaseIDs: idListField("Comma-separated branches; '' = any"),
    ServiceTypes: idListField("Comma-separated: takeaway, delivery, dinein, fastfood; '' = any"),
    GoodsIDs: idListField("Comma-separated goods; '' = any"),
    ClassIDs: idListField("Comma-separated classes; '' = any"),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const shopIds = idsOf(input.ShopIDs)
    const baseIds = idsOf(input.BaseIDs)
    const serviceTypes = idsOf(input.ServiceTypes)
    if (serviceTypes.some((s) => !SERVICE_TYPES.includes(s))) throw invalidInput('ServiceTypes')
    if (shopIds.length) {
      const known = await ctx.db.selectFrom('shops').select('shop_id').where('ent_id', '=', staff.entId).where('shop_id', 'in', shopIds).execute()
      if (known.length !== new Set(shopIds).size) throw new DomainError('SHOP_NOT_FOUND')
    }
    if (baseIds.length) {
      const known = await ctx.db.selectFrom('bases').select(['base_id', 'shop_id']).where('ent_id', '=', staff.entId).where('base_id', 'in', baseIds).execute()
      if (known.length !== new Set(baseIds).size || (shopIds.length && known.some((b) => !shopIds.includes(b.shop_id)))) throw new DomainError('BASE_NOT_FOUND')
    }
    // A plan for shops outside one's scope, or for every shop without the whole enterprise: refused.
    if (!mayRunPlan(staff, shopIds)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
    const cash = input.CouponType === 1
    const plan: NewPlan = {
      entId: staff.entId,
      code: input.Code,
      names: input.Names,
      descriptions: input.Rules,
      couponType: cash ? 1 : 2,
      amount: cash ? input.Amount : undefined,
      discountRate: cash ? undefined : input.DiscountRate,
      minAmount: input.MinAmount || undefined,
      maxOff: cash ? undefined : input.MaxOff || undefined,
      validKind: input.ValidKind as 1 | 2 | 3,
      validDays: input.ValidKind === 3 ? undefined : input.ValidDays,
      validFrom: input.ValidKind === 3 ? input.ValidFrom : undefined,
      validTo: input.ValidKind === 3 ? input.ValidTo : undefined,
      claimable: input.Claimable === 1,
      totalQua: input.TotalQua ?? null,
      perMemberQua: input.PerMemberQua,
      shopIds,
      baseIds,
      serviceTypes,
      goodsIds: idsOf(input.GoodsIDs),
      classIds: idsOf(input.ClassIDs)
    }
    try {
      const made = await ctx.db.transaction().execute(async (trx) => {
        const made = await createPlan(trx, plan, ctx.now)
        await appendAudit(trx, {
          entId: staff.entId,
          actor: staff,
          action: 'coupon.plan.create',
          targetType: 'couponPlan',
          targetId: made.code,
          detail: { planId: made.plan_id, name: input.Names.en, type: made.coupon_type, amount: made.amount, discountRate: made.discount_rate, minAmount: made.min_amount, total: made.total_qua, shops: shopIds },
          reason: input.Reason,
          clientIp: ctx.clientIp,
          now: ctx.now
        })
        return made
      })
      return { table1: [planRow(made, staff)] }
    } catch (error) {
      // The plan's terms in plain words ("a discount needs a percent off between 0 and 100").
      if (error instanceof PlanInvalid) throw invalidInput(error.message)
      throw error
    }
  }
})
