/**
 * The balance account as a ledger (issue 5). Every change is one balance_ledger row written in
 * the caller's transaction together with members.balance, with the member row locked, so:
 *   - concurrent spending is serialised on that one row (PostgreSQL: SELECT … FOR UPDATE; SQLite
 *     transactions begin IMMEDIATE, one writer at a time) and the balance never goes negative;
 *   - members.balance always equals the sum of the member's ledger amounts;
 *   - (kind, ref_id) is unique: the same change (the spend of an order, the gift of a recharge)
 *     happens at most once, however often it is asked for.
 * Amounts are exact decimal text (src/core/money).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { toDecimal } from '../../../../src/core/money'
import type { LedgerKind } from '../../../../src/gateway/member-rows'
import { isPostgres } from '../../storage/database'
import type { Database, MemberTable } from '../../storage/schema'
import { writeWithNext } from '../../storage/write-with-next'
import { DomainError } from '../errors'

export type MemberRecord = Selectable<MemberTable>

/**
 * Member rows locked in a transaction, by transaction, as this module and points.service.ts last
 * wrote them: a balance payment locks its member for the spend and again for the points it
 * earns (issue 28 item 6: a statement fewer). Only changeBalance and addEntry write a member's
 * balance and score, and they keep these rows up to date (lockedMemberWritten).
 */
const lockedMembers = new WeakMap<Transaction<Database>, Map<string, MemberRecord>>()

/** The member row, locked for the rest of the transaction (PostgreSQL; SQLite holds the write lock already). */
export async function lockMember(trx: Transaction<Database>, vipId: string): Promise<MemberRecord | undefined> {
  const known = lockedMembers.get(trx)?.get(vipId)
  if (known) return { ...known }
  let query = trx.selectFrom('members').selectAll().where('vip_id', '=', vipId)
  if (isPostgres(trx)) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (row) {
    let locked = lockedMembers.get(trx)
    if (!locked) lockedMembers.set(trx, (locked = new Map()))
    locked.set(vipId, { ...row })
  }
  return row
}

/** After writing a member row locked in `trx` (its balance or score): a later lockMember there sees the write. */
export function lockedMemberWritten(trx: Transaction<Database>, vipId: string, written: Partial<MemberRecord>): void {
  const row = lockedMembers.get(trx)?.get(vipId)
  if (row) Object.assign(row, written)
}

export interface BalanceChange {
  vipId: string
  kind: LedgerKind
  /** Positive text; the kind decides the sign ('spend' takes, the others give). */
  amount: string
  /** The order (spend, refund) or recharge (recharge, gift) it is for. */
  refId: string
  now: Date
}

export interface BalanceChangeResult {
  /** False when this (kind, ref) was already in the ledger: nothing changed. */
  applied: boolean
  balanceAfter: string
  entryId: string
}

const SIGN: Record<LedgerKind, 1 | -1> = { recharge: 1, gift: 1, refund: 1, spend: -1 }

/** Digits after the point as written, so a sum keeps the amounts' format ('500' − '23.50' → '476.50'). */
const places = (text: string): number => (text.split('.')[1] ?? '').length

/**
 * Adds one ledger entry and moves members.balance with it. A 'spend' larger than the balance
 * throws INSUFFICIENT_BALANCE (nothing written). An entry already there for (kind, refId) is
 * answered as it was (applied false).
 */
