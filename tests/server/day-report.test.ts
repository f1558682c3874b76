/**
 * The day report (issue 24 item 6) through the real gateway on the demo menus, on SQLite and (with
 * DATABASE_URL) PostgreSQL: a day of a branch with prepaid orders paid from the balance and through
 * the sandbox, a coupon, an order the shop cancelled (refunded) and one refunded in part after sale,
 * a payment that came after its order was paid (given back at once: neither sale nor refund), three
 * table bills (paid online, closed at the counter without a payment recorded, paid in cash at the
 * counter), kitchen tickets bumped after known times. Every figure is written out by hand. Another
 * enterprise's data and a branch outside a person's scope never appear; cashiers and the kitchen are
 * refused. Refunds are counted on the business day they were made (past midnight too).
 */
import { randomBytes } from 'node:crypto'
import { Decimal } from '../../src/core/money'
import { ORDER_STATUS, PAYMENT_STATUS, type OrderLineInput } from '../../src/gateway/order-rows'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { dayReport, runningBusinessDay, type ReportBranch } from '../../server/src/domain/reports/day-report.service'
import { wallClockIn } from '../../src/core/wall-clock'
import { closeSheet } from '../../server/src/domain/table-sheets/table-sheet.service'
import type { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { B201, clientLine, device, gid, openAllDay, requestKey, setHours } from './helpers/order-fixtures'
import { newPhone, ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { tableCode } from './helpers/table-codes'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let other: StaffSession

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}, lang = 'en') => server.call(op, [record], { entId: who.entId, headers: who.headers, lang })
const RETURN = '/#/pages/paying/paying?PayID={PayID}'

/** A line of a goods without choices, priced as the menu says. */
const plain = (code: string, qua: string, price: string): OrderLineInput => ({
  GoodsID: gid(code),
  SkuID: '',
  PCode: '',
  MQua: qua,
  PQua: '0',
  Remarks: [],
  AddOns: [],
  Bom: [],
  Amount: new Decimal(price).times(qua).toFixed()
})

const takeaway = (lines: OrderLineInput[], extra: Record<string, unknown> = {}) => ({ ShopID: 'S101', BaseID: B201, ServiceType: 'takeaway', AppointedTime: '', Lines: lines, RequestKey: requestKey(), ...extra })

async function placeOrder(headers: Record<string, string>, lines: OrderLineInput[], extra: Record<string, unknown> = {}): Promise<{ SheetID: string; Amount: string; BusinessDay: string; PickupNo: string }> {
  return ok(await server.call('OrderSubmit', [takeaway(lines, extra)], { headers })).table1[0]
}

const balancePay = async (m: TestMember, sheetId: string) => {
  ok(await server.call('BalancePay', [{ SheetID: sheetId, RequestKey: `bp-${randomBytes(6).toString('hex')}` }], { headers: m.headers }))
}

const sandbox = () => server.providers.payments.get('sandbox') as SandboxPaymentProvider

/** PaySubmit through the sandbox: the payment's id. */
async function startSandbox(headers: Record<string, string>, sheetId: string): Promise<string> {
  return ok(await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: `pay-${randomBytes(8).toString('hex')}`, ReturnUrl: RETURN, Provider: 'sandbox' }], { headers })).table1[0].PayID
}

