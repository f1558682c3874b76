/**
 * Front of house (issue 24 item 3) through the real gateway on the demo menus, SQLite and (with
 * DATABASE_URL) PostgreSQL: the floor (tables with their bills, orders waiting), payments taken at
 * the counter (cash with change, card, partial then full closing the bill, a prepay order paid and
 * sent to the kitchen, retries, overpaying refused), closing a bill with money due (a reason and a
 * manager), moving and merging tables (the kitchen's tickets keep their ids and show the new
 * table; never a second ticket), cancelling a line (a cashier needs a manager's PIN: wrong PINs
 * counted and locked; approved: the ticket shows it cancelled, totals and stock follow, the audit
 * names both), the orders list showing paid table bills, a round's 'ready', scope.
 */
import { Decimal } from '../../src/core/money'
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import type { CounterTableRow } from '../../src/gateway/counter-contract'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { issueMemberCode } from '../../server/src/domain/wallet/member-code'
import { makeMember } from './helpers/member-fixtures'
import { clientLine, gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { addPerson, newPhone, ownerOf, pairDevice, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { listen, openStream } from './helpers/sse-client'
import { expireDueOrders } from '../../server/src/domain/orders/order-state'
import { BRANCH_VOUCHER_TRIES, COUNTER_VOUCHER_TRIES } from '../../server/src/domain/counter/counter-member.service'
import { wallClockIn } from '../../src/core/wall-clock'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let manager: StaffSession
let managerId: string
let cashier: StaffSession
let cashierB202: StaffSession
let other: StaffSession
const MANAGER_PIN = '2468'
let tables: Record<string, { id: string; qr: string }> = {}
let seq = 0

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.insertInto('enterprise_settings').values({ ent_id: 'E1001', parm_id: 'KitchenLocale', parm_value: 'en' }).execute()
  owner = await ownerOf(server)
  const m = await addPerson(server, owner, 'manager', { shopIds: 'S101', baseIds: 'B201', pin: MANAGER_PIN, name: 'Manager Mia' })
  managerId = m.staffId
  manager = await personWithRole(server, owner, 'manager', { shopIds: 'S101', baseIds: 'B201' })
  cashier = await cashierOnDevice('Cashier Cai', '1357')
  cashierB202 = await personWithRole(server, owner, 'cashier', { shopIds: 'S101', baseIds: 'B202' })
  const { token } = await createSetupLink(server.db, new Date())
  const row = ok(
    await server.call(
      'StaffSetupComplete',
      [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }],
      { entId: '' }
    )
  ).table1[0]
  other = { staffId: row.StaffID, entId: row.EntID, token: row.Token, role: 'owner', headers: { authorization: `Bearer ${row.Token}` } }
  ok(await as(owner, 'TablesAdd', { BaseID: 'B201', Pattern: 'C01-C16', Area: 'Patio' }))
  const rows = await server.db.selectFrom('dining_tables').select(['table_id', 'code', 'qr_code']).where('base_id', '=', 'B201').where('code', 'like', 'C%').execute()
  tables = Object.fromEntries(rows.map((r) => [r.code, { id: r.table_id, qr: r.qr_code ?? '' }]))
}, 90_000)
afterAll(() => server?.close())

/** A cashier signed in with their PIN on a paired counter tablet of B201 (how a cashier works). */
async function cashierOnDevice(name: string, pin: string): Promise<StaffSession> {
  const person = await addPerson(server, owner, 'cashier', { shopIds: 'S101', baseIds: 'B201', pin, name })
  const { deviceToken } = await pairDevice(server, owner)
  const device = { 'x-staff-device': deviceToken }
  const row = ok(await server.call('StaffPinLogin', [{ StaffID: person.staffId, Pin: pin }], { entId: 'E1001', headers: device })).table1[0]
  return { staffId: person.staffId, entId: 'E1001', token: row.Token, role: 'cashier', headers: { authorization: `Bearer ${row.Token}`, ...device } }
}

const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })
const codeOf = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const phone = () => ({ 'X-Device-Key': `counter-phone-${++seq}-0123456789` })

async function priceOf(code: string): Promise<string> {
  return (await server.db.selectFrom('goods').select('price').where('goods_id', '=', gid(code)).executeTakeFirstOrThrow()).price
}

/** A round at a table of B201 (C01…), as a diner's phone sends it. */
async function round(code: string, lines: { code: string; qua: string }[], headers = phone()) {
  const t = tables[code]
  const priced = await Promise.all(lines.map(async (l) => ({ GoodsID: gid(l.code), SkuID: '', PCode: '', MQua: l.qua, PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: new Decimal(await priceOf(l.code)).times(l.qua).toFixed() })))
  const data = ok(await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: 'B201', TableID: t.id, QRCode: t.qr, ServiceType: 'dinein', RequestKey: requestKey(), Lines: priced }], { headers }))
  return { sheetId: data.table1[0].SheetID as string, roundId: data.table2[0].SheetID as string, headers }
}

const floor = async (who = cashier) => ok(await as(who, 'CounterFloorGet', { BaseID: 'B201' }))
const tableOf = async (code: string, who = cashier): Promise<CounterTableRow> => (await floor(who)).table1.find((t: CounterTableRow) => t.TableName === code)
const lastEventId = async () => Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', 'E1001').executeTakeFirst())?.last_id ?? 0)
const eventsAfter = async (id: number) =>
  (await server.db.selectFrom('events').select(['id', 'kind', 'payload', 'shop_id', 'base_id', 'sheet_id']).where('ent_id', '=', 'E1001').where('id', '>', id).orderBy('id').execute()).map(
    (e) => ({ kind: e.kind, payload: JSON.parse(e.payload), place: { shopId: e.shop_id, baseId: e.base_id, sheetId: e.sheet_id } })
  )
const ticketsOfOrder = async (orderId: string): Promise<KitchenTicketRow[]> =>
  (ok(await as(owner, 'KitchenBoardGet', { BaseID: 'B201', StationID: '*' })).table1 as KitchenTicketRow[]).filter((t) => t.OrderID === orderId)
const pay = (who: StaffSession, record: Record<string, unknown>) => as(who, 'CounterPaymentRecord', { RequestKey: requestKey(), ...record })
const audits = (action: string, targetId: string) => server.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', targetId).orderBy('at').execute()

