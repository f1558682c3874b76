/**
 * Prepay orders through the real gateway (SQLite; PostgreSQL with DATABASE_URL): server pricing
 * equals the client's core pricing, every refusal has its code and writes nothing, idempotent
 * submit, detail / list / cancel rules, expiry, and ownership by device key.
 */
import { appointmentSlots } from '../../src/core/appointment-slots'
import { saleStatus } from '../../src/core/sale-status'
import { wallClockIn } from '../../src/core/wall-clock'
import { Decimal, roundHalfUp, sumDecimals } from '../../src/core/money'
import { RESULTCODES, ERRCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, type OrderPlacementInput } from '../../src/gateway/order-rows'
import { markOrderPaid, expireDueOrders } from '../../server/src/domain/orders/order-state'
import { B201, B202, S101, clientLine, device, gid, openAllDay, orderCounts, requestKey, setHours, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer

beforeAll(async () => {
  // On SQLite, orders are placed on the placement thread, as the server places them (startServer).
  server = await createTestServer({}, { demoMenus: true, placementThread: true })
  await openAllDay(server.db)
})

afterAll(async () => {
  await server.close()
})

const submit = (input: OrderPlacementInput, headers: Record<string, string>, key = requestKey()) =>
  server.call('OrderSubmit', [{ ...input, RequestKey: key }], { headers })

describe('pricing', () => {
  it('charges exactly what the client core computes: sku + remark + add-on, pack unit with Ref, combo picks, promotion price, bags', async () => {
    const me = device()
    const lines = await Promise.all([
      // Sku with a remark and an add-on: Large wonton noodles (52) + three more wontons (15), × 2.
      clientLine(server, { code: 'C01', sku: 'LARGE', qua: '2', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] }),
      // A pack unit: 3 baskets of 4 (Ref 4) at the basket's now price 36.
      clientLine(server, { code: 'E01', pack: 'BASKET4', qua: '3' }),
      // A combo: the required main class (one pick, with a markup) and the optional extras (two picks),
      // the curry fish balls with their required spice (issue 27 item 21).
      clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04', 'G03'] }, pickRemarks: { G03: [{ name: 'Spice', option: 'Mild' }] } }),
      // Hot lemon tea on its promotion price (18 instead of 22).
      clientLine(server, { code: 'H03', qua: '3' }),
      // An add-on whose now price (15) is below its list price (18); the noodles and spice are required choices.
      clientLine(server, { code: 'A01', addOns: ['BRISKET'], remarks: [{ name: 'Noodles', option: 'Udon' }, { name: 'Spice', option: 'Mild' }] })
    ])
    expect(lines.map((l) => l.input.Amount)).toEqual(['134', '108', '81', '54', '73'])

    const res = await submit(takeaway(lines.map((l) => l.input), { BagQua: 2, Remarks: 'No cutlery' }), me.headers)
    expect(res.body.resultcode).toBe('0')
    const [order] = res.body.data.table1
    const goodsAmount = roundHalfUp(sumDecimals(lines.map((l) => l.input.Amount)), 2).toFixed(2)
    expect(order).toMatchObject({
      ShopID: S101,
      BaseID: B201,
      PayMode: 'prepay',
      ServiceType: 'takeaway',
      PosiType: 7,
      Status: ORDER_STATUS.AWAITING_PAYMENT,
      PickupNo: '',
      GoodsAmount: goodsAmount,
      BagQua: 2,
      BagFee: '2.00',
      Freight: '0.00',
      Amount: new Decimal(goodsAmount).plus(2).toFixed(2),
      Remarks: 'No cutlery',
      LineCount: 5,
      CanCancel: 1,
      CanPay: 1,
      ShopName: 'Lotus Tea House',
      BaseName: 'Lotus Tea House (Senado Square)'
    })
    expect(order.Amount).toBe('452.00')
    expect(order.SheetID).toMatch(/^O\d{8}[0-9a-f]{10}$/)
    expect(order.CreatedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(order.BusinessDay).toBe(wallClockIn('Asia/Macau', new Date()).date)

    const rows = res.body.data.table2
    expect(rows.map((r: any) => [r.GoodsCode, r.Amount, r.Qua])).toEqual([
      ['C01', '134', '2'],
      ['E01', '108', '12'],
      ['K04', '81', '1'],
      ['H03', '54', '3'],
      ['A01', '73', '1']
    ])
    expect(rows[0]).toMatchObject({ SkuName: 'Large', RemarkText: 'Spring onion: No', AddOnText: 'Three more wontons', UnitExtras: '15' })
    expect(rows[1]).toMatchObject({ PQua: '3', Ref: '4', PSalesPrice: '36', PUnit: 'Basket of 4' })
    expect(rows[2].BomText.split(', ')).toHaveLength(3)
    expect(rows[3]).toMatchObject({ SalesPrice: '18', SaleType: 2 })
  })

  it('previews exactly what submit will charge, without writing anything', async () => {
    const me = device()
    const line = await clientLine(server, { code: 'C01', sku: 'SMALL' })
    const before = await orderCounts(server.db)
    const preview = await server.call('OrderPricePreview', [{ ...takeaway([line.input], { BagQua: 1 }) }], { headers: me.headers })
    expect(preview.body.resultcode).toBe('0')
    expect(preview.body.data.table1[0]).toMatchObject({ SheetID: '', GoodsAmount: '42.00', BagFee: '1.00', Amount: '43.00', CanPay: 0 })
    expect(await orderCounts(server.db)).toEqual(before)
    const placed = await submit(takeaway([line.input], { BagQua: 1 }), me.headers)
    expect(placed.body.data.table1[0].Amount).toBe(preview.body.data.table1[0].Amount)
  })
})

describe('refusals leave no order behind', () => {
  const refused = async (input: OrderPlacementInput, code: keyof typeof RESULTCODES, message?: RegExp) => {
    const me = device()
    const before = await orderCounts(server.db)
    const res = await submit(input, me.headers)
    expect(res.body.resultcode).toBe(RESULTCODES[code])
    if (message) expect(res.body.resultmsg).toMatch(message)
    expect(await orderCounts(server.db)).toEqual(before)
    return res
  }

  it('a tampered price → PRICE_CHANGED naming the goods', async () => {
    const line = await clientLine(server, { code: 'C01', sku: 'LARGE' })
    await refused(takeaway([soupLine(), { ...line.input, Amount: '1' }]), 'PRICE_CHANGED', /Shrimp Wonton Noodles/)
  })

  it('a tampered quantity → INVALID_QUANTITY', async () => {
    await refused(takeaway([{ ...soupLine(), MQua: '-1', Amount: '-22' }]), 'INVALID_QUANTITY')
    await refused(takeaway([{ ...soupLine(), MQua: '0.5', Amount: '11' }]), 'INVALID_QUANTITY')
    await refused(takeaway([{ ...soupLine(), MQua: '100000', Amount: '2200000' }]), 'INVALID_QUANTITY')
  })

  it('an unknown sku → INVALID_QUANTITY; unknown goods and goods of another shop → GOODS_NOT_IN_SHOP', async () => {
    const line = await clientLine(server, { code: 'C01', sku: 'LARGE' })
    await refused(takeaway([{ ...line.input, SkuID: `${gid('C01')}.k.HUGE` }]), 'INVALID_QUANTITY')
    await refused(takeaway([{ ...soupLine(), GoodsID: gid('ZZ9') }]), 'GOODS_NOT_IN_SHOP')
    await refused(takeaway([{ ...soupLine(), GoodsID: 'S102.g.A01' }]), 'GOODS_NOT_IN_SHOP')
  })

  it('goods outside their sale window → GOODS_OFF_SALE naming the goods', async () => {
    const now = wallClockIn('Asia/Macau', new Date()).secondsOfDay
    // Breakfast set (07:00–11:00) or afternoon tea set (14:00–17:30): at any time one is off sale.
    const off = [
      { code: 'K01', on: '07:00', off: '11:00', name: /Breakfast Set/ },
      { code: 'K02', on: '14:00', off: '17:30', name: /Afternoon Tea Set/ }
    ].find((g) => !saleStatus(g.on, g.off, now).isOnSale && !saleStatus(g.on, g.off, now + 120).isOnSale)!
    await refused(takeaway([{ ...soupLine(), GoodsID: gid(off.code), Bom: [], Amount: '42' }]), 'GOODS_OFF_SALE', off.name)
  })

  it('a closed shop → SHOP_CLOSED with its hours; a bad appointment → APPOINTMENT_OUTSIDE_HOURS', async () => {
    const wall = wallClockIn('Asia/Macau', new Date())
    const hour = Math.floor(wall.secondsOfDay / 3600)
    // Open for one hour starting three hours from now: closed now.
    const pad = (n: number) => String(n % 24).padStart(2, '0')
    await setHours(server.db, B202, `${pad(hour + 3)}:00`, `${pad(hour + 4)}:00`)
    try {
      await refused(takeaway([soupLine()], { BaseID: B202 }), 'SHOP_CLOSED', new RegExp(`${pad(hour + 3)}:00–${pad(hour + 4)}:00`))
      // A slot that exists (tomorrow) is taken even while closed now.
      const rules = { now: wall, beginTime: `${pad(hour + 3)}:00`, endTime: `${pad(hour + 4)}:00`, weekday: '', cookingMinutes: 10, dtbMinutes: 0, delivery: false }
      const tomorrow = appointmentSlots(rules).find((d) => d.offset >= 1)!
      const ok = await submit(takeaway([soupLine()], { BaseID: B202, AppointedTime: `${tomorrow.date} ${tomorrow.slots[0]}` }), device().headers)
      expect(ok.body.resultcode).toBe('0')
      expect(ok.body.data.table1[0].AppointedTime).toBe(`${tomorrow.date} ${tomorrow.slots[0]}`)
    } finally {
      await openAllDay(server.db, [B202])
    }
    await refused(takeaway([soupLine()], { AppointedTime: '2001-01-01 12:00' }), 'APPOINTMENT_OUTSIDE_HOURS', /outside business hours/)
    await refused(takeaway([soupLine()], { AppointedTime: 'tomorrow noon' }), 'APPOINTMENT_OUTSIDE_HOURS')
    // Not on a 15-minute step.
    const day = appointmentSlots({ now: wall, beginTime: '00:00', endTime: '23:59', weekday: '', cookingMinutes: 15, dtbMinutes: 0, delivery: false }).find((d) => d.offset === 1)!
    await refused(takeaway([soupLine()], { AppointedTime: `${day.date} 12:07` }), 'APPOINTMENT_OUTSIDE_HOURS')
  })

  it('a service the branch does not offer, an unknown branch, an empty cart, unknown bags', async () => {
    // B201 is a dine-in branch (CYType 0): no fast food there.
    await refused(takeaway([soupLine()], { ServiceType: 'fastfood' }), 'SERVICE_NOT_OFFERED')
    await refused(takeaway([soupLine()], { BaseID: 'B203' }), 'BASE_NOT_FOUND')
    await refused(takeaway([]), 'CART_EMPTY')
    await refused(takeaway([soupLine()], { TableID: 'B202-T01' }), 'TABLE_NOT_FOUND')
  })

  it('errcode 10007 naming X-Device-Key without a device key', async () => {
    const res = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }])
    expect(res.status).toBe(400)
    expect(res.body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect(res.body.errmsg).toContain('X-Device-Key')
  })
})