/** The payer approves on the sandbox's page (its notice is applied in-process). */
async function approve(payId: string): Promise<void> {
  const res = await server.app.inject({ method: 'POST', url: sandbox().pagePath(payId, '/approve'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode).toBeLessThan(400)
}

/** A round at a table of B201 (the first opens the bill). */
async function round(tableId: string, headers: Record<string, string>, lines: OrderLineInput[], sheetId?: string): Promise<{ sheetId: string; roundId: string }> {
  const QRCode = await tableCode(server.db, tableId)
  const where = { ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: lines }
  const res = ok(await server.call(sheetId ? 'MergeOrderSubmit' : 'MealPosOrderSubmit', [sheetId ? { ...where, SheetID: sheetId } : where], { headers }))
  return { sheetId: res.table1[0].SheetID, roundId: res.table2[0].SheetID }
}

const at = (base: number, seconds: number) => new Date(base + seconds * 1000).toISOString()

async function ticket(orderId: string, stationId: string, sentAt: number, bumpedAfterMs: number | null): Promise<void> {
  const order = await server.db.selectFrom('orders').select(['ent_id', 'shop_id', 'base_id']).where('order_id', '=', orderId).executeTakeFirstOrThrow()
  await server.db
    .insertInto('kitchen_tickets')
    .values({
      ticket_id: `KT${randomBytes(6).toString('hex')}`,
      ent_id: order.ent_id,
      shop_id: order.shop_id,
      base_id: order.base_id,
      station_id: stationId,
      order_id: orderId,
      status: bumpedAfterMs === null ? 'open' : 'bumped',
      created_at: new Date(sentAt).toISOString(),
      changed_at: null,
      bumped_at: bumpedAfterMs === null ? null : new Date(sentAt + bumpedAfterMs).toISOString(),
      bumped_by: '',
      acked_at: null
    })
    .execute()
}

interface Day {
  day: string
  ids: Record<string, string>
}
let today: Day

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
  const { token } = await createSetupLink(server.db, new Date())
  const row = ok(
    await server.call(
      'StaffSetupComplete',
      [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }],
      { entId: '' }
    )
  ).table1[0]
  other = { staffId: row.StaffID, entId: row.EntID, token: row.Token, role: 'owner', headers: { authorization: `Bearer ${row.Token}` } }
  today = await serviceOfTheDay()
}, 120_000)
afterAll(() => server?.close())

