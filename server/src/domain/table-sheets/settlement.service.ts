/**
 * The whole table bill paid online (PayLaterUpdate): what no diner's share of a split bill holds
 * (bill-shares.ts). Its own file, above table-sheet.service.ts and bill-shares.ts, so neither of
 * those imports the other's side.
 */
import { decimalPoints, maxDecimal, roundHalfUp, toDecimal } from '../../../../src/core/money'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { findBaseParam } from '../../storage/repositories/params.repository'
import { openMenu } from '../catalogue/catalogue.service'
import { appendSheetChanged } from '../counter/counter-events'
import { DomainError } from '../errors'
import { vipIdOfOwner } from '../members/member-session'
import { unpaidOrderMinutes } from '../orders/order-placement'
import { lockOrder, recordCreated, type OrderRecord } from '../orders/order-state'
import { inEventTransaction } from '../../live/outbox'
import { writeBillLines } from './bill-lines'
import { heldByShares } from './bill-shares'
import { requireSheetAccess } from './sheet-access'
import { lockSheet, requireSheet, settlementRecord, SHEET_STATUS_OPEN, type SheetCaller, type SheetRecord } from './table-sheet.service'

/**
 * Online checkout of the sheet (PayLaterUpdate): a 'settlement' order for what is still due,
 * payable with PaySubmit. Only a diner who ordered a round on it or holds the table's code may
 * ask (sheet-access.ts). Calling again while it is pending returns the same settlement, made the
 * caller's: a second diner takes it over (and the first takes it back by asking again), so
 * nobody at the table is ever locked out. A payment the previous holder already started still
 * pays it; one that completes after the bill is paid is refunded (the late-payment rule).
 */
export async function startSettlement(caller: SheetCaller, sheetId: string): Promise<{ sheet: SheetRecord; settlement: OrderRecord }> {
  const { db, entId, now } = caller
  const sheet = await requireSheet(db, entId, sheetId)
  await requireSheetAccess(caller, sheet, 'settle')
  if (sheet.status !== SHEET_STATUS_OPEN) throw new DomainError('SHEET_CLOSED')
  if ((await findBaseParam(db, sheet.base_id, 'IsPayLaterOnlineCheckout')) !== '1') throw new DomainError('ONLINE_CHECKOUT_OFF')
  if (sheet.round_count === 0) throw new DomainError('CART_EMPTY')
  // The same settings and rules as a prepay order: AmoPoint, UnpaidOrderMinutes.
  const settings = new Map((await listEnterpriseSettings(db, entId)).map((p) => [p.parmId, p.parmValue]))
  const amoPoint = decimalPoints({ AmoPoint: settings.get('AmoPoint') }).AmoPoint
  const minutes = unpaidOrderMinutes(settings)
  const timeZone = (await openMenu(db, entId, { ShopID: sheet.shop_id, BaseID: sheet.base_id }, now, caller.origin, { stock: false })).timeZone

  return inEventTransaction(db, async (trx) => {
    const locked = await lockSheet(trx, sheet.sheet_id)
    if (locked.status !== SHEET_STATUS_OPEN) throw new DomainError('SHEET_CLOSED')
    // What is due comes from the locked row: a round or a quantity change committed since the
    // first read would otherwise leave the bill at the old total (and paying it closed the sheet).
    // Less what diners' shares of a split bill hold while they pay them (bill-shares.ts): the rest.
    const held = await heldByShares(trx, locked, now)
    const due = roundHalfUp(maxDecimal(0, toDecimal(locked.amount).minus(toDecimal(locked.paid_amount)).minus(held)), amoPoint).toFixed(amoPoint)
    if (locked.settlement_id) {
      const pending = await lockOrder(trx, locked.settlement_id)
      if (pending.status === ORDER_STATUS.AWAITING_PAYMENT && (!pending.expires_at || pending.expires_at > now.toISOString())) {
        if (pending.owner_key === caller.ownerKey) return { sheet: locked, settlement: pending }
        const owner = { owner_key: caller.ownerKey, vip_id: vipIdOfOwner(caller.ownerKey) }
        await trx.updateTable('orders').set(owner).where('order_id', '=', pending.order_id).execute()
        return { sheet: locked, settlement: { ...pending, ...owner } }
      }
    }
    // Everything still due is held by diners' shares being paid: there is no rest to pay now.
    if (held.isPositive() && !toDecimal(due).isPositive()) throw new DomainError('SHARE_ABOVE_OPEN', { open: due })
    const settlement = settlementRecord(locked, caller, due, wallClockIn(timeZone, now).date, minutes)
    await trx.insertInto('orders').values(settlement).execute()
    // What this bill is for, line by line, as the table's rounds stand now (bill-lines.ts).
    await writeBillLines(trx, settlement.order_id, locked.sheet_id)
    await recordCreated(trx, settlement.order_id, ORDER_STATUS.AWAITING_PAYMENT, 'diner', now)
    await trx.updateTable('table_sheets').set({ settlement_id: settlement.order_id }).where('sheet_id', '=', locked.sheet_id).execute()
    // Front of house sees that the table is paying in the app.
    await appendSheetChanged(trx, locked, now)
    return { sheet: { ...locked, settlement_id: settlement.order_id }, settlement }
  })
}
