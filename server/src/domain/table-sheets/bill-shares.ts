/**
 * Splitting a table's bill (issue 26 item 2; docs/split-bills.md). A diner pays a share of the
 * table's open bill: chosen lines (each whole or a fraction of a shared dish), equal shares of a
 * split ("3 of us"), a custom amount, or the rest. Each share is a 'settlement' order of the sheet
 * for its amount, the payer's own, paid like the whole bill (PaySubmit at a provider or the host's
 * cashier, BalancePay), with a bill_shares row (migration 0034) saying what it is for.
 *
 * The rules, all under the sheet's lock (every sheet writer takes it first):
 *   - A share holds what it claims from the moment it is made until it is paid, expires
 *     (UnpaidOrderMinutes; the sweep and the next claim end it) or stops standing. A claim that
 *     would take a part of a line (or of an equal split) someone holds or paid is refused
 *     (SHARE_LINE_TAKEN), and nothing is made: of two phones reaching for one line at once, the
 *     one whose transaction takes the sheet first wins.
 *   - A share stands while what it was cut from is unchanged: a line share while each of its
 *     lines has the amount it had (a raised quantity, a cancelled round end it), an equal share
 *     while the bill's total is the total its split divided.
 *   - Money is taken only for a share that is still awaiting payment, stands, and does not take
 *     the bill above its total (shareTakesPayment, checked with the payment in one transaction).
 *     Money a provider reports for one that lost is given back through that provider at once
 *     (the late-payment rule); BalancePay refuses it (SHARE_NO_LONGER_STANDS) and takes nothing.
 *   - The bill closes when what was paid covers its total (markOrderPaid); shares still held then
 *     are cancelled (their money, should it come, goes back).
 *   - Asking for the whole bill (PayLaterUpdate) is "the rest": what no share holds.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { decimalPoints, maxDecimal, roundHalfUp, toDecimal, type Decimal } from '../../../../src/core/money'
import { freeParts, MAX_SPLIT_PARTS, parseParts, partsAmount, partsText, type ShareMode } from '../../../../src/core/bill-split'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { ORDER_STATUS, PAYMENT_STATUS, type OrderStatus } from '../../../../src/gateway/order-rows'
import type { BillLineClaimRow, BillShareRow, BillSplitRow } from '../../../../src/gateway/bill-split-rows'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { findBaseParam } from '../../storage/repositories/params.repository'
import type { BillShareLineTable, BillShareTable, Database } from '../../storage/schema'
import { openMenu } from '../catalogue/catalogue.service'
import { DomainError } from '../errors'
import { unpaidOrderMinutes } from '../orders/order-placement'
import { applyOrderAction, expireOrder, lockOrder, recordCreated, type OrderRecord } from '../orders/order-state'
import { appendSheetChanged } from '../counter/counter-events'
import { inEventTransaction } from '../../live/outbox'
import { appendBillBalance, billRef } from './bill-balance'
import { wallClockText } from '../enterprise/enterprise.service'
import { requireSheetAccess } from './sheet-access'
import { lockSheet, requireSheet, settlementRecord, type SheetCaller, type SheetRecord } from './table-sheet.service'

type Db = Kysely<Database> | Transaction<Database>
export type BillShareRecord = Selectable<BillShareTable>
export type BillShareLineRecord = Selectable<BillShareLineTable>

/** What a diner asks to pay. */
export interface ShareRequest {
  mode: ShareMode
  /** 'lines': each line of a round, `parts` of it cut in `of` (1 of 1: the whole line). */
  lines?: { roundId: string; lineNo: number; parts: number; of: number }[]
  /** 'equal': `parts` shares of a split among `of`. */
  of?: number
  parts?: number
  /** 'amount': what to pay (decimal text). */
  amount?: string
}

/** A share with its order. */
interface Share {
  share: BillShareRecord
  order: OrderRecord
  claims: BillShareLineRecord[]
}