describe('the floor', () => {
  test('every table with its open bill (rounds, lines, kitchen stage, due) and the orders waiting, with the stream position', async () => {
    const before = await lastEventId()
    const r = await round('C01', [
      { code: 'F01', qua: '2' },
      { code: 'E01', qua: '1' }
    ])
    const expected = new Decimal(await priceOf('F01')).times(2).plus(await priceOf('E01')).toFixed(2)
    const read = await floor()
    expect(read.table3[0].Position).toBeGreaterThan(before)
    expect(read.table3[0].AmoPoint).toBe(2)
    // Who may approve a void here: owners and managers of the branch with a PIN (not cashiers, not a manager without one).
    const approvers = read.table4.map((a: { StaffID: string }) => a.StaffID)
    expect(approvers).toContain(managerId)
    expect(approvers).not.toContain(cashier.staffId)
    expect(approvers).not.toContain(manager.staffId)
    const c01 = read.table1.find((t: CounterTableRow) => t.TableName === 'C01') as CounterTableRow
    expect(c01).toMatchObject({ TableID: tables.C01.id, Area: 'Patio', InService: 1 })
    expect(c01.Bill).toMatchObject({ SheetID: r.sheetId, RoundCount: 1, Amount: expected, PaidAmount: '0.00', Due: expected, KitchenStage: 'preparing', Payments: [] })
    expect(c01.Bill!.Rounds).toHaveLength(1)
    expect(c01.Bill!.Rounds[0]).toMatchObject({ RoundID: r.roundId, RoundNo: 1, KitchenStage: 'preparing' })
    // Named in the restaurant's language (KitchenLocale en), with what went to the kitchen.
    expect(c01.Bill!.Rounds[0].Lines.map((l) => [l.LineNo, l.Qua, l.SentQua, l.Cancelled])).toEqual([
      [1, '2', '2', 0],
      [2, '1', '1', 0]
    ])
    expect(c01.Bill!.Rounds[0].Lines[0].GoodsName).toMatch(/soup/i)
    // A free table is listed, without a bill.
    expect(read.table1.find((t: CounterTableRow) => t.TableName === 'C16').Bill).toBeNull()
    // The round placed told the counter: the table's bill as it is now.
    const events = await eventsAfter(before)
    const billEvent = events.find((e) => e.kind === 'bill.changed' && e.payload.table.TableID === tables.C01.id)
    expect(billEvent?.payload.table.Bill.Amount).toBe(expected)
    // For the table's own branch and the bill diners at it read (their streams pick events by both).
    expect(billEvent?.place).toEqual({ shopId: 'S101', baseId: 'B201', sheetId: r.sheetId })

    // A prepay order awaiting payment waits at the counter; the placing told the counter.
    const mark = await lastEventId()
    const order = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('1')]), RequestKey: requestKey() }], { headers: phone() })).table1[0]
    const waiting = (await floor()).table2.find((o: { OrderID: string }) => o.OrderID === order.SheetID)
    expect(waiting).toMatchObject({ Status: ORDER_STATUS.AWAITING_PAYMENT, Due: waiting.Amount, KitchenStage: '', ServiceType: 'takeaway' })
    expect(waiting.Lines).toHaveLength(1)
    expect((await eventsAfter(mark)).map((e) => [e.kind, e.payload.order?.OrderID])).toEqual([['counter.order', order.SheetID]])
  })
})

