import { z } from 'zod'
import { recallTicket } from '../../domain/kitchen/kitchen-board.service'
import { idField } from '../staff/staff-fields'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope, ticketInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenTicketRecall',
  auth: 'orders.work',
  input: z.object({
    BaseID: requiredIdField('The branch'),
    StationID: idField("The station whose last bumped ticket comes back; '*' or empty: the branch's").optional(),
    TicketID: idField('A bumped ticket to bring back; empty: the last bumped').optional()
  }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    if (input.TicketID) await ticketInScope(ctx.db, ctx.staff, input.TicketID)
    return { table1: [await recallTicket(ctx.db, { baseId: place.baseId, stationId: input.StationID || '*', ticketId: input.TicketID || undefined }, ctx.now)] }
  }
})
