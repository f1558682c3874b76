import { z } from 'zod'
import { setLineDone } from '../../domain/kitchen/kitchen-board.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { ticketInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenLineDone',
  auth: 'orders.work',
  input: z.object({
    TicketID: requiredIdField('The ticket'),
    LineNo: z.coerce.number().int().min(1).max(10_000).describe('The line'),
    Done: z.coerce.number().int().min(0).max(1).describe('1 done, 0 not done') as unknown as z.ZodType<0 | 1>
  }),
  async handler(ctx, input) {
    const ticket = await ticketInScope(ctx.db, ctx.staff, input.TicketID)
    return { table1: [await setLineDone(ctx.db, ticket.ticket_id, input.LineNo, input.Done === 1, ctx.now)] }
  }
})