/** One day of B201 (and one order at B202), as diners, the sandbox, staff and the counter make it. */
async function serviceOfTheDay(): Promise<Day> {
  const [m1, m2, m3] = await Promise.all([makeMember(server.db, { balance: '500', name: 'Ana' }), makeMember(server.db, { name: 'Bo' }), makeMember(server.db, { balance: '100', name: 'Chan' })])

  // A: two soups and three egg tarts from the balance (80.00).
  const a = await placeOrder(m1.headers, [plain('F01', '2', '22'), plain('A03', '3', '12')])
  await balancePay(m1, a.SheetID)

  // K: two macaroni (64.00) with an 8-off card: 56.00 from the balance.
  const plan = ok(
    await as(owner, 'StaffCouponPlanCreate', {
      Code: 'DAY8',
      Names: { 'zh-CN': '八元券', 'zh-TW': '八元券', en: '8 off' },
      CouponType: 1,
      Amount: '8',
      DiscountRate: '',
      MinAmount: '40',
      MaxOff: '',
      ValidKind: 1,
      ValidDays: 14,
      ValidFrom: '',
      ValidTo: '',
      Claimable: 0,
      TotalQua: 10,
      PerMemberQua: 1,
      ShopIDs: 'S101',
      BaseIDs: '',
      ServiceTypes: '',
      GoodsIDs: '',
      ClassIDs: '',
      Reason: 'day report test'
    })
  ).table1[0]
  const card = ok(await as(owner, 'StaffCouponIssue', { PlanID: plan.PlanID, AreaCode: '853', Phone: m1.phone, Qua: 1, Reason: '' })).table1[0]
  const k = await placeOrder(m1.headers, [plain('C04', '2', '32')], { CardID: card.CardID })
  expect(k.Amount).toBe('56.00')
  await balancePay(m1, k.SheetID)

  // B: a basket of four har gow (36.00) through the sandbox; 5.00 of it refunded after sale.
  const b = await placeOrder(m2.headers, [(await clientLine(server, { code: 'E01', pack: 'BASKET4', qua: '1' })).input])
  expect(b.Amount).toBe('36.00')
  await approve(await startSandbox(m2.headers, b.SheetID))
  const request = ok(await server.call('AfterSaleSubmit', [{ SheetID: b.SheetID, Amount: '5', Reason: 'quality', Content: 'One was cold', RequestKey: requestKey() }], { headers: m2.headers })).table1[0]
  ok(await as(owner, 'StaffAfterSaleApprove', { AfterSaleID: request.AfterSaleID, Note: 'Sorry' }))

  // C: minchi rice (62.00) from the balance, then cancelled by the shop: all of it back.
  const c = await placeOrder(m3.headers, [plain('A05', '1', '62')])
  await balancePay(m3, c.SheetID)
  ok(await as(owner, 'StaffOrderCancel', { SheetID: c.SheetID, Reason: 'Out of rice' }))

  // L: an egg tart (12.00); the diner started two payments, the second paid, the first came after it and went back at once.
  const diner = device()
  const l = await placeOrder(diner.headers, [plain('A03', '1', '12')])
  const first = await startSandbox(diner.headers, l.SheetID)
  const second = await startSandbox(diner.headers, l.SheetID)
  await approve(second)
  // The first one's page no longer pays; the provider's notice that it was paid all the same arrives.
  const firstRow = await server.db.selectFrom('payments').selectAll().where('pay_id', '=', first).executeTakeFirstOrThrow()
  const notice = sandbox().signNotice({ payId: first, providerRef: firstRow.provider_ref, result: 'paid', amount: firstRow.amount, at: new Date().toISOString() })
  const noticed = await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: notice.body, headers: notice.headers })
  expect(noticed.json()).toMatchObject({ outcome: 'refunded' })
  const late = await server.db.selectFrom('payments').select('status').where('pay_id', '=', first).executeTakeFirstOrThrow()
  expect(Number(late.status)).toBe(PAYMENT_STATUS.REFUNDED)

  // Bill 1 (A04): a soup, then two har gow pieces from a second phone (41.00), paid online through the sandbox.
  const [p1, p2] = [device(), device()]
  const bill1 = await round('B201-A04', p1.headers, [plain('F01', '1', '22')])
  const bill1r2 = await round('B201-A04', p2.headers, [plain('E01', '2', '9.5')], bill1.sheetId)
  const settlement = ok(await server.call('PayLaterUpdate', [{ SheetID: bill1.sheetId }], { headers: p2.headers })).table2[0]
  expect(settlement.Amount).toBe('41.00')
  await approve(await startSandbox(p2.headers, settlement.SheetID))

  // Bill 2 (A05): two egg tarts (24.00), closed at the counter with no payment recorded.
  const bill2 = await round('B201-A05', device().headers, [plain('A03', '2', '12')])
  await closeSheet(server.db, 'E1001', bill2.sheetId, new Date(), true)

  // Bill 3 (A06): a macaroni (32.00) paid in cash at the counter, written as the counter records it
  // (issue 24 item 3): a payments row with provider 'cash' that pays the bill's settlement.
  const p3 = device()
  const bill3 = await round('B201-A06', p3.headers, [plain('C04', '1', '32')])
  const cashBill = ok(await server.call('PayLaterUpdate', [{ SheetID: bill3.sheetId }], { headers: p3.headers })).table2[0]
  await server.db.transaction().execute(async (trx) => {
    const now = new Date()
    await trx
      .insertInto('payments')
      .values({ pay_id: `PCASH${randomBytes(4).toString('hex')}`, ent_id: 'E1001', shop_id: 'S101', order_id: cashBill.SheetID, owner_key: '', request_key: `cash-${randomBytes(6).toString('hex')}`, provider: 'cash', amount: '32.00', status: PAYMENT_STATUS.PAID, provider_ref: '', return_url: '', created_at: now.toISOString(), settled_at: now.toISOString() })
      .execute()
    await markOrderPaid(trx, cashBill.SheetID, '32.00', now)
  })

  // Another branch of the shop: a soup at B202 (22.00).
  const elsewhere = await placeOrder(m1.headers, [plain('F01', '1', '22')], { BaseID: 'B202' })
  await balancePay(m1, elsewhere.SheetID)

  const sheets = await server.db.selectFrom('table_sheets').select(['sheet_id', 'status']).where('sheet_id', 'in', [bill1.sheetId, bill2.sheetId, bill3.sheetId]).execute()
  expect(sheets.map((s) => Number(s.status))).toEqual([ORDER_STATUS.COMPLETED, ORDER_STATUS.COMPLETED, ORDER_STATUS.COMPLETED])

  // The kitchen: stations and tickets bumped after known times (whatever the board made is replaced).
  await server.db.deleteFrom('kitchen_ticket_lines').execute()
  await server.db.deleteFrom('kitchen_tickets').execute()
  const made = new Date().toISOString()
  await server.db
    .insertInto('kitchen_stations')
    .values([
      { station_id: 'ST-WOK', ent_id: 'E1001', shop_id: 'S101', base_id: B201, name: 'Wok', sort: 1, created_at: made },
      { station_id: 'ST-DIM', ent_id: 'E1001', shop_id: 'S101', base_id: B201, name: 'Dim sum', sort: 2, created_at: made }
    ])
    .execute()
  const t0 = Date.now() - 3_600_000
  await ticket(a.SheetID, '', t0, 300_000)
  await ticket(l.SheetID, '', t0, 100_000)
  await ticket(k.SheetID, 'ST-WOK', t0, 240_000)
  await ticket(bill1.roundId, 'ST-WOK', t0, 390_000)
  await ticket(b.SheetID, 'ST-DIM', t0, 61_500)
  await ticket(bill1r2.roundId, 'ST-DIM', t0, null)
  await ticket(elsewhere.SheetID, '', t0, 999_000)

  const day = a.BusinessDay
  const days = await server.db.selectFrom('orders').select('business_day').distinct().where('ent_id', '=', 'E1001').where('kind', 'in', ['order', 'round']).execute()
  // The test ran across the shop's midnight: its figures would be split over two days.
  expect(days.map((d) => d.business_day)).toEqual([day])
  return { day, ids: { a: a.SheetID, k: k.SheetID, b: b.SheetID, c: c.SheetID, l: l.SheetID, elsewhere: elsewhere.SheetID } }
}

