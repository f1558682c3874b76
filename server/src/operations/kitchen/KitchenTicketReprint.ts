import { z } from 'zod'
import { printStoredTicket } from '../../printing/kitchen-printing'
import { clearFailedPrints } from '../../printing/print-jobs'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { ticketInScope } from './kitchen-scope'

/**
 * Prints a ticket again on its station's network printer (docs/printing.md), marked REPRINT. The
 * answer waits for the printer (bounded tries): Printed false with the reason when the station has
 * no printer or the printer did not take it. A print of the ticket that had failed for good counts
 * as printed once a reprint prints: every board hears the ticket without its PrintError. No audit
 * entry (nothing of money, stock or people changes).
 */
export default defineStaffOperation({
  name: 'KitchenTicketReprint',
  auth: 'orders.work',
  input: z.object({ TicketID: requiredIdField('The ticket') }),
  async handler(ctx, input) {
    const ticket = await ticketInScope(ctx.db, ctx.staff, input.TicketID)
    const result = await printStoredTicket(ctx.db, ticket.ticket_id, { reprint: true })
    if (result.printed) await clearFailedPrints(ctx.db, ticket.ticket_id, ctx.now)
    return { table1: [{ Printed: result.printed, Error: result.error }] }
  }
})