describe('payments at the counter', () => {
  test('cash with change pays the bill in full: it closes, its rounds complete, the payment is a cash payment with the change in the audit', async () => {
    const r = await round('C02', [{ code: 'F01', qua: '2' }])
    const due = (await tableOf('C02')).Bill!.Due
    const tendered = new Decimal(due).plus('50').toFixed(2)
    const mark = await lastEventId()
    const res = ok(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: due, Tendered: tendered, Note: 'table C02' })).table1[0]
    expect(res.Payment).toMatchObject({ SheetID: r.sheetId, Method: 'cash', Amount: due, Tendered: tendered, Change: '50.00', StaffName: 'Cashier Cai' })
    expect(res).toMatchObject({ Settled: 1, Replayed: 0, Order: null })
    expect(res.Table).toMatchObject({ TableName: 'C02', Bill: null })
    const sheet = await server.db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', r.sheetId).executeTakeFirstOrThrow()
    expect(sheet).toMatchObject({ status: ORDER_STATUS.COMPLETED, paid_amount: due })
    expect((await server.db.selectFrom('orders').select('status').where('order_id', '=', r.roundId).executeTakeFirstOrThrow()).status).toBe(ORDER_STATUS.COMPLETED)
    const payment = await server.db.selectFrom('payments').selectAll().where('pay_id', '=', res.Payment.PayID).executeTakeFirstOrThrow()
    expect(payment).toMatchObject({ provider: 'cash', amount: due, status: PAYMENT_STATUS.PAID })
    const [audit] = await audits('counter.payment', r.sheetId)
    expect(audit.staff_id).toBe(cashier.staffId)
    expect(JSON.parse(audit.detail)).toMatchObject({ method: 'cash', amount: due, tendered, change: '50.00', dueBefore: due, closed: true })
    expect(audit.reason).toBe('table C02')
    const kinds = (await eventsAfter(mark)).map((e) => e.kind)
    expect(kinds).toContain('payment.recorded')
    expect(kinds).toContain('bill.changed')
    // Paid table bills are listed with every other payment: the bill's payment is a paid row, its round shows paid.
    const list = ok(await as(manager, 'StaffOrderList', { BaseID: 'B201', PageSize: 100 })).table1
    expect(list.find((o: { SheetID: string }) => o.SheetID === payment.order_id)).toMatchObject({ Status: ORDER_STATUS.PAID, PaidAmount: due, TableSheetID: r.sheetId, TableName: expect.any(String) })
    expect(list.find((o: { SheetID: string }) => o.SheetID === r.roundId)).toMatchObject({ PaidAmount: due })
    const paidOnly = ok(await as(manager, 'StaffOrderList', { BaseID: 'B201', Status: ORDER_STATUS.PAID, PageSize: 100 })).table1
    expect(paidOnly.map((o: { SheetID: string }) => o.SheetID)).toContain(payment.order_id)
  })

  test('card in part, then cash for the rest: the payments add up and the last one closes the bill', async () => {
    const r = await round('C03', [{ code: 'F01', qua: '3' }])
    const due = new Decimal((await tableOf('C03')).Bill!.Due)
    const first = ok(await pay(cashier, { SheetID: r.sheetId, Method: 'card', Amount: '10' })).table1[0]
    expect(first).toMatchObject({ Settled: 0 })
    expect(first.Table.Bill).toMatchObject({ PaidAmount: '10.00', Due: due.minus(10).toFixed(2) })
    expect(first.Table.Bill.Payments.map((p: { Method: string; Amount: string; Tendered: string }) => [p.Method, p.Amount, p.Tendered])).toEqual([['card', '10.00', '10.00']])
    // Overpaying is refused, card or cash; cash may be tendered above the amount, not below it.
    expect(codeOf(await pay(cashier, { SheetID: r.sheetId, Method: 'card', Amount: due.toFixed(2) }))).toBe('0/21400')
    expect(codeOf(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: due.toFixed(2), Tendered: '500' }))).toBe('0/21400')
    expect(codeOf(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: '5', Tendered: '4' }))).toBe('0/21401')
    expect(codeOf(await pay(cashier, { SheetID: r.sheetId, Method: 'card', Amount: '5', Tendered: '6' }))).toBe('0/21401')
    expect(codeOf(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: '0' }))).toBe('0/21401')
    expect(codeOf(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: '1.005' }))).toBe('0/21401')
    const rest = due.minus(10).toFixed(2)
    const last = ok(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: rest, Tendered: '100' })).table1[0]
    expect(last).toMatchObject({ Settled: 1, Table: { Bill: null } })
    expect(last.Payment.Change).toBe(new Decimal(100).minus(rest).toFixed(2))
    const paid = await server.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.order_id', 'p.order_id')
      .select(['p.provider', 'p.amount'])
      .where('o.table_sheet_id', '=', r.sheetId)
      .orderBy('p.created_at')
      .execute()
    expect(paid.map((p) => [p.provider, p.amount])).toEqual([
      ['card', '10.00'],
      ['cash', rest]
    ])
    expect((await server.db.selectFrom('table_sheets').select(['status', 'paid_amount']).where('sheet_id', '=', r.sheetId).executeTakeFirstOrThrow())).toEqual({ status: ORDER_STATUS.COMPLETED, paid_amount: due.toFixed(2) })
    // A closed bill takes no more payments.
    expect(codeOf(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: '1' }))).toBe(`0/${RESULTCODES.SHEET_CLOSED}`)
  })

  test('a retry with the same RequestKey answers the first payment; the key with other content is refused', async () => {
    const r = await round('C04', [{ code: 'F01', qua: '2' }])
    const key = requestKey()
    const record = { SheetID: r.sheetId, Method: 'cash', Amount: '20', Tendered: '50', RequestKey: key }
    const [a, b] = await Promise.all([as(cashier, 'CounterPaymentRecord', record), as(cashier, 'CounterPaymentRecord', record)])
    const first = ok(a).table1[0]
    const second = ok(b).table1[0]
    expect(second.Payment.PayID).toBe(first.Payment.PayID)
    expect([first.Replayed, second.Replayed].sort()).toEqual([0, 1])
    const again = ok(await as(cashier, 'CounterPaymentRecord', record)).table1[0]
    expect(again).toMatchObject({ Replayed: 1, Payment: { PayID: first.Payment.PayID, Change: '30.00' } })
    const rows = await server.db.selectFrom('counter_payments').select('pay_id').where('sheet_id', '=', r.sheetId).execute()
    expect(rows).toHaveLength(1)
    expect((await tableOf('C04')).Bill!.PaidAmount).toBe('20.00')
    expect(codeOf(await as(cashier, 'CounterPaymentRecord', { ...record, Amount: '21' }))).toBe(`0/${RESULTCODES.REQUEST_KEY_REUSED}`)
  })

  test('a prepay order awaiting payment is paid whole at the counter: it gets its pickup number and goes to the kitchen', async () => {
    const order = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('2')]), RequestKey: requestKey() }], { headers: phone() })).table1[0]
    expect(await ticketsOfOrder(order.SheetID)).toHaveLength(0)
    expect(codeOf(await pay(cashier, { SheetID: order.SheetID, Method: 'card', Amount: '1' }))).toBe('0/21401')
    const res = ok(await pay(cashier, { SheetID: order.SheetID, Method: 'cash', Amount: order.Amount, Tendered: '200' })).table1[0]
    expect(res).toMatchObject({ Settled: 1, Table: null, Order: { OrderID: order.SheetID, Status: ORDER_STATUS.PAID, KitchenStage: 'preparing' } })
    expect(res.Order.PickupNo).not.toBe('')
    expect(res.Payment.Change).toBe(new Decimal(200).minus(order.Amount).toFixed(2))
    const tickets = await ticketsOfOrder(order.SheetID)
    expect(tickets).toHaveLength(1)
    expect(tickets[0]).toMatchObject({ Kind: 'order', PickupNo: res.Order.PickupNo })
    // Paid once: a second payment is refused.
    expect(codeOf(await pay(cashier, { SheetID: order.SheetID, Method: 'cash', Amount: order.Amount }))).toBe(`0/${RESULTCODES.ORDER_STATUS_CONFLICT}`)
    // The shop cancelling it gives the cash back (no provider to call): refunded, not an error.
    ok(await as(manager, 'StaffOrderCancel', { SheetID: order.SheetID, Reason: 'diner left' }))
    expect((await server.db.selectFrom('payments').select('status').where('pay_id', '=', res.Payment.PayID).executeTakeFirstOrThrow()).status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test('a diner paying in the app when the counter takes money: the pending online settlement is cancelled', async () => {
    const r = await round('C05', [{ code: 'F01', qua: '1' }])
    ok(await server.call('PayLaterUpdate', [{ SheetID: r.sheetId, QRCode: tables.C05.qr }], { headers: r.headers }))
    const pendingId = (await tableOf('C05')).Bill!.SettlementID
    expect(pendingId).not.toBe('')
    ok(await pay(cashier, { SheetID: r.sheetId, Method: 'card', Amount: '5' }))
    const pending = await server.db.selectFrom('orders').select('status').where('order_id', '=', pendingId).executeTakeFirstOrThrow()
    expect(pending.status).toBe(ORDER_STATUS.CANCELLED)
    expect((await tableOf('C05')).Bill!.SettlementID).toBe('')
  })
})

describe('closing a bill', () => {
  test('with money due: a reason and a manager; a cashier needs an owner’s or manager’s PIN; the audit names both and what was written off', async () => {
    const r = await round('C06', [{ code: 'F01', qua: '1' }])
    const due = (await tableOf('C06')).Bill!.Due
    expect(codeOf(await as(cashier, 'CounterBillClose', { SheetID: r.sheetId }))).toBe('0/21402')
    expect(codeOf(await as(cashier, 'CounterBillClose', { SheetID: r.sheetId, Reason: 'walked out' }))).toBe('0/21403')
    // Another cashier is no approver.
    const other = await addPerson(server, owner, 'cashier', { shopIds: 'S101', baseIds: 'B201', pin: '9999' })
    expect(codeOf(await as(cashier, 'CounterBillClose', { SheetID: r.sheetId, Reason: 'walked out', ApproverID: other.staffId, ApproverPin: '9999' }))).toBe('0/21404')
    const closed = ok(await as(cashier, 'CounterBillClose', { SheetID: r.sheetId, Reason: 'walked out', ApproverID: managerId, ApproverPin: MANAGER_PIN })).table1[0]
    expect(closed).toMatchObject({ TableName: 'C06', Bill: null })
    expect((await server.db.selectFrom('table_sheets').select(['status', 'paid_amount']).where('sheet_id', '=', r.sheetId).executeTakeFirstOrThrow())).toEqual({ status: ORDER_STATUS.COMPLETED, paid_amount: '0' })
    const [audit] = await audits('counter.billClose', r.sheetId)
    expect(audit).toMatchObject({ staff_id: cashier.staffId, reason: 'walked out' })
    expect(JSON.parse(audit.detail)).toMatchObject({ due, writtenOff: due, askedBy: { staffId: cashier.staffId }, approvedBy: { staffId: managerId, name: 'Manager Mia', role: 'manager' } })
  })

  test('a manager closes with money due on their own (with a reason); a closed bill cannot be closed again', async () => {
    const r = await round('C07', [{ code: 'F01', qua: '1' }])
    ok(await as(manager, 'CounterBillClose', { SheetID: r.sheetId, Reason: 'staff meal' }))
    const [audit] = await audits('counter.billClose', r.sheetId)
    expect(JSON.parse(audit.detail)).toMatchObject({ approvedBy: { staffId: manager.staffId }, askedBy: { staffId: manager.staffId } })
    expect(codeOf(await as(manager, 'CounterBillClose', { SheetID: r.sheetId, Reason: 'again' }))).toBe(`0/${RESULTCODES.SHEET_CLOSED}`)
  })
})

