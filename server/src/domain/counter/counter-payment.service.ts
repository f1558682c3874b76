/**
 * A payment taken at the counter (issue 24 item 3; docs/front-of-house.md "Payments"): cash (with
 * what the diner handed over and the change), card or other, against a table bill or a prepay
 * order awaiting payment. Recorded as a row of `payments` with provider 'cash' | 'card' | 'other'
 * (status paid at once: the money is in the till), so the day report and the orders list count it
 * with every other payment, and a counter_payments row with what the counter took.
 *
 *   - A table bill: each payment is a paid 'settlement' order of the bill for its amount (as an
 *     online settlement is), through markOrderPaid: partial payments add up on the bill
 *     (paid_amount); the one that covers what is due closes the bill and completes its rounds. A
 *     pending online settlement is cancelled first (its amount would be wrong now; one paid after
 *     all is given back by the late-payment rule). More than is due is refused (COUNTER_OVERPAY);
 *     cash may be tendered above the amount, and the change is tendered − amount.
 *   - A prepay order awaiting payment is paid whole (its due, else COUNTER_AMOUNT_INVALID) through
 *     markOrderPaid: its pickup number, its member's points, the kitchen.
 *   - Idempotent by RequestKey: the same key and content answer the first payment as things are
 *     now (Replayed 1); the key with other content is REQUEST_KEY_REUSED.
 *   - Audited in the same transaction ('counter.payment', with the amounts), and a
 *     'payment.recorded' event besides the bill's or order's own.
 * Money is exact (src/core/money.ts), rounded at AmoPoint only where an amount is stored.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { CounterMethod, CounterPaymentResultRow, CounterPaymentRow } from '../../../../src/gateway/counter-contract'
import { maxDecimal, toDecimal, type Decimal } from '../../../../src/core/money'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { ORDER_STATUS, PAYMENT_STATUS, POSI_TYPE } from '../../../../src/gateway/order-rows'
import type { Database } from '../../storage/schema'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { applyOrderAction, lockOrder, lockOrderForPayment, markOrderPaid, recordCreated, type OrderRecord } from '../orders/order-state'
import { moneySettings, newPayId, requirePayable } from '../payments/payment.service'
import { appendAudit } from '../staff/audit-log'
import type { StaffActor } from '../staff/staff-actor'
import { lockSheet, type SheetRecord } from '../table-sheets/table-sheet.service'
import { appendPaymentRecorded } from './counter-events'
import { loadOrderRows, loadTableRows, paymentRowOf } from './counter-view'
import { inEventTransaction } from '../../live/outbox'

type Trx = Transaction<Database>

/** What the counter asks to record. `target` is a table bill's SheetID or a prepay order's id. */
export interface CounterPaymentInput {
  target: string
  method: CounterMethod | 'balance' | 'coupon'
  amount: string
  /** Cash handed over; absent: the amount. */
  tendered?: string
  note: string
  requestKey: string
}

export interface CounterCaller {
  db: Kysely<Database>
  staff: StaffActor
  clientIp: string
  now: Date
}

/** The bill or order a payment is for, as the scope check found it. */
export type PayTarget = { kind: 'bill'; sheet: SheetRecord } | { kind: 'order'; order: OrderRecord }

/** Key under which a counter payment's request key is kept (apart from diners' PaySubmit keys). */
export const counterKey = (requestKey: string): string => `counter:${requestKey}`

export const newCounterId = (prefix: string): string => `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`

/** A positive amount with at most AmoPoint decimals, else COUNTER_AMOUNT_INVALID. */
export function moneyOf(text: string | undefined, amoPoint: number, due: string): Decimal {
  const trimmed = (text ?? '').normalize('NFKC').trim()
  if (!/^\d{1,10}(\.\d{1,6})?$/.test(trimmed)) throw new DomainError('COUNTER_AMOUNT_INVALID', { due })
  const value = toDecimal(trimmed)
  if (!value.isPositive() || value.isZero() || value.decimalPlaces() > amoPoint) throw new DomainError('COUNTER_AMOUNT_INVALID', { due })
  return value
}

