/**
 * A table's bill at the counter (issue 24 item 3; docs/front-of-house.md): closing it, moving it to
 * a free table, merging it into another table's bill. Each in one transaction with its audit entry
 * and its events (the tables' 'bill.changed'; for a move or merge a 'ticket.changed' for every
 * open kitchen ticket of the bill's rounds, carrying the ticket as it is now, so every board shows
 * the new table on the same ticket: a move is data about the bill, never a new kitchen ticket).
 *
 * Scope (the branch in the caller's) is the operation's check; here the bill and tables must agree
 * with each other (same enterprise and branch).
 */
import type { Transaction } from 'kysely'
import { maxDecimal, toDecimal } from '../../../../src/core/money'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import type { CounterTableRow } from '../../../../src/gateway/counter-contract'
import { appendEvent, inEventTransaction } from '../../live/outbox'
import { isPostgres } from '../../storage/database'
import { isUniqueViolation } from '../../storage/repositories/order.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { kitchenLocaleOf, loadTicketRows } from '../kitchen/kitchen-view'
import { applyOrderAction, lockOrder } from '../orders/order-state'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { decimalPoints } from '../../../../src/core/money'
import { appendAudit } from '../staff/audit-log'
import { completeRounds, lockSheet, type SheetRecord } from '../table-sheets/table-sheet.service'
import { appendTablesChanged } from './counter-events'
import type { CounterCaller } from './counter-payment.service'
import { approvalDetail, approvesOwnActions, checkApproval, type Approver } from './manager-approval'
import { loadTableRows } from './counter-view'

type Trx = Transaction<Database>

export interface ApprovalFields {
  approverId?: string
  pin?: string
}

const isOpen = (sheet: Pick<SheetRecord, 'status'>) => sheet.status === ORDER_STATUS.AWAITING_PAYMENT

async function amoPointOf(db: CounterCaller['db'], entId: string): Promise<number> {
  const settings = Object.fromEntries((await listEnterpriseSettings(db, entId)).map((p) => [p.parmId, p.parmValue]))
  return decimalPoints(settings).AmoPoint
}

async function cancelPending(trx: Trx, settlementId: string, now: Date): Promise<void> {
  if (!settlementId) return
  const pending = await lockOrder(trx, settlementId)
  if (pending.status === ORDER_STATUS.AWAITING_PAYMENT) await applyOrderAction(trx, settlementId, 'cancel', 'shop', now)
}

/** 'ticket.changed' for each open ticket of these rounds: the board shows their new table and round on the same ticket. */
async function appendTicketsMoved(trx: Trx, entId: string, roundIds: string[], now: Date): Promise<number> {
  if (roundIds.length === 0) return 0
  const open = await trx.selectFrom('kitchen_tickets').select('ticket_id').where('order_id', 'in', roundIds).where('status', '=', 'open').orderBy('created_at').orderBy('ticket_id').execute()
  if (open.length === 0) return 0
  const rows = await loadTicketRows(trx, open.map((t) => t.ticket_id), await kitchenLocaleOf(trx, entId))
  for (const ticket of rows) await appendEvent(trx, { entId, shopId: ticket.ShopID, baseId: ticket.BaseID, kind: 'ticket.changed', payload: { ticket } }, now)
  return rows.length
}

/**
 * Closes a bill. Paid in full: closed as it is. Money still due: a reason (BILL_DUE_REASON_REQUIRED)
 * and a manager: the caller when their role voids, else an owner or manager approving with their
 * PIN (APPROVAL_REQUIRED …). A bill without rounds is cancelled rather than closed. Its rounds
 * complete; a pending online settlement is cancelled. Answers the table, now free.
 */
