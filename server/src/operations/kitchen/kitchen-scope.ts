/** Where a kitchen operation acts: a branch (or a ticket's, a station's) of the caller's enterprise and scope. */
import type { Kysely } from 'kysely'
import { DomainError } from '../../domain/errors'
import { findTicketPlace, type TicketRef } from '../../domain/kitchen/kitchen-board.service'
import { assertBase, type StaffActor } from '../../domain/staff/staff-actor'
import type { Database } from '../../storage/schema'

export interface BranchPlace {
  entId: string
  shopId: string
  baseId: string
}

/** The branch, in the caller's scope; BASE_NOT_FOUND for another enterprise's or an unknown one. */
export async function branchInScope(db: Kysely<Database>, staff: StaffActor, baseId: string): Promise<BranchPlace> {
  const base = await db.selectFrom('bases').select(['base_id', 'shop_id']).where('base_id', '=', baseId).where('ent_id', '=', staff.entId).executeTakeFirst()
  if (!base) throw new DomainError('BASE_NOT_FOUND')
  assertBase(staff, base.shop_id, base.base_id)
  return { entId: staff.entId, shopId: base.shop_id, baseId: base.base_id }
}

/** The ticket, in the caller's scope; another enterprise's is TICKET_NOT_FOUND (it does not exist for them). */
export async function ticketInScope(db: Kysely<Database>, staff: StaffActor, ticketId: string): Promise<TicketRef> {
  const ticket = await findTicketPlace(db, ticketId)
  if (!ticket || ticket.ent_id !== staff.entId) throw new DomainError('TICKET_NOT_FOUND')
  assertBase(staff, ticket.shop_id, ticket.base_id)
  return ticket
}