/** What identifies a request besides its key; `amount` false: not its amount (a voucher's is the server's to work out). */
export interface RequestIdentity {
  extra?: string
  amount?: boolean
}

const hashOf = (input: CounterPaymentInput, id: RequestIdentity = {}): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.target,
        input.method,
        id.amount === false ? '' : toDecimal(input.amount).toFixed(),
        input.tendered === undefined || input.tendered === '' ? '' : toDecimal(input.tendered).toFixed(),
        input.note,
        id.extra ?? ''
      ])
    )
    .digest('hex')
    .slice(0, 64)

/** The answer for a payment already recorded under this key (a retry), or null; the key with other content is REQUEST_KEY_REUSED. */
export async function replayed(caller: CounterCaller, input: CounterPaymentInput, id: RequestIdentity = {}): Promise<CounterPaymentResultRow | null> {
  const { db, staff } = caller
  const earlier = await db
    .selectFrom('payments as p')
    .leftJoin('counter_payments as c', 'c.pay_id', 'p.pay_id')
    .select(['p.pay_id', 'p.order_id', 'p.provider', 'p.amount', 'p.settled_at', 'p.created_at', 'c.tendered', 'c.change_given', 'c.staff_name', 'c.sheet_id', 'c.request_hash'])
    .where('p.ent_id', '=', staff.entId)
    .where('p.request_key', '=', counterKey(input.requestKey))
    .executeTakeFirst()
  if (!earlier) return null
  if (earlier.request_hash !== hashOf(input, id)) throw new DomainError('REQUEST_KEY_REUSED')
  const payment = paymentRowOf({ ...earlier, sheetId: earlier.sheet_id ?? '' })
  return answer(db, staff.entId, payment, true)
}

async function answer(db: Kysely<Database>, entId: string, payment: CounterPaymentRow, replay: boolean): Promise<CounterPaymentResultRow> {
  if (payment.SheetID) {
    const sheet = await db.selectFrom('table_sheets').select(['table_id', 'status']).where('sheet_id', '=', payment.SheetID).executeTakeFirstOrThrow()
    const [table] = await loadTableRows(db, entId, [sheet.table_id])
    return { Payment: payment, Table: table ?? null, Order: null, Settled: sheet.status === ORDER_STATUS.COMPLETED ? 1 : 0, Replayed: replay ? 1 : 0 }
  }
  const [order] = await loadOrderRows(db, entId, [payment.OrderID])
  return { Payment: payment, Table: null, Order: order ?? null, Settled: 1, Replayed: replay ? 1 : 0 }
}

/**
 * Records the payment. `extra` is whatever else identifies the request (a member's or a card's
 * id), so a retry with another member under the same key is refused. `charge` runs in the
 * transaction before the payment is written (the balance is taken there); it may refuse.
 */