describe('the day report of a branch', () => {
  test('sales, refunds, net and coupons add up to what diners paid and got back', async () => {
    const report = ok(await as(owner, 'DayReportGet', { BaseID: B201, Day: today.day }))
    expect(report.table1[0]).toEqual({
      Day: today.day,
      ShopID: 'S101',
      BaseID: B201,
      BaseIDs: B201,
      Currency: 'MOP$',
      AmoPoint: 2,
      // A 80 + K 56 + B 36 + C 62 + L 12; bills 41 + 24 + 32.
      Sales: 8,
      SalesAmount: '343.00',
      OrderSales: 5,
      OrderSalesAmount: '246.00',
      BillSales: 3,
      BillSalesAmount: '97.00',
      // C's 62.00 and B's 5.00.
      Refunds: 2,
      RefundAmount: '67.00',
      NetAmount: '276.00',
      CouponOrders: 1,
      CouponAmount: '8.00',
      BumpedTickets: 5,
      MadeAt: expect.any(String)
    })
  })

  test('payments by method name every provider and add up to the sales; the late payment is in neither', async () => {
    const { table2 } = ok(await as(owner, 'DayReportGet', { BaseID: B201, Day: today.day }))
    expect(table2).toEqual([
      { Provider: 'balance', Payments: 3, Amount: '198.00', Refunds: 1, RefundAmount: '62.00', NetAmount: '136.00' },
      { Provider: 'sandbox', Payments: 3, Amount: '89.00', Refunds: 1, RefundAmount: '5.00', NetAmount: '84.00' },
      { Provider: 'cash', Payments: 1, Amount: '32.00', Refunds: 0, RefundAmount: '0.00', NetAmount: '32.00' },
      { Provider: '', Payments: 1, Amount: '24.00', Refunds: 0, RefundAmount: '0.00', NetAmount: '24.00' }
    ])
  })

  test('refunds made that day, oldest first, with their orders', async () => {
    const { table3 } = ok(await as(owner, 'DayReportGet', { BaseID: B201, Day: today.day }))
    expect(table3).toEqual([
      expect.objectContaining({ Kind: 'aftersale', OrderID: today.ids.b, OrderDay: today.day, BaseID: B201, Provider: 'sandbox', Amount: '5.00', TableName: '' }),
      expect.objectContaining({ Kind: 'cancel', OrderID: today.ids.c, OrderDay: today.day, BaseID: B201, Provider: 'balance', Amount: '62.00' })
    ])
    expect(table3[1].PickupNo).toMatch(/^\d+$/)
  })

  test('goods sold, most first, in main units, from standing orders and the bills’ rounds (not the cancelled order, not the coupon)', async () => {
    const { table4 } = ok(await as(owner, 'DayReportGet', { BaseID: B201, Day: today.day }))
    expect(table4.map((g: { GoodsID: string; Qua: string; Amount: string; Lines: number; Names: { en: string }; Units: { en: string } }) => [g.GoodsID, g.Names.en, g.Qua, g.Units.en, g.Amount, g.Lines])).toEqual([
      // 3 (A) + 1 (L) + 2 (bill 2) egg tarts.
      [gid('A03'), 'Portuguese Egg Tart', '6', 'piece', '72.00', 3],
      // A basket of four (B) + two pieces (bill 1).
      [gid('E01'), 'Har Gow (Shrimp Dumplings)', '6', 'piece', '55.00', 2],
      [gid('C04'), 'Macaroni with Ham in Soup', '3', 'bowl', '96.00', 2],
      [gid('F01'), 'Soup of the Day', '3', 'bowl', '66.00', 2]
    ])
  })

  test('average preparation time per station, from bumped tickets only', async () => {
    const { table5 } = ok(await as(owner, 'DayReportGet', { BaseID: B201, Day: today.day }))
    expect(table5).toEqual([
      { ShopID: 'S101', BaseID: B201, StationID: '', StationName: '', Tickets: 2, AverageSeconds: 200, LongestSeconds: 300 },
      { ShopID: 'S101', BaseID: B201, StationID: 'ST-WOK', StationName: 'Wok', Tickets: 2, AverageSeconds: 315, LongestSeconds: 390 },
      // 61.5 s rounds half up.
      { ShopID: 'S101', BaseID: B201, StationID: 'ST-DIM', StationName: 'Dim sum', Tickets: 1, AverageSeconds: 62, LongestSeconds: 62 }
    ])
  })

  test('another day of the branch has nothing', async () => {
    const report = ok(await as(owner, 'DayReportGet', { BaseID: B201, Day: '2020-01-01' }))
    expect(report.table1[0]).toMatchObject({ Sales: 0, SalesAmount: '0.00', Refunds: 0, NetAmount: '0.00', BumpedTickets: 0 })
    expect([report.table2, report.table3, report.table4, report.table5]).toEqual([[], [], [], []])
  })
})