describe('moving and merging tables', () => {
  test('a move: the bill and its rounds go to the free table, the kitchen’s open ticket keeps its id and shows the new table', async () => {
    const r = await round('C08', [{ code: 'F01', qua: '1' }])
    const [ticket] = await ticketsOfOrder(r.roundId)
    expect(ticket.TableName).toBe('C08')
    const ticketsBefore = await server.db.selectFrom('kitchen_tickets').select('ticket_id').execute()
    const mark = await lastEventId()
    const [left, moved] = ok(await as(cashier, 'CounterTableMove', { SheetID: r.sheetId, ToTableID: tables.C09.id })).table1
    expect(left).toMatchObject({ TableName: 'C08', Bill: null })
    expect(moved).toMatchObject({ TableName: 'C09', Bill: { SheetID: r.sheetId } })
    const after = await ticketsOfOrder(r.roundId)
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ TicketID: ticket.TicketID, TableName: 'C09', TableID: tables.C09.id })
    expect(await server.db.selectFrom('kitchen_tickets').select('ticket_id').execute()).toHaveLength(ticketsBefore.length)
    const events = await eventsAfter(mark)
    expect(events.filter((e) => e.kind === 'ticket.changed').map((e) => [e.payload.ticket.TicketID, e.payload.ticket.TableName])).toEqual([[ticket.TicketID, 'C09']])
    expect(events.some((e) => e.kind === 'ticket.sent')).toBe(false)
    expect(events.filter((e) => e.kind === 'bill.changed').map((e) => e.payload.table.TableName)).toEqual(['C08', 'C09'])
    // The diner's next round at the new table lands on the same bill.
    const next = await round('C09', [{ code: 'F01', qua: '1' }])
    expect(next.sheetId).toBe(r.sheetId)
    // A table with a bill takes no move.
    const busy = await round('C10', [{ code: 'F01', qua: '1' }])
    expect(codeOf(await as(cashier, 'CounterTableMove', { SheetID: busy.sheetId, ToTableID: tables.C09.id }))).toBe('0/21405')
    const [audit] = await audits('counter.tableMove', r.sheetId)
    expect(JSON.parse(audit.detail)).toMatchObject({ fromTable: 'C08', toTable: 'C09' })
  })

  test('a merge: rounds renumbered after the target’s, totals and payments summed, pending settlements cancelled, tickets keep their ids', async () => {
    const into = await round('C11', [{ code: 'F01', qua: '1' }])
    const from = await round('C12', [{ code: 'F01', qua: '2' }])
    const from2 = await round('C12', [{ code: 'E01', qua: '1' }], from.headers)
    ok(await pay(cashier, { SheetID: from.sheetId, Method: 'card', Amount: '10' }))
    ok(await server.call('PayLaterUpdate', [{ SheetID: into.sheetId, QRCode: tables.C11.qr }], { headers: into.headers }))
    const pendingId = (await tableOf('C11')).Bill!.SettlementID
    expect(pendingId).not.toBe('')
    const billInto = (await tableOf('C11')).Bill!
    const billFrom = (await tableOf('C12')).Bill!
    const [ticket] = await ticketsOfOrder(from2.roundId)
    const count = (await server.db.selectFrom('kitchen_tickets').select('ticket_id').execute()).length
    expect(codeOf(await as(cashier, 'CounterTableMerge', { SheetID: from.sheetId, IntoTableID: tables.C16.id }))).toBe('0/21406')
    const [left, merged] = ok(await as(cashier, 'CounterTableMerge', { SheetID: from.sheetId, IntoTableID: tables.C11.id })).table1
    expect(left).toMatchObject({ TableName: 'C12', Bill: null })
    expect(merged.Bill).toMatchObject({
      SheetID: into.sheetId,
      RoundCount: 3,
      Amount: new Decimal(billInto.Amount).plus(billFrom.Amount).toFixed(2),
      PaidAmount: '10.00',
      SettlementID: ''
    })
    expect(merged.Bill.Rounds.map((x: { RoundID: string; RoundNo: number }) => [x.RoundID, x.RoundNo])).toEqual([
      [into.roundId, 1],
      [from.roundId, 2],
      [from2.roundId, 3]
    ])
    expect(merged.Bill.Payments.map((p: { Method: string; Amount: string }) => [p.Method, p.Amount])).toEqual([['card', '10.00']])
    expect((await server.db.selectFrom('orders').select('status').where('order_id', '=', pendingId).executeTakeFirstOrThrow()).status).toBe(ORDER_STATUS.CANCELLED)
    expect((await server.db.selectFrom('table_sheets').select(['status', 'amount']).where('sheet_id', '=', from.sheetId).executeTakeFirstOrThrow())).toEqual({ status: ORDER_STATUS.CANCELLED, amount: '0' })
    const after = await ticketsOfOrder(from2.roundId)
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ TicketID: ticket.TicketID, TableName: 'C11', RoundNo: 3 })
    expect((await server.db.selectFrom('kitchen_tickets').select('ticket_id').execute()).length).toBe(count)
    // Paid in full after the merge, the one bill closes.
    const due = merged.Bill.Due
    expect(ok(await pay(cashier, { SheetID: into.sheetId, Method: 'cash', Amount: due })).table1[0].Settled).toBe(1)
  })
})

