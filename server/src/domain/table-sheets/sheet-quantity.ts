/**
 * Changing the quantity of goods already on a table's sheet (spec §4: "Editing goods quantity is
 * allowed only when CYSheetGoodsQuaEdit equals 1"; issue 12 item 17). Otherwise
 * QUANTITY_EDIT_NOT_ALLOWED (20025).
 *
 * Who: whoever may settle the sheet (the table's code, or a round ordered on it; sheet-access.ts).
 * When: the sheet is open and takes rounds now (the ordering-allowed rules), the round is not paid.
 * What: one line's quantity in the unit its stepper counts (packs on a pack line, main units
 * otherwise), at least 1 and at most the shop's MaxLineQuantity. The line keeps the prices it was
 * ordered at: a line's amount is linear in its quantity (src/core/cart lineAmount:
 * pQua × (PSalesPrice + extras) + mQua × (SalesPrice + extras)), so the new amount is the old one
 * per unit times the new quantity, exactly. The round's and the sheet's totals follow (at
 * AmoPoint), a pending settlement is cancelled (the bill must show the new total), and the stock
 * of the sku is taken or given back in the same transaction.
 *
 * Lowering what went to the kitchen (issue 23): a line may go below the quantity the kitchen was
 * sent only when the enterprise lets diners do that (CYSheetSentQuaLower = 1); otherwise
 * QUANTITY_SENT_TO_KITCHEN (21106), and raising stays allowed. What was sent is the kitchen's
 * per-line ledger's sum (kitchen-ledger.ts sentQuantityOf): a round goes to the kitchen when it is
 * placed and every change with its difference.
 */
