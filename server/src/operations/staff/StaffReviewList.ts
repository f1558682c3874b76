import { z } from 'zod'
import { shopReviews } from '../../domain/reviews/reviews.service'
import { assertShop } from '../../domain/staff/staff-actor'
import { shopsInScope } from '../../domain/staff/scope-filter'
import { optionalInteger } from '../fields'
import { idField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { dayField, pageFields, reviewRows, total } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffReviewList',
  auth: 'reviews.manage',
  input: z.object({
    ShopID: idField("A shop, '' for every shop in one's scope"),
    GoodsID: idField("A goods, '' for all"),
    From: dayField('From this day (YYYY-MM-DD on the enterprise clock), or empty'),
    To: dayField('To this day, included, or empty'),
    Stars: optionalInteger('Only this many stars (1–5), or empty', 1, 5),
    Hidden: optionalInteger('1 only hidden ones, 0 only shown ones, empty both', 0, 1),
    ...pageFields
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    if (input.ShopID) assertShop(staff, input.ShopID)
    const scope = input.ShopID ? [input.ShopID] : await shopsInScope(ctx.db, staff)
    const { rows, total: n } = await shopReviews(ctx.db, {
      entId: staff.entId,
      shopIds: scope ?? undefined,
      goodsId: input.GoodsID || undefined,
      fromDay: input.From || undefined,
      toDay: input.To || undefined,
      stars: input.Stars,
      hidden: input.Hidden === undefined ? undefined : input.Hidden === 1 ? 1 : 0,
      limit: input.PageSize,
      offset: (input.PageIndex - 1) * input.PageSize
    })
    return { table1: await reviewRows(ctx, rows), table2: total(n) }
  }
})