describe('scope', () => {
  test("a shop's report covers its branches; a manager of one branch sees only it and is refused the other", async () => {
    const shop = ok(await as(owner, 'DayReportGet', { BaseID: '', ShopID: 'S101', Day: today.day })).table1[0]
    expect(shop).toMatchObject({ ShopID: 'S101', BaseID: '', BaseIDs: 'B201,B202', Sales: 9, SalesAmount: '365.00', NetAmount: '298.00', BumpedTickets: 6 })
    const everything = ok(await as(owner, 'DayReportGet', { BaseID: '', Day: today.day })).table1[0]
    expect(everything).toMatchObject({ BaseIDs: 'B201,B202,B203', Sales: 9, SalesAmount: '365.00' })

    const b201 = await personWithRole(server, owner, 'manager', { shopIds: 'S101', baseIds: B201 })
    const mine = ok(await as(b201, 'DayReportGet', { BaseID: '', Day: today.day }))
    expect(mine.table1[0]).toMatchObject({ BaseIDs: B201, Sales: 8, SalesAmount: '343.00' })
    expect(mine.table5.map((s: { BaseID: string }) => s.BaseID)).not.toContain('B202')
    expect(codes(await as(b201, 'DayReportGet', { BaseID: 'B202', Day: today.day }))).toBe('10013/')
    expect(codes(await as(b201, 'DayReportExport', { BaseID: 'B202', Day: today.day }))).toBe('10013/')

    const s102 = await personWithRole(server, owner, 'manager', { shopIds: 'S102' })
    expect(codes(await as(s102, 'DayReportGet', { BaseID: '', ShopID: 'S101', Day: today.day }))).toBe('10013/')
    expect(ok(await as(s102, 'DayReportGet', { BaseID: '', Day: today.day })).table1[0]).toMatchObject({ BaseIDs: 'B203', Sales: 0 })
  })

  test("another enterprise's branches are not found, and its own day never shows ours (nor ours its)", async () => {
    expect(codes(await as(other, 'DayReportGet', { BaseID: B201, Day: today.day }))).toBe('0/20004')
    expect(codes(await as(other, 'DayReportGet', { BaseID: '', ShopID: 'S101', Day: today.day }))).toBe('0/20003')
    // A branch of theirs with a cash sale of 999.00 and a bumped ticket on the same day.
    const now = new Date()
    await server.db.insertInto('shops').values({ shop_id: 'SX1', ent_id: other.entId, code: 'x1', names: JSON.stringify({ 'zh-CN': 'X', 'zh-TW': 'X', en: 'X' }), user_id: '', user_name: '', user_code: '', pos_type: 2, mina_app_id: '', mina_id: '', qr_code: '', address: '', phone: '', is_enable: 1 }).execute()
    await server.db
      .insertInto('bases')
      .values({ base_id: 'BX1', ent_id: other.entId, shop_id: 'SX1', code: 'x1', names: JSON.stringify({ 'zh-CN': 'X', 'zh-TW': 'X', en: 'X' }), business_mode: '0', cy_type: '0', weekday: '1,2,3,4,5,6,7', online_begin_time: '', online_end_time: '', begin_time: '00:00', end_time: '23:59', dtb_duration: 0, cooking_time_duration: 0, web_order_duration: 60, address: '', phone: '', lng: 0, lat: 0 })
      .execute()
    const orderId = await paidRow({ entId: other.entId, shopId: 'SX1', baseId: 'BX1', day: today.day, amount: '999.00', provider: 'cash', at: now.toISOString() })
    await server.db.insertInto('kitchen_tickets').values({ ticket_id: 'KTX1', ent_id: other.entId, shop_id: 'SX1', base_id: 'BX1', station_id: '', order_id: orderId, status: 'bumped', created_at: at(now.getTime(), -60), bumped_at: now.toISOString(), bumped_by: '', acked_at: null, changed_at: null }).execute()

    const theirs = ok(await as(other, 'DayReportGet', { BaseID: '', Day: today.day }))
    expect(theirs.table1[0]).toMatchObject({ BaseIDs: 'BX1', Sales: 1, SalesAmount: '999.00', Refunds: 0, BumpedTickets: 1 })
    expect(theirs.table2).toEqual([{ Provider: 'cash', Payments: 1, Amount: '999.00', Refunds: 0, RefundAmount: '0.00', NetAmount: '999.00' }])
    const ours = ok(await as(owner, 'DayReportGet', { BaseID: '', Day: today.day }))
    expect(ours.table1[0]).toMatchObject({ Sales: 9, SalesAmount: '365.00', BumpedTickets: 6 })
    expect(ours.table2.map((p: { Amount: string }) => p.Amount)).not.toContain('999.00')
    expect(codes(await as(owner, 'DayReportGet', { BaseID: 'BX1', Day: today.day }))).toBe('0/20004')
  })

  test('cashiers and the kitchen are refused (10013); a bad day is refused (10007)', async () => {
    for (const role of ['cashier', 'kitchen'] as const) {
      const person = await personWithRole(server, owner, role, { shopIds: 'S101' })
      expect(codes(await as(person, 'DayReportGet', { BaseID: B201, Day: today.day }))).toBe('10013/')
      expect(codes(await as(person, 'DayReportExport', { BaseID: B201, Day: today.day }))).toBe('10013/')
    }
    for (const Day of ['2026-02-30', '26-11-28', 'today', ' - ']) expect(codes(await as(owner, 'DayReportGet', { BaseID: B201, Day }))).toBe('10007/')
  })
})

