/**
 * Reconciliation (issue 25 item 5, docs/payments-reconcile.md): a vendor's bill of one Beijing
 * day against our ledger for that provider: payments (payments, by payId) and recharges
 * (recharges, by recharge id), both the vendor's merchant order number, and the refunds we made
 * through the provider (payment_notices '<provider>:refund:<payId>[:<refundNo>]', written with
 * every provider refund, the after-sale ones included), by our refund number.
 *
 * The day rule. Both vendors date a row by their own time, in Beijing time; we date a payment by
 * settled_at (recharges paid_at, refunds the time we recorded them). A payment paid at 23:59:59
 * can be on the vendor's next day. So:
 *   - every bill row is matched to our record by number, whichever day we dated ours;
 *   - ours "expected in this bill" are those we dated inside the day; one the bill lacks is a
 *     difference, unless we dated it within TOLERANCE of the day's end: then it is listed apart,
 *     "on the neighbouring day" (look in the next day's bill), and is no difference;
 *   - a bill row we dated outside the day, within TOLERANCE of its edge, is matched normally and
 *     listed apart the same way; dated further away it is a difference ('other-day').
 * Money is compared as exact decimals (src/core/money), never floats.
 */
import type { Kysely } from 'kysely'
import { Decimal, toDecimal } from '../../../../src/core/money'
import { RECHARGE_STATUS } from '../../../../src/gateway/member-rows'
import { PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import { beijingDay, type BillRow } from '../../providers/payment/bill'
import type { Database } from '../../storage/schema'

/** How far from the day's edge a record may be dated and still be the neighbouring day's, not a difference. */
export const TOLERANCE_MS = 10 * 60_000

export type LedgerState = 'pending' | 'paid' | 'declined' | 'refund_due' | 'refunded'

export interface LedgerPayment {
  /** Our payId or recharge id: the merchant order number. */
  id: string
  kind: 'payment' | 'recharge'
  amount: string
  state: LedgerState
  /** When we recorded it paid (ISO); null when we never did. */
  settledAt: string | null
}

export interface LedgerRefund {
  payId: string
  /** Our refund number: the payId for a cancel's full refund, the after-sale request's id for a partial one. */
  refundNo: string
  amount: string
  at: string
}

export type Difference =
  | { kind: 'not-ours'; id: string; vendorRef: string; vendorAmount: string; at: string }
  | { kind: 'not-in-bill'; id: string; ourAmount: string; settledAt: string }
  | { kind: 'amount'; id: string; ourAmount: string; vendorAmount: string }
  | { kind: 'status'; id: string; ours: LedgerState; vendor: string }
  | { kind: 'other-day'; id: string; settledAt: string; at: string }
  | { kind: 'refund-not-ours'; id: string; refundNo: string; vendorAmount: string; vendorStatus: string; ours: LedgerState | 'unknown' }
  | { kind: 'refund-not-in-bill'; id: string; refundNo: string; ourAmount: string; at: string }
  | { kind: 'refund-amount'; id: string; refundNo: string; ourAmount: string; vendorAmount: string }
  | { kind: 'refund-status'; id: string; refundNo: string; vendor: string }

/** A record one side dated on the neighbouring day, within the tolerance: not a difference. */
export interface Neighbour {
  id: string
  refundNo?: string
  /** 'ours-only': we dated it late in the day, the bill lacks it (expect it in the next day's bill); 'matched': in this bill, dated by us on the day beside. */
  side: 'ours-only' | 'matched'
  ourAt: string
  vendorAt?: string
}

export interface Totals {
  payments: number
  paymentTotal: string
  refunds: number
  refundTotal: string
}

export interface Reconciliation {
  date: string
  differences: Difference[]
  neighbours: Neighbour[]
  bill: Totals
  ours: Totals
}

export interface Ledger {
  /** Every payment and recharge of the provider we dated inside [start - tolerance, end + tolerance), plus any the bill names. */
  payments: LedgerPayment[]
  /** Likewise for refunds, plus any the bill names. */
  refunds: LedgerRefund[]
}

const PAID_STATES: ReadonlySet<LedgerState> = new Set(['paid', 'refund_due', 'refunded'])
const sum = (amounts: string[]): string => amounts.reduce((s, a) => s.plus(toDecimal(a)), new Decimal(0)).toFixed(2)
const same = (a: string, b: string): boolean => toDecimal(a).eq(toDecimal(b))
const refundKey = (payId: string, refundNo: string) => `${payId}\u0000${refundNo}`

/** Compares a bill's rows with our ledger for the Beijing day `date`. Pure. */
export function reconcile(date: string, rows: BillRow[], ledger: Ledger, tolerance = TOLERANCE_MS): Reconciliation {
  const { start, end } = beijingDay(date)
  const inDay = (at: string) => Date.parse(at) >= start.getTime() && Date.parse(at) < end.getTime()
  const nearDay = (at: string) => Date.parse(at) >= start.getTime() - tolerance && Date.parse(at) < end.getTime() + tolerance
  const lateInDay = (at: string) => inDay(at) && Date.parse(at) >= end.getTime() - tolerance

  const differences: Difference[] = []
  const neighbours: Neighbour[] = []
  const ours = new Map(ledger.payments.map((p) => [p.id, p]))
  const ourRefunds = new Map(ledger.refunds.map((r) => [refundKey(r.payId, r.refundNo), r]))
  const seen = new Set<string>()
  const seenRefunds = new Set<string>()

  for (const row of rows) {
    if (row.kind === 'payment') {
      seen.add(row.outTradeNo)
      const p = ours.get(row.outTradeNo)
      if (!p) {
        differences.push({ kind: 'not-ours', id: row.outTradeNo, vendorRef: row.vendorRef, vendorAmount: row.amount, at: row.at })
        continue
      }
      const vendorPaid = row.status === 'paid'
      if (vendorPaid !== PAID_STATES.has(p.state)) differences.push({ kind: 'status', id: p.id, ours: p.state, vendor: row.status })
      if (!same(p.amount, row.amount)) differences.push({ kind: 'amount', id: p.id, ourAmount: p.amount, vendorAmount: row.amount })
      if (p.settledAt && !inDay(p.settledAt)) {
        if (nearDay(p.settledAt)) neighbours.push({ id: p.id, side: 'matched', ourAt: p.settledAt, vendorAt: row.at })
        else differences.push({ kind: 'other-day', id: p.id, settledAt: p.settledAt, at: row.at })
      }
    } else {
      const refundNo = row.refundNo ?? row.outTradeNo
      const key = refundKey(row.outTradeNo, refundNo)
      seenRefunds.add(key)
      const r = ourRefunds.get(key)
      if (!r) {
        differences.push({ kind: 'refund-not-ours', id: row.outTradeNo, refundNo, vendorAmount: row.amount, vendorStatus: row.status, ours: ours.get(row.outTradeNo)?.state ?? 'unknown' })
        continue
      }
      // A refund still processing at the vendor is not yet a difference; a failed one we counted as given is.
      if (row.status !== 'refunded' && row.status !== 'processing') differences.push({ kind: 'refund-status', id: r.payId, refundNo, vendor: row.status })
      if (!same(r.amount, row.amount)) differences.push({ kind: 'refund-amount', id: r.payId, refundNo, ourAmount: r.amount, vendorAmount: row.amount })
      if (!inDay(r.at)) {
        if (nearDay(r.at)) neighbours.push({ id: r.payId, refundNo, side: 'matched', ourAt: r.at, vendorAt: row.at })
        else differences.push({ kind: 'other-day', id: `${r.payId} refund ${refundNo}`, settledAt: r.at, at: row.at })
      }
    }
  }

  for (const p of ledger.payments) {
    if (seen.has(p.id) || !PAID_STATES.has(p.state) || !p.settledAt || !inDay(p.settledAt)) continue
    if (lateInDay(p.settledAt)) neighbours.push({ id: p.id, side: 'ours-only', ourAt: p.settledAt })
    else differences.push({ kind: 'not-in-bill', id: p.id, ourAmount: p.amount, settledAt: p.settledAt })
  }
  for (const r of ledger.refunds) {
    if (seenRefunds.has(refundKey(r.payId, r.refundNo)) || !inDay(r.at)) continue
    if (lateInDay(r.at)) neighbours.push({ id: r.payId, refundNo: r.refundNo, side: 'ours-only', ourAt: r.at })
    else differences.push({ kind: 'refund-not-in-bill', id: r.payId, refundNo: r.refundNo, ourAmount: r.amount, at: r.at })
  }

  const billPayments = rows.filter((r) => r.kind === 'payment' && r.status === 'paid')
  const billRefunds = rows.filter((r) => r.kind === 'refund')
  const ourPayments = ledger.payments.filter((p) => PAID_STATES.has(p.state) && p.settledAt && inDay(p.settledAt))
  const ourDayRefunds = ledger.refunds.filter((r) => inDay(r.at))
  return {
    date,
    differences,
    neighbours,
    bill: { payments: billPayments.length, paymentTotal: sum(billPayments.map((r) => r.amount)), refunds: billRefunds.length, refundTotal: sum(billRefunds.map((r) => r.amount)) },
    ours: { payments: ourPayments.length, paymentTotal: sum(ourPayments.map((p) => p.amount)), refunds: ourDayRefunds.length, refundTotal: sum(ourDayRefunds.map((r) => r.amount)) }
  }
}

const PAYMENT_STATE: Record<number, LedgerState> = {
  [PAYMENT_STATUS.PENDING]: 'pending',
  [PAYMENT_STATUS.PAID]: 'paid',
  [PAYMENT_STATUS.DECLINED]: 'declined',
  [PAYMENT_STATUS.REFUND_DUE]: 'refund_due',
  [PAYMENT_STATUS.REFUNDED]: 'refunded'
}
const RECHARGE_STATE: Record<number, LedgerState> = { [RECHARGE_STATUS.PENDING]: 'pending', [RECHARGE_STATUS.PAID]: 'paid', [RECHARGE_STATUS.DECLINED]: 'declined' }

const chunks = <T>(items: T[], size = 400): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size))

