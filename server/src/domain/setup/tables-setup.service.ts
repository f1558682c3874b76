/**
 * A branch's tables, set up in bulk (issue 23): 'A01–A12' makes twelve tables, each with names
 * in the three languages as the demo's ('A01 号桌', 'A01 號枱', 'Table A01'), the area or floor
 * it stands in (migration 0020) and a fresh QR code of its own: 'QR-A01-<22 random characters>'
 * (128 bits, domain/entry/table-codes.ts, the format of migration 0007), a qr_codes row that
 * resolves to the table.
 *
 * A removed table with no history is deleted; one that past orders or bills name is kept out of
 * service (is_enable 0, its codes deleted, so its printed code resolves to nothing) for them to
 * keep its name. A table with an open bill is not removed (TABLE_IN_USE).
 */
import type { Kysely, Transaction } from 'kysely'
import { z } from 'zod'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { namesJson, parseNames } from '../../storage/repositories/row-mapping'
import { isUniqueViolation } from '../../storage/repositories/order.repository'
import type { Database } from '../../storage/schema'
import { hasToken, newTableCode } from '../entry/table-codes'
import { DomainError } from '../errors'
import { freeText, namesSchema, newId, parseOrRefuse, SetupError, SHORT_CODE } from './setup-common'
import { forgetPlaceNames } from '../../storage/repositories/order.repository'

type Db = Kysely<Database> | Transaction<Database>

/** Most tables one pattern makes. */
export const MAX_TABLES_AT_ONCE = 500

/** A table's default names, as the demo's. */
export const defaultTableNames = (code: string): LocalizedText => ({ 'zh-CN': `${code} 号桌`, 'zh-TW': `${code} 號枱`, en: `Table ${code}` })

const sameNames = (a: LocalizedText, b: LocalizedText): boolean => a['zh-CN'] === b['zh-CN'] && a['zh-TW'] === b['zh-TW'] && a.en === b.en

export interface TableSetup {
  tableId: string
  shopId: string
  baseId: string
  code: string
  names: LocalizedText
  /** Area or floor ('' none). */
  area: string
  /** The table's current QR code ('' for a table out of service). */
  qrCode: string
  /** false: removed, kept for the orders that name it. */
  enabled: boolean
}

// ---------- patterns ----------

const RANGE_END = /^([A-Za-z_]*)(\d{1,6})$/

function expandRange(from: string, to: string, token: string): string[] {
  const a = RANGE_END.exec(from)
  const b = RANGE_END.exec(to)
  if (!a || !b) throw new SetupError([`pattern: ${JSON.stringify(token)} is not a range such as "A01–A12"`])
  const prefix = a[1]
  if (b[1] !== '' && b[1] !== prefix) throw new SetupError([`pattern: the ends of ${JSON.stringify(token)} must share their letters ("${prefix}")`])
  const start = Number(a[2])
  const end = Number(b[2])
  if (end < start) throw new SetupError([`pattern: ${JSON.stringify(token)} ends before it starts`])
  if (end - start + 1 > MAX_TABLES_AT_ONCE) throw new SetupError([`pattern: ${JSON.stringify(token)} makes more than ${MAX_TABLES_AT_ONCE} tables`])
  // 'A01–A12' keeps two digits; 'A1–A12' writes numbers as they are.
  const width = a[2].length > 1 && a[2].startsWith('0') ? a[2].length : a[2].length === b[2].length ? a[2].length : 0
  const codes: string[] = []
  for (let n = start; n <= end; n++) codes.push(`${prefix}${String(n).padStart(width, '0')}`)
  return codes
}

/**
 * The table codes a pattern names, in order: 'A01–A12' or 'A01-A12' (also '—', '~', '～'), 'A1-A12',
 * '1-20', a list 'A01, A02, B01-B04' (commas, '、', ';' or spaces), or a list of those.
 * SetupError for a bad code or range, a code named twice, or more than 500 tables.
 */
export function parseTablePattern(pattern: string | readonly string[]): string[] {
  const parts = typeof pattern === 'string' ? [pattern] : [...pattern]
  const codes: string[] = []
  for (const part of parts) {
    if (typeof part !== 'string') throw new SetupError(['pattern: must be text such as "A01–A12" or a list of codes'])
    const normalised = part.replace(/\s*[–—~～]\s*/g, '–').replace(/\s+-\s+/g, '–')
    for (const token of normalised.split(/[\s,，、;；]+/).filter(Boolean)) {
      if (token.includes('–')) {
        const [from, to, ...rest] = token.split('–')
        if (rest.length > 0 || !from || !to) throw new SetupError([`pattern: ${JSON.stringify(token)} is not a range such as "A01–A12"`])
        codes.push(...expandRange(from, to, token))
        continue
      }
      const hyphen = /^([A-Za-z_]*\d{1,6})-([A-Za-z_]*\d{1,6})$/.exec(token)
      if (hyphen && RANGE_END.test(hyphen[1]) && RANGE_END.test(hyphen[2])) {
        codes.push(...expandRange(hyphen[1], hyphen[2], token))
        continue
      }
      if (!SHORT_CODE.test(token)) throw new SetupError([`pattern: bad table code ${JSON.stringify(token)}: use 1–16 letters, digits, "_" or "-"`])
      codes.push(token)
    }
  }
  if (codes.length === 0) throw new SetupError(['pattern: names no table (write "A01–A12" or a list of codes)'])
  if (codes.length > MAX_TABLES_AT_ONCE) throw new SetupError([`pattern: makes ${codes.length} tables, at most ${MAX_TABLES_AT_ONCE} at once`])
  const seen = new Set<string>()
  const twice = codes.filter((c) => (seen.has(c) ? true : (seen.add(c), false)))
  if (twice.length > 0) throw new SetupError([`pattern: names ${[...new Set(twice)].join(', ')} twice`])
  for (const c of codes) if (!SHORT_CODE.test(c)) throw new SetupError([`pattern: table code ${JSON.stringify(c)} is longer than 16 characters`])
  return codes
}