/** An orders row paid at `at` with one payment (a fixed day's data, written directly). */
let pickup = 100

async function paidRow(o: { entId?: string; shopId?: string; baseId: string; day: string; amount: string; provider: string; at: string }): Promise<string> {
  const orderId = `ODR${randomBytes(5).toString('hex')}`
  const pickupNo = String(++pickup)
  await server.db
    .insertInto('orders')
    .values({
      order_id: orderId, ent_id: o.entId ?? 'E1001', shop_id: o.shopId ?? 'S101', base_id: o.baseId, table_id: '', table_sheet_id: '', round_no: 0, kind: 'order', owner_key: '', vip_id: '',
      request_key: `rk-${orderId}`, request_hash: 'test', pay_mode: 'prepay', service_type: 'takeaway', posi_type: 7, status: ORDER_STATUS.PAID, pickup_no: pickupNo, business_day: o.day,
      appointed_time: '', remarks: '', locale: 'en', goods_amount: o.amount, bag_qua: 0, bag_fee: '0', freight: '0', amount: o.amount, paid_amount: o.amount, contact: '', phone: '', address: '',
      created_at: o.at, expires_at: null, paid_at: o.at, ready_at: null, completed_at: null, cancelled_at: null, delivery_lat: 0, delivery_lng: 0, card_id: '', coupon_name: '', coupon_amount: '0'
    })
    .execute()
  await server.db
    .insertInto('payments')
    .values({ pay_id: `P${orderId}`, ent_id: o.entId ?? 'E1001', shop_id: o.shopId ?? 'S101', order_id: orderId, owner_key: '', request_key: `pay-${orderId}`, provider: o.provider, amount: o.amount, status: PAYMENT_STATUS.PAID, provider_ref: '', return_url: '', created_at: o.at, settled_at: o.at })
    .execute()
  return orderId
}