import { decimalPoints, roundHalfUp, sumDecimals, toDecimal } from '../../../../src/core/money'
import { isQuantityEditAllowed, orderingRefusal } from '../../../../src/core/ordering-allowed'
import { orderLimits } from '../../../../src/core/order-limits'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import { findEnterpriseSetting, listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { listShopParams } from '../../storage/repositories/params.repository'
import { openMenu } from '../catalogue/catalogue.service'
import { priceLines } from '../orders/order-pricing'
import { DomainError } from '../errors'
import { applyOrderAction, lockOrder } from '../orders/order-state'
import { adjustStockTake } from '../orders/order-stock'
import { findBase } from '../../storage/repositories/base.repository'
import { requireSheetAccess } from './sheet-access'
import { sentQuantityOf, syncOrderToKitchen } from '../kitchen/kitchen-ledger'
import { appendSheetChanged } from '../counter/counter-events'
import { isSentLowerAllowed, lockSheet, requireSheet, type SheetCaller, type SheetRecord } from './table-sheet.service'
import { inEventTransaction } from '../../live/outbox'

export interface QuantityEdit {
  SheetID: string
  /** The round (its order id) the line is on. */
  RoundID: string
  LineNo: number
  /** The new quantity: packs on a pack line, main units otherwise. */
  Qua: number
}

export async function editSheetQuantity(caller: SheetCaller, edit: QuantityEdit): Promise<SheetRecord> {
  const { db, entId, now } = caller
  const sheet = await requireSheet(db, entId, edit.SheetID)
  await requireSheetAccess(caller, sheet, 'settle')
  if (!isQuantityEditAllowed(await findEnterpriseSetting(db, entId, 'CYSheetGoodsQuaEdit'))) throw new DomainError('QUANTITY_EDIT_NOT_ALLOWED')
  if (sheet.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')

  const read = await openMenu(db, entId, { ShopID: sheet.shop_id, BaseID: sheet.base_id }, now, caller.origin)
  const base = await findBase(db, entId, sheet.base_id)
  if (!base) throw new DomainError('BASE_NOT_FOUND')
  const refusal = orderingRefusal({
    beginTime: base.beginTime,
    endTime: base.endTime,
    nowSecondsOfDay: read.clock.secondsOfDay,
    webOrderDuration: base.webOrderDuration,
    sheetAgeSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(sheet.created_at)) / 1000)),
    sheetStatus: sheet.status
  })
  if (refusal === 'SHOP_CLOSED') throw new DomainError('SHOP_CLOSED', { begin: base.beginTime || '00:00', end: base.endTime || '23:59' })
  if (refusal) throw new DomainError(refusal)

  const settings = new Map((await listEnterpriseSettings(db, entId)).map((p) => [p.parmId, p.parmValue]))
  const lowerSent = isSentLowerAllowed(settings.get('CYSheetSentQuaLower'))
  const shopParams = new Map((await listShopParams(db, sheet.shop_id)).map((p) => [p.parmId, p.parmValue]))
  const amoPoint = decimalPoints({ AmoPoint: settings.get('AmoPoint') }).AmoPoint
  const { maxLineQuantity } = orderLimits(shopParams, settings)

  return inEventTransaction(db, async (trx) => {
    const locked = await lockSheet(trx, sheet.sheet_id)
    if (locked.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
    const round = await lockOrder(trx, edit.RoundID)
    if (round.table_sheet_id !== locked.sheet_id || round.kind !== 'round') throw new DomainError('ORDER_NOT_FOUND')
    // Rounds of an open sheet await its bill; a completed one was settled with an earlier bill.
    if (round.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
    const line = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', round.order_id).where('line_no', '=', edit.LineNo).executeTakeFirst()
    if (!line) throw new DomainError('ORDER_NOT_FOUND')

    const byPack = line.pcode !== ''
    const pQua = toDecimal(line.p_qua)
    const mQua = toDecimal(line.m_qua)
    // A line counts in one unit; one that mixes packs and main units has no single stepper.
    if ((byPack && !mQua.isZero()) || (!byPack && !pQua.isZero())) throw new DomainError('INVALID_QUANTITY', { goods: line.goods_name })
    const oldQua = byPack ? pQua : mQua
    const newQua = toDecimal(edit.Qua)
    if (!newQua.isInteger() || newQua.lessThan(1) || oldQua.isZero()) throw new DomainError('INVALID_QUANTITY', { goods: line.goods_name })
    if (newQua.greaterThan(maxLineQuantity)) throw new DomainError('LINE_QUANTITY_OVER_LIMIT', { goods: line.goods_name, max: String(maxLineQuantity) })
    if (newQua.equals(oldQua)) return locked
    if (!lowerSent && newQua.lessThan(await sentQuantityOf(trx, round.order_id, line.line_no, oldQua))) throw new DomainError('QUANTITY_SENT_TO_KITCHEN', { goods: line.goods_name })

    const perUnit = (amount: string) => toDecimal(amount).dividedBy(oldQua)
    if (newQua.greaterThan(oldQua)) {
      // Units added are sold at today's price: while the line's price still holds they join it;
      // after a promotion ended or a price changed, more is a new round (PRICE_CHANGED), and goods
      // off sale now are refused as an order would be. A combo's picks keep their own choices
      // (Bom[].Remarks), checked again like the order's.
      const stored = JSON.parse(line.detail || '{}') as { SkuID?: string; PCode?: string; Remarks?: { name: string; option: string }[]; AddOns?: string[]; Bom?: { BOMClassID: string; GoodsID: string; Remarks?: { name: string; option: string }[] }[] }
      const one = priceLines(
        read,
        [{ GoodsID: line.goods_id, SkuID: stored.SkuID ?? line.sku_id, PCode: stored.PCode ?? line.pcode, MQua: byPack ? '0' : '1', PQua: byPack ? '1' : '0', Remarks: stored.Remarks ?? [], AddOns: stored.AddOns ?? [], Bom: stored.Bom ?? [], Amount: '0' }],
        caller.locale,
        amoPoint,
        false,
        { maxOrderLines: 1, maxLineQuantity }
      )
      if (!toDecimal(one.lines[0].amount).equals(perUnit(line.amount))) throw new DomainError('PRICE_CHANGED', { goods: line.goods_name })
    }
    const ref = toDecimal(line.ref || '1')
    const units = byPack ? newQua.times(ref) : newQua
    await trx
      .updateTable('order_lines')
      .set({
        p_qua: byPack ? newQua.toFixed() : line.p_qua,
        m_qua: byPack ? line.m_qua : newQua.toFixed(),
        qua: units.toFixed(),
        amount: perUnit(line.amount).times(newQua).toFixed(),
        original_amount: perUnit(line.original_amount).times(newQua).toFixed()
      })
      .where('order_id', '=', line.order_id)
      .where('line_no', '=', line.line_no)
      .execute()
    if (line.sku_id) {
      // Whole units, as an order's take counts them (a fractional quantity takes the next whole unit).
      const delta = units.minus(toDecimal(line.qua))
      const whole = delta.isNegative() ? -Math.ceil(delta.negated().toNumber() - 1e-9) : Math.ceil(delta.toNumber() - 1e-9)
      await adjustStockTake(trx, round.order_id, { skuId: line.sku_id, label: `${line.goods_name}${line.sku_name ? ` (${line.sku_name})` : ''}`, units: whole }, now)
    }

    const amounts = await trx.selectFrom('order_lines').select('amount').where('order_id', '=', round.order_id).execute()
    const goods = roundHalfUp(sumDecimals(amounts.map((a) => a.amount)), amoPoint)
    const roundAmount = roundHalfUp(sumDecimals([goods.toFixed(), round.bag_fee, round.freight]), amoPoint)
    await trx.updateTable('orders').set({ goods_amount: goods.toFixed(amoPoint), amount: roundAmount.toFixed(amoPoint) }).where('order_id', '=', round.order_id).execute()
    const sheetAmount = toDecimal(locked.amount).minus(toDecimal(round.goods_amount)).plus(goods).toFixed(amoPoint)
    await trx.updateTable('table_sheets').set({ amount: sheetAmount, settlement_id: '' }).where('sheet_id', '=', locked.sheet_id).execute()
    if (locked.settlement_id) {
      const pending = await lockOrder(trx, locked.settlement_id)
      if (pending.status === ORDER_STATUS.AWAITING_PAYMENT) await applyOrderAction(trx, pending.order_id, 'cancel', 'system', now)
    }
    // The kitchen gets exactly the difference, on the round's ticket (kitchen-ledger.ts).
    await syncOrderToKitchen(trx, round.order_id, now)
    // Front of house sees the bill's new total.
    await appendSheetChanged(trx, locked, now)
    return { ...locked, amount: sheetAmount, settlement_id: '' }
  })
}
