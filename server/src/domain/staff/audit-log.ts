/**
 * The audit log (issue 23): append-only — this module inserts and reads, nothing in the code
 * updates or deletes a row. Every staff action that changes money, stock, prices, codes or
 * people, and every sign-in (failed ones too), is written in the same transaction as the change,
 * so a change without its entry cannot commit. Actions are dotted names ('staff.save',
 * 'goods.soldOut'); docs/console.md lists them.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AuditRow } from '../../../../src/gateway/staff-contract'
import type { Database } from '../../storage/schema'
import type { StaffActor } from './staff-actor'

export interface AuditEntry {
  entId: string
  /** Who did it; null for a sign-in attempt by someone not (yet) known. */
  actor: Pick<StaffActor, 'staffId' | 'name' | 'role' | 'deviceId' | 'deviceName'> | null
  action: string
  targetType?: string
  targetId?: string
  detail?: Record<string, unknown>
  reason?: string
  clientIp: string
  now: Date
}

/** Ids sort by time: an ISO instant to the millisecond, then a random tail for ties. */
const auditId = (now: Date): string => `${now.toISOString().replace(/[-:.TZ]/g, '')}-${randomUUID().slice(0, 8)}`

export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      audit_id: auditId(entry.now),
      ent_id: entry.entId,
      at: entry.now.toISOString(),
      staff_id: entry.actor?.staffId ?? '',
      staff_name: entry.actor?.name ?? '',
      role: entry.actor?.role ?? '',
      device_id: entry.actor?.deviceId ?? '',
      device_name: entry.actor?.deviceName ?? '',
      action: entry.action,
      target_type: entry.targetType ?? '',
      target_id: entry.targetId ?? '',
      detail: JSON.stringify(entry.detail ?? {}),
      reason: (entry.reason ?? '').slice(0, 500),
      client_ip: entry.clientIp
    })
    .execute()
}

export interface AuditFilter {
  entId: string
  /** An action, or a prefix ending in '.' ('staff.'); '' for all. */
  action: string
  staffId: string
  /** ISO instants, '' for open ends. */
  from: string
  to: string
}

function filtered(db: Kysely<Database>, f: AuditFilter) {
  let query = db.selectFrom('audit_log').where('ent_id', '=', f.entId)
  if (f.action) query = f.action.endsWith('.') ? query.where('action', 'like', `${f.action.replace(/[%_]/g, '')}%`) : query.where('action', '=', f.action)
  if (f.staffId) query = query.where('staff_id', '=', f.staffId)
  if (f.from) query = query.where('at', '>=', f.from)
  if (f.to) query = query.where('at', '<', f.to)
  return query
}

type AuditRecord = Database['audit_log']

const toRow = (r: AuditRecord): AuditRow => ({
  AuditID: r.audit_id,
  At: r.at,
  StaffID: r.staff_id,
  StaffName: r.staff_name,
  Role: r.role,
  DeviceID: r.device_id,
  DeviceName: r.device_name,
  Action: r.action,
  TargetType: r.target_type,
  TargetID: r.target_id,
  Detail: r.detail,
  Reason: r.reason,
  ClientIp: r.client_ip
})

export async function listAudit(db: Kysely<Database>, f: AuditFilter, page: { index: number; size: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const total = Number((await filtered(db, f).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await filtered(db, f)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('audit_id', 'desc')
    .limit(page.size)
    .offset((page.index - 1) * page.size)
    .execute()
  return { rows: rows.map(toRow), total }
}

/** At most this many rows in one export (a year of a busy shop is far below). */
export const AUDIT_EXPORT_MAX = 50_000

const CSV_COLUMNS: (keyof AuditRow)[] = ['At', 'StaffName', 'Role', 'DeviceName', 'Action', 'TargetType', 'TargetID', 'Reason', 'Detail', 'ClientIp', 'StaffID', 'DeviceID', 'AuditID']

/**
 * One RFC 4180 CSV cell. A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR at
 * the start: CSV injection, OWASP) gets a leading apostrophe: names and reasons are typed by staff.
 * Shared by every CSV export (the audit log, the day report).
 */
export function csvCell(value: unknown): string {
  let text = String(value ?? '')
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 CSV of the audit rows, a header line first. */
export function auditCsv(rows: AuditRow[]): string {
  return [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(','))].join('\r\n') + '\r\n'
}

export async function exportAudit(db: Kysely<Database>, f: AuditFilter): Promise<string> {
  const rows = await filtered(db, f).selectAll().orderBy('at', 'asc').orderBy('audit_id', 'asc').limit(AUDIT_EXPORT_MAX).execute()
  return auditCsv(rows.map(toRow))
}