// ---------- adding ----------

const areaSchema = freeText(64)

export const addTablesInputSchema = z
  .object({
    entId: z.string({ invalid_type_error: 'must be text' }),
    baseId: z.string({ invalid_type_error: 'must be text' }),
    /** 'A01–A12', 'A01-A12', 'A01, A02' or a list of those. */
    pattern: z.union([z.string(), z.array(z.string())], { errorMap: () => ({ message: 'must be text such as "A01–A12" or a list of codes' }) }),
    area: areaSchema.optional()
  })
  .strict()
export type AddTablesInput = z.input<typeof addTablesInputSchema>

/** A table to write (the setup file's import passes names and kept codes too). */
export interface NewTable {
  code: string
  names?: LocalizedText
  area?: string
  /** A kept QR code (must carry a token and be free); default a fresh one. */
  qrCode?: string
}

/**
 * Adds tables to a branch; refuses the lot with TABLE_CODE_TAKEN ({codes}) when the branch has
 * any of them already. Answers the new tables.
 */
export async function addTablesInBulk(trx: Transaction<Database>, input: AddTablesInput): Promise<TableSetup[]> {
  const data = parseOrRefuse(addTablesInputSchema, input)
  const codes = parseTablePattern(data.pattern)
  return insertTables(
    trx,
    data.entId,
    data.baseId,
    codes.map((code) => ({ code, area: data.area ?? '' }))
  )
}

/** Writes tables of one branch (codes already checked as codes). */
export async function insertTables(trx: Transaction<Database>, entId: string, baseId: string, tables: readonly NewTable[]): Promise<TableSetup[]> {
  const base = await trx.selectFrom('bases').select(['base_id', 'shop_id']).where('ent_id', '=', entId).where('base_id', '=', baseId).executeTakeFirst()
  if (!base) throw new DomainError('BASE_NOT_FOUND')
  if (tables.length === 0) return []
  const codes = tables.map((t) => t.code)
  const taken = await trx
    .selectFrom('dining_tables')
    .select('code')
    .where('base_id', '=', baseId)
    .where('is_enable', '=', 1)
    .where('code', 'in', codes)
    .execute()
  if (taken.length > 0) throw new DomainError('TABLE_CODE_TAKEN', { codes: codes.filter((c) => taken.some((t) => t.code === c)).join(', ') })
  const usedIds = new Set(
    (await trx.selectFrom('dining_tables').select('table_id').where('base_id', '=', baseId).execute()).map((r) => r.table_id)
  )
  const rows = tables.map((t) => {
    let tableId = `${baseId}-${t.code}`
    // A removed table kept for its orders holds the plain id.
    while (usedIds.has(tableId)) tableId = `${baseId}-${t.code}-${newId('', 4)}`
    usedIds.add(tableId)
    const qrCode = t.qrCode ?? newTableCode(t.code)
    if (!hasToken(qrCode)) throw new SetupError([`qrCode: ${JSON.stringify(qrCode)} has no random token (a table's code ends in "-" and 22 random characters)`])
    return { tableId, code: t.code, names: t.names ?? defaultTableNames(t.code), area: t.area ?? '', qrCode }
  })
  try {
    await trx
      .insertInto('dining_tables')
      .values(
        rows.map((r) => ({ table_id: r.tableId, ent_id: entId, shop_id: base.shop_id, base_id: baseId, code: r.code, names: namesJson(r.names), qr_code: r.qrCode, area: r.area, is_enable: 1 }))
      )
      .execute()
    await trx
      .insertInto('qr_codes')
      .values(rows.map((r) => ({ code: r.qrCode, ent_id: entId, shop_id: base.shop_id, base_id: baseId, table_id: r.tableId, expires_at: null, is_enable: 1 })))
      .execute()
  } catch (error) {
    // Another request added one of these codes meanwhile (the partial unique index), or a kept QR code is in use.
    if (isUniqueViolation(error)) throw new DomainError('TABLE_CODE_TAKEN', { codes: codes.join(', ') })
    throw error
  }
  return rows.map((r) => ({ tableId: r.tableId, shopId: base.shop_id, baseId, code: r.code, names: r.names, area: r.area, qrCode: r.qrCode, enabled: true }))
}

