/**
 * Cancelling a line of a round at the counter (issue 24 item 3; docs/front-of-house.md "Cancelling
 * a line"): the line goes to what remains of it (0: cancelled whole), its amount with it (a line's
 * amount is linear in its quantity, as sheet-quantity.ts relies on), the round's and the bill's
 * totals follow, the stock it held is given back, a pending online settlement is cancelled (its
 * amount is wrong now), and the kitchen's ticket shows the line cancelled or lowered
 * (syncOrderToKitchen: exactly the difference, on the same ticket). A reason is required.
 *
 * A line the kitchen has seen (the sent-quantity ledger sums above 0) is a void: the caller's role
 * must void (orders.void: owners, managers), or an owner or manager of the branch approves with
 * their PIN (manager-approval.ts). The audit entry ('counter.lineCancel') names the goods, the
 * quantities and amounts before and after, the reason, who asked and who approved. A bill cannot
 * go below what is already paid on it (COUNTER_BELOW_PAID).
 */
import { Decimal, roundHalfUp, sumDecimals, toDecimal } from '../../../../src/core/money'
import { decimalPoints } from '../../../../src/core/money'
import type { CounterTableRow } from '../../../../src/gateway/counter-contract'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { DomainError } from '../errors'
import { sentQuantityOf, syncOrderToKitchen } from '../kitchen/kitchen-ledger'
import { kitchenQuantityOf } from '../kitchen/kitchen-view'
import { applyOrderAction, lockOrder } from '../orders/order-state'
import { adjustStockTake } from '../orders/order-stock'
import { appendAudit } from '../staff/audit-log'
import { lockSheet, type SheetRecord } from '../table-sheets/table-sheet.service'
import { appendTablesChanged } from './counter-events'
import type { CounterCaller } from './counter-payment.service'
import { loadTableRows } from './counter-view'
import { approvalDetail, approvesOwnActions, checkApproval, type Approver } from './manager-approval'
import { inEventTransaction } from '../../live/outbox'

export interface LineCancel {
  roundId: string
  lineNo: number
  /** What remains of the line, in its stepper unit ('0': all of it). */
  qua: string
  reason: string
  approverId?: string
  pin?: string
}

const QUANTITY = /^\d{1,6}(\.\d{1,3})?$/

