import { z } from 'zod'
import { countShopAfterSales, shopAfterSales } from '../../domain/aftersale/aftersale.service'
import { basesInScope } from '../../domain/staff/scope-filter'
import { optionalInteger } from '../fields'
import { defineStaffOperation } from './staff-operation'
import { pageFields, staffAfterSaleRows, total } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffAfterSaleList',
  auth: 'aftersale.decide',
  input: z.object({
    Status: optionalInteger('0 submitted, 1 approved, 2 rejected, 3 refunded, 4 withdrawn; empty for all', 0, 4),
    ...pageFields
  }),
  async handler(ctx, input) {
    const scope = await basesInScope(ctx.db, ctx.staff)
    const query = { entId: ctx.staff.entId, status: input.Status, baseIds: scope ?? undefined, limit: input.PageSize, offset: (input.PageIndex - 1) * input.PageSize }
    const [rows, n] = await Promise.all([shopAfterSales(ctx.db, query), countShopAfterSales(ctx.db, query)])
    return { table1: await staffAfterSaleRows(ctx, rows), table2: total(n) }
  }
})
