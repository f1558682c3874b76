/**
 * What an order placement costs the database (issue 28 item 4): OrderSubmit of two lines (an sku
 * with a remark and an add-on; a plain soup) and a bag runs at most 20 statements through the
 * gateway (23 on SQLite and 24 on PostgreSQL until 3 Dec, when a placement stopped re-reading the
 * menu's stock every two seconds besides the live stock it takes): the gateway's enterprise lookup and the
 * placement's own, each one counted where the driver runs it (36 and 37 before the answer and the
 * counter's event were made from the rows just written). On PostgreSQL, where every message is a
 * round trip, at most 14 messages (20 until the BEGIN and the writes nobody reads the answer of went
 * with the next statement, 3 Dec), 7 since the lines' names come from the menu the placement
 * priced them on and an unlimited sku's stock is not written (13 statements on SQLite; 3 Dec,
 * evening): the whole transaction is one message. And what it answers is what a read gives afterwards: OrderSubmit's
 * rows are OrderDetailGet's, in the language asked for, and the counter's 'counter.order' event
 * carries the row the counter reads for that order (loadOrderRows).
 */
import pg from 'pg'
import { loadOrderRows } from '../../server/src/domain/counter/counter-view'
import { kitchenLocaleOf, loadTicketRows } from '../../server/src/domain/kitchen/kitchen-view'
import { STOCK_FRESH_MS } from '../../server/src/domain/catalogue/menu-cache'
import { forKysely, openSqliteFile } from '../../server/src/storage/sqlite-file'
import { forgetEnterprise, listEnterpriseSettings } from '../../server/src/storage/repositories/enterprise.repository'
import { forgetPlaceNames } from '../../server/src/storage/repositories/order.repository'
import { updateEnterprise } from '../../server/src/domain/setup/enterprise-setup.service'
import { B201, clientLine, device, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { makeMember } from './helpers/member-fixtures'
import { ownerOf } from './helpers/staff-fixtures'
import { tableCode } from './helpers/table-codes'
import { createTestServer, DEMO_ENT, type TestServer } from './helpers/test-server'

let server: TestServer
let counting = false
/**
 * On PostgreSQL a round trip is a message: the BEGIN travels with the transaction's first
 * statement, a write whose answer nobody reads with the next one (write-with-next.ts), and the live
 * events' statement with the COMMIT (at-commit.ts). SQLite runs each statement by itself, in process.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const most = (sqlite: number, postgres: number): number => (onPostgres ? postgres : sqlite)

/**
 * The enterprise and the places' names are kept ENTERPRISE_KEEP_MS (10 s) from when they were
 * read, however often used since: the call after this reads them afresh and keeps them for the
 * count right after it. Without it a count taken 10 s after the file's first call on a slow
 * machine met them expiring (one statement more).
 */
const readKeepsAfresh = (): void => {
  forgetEnterprise()
  forgetPlaceNames()
}
let statements: string[] = []
const restore: (() => void)[] = []

/**
 * Counts every statement the drivers run while `counting`: on SQLite every statement Kysely and the
 * direct reads run (sqlite-file.ts's statements; the server runs no other), pg's queries.
 */
function countStatements(): void {
  const probe = forKysely(openSqliteFile(':memory:'))
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>
  probe.close()
  for (const method of ['all', 'run', 'iterate']) {
    const original = proto[method]
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (counting) statements.push(this.source)
      return original.apply(this, args)
    }
    restore.push(() => (proto[method] = original))
  }
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) statements.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text))
    return (query as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof query
  restore.push(() => (pg.Client.prototype.query = query))
}

beforeAll(async () => {
  countStatements()
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
})

afterAll(async () => {
  await server.close()
  for (const undo of restore) undo()
})

