/**
 * A table's QR code is the proof that a diner sits at the table: it opens the table's sheet,
 * its rounds and its bill. So it carries a random token (128 bits, base64url) after the
 * readable part, 'QR-A01-3q2-7wEjR0mM5yS_bx1c9A', made per install (seed, migration) and
 * replaced by the shop at will (`npm run tables -- rotate`), which voids the old one at once.
 * Shop counter codes ('QR-S101') open nothing private and stay as printed.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { findQrCode } from '../../storage/repositories/qr-code.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import type { QrCode } from '../records'

/** 16 random bytes → 22 base64url characters. */
const TOKEN_BYTES = 16
const TOKEN = /-[A-Za-z0-9_-]{22}$/

/** A new code for the table whose short code is `tableCode` ('A01' → 'QR-A01-<token>'). */
export function newTableCode(tableCode: string): string {
  return `QR-${tableCode}-${randomBytes(TOKEN_BYTES).toString('base64url')}`
}

/** Whether a table's QR value already carries a token (codes from before issue 11 do not). */
export const hasToken = (code: string): boolean => TOKEN.test(code)

/**
 * Whether `qrCode` is the table's current code (enabled, not expired). Anything else, an old
 * code, another table's, a counter code or none, is no proof.
 */
export async function holdsTableCode(db: Kysely<Database>, entId: string, tableId: string, qrCode: string | undefined, now: Date): Promise<boolean> {
  if (!qrCode) return false
  return codeProvesTable(await findQrCode(db, qrCode), entId, tableId, now)
}

/** Whether a scanned code's row (null: no such code) is the table's current code (holdsTableCode). */
export function codeProvesTable(qr: Pick<QrCode, 'entId' | 'tableId' | 'isEnable' | 'expiresAt'> | null, entId: string, tableId: string, now: Date): boolean {
  if (!qr || qr.entId !== entId || qr.tableId !== tableId || !qr.isEnable) return false
  return qr.expiresAt == null || qr.expiresAt > now.toISOString()
}

/** Refuses a caller without the table's current code (TABLE_CODE_REQUIRED). */
export async function requireTableCode(db: Kysely<Database>, entId: string, tableId: string, qrCode: string | undefined, now: Date): Promise<void> {
  if (!(await holdsTableCode(db, entId, tableId, qrCode, now))) throw new DomainError('TABLE_CODE_REQUIRED')
}

export interface TableCodeRow {
  entId: string
  tableId: string
  /** The table's short code ('A01'). */
  code: string
  baseId: string
  qrCode: string
}

async function tableRows(db: Kysely<Database> | Transaction<Database>, entId?: string): Promise<TableCodeRow[]> {
  let query = db.selectFrom('dining_tables').select(['ent_id', 'table_id', 'code', 'base_id', 'qr_code']).where('is_enable', '=', 1)
  if (entId) query = query.where('ent_id', '=', entId)
  const rows = await query.orderBy('base_id').orderBy('code').execute()
  return rows.map((r) => ({ entId: r.ent_id, tableId: r.table_id, code: r.code, baseId: r.base_id, qrCode: r.qr_code ?? '' }))
}

/** Every table in service with its current code, by branch and table code (removed tables have none). */
export const listTableCodes = (db: Kysely<Database>, entId?: string): Promise<TableCodeRow[]> => tableRows(db, entId)

/**
 * Gives the table a new code and voids its old one(s) in one transaction. `which` is a TableID
 * ('B201-A01') or the table's current QR code. Answers the table with its new code.
 */
export async function rotateTableCode(db: Kysely<Database>, which: string): Promise<TableCodeRow> {
  return db.transaction().execute(async (trx) => {
    const byCode = await trx.selectFrom('qr_codes').select('table_id').where('code', '=', which).executeTakeFirst()
    const tableId = byCode?.table_id ?? which
    // A removed table (kept out of service for its orders) gets no code again: TABLE_NOT_FOUND.
    const table = await trx.selectFrom('dining_tables').selectAll().where('table_id', '=', tableId).where('is_enable', '=', 1).executeTakeFirst()
    if (!table) throw new DomainError('TABLE_NOT_FOUND')
    const row: TableCodeRow = { entId: table.ent_id, tableId: table.table_id, code: table.code, baseId: table.base_id, qrCode: newTableCode(table.code) }
    await replaceTableCode(trx, row)
    return row
  })
}

/** Writes `row.qrCode` as the table's only code (the old rows go: an old code resolves to nothing). */
export async function replaceTableCode(trx: Transaction<Database>, row: TableCodeRow): Promise<void> {
  const table = await trx.selectFrom('dining_tables').select(['shop_id', 'base_id']).where('table_id', '=', row.tableId).executeTakeFirstOrThrow()
  await trx.deleteFrom('qr_codes').where('table_id', '=', row.tableId).execute()
  await trx
    .insertInto('qr_codes')
    .values({ code: row.qrCode, ent_id: row.entId, shop_id: table.shop_id, base_id: table.base_id, table_id: row.tableId, expires_at: null, is_enable: 1 })
    .execute()
  await trx.updateTable('dining_tables').set({ qr_code: row.qrCode }).where('table_id', '=', row.tableId).execute()
}
