/** What the table-sheet operations hand the domain: the context's caller fields. */
import { requireOwner } from '../../domain/orders/order.service'
import type { SheetCaller } from '../../domain/table-sheets/table-sheet.service'
import type { AppOperationContext } from '../operation'

/** Placing a round needs the device key (its owner); reading a sheet does not. */
export function sheetCaller(ctx: AppOperationContext, placing = false): SheetCaller {
  if (placing) requireOwner(ctx)
  return { db: ctx.db, entId: ctx.enterprise.entId, ownerKey: ctx.ownerKey, locale: ctx.locale, origin: ctx.origin, now: ctx.now }
}
