import { z } from 'zod'
import { ackTickets } from '../../domain/kitchen/kitchen-board.service'
import { idListField, idsOf } from '../staff/staff-fields'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenTicketAck',
  auth: 'orders.work',
  input: z.object({
    BaseID: requiredIdField('The branch'),
    TicketIDs: idListField('Comma-separated tickets heard')
  }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    const ids = idsOf(input.TicketIDs).slice(0, 500)
    return { table1: [{ Acked: await ackTickets(ctx.db, place.entId, place.baseId, ids, ctx.now) }] }
  }
})