describe('an order placement', () => {
  it('runs at most 13 statements (7 messages on PostgreSQL), however long since the menu stock was read, and answers what OrderDetailGet reads afterwards', async () => {
    const me = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] })
    const order = takeaway([noodles.input, soupLine('2')], { BagQua: 1 })
    const headers = { ...me.headers, 'Accept-Language': 'zh-TW' }
    // A first order warms the caches (menu, compiled queries), as a running server has them.
    const warmed = await server.call('OrderSubmit', [{ ...order, RequestKey: requestKey() }], { headers })
    expect(warmed.body.resultcode).toBe('0')
    // Longer than the menu keeps its stock: a placement reads the live stock it takes, never the menu's.
    await new Promise((resolve) => setTimeout(resolve, STOCK_FRESH_MS + 50))
    readKeepsAfresh()
    const warm = await server.call('OrderDetailGet', [{ SheetID: warmed.body.data.table1[0].SheetID }], { headers })
    expect(warm.body.resultcode).toBe('0')

    statements = []
    counting = true
    const placed = await server.call('OrderSubmit', [{ ...order, RequestKey: requestKey() }], { headers })
    counting = false
    expect(placed.body.resultcode).toBe('0')
    // Printed when over, to see which one came back.
    const bound = most(13, 7)
    if (statements.length > bound) console.log(statements.join('\n'))
    expect(statements.length).toBeLessThanOrEqual(bound)

    const [row] = placed.body.data.table1
    const detail = await server.call('OrderDetailGet', [{ SheetID: row.SheetID }], { headers })
    expect(placed.body.data.table1).toEqual(detail.body.data.table1)
    expect(placed.body.data.table2).toEqual(detail.body.data.table2)
    expect(placed.body.data.table2.map((l: { GoodsName: string }) => l.GoodsName)).toEqual(['鮮蝦雲吞麵', '是日例湯'])
    expect(row).toMatchObject({ LineCount: 2, RefundedAmount: '0', CanCancel: 1, CanPay: 1 })
  })

  it("tells the counter the row it reads for the order afterwards ('counter.order')", async () => {
    const me = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] })
    const placed = await server.call('OrderSubmit', [{ ...takeaway([noodles.input, soupLine()], { BagQua: 1 }), RequestKey: requestKey() }], { headers: me.headers })
    expect(placed.body.resultcode).toBe('0')
    const orderId = placed.body.data.table1[0].SheetID
    const events = await server.db.selectFrom('events').select(['kind', 'payload']).where('ent_id', '=', DEMO_ENT).where('kind', '=', 'counter.order').orderBy('id', 'desc').limit(5).execute()
    const event = events.map((e) => JSON.parse(e.payload).order).find((o) => o.OrderID === orderId)
    const [read] = await loadOrderRows(server.db, DEMO_ENT, [orderId])
    expect(event).toEqual(read)
    expect(read.Lines).toHaveLength(2)
  })
})

/**
 * A round and a balance payment read the enterprise's settings once, before their transaction
 * (issue 28 item 6): they read them three times in it, with the table's bill or the branch's
 * pickup counter locked, each a round trip on PostgreSQL. The transaction uses what the request
 * read just before (keepEnterpriseSettings, enterprise.repository.ts).
 */
describe("the enterprise's settings", () => {
  const settingsReads = () => statements.filter((s) => /from "enterprise_settings" where "ent_id" = (\?|\$1) order by "parm_id"/.test(s)).length
  const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; reads: number }> => {
    statements = []
    counting = true
    try {
      const result = await work()
      return { result, reads: settingsReads() }
    } finally {
      counting = false
    }
  }

  it('are read once in a round, before its transaction (in it, the kitchen uses what was read)', async () => {
    const QRCode = await tableCode(server.db, 'B201-A04')
    const phone = device()
    const round = () => server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: 'B201-A04', QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('1')] }], { headers: phone.headers })
    expect((await round()).body.resultcode).toBe('0')
    const { result, reads } = await counted(round)
    expect(result.body.resultcode).toBe('0')
    expect(reads).toBe(1)
  })

  it('are read once in a balance payment, before its transaction', async () => {
    const member = await makeMember(server.db, { balance: '500.00' })
    const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: member.headers })
    expect(placed.body.resultcode).toBe('0')
    const { result, reads } = await counted(() => server.call('BalancePay', [{ SheetID: placed.body.data.table1[0].SheetID, RequestKey: requestKey() }], { headers: member.headers }))
    expect(result.body.resultcode).toBe('0')
    expect(result.body.data.table2[0].PickupNo).toMatch(/^\d+$/)
    expect(reads).toBe(1)
  })

  it('a setting changed in the transaction is read anew there; outside a transaction every read is fresh', async () => {
    const amoPoint = async (db: Parameters<typeof listEnterpriseSettings>[0]) => (await listEnterpriseSettings(db, DEMO_ENT)).find((p) => p.parmId === 'AmoPoint')?.parmValue
    const before = await amoPoint(server.db)
    const other = before === '1' ? 2 : 1
    await server.db.transaction().execute(async (trx) => {
      expect(await amoPoint(trx)).toBe(before)
      await updateEnterprise(trx, DEMO_ENT, { amoPoint: other })
      expect(await amoPoint(trx)).toBe(String(other))
      // What a caller changes in its copy is not what the next read gets.
      const copy = await listEnterpriseSettings(trx, DEMO_ENT)
      copy[0].parmValue = 'changed by a caller'
      expect((await listEnterpriseSettings(trx, DEMO_ENT))[0].parmValue).not.toBe('changed by a caller')
    })
    expect(await amoPoint(server.db)).toBe(String(other))
    await server.db.updateTable('enterprise_settings').set({ parm_value: before ?? '2' }).where('ent_id', '=', DEMO_ENT).where('parm_id', '=', 'AmoPoint').execute()
    expect(await amoPoint(server.db)).toBe(before ?? '2')
  })
})