// ---------- changing ----------

async function requireTable(db: Db, entId: string, tableId: string) {
  const row = await db.selectFrom('dining_tables').selectAll().where('ent_id', '=', entId).where('table_id', '=', tableId).where('is_enable', '=', 1).executeTakeFirst()
  if (!row) throw new DomainError('TABLE_NOT_FOUND')
  return row
}

/**
 * Removes a table: deleted when nothing names it, else kept out of service for the orders and
 * bills that do. Either way its QR codes stop resolving at once. TABLE_IN_USE while it has an
 * open bill.
 */
export async function removeTable(trx: Transaction<Database>, entId: string, tableId: string): Promise<{ tableId: string; removed: 'deleted' | 'retired' }> {
  const table = await requireTable(trx, entId, tableId)
  const open = await trx.selectFrom('table_sheets').select('sheet_id').where('table_id', '=', tableId).where('status', '=', 0).executeTakeFirst()
  if (open) throw new DomainError('TABLE_IN_USE', { table: table.code })
  const sheet = await trx.selectFrom('table_sheets').select('sheet_id').where('table_id', '=', tableId).limit(1).executeTakeFirst()
  const order = await trx.selectFrom('orders').select('order_id').where('table_id', '=', tableId).limit(1).executeTakeFirst()
  await trx.deleteFrom('qr_codes').where('table_id', '=', tableId).execute()
  if (sheet || order) {
    await trx.updateTable('dining_tables').set({ is_enable: 0, qr_code: null }).where('table_id', '=', tableId).execute()
    return { tableId, removed: 'retired' }
  }
  await trx.deleteFrom('dining_tables').where('table_id', '=', tableId).execute()
  return { tableId, removed: 'deleted' }
}

export const renameTableSchema = z
  .object({
    code: z.string({ invalid_type_error: 'must be text' }).regex(SHORT_CODE, 'bad code: use 1–16 letters, digits, "_" or "-"').optional(),
    names: namesSchema.optional(),
    area: areaSchema.optional()
  })
  .strict()
export type RenameTableInput = z.input<typeof renameTableSchema>

/**
 * Changes a table's code, names or area. Its QR code stays (printed codes keep working). A new
 * code renames a table that had the default names ('A01 號枱' → 'B01 號枱') unless names are given.
 */
export async function renameTable(trx: Transaction<Database>, entId: string, tableId: string, changes: RenameTableInput): Promise<TableSetup> {
  const data = parseOrRefuse(renameTableSchema, changes)
  const table = await requireTable(trx, entId, tableId)
  const set: { code?: string; names?: string; area?: string } = {}
  if (data.code !== undefined && data.code !== table.code) {
    const taken = await trx
      .selectFrom('dining_tables')
      .select('table_id')
      .where('base_id', '=', table.base_id)
      .where('is_enable', '=', 1)
      .where('code', '=', data.code)
      .executeTakeFirst()
    if (taken) throw new DomainError('TABLE_CODE_TAKEN', { codes: data.code })
    set.code = data.code
    if (!data.names && sameNames(parseNames(table.names), defaultTableNames(table.code))) set.names = namesJson(defaultTableNames(data.code))
  }
  if (data.names) set.names = namesJson(data.names)
  if (data.area !== undefined) set.area = data.area
  if (Object.keys(set).length > 0) {
    try {
      await trx.updateTable('dining_tables').set(set).where('table_id', '=', tableId).execute()
      forgetPlaceNames()
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('TABLE_CODE_TAKEN', { codes: set.code ?? table.code })
      throw error
    }
  }
  const [renamed] = await listTables(trx, entId, { tableId })
  return renamed
}

/** Tables of the enterprise (of a shop, a branch, or one table), by branch, area and code; in service only unless asked. */
export async function listTables(
  db: Db,
  entId: string,
  filter: { shopId?: string; baseId?: string; tableId?: string; includeRemoved?: boolean } = {}
): Promise<TableSetup[]> {
  let query = db.selectFrom('dining_tables').selectAll().where('ent_id', '=', entId)
  if (filter.shopId) query = query.where('shop_id', '=', filter.shopId)
  if (filter.baseId) query = query.where('base_id', '=', filter.baseId)
  if (filter.tableId) query = query.where('table_id', '=', filter.tableId)
  if (!filter.includeRemoved) query = query.where('is_enable', '=', 1)
  const rows = await query.orderBy('base_id').orderBy('area').orderBy('code').orderBy('table_id').execute()
  return rows.map((r) => ({
    tableId: r.table_id,
    shopId: r.shop_id,
    baseId: r.base_id,
    code: r.code,
    names: parseNames(r.names),
    area: r.area,
    qrCode: r.qr_code ?? '',
    enabled: Number(r.is_enable) === 1
  }))
}