describe('cancelling a line', () => {
  test('a cashier is refused without a manager’s PIN; wrong PINs are counted, audited and lock approvals', async () => {
    const r = await round('C13', [{ code: 'F01', qua: '2' }])
    const cancel = (extra: Record<string, unknown>) => as(cashier, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '0', Reason: 'wrong dish', ...extra })
    expect(codeOf(await cancel({}))).toBe('0/21403')
    expect(codeOf(await as(cashier, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '0', Reason: '' }))).toBe('10007/')
    // A manager of this branch with a PIN of their own for this test (so the lock does not spill over).
    const approver = await addPerson(server, owner, 'manager', { shopIds: 'S101', baseIds: 'B201', pin: '8642', name: 'Manager Max' })
    const wrong = await cancel({ ApproverID: approver.staffId, ApproverPin: '0000' })
    expect(codeOf(wrong)).toBe('0/21409')
    expect(wrong.body.resultmsg).toContain('4')
    const failed = await audits('approval.failed', approver.staffId)
    expect(failed).toHaveLength(1)
    expect(failed[0].staff_id).toBe(cashier.staffId)
    expect(JSON.parse(failed[0].detail)).toMatchObject({ approverId: approver.staffId, for: 'counter.lineCancel' })
    expect(JSON.stringify(failed[0])).not.toContain('0000')
    // From another session (the cashier's second tablet) the approver's tries still count.
    const cashier2 = await cashierOnDevice('Cashier Cora', '2222')
    const tries = await Promise.all(['1111', '2222', '3333', '4444', '5555'].map((pin) => as(cashier2, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '0', Reason: 'x', ApproverID: approver.staffId, ApproverPin: pin })))
    const codes = tries.map(codeOf)
    expect(codes.filter((c) => c === '0/21409').length).toBeLessThanOrEqual(3)
    expect(codes).toContain('0/21003')
    // Locked: the right PIN is refused too, and nothing was cancelled.
    expect(codeOf(await cancel({ ApproverID: approver.staffId, ApproverPin: '8642' }))).toBe('0/21003')
    expect((await tableOf('C13')).Bill!.Rounds[0].Lines[0]).toMatchObject({ Qua: '2', Cancelled: 0 })
  })

  test('approved: the ticket shows the line cancelled on the same ticket, totals and stock follow, the audit names who asked and who approved', async () => {
    await server.db.updateTable('skus').set({ stock: 30 }).where('sku_id', '=', `${gid('H01')}.k.L-ICED`).execute()
    const tea = (await clientLine(server, { code: 'H01', sku: 'L-ICED', qua: '3' })).input
    const t = tables.C14
    const data = ok(
      await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: 'B201', TableID: t.id, QRCode: t.qr, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('1'), tea] }], { headers: phone() })
    )
    const sheetId = data.table1[0].SheetID
    const roundId = data.table2[0].SheetID
    const stockOf = async () => (await server.db.selectFrom('skus').select('stock').where('sku_id', '=', `${gid('H01')}.k.L-ICED`).executeTakeFirstOrThrow()).stock
    expect(await stockOf()).toBe(27)
    const before = (await tableOf('C14')).Bill!
    const teaAmount = before.Rounds[0].Lines[1].Amount
    const [ticket] = await ticketsOfOrder(roundId)
    const mark = await lastEventId()
    const table = ok(await as(cashier, 'CounterLineCancel', { SheetID: sheetId, RoundID: roundId, LineNo: 2, Qua: '0', Reason: 'out of ice', ApproverID: managerId, ApproverPin: MANAGER_PIN })).table1[0]
    expect(table.Bill.Amount).toBe(new Decimal(before.Amount).minus(teaAmount).toFixed(2))
    expect(table.Bill.Rounds[0].Amount).toBe(new Decimal(before.Rounds[0].Amount).minus(teaAmount).toFixed(2))
    expect(table.Bill.Rounds[0].Lines[1]).toMatchObject({ Qua: '0', Amount: '0', SentQua: '0', Cancelled: 1 })
    expect(await stockOf()).toBe(30)
    const after = await ticketsOfOrder(roundId)
    expect(after).toHaveLength(1)
    expect(after[0].TicketID).toBe(ticket.TicketID)
    expect(after[0].Lines.find((l) => l.LineNo === 2)).toMatchObject({ Qua: '0', PrevQua: '3', Change: 'cancelled' })
    expect(after[0].Lines.find((l) => l.LineNo === 1)).toMatchObject({ Qua: '1', Change: '' })
    const kinds = (await eventsAfter(mark)).map((e) => e.kind)
    expect(kinds).toEqual(['ticket.changed', 'bill.changed'])
    const [audit] = await audits('counter.lineCancel', sheetId)
    expect(audit).toMatchObject({ staff_id: cashier.staffId, reason: 'out of ice' })
    expect(JSON.parse(audit.detail)).toMatchObject({
      lineNo: 2,
      quaBefore: '3',
      quaAfter: '0',
      amountBefore: teaAmount,
      sentToKitchen: '3',
      askedBy: { staffId: cashier.staffId, name: 'Cashier Cai', role: 'cashier' },
      approvedBy: { staffId: managerId, name: 'Manager Mia', role: 'manager' }
    })
    // Cancelled already.
    expect(codeOf(await as(manager, 'CounterLineCancel', { SheetID: sheetId, RoundID: roundId, LineNo: 2, Qua: '0', Reason: 'again' }))).toBe('0/21408')
  })

  test('a manager lowers a line on their own; a cancel cannot take the bill below what is paid', async () => {
    const r = await round('C15', [{ code: 'F01', qua: '3' }])
    const price = await priceOf('F01')
    const table = ok(await as(manager, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '1', Reason: 'two not wanted' })).table1[0]
    expect(table.Bill.Rounds[0].Lines[0]).toMatchObject({ Qua: '1', SentQua: '1', Cancelled: 0 })
    expect(table.Bill.Amount).toBe(new Decimal(price).toFixed(2))
    const [ticket] = await ticketsOfOrder(r.roundId)
    expect(ticket.Lines[0]).toMatchObject({ Qua: '1', PrevQua: '3', Change: 'lowered' })
    expect(codeOf(await as(manager, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '2', Reason: 'more?' }))).toBe(`0/${RESULTCODES.INVALID_QUANTITY}`)
    ok(await pay(cashier, { SheetID: r.sheetId, Method: 'card', Amount: '5' }))
    expect(codeOf(await as(manager, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '0', Reason: 'gone' }))).toBe('0/21407')
  })
})