/** Everything a claim or a payment decides on, read under the sheet's lock. */
interface SplitState {
  sheet: SheetRecord
  shares: Share[]
  /** Every settlement of the sheet (shares, whole-bill settlements, the counter's payments). */
  settlements: OrderRecord[]
  /** `${roundId}|${lineNo}` → the line's amount now (rounds not cancelled). */
  lineAmounts: Map<string, string>
  lineNames: Map<string, string>
}

/** The bill, where a message names what is split. */
const BILL_WORD = { 'zh-CN': '全桌账单', 'zh-TW': '全桌帳單', en: 'The bill' } as const

const lineKey = (roundId: string, lineNo: number | string): string => `${roundId}|${Number(lineNo)}`
const isPaid = (o: OrderRecord): boolean => o.status === ORDER_STATUS.PAID || o.status === ORDER_STATUS.READY || o.status === ORDER_STATUS.COMPLETED
const isAwaiting = (o: OrderRecord): boolean => o.status === ORDER_STATUS.AWAITING_PAYMENT
const isOverdue = (o: OrderRecord, now: Date): boolean => o.expires_at !== null && o.expires_at <= now.toISOString()

async function readState(db: Db, sheet: SheetRecord): Promise<SplitState> {
  const settlements = await db.selectFrom('orders').selectAll().where('table_sheet_id', '=', sheet.sheet_id).where('kind', '=', 'settlement').orderBy('created_at').orderBy('order_id').execute()
  const shareRows = await db.selectFrom('bill_shares').selectAll().where('sheet_id', '=', sheet.sheet_id).execute()
  const claimRows = await db.selectFrom('bill_share_lines').selectAll().where('sheet_id', '=', sheet.sheet_id).execute()
  const byId = new Map(settlements.map((o) => [o.order_id, o]))
  const shares: Share[] = []
  for (const share of shareRows) {
    const order = byId.get(share.order_id)
    if (order) shares.push({ share, order, claims: claimRows.filter((c) => c.order_id === share.order_id) })
  }
  shares.sort((a, b) => (a.order.created_at === b.order.created_at ? a.order.order_id.localeCompare(b.order.order_id) : a.order.created_at < b.order.created_at ? -1 : 1))
  const lines = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.order_id', 'order_lines.order_id')
    .select(['order_lines.order_id', 'order_lines.line_no', 'order_lines.amount', 'order_lines.goods_name'])
    .where('orders.table_sheet_id', '=', sheet.sheet_id)
    .where('orders.kind', '=', 'round')
    .where('orders.status', '!=', ORDER_STATUS.CANCELLED)
    .execute()
  return {
    sheet,
    shares,
    settlements,
    lineAmounts: new Map(lines.map((l) => [lineKey(l.order_id, l.line_no), l.amount])),
    lineNames: new Map(lines.map((l) => [lineKey(l.order_id, l.line_no), l.goods_name]))
  }
}

/** Whether what the share was cut from is unchanged (its lines' amounts; its split's total). */
function stands(s: Share, state: SplitState): boolean {
  if (s.share.mode === 'lines') {
    return s.claims.every((c) => {
      const now = state.lineAmounts.get(lineKey(c.round_id, c.round_line_no))
      return now !== undefined && toDecimal(now).eq(toDecimal(c.line_amount))
    })
  }
  if (s.share.mode === 'equal') return toDecimal(s.share.split_total).eq(toDecimal(state.sheet.amount))
  return true
}

/** Held: awaiting payment, in time and standing (it keeps what it claims from others). */
const isHeld = (s: Share, state: SplitState, now: Date): boolean => isAwaiting(s.order) && !isOverdue(s.order, now) && stands(s, state)
/** Paid or held: what it claims is taken. */
const takes = (s: Share, state: SplitState, now: Date): boolean => isPaid(s.order) || isHeld(s, state, now)

const sumOf = (amounts: string[]): Decimal => amounts.reduce((sum, a) => sum.plus(toDecimal(a)), toDecimal(0))

/** What the bill's held shares hold (not paid yet). */
function heldAmount(state: SplitState, now: Date): Decimal {
  return sumOf(state.shares.filter((s) => isHeld(s, state, now)).map((s) => s.order.amount))
}