describe('the business day of a refund', () => {
  test('a refund counts on the day it was made by the branch’s hours (past midnight on the evening before), whatever day its order was', async () => {
    // B202 open 11:00–03:00 (Macau, UTC+8). An order of 9 March refunded at 01:30 on 10 March (still
    // 9 March's business day) and another at 04:00 on 10 March (10 March's).
    await setHours(server.db, 'B202', '11:00', '03:00')
    try {
      const early = await paidRow({ baseId: 'B202', day: '2026-03-09', amount: '30.00', provider: 'card', at: '2026-03-09T12:00:00.000Z' })
      const late = await paidRow({ baseId: 'B202', day: '2026-03-09', amount: '20.00', provider: 'card', at: '2026-03-09T12:30:00.000Z' })
      const lateNo = (await server.db.selectFrom('orders').select('pickup_no').where('order_id', '=', late).executeTakeFirstOrThrow()).pickup_no
      const refund = async (orderId: string, amount: string, madeAt: string) => {
        const id = `AS${randomBytes(4).toString('hex')}`
        await server.db
          .insertInto('after_sales')
          .values({ after_sale_id: id, ent_id: 'E1001', vip_id: '', order_id: orderId, request_key: `as-${id}`, status: 2, whole_order: 0, reason: 'quality', content: '', amount, refunded_amount: amount, file_ids: '[]', shop_note: '', points_reversed: 0, created_at: madeAt, decided_at: madeAt, refunded_at: madeAt, updated_at: madeAt })
          .execute()
        await server.db.insertInto('after_sale_refunds').values({ after_sale_id: id, pay_id: `P${orderId}`, provider: 'card', amount, refund_ref: `R${id}`, created_at: madeAt }).execute()
      }
      await refund(early, '4.50', '2026-03-09T17:30:00.000Z') // 01:30 on 10 March in Macau
      await refund(late, '3.00', '2026-03-09T20:00:00.000Z') // 04:00 on 10 March

      const ninth = ok(await as(owner, 'DayReportGet', { BaseID: 'B202', Day: '2026-03-09' }))
      expect(ninth.table1[0]).toMatchObject({ Sales: 2, SalesAmount: '50.00', Refunds: 1, RefundAmount: '4.50', NetAmount: '45.50' })
      expect(ninth.table2).toEqual([{ Provider: 'card', Payments: 2, Amount: '50.00', Refunds: 1, RefundAmount: '4.50', NetAmount: '45.50' }])
      const tenth = ok(await as(owner, 'DayReportGet', { BaseID: 'B202', Day: '2026-03-10' }))
      expect(tenth.table1[0]).toMatchObject({ Sales: 0, SalesAmount: '0.00', Refunds: 1, RefundAmount: '3.00', NetAmount: '-3.00' })
      expect(tenth.table3).toEqual([expect.objectContaining({ Kind: 'aftersale', OrderID: late, OrderDay: '2026-03-09', Provider: 'card', Amount: '3.00' })])
      expect(tenth.table2).toEqual([{ Provider: 'card', Payments: 0, Amount: '0.00', Refunds: 1, RefundAmount: '3.00', NetAmount: '-3.00' }])

      // The CSV keeps a negative net a number.
      const csv = ok(await as(owner, 'DayReportExport', { BaseID: 'B202', Day: '2026-03-10' })).table1[0].Csv as string
      expect(csv.split('\r\n')).toContain('Net (sales − refunds),,-3.00')
      expect(csv.split('\r\n')).toContain(`2026-03-10 04:00:00,After-sale refund,${late},${lateNo},,2026-03-09,Lotus Tea House: Lotus Tea House (Taipa),Card,3.00`)
    } finally {
      await setHours(server.db, 'B202', '00:00', '23:59')
    }
  })
})

