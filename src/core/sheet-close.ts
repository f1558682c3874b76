/**
 * A table sheet as the diner sees it after the meal (spec §5 PosSheetListByPage, PosSheetClose;
 * issue 27 item 3): whether it is open, paid, closed or cancelled, and which close the diner is
 * offered. The server decides (PosSheetClose cancels an empty sheet, closes one paid in full and
 * refuses an unpaid one with rounds); these say the same, so the pages offer only what it allows.
 */
import { toDecimal } from './money'

/** Sheet status (TableSheetRow.Status): 0 open, 2 closed, 3 cancelled. */
interface SheetFacts {
  Status: number
  RoundCount: number
  Amount: string
  PaidAmount: string
}

/** A sheet's state in the diner's words. */
export type SheetWord = 'open' | 'paid' | 'closed' | 'cancelled'

/** Paid in full: something was ordered and what was paid covers it (exact decimals). */
export function paidInFull(row: Pick<SheetFacts, 'Amount' | 'PaidAmount'>): boolean {
  const amount = toDecimal(row.Amount || '0')
  return amount.greaterThan(0) && toDecimal(row.PaidAmount || '0').greaterThanOrEqualTo(amount)
}

export function sheetWord(row: Pick<SheetFacts, 'Status' | 'Amount' | 'PaidAmount'>): SheetWord {
  if (row.Status === 0) return 'open'
  if (row.Status === 3) return 'cancelled'
  return paidInFull(row) ? 'paid' : 'closed'
}

/** What closing an open sheet means: leave an empty table, finish a paid one; null when the diner cannot close it. */
export function closeKind(row: SheetFacts | null): 'leave' | 'finish' | null {
  if (!row || row.Status !== 0) return null
  if (row.RoundCount === 0) return 'leave'
  return paidInFull(row) ? 'finish' : null
}
