/**
 * Who may use a table's sheet (issue 11). A sheet id is no secret: it shows in links, logs and
 * over a diner's shoulder. What counts is being at the table:
 *   - placing or previewing a round: the table's current QR code;
 *   - seeing the sheet, settling it (PayLaterUpdate), closing it: the table's code, or having
 *     ordered a round on it (a diner who reloads with a rotated code still sees and pays what
 *     they ordered); seeing it also for whoever owns one of its settlements (paid its bill).
 * Anyone else gets TABLE_CODE_REQUIRED, so a stranger can neither read a table's bill nor
 * take over its settlement and lock the table out of paying.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { holdsTableCode } from '../entry/table-codes'
import { DomainError } from '../errors'
import type { SheetRecord } from './table-sheet.service'

export interface SheetProof {
  db: Kysely<Database>
  entId: string
  ownerKey: string
  /** The QR code the caller scanned ('' or absent: none). */
  qrCode?: string
  now: Date
}

/** Which of the caller's own orders on the sheet count besides the code. */
export type SheetUse = 'settle' | 'view'

async function ownsOrderOn(db: Kysely<Database>, sheetId: string, ownerKey: string, kinds: ('round' | 'settlement')[]): Promise<boolean> {
  if (!ownerKey) return false
  const row = await db
    .selectFrom('orders')
    .select('order_id')
    .where('table_sheet_id', '=', sheetId)
    .where('owner_key', '=', ownerKey)
    .where('kind', 'in', kinds)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function maySeeSheet(proof: SheetProof, sheet: SheetRecord, use: SheetUse): Promise<boolean> {
  if (await holdsTableCode(proof.db, proof.entId, sheet.table_id, proof.qrCode, proof.now)) return true
  return ownsOrderOn(proof.db, sheet.sheet_id, proof.ownerKey, use === 'view' ? ['round', 'settlement'] : ['round'])
}

export async function requireSheetAccess(proof: SheetProof, sheet: SheetRecord, use: SheetUse): Promise<void> {
  if (!(await maySeeSheet(proof, sheet, use))) throw new DomainError('TABLE_CODE_REQUIRED')
}