/** What is still due (total − paid) and open (due − held). */
function balance(state: SplitState, now: Date, amoPoint: number): { due: Decimal; held: Decimal; open: Decimal } {
  const due = roundHalfUp(maxDecimal(0, toDecimal(state.sheet.amount).minus(toDecimal(state.sheet.paid_amount))), amoPoint)
  const held = heldAmount(state, now)
  return { due, held, open: maxDecimal(0, due.minus(held)) }
}

/**
 * What the whole bill (PayLaterUpdate) may ask for now: the bill's due less what shares hold.
 * Called under the sheet's lock.
 */
export async function heldByShares(trx: Transaction<Database>, sheet: SheetRecord, now: Date): Promise<Decimal> {
  return heldAmount(await readState(trx, sheet), now)
}

/** The equal split shares of the same total are cut from: the newest one whose shares still take something. */
function currentSplit(state: SplitState, now: Date): { id: string; of: number; base: string; taken: Set<number> } | null {
  const live = state.shares.filter((s) => s.share.mode === 'equal' && toDecimal(s.share.split_total).eq(toDecimal(state.sheet.amount)) && takes(s, state, now))
  if (live.length === 0) return null
  const last = live[live.length - 1].share
  const taken = new Set(live.filter((s) => s.share.split_id === last.split_id).flatMap((s) => parseParts(s.share.split_parts)))
  return { id: last.split_id, of: last.split_of, base: last.split_base, taken }
}

/** Ends the sheet's awaiting shares that no longer hold anything (overdue → expired, not standing → cancelled). */
async function endLapsedShares(trx: Transaction<Database>, state: SplitState, now: Date): Promise<void> {
  for (const s of state.shares) {
    if (!isAwaiting(s.order)) continue
    if (isOverdue(s.order, now)) s.order = await expireOrder(trx, s.order.order_id, now)
    else if (!stands(s, state)) s.order = await applyOrderAction(trx, s.order.order_id, 'cancel', 'system', now)
  }
}

interface MoneyRules {
  amoPoint: number
  minutes: number
  timeZone: string
}

async function moneyRules(caller: SheetCaller, sheet: SheetRecord): Promise<MoneyRules> {
  const settings = new Map((await listEnterpriseSettings(caller.db, caller.entId)).map((p) => [p.parmId, p.parmValue]))
  const timeZone = (await openMenu(caller.db, caller.entId, { ShopID: sheet.shop_id, BaseID: sheet.base_id }, caller.now, caller.origin, { stock: false })).timeZone
  return { amoPoint: decimalPoints({ AmoPoint: settings.get('AmoPoint') }).AmoPoint, minutes: unpaidOrderMinutes(settings), timeZone }
}

const checkCount = (n: number | undefined, field: string): number => {
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > MAX_SPLIT_PARTS) throw new DomainError('SHARE_INVALID', { field })
  return n as number
}

/**
 * Makes the caller's share of the sheet's bill (BillShareStart): claims what it is for and makes
 * its settlement order, in one transaction under the sheet's lock. Refusals change nothing:
 * SHARE_LINE_TAKEN (another diner holds or paid that part), SHARE_SPLIT_DIFFERENT (the line or the
 * table's split is cut in another number of parts), SHARE_ABOVE_OPEN (more than is open).
 */
