/**
 * The shop moves orders on: the admin API (Bearer ADMIN_TOKEN; absent when unset) and the orders
 * CLI spawned with tsx against the test database (SQLite file; the test's PostgreSQL schema with
 * DATABASE_URL). The diner sees the change in OrderDetailGet.
 */
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { B201, B202, clientLine, device, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, runCli, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'

const TOKEN = 'test-admin-token-0123456789'
let server: TestServer

beforeAll(async () => {
  server = await createTestServer({ adminToken: TOKEN }, { demoMenus: true })
  await openAllDay(server.db)
})

afterAll(async () => {
  await server.close()
})

const auth = { authorization: `Bearer ${TOKEN}` }

async function placeOrder(baseId = B201, paid = true): Promise<{ id: string; headers: Record<string, string> }> {
  const me = device()
  const res = await server.call('OrderSubmit', [{ ...takeaway([soupLine()], { BaseID: baseId }), RequestKey: requestKey() }], { headers: me.headers })
  const id = res.body.data.table1[0].SheetID as string
  if (paid) await server.db.transaction().execute((trx) => markOrderPaid(trx, id, '22.00', new Date()))
  return { id, headers: me.headers }
}

const dinerSees = async (order: { id: string; headers: Record<string, string> }) =>
  (await server.call('OrderDetailGet', [{ SheetID: order.id }], { headers: order.headers })).body.data.table1[0]

describe('admin API', () => {
  it('refuses requests without the right bearer token (401)', async () => {
    const order = await placeOrder()
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }]) {
      const list = await server.app.inject({ method: 'GET', url: '/admin/orders', headers })
      expect(list.statusCode).toBe(401)
      expect(list.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Missing or wrong admin token' } })
      const ready = await server.app.inject({ method: 'POST', url: `/admin/orders/${order.id}/ready`, headers })
      expect(ready.statusCode).toBe(401)
    }
    expect((await dinerSees(order)).Status).toBe(ORDER_STATUS.PAID)
  })

  it('marks a paid order ready, then completed, and the diner sees each', async () => {
    const order = await placeOrder()
    const ready = await server.app.inject({ method: 'POST', url: `/admin/orders/${order.id}/ready`, headers: auth })
    expect(ready.statusCode).toBe(200)
    expect(ready.json().order).toMatchObject({ SheetID: order.id, Status: ORDER_STATUS.READY })
    const seen = await dinerSees(order)
    expect(seen).toMatchObject({ Status: ORDER_STATUS.READY })
    expect(seen.ReadyDate).not.toBe('')

    const done = await server.app.inject({ method: 'POST', url: `/admin/orders/${order.id}/complete`, headers: auth })
    expect(done.json().order.Status).toBe(ORDER_STATUS.COMPLETED)
    expect((await dinerSees(order)).Status).toBe(ORDER_STATUS.COMPLETED)
    const events = await server.db.selectFrom('order_events').select(['action', 'actor']).where('order_id', '=', order.id).orderBy('seq').execute()
    expect(events.map((e) => `${e.action}:${e.actor}`)).toEqual(['create:diner', 'pay:provider', 'ready:shop', 'complete:shop'])
  })

  it('answers 409 for a move the state table does not allow, 404 for an unknown order or action', async () => {
    const unpaid = await placeOrder(B201, false)
    const ready = await server.app.inject({ method: 'POST', url: `/admin/orders/${unpaid.id}/ready`, headers: auth })
    expect(ready.statusCode).toBe(409)
    expect(ready.json()).toEqual({ error: { code: 'ORDER_STATUS_CONFLICT', message: 'This order cannot be marked ready now (status: Awaiting payment)' } })
    const missing = await server.app.inject({ method: 'POST', url: '/admin/orders/O-nothing/complete', headers: auth })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('ORDER_NOT_FOUND')
    const action = await server.app.inject({ method: 'POST', url: `/admin/orders/${unpaid.id}/pay`, headers: auth })
    expect(action.statusCode).toBe(404)
    // The shop may cancel a paid order (it refunds); the diner may not.
    const paid = await placeOrder()
    expect((await server.call('OrderCancel', [{ SheetID: paid.id }], { headers: paid.headers })).body.resultcode).toBe('20018')
    const cancel = await server.app.inject({ method: 'POST', url: `/admin/orders/${paid.id}/cancel`, headers: auth })
    expect(cancel.json().order.Status).toBe(ORDER_STATUS.CANCELLED)
  })

  it('lists orders by branch and status, newest first', async () => {
    const a = await placeOrder(B202)
    const b = await placeOrder(B202)
    const list = await server.app.inject({ method: 'GET', url: `/admin/orders?base=${B202}&status=1`, headers: auth })
    expect(list.statusCode).toBe(200)
    const { orders, total } = list.json()
    expect(total).toBe(2)
    expect(orders.map((o: any) => o.SheetID).sort()).toEqual([a.id, b.id].sort())
    expect(orders[0]).toMatchObject({ BaseID: B202, Status: 1, BaseName: 'Lotus Tea House (Taipa)' })
    const one = await server.app.inject({ method: 'GET', url: `/admin/orders/${a.id}`, headers: auth })
    expect(one.json().lines).toHaveLength(1)
    expect((await server.app.inject({ method: 'GET', url: '/admin/orders?status=9', headers: auth })).statusCode).toBe(400)
  })

  it('does not exist when ADMIN_TOKEN is unset', async () => {
    const off = await createTestServer({}, { seed: false })
    try {
      const res = await off.app.inject({ method: 'GET', url: '/admin/orders', headers: auth })
      expect(res.statusCode).toBe(404)
    } finally {
      await off.close()
    }
  })
})

