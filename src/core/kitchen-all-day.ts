/**
 * The kitchen's "all day" counts (issue 24 item 2): what the open tickets still ask for, per goods
 * and unit — lines not done and not cancelled, summed exactly, most first. Pure: the server's board
 * read (server/src/domain/kitchen/kitchen-board.service.ts) and the console's live board
 * (src/console/stores/kitchen-store.ts) count with this one rule, so a board that applied events on
 * top of its first read shows what a fresh read would.
 */
import type { KitchenAllDayRow, KitchenTicketRow } from '../gateway/kitchen-contract'
import { sumDecimals, toDecimal } from './money'

export function allDayCounts(tickets: readonly KitchenTicketRow[]): KitchenAllDayRow[] {
  const by = new Map<string, KitchenAllDayRow>()
  for (const t of tickets) {
    if (t.Status !== 'open') continue
    for (const l of t.Lines) {
      if (l.Done || toDecimal(l.Qua).isZero()) continue
      const key = `${l.GoodsID}|${l.Unit}`
      const row = by.get(key) ?? { GoodsID: l.GoodsID, GoodsName: l.GoodsName, Unit: l.Unit, Qua: '0' }
      row.Qua = sumDecimals([row.Qua, l.Qua]).toFixed()
      by.set(key, row)
    }
  }
  return [...by.values()].sort((a, b) => toDecimal(b.Qua).comparedTo(toDecimal(a.Qua)) || a.GoodsName.localeCompare(b.GoodsName))
}
