/** Where a counter operation acts: a bill or an order of a branch in the caller's enterprise and scope. */
import type { Kysely } from 'kysely'
import type { PayTarget } from '../../domain/counter/counter-payment.service'
import type { CounterCaller } from '../../domain/counter/counter-payment.service'
import { DomainError } from '../../domain/errors'
import { assertBase } from '../../domain/staff/staff-actor'
import type { SheetRecord } from '../../domain/table-sheets/table-sheet.service'
import type { Database } from '../../storage/schema'
import { findOrder } from '../../storage/repositories/order.repository'
import type { SignedInContext } from '../staff/staff-operation'

export { branchInScope } from '../kitchen/kitchen-scope'

/** The table bill, in the caller's scope; another enterprise's (or none) is ORDER_NOT_FOUND: it does not exist for them. */
export async function billInScope(db: Kysely<Database>, ctx: SignedInContext, sheetId: string): Promise<SheetRecord> {
  const sheet = await db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheetId).where('ent_id', '=', ctx.staff.entId).executeTakeFirst()
  if (!sheet) throw new DomainError('ORDER_NOT_FOUND')
  assertBase(ctx.staff, sheet.shop_id, sheet.base_id)
  return sheet
}

/** A table bill or a prepay order by its id, in the caller's scope. */
export async function payTargetInScope(db: Kysely<Database>, ctx: SignedInContext, id: string): Promise<PayTarget> {
  const sheet = await db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', id).where('ent_id', '=', ctx.staff.entId).executeTakeFirst()
  if (sheet) {
    assertBase(ctx.staff, sheet.shop_id, sheet.base_id)
    return { kind: 'bill', sheet }
  }
  const order = await findOrder(db, ctx.staff.entId, id)
  // A round or a settlement is paid through its bill.
  if (!order || order.kind !== 'order') throw new DomainError('ORDER_NOT_FOUND')
  assertBase(ctx.staff, order.shop_id, order.base_id)
  return { kind: 'order', order }
}

export const callerOf = (ctx: SignedInContext): CounterCaller => ({ db: ctx.db, staff: ctx.staff, clientIp: ctx.clientIp, now: ctx.now })