/**
 * Our side for one provider and day: what we dated within the day and its tolerance, and every
 * record a bill row names (whatever day we dated it). Instants are ISO text in both databases,
 * so the window is a text range.
 */
export async function loadLedger(db: Kysely<Database>, provider: string, date: string, rows: BillRow[], tolerance = TOLERANCE_MS): Promise<Ledger> {
  const { start, end } = beijingDay(date)
  const from = new Date(start.getTime() - tolerance).toISOString()
  const to = new Date(end.getTime() + tolerance).toISOString()
  const ids = [...new Set(rows.map((r) => r.outTradeNo).filter(Boolean))]

  const paymentRows = new Map<string, { pay_id: string; amount: string; status: number; settled_at: string | null }>()
  const rechargeRows = new Map<string, { recharge_id: string; amount: string; status: number; paid_at: string | null }>()
  for (const p of await db.selectFrom('payments').select(['pay_id', 'amount', 'status', 'settled_at']).where('provider', '=', provider).where('settled_at', '>=', from).where('settled_at', '<', to).execute()) paymentRows.set(p.pay_id, p)
  for (const r of await db.selectFrom('recharges').select(['recharge_id', 'amount', 'status', 'paid_at']).where('provider', '=', provider).where('paid_at', '>=', from).where('paid_at', '<', to).execute()) rechargeRows.set(r.recharge_id, r)
  for (const part of chunks(ids)) {
    for (const p of await db.selectFrom('payments').select(['pay_id', 'amount', 'status', 'settled_at']).where('provider', '=', provider).where('pay_id', 'in', part).execute()) paymentRows.set(p.pay_id, p)
    for (const r of await db.selectFrom('recharges').select(['recharge_id', 'amount', 'status', 'paid_at']).where('provider', '=', provider).where('recharge_id', 'in', part).execute()) rechargeRows.set(r.recharge_id, r)
  }

  const prefix = `${provider}:refund:`
  const refundRows = new Map<string, { notice_id: string; pay_id: string; amount: string; received_at: string }>()
  const refundQuery = () => db.selectFrom('payment_notices').select(['notice_id', 'pay_id', 'amount', 'received_at']).where('provider', '=', provider).where('result', '=', 'refunded').where('notice_id', 'like', `${prefix}%`)
  for (const n of await refundQuery().where('received_at', '>=', from).where('received_at', '<', to).execute()) refundRows.set(n.notice_id, n)
  const refundedIds = [...new Set(rows.filter((r) => r.kind === 'refund').map((r) => r.outTradeNo))]
  for (const part of chunks(refundedIds)) for (const n of await refundQuery().where('pay_id', 'in', part).execute()) refundRows.set(n.notice_id, n)

  return {
    payments: [
      ...[...paymentRows.values()].map((p) => ({ id: p.pay_id, kind: 'payment' as const, amount: p.amount, state: PAYMENT_STATE[p.status] ?? 'pending', settledAt: p.settled_at })),
      ...[...rechargeRows.values()].map((r) => ({ id: r.recharge_id, kind: 'recharge' as const, amount: r.amount, state: RECHARGE_STATE[r.status] ?? 'pending', settledAt: r.paid_at }))
    ],
    refunds: [...refundRows.values()].map((n) => {
      // '<provider>:refund:<payId>' is the full refund of a cancel (refund number = payId); ':<refundNo>' follows for the others.
      const rest = n.notice_id.slice(prefix.length)
      const refundNo = rest === n.pay_id ? n.pay_id : rest.startsWith(`${n.pay_id}:`) ? rest.slice(n.pay_id.length + 1) : rest
      return { payId: n.pay_id, refundNo, amount: n.amount, at: n.received_at }
    })
  }
}