describe('the business day running now (Day \'\')', () => {
  const names = { 'zh-CN': '', 'zh-TW': '', en: '' }
  const branch = (baseId: string, beginTime: string, endTime: string): ReportBranch => ({ baseId, shopId: 'S101', beginTime, endTime, names, shopNames: names })

  test('in the small hours a branch open past midnight is still on the day before; of several branches the earliest; with none the date', () => {
    const lateNight = branch(B201, '18:00', '02:00')
    const daytime = branch('B202', '10:00', '22:00')
    // 01:30 on 10 March in Macau (UTC+8).
    const smallHours = new Date('2026-03-09T17:30:00.000Z')
    expect(runningBusinessDay([lateNight], 'Asia/Macau', smallHours)).toBe('2026-03-09')
    expect(runningBusinessDay([daytime], 'Asia/Macau', smallHours)).toBe('2026-03-10')
    expect(runningBusinessDay([daytime, lateNight], 'Asia/Macau', smallHours)).toBe('2026-03-09')
    expect(runningBusinessDay([], 'Asia/Macau', smallHours)).toBe('2026-03-10')
    // 08:00: the late branch's night is over.
    expect(runningBusinessDay([lateNight], 'Asia/Macau', new Date('2026-03-10T00:00:00.000Z'))).toBe('2026-03-10')
  })

  test('the report of that day: at 01:30 a branch open 18:00–02:00 reports the evening before, and says so', async () => {
    const paid = await paidRow({ baseId: 'B202', day: '2026-04-01', amount: '18.00', provider: 'cash', at: '2026-04-01T15:00:00.000Z' })
    const report = await dayReport(server.db, { entId: 'E1001', branches: [branch('B202', '18:00', '02:00')], day: '', now: new Date('2026-04-01T17:30:00.000Z') })
    expect(report.summary).toMatchObject({ Day: '2026-04-01', Sales: 1, SalesAmount: '18.00' })
    expect(paid).toBeTruthy()
  })

  test('through the gateway: Day \'\' answers the branch’s running day in table1, and the CSV is named by it', async () => {
    const before = wallClockIn('Asia/Macau', new Date()).date
    const report = ok(await as(owner, 'DayReportGet', { BaseID: B201, Day: '' }))
    const after = wallClockIn('Asia/Macau', new Date()).date
    // B201 is open all day here: its running day is the date in Macau.
    expect([before, after]).toContain(report.table1[0].Day)
    const csv = ok(await as(owner, 'DayReportExport', { BaseID: B201, Day: '' })).table1[0]
    expect(csv.FileName).toBe(`day-report-${report.table1[0].Day}-${B201}.csv`)
  })
})

describe('CSV export', () => {
  test('the same figures, section by section, in the caller’s language, with formula-like text escaped', async () => {
    const file = ok(await as(owner, 'DayReportExport', { BaseID: B201, Day: today.day })).table1[0]
    expect(file.FileName).toBe(`day-report-${today.day}-${B201}.csv`)
    const lines = (file.Csv as string).split('\r\n')
    expect(lines.slice(0, 2)).toEqual(['Day report', `Business day,${today.day}`])
    for (const line of [
      'Sales,8,343.00',
      'Prepaid orders,5,246.00',
      'Table bills settled,3,97.00',
      'Refunds,2,67.00',
      'Net (sales − refunds),,276.00',
      'Coupon discounts,1,8.00',
      'Method,Count,Amount,Refunds,Refunded,Net',
      'Member balance,3,198.00,1,62.00,136.00',
      'Sandbox (test),3,89.00,1,5.00,84.00',
      'Cash,1,32.00,0,0.00,32.00',
      'No payment recorded,1,24.00,0,0.00,24.00',
      'Portuguese Egg Tart,6,piece,72.00,3',
      'Lotus Tea House: Lotus Tea House (Senado Square),Wok,2,315,390',
      'Lotus Tea House: Lotus Tea House (Senado Square),Kitchen (no station),2,200,300'
    ]) {
      expect(lines).toContain(line)
    }

    const zh = ok(await as(owner, 'DayReportExport', { BaseID: B201, Day: today.day }, 'zh-TW')).table1[0].Csv as string
    expect(zh.split('\r\n')).toEqual(expect.arrayContaining(['日結報表', '現金,1,32.00,0,0.00,32.00', '會員餘額,3,198.00,1,62.00,136.00', '葡撻,6,件,72.00,3']))

    // A goods named like a formula is written as text.
    await server.db.updateTable('goods').set({ names: JSON.stringify({ 'zh-CN': '=1+1', 'zh-TW': '=1+1', en: '=HYPERLINK("http://x.example","tart")' }) }).where('goods_id', '=', gid('A03')).execute()
    const escaped = ok(await as(owner, 'DayReportExport', { BaseID: B201, Day: today.day })).table1[0].Csv as string
    expect(escaped.split('\r\n')).toContain(`"'=HYPERLINK(""http://x.example"",""tart"")",6,piece,72.00,3`)
    expect(escaped).not.toMatch(/(^|\r\n|,)=/)
  })
})