describe('idempotent submit', () => {
  it('answers the first order for a retry with the same key, REQUEST_KEY_REUSED for other content or another device', async () => {
    const me = device()
    const key = requestKey()
    const first = await submit(takeaway([soupLine()]), me.headers, key)
    const again = await submit(takeaway([soupLine()]), me.headers, key)
    expect(again.body.data.table1[0].SheetID).toBe(first.body.data.table1[0].SheetID)
    expect((await submit(takeaway([soupLine('2')]), me.headers, key)).body.resultcode).toBe(RESULTCODES.REQUEST_KEY_REUSED)
    expect((await submit(takeaway([soupLine()]), device().headers, key)).body.resultcode).toBe(RESULTCODES.REQUEST_KEY_REUSED)
    const rows = await server.db.selectFrom('orders').select('order_id').where('request_key', '=', key).execute()
    expect(rows).toHaveLength(1)
  })
})

describe('detail, list, cancel and expiry', () => {
  it('shows the order with its lines and payments to its owner only', async () => {
    const me = device()
    const placed = (await submit(takeaway([soupLine('2')]), me.headers)).body.data.table1[0]
    const detail = await server.call('OrderDetailGet', [{ SheetID: placed.SheetID }], { headers: me.headers })
    expect(detail.body.resultcode).toBe('0')
    expect(detail.body.data.table1[0]).toMatchObject({ SheetID: placed.SheetID, Amount: '44.00', Status: 0 })
    expect(detail.body.data.table2).toHaveLength(1)
    expect(detail.body.data.table3).toEqual([])
    // Another device's order is answered as an unknown one.
    expect((await server.call('OrderDetailGet', [{ SheetID: placed.SheetID }], { headers: device().headers })).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect((await server.call('OrderCancel', [{ SheetID: placed.SheetID }], { headers: device().headers })).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect((await server.call('OrderDetailGet', [{ SheetID: 'O20000101nothing' }], { headers: me.headers })).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
  })

  it("lists the device's own orders newest first, with a status filter", async () => {
    const me = device()
    const a = (await submit(takeaway([soupLine()]), me.headers)).body.data.table1[0]
    const b = (await submit(takeaway([soupLine('3')]), me.headers)).body.data.table1[0]
    await submit(takeaway([soupLine()]), device().headers)
    await server.call('OrderCancel', [{ SheetID: a.SheetID }], { headers: me.headers })
    const all = await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: me.headers })
    expect(all.body.data.table1.map((o: any) => o.SheetID).sort()).toEqual([a.SheetID, b.SheetID].sort())
    expect(all.body.data.table2).toEqual([{ Total: 2 }])
    const created = all.body.data.table1.map((o: any) => o.CreatedDate)
    expect([...created].sort().reverse()).toEqual(created)
    const open = await server.call('OrderListByPage', [{ Status: 0 }], { headers: me.headers })
    expect(open.body.data.table1.map((o: any) => o.SheetID)).toEqual([b.SheetID])
    const cancelled = await server.call('OrderListByPage', [{ Status: 3 }], { headers: me.headers })
    expect(cancelled.body.data.table1.map((o: any) => [o.SheetID, o.CanCancel, o.CanPay])).toEqual([[a.SheetID, 0, 0]])
  })

  it('lets the diner cancel only while the order awaits payment', async () => {
    const me = device()
    const placed = (await submit(takeaway([soupLine()]), me.headers)).body.data.table1[0]
    const cancel = await server.call('OrderCancel', [{ SheetID: placed.SheetID }], { headers: me.headers })
    expect(cancel.body.data.table1[0]).toMatchObject({ Status: ORDER_STATUS.CANCELLED, CanCancel: 0, CanPay: 0 })
    expect(cancel.body.data.table1[0].CancelledDate).not.toBe('')
    const twice = await server.call('OrderCancel', [{ SheetID: placed.SheetID }], { headers: me.headers })
    expect(twice.body.resultcode).toBe(RESULTCODES.ORDER_STATUS_CONFLICT)
    expect(twice.body.resultmsg).toBe('This order cannot be cancelled now (status: Cancelled)')

    const paidOrder = (await submit(takeaway([soupLine()]), me.headers)).body.data.table1[0]
    await server.db.transaction().execute((trx) => markOrderPaid(trx, paidOrder.SheetID, '22.00', new Date()))
    const paid = await server.call('OrderCancel', [{ SheetID: paidOrder.SheetID }], { headers: me.headers })
    expect(paid.body.resultcode).toBe(RESULTCODES.ORDER_STATUS_CONFLICT)
    expect(paid.body.resultmsg).toBe('This order cannot be cancelled now (status: Paid)')
    const detail = await server.call('OrderDetailGet', [{ SheetID: paidOrder.SheetID }], { headers: me.headers, lang: 'zh-TW' })
    expect(detail.body.data.table1[0]).toMatchObject({ Status: ORDER_STATUS.PAID, PaidAmount: '22.00', CanCancel: 0, CanPay: 0 })
    expect(detail.body.data.table1[0].PickupNo).toMatch(/^\d+$/)
  })

  it('expires an unpaid order after UnpaidOrderMinutes: on read, and by the sweep', async () => {
    const me = device()
    await server.db.insertInto('enterprise_settings').values({ ent_id: 'E1001', parm_id: 'UnpaidOrderMinutes', parm_value: '5' }).execute()
    try {
      const placed = (await submit(takeaway([soupLine()]), me.headers)).body.data.table1[0]
      const created = new Date(`${placed.CreatedDate.replace(' ', 'T')}+08:00`)
      const expires = new Date(`${placed.ExpireDate.replace(' ', 'T')}+08:00`)
      expect(expires.getTime() - created.getTime()).toBe(5 * 60_000)

      // Read after its time: expired at once.
      await server.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_id', '=', placed.SheetID).execute()
      const read = await server.call('OrderDetailGet', [{ SheetID: placed.SheetID }], { headers: me.headers })
      expect(read.body.data.table1[0]).toMatchObject({ Status: ORDER_STATUS.EXPIRED, CanPay: 0, CanCancel: 0 })
      const cancel = await server.call('OrderCancel', [{ SheetID: placed.SheetID }], { headers: me.headers })
      expect(cancel.body.resultmsg).toBe('This order cannot be cancelled now (status: Expired)')

      // The sweep: only orders past their time, once.
      const other = (await submit(takeaway([soupLine()]), me.headers)).body.data.table1[0]
      const later = new Date(Date.now() + 6 * 60_000)
      expect(await expireDueOrders(server.db, later)).toBeGreaterThanOrEqual(1)
      const row = await server.db.selectFrom('orders').select(['status']).where('order_id', '=', other.SheetID).executeTakeFirstOrThrow()
      expect(row.status).toBe(ORDER_STATUS.EXPIRED)
      expect(await expireDueOrders(server.db, later)).toBe(0)
      const events = await server.db.selectFrom('order_events').select(['action', 'actor']).where('order_id', '=', other.SheetID).orderBy('seq').execute()
      expect(events).toEqual([
        { action: 'create', actor: 'diner' },
        { action: 'expire', actor: 'system' }
      ])
    } finally {
      await server.db.deleteFrom('enterprise_settings').where('parm_id', '=', 'UnpaidOrderMinutes').execute()
    }
  })
})
