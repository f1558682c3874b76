import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { listShopOrders } from '../../domain/orders/order.service'
import { assertBase } from '../../domain/staff/staff-actor'
import { basesInScope } from '../../domain/staff/scope-filter'
import { optionalInteger } from '../fields'
import { idField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { dayField, pageFields, total } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffOrderList',
  auth: 'orders.work',
  input: z.object({
    BaseID: idField("A branch, '' for every branch in one's scope"),
    Status: optionalInteger('0 awaiting payment, 1 paid, 2 completed, 3 cancelled, 4 expired, 5 ready; empty for all', 0, 5),
    Day: dayField('The business day (YYYY-MM-DD), or empty for all'),
    ...pageFields
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    let baseIds: string[] | undefined
    if (input.BaseID) {
      const base = await ctx.db.selectFrom('bases').select(['base_id', 'shop_id']).where('base_id', '=', input.BaseID).where('ent_id', '=', staff.entId).executeTakeFirst()
      if (!base) throw new DomainError('BASE_NOT_FOUND')
      assertBase(staff, base.shop_id, base.base_id)
      baseIds = [base.base_id]
    } else baseIds = (await basesInScope(ctx.db, staff)) ?? undefined
    const { rows, total: n } = await listShopOrders(
      ctx.db,
      { entId: staff.entId, baseIds, status: input.Status, businessDay: input.Day || undefined, limit: input.PageSize, offset: (input.PageIndex - 1) * input.PageSize },
      ctx.locale,
      ctx.now
    )
    return { table1: rows, table2: total(n) }
  }
})