export async function changeBalance(trx: Transaction<Database>, change: BalanceChange): Promise<BalanceChangeResult> {
  const amount = toDecimal(change.amount)
  if (!amount.gt(0)) throw new Error(`balance change needs a positive amount, got '${change.amount}'`)
  const member = await lockMember(trx, change.vipId)
  if (!member) throw new Error(`member ${change.vipId} not found`)
  // An entry already there for (kind, ref) is looked for only when this one cannot be written:
  // the unique index finds it, one statement fewer on every change (issue 28 item 6).
  const already = async (): Promise<BalanceChangeResult | null> => {
    const existing = await trx
      .selectFrom('balance_ledger')
      .select(['entry_id', 'balance_after'])
      .where('kind', '=', change.kind)
      .where('ref_id', '=', change.refId)
      .executeTakeFirst()
    return existing ? { applied: false, balanceAfter: existing.balance_after, entryId: existing.entry_id } : null
  }
  const signed = amount.times(SIGN[change.kind])
  const after = toDecimal(member.balance).plus(signed)
  if (after.lt(0)) {
    const answered = await already()
    if (answered) return answered
    throw new DomainError('INSUFFICIENT_BALANCE')
  }
  const decimals = Math.max(places(member.balance), places(change.amount))
  const balanceAfter = after.toFixed(decimals)
  const at = entryTimeAfter(member.ledger_at, change.now)
  const entryId = newEntryId('L', at)
  // The member row is locked, so no one else writes this member's entries now; another member's
  // entry for the same (kind, ref) is what the unique index turns away.
  const inserted = await trx
    .insertInto('balance_ledger')
    .values({
      entry_id: entryId,
      ent_id: member.ent_id,
      vip_id: member.vip_id,
      kind: change.kind,
      amount: signed.toFixed(places(change.amount)),
      balance_after: balanceAfter,
      ref_id: change.refId,
      created_at: at.toISOString()
    })
    .onConflict((oc) => oc.columns(['kind', 'ref_id']).doNothing())
    .returning('entry_id')
    .executeTakeFirst()
  if (!inserted) {
    const answered = await already()
    if (!answered) throw new Error(`balance entry (${change.kind}, ${change.refId}) refused and not found`)
    return answered
  }
  const written = { balance: balanceAfter, updated_at: change.now.toISOString(), ledger_at: at.toISOString() }
  // With the transaction's next statement on PostgreSQL (write-with-next.ts); the member row is locked.
  await writeWithNext(trx, trx.updateTable('members').set(written).where('vip_id', '=', member.vip_id))
  lockedMemberWritten(trx, member.vip_id, written)
  return { applied: true, balanceAfter, entryId }
}

/** The ledger entry for (kind, ref), if any. */
export async function findLedgerEntry(db: Kysely<Database>, kind: LedgerKind, refId: string) {
  return db.selectFrom('balance_ledger').selectAll().where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst()
}

/** Time-ordered ids: prefix + milliseconds in base 36 + random. */
/**
 * The time of a member's new ledger entry (balance or points), from the member row as locked:
 * never the time of an entry before it. The ledgers list entries newest first, and a recharge and
 * the spend right after it in the same millisecond came out in either order. `ledgerAt` is the
 * row's `ledger_at`, the newest entry's time, which every entry's writer sets with the balance or
 * score it moves (migration 0036: it was one read of the ledger per entry).
 */
export function entryTimeAfter(ledgerAt: string, now: Date): Date {
  const lastAt = ledgerAt ? new Date(ledgerAt).getTime() : 0
  return lastAt >= now.getTime() ? new Date(lastAt + 1) : now
}

export function newEntryId(prefix: string, now: Date): string {
  return `${prefix}${now.getTime().toString(36).toUpperCase().padStart(9, '0')}${randomBytes(5).toString('hex').toUpperCase()}`
}

export interface LedgerPage<Row> {
  rows: Row[]
  total: number
}

type LedgerTable = 'balance_ledger' | 'score_ledger'

/** A member's entries of one ledger (balance or points), newest first. */
export async function listLedgerEntries<T extends LedgerTable>(
  db: Kysely<Database>,
  table: T,
  vipId: string,
  limit: number,
  offset: number
): Promise<LedgerPage<Selectable<Database[T]>>> {
  // Both ledgers have the columns read here; Kysely cannot type a query over a table chosen at run time.
  const ledger = table as 'balance_ledger'
  const [rows, total] = await Promise.all([
    db.selectFrom(ledger).selectAll().where('vip_id', '=', vipId).orderBy('created_at', 'desc').orderBy('entry_id', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom(ledger).select((eb) => eb.fn.countAll<string | number>().as('count')).where('vip_id', '=', vipId).executeTakeFirstOrThrow()
  ])
  return { rows: rows as unknown as Selectable<Database[T]>[], total: Number(total.count) }
}