export async function recordCounterPayment(
  caller: CounterCaller,
  target: PayTarget,
  input: CounterPaymentInput,
  options: {
    /** What else identifies the request (a member's or a card's id). */
    identity?: RequestIdentity
    /** A bill's settlement is this member's (they earn its points). */
    settlementVipId?: string
    charge?: (trx: Trx, ids: { payId: string; orderId: string; amount: string }) => Promise<void>
    auditAction?: string
    auditDetail?: Record<string, unknown>
  } = {}
): Promise<CounterPaymentResultRow> {
  const { db, staff, now } = caller
  const identity = options.identity ?? {}
  const first = await replayed(caller, input, identity)
  if (first) return first
  const { amoPoint } = await moneySettings(db, staff.entId)
  const timeZone = await enterpriseTimeZone(db, staff.entId)
  const payId = newPayId(now)
  const hash = hashOf(input, identity)

  let payment: CounterPaymentRow
  try {
    payment = await inEventTransaction(db, async (trx) => {
      let orderId: string
      let sheetId = ''
      let dueBefore: string
      let place: { entId: string; shopId: string; baseId: string }
      let tableId = ''
      let amount: Decimal
      if (target.kind === 'bill') {
        const sheet = await lockSheet(trx, target.sheet.sheet_id)
        if (sheet.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
        const due = maxDecimal(0, toDecimal(sheet.amount).minus(toDecimal(sheet.paid_amount)))
        dueBefore = due.toFixed(amoPoint)
        amount = moneyOf(input.amount, amoPoint, dueBefore)
        if (amount.greaterThan(due)) throw new DomainError('COUNTER_OVERPAY', { due: dueBefore })
        // A diner paying in the app at this moment paid for the old due: that settlement goes.
        if (sheet.settlement_id) {
          const pending = await lockOrder(trx, sheet.settlement_id)
          if (pending.status === ORDER_STATUS.AWAITING_PAYMENT) await applyOrderAction(trx, pending.order_id, 'cancel', 'shop', now)
        }
        orderId = await insertCounterSettlement(trx, sheet, amount.toFixed(amoPoint), staff, counterKey(input.requestKey), timeZone, now, options.settlementVipId ?? '')
        sheetId = sheet.sheet_id
        tableId = sheet.table_id
        place = { entId: sheet.ent_id, shopId: sheet.shop_id, baseId: sheet.base_id }
      } else {
        const order = await lockOrderForPayment(trx, target.order.order_id)
        if (order.kind !== 'order') throw new DomainError('ORDER_NOT_FOUND')
        requirePayable(order, now)
        const due = toDecimal(order.amount).minus(toDecimal(order.paid_amount))
        dueBefore = due.toFixed(amoPoint)
        amount = moneyOf(input.amount, amoPoint, dueBefore)
        if (amount.greaterThan(due)) throw new DomainError('COUNTER_OVERPAY', { due: dueBefore })
        if (!amount.equals(due)) throw new DomainError('COUNTER_AMOUNT_INVALID', { due: dueBefore })
        orderId = order.order_id
        place = { entId: order.ent_id, shopId: order.shop_id, baseId: order.base_id }
      }
      const amountText = amount.toFixed(amoPoint)
      let tendered = amount
      if (input.tendered !== undefined && input.tendered !== '') {
        tendered = moneyOf(input.tendered, amoPoint, dueBefore)
        // Only cash is handed over in notes and coins; card and other are for the amount.
        if (input.method !== 'cash' ? !tendered.equals(amount) : tendered.lessThan(amount)) throw new DomainError('COUNTER_AMOUNT_INVALID', { due: dueBefore })
      }
      const change = tendered.minus(amount)
      await options.charge?.(trx, { payId, orderId, amount: amountText })
      const at = now.toISOString()
      await trx
        .insertInto('payments')
        .values({
          pay_id: payId,
          ent_id: place.entId,
          shop_id: place.shopId,
          order_id: orderId,
          owner_key: `staff:${staff.staffId}`,
          request_key: counterKey(input.requestKey),
          provider: input.method,
          amount: amountText,
          status: PAYMENT_STATUS.PAID,
          provider_ref: '',
          return_url: '',
          created_at: at,
          settled_at: at
        })
        .execute()
      await trx
        .insertInto('counter_payments')
        .values({
          pay_id: payId,
          ent_id: place.entId,
          shop_id: place.shopId,
          base_id: place.baseId,
          sheet_id: sheetId,
          order_id: orderId,
          method: input.method,
          amount: amountText,
          tendered: tendered.toFixed(amoPoint),
          change_given: change.toFixed(amoPoint),
          request_hash: hash,
          staff_id: staff.staffId,
          staff_name: staff.name,
          note: input.note.slice(0, 200),
          created_at: at
        })
        .execute()
      // Paid: a bill's settlement adds to the bill (closing it when nothing is left due); a
      // prepay order gets its pickup number and goes to the kitchen. Its events follow.
      await markOrderPaid(trx, orderId, amountText, now)
      const after = sheetId ? await trx.selectFrom('table_sheets').select(['paid_amount', 'amount', 'status']).where('sheet_id', '=', sheetId).executeTakeFirstOrThrow() : null
      await appendAudit(trx, {
        entId: place.entId,
        actor: staff,
        action: options.auditAction ?? 'counter.payment',
        targetType: sheetId ? 'bill' : 'order',
        targetId: sheetId || orderId,
        detail: {
          payId,
          method: input.method,
          amount: amountText,
          tendered: tendered.toFixed(amoPoint),
          change: change.toFixed(amoPoint),
          dueBefore,
          ...(after ? { billAmount: after.amount, paidAfter: after.paid_amount, closed: after.status === ORDER_STATUS.COMPLETED, tableId } : { orderId }),
          baseId: place.baseId,
          ...options.auditDetail
        },
        reason: input.note,
        clientIp: caller.clientIp,
        now
      })
      const row: CounterPaymentRow = {
        PayID: payId,
        SheetID: sheetId,
        OrderID: orderId,
        Method: input.method,
        Amount: amountText,
        Tendered: tendered.toFixed(amoPoint),
        Change: change.toFixed(amoPoint),
        At: at,
        StaffName: staff.name
      }
      await appendPaymentRecorded(trx, place, row, now)
      return row
    })
  } catch (error) {
    // Two taps at once with one key: the loser (refused by the unique key, or by what the winner
    // changed: a bill it closed) answers the winner's payment.
    const raced = await replayed(caller, input, identity).catch(() => null)
    if (raced) return raced
    throw error
  }
  return answer(db, staff.entId, payment, false)
}

/** A paid-at-the-counter settlement of the bill for `amount` (awaiting payment until markOrderPaid pays it). */
async function insertCounterSettlement(trx: Trx, sheet: SheetRecord, amount: string, staff: StaffActor, requestKey: string, timeZone: string, now: Date, vipId: string): Promise<string> {
  const settlement: OrderRecord = {
    order_id: newCounterId('P'),
    ent_id: sheet.ent_id,
    shop_id: sheet.shop_id,
    base_id: sheet.base_id,
    table_id: sheet.table_id,
    table_sheet_id: sheet.sheet_id,
    round_no: 0,
    kind: 'settlement',
    owner_key: `staff:${staff.staffId}`,
    vip_id: vipId,
    request_key: requestKey,
    request_hash: '',
    pay_mode: 'postpay',
    service_type: sheet.posi_type === POSI_TYPE.TAKEAWAY ? 'takeaway' : sheet.posi_type === POSI_TYPE.FAST ? 'fastfood' : 'dinein',
    posi_type: sheet.posi_type,
    status: ORDER_STATUS.AWAITING_PAYMENT,
    pickup_no: '',
    business_day: wallClockIn(timeZone, now).date,
    appointed_time: '',
    remarks: '',
    locale: 'zh-TW',
    goods_amount: amount,
    bag_qua: 0,
    bag_fee: '0',
    freight: '0',
    amount,
    paid_amount: '0',
    contact: '',
    phone: '',
    address: '',
    delivery_lat: 0,
    delivery_lng: 0,
    card_id: '',
    coupon_name: '',
    coupon_amount: '0',
    address_id: '',
    delivery_snapshot: '',
    delivery_distance: -1,
    created_at: now.toISOString(),
    expires_at: null,
    paid_at: null,
    ready_at: null,
    completed_at: null,
    cancelled_at: null,
    kitchen_stage: ''
  }
  await trx.insertInto('orders').values(settlement).execute()
  await recordCreated(trx, settlement.order_id, ORDER_STATUS.AWAITING_PAYMENT, 'shop', now)
  // The bill's current settlement: markOrderPaid adds it to the bill (and closes it when due is covered).
  await trx.updateTable('table_sheets').set({ settlement_id: settlement.order_id }).where('sheet_id', '=', sheet.sheet_id).execute()
  return settlement.order_id
}