/**
 * A round and a balance payment, the heavy night's commonest writes (issue 28 item 6): their
 * transactions hold the table's bill or the branch's pickup counter locked, and every statement in
 * them is a round trip on PostgreSQL. A round ran 58 statements, 36 of them in its transaction; a
 * balance payment 61 and 46: the order locked four times, the kitchen's tickets, orders and lines
 * read back right after they were written, the places' names read twice for the answer, the
 * goods read twice for names and allergens. Now what was just written is used as it is, and what
 * the kitchen and the counter hear, and the caller's answer, are what they read afterwards.
 * Later (2 Dec, seventh session) a balance payment 39 → 32 (29 → 23 in its transaction; on
 * PostgreSQL 30 and 21): the payment row written once, with its ledger entry; the ledger's
 * (kind, ref) looked up only when its unique index refuses an entry; the member row locked once
 * for the spend and the points; the request key looked up again only when the order cannot be
 * paid; the pickup number written with the paid status; an order event's number taken in its
 * insert; the answer's time zone from the settings read before. And (3 Dec) 32 → 31, and a read
 * of a paid order 9 → 8: an order's payments and what after-sale refunds took of them are read in
 * one statement; 31 → 30 (23 → 22 in the transaction): a counter order is no share of a split bill,
 * whose shares are not looked for; 30 → 28 (20): the member's newest ledger entry time is on the
 * member row (migration 0036), not read from each ledger. And on PostgreSQL (3 Dec, later) a round
 * 34 → 26 messages (22 → 14 in its transaction), a balance payment 26 → 17 (19 → 10): the BEGIN goes
 * with the first statement, and the order's, its lines', its events', the member's and the
 * kitchen's writes with the statement after each (write-with-next.ts). Then 28 → 26 (17 → 15): the
 * answer counts the paid order's lines as the payment read them, and reads no refunds of an order
 * paid a moment ago (OrderViewer.justPaid). And (3 Dec, evening) a round 36 → 34 statements
 * (23 → 21 in its transaction), 26 → 24 messages (14 → 12): the kitchen's classes and names of
 * its lines come from the menu the round was priced on. And (4 Dec) 34 → 32 (21 → 19 in the
 * transaction; on PostgreSQL 24 → 22 messages, 12 → 10 in it): the counter's 'bill.changed' takes
 * the table from the sheet the round holds locked and the event's shop and branch from the table
 * record its row was built from, instead of reading the sheet and the table again.
 */