export async function startShare(caller: SheetCaller, sheetId: string, request: ShareRequest): Promise<{ sheet: SheetRecord; share: OrderRecord }> {
  const { db, entId, now } = caller
  const sheet = await requireSheet(db, entId, sheetId)
  await requireSheetAccess(caller, sheet, 'settle')
  if (sheet.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
  if ((await findBaseParam(db, sheet.base_id, 'IsPayLaterOnlineCheckout')) !== '1') throw new DomainError('ONLINE_CHECKOUT_OFF')
  if (sheet.round_count === 0) throw new DomainError('CART_EMPTY')
  const rules = await moneyRules(caller, sheet)
  const { amoPoint } = rules

  return inEventTransaction(db, async (trx) => {
    const locked = await lockSheet(trx, sheet.sheet_id)
    if (locked.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
    const state = await readState(trx, locked)
    await endLapsedShares(trx, state, now)
    // The whole bill asked for before would pay what this share claims: it is asked for again.
    if (locked.settlement_id) {
      const pending = await lockOrder(trx, locked.settlement_id)
      if (isAwaiting(pending)) await applyOrderAction(trx, pending.order_id, 'cancel', 'system', now)
      await trx.updateTable('table_sheets').set({ settlement_id: '' }).where('sheet_id', '=', locked.sheet_id).execute()
      locked.settlement_id = ''
    }
    const { open } = balance(state, now, amoPoint)
    const orderSeed = settlementRecord(locked, caller, '0', wallClockIn(rules.timeZone, now).date, rules.minutes)
    const shareRow: BillShareRecord = {
      order_id: orderSeed.order_id,
      sheet_id: locked.sheet_id,
      mode: request.mode,
      split_id: '',
      split_of: 0,
      split_parts: '',
      split_base: '0',
      split_total: '0',
      created_at: now.toISOString()
    }
    const claims: BillShareLineRecord[] = []
    let amount: Decimal

    if (request.mode === 'lines') {
      const wanted = request.lines ?? []
      if (wanted.length === 0) throw new DomainError('SHARE_INVALID', { field: 'Lines' })
      amount = toDecimal(0)
      for (const w of wanted) {
        const key = lineKey(w.roundId, w.lineNo)
        const lineAmount = state.lineAmounts.get(key)
        if (lineAmount === undefined) throw new DomainError('SHARE_INVALID', { field: 'Lines' })
        if (claims.some((c) => lineKey(c.round_id, c.round_line_no) === key)) throw new DomainError('SHARE_INVALID', { field: 'Lines' })
        const of = checkCount(w.of, 'Of')
        const parts = checkCount(w.parts, 'Parts')
        const goods = state.lineNames.get(key) ?? ''
        const others = state.shares.filter((s) => takes(s, state, now)).flatMap((s) => s.claims.filter((c) => lineKey(c.round_id, c.round_line_no) === key))
        const cutIn = others[0]?.of
        if (cutIn !== undefined && cutIn !== of) throw new DomainError('SHARE_SPLIT_DIFFERENT', { of: cutIn, goods })
        const free = freeParts(of, new Set(others.flatMap((c) => parseParts(c.parts))), parts)
        if (!free) throw new DomainError('SHARE_LINE_TAKEN', { goods })
        const part = partsAmount(lineAmount, of, free, amoPoint)
        claims.push({
          order_id: orderSeed.order_id,
          sheet_id: locked.sheet_id,
          round_id: w.roundId,
          round_line_no: Number(w.lineNo),
          of,
          parts: partsText(free),
          line_amount: lineAmount,
          amount: part.toFixed(amoPoint)
        })
        amount = amount.plus(part)
      }
    } else if (request.mode === 'equal') {
      const of = checkCount(request.of, 'Of')
      const parts = checkCount(request.parts ?? 1, 'Parts')
      const split = currentSplit(state, now)
      if (split && split.of !== of) throw new DomainError('SHARE_SPLIT_DIFFERENT', { of: split.of, goods: BILL_WORD[caller.locale] })
      const base = split ? split.base : open.toFixed(amoPoint)
      const free = freeParts(of, split?.taken ?? new Set(), parts)
      if (!free) throw new DomainError('SHARE_ABOVE_OPEN', { open: open.toFixed(amoPoint) })
      amount = partsAmount(base, of, free, amoPoint)
      Object.assign(shareRow, { split_id: split?.id ?? orderSeed.order_id, split_of: of, split_parts: partsText(free), split_base: base, split_total: locked.amount })
    } else if (request.mode === 'amount') {
      const text = (request.amount ?? '').trim()
      if (!/^\d+(\.\d+)?$/.test(text)) throw new DomainError('SHARE_INVALID', { field: 'Amount' })
      amount = roundHalfUp(text, amoPoint)
      if (!amount.isPositive()) throw new DomainError('SHARE_INVALID', { field: 'Amount' })
    } else {
      amount = open
    }
    amount = roundHalfUp(amount, amoPoint)
    if (!amount.isPositive() || amount.gt(open)) throw new DomainError('SHARE_ABOVE_OPEN', { open: open.toFixed(amoPoint) })

    const order: OrderRecord = { ...orderSeed, goods_amount: amount.toFixed(amoPoint), amount: amount.toFixed(amoPoint) }
    await trx.insertInto('orders').values(order).execute()
    await trx.insertInto('bill_shares').values(shareRow).execute()
    if (claims.length > 0) await trx.insertInto('bill_share_lines').values(claims).execute()
    if (claims.length > 0) await writeShareBillLines(trx, order.order_id, claims)
    await recordCreated(trx, order.order_id, ORDER_STATUS.AWAITING_PAYMENT, 'diner', now)
    await appendSheetChanged(trx, locked, now)
    await appendBillBalance(trx, locked, now)
    return { sheet: locked, share: order }
  })
}

/**
 * A line share's receipt lists its lines (bill_lines, as a whole bill's does): each with the
 * fraction of its quantities the share is for and the share's amount of it.
 */
async function writeShareBillLines(trx: Transaction<Database>, orderId: string, claims: BillShareLineRecord[]): Promise<void> {
  let no = 0
  for (const c of claims) {
    const line = await trx
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.order_id', 'order_lines.order_id')
      .select(['order_lines.m_qua', 'order_lines.p_qua', 'order_lines.qua', 'order_lines.original_amount', 'orders.round_no'])
      .where('order_lines.order_id', '=', c.round_id)
      .where('order_lines.line_no', '=', c.round_line_no)
      .executeTakeFirstOrThrow()
    const share = toDecimal(parseParts(c.parts).length).div(c.of)
    const scaled = (q: string) => (share.eq(1) ? q : toDecimal(q).times(share).toDecimalPlaces(3).toString())
    const original = toDecimal(line.original_amount).eq(toDecimal(c.line_amount)) ? c.amount : toDecimal(line.original_amount).times(share).toDecimalPlaces(2).toString()
    await trx
      .insertInto('bill_lines')
      .values({
        order_id: orderId,
        line_no: ++no,
        round_id: c.round_id,
        round_line_no: c.round_line_no,
        round_no: Number(line.round_no),
        m_qua: scaled(line.m_qua),
        p_qua: scaled(line.p_qua),
        qua: scaled(line.qua),
        amount: c.amount,
        original_amount: original
      })
      .execute()
  }
}

/**
 * Whether money for this (locked) settlement may pay it, when it is a share: the share still
 * stands, and it does not take the bill above its total. Undefined for a settlement that is no
 * share (the whole bill's rules apply). The sheet is locked first by the payment
 * (lockOrderForPayment), so two shares paid at once are decided one after the other.
 */
export async function shareTakesPayment(trx: Transaction<Database>, order: OrderRecord): Promise<boolean | undefined> {
  // Shares are settlements (settlementRecord); a counter order or a round is none, unread.
  if (order.kind !== 'settlement') return undefined
  const share = await trx.selectFrom('bill_shares').selectAll().where('order_id', '=', order.order_id).executeTakeFirst()
  if (!share) return undefined
  const sheet = await trx.selectFrom('table_sheets').selectAll().where('sheet_id', '=', share.sheet_id).executeTakeFirst()
  if (!sheet || sheet.status !== ORDER_STATUS.AWAITING_PAYMENT || !isAwaiting(order)) return false
  const state = await readState(trx, sheet)
  const mine = state.shares.find((s) => s.order.order_id === order.order_id)
  if (!mine || !stands(mine, state)) return false
  return !toDecimal(sheet.paid_amount).plus(toDecimal(order.amount)).gt(toDecimal(sheet.amount))
}

/**
 * The bill's balance and who paid what (BillSplitGet): table1 the balance, table2 every payment
 * towards the bill and every held share (the caller's marked Mine; other payers numbered in the
 * order they first paid or claimed), table3 what each share takes of each line.
 */
export async function splitView(caller: SheetCaller, sheet: SheetRecord): Promise<{ table1: BillSplitRow[]; table2: BillShareRow[]; table3: BillLineClaimRow[] }> {
  const { db, now } = caller
  const rules = await moneyRules(caller, sheet)
  const state = await readState(db, sheet)
  const { due, held, open } = balance(state, now, rules.amoPoint)
  const split = currentSplit(state, now)
  const shareOf = new Map(state.shares.map((s) => [s.order.order_id, s]))
  const payments = await (state.settlements.length
    ? db
        .selectFrom('payments')
        .select(['order_id', 'provider', 'status', 'settled_at'])
        .where('order_id', 'in', state.settlements.map((o) => o.order_id))
        .orderBy('created_at')
        .execute()
    : Promise.resolve([]))
  const payers = new Map<string, number>()
  const payerNo = (ownerKey: string): number => {
    if (!payers.has(ownerKey)) payers.set(ownerKey, payers.size + 1)
    return payers.get(ownerKey)!
  }
  const rows: BillShareRow[] = []
  for (const o of state.settlements) {
    const s = shareOf.get(o.order_id)
    const paid = isPaid(o)
    const held = s ? isHeld(s, state, now) : false
    const mine = o.owner_key !== '' && o.owner_key === caller.ownerKey
    const ownPayments = payments.filter((p) => p.order_id === o.order_id)
    const refunded = ownPayments.some((p) => p.status === PAYMENT_STATUS.REFUNDED || p.status === PAYMENT_STATUS.REFUND_DUE)
    // Everyone sees what was paid and what is held; a payer also sees their own money given back.
    const state_: BillShareRow['State'] | null = paid ? 'paid' : held ? 'held' : mine && refunded ? 'refunded' : null
    if (!state_) continue
    const payment = ownPayments.find((p) => p.status === PAYMENT_STATUS.PAID) ?? ownPayments[ownPayments.length - 1]
    rows.push({
      ShareID: o.order_id,
      Mode: (s?.share.mode as ShareMode | undefined) ?? 'rest',
      Amount: o.amount,
      State: state_,
      Mine: mine ? 1 : 0,
      PayerNo: payerNo(o.owner_key || o.order_id),
      Provider: paid ? (payment?.provider ?? '') : '',
      PaidDate: paid && o.paid_at ? wallClockText(rules.timeZone, new Date(o.paid_at)) : '',
      SplitOf: s?.share.mode === 'equal' ? s.share.split_of : 0,
      SplitParts: s?.share.mode === 'equal' ? parseParts(s.share.split_parts).length : 0
    })
  }
  const claims: BillLineClaimRow[] = state.shares
    .filter((s) => takes(s, state, now) && s.share.mode === 'lines')
    .flatMap((s) =>
      s.claims.map((c) => ({
        ShareID: s.order.order_id,
        RoundID: c.round_id,
        LineNo: Number(c.round_line_no),
        Of: c.of,
        Parts: parseParts(c.parts).length,
        Amount: c.amount,
        State: isPaid(s.order) ? ('paid' as const) : ('held' as const),
        Mine: s.order.owner_key === caller.ownerKey ? 1 : 0
      }))
    )
  return {
    table1: [
      {
        SheetID: sheet.sheet_id,
        Status: sheet.status as OrderStatus,
        Amount: toDecimal(sheet.amount).toFixed(rules.amoPoint),
        PaidAmount: toDecimal(sheet.paid_amount).toFixed(rules.amoPoint),
        DueAmount: due.toFixed(rules.amoPoint),
        HeldAmount: held.toFixed(rules.amoPoint),
        OpenAmount: open.toFixed(rules.amoPoint),
        SplitOf: split?.of ?? 0,
        SplitTaken: split?.taken.size ?? 0,
        SplitBase: split?.base ?? '0',
        SplitFree: split ? Array.from({ length: split.of }, (_, i) => i).filter((i) => !split.taken.has(i)).join(',') : '',
        BillRef: billRef(sheet.sheet_id)
      }
    ],
    table2: rows,
    table3: claims
  }
}
