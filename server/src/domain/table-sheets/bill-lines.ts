/**
 * What a table's bill was for (issue 27 item 2; migration 0028). A settlement has no goods lines
 * of its own: when it is made (PayLaterUpdate), the table's rounds as they stand then are written
 * down line by line under the bill, numbered for the bill (1, 2, …), with the quantities and
 * amounts they held. A later change (a raised quantity, another round) cancels a pending bill, and
 * that bill still lists what its total was for; a paid bill has line numbers of its own, which its
 * review and "order again" use. Bills made before 0028 (and the counter's payments of a bill) have
 * none: they show the rounds as they are now (order-view.ts).
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import type { BillLineTable, Database, OrderLineTable } from '../../storage/schema'

export type BillLineRecord = Selectable<BillLineTable>
type Db = Kysely<Database> | Transaction<Database>

/** One line of a bill: the round's line as ordered, with the quantities and amounts the bill was for. */
export interface BillLine {
  billLineNo: number
  roundNo: number
  /** The round's line (names, prices, choices) with the bill's quantities and amounts. */
  line: Selectable<OrderLineTable>
}

/**
 * Writes down the bill's lines: every line of the sheet's rounds that are not cancelled, round by
 * round, in the transaction that makes the bill (the sheet is locked, so no round or quantity
 * changes meanwhile). Chunked under SQLite's bound-parameter cap.
 */
export async function writeBillLines(trx: Transaction<Database>, settlementId: string, sheetId: string): Promise<void> {
  const rounds = await trx
    .selectFrom('orders')
    .select(['order_id', 'round_no'])
    .where('table_sheet_id', '=', sheetId)
    .where('kind', '=', 'round')
    .where('status', '!=', ORDER_STATUS.CANCELLED)
    .orderBy('round_no')
    .execute()
  if (rounds.length === 0) return
  const lines = await trx
    .selectFrom('order_lines')
    .select(['order_id', 'line_no', 'm_qua', 'p_qua', 'qua', 'amount', 'original_amount'])
    .where('order_id', 'in', rounds.map((r) => r.order_id))
    .execute()
  const rows: BillLineRecord[] = []
  for (const round of rounds) {
    for (const l of lines.filter((x) => x.order_id === round.order_id).sort((a, b) => Number(a.line_no) - Number(b.line_no))) {
      rows.push({
        order_id: settlementId,
        line_no: rows.length + 1,
        round_id: round.order_id,
        round_line_no: Number(l.line_no),
        round_no: Number(round.round_no),
        m_qua: l.m_qua,
        p_qua: l.p_qua,
        qua: l.qua,
        amount: l.amount,
        original_amount: l.original_amount
      })
    }
  }
  for (let i = 0; i < rows.length; i += 80) await trx.insertInto('bill_lines').values(rows.slice(i, i + 80)).execute()
}

/** The bills' written-down lines, by settlement id, in line order (a bill without any is absent). */
export async function billLinesOf(db: Db, settlementIds: readonly string[]): Promise<Map<string, BillLine[]>> {
  const out = new Map<string, BillLine[]>()
  if (settlementIds.length === 0) return out
  const bill = await db.selectFrom('bill_lines').selectAll().where('order_id', 'in', [...new Set(settlementIds)]).orderBy('order_id').orderBy('line_no').execute()
  if (bill.length === 0) return out
  const source = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', [...new Set(bill.map((b) => b.round_id))])
    .execute()
  const byKey = new Map(source.map((l) => [`${l.order_id}|${Number(l.line_no)}`, l]))
  for (const b of bill) {
    const line = byKey.get(`${b.round_id}|${Number(b.round_line_no)}`)
    if (!line) continue
    const list = out.get(b.order_id) ?? []
    list.push({
      billLineNo: Number(b.line_no),
      roundNo: Number(b.round_no),
      line: { ...line, m_qua: b.m_qua, p_qua: b.p_qua, qua: b.qua, amount: b.amount, original_amount: b.original_amount }
    })
    out.set(b.order_id, list)
  }
  return out
}