export async function cancelLine(caller: CounterCaller, sheet: SheetRecord, input: LineCancel): Promise<CounterTableRow> {
  const { db, staff, now } = caller
  if (sheet.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
  const round = await db.selectFrom('orders').selectAll().where('order_id', '=', input.roundId).executeTakeFirst()
  if (!round || round.table_sheet_id !== sheet.sheet_id || round.kind !== 'round') throw new DomainError('ORDER_NOT_FOUND')
  const line = await db.selectFrom('order_lines').selectAll().where('order_id', '=', round.order_id).where('line_no', '=', input.lineNo).executeTakeFirst()
  if (!line) throw new DomainError('ORDER_NOT_FOUND')
  const before = kitchenQuantityOf(line)
  const oldQua = toDecimal(before.qua)
  const remains = (input.qua ?? '').normalize('NFKC').trim()
  if (oldQua.isZero()) throw new DomainError('LINE_ALREADY_CANCELLED', { goods: line.goods_name })
  if (!QUANTITY.test(remains)) throw new DomainError('INVALID_QUANTITY', { goods: line.goods_name })
  const newQua = toDecimal(remains)
  // A line of packs and loose units has no single stepper: it is cancelled whole or not at all.
  const mixed = line.pcode !== '' && !toDecimal(line.p_qua).isZero() && !toDecimal(line.m_qua).isZero()
  if (!newQua.lessThan(oldQua) || ((before.byPack || mixed) && !newQua.isInteger()) || (mixed && !newQua.isZero())) {
    throw new DomainError('INVALID_QUANTITY', { goods: line.goods_name })
  }
  const sent = await sentQuantityOf(db, round.order_id, line.line_no, oldQua)
  let approver: Approver | null = null
  const isVoid = sent.isPositive()
  if (isVoid && !approvesOwnActions(staff)) {
    approver = await checkApproval(db, staff, { approverId: input.approverId, pin: input.pin, shopId: sheet.shop_id, baseId: sheet.base_id, action: 'counter.lineCancel', targetId: `${round.order_id}/${line.line_no}`, clientIp: caller.clientIp, now })
  }
  const settings = Object.fromEntries((await listEnterpriseSettings(db, sheet.ent_id)).map((p) => [p.parmId, p.parmValue]))
  const amoPoint = decimalPoints(settings).AmoPoint

  await inEventTransaction(db, async (trx) => {
    const locked = await lockSheet(trx, sheet.sheet_id)
    if (locked.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
    const lockedRound = await lockOrder(trx, round.order_id)
    if (lockedRound.table_sheet_id !== locked.sheet_id || lockedRound.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
    const current = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', round.order_id).where('line_no', '=', line.line_no).executeTakeFirstOrThrow()
    const now_ = kitchenQuantityOf(current)
    const currentQua = toDecimal(now_.qua)
    // Changed since it was read (a diner's quantity change, another cancel): judged again.
    if (currentQua.isZero()) throw new DomainError('LINE_ALREADY_CANCELLED', { goods: line.goods_name })
    if (!newQua.lessThan(currentQua)) throw new DomainError('INVALID_QUANTITY', { goods: line.goods_name })
    const ratio = newQua.dividedBy(currentQua)
    const scaled = (amount: string): string => (newQua.isZero() ? '0' : toDecimal(amount).times(ratio).toFixed())
    const byPack = now_.byPack
    const pQua = byPack ? newQua : mixed ? new Decimal(0) : toDecimal(current.p_qua)
    const mQua = byPack ? toDecimal(current.m_qua) : newQua
    const units = byPack ? newQua.times(toDecimal(current.ref || '1')).plus(mQua) : mixed ? new Decimal(0) : newQua
    await trx
      .updateTable('order_lines')
      .set({ p_qua: pQua.toFixed(), m_qua: mQua.toFixed(), qua: units.toFixed(), amount: scaled(current.amount), original_amount: scaled(current.original_amount) })
      .where('order_id', '=', current.order_id)
      .where('line_no', '=', current.line_no)
      .execute()
    if (current.sku_id) {
      // Whole units back, as an order's take counts them (a fractional quantity took the next whole unit).
      const delta = units.minus(toDecimal(current.qua))
      const whole = -Math.ceil(delta.negated().toNumber() - 1e-9)
      await adjustStockTake(trx, round.order_id, { skuId: current.sku_id, label: `${current.goods_name}${current.sku_name ? ` (${current.sku_name})` : ''}`, units: whole }, now)
    }
    const amounts = await trx.selectFrom('order_lines').select('amount').where('order_id', '=', round.order_id).execute()
    const goods = roundHalfUp(sumDecimals(amounts.map((a) => a.amount)), amoPoint)
    const roundAmount = roundHalfUp(sumDecimals([goods.toFixed(), lockedRound.bag_fee, lockedRound.freight]), amoPoint)
    const billAmount = toDecimal(locked.amount).minus(toDecimal(lockedRound.goods_amount)).plus(goods)
    if (billAmount.lessThan(toDecimal(locked.paid_amount))) throw new DomainError('COUNTER_BELOW_PAID', { paid: toDecimal(locked.paid_amount).toFixed(amoPoint) })
    await trx.updateTable('orders').set({ goods_amount: goods.toFixed(amoPoint), amount: roundAmount.toFixed(amoPoint) }).where('order_id', '=', round.order_id).execute()
    await trx.updateTable('table_sheets').set({ amount: billAmount.toFixed(amoPoint), settlement_id: '' }).where('sheet_id', '=', locked.sheet_id).execute()
    if (locked.settlement_id) {
      const pending = await lockOrder(trx, locked.settlement_id)
      if (pending.status === ORDER_STATUS.AWAITING_PAYMENT) await applyOrderAction(trx, pending.order_id, 'cancel', 'shop', now)
    }
    await appendAudit(trx, {
      entId: locked.ent_id,
      actor: staff,
      action: 'counter.lineCancel',
      targetType: 'bill',
      targetId: locked.sheet_id,
      detail: {
        tableId: locked.table_id,
        baseId: locked.base_id,
        roundId: round.order_id,
        roundNo: Number(lockedRound.round_no),
        lineNo: current.line_no,
        goods: current.goods_name,
        sku: current.sku_name,
        quaBefore: currentQua.toFixed(),
        quaAfter: newQua.toFixed(),
        amountBefore: current.amount,
        amountAfter: scaled(current.amount),
        billBefore: locked.amount,
        billAfter: billAmount.toFixed(amoPoint),
        sentToKitchen: sent.toFixed(),
        ...(isVoid ? approvalDetail(staff, approver) : {})
      },
      reason: input.reason,
      clientIp: caller.clientIp,
      now
    })
    // The kitchen gets exactly the difference on the same ticket (the line shown cancelled or lowered).
    await syncOrderToKitchen(trx, round.order_id, now)
    await appendTablesChanged(trx, locked.ent_id, [locked.table_id], now)
  })
  const [table] = await loadTableRows(db, sheet.ent_id, [sheet.table_id])
  return table
}
