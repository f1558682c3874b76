import { z } from 'zod'
import { bumpTicket } from '../../domain/kitchen/kitchen-board.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { ticketInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenTicketBump',
  auth: 'orders.work',
  input: z.object({ TicketID: requiredIdField('The ticket') }),
  async handler(ctx, input) {
    const ticket = await ticketInScope(ctx.db, ctx.staff, input.TicketID)
    return { table1: [await bumpTicket(ctx.db, ticket.ticket_id, ctx.staff.staffId, ctx.now)] }
  }
})