export async function closeBill(caller: CounterCaller, sheet: SheetRecord, input: { reason: string } & ApprovalFields): Promise<CounterTableRow> {
  const { db, staff, now } = caller
  if (!isOpen(sheet)) throw new DomainError('SHEET_CLOSED')
  const amoPoint = await amoPointOf(db, sheet.ent_id)
  const dueOf = (s: SheetRecord) => maxDecimal(0, toDecimal(s.amount).minus(toDecimal(s.paid_amount)))
  const reason = input.reason.trim()
  let approver: Approver | null = null
  const approved = dueOf(sheet).isPositive()
  if (approved) {
    if (!reason) throw new DomainError('BILL_DUE_REASON_REQUIRED', { due: dueOf(sheet).toFixed(amoPoint) })
    if (!approvesOwnActions(staff)) {
      approver = await checkApproval(db, staff, { approverId: input.approverId, pin: input.pin, shopId: sheet.shop_id, baseId: sheet.base_id, action: 'counter.billClose', targetId: sheet.sheet_id, clientIp: caller.clientIp, now })
    }
  }
  await inEventTransaction(db, async (trx) => {
    const locked = await lockSheet(trx, sheet.sheet_id)
    if (!isOpen(locked)) throw new DomainError('SHEET_CLOSED')
    const due = dueOf(locked)
    // A round placed since the first read left money due that nobody approved.
    if (due.isPositive() && !approved) {
      if (!reason) throw new DomainError('BILL_DUE_REASON_REQUIRED', { due: due.toFixed(amoPoint) })
      if (!approvesOwnActions(staff)) throw new DomainError('APPROVAL_REQUIRED')
    }
    const status = Number(locked.round_count) === 0 ? ORDER_STATUS.CANCELLED : ORDER_STATUS.COMPLETED
    const closedAt = now.toISOString()
    await trx.updateTable('table_sheets').set({ status, closed_at: closedAt, settlement_id: '' }).where('sheet_id', '=', locked.sheet_id).execute()
    await completeRounds(trx, locked.sheet_id, now, 'shop')
    await cancelPending(trx, locked.settlement_id, now)
    await appendAudit(trx, {
      entId: locked.ent_id,
      actor: staff,
      action: 'counter.billClose',
      targetType: 'bill',
      targetId: locked.sheet_id,
      detail: {
        tableId: locked.table_id,
        baseId: locked.base_id,
        amount: locked.amount,
        paid: locked.paid_amount,
        due: due.toFixed(amoPoint),
        rounds: Number(locked.round_count),
        status,
        ...(due.isPositive() ? { ...approvalDetail(staff, approver), writtenOff: due.toFixed(amoPoint) } : {})
      },
      reason,
      clientIp: caller.clientIp,
      now
    })
    await appendTablesChanged(trx, locked.ent_id, [locked.table_id], now)
  })
  const [table] = await loadTableRows(db, sheet.ent_id, [sheet.table_id])
  return table
}

/** A table of the bill's branch that is in service, other than the bill's own; TABLE_NOT_FOUND otherwise. */
async function tableOfBranch(caller: CounterCaller, sheet: SheetRecord, tableId: string) {
  const table = await caller.db
    .selectFrom('dining_tables')
    .select(['table_id', 'code', 'base_id', 'shop_id', 'is_enable'])
    .where('ent_id', '=', sheet.ent_id)
    .where('table_id', '=', tableId)
    .executeTakeFirst()
  if (!table || table.base_id !== sheet.base_id || table.shop_id !== sheet.shop_id || Number(table.is_enable) !== 1 || table.table_id === sheet.table_id) throw new DomainError('TABLE_NOT_FOUND')
  return table
}

async function openSheetAt(trx: Trx, tableId: string): Promise<SheetRecord | null> {
  let q = trx.selectFrom('table_sheets').selectAll().where('table_id', '=', tableId).where('status', '=', ORDER_STATUS.AWAITING_PAYMENT)
  if (isPostgres(trx)) q = q.forUpdate()
  return (await q.executeTakeFirst()) ?? null
}

/** Moves an open bill to a free table of its branch. Answers the table left (free), then the table moved to. */
export async function moveBill(caller: CounterCaller, sheet: SheetRecord, toTableId: string): Promise<CounterTableRow[]> {
  const { db, staff, now } = caller
  if (!isOpen(sheet)) throw new DomainError('SHEET_CLOSED')
  const target = await tableOfBranch(caller, sheet, toTableId)
  const from = sheet.table_id
  try {
    await inEventTransaction(db, async (trx) => {
      const locked = await lockSheet(trx, sheet.sheet_id)
      if (!isOpen(locked) || locked.table_id !== from) throw new DomainError('SHEET_CLOSED')
      if (await openSheetAt(trx, target.table_id)) throw new DomainError('TABLE_OCCUPIED', { table: target.code })
      await trx.updateTable('table_sheets').set({ table_id: target.table_id }).where('sheet_id', '=', locked.sheet_id).execute()
      // Rounds and settlements name their table too (the kitchen ticket, the orders list).
      await trx.updateTable('orders').set({ table_id: target.table_id }).where('table_sheet_id', '=', locked.sheet_id).execute()
      const rounds = await trx.selectFrom('orders').select('order_id').where('table_sheet_id', '=', locked.sheet_id).where('kind', '=', 'round').execute()
      const fromCode = (await trx.selectFrom('dining_tables').select('code').where('table_id', '=', from).executeTakeFirst())?.code ?? ''
      await appendAudit(trx, {
        entId: locked.ent_id,
        actor: staff,
        action: 'counter.tableMove',
        targetType: 'bill',
        targetId: locked.sheet_id,
        detail: { fromTableId: from, fromTable: fromCode, toTableId: target.table_id, toTable: target.code, baseId: locked.base_id, amount: locked.amount, paid: locked.paid_amount },
        clientIp: caller.clientIp,
        now
      })
      await appendTicketsMoved(trx, locked.ent_id, rounds.map((r) => r.order_id), now)
      await appendTablesChanged(trx, locked.ent_id, [from, target.table_id], now)
    })
  } catch (error) {
    // Someone opened a bill at the target table at the same moment (one open bill per table).
    if (isUniqueViolation(error)) throw new DomainError('TABLE_OCCUPIED', { table: target.code })
    throw error
  }
  return loadTableRows(db, sheet.ent_id, [from, target.table_id])
}