describe('orders CLI', () => {
  const cli = (...args: string[]) => runCli(server, 'orders', ...args)

  it('marks an order ready and completed; the diner sees Ready for Pickup', async () => {
    const order = await placeOrder()
    const pickup = (await dinerSees(order)).PickupNo
    const ready = await cli('ready', order.id)
    expect(ready).toMatchObject({ code: 0, stderr: '' })
    expect(ready.stdout.trim()).toBe(`${order.id}: ready done, now Ready for pickup (pickup #${pickup})`)
    const seen = (await server.call('OrderDetailGet', [{ SheetID: order.id }], { headers: order.headers, lang: 'en' })).body.data.table1[0]
    expect(seen.Status).toBe(ORDER_STATUS.READY)

    const list = await cli('list', '--status', '5', '--base', B201)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(`${order.id}  ${B201}  5 Ready for pickup  #${pickup}  22.00`)

    const again = await cli('ready', order.id, 'O-nothing')
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`${order.id}: This order cannot be marked ready now (status: Ready for pickup) [ORDER_STATUS_CONFLICT]`)
    expect(again.stderr).toContain('O-nothing: Order not found [ORDER_NOT_FOUND]')

    expect((await cli('complete', order.id)).code).toBe(0)
    expect((await dinerSees(order)).Status).toBe(ORDER_STATUS.COMPLETED)
  }, 60_000)

  it('closes a table sheet settled at the counter; the table takes a new sheet', async () => {
    const QRCode = await tableCode(server.db, 'B201-A02')
    const round = await server.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: B201, TableID: 'B201-A02', QRCode, ServiceType: 'dinein', RequestKey: 'cli-close-sheet-1', Lines: [soupLine()] }],
      { headers: { 'X-Device-Key': 'cli-close-sheet-phone-01' } }
    )
    expect(round.body.resultcode).toBe('0')
    const sheetId = round.body.data.table1[0].SheetID
    const res = await cli('close-sheet', sheetId)
    expect(res).toMatchObject({ code: 0, stderr: '' })
    expect(res.stdout).toContain(`${sheetId}: table B201-A02 closed, now Completed (1 round`)
    const sheet = (await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode }])).body.data.table1[0]
    expect(sheet).toMatchObject({ Status: ORDER_STATUS.COMPLETED, OrderingAllowed: 0 })
    const home = await server.call('HomeShopDetailsGet', [{ QRCode }])
    expect(home.body.data.table4).toEqual([])
  }, 60_000)

  it('shows an order as a kitchen ticket: every choice of every line, the remark and the service facts', async () => {
    const me = device()
    const lines = await Promise.all([
      clientLine(server, { code: 'C01', sku: 'LARGE', qua: '2', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] }),
      clientLine(server, { code: 'E01', pack: 'BASKET4', qua: '3' }),
      clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04', 'G03'] }, pickRemarks: { G03: [{ name: 'Spice', option: 'Mild' }] } })
    ])
    const remark = 'No coriander please; nut allergy'
    const res = await server.call('OrderSubmit', [{ ...takeaway(lines.map((l) => l.input), { Remarks: remark }), RequestKey: requestKey() }], { headers: me.headers, lang: 'en' })
    expect(res.body.resultcode).toBe('0')
    const [order] = res.body.data.table1
    const [noodles, dumplings, combo] = res.body.data.table2
    await server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, order.Amount, new Date()))
    const pickup = (await dinerSees({ id: order.SheetID, headers: me.headers })).PickupNo

    const shown = await cli('show', order.SheetID)
    expect(shown).toMatchObject({ code: 0, stderr: '' })
    const text = shown.stdout
    expect(text).toContain(`Takeaway, pickup #${pickup}, as soon as possible`)
    expect(text).toContain(`Remark: ${remark}`)
    // Units beside a count in English plurals (issue 27 item 15): '× 2 bowls', '× 3 Baskets of 4', '× 1 set'.
    expect(text).toContain(`1. ${noodles.GoodsName} (Large) × 2 ${noodles.Unit}s  ${noodles.Amount}`)
    expect(text).toContain('Spring onion: No')
    expect(text).toContain(`+ ${noodles.AddOnText} × 2`)
    expect(text).toContain(`2. ${dumplings.GoodsName} × 3 Baskets of 4  ${dumplings.Amount}`)
    expect(text).toContain(`3. ${combo.GoodsName} × 1 ${combo.Unit}  ${combo.Amount}`)
    expect(text).toContain(`Combo: ${combo.BomText}`)
    // A combo pick's own required spice reaches the kitchen (issue 27 item 21).
    expect(combo.BomText).toContain('Curry Fish Balls (Spice: Mild)')

    // A delivery order's contact, phone and address, and an appointed time.
    await server.db
      .updateTable('orders')
      .set({ service_type: 'delivery', appointed_time: '2025-01-01 19:30', contact: 'Ana Lei', phone: '+853 66123456', address: 'Rua do Cunha 10, Taipa' })
      .where('order_id', '=', order.SheetID)
      .execute()
    const delivery = (await cli('show', order.SheetID)).stdout
    expect(delivery).toContain(`Delivery, pickup #${pickup}, for 2025-01-01 19:30`)
    expect(delivery).toContain('Deliver to: Ana Lei, +853 66123456, Rua do Cunha 10, Taipa')
  }, 60_000)

  it('shows the table of a fast-food order placed at a table', async () => {
    const res = await server.call(
      'OrderSubmit',
      [{ ...takeaway([soupLine()], { BaseID: B202, ServiceType: 'fastfood', TableID: 'B202-T01' }), RequestKey: requestKey() }],
      { headers: device().headers }
    )
    expect(res.body.resultcode).toBe('0')
    const shown = await cli('show', res.body.data.table1[0].SheetID)
    expect(shown.stdout).toContain(`Fast food, ${res.body.data.table1[0].TableName}, as soon as possible`)
  }, 60_000)

  it('prints its usage for a wrong command (exit code 2)', async () => {
    const res = await cli('shout')
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('npm run orders -- ready|complete|cancel <SheetID>')
  }, 30_000)
})