describe('the kitchen stage of a dine-in round', () => {
  test('StaffOrderReady and `npm run orders -- ready` bump a round’s tickets; the bill stays open', async () => {
    const r = await round('C16', [{ code: 'F01', qua: '1' }])
    const moved = ok(await as(cashier, 'StaffOrderReady', { SheetID: r.roundId })).table1[0]
    expect(moved.Status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    const [ticket] = await ticketsOfOrder(r.roundId)
    expect(ticket.Status).toBe('bumped')
    const round2 = await round('C16', [{ code: 'E01', qua: '1' }])
    const cli = await runCli(server, 'orders', 'ready', round2.roundId)
    expect(cli.code).toBe(0)
    const stages = await server.db.selectFrom('orders').select(['order_id', 'kitchen_stage', 'status']).where('table_sheet_id', '=', r.sheetId).orderBy('round_no').execute()
    expect(stages.map((s) => [s.kitchen_stage, s.status])).toEqual([
      ['ready', ORDER_STATUS.AWAITING_PAYMENT],
      ['ready', ORDER_STATUS.AWAITING_PAYMENT]
    ])
    expect((await tableOf('C16')).Bill).toMatchObject({ KitchenStage: 'ready', RoundCount: 2 })
  }, 60_000)
})

describe('a member’s balance and a voucher at the counter', () => {
  test('the member’s code charges their balance (in part), refused beyond it; a retry answers the first; a made-up or another enterprise’s code is no member', async () => {
    const m = await makeMember(server.db, { name: 'Bao', balance: '30' })
    const r = await round('C01', [{ code: 'F01', qua: '3' }])
    const { code } = (await issueMemberCode(server.db, m.vipId, new Date()))!
    const key = requestKey()
    const charge = (record: Record<string, unknown>) => as(cashier, 'CounterMemberCharge', { SheetID: r.sheetId, Code: code, RequestKey: key, ...record })
    expect(codeOf(await charge({ Amount: '31', RequestKey: requestKey() }))).toBe(`0/${RESULTCODES.INSUFFICIENT_BALANCE}`)
    const first = ok(await charge({ Amount: '20' })).table1[0]
    expect(first).toMatchObject({ Settled: 0, Replayed: 0, Payment: { Method: 'balance', Amount: '20.00' } })
    expect(first.Table.Bill).toMatchObject({ PaidAmount: '20.00' })
    const balance = async () => (await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()).balance
    expect(await balance()).toBe('10.00')
    expect(ok(await charge({ Amount: '20' })).table1[0]).toMatchObject({ Replayed: 1, Payment: { PayID: first.Payment.PayID } })
    expect(await balance()).toBe('10.00')
    const spend = await server.db.selectFrom('balance_ledger').select(['amount', 'ref_id']).where('vip_id', '=', m.vipId).where('kind', '=', 'spend').execute()
    expect(spend).toEqual([{ amount: '-20.00', ref_id: first.Payment.OrderID }])
    expect(codeOf(await charge({ Code: 'M1.madeup.zzz.sig', Amount: '1', RequestKey: requestKey() }))).toBe(`0/${RESULTCODES.MEMBER_CODE_INVALID}`)
    const stranger = await makeMember(server.db, { entId: other.entId, balance: '100' })
    const strangerCode = (await issueMemberCode(server.db, stranger.vipId, new Date()))!.code
    expect(codeOf(await charge({ Code: strangerCode, Amount: '1', RequestKey: requestKey() }))).toBe(`0/${RESULTCODES.MEMBER_CODE_INVALID}`)
    const [audit] = await audits('counter.memberCharge', r.sheetId)
    expect(JSON.parse(audit.detail)).toMatchObject({ vipId: m.vipId, method: 'balance', amount: '20.00' })
  })

  test('a voucher takes its plan’s value off a bill as a coupon payment and is used once; too small a bill is refused', async () => {
    const m = await makeMember(server.db, { name: 'Chan' })
    const plan = ok(
      await as(owner, 'StaffCouponPlanCreate', {
        Code: 'FOH8',
        Names: { 'zh-CN': '八元券', 'zh-TW': '八元券', en: '8 off' },
        CouponType: 1,
        Amount: '8',
        DiscountRate: '',
        MinAmount: '30',
        MaxOff: '',
        ValidKind: 1,
        ValidDays: 14,
        ValidFrom: '',
        ValidTo: '',
        Claimable: 0,
        TotalQua: 10,
        PerMemberQua: 2,
        ShopIDs: 'S101',
        BaseIDs: '',
        ServiceTypes: '',
        GoodsIDs: '',
        ClassIDs: '',
        Reason: 'counter test'
      })
    ).table1[0]
    const issued = ok(await as(owner, 'StaffCouponIssue', { PlanID: plan.PlanID, AreaCode: '853', Phone: m.phone, Qua: 2, Reason: '' })).table1
    const cards = await server.db.selectFrom('coupon_cards').select(['card_id', 'code']).where('card_id', 'in', issued.map((c: { CardID: string }) => c.CardID)).execute()
    const small = await round('C02', [{ code: 'F01', qua: '1' }])
    expect(codeOf(await as(cashier, 'CounterVoucherApply', { SheetID: small.sheetId, Code: cards[1].code, RequestKey: requestKey() }))).toBe(`0/${RESULTCODES.COUPON_MIN_SPEND}`)
    const r = await round('C03', [{ code: 'F01', qua: '3' }])
    const due = new Decimal((await tableOf('C03')).Bill!.Due)
    const key = requestKey()
    const used = ok(await as(cashier, 'CounterVoucherApply', { SheetID: r.sheetId, Code: cards[0].code, RequestKey: key })).table1[0]
    expect(used).toMatchObject({ Replayed: 0, Payment: { Method: 'coupon', Amount: '8.00' } })
    expect(used.Table.Bill).toMatchObject({ PaidAmount: '8.00', Due: due.minus(8).toFixed(2) })
    const card = await server.db.selectFrom('coupon_cards').select(['status', 'order_id']).where('card_id', '=', cards[0].card_id).executeTakeFirstOrThrow()
    expect(card).toEqual({ status: 1, order_id: used.Payment.OrderID })
    // A retry answers the first use; the card again under a new key is refused.
    expect(ok(await as(cashier, 'CounterVoucherApply', { SheetID: r.sheetId, Code: cards[0].code, RequestKey: key })).table1[0]).toMatchObject({ Replayed: 1, Payment: { PayID: used.Payment.PayID } })
    expect(codeOf(await as(cashier, 'CounterVoucherApply', { SheetID: r.sheetId, Code: cards[0].code, RequestKey: requestKey() }))).toBe(`0/${RESULTCODES.COUPON_NOT_AVAILABLE}`)
    expect(codeOf(await as(cashier, 'CounterVoucherApply', { SheetID: r.sheetId, Code: '000000000000', RequestKey: requestKey() }))).toBe(`0/${RESULTCODES.COUPON_NOT_FOUND}`)
    // The rest in cash closes the bill; the payments by method are coupon and cash.
    ok(await pay(cashier, { SheetID: r.sheetId, Method: 'cash', Amount: due.minus(8).toFixed(2) }))
    const methods = await server.db.selectFrom('payments as p').innerJoin('orders as o', 'o.order_id', 'p.order_id').select(['p.provider', 'p.amount']).where('o.table_sheet_id', '=', r.sheetId).orderBy('p.created_at').execute()
    expect(methods.map((x) => x.provider)).toEqual(['coupon', 'cash'])
  })

  test('wrong voucher codes are bounded in the database: per person, per device and per branch, in parallel too; a right code waits as well; the window ends', async () => {
    // This branch's count starts here (other tests typed wrong codes at B201 too).
    await server.db.deleteFrom('coupon_code_tries').where('vip_id', '=', 'base:B201').execute()
    const m = await makeMember(server.db, { name: 'Dai' })
    const plan = ok(
      await as(owner, 'StaffCouponPlanCreate', {
        Code: 'FOH3',
        Names: { 'zh-CN': '三元券', 'zh-TW': '三元券', en: '3 off' },
        CouponType: 1, Amount: '3', DiscountRate: '', MinAmount: '0', MaxOff: '', ValidKind: 1, ValidDays: 14, ValidFrom: '', ValidTo: '',
        Claimable: 0, TotalQua: 10, PerMemberQua: 1, ShopIDs: 'S101', BaseIDs: '', ServiceTypes: '', GoodsIDs: '', ClassIDs: '', Reason: 'counter test'
      })
    ).table1[0]
    const [issued] = ok(await as(owner, 'StaffCouponIssue', { PlanID: plan.PlanID, AreaCode: '853', Phone: m.phone, Qua: 1, Reason: '' })).table1
    const card = await server.db.selectFrom('coupon_cards').select(['card_id', 'code', 'status']).where('card_id', '=', issued.CardID).executeTakeFirstOrThrow()
    const bill = await round('C14', [{ code: 'F01', qua: '2' }])
    let guess = 100000000000
    const apply = (who: StaffSession, code = String(guess++), lang = 'en') =>
      server.call('CounterVoucherApply', [{ SheetID: bill.sheetId, Code: code, RequestKey: requestKey() }], { entId: who.entId, headers: who.headers, lang })
    const tries = async (key: string) => (await server.db.selectFrom('coupon_code_tries').select(['tries', 'window_start']).where('ent_id', '=', 'E1001').where('vip_id', '=', key).executeTakeFirst()) ?? null
    const untilOf = async (key: string) => wallClockIn('Asia/Macau', new Date(Date.parse((await tries(key))!.window_start) + 60 * 60_000)).time.slice(0, 5)
    const LIMITED = `0/${RESULTCODES.COUNTER_VOUCHER_TRIES}`
    const NOT_FOUND = `0/${RESULTCODES.COUPON_NOT_FOUND}`

    // One cashier on one tablet: ten wrong codes are answered "no such voucher", the eleventh is refused
    // with until when (the enterprise's clock), and so is a right code; the card stays unused.
    const ana = await cashierOnDevice('Cashier Ana', '2580')
    for (let i = 0; i < COUNTER_VOUCHER_TRIES; i++) expect(codeOf(await apply(ana))).toBe(NOT_FOUND)
    const refused = await apply(ana)
    expect(codeOf(refused)).toBe(LIMITED)
    expect(refused.body.resultmsg).toBe(`Too many wrong voucher codes have been typed here. Vouchers can be taken again after ${await untilOf(`staff:${ana.staffId}`)}.`)
    const inChinese = await apply(ana, card.code, 'zh-TW')
    expect(codeOf(inChinese)).toBe(LIMITED)
    expect(inChinese.body.resultmsg).toBe(`此處輸錯優惠券碼的次數過多，${await untilOf(`staff:${ana.staffId}`)} 後才能再使用優惠券。`)
    expect((await server.db.selectFrom('coupon_cards').select('status').where('card_id', '=', card.card_id).executeTakeFirstOrThrow()).status).toBe(card.status)
    // Refusals while limited are not counted again.
    expect((await tries(`staff:${ana.staffId}`))!.tries).toBe(COUNTER_VOUCHER_TRIES)

    // Another person on Ana's tablet is refused (the device's count), and Ana on another tablet (hers).
    const deviceId = (await server.db.selectFrom('staff_sessions').select('device_id').where('staff_id', '=', ana.staffId).executeTakeFirstOrThrow()).device_id
    const bo = await addPerson(server, owner, 'cashier', { shopIds: 'S101', baseIds: 'B201', pin: '3691', name: 'Cashier Bo' })
    const device = { 'x-staff-device': ana.headers['x-staff-device'] }
    const boRow = ok(await server.call('StaffPinLogin', [{ StaffID: bo.staffId, Pin: '3691' }], { entId: 'E1001', headers: device })).table1[0]
    const boOnAnasTablet: StaffSession = { staffId: bo.staffId, entId: 'E1001', token: boRow.Token, role: 'cashier', headers: { authorization: `Bearer ${boRow.Token}`, ...device } }
    expect(codeOf(await apply(boOnAnasTablet))).toBe(LIMITED)
    expect((await tries(`device:${deviceId}`))!.tries).toBe(COUNTER_VOUCHER_TRIES)
    const { deviceToken: otherTablet } = await pairDevice(server, owner)
    const anaRow = ok(await server.call('StaffPinLogin', [{ StaffID: ana.staffId, Pin: '2580' }], { entId: 'E1001', headers: { 'x-staff-device': otherTablet } })).table1[0]
    const anaElsewhere: StaffSession = { ...ana, token: anaRow.Token, headers: { authorization: `Bearer ${anaRow.Token}`, 'x-staff-device': otherTablet } }
    expect(codeOf(await apply(anaElsewhere))).toBe(LIMITED)

    // Fifteen wrong codes at once from a fresh cashier and tablet: exactly ten are counted, five refused.
    const cy = await cashierOnDevice('Cashier Cy', '4826')
    const burst = await Promise.all(Array.from({ length: 15 }, () => apply(cy)))
    expect(burst.filter((r) => codeOf(r) === NOT_FOUND)).toHaveLength(COUNTER_VOUCHER_TRIES)
    expect(burst.filter((r) => codeOf(r) === LIMITED)).toHaveLength(15 - COUNTER_VOUCHER_TRIES)
    expect((await tries('base:B201'))!.tries).toBe(2 * COUNTER_VOUCHER_TRIES)

    // The branch's count: the rest of its thirty from a third tablet; then a fresh cashier on a fresh
    // tablet, and a manager signed in without one, are refused at B201 too.
    const dee = await cashierOnDevice('Cashier Dee', '7531')
    for (let i = 2 * COUNTER_VOUCHER_TRIES; i < BRANCH_VOUCHER_TRIES; i++) expect(codeOf(await apply(dee))).toBe(NOT_FOUND)
    const eve = await cashierOnDevice('Cashier Eve', '9517')
    expect(codeOf(await apply(eve, card.code))).toBe(LIMITED)
    expect(codeOf(await apply(manager, card.code))).toBe(LIMITED)
    expect(await tries(`staff:${eve.staffId}`)).toMatchObject({ tries: 0 })

    // An hour after the first wrong code the window ends: the right code takes its 3.00 off.
    await server.db
      .updateTable('coupon_code_tries')
      .set({ window_start: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('ent_id', '=', 'E1001')
      .where('vip_id', 'in', [`staff:${ana.staffId}`, `device:${deviceId}`, 'base:B201'])
      .execute()
    expect(ok(await apply(ana, card.code)).table1[0]).toMatchObject({ Payment: { Method: 'coupon', Amount: '3.00' } })
    expect(codeOf(await apply(ana))).toBe(NOT_FOUND)
    expect((await tries(`staff:${ana.staffId}`))!.tries).toBe(1)
  }, 60_000)
})

let listening = ''
const serverUrl = async () => (listening ||= await listen(server.app))

describe('the staff stream', () => {
  test('carries the counter’s events to the branch’s staff; a diner’s public stream never sees a bill or a payment', async () => {
    const url = await serverUrl()
    const mark = await lastEventId()
    const r = await round('C01', [{ code: 'E01', qua: '1' }])
    ok(await pay(cashier, { SheetID: r.sheetId, Method: 'card', Amount: '1' }))
    const staffPoll = await (await fetch(`${url}/live/staff/poll?base=B201&after=${mark}`, { headers: cashier.headers })).json()
    const kinds = staffPoll.events.map((e: { kind: string }) => e.kind)
    expect(kinds).toContain('bill.changed')
    expect(kinds).toContain('payment.recorded')
    const paid = staffPoll.events.find((e: { kind: string }) => e.kind === 'payment.recorded')
    expect(JSON.stringify(paid)).toContain(r.sheetId)
    // Another branch's staff stream does not carry this branch's bills.
    const elsewhere = await (await fetch(`${url}/live/staff/poll?base=B202&after=${mark}`, { headers: cashierB202.headers })).json()
    expect(elsewhere.events.filter((e: { kind: string }) => /^(bill|payment|counter)\./.test(e.kind))).toEqual([])
    const diner = await (await fetch(`${url}/live/poll?ent=E1001&shop=S101&base=B201&after=${mark}`)).json()
    expect(diner.events.map((e: { kind: string }) => e.kind).filter((k: string) => /^(bill|payment|counter)\./.test(k))).toEqual([])
    expect(JSON.stringify(diner)).not.toContain(r.sheetId)
  })

  test('an unpaid prepay order past its time: the expiry sweep tells the counter’s stream it expired (it leaves the waiting list on every screen), and so does a diner’s read that expires it', async () => {
    const url = await serverUrl()
    const stream = openStream(`${url}/live/staff?base=B201`, cashier.headers)
    try {
      await stream.opened
      expect(stream.status).toBe(200)
      await stream.next((m) => m.event === 'ready')
      const orderOf = (id: string, status: number) => (m: { event: string; data: any }) => m.event === 'counter.order' && m.data.order.OrderID === id && m.data.order.Status === status
      const place = async () => ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('1')]), RequestKey: requestKey() }], { headers: phone() })).table1[0].SheetID as string
      const waiting = async () => (await floor()).table2.map((o: { OrderID: string }) => o.OrderID)

      const swept = await place()
      await stream.next(orderOf(swept, ORDER_STATUS.AWAITING_PAYMENT))
      expect(await waiting()).toContain(swept)
      const { expires_at } = await server.db.selectFrom('orders').select('expires_at').where('order_id', '=', swept).executeTakeFirstOrThrow()
      expect(await expireDueOrders(server.db, new Date(new Date(expires_at!).getTime() + 1000))).toBeGreaterThanOrEqual(1)
      const heard = await stream.next(orderOf(swept, ORDER_STATUS.EXPIRED))
      expect(heard.data.order).toMatchObject({ OrderID: swept, Status: ORDER_STATUS.EXPIRED })
      expect(await waiting()).not.toContain(swept)
      // A second sweep finds nothing to expire and says nothing more.
      const mark = await lastEventId()
      await expireDueOrders(server.db, new Date(new Date(expires_at!).getTime() + 2000))
      expect((await eventsAfter(mark)).filter((e) => e.payload.order?.OrderID === swept)).toEqual([])

      // The diner's own read finds their order overdue before the sweep does: the counter hears that too.
      const headers = phone()
      const read = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('1')]), RequestKey: requestKey() }], { headers })).table1[0].SheetID as string
      await stream.next(orderOf(read, ORDER_STATUS.AWAITING_PAYMENT))
      await server.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where('order_id', '=', read).execute()
      expect(ok(await server.call('OrderDetailGet', [{ SheetID: read }], { headers })).table1[0].Status).toBe(ORDER_STATUS.EXPIRED)
      await stream.next(orderOf(read, ORDER_STATUS.EXPIRED))
    } finally {
      stream.close()
    }
  })
})

