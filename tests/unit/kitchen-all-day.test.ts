/**
 * The kitchen's all-day counts (src/core/kitchen-all-day.ts), the one rule the server's board read
 * and the console's live board share: open tickets only, lines neither done nor cancelled, summed
 * exactly per goods and unit, most first.
 */
import { allDayCounts } from '../../src/core/kitchen-all-day'
import type { KitchenTicketLineRow, KitchenTicketRow } from '../../src/gateway/kitchen-contract'

const line = (goodsId: string, name: string, qua: string, extra: Partial<KitchenTicketLineRow> = {}): KitchenTicketLineRow => ({
  LineNo: 1,
  GoodsID: goodsId,
  GoodsName: name,
  SkuName: '',
  Unit: 'bowl',
  Qua: qua,
  PrevQua: '',
  Change: '',
  ChangedAt: '',
  RemarkText: '',
  AddOnText: '',
  BomText: '',
  Done: 0,
  ...extra
})

const ticket = (id: string, lines: KitchenTicketLineRow[], status: 'open' | 'bumped' = 'open'): KitchenTicketRow => ({
  TicketID: id,
  ShopID: 'S101',
  BaseID: 'B201',
  StationID: '',
  StationName: '',
  OrderID: `O${id}`,
  Kind: 'round',
  TableID: '',
  TableName: 'A01',
  PickupNo: '',
  ServiceType: 'dinein',
  RoundNo: 1,
  OrderRemarks: '',
  Status: status,
  SentAt: '2026-11-28T02:00:00.000Z',
  ChangedAt: '',
  BumpedAt: '',
  AckedAt: '',
  AlertMinutes: 10,
  PrintError: '',
  Lines: lines
})

test('sums open, undone, uncancelled lines per goods and unit, exactly, most first', () => {
  const rows = allDayCounts([
    ticket('1', [line('g.soup', 'Soup', '2'), line('g.goose', 'Roast goose', '0.5', { Unit: 'kg' }), line('g.tea', 'Tea', '1', { Done: 1 })]),
    ticket('2', [line('g.soup', 'Soup', '1'), line('g.goose', 'Roast goose', '0.25', { Unit: 'kg' }), line('g.goose', 'Roast goose', '1', { Unit: 'plate' })]),
    ticket('3', [line('g.bao', 'Bao', '0', { PrevQua: '3', Change: 'cancelled' }), line('g.rice', 'Rice', '9')], 'bumped')
  ])
  expect(rows).toEqual([
    { GoodsID: 'g.soup', GoodsName: 'Soup', Unit: 'bowl', Qua: '3' },
    { GoodsID: 'g.goose', GoodsName: 'Roast goose', Unit: 'plate', Qua: '1' },
    { GoodsID: 'g.goose', GoodsName: 'Roast goose', Unit: 'kg', Qua: '0.75' }
  ])
})