describe('a round and a balance payment', () => {
  const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; total: number; inTransaction: number }> => {
    statements = []
    counting = true
    try {
      const result = await work()
      // On PostgreSQL the BEGIN goes with the transaction's first statement, and the writes no one
      // reads the answer of with the next one (write-with-next.ts); the live events' statement and
      // the COMMIT go as one message (at-commit.ts). Each message is a round trip with the locks held.
      const begin = statements.findIndex((s) => /^(\/\* with-next \*\/ )?begin/i.test(s))
      const commit = statements.findIndex((s) => /(^|;\s*)commit\s*$/i.test(s))
      const withFirst = /;\s*\S/.test(statements[begin] ?? '')
      return { result, total: statements.length, inTransaction: commit - begin - (withFirst ? 0 : 1) }
    } finally {
      counting = false
    }
  }
  const latestEvent = async (kind: string, match: (payload: any) => boolean) => {
    const events = await server.db.selectFrom('events').select(['payload']).where('ent_id', '=', DEMO_ENT).where('kind', '=', kind).orderBy('id', 'desc').limit(20).execute()
    return events.map((e) => JSON.parse(e.payload)).find(match)
  }

  it('a round runs at most 32 statements, 19 in its transaction (on PostgreSQL 22 messages, 10 in it); the kitchen hears the ticket it reads afterwards', async () => {
    const QRCode = await tableCode(server.db, 'B201-A05')
    const phone = device()
    const round = () => server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: 'B201-A05', QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('2')] }], { headers: phone.headers })
    readKeepsAfresh()
    expect((await round()).body.resultcode).toBe('0')
    const { result, total, inTransaction } = await counted(round)
    expect(result.body.resultcode).toBe('0')
    if (total > most(32, 22) || inTransaction > most(19, 10)) console.log(statements.join('\n'))
    expect(total).toBeLessThanOrEqual(most(32, 22))
    expect(inTransaction).toBeLessThanOrEqual(most(19, 10))
    // The answer is what a read of the bill gives.
    const [sheet] = result.body.data.table1
    expect(sheet).toMatchObject({ TableID: 'B201-A05', RoundCount: 2 })
    expect(sheet.TableName).not.toBe('')
    const detail = (await server.call('PosSheetDetailGet', [{ SheetID: sheet.SheetID, QRCode }], { headers: phone.headers })).body.data
    expect(detail.table1[0]).toEqual(sheet)
    const roundId = result.body.data.table2[0].SheetID
    const event = await latestEvent('ticket.sent', (p) => p.ticket.OrderID === roundId)
    const [read] = await loadTicketRows(server.db, [event.ticket.TicketID], await kitchenLocaleOf(server.db, DEMO_ENT))
    expect(event.ticket).toEqual(read)
    expect(read).toMatchObject({ Kind: 'round', RoundNo: 2, TableName: expect.stringMatching(/.+/), Lines: [expect.objectContaining({ Qua: '2', PrevQua: '' })] })
  })

  it('a balance payment of two lines runs at most 26 statements, 20 in its transaction (on PostgreSQL 15 messages, 10 in it), and a read of the paid order 8; the kitchen and the counter hear what they read afterwards', async () => {
    const member = await makeMember(server.db, { balance: '500.00' })
    const pay = async () => {
      const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine(), soupLine('2')]), RequestKey: requestKey() }], { headers: member.headers })
      expect(placed.body.resultcode).toBe('0')
      const orderId = placed.body.data.table1[0].SheetID
      return { orderId, ...(await counted(() => server.call('BalancePay', [{ SheetID: orderId, RequestKey: requestKey() }], { headers: member.headers }))) }
    }
    await pay()
    readKeepsAfresh()
    const { orderId, result, total, inTransaction } = await pay()
    expect(result.body.resultcode).toBe('0')
    if (total > most(26, 15) || inTransaction > most(20, 10)) console.log(statements.join('\n'))
    expect(total).toBeLessThanOrEqual(most(26, 15))
    expect(inTransaction).toBeLessThanOrEqual(most(20, 10))
    const pickupNo = result.body.data.table2[0].PickupNo
    expect(pickupNo).toMatch(/^\d+$/)
    // The answer is the order as a read gives it afterwards; reading a paid order, its payments
    // and what after-sale refunds took of them are one statement.
    const look = await counted(() => server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: member.headers }))
    if (look.total > 8) console.log(statements.join('\n'))
    expect(look.total).toBeLessThanOrEqual(8)
    expect(result.body.data.table2).toEqual(look.result.body.data.table1)
    const ticket = await latestEvent('ticket.sent', (p) => p.ticket.OrderID === orderId)
    const [board] = await loadTicketRows(server.db, [ticket.ticket.TicketID], await kitchenLocaleOf(server.db, DEMO_ENT))
    expect(ticket.ticket).toEqual(board)
    expect(board).toMatchObject({ Kind: 'order', PickupNo: pickupNo })
    expect(board.Lines).toHaveLength(2)
    const counter = await latestEvent('counter.order', (p) => p.order.OrderID === orderId && p.order.Status === 1)
    const [row] = await loadOrderRows(server.db, DEMO_ENT, [orderId])
    expect(counter.order).toEqual(row)
    expect(row).toMatchObject({ PickupNo: pickupNo, KitchenStage: 'preparing', Lines: [expect.objectContaining({ SentQua: '1' }), expect.objectContaining({ SentQua: '2' })] })
  })
})