describe('who may', () => {
  test('a cashier of another branch, and another enterprise, reach nothing of this branch’s floor', async () => {
    const r = await round('C10', [{ code: 'F01', qua: '1' }])
    expect(codeOf(await as(cashierB202, 'CounterFloorGet', { BaseID: 'B201' }))).toBe('10013/')
    expect(codeOf(await pay(cashierB202, { SheetID: r.sheetId, Method: 'cash', Amount: '1' }))).toBe('10013/')
    expect(codeOf(await as(cashierB202, 'CounterTableMove', { SheetID: r.sheetId, ToTableID: tables.C12.id }))).toBe('10013/')
    expect(codeOf(await as(cashierB202, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '0', Reason: 'x' }))).toBe('10013/')
    expect(codeOf(await as(other, 'CounterFloorGet', { BaseID: 'B201' }))).toBe(`0/${RESULTCODES.BASE_NOT_FOUND}`)
    expect(codeOf(await pay(other, { SheetID: r.sheetId, Method: 'cash', Amount: '1' }))).toBe(`0/${RESULTCODES.ORDER_NOT_FOUND}`)
    expect(codeOf(await as(other, 'CounterBillClose', { SheetID: r.sheetId, Reason: 'x' }))).toBe(`0/${RESULTCODES.ORDER_NOT_FOUND}`)
    // A manager of another enterprise is no approver here.
    expect(codeOf(await as(cashier, 'CounterLineCancel', { SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: '0', Reason: 'x', ApproverID: other.staffId, ApproverPin: '1234' }))).toBe('0/21404')
    // A table of another branch is no table to move to.
    expect(codeOf(await as(cashier, 'CounterTableMove', { SheetID: r.sheetId, ToTableID: 'B202-T01' }))).toBe(`0/${RESULTCODES.TABLE_NOT_FOUND}`)
    expect((await tableOf('C10')).Bill!.SheetID).toBe(r.sheetId)
  })
})
