import { z } from 'zod'
import { readBoard } from '../../domain/kitchen/kitchen-board.service'
import { idField } from '../staff/staff-fields'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenBoardGet',
  auth: 'orders.work',
  input: z.object({
    BaseID: requiredIdField('The branch'),
    StationID: idField("A station; '*' or empty for every station (the expediter)").optional()
  }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    const board = await readBoard(ctx.db, place.entId, place.baseId, input.StationID || '*')
    return { table1: board.tickets, table2: board.allDay, table3: board.stations, table4: [{ Position: board.position, KitchenLocale: board.locale, ServerTime: ctx.now.toISOString() }] }
  }
})