/**
 * The commonest reads of the heavy night (issue 28 item 6): a table's phones poll their bill every
 * five seconds, counter diners look at their order. The enterprise and the places' names are kept
 * a few seconds in the process that read them (enterprise.repository.ts, order.repository.ts), and
 * the bill's two settings are one statement: a poll was 7 statements, OrderDetailGet 12, and
 * OrderSubmit 17. A rename made in the console is in this process's very next answer. Since 3 Dec
 * the sheet, its newest event, the settings its state shows and the scanned code's row are one
 * statement, and a poll re-reads no stock: 5 → 2 (the other is the menu head: the shop's hours).
 */
describe('reading a bill and an order', () => {
  const count = async <T>(work: () => Promise<T>): Promise<{ result: T; total: number }> => {
    statements = []
    counting = true
    try {
      const result = await work()
      return { result, total: statements.length }
    } finally {
      counting = false
    }
  }

  it('a poll of an unchanged bill runs at most 2 statements, however long since the stock was read; OrderDetailGet at most 9', async () => {
    const QRCode = await tableCode(server.db, 'B201-A06')
    const phone = device()
    const round = await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: 'B201-A06', QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('1')] }], { headers: phone.headers })
    const sheetId = round.body.data.table1[0].SheetID
    const poll = () => server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode }], { headers: phone.headers })
    const first = await poll()
    // Longer than the menu's stock is kept: a bill shows no stock, so its poll reads none (a
    // table's phones polling every few seconds each re-read the shop's stock before).
    await new Promise((resolve) => setTimeout(resolve, STOCK_FRESH_MS + 50))
    // A call that reads the enterprise and no stock.
    readKeepsAfresh()
    expect((await server.call('PosSheetDetailGet', [{ SheetID: 'no-such-sheet', QRCode }], { headers: phone.headers })).body.resultcode).not.toBe('0')
    const { result, total } = await count(poll)
    if (total > 2) console.log(statements.join('\n'))
    expect(total).toBeLessThanOrEqual(2)
    // The same bill; only the time left to order has run on.
    const withoutClock = (data: Record<string, Record<string, unknown>[]>) => ({ ...data, table1: data.table1.map(({ SecondsLeft: _left, ...row }) => row) })
    expect(withoutClock(result.body.data)).toEqual(withoutClock(first.body.data))
    expect(result.body.data.table1[0].SecondsLeft).toBeLessThan(first.body.data.table1[0].SecondsLeft)

    const me = device()
    const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: me.headers })
    const look = () => server.call('OrderDetailGet', [{ SheetID: placed.body.data.table1[0].SheetID }], { headers: me.headers })
    readKeepsAfresh()
    await look()
    const detail = await count(look)
    if (detail.total > 9) console.log(statements.join('\n'))
    expect(detail.total).toBeLessThanOrEqual(9)
    expect(detail.result.body.data.table1).toEqual(placed.body.data.table1)
  })

  it("names a shop renamed in the console in this process's very next answer", async () => {
    const me = device()
    const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: me.headers, lang: 'en' })
    const look = async () => (await server.call('OrderDetailGet', [{ SheetID: placed.body.data.table1[0].SheetID }], { headers: me.headers, lang: 'en' })).body.data.table1[0].ShopName
    const before = await look()
    expect(before).not.toBe('')
    const stored = await server.db.selectFrom('shops').select('names').where('shop_id', '=', 'S101').executeTakeFirstOrThrow()
    const owner = await ownerOf(server)
    const rename = (names: Record<string, string>) => server.call('ShopSave', [{ ShopID: 'S101', Shop: { names }, Reason: 'test' }], { entId: owner.entId, headers: owner.headers })
    expect((await rename({ 'zh-CN': '改名店', 'zh-TW': '改名店', en: 'Renamed Noodles' })).body.resultcode).toBe('0')
    try {
      expect(await look()).toBe('Renamed Noodles')
    } finally {
      expect((await rename(JSON.parse(stored.names))).body.resultcode).toBe('0')
    }
    expect(await look()).toBe(before)
  })
})
