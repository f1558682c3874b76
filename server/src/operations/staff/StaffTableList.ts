import { z } from 'zod'
import { listTables } from '../../domain/setup/tables-setup.service'
import { assertShop, mayBase } from '../../domain/staff/staff-actor'
import { idField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { tableRow } from './staff-tables'

export default defineStaffOperation({
  name: 'StaffTableList',
  auth: 'tables.manage',
  input: z.object({ ShopID: idField('The shop'), BaseID: idField("A branch, '' for all of the shop's") }),
  async handler(ctx, input) {
    assertShop(ctx.staff, input.ShopID)
    const tables = await listTables(ctx.db, ctx.staff.entId, { shopId: input.ShopID, baseId: input.BaseID || undefined })
    return { table1: tables.filter((t) => mayBase(ctx.staff, t.shopId, t.baseId)).map((t) => tableRow(ctx, t)) }
  }
})