/**
 * Merges the bill `sheet` into the open bill at `intoTableId` (TABLE_FREE when it has none): its
 * rounds join the target bill numbered after the target's own, its payments (paid settlements)
 * go with them, totals and what was paid add up, pending online settlements of both are cancelled
 * (their amounts are wrong now). The merged bill is left cancelled and empty; its table is free.
 * Answers the table merged from (free), then the table merged into.
 */
export async function mergeBills(caller: CounterCaller, sheet: SheetRecord, intoTableId: string): Promise<CounterTableRow[]> {
  const { db, staff, now } = caller
  if (!isOpen(sheet)) throw new DomainError('SHEET_CLOSED')
  const target = await tableOfBranch(caller, sheet, intoTableId)
  const amoPoint = await amoPointOf(db, sheet.ent_id)
  const from = sheet.table_id
  await inEventTransaction(db, async (trx) => {
    const intoPeek = await trx.selectFrom('table_sheets').select('sheet_id').where('table_id', '=', target.table_id).where('status', '=', ORDER_STATUS.AWAITING_PAYMENT).executeTakeFirst()
    if (!intoPeek) throw new DomainError('TABLE_FREE', { table: target.code })
    // Both bills locked, in id order (two merges the other way round never wait on each other crosswise).
    const [firstId, secondId] = [sheet.sheet_id, intoPeek.sheet_id].sort()
    const first = await lockSheet(trx, firstId)
    const second = await lockSheet(trx, secondId)
    const source = first.sheet_id === sheet.sheet_id ? first : second
    const into = first.sheet_id === sheet.sheet_id ? second : first
    if (!isOpen(source) || source.table_id !== from) throw new DomainError('SHEET_CLOSED')
    if (!isOpen(into) || into.table_id !== target.table_id) throw new DomainError('TABLE_FREE', { table: target.code })
    await cancelPending(trx, source.settlement_id, now)
    await cancelPending(trx, into.settlement_id, now)

    const rounds = await trx.selectFrom('orders').select(['order_id', 'round_no']).where('table_sheet_id', '=', source.sheet_id).where('kind', '=', 'round').orderBy('round_no').execute()
    let next = Number(into.round_count)
    for (const round of rounds) {
      next += 1
      await trx.updateTable('orders').set({ table_sheet_id: into.sheet_id, table_id: into.table_id, round_no: next }).where('order_id', '=', round.order_id).execute()
    }
    // Its settlements (the payments made towards it) go with it, so the bill's payments add up.
    await trx.updateTable('orders').set({ table_sheet_id: into.sheet_id, table_id: into.table_id }).where('table_sheet_id', '=', source.sheet_id).where('kind', '=', 'settlement').execute()
    await trx.updateTable('counter_payments').set({ sheet_id: into.sheet_id }).where('sheet_id', '=', source.sheet_id).execute()
    const amount = toDecimal(into.amount).plus(toDecimal(source.amount)).toFixed(amoPoint)
    const paid = toDecimal(into.paid_amount).plus(toDecimal(source.paid_amount)).toFixed(amoPoint)
    await trx.updateTable('table_sheets').set({ round_count: next, amount, paid_amount: paid, settlement_id: '' }).where('sheet_id', '=', into.sheet_id).execute()
    const closedAt = now.toISOString()
    await trx
      .updateTable('table_sheets')
      .set({ status: ORDER_STATUS.CANCELLED, round_count: 0, amount: '0', paid_amount: '0', settlement_id: '', closed_at: closedAt })
      .where('sheet_id', '=', source.sheet_id)
      .execute()
    const fromCode = (await trx.selectFrom('dining_tables').select('code').where('table_id', '=', from).executeTakeFirst())?.code ?? ''
    await appendAudit(trx, {
      entId: source.ent_id,
      actor: staff,
      action: 'counter.tableMerge',
      targetType: 'bill',
      targetId: into.sheet_id,
      detail: {
        fromSheetId: source.sheet_id,
        fromTableId: from,
        fromTable: fromCode,
        intoTableId: into.table_id,
        intoTable: target.code,
        baseId: into.base_id,
        rounds: rounds.length,
        amountMoved: source.amount,
        paidMoved: source.paid_amount,
        amount,
        paid
      },
      clientIp: caller.clientIp,
      now
    })
    await appendTicketsMoved(trx, source.ent_id, rounds.map((r) => r.order_id), now)
    await appendTablesChanged(trx, source.ent_id, [from, target.table_id], now)
  })
  return loadTableRows(db, sheet.ent_id, [from, target.table_id])
}
