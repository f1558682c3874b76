/**
 * Red-team review of what issue 12 added or changed on the server, attacked as an outsider with the
 * gateway contract and the URLs `npm start` prints: PosSheetGoodsQuaEdit (CYSheetGoodsQuaEdit), delivery
 * with a location (LOCATION_REQUIRED), the entry SheetID / OrderDetailGet, and order line names in the
 * reader's language. SQLite, and PostgreSQL with DATABASE_URL.
 *
 * A `test.failing` is a weakness found: it fails while the weakness is there (so the suite stays green)
 * and will pass once it is fixed (then make it a plain `test`). Every other test is an attack that is
 * already refused, kept as a guard against regression.
 */
import type { Kysely } from 'kysely'
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS, type DeliveryInput } from '../../src/gateway/order-rows'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { startSettlement } from '../../server/src/domain/table-sheets/settlement.service'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import type { Database } from '../../server/src/storage/schema'
import { B201, clientLine, device, openAllDay, orderCounts, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { tableCode } from './helpers/table-codes'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
const SECRET = 'redteam-12-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
const RETURN_URL = '/#/pages/paying/paying?PayID={PayID}'

beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET }, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)

afterAll(() => server?.close())

// ---------- helpers ----------

interface OpenSheet {
  tableId: string
  QRCode: string
  diner: ReturnType<typeof device>
  sheetId: string
  roundId: string
  amount: string
  goodsAmount: string
  skuId: string
}

/** A diner at `tableId` orders one round: Large noodles × 2 with an add-on (C01/LARGE), as in table-bills.test. */
async function openSheet(tableId: string, qua = '2'): Promise<OpenSheet> {
  // Each test starts a fresh sheet: an earlier one left open at the table is put aside.
  await server.db.updateTable('table_sheets').set({ status: ORDER_STATUS.CANCELLED }).where('table_id', '=', tableId).where('status', '=', ORDER_STATUS.AWAITING_PAYMENT).execute()
  const QRCode = await tableCode(server.db, tableId)
  const diner = device()
  const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua, addOns: ['WONTON3'] })
  const data = ok(
    await server.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [noodles.input] }],
      { headers: diner.headers }
    )
  )
  return {
    tableId,
    QRCode,
    diner,
    sheetId: data.table1[0].SheetID,
    roundId: data.table2[0].SheetID,
    amount: data.table1[0].Amount,
    goodsAmount: data.table2[0].GoodsAmount,
    skuId: noodles.input.SkuID
  }
}

const edit = (s: Pick<OpenSheet, 'sheetId' | 'roundId'>, Qua: unknown, extra: Record<string, unknown> = {}, headers: Record<string, string> = device().headers) =>
  server.call('PosSheetGoodsQuaEdit', [{ SheetID: s.sheetId, RoundID: s.roundId, LineNo: 1, Qua, ...extra }], { headers })

/** What the database holds of a sheet, its round's line and its round: to show a refusal changed nothing. */
async function sheetState(s: Pick<OpenSheet, 'sheetId' | 'roundId'>) {
  const sheet = await server.db.selectFrom('table_sheets').select(['amount', 'paid_amount', 'status', 'settlement_id']).where('sheet_id', '=', s.sheetId).executeTakeFirstOrThrow()
  const line = await server.db.selectFrom('order_lines').select(['m_qua', 'qua', 'amount']).where('order_id', '=', s.roundId).where('line_no', '=', 1).executeTakeFirstOrThrow()
  const round = await server.db.selectFrom('orders').select(['goods_amount', 'amount', 'status']).where('order_id', '=', s.roundId).executeTakeFirstOrThrow()
  return { sheet, line, round }
}

async function startPayment(orderId: string, headers: Record<string, string>): Promise<string> {
  return ok(await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: requestKey(), ReturnUrl: RETURN_URL }], { headers })).table1[0].PayID
}

/** The provider's signed 'paid' notice for a payment: the outcome the server answers. */
async function paidNotice(payId: string): Promise<string> {
  const row = await server.db.selectFrom('payments').select(['provider_ref', 'amount']).where('pay_id', '=', payId).executeTakeFirstOrThrow()
  const signed = sandbox.signNotice({ payId, providerRef: row.provider_ref, result: 'paid', amount: row.amount, at: new Date().toISOString() })
  const res = await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: signed.body, headers: signed.headers })
  expect(res.statusCode).toBe(200)
  return (res.json() as { outcome: string }).outcome
}

const setStock = (skuId: string, stock: number | null) => server.db.updateTable('skus').set({ stock }).where('sku_id', '=', skuId).execute()
const stockOf = async (skuId: string) => (await server.db.selectFrom('skus').select('stock').where('sku_id', '=', skuId).executeTakeFirstOrThrow()).stock

// ---------- PosSheetGoodsQuaEdit ----------

describe('PosSheetGoodsQuaEdit: who may change a line', () => {
  it("refuses without the table's code, with a bare or forged code, and with another table's code; nothing changes", async () => {
    const s = await openSheet('B201-A01')
    const before = await sheetState(s)
    const otherTable = await tableCode(server.db, 'B201-A02')
    const [readable] = s.QRCode.split('-').slice(0, 2)
    for (const QRCode of [undefined, '', 'QR-A01', `${readable}-A01-AAAAAAAAAAAAAAAAAAAAAA`, `${s.QRCode}x`, s.QRCode.slice(0, -1), otherTable, s.QRCode.toLowerCase()]) {
      const res = await edit(s, 5, QRCode === undefined ? {} : { QRCode })
      expect({ QRCode, code: res.body.resultcode || res.body.errcode }).toEqual({ QRCode, code: expect.stringMatching(new RegExp(`^(${RESULTCODES.TABLE_CODE_REQUIRED}|10007)$`)) })
      expect(JSON.stringify(res.body.data ?? {})).not.toContain(s.roundId)
    }
    // A device that ordered on another table's sheet is a stranger here too.
    const other = await openSheet('B201-A02')
    expect((await edit(s, 5, {}, other.diner.headers)).body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    expect(await sheetState(s)).toEqual(before)
  }, 60_000)

  it("a code holder cannot reach a line of another table's sheet through their own sheet (RoundID of another sheet)", async () => {
    const mine = await openSheet('B201-A03')
    const theirs = await openSheet('B201-A04')
    const before = await sheetState(theirs)
    const res = await edit({ sheetId: mine.sheetId, roundId: theirs.roundId }, 9, { QRCode: mine.QRCode }, mine.diner.headers)
    expect(res.body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    // The same answer as a RoundID that does not exist: nothing tells the two apart.
    const unknown = await edit({ sheetId: mine.sheetId, roundId: 'O20260101ffffffffff' }, 9, { QRCode: mine.QRCode }, mine.diner.headers)
    expect(unknown.body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect(unknown.body.resultmsg).toBe(res.body.resultmsg)
    // Another table's SheetID with my code: refused before anything of it is read.
    const cross = await edit({ sheetId: theirs.sheetId, roundId: theirs.roundId }, 9, { QRCode: mine.QRCode }, mine.diner.headers)
    expect(cross.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    expect(await sheetState(theirs)).toEqual(before)
    // A line number the round does not have.
    for (const LineNo of [0, 2, -1, 1.5, 10_001, 'x']) {
      const res2 = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: mine.sheetId, RoundID: mine.roundId, LineNo, Qua: 3, QRCode: mine.QRCode }], { headers: mine.diner.headers })
      expect([RESULTCODES.ORDER_NOT_FOUND, '']).toContain(res2.body.resultcode)
      expect(res2.body.resultcode === RESULTCODES.ORDER_NOT_FOUND || res2.body.errcode === '10007').toBe(true)
    }
  }, 60_000)

  it('a settlement order, or a prepay order, is no round that can be edited', async () => {
    const s = await openSheet('B201-A05')
    const settlement = ok(await server.call('PayLaterUpdate', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table2[0].SheetID
    const res = await edit({ sheetId: s.sheetId, roundId: settlement }, 3, { QRCode: s.QRCode }, s.diner.headers)
    expect(res.body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    const prepay = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: s.diner.headers })).table1[0].SheetID
    expect((await edit({ sheetId: s.sheetId, roundId: prepay }, 3, { QRCode: s.QRCode }, s.diner.headers)).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    // The pending bill still stands: nothing was changed.
    const sheet = await server.db.selectFrom('table_sheets').select('settlement_id').where('sheet_id', '=', s.sheetId).executeTakeFirstOrThrow()
    expect(sheet.settlement_id).toBe(settlement)
  }, 60_000)
})

describe('PosSheetGoodsQuaEdit: quantities', () => {
  it('refuses zero, negative, fractional, huge, non-numeric and non-finite quantities, changing nothing', async () => {
    const s = await openSheet('B201-A06')
    const before = await sheetState(s)
    const refusals: Record<string, string> = {}
    for (const Qua of [0, -1, -0, 1.5, '2.5', 0.999999, 100, 1e9, '1e308', 1e308, '9'.repeat(400), 'NaN', 'Infinity', '-Infinity', 'abc', '', null, [], {}, ' ']) {
      const res = await edit(s, Qua, { QRCode: s.QRCode }, s.diner.headers)
      refusals[JSON.stringify(Qua) ?? String(Qua)] = res.body.resultcode || `errcode ${res.body.errcode}`
      expect(res.status).toBeLessThan(500)
    }
    for (const [qua, code] of Object.entries(refusals)) expect({ qua, code }).toEqual({ qua, code: expect.not.stringMatching(/^0$/) })
    expect(await sheetState(s)).toEqual(before)
  }, 60_000)

  it('the new amount is exact at the prices ordered and the table total follows, down and up again', async () => {
    const s = await openSheet('B201-A01', '3')
    const perUnit = Number(s.goodsAmount) / 3
    for (const qua of [1, 7, 99, 2]) {
      const data = ok(await edit(s, String(qua), { QRCode: s.QRCode }, s.diner.headers))
      expect(Number(data.table1[0].Amount)).toBeCloseTo(perUnit * qua, 6)
      expect(data.table1[0].Amount).toBe((perUnit * qua).toFixed(2))
    }
    const { line, round, sheet } = await sheetState(s)
    expect(line).toMatchObject({ m_qua: '2', qua: '2' })
    expect(round.goods_amount).toBe((perUnit * 2).toFixed(2))
    expect(sheet.amount).toBe((perUnit * 2).toFixed(2))
  }, 60_000)
})

describe('PosSheetGoodsQuaEdit: prices of the units added', () => {
  // Was a weakness: an edit priced every added unit at the price the line was ordered at, also after
  // that price stopped being offered (a promotion ended, a price rose). Now units join the line only
  // while its price holds; otherwise PRICE_CHANGED, and a new round sells them at today's price.
  test("FIXED: units added after a promotion ended are refused with PRICE_CHANGED (a new round sells them at today's price); lowering still works", async () => {
    const tableId = 'B201-A06'
    await server.db.updateTable('table_sheets').set({ status: ORDER_STATUS.CANCELLED }).where('table_id', '=', tableId).where('status', '=', ORDER_STATUS.AWAITING_PAYMENT).execute()
    const QRCode = await tableCode(server.db, tableId)
    const diner = device()
    const tea = await clientLine(server, { code: 'H03', qua: '1' })
    const placed = ok(
      await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [tea.input] }], { headers: diner.headers })
    )
    const s = { sheetId: placed.table1[0].SheetID, roundId: placed.table2[0].SheetID }
    const promoted = Number(placed.table2[0].GoodsAmount)
    // The promotion ends (a shop's menu change: the next version of the menu has it ended yesterday).
    await server.db.updateTable('promotions').set({ end_date: '2000-01-01' }).where('shop_id', '=', 'S101').where('code', '=', 'LEMON-TEA').execute()
    await server.db.updateTable('menus').set((eb) => ({ version: eb('version', '+', 1) })).where('shop_id', '=', 'S101').execute()
    try {
      const today = Number((await clientLine(server, { code: 'H03', qua: '1' })).input.Amount)
      expect(today).toBeGreaterThan(promoted)
      const refused = await edit(s, 10, { QRCode }, diner.headers)
      expect(refused.body.resultcode).toBe(RESULTCODES.PRICE_CHANGED)
      const sheetNow = await server.db.selectFrom('orders').select('goods_amount').where('order_id', '=', s.roundId).executeTakeFirstOrThrow()
      expect(Number(sheetNow.goods_amount)).toBeCloseTo(promoted, 2)
    } finally {
      await server.db.updateTable('promotions').set({ end_date: '' }).where('shop_id', '=', 'S101').where('code', '=', 'LEMON-TEA').execute()
      await server.db.updateTable('menus').set((eb) => ({ version: eb('version', '+', 1) })).where('shop_id', '=', 'S101').execute()
    }
  }, 60_000)
})

describe('PosSheetGoodsQuaEdit: stock', () => {
  /** A round ordered while the sku counts `stock` units. */
  async function sheetWithStock(tableId: string, qua: string, stock: number | null) {
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '1' })
    await setStock(noodles.input.SkuID, stock)
    return openSheet(tableId, qua)
  }
  afterEach(async () => {
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '1' })
    await setStock(noodles.input.SkuID, null)
  })

  it('more units than the stock left are refused (STOCK_SHORT), and nothing changes', async () => {
    const s = await sheetWithStock('B201-A02', '2', 5) // takes 2: 3 left
    expect(await stockOf(s.skuId)).toBe(3)
    const before = await sheetState(s)
    const short = await edit(s, 6, { QRCode: s.QRCode }, s.diner.headers)
    expect(short.body.resultcode).toBe(RESULTCODES.STOCK_SHORT)
    expect(await stockOf(s.skuId)).toBe(3)
    expect(await sheetState(s)).toEqual(before)
  }, 60_000)

  // WEAKNESS (availability): stock_takes' primary key is (order_id, sku_id) (migration 0005), and
  // moveStock (server/src/domain/table-sheets/sheet-quantity.ts) inserts a second row for the round's sku
  // on every edit that moves stock. So for every goods whose stock is counted, a quantity change up or
  // down fails with errcode 50000 (INTERNAL): the feature does not work there, and the diner sees a
  // server error instead of a refusal.
  test('FIXED: a quantity change of a goods whose stock is counted answers 50000 instead of changing it', async () => {
    const s = await sheetWithStock('B201-A02', '2', 10) // takes 2: 8 left
    const up = await edit(s, 5, { QRCode: s.QRCode }, s.diner.headers)
    expect({ errcode: up.body.errcode, resultcode: up.body.resultcode }).toEqual({ errcode: '0', resultcode: '0' })
    expect(await stockOf(s.skuId)).toBe(5)
    const down = await edit(s, 1, { QRCode: s.QRCode }, s.diner.headers)
    expect({ errcode: down.body.errcode, resultcode: down.body.resultcode }).toEqual({ errcode: '0', resultcode: '0' })
    expect(await stockOf(s.skuId)).toBe(9)
  }, 60_000)

  // WEAKNESS (stock): moveStock gives units back to the sku whenever its stock is counted NOW, whether or
  // not the round ever took them. A round ordered while the sku was unlimited took nothing; when the
  // shop then counts its stock (10 left), lowering that round's 99 to 1 adds 98 units that do not
  // exist, and the shop oversells by that much. Give back at most what the round's takes hold.
  test('FIXED: lowering a round that took no stock (ordered while unlimited) adds stock that does not exist', async () => {
    const s = await sheetWithStock('B201-A02', '99', null)
    await setStock(s.skuId, 10)
    const down = await edit(s, 1, { QRCode: s.QRCode }, s.diner.headers)
    expect(down.body.resultcode).toBe('0')
    expect(await stockOf(s.skuId)).toBe(10)
  }, 60_000)
})

describe('PosSheetGoodsQuaEdit: a paid, closed or settling sheet', () => {
  it('refuses on a paid sheet (SHEET_CLOSED) and changes neither the bill nor the rounds', async () => {
    const s = await openSheet('B201-A03')
    const bill = ok(await server.call('PayLaterUpdate', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table2[0]
    expect(await paidNotice(await startPayment(bill.SheetID, s.diner.headers))).toBe('paid')
    const before = await sheetState(s)
    expect(before.sheet.status).toBe(ORDER_STATUS.COMPLETED)
    // The payer (who ordered) and a code holder alike.
    for (const headers of [s.diner.headers, device().headers]) {
      const res = await edit(s, 1, { QRCode: s.QRCode }, headers)
      expect(res.body.resultcode).toBe(RESULTCODES.SHEET_CLOSED)
    }
    expect(await sheetState(s)).toEqual(before)
  }, 60_000)

  it('a payment started on the old bill, completing after a quantity change, is refunded, never taken for the old total', async () => {
    const s = await openSheet('B201-A04')
    const bill = ok(await server.call('PayLaterUpdate', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table2[0]
    const payId = await startPayment(bill.SheetID, s.diner.headers)
    ok(await edit(s, 5, { QRCode: s.QRCode }, s.diner.headers))
    expect(await paidNotice(payId)).toBe('refunded')
    const payment = await server.db.selectFrom('payments').select('status').where('pay_id', '=', payId).executeTakeFirstOrThrow()
    expect(payment.status).toBe(PAYMENT_STATUS.REFUNDED)
    const after = await sheetState(s)
    expect(after.sheet).toMatchObject({ status: ORDER_STATUS.AWAITING_PAYMENT, paid_amount: '0' })
    // Asking for the bill again asks for the new total, which pays the sheet in full.
    const again = ok(await server.call('PayLaterUpdate', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table2[0]
    expect(again.Amount).toBe(after.sheet.amount)
    expect(await paidNotice(await startPayment(again.SheetID, s.diner.headers))).toBe('paid')
    const closed = await sheetState(s)
    expect(closed.sheet.paid_amount).toBe(closed.sheet.amount)
  }, 60_000)

  // WEAKNESS (race, money): PayLaterUpdate (startSettlement, server/src/domain/table-sheets/table-sheet.service.ts)
  // works out what is due from the sheet it read BEFORE its transaction and never from the row it locks.
  // A quantity change (or a round) that commits between that read and the transaction leaves a
  // settlement for the OLD total on the sheet; paying it closes the sheet as paid with less than was
  // ordered (up to 98 units of every line free). The test commits the edit at exactly that point.
  test('FIXED: a quantity raised while PayLaterUpdate is under way leaves a bill for the old, lower total, and paying it closes the sheet', async () => {
    const s = await openSheet('B201-A05', '1')
    const raiseInTheGap = async () => ok(await edit(s, 9, { QRCode: s.QRCode }, s.diner.headers))
    const db = dbRunningBeforeTransaction(server.db, raiseInTheGap)
    const { settlement } = await startSettlement({ db, entId: 'E1001', ownerKey: `dev:redteam-${requestKey()}`, locale: 'en', origin: 'http://localhost', now: new Date(), qrCode: s.QRCode }, s.sheetId)
    const sheet = (await sheetState(s)).sheet
    expect(sheet.settlement_id).toBe(settlement.order_id)
    // Paying the pending bill pays the sheet: it must ask for what the table ordered.
    await server.db.transaction().execute((trx) => markOrderPaid(trx, settlement.order_id, settlement.amount, new Date()))
    const paid = (await sheetState(s)).sheet
    expect({ status: paid.status, paid: paid.paid_amount }).toEqual({ status: ORDER_STATUS.COMPLETED, paid: sheet.amount })
  }, 60_000)
})

/** A Kysely whose first transaction() runs `gap` first: what another request committing between a caller's reads and its transaction does. */
function dbRunningBeforeTransaction(db: Kysely<Database>, gap: () => Promise<unknown>): Kysely<Database> {
  let done = false
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => {
          const builder = target.transaction()
          return {
            execute: async (fn: any) => {
              if (!done) {
                done = true
                await gap()
              }
              return builder.execute(fn)
            }
          }
        }
      }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    }
  })
}

describe('PosSheetGoodsQuaEdit racing PayLaterUpdate through the gateway', () => {
  // The same weakness as above, as an outsider meets it: two requests from the table, the quantity
  // change sent a few milliseconds before the bill is asked for. On PostgreSQL (real concurrent
  // connections) the bill is left at the old total in a good share of tries. On SQLite in one process
  // the window is too small to hit here, so the test is a guard there and marks the weakness on PostgreSQL.
  const raceTest = test
  raceTest('a bill asked for while a quantity change commits always asks for the sheet total', async () => {
    const stale: string[] = []
    for (let attempt = 0; attempt < 40 && stale.length === 0; attempt++) {
      const s = await openSheet('B201-A06', '1')
      const editing = edit(s, 9, { QRCode: s.QRCode }, s.diner.headers)
      await new Promise((resolve) => setTimeout(resolve, attempt % 20))
      const settling = server.call('PayLaterUpdate', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })
      const [e, b] = await Promise.all([editing, settling])
      expect([e.body.resultcode, b.body.resultcode]).toEqual(['0', '0'])
      const { sheet } = await sheetState(s)
      if (!sheet.settlement_id) continue
      const bill = await server.db.selectFrom('orders').select(['amount', 'status']).where('order_id', '=', sheet.settlement_id).executeTakeFirstOrThrow()
      if (bill.status === ORDER_STATUS.AWAITING_PAYMENT && bill.amount !== sheet.amount) stale.push(`attempt ${attempt}: bill ${bill.amount}, sheet ${sheet.amount}`)
    }
    expect(stale).toEqual([])
  }, 120_000)
})

describe('PosSheetGoodsQuaEdit racing the payment of the pending bill', () => {
  // WEAKNESS (PostgreSQL, money stuck pending): the quantity change locks the sheet, then the round, then
  // the pending settlement (sheet-quantity.ts, editSheetQuantity); the payment notice locks the
  // settlement, then writes the sheet (order-state.ts markOrderPaid, via payment.service.ts). Opposite
  // orders: when the diner changes a quantity while their payment's notice arrives, PostgreSQL finds a
  // deadlock and kills one of them. Either the diner's edit answers 50000, or the provider's notice
  // answers HTTP 500 '{"code":"40P01","message":"deadlock detected"}' and the payment the provider
  // already took stays "awaiting" until the provider retries (if it ever does). Nothing is paid twice
  // or for the wrong amount, but neither request may fail: take the sheet's lock first on both paths
  // (lock the sheet before the settlement in the payment path), or retry the transaction on 40P01.
  // (MergeOrderSubmit cancelling a pending settlement takes the same order as the edit.) SQLite writes
  // one transaction at a time, so there the test is a guard.
  const raceTest = test
  raceTest('a quantity change and the bill\'s payment notice arriving together both answer, and the bill is paid in full or refunded', async () => {
    const broken: string[] = []
    for (let attempt = 0; attempt < 12 && broken.length === 0; attempt++) {
      const s = await openSheet('B201-A05', '1')
      const bill = ok(await server.call('PayLaterUpdate', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table2[0]
      const payId = await startPayment(bill.SheetID, s.diner.headers)
      const row = await server.db.selectFrom('payments').select(['provider_ref', 'amount']).where('pay_id', '=', payId).executeTakeFirstOrThrow()
      const signed = sandbox.signNotice({ payId, providerRef: row.provider_ref, result: 'paid', amount: row.amount, at: new Date().toISOString() })
      const editing = edit(s, 9, { QRCode: s.QRCode }, s.diner.headers)
      await new Promise((resolve) => setTimeout(resolve, attempt % 6))
      const notice = server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: signed.body, headers: signed.headers })
      const [e, n] = await Promise.all([editing, notice])
      const { sheet } = await sheetState(s)
      const payment = await server.db.selectFrom('payments').select('status').where('pay_id', '=', payId).executeTakeFirstOrThrow()
      if (e.body.errcode !== '0') broken.push(`attempt ${attempt}: the edit answered errcode ${e.body.errcode}`)
      if (n.statusCode !== 200) broken.push(`attempt ${attempt}: the notice answered HTTP ${n.statusCode} ${n.body}, payment status ${payment.status}`)
      if (sheet.status === ORDER_STATUS.COMPLETED && sheet.paid_amount !== sheet.amount) broken.push(`attempt ${attempt}: sheet closed with ${sheet.paid_amount} of ${sheet.amount}`)
    }
    expect(broken).toEqual([])
  }, 120_000)
})

// ---------- delivery with a location ----------

describe('delivery: the location a range is checked at', () => {
  // Senado Square branch (B201): distance tiers up to 5 km. Taipa (B202): amount tiers, range 6 km.
  const B201_AT = { lat: 22.1936, lng: 113.5399 }
  const contact = { Contact: 'Ana Lei', Phone: '+853 6612 3456', Address: 'Rua Central 5, Macau' }
  const deliver = (delivery: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}) =>
    server.call('OrderSubmit', [{ ...takeaway([soupLine('2')], { ServiceType: 'delivery', ...extra }), Delivery: delivery, RequestKey: requestKey() }], { headers: device().headers })

  it('NaN, Infinity, huge, text and objects are refused as input (10007), missing or (0, 0) asks for the location (20053); nothing is written', async () => {
    const before = await orderCounts(server.db)
    // (z.coerce also reads [22.19], true and '0x16' as numbers: loose, but nothing a client could not send as a number.)
    for (const bad of ['NaN', 'Infinity', '-Infinity', '1e400', 'north', '22.19°', { lat: 22.19 }]) {
      for (const at of [{ Lat: bad, Lng: B201_AT.lng }, { Lat: B201_AT.lat, Lng: bad }]) {
        const res = await deliver({ ...contact, ...at })
        expect({ bad, errcode: res.body.errcode, serverError: res.status >= 500 }).toEqual({ bad, errcode: '10007', serverError: false })
      }
    }
    for (const unlocated of [{ ...contact }, { ...contact, Lat: 0, Lng: 0 }, { ...contact, Lat: '', Lng: null }]) {
      expect((await deliver(unlocated)).body.resultcode).toBe(RESULTCODES.LOCATION_REQUIRED)
    }
    expect(await orderCounts(server.db)).toEqual(before)
  })

  it('a point beyond the range is refused, with one coordinate only as well', async () => {
    expect((await deliver({ ...contact, Lat: B201_AT.lat + 0.1, Lng: B201_AT.lng })).body.resultcode).toBe(RESULTCODES.BEYOND_DELIVERY_RANGE)
    expect((await deliver({ ...contact, Lat: B201_AT.lat, Lng: 0 })).body.resultcode).toBe(RESULTCODES.BEYOND_DELIVERY_RANGE)
    expect((await deliver({ ...contact, Lat: 0, Lng: B201_AT.lng })).body.resultcode).toBe(RESULTCODES.BEYOND_DELIVERY_RANGE)
    // Antipode of the branch.
    expect((await deliver({ ...contact, Lat: -B201_AT.lat, Lng: B201_AT.lng - 180 })).body.resultcode).toBe(RESULTCODES.BEYOND_DELIVERY_RANGE)
  })

  // WEAKNESS (validation): Lat and Lng are any finite numbers (OrderRows.ts `coordinate`, also
  // DispatchInfoGet). The haversine distance is periodic, so a latitude or longitude 360° off the branch
  // (382.1936, or 473.5399) is "0 m away": in range, the cheapest tier, and the impossible point is
  // stored on the order (delivery_lat/lng). Refuse |Lat| > 90 and |Lng| > 180 as input (10007).
  test('FIXED: a latitude or longitude beyond ±90/±180 is taken, measured as 0 m from the branch, and stored', async () => {
    const before = await orderCounts(server.db)
    for (const at of [{ Lat: B201_AT.lat + 360, Lng: B201_AT.lng }, { Lat: B201_AT.lat, Lng: B201_AT.lng + 360 }, { Lat: 95, Lng: B201_AT.lng }, { Lat: B201_AT.lat, Lng: -500 }]) {
      const res = await deliver({ ...contact, ...at })
      expect({ at, ok: res.body.errcode === '0' && res.body.resultcode === '0' }).toEqual({ at, ok: false })
      const info = await server.call('DispatchInfoGet', [{ BaseID: B201, ...at, Amount: '44' }])
      expect({ at, inRange: info.body.data?.table1?.[0]?.InRange ?? 'refused' }).toEqual({ at, inRange: expect.not.stringMatching(/^1$/) })
    }
    expect(await orderCounts(server.db)).toEqual(before)
  })

  // WEAKNESS (delivery beyond range, undetectable by the shop): the range is checked at the point the
  // client sends and the typed address is never compared with it (no geocoder). A diner far outside the
  // range sends the branch's own coordinates with their real address and the order is taken at the
  // lowest fee. The shop cannot notice: the point the range was checked at (orders.delivery_lat/lng)
  // is shown nowhere — not on the kitchen ticket (`npm run orders -- show`), nor in the admin API or
  // OrderDetailGet. Show the checked point (and its distance) next to the typed address on the ticket,
  // so the shop can see that they disagree (server/src/cli/orders.ts `detail`, order rows).
  test("FIXED: a spoofed 'Use my location' far from the typed address shows on the kitchen ticket: the point checked and its distance", async () => {
    const far = { ...contact, Address: 'Estrada de Hac Sa 1, Coloane (11 km away)', Lat: B201_AT.lat, Lng: B201_AT.lng }
    const data = ok(await deliver(far))
    expect(data.table1[0]).toMatchObject({ Address: far.Address, Freight: '5.00' })
    const { runCli } = await import('./helpers/test-server')
    const shown = await runCli(server, 'orders', 'show', data.table1[0].SheetID)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain(far.Address)
    // The point the range was checked at, for the shop to compare with the address.
    expect(shown.stdout).toMatch(/22\.193\d*\D+113\.539\d*/)
  }, 60_000)
})

// ---------- order details and the entry SheetID ----------

describe("order details: another diner's order by its id", () => {
  async function deliveryOrder() {
    const owner = device()
    const data = ok(
      await server.call(
        'OrderSubmit',
        [{ ...takeaway([soupLine('1')], { ServiceType: 'delivery', Delivery: { Contact: 'Secret Person', Phone: '+853 6699 0001', Address: 'Secret Street 7', Lat: 22.1936, Lng: 113.5409 } as DeliveryInput }), Remarks: 'door code 4711', RequestKey: requestKey() }],
        { headers: owner.headers }
      )
    )
    return { owner, orderId: data.table1[0].SheetID as string }
  }
  const secrets = ['Secret Person', '6699', 'Secret Street', '4711']

  it("answers another device as an unknown order (ORDER_NOT_FOUND) with nothing of the order, and no device key at all 10007", async () => {
    const { owner, orderId } = await deliveryOrder()
    expect(JSON.stringify(ok(await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: owner.headers })))).toContain('Secret Street 7')
    for (const lang of ['en', 'zh-CN', 'zh-TW']) {
      const res = await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: device().headers, lang })
      expect(res.body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
      for (const secret of secrets) expect(res.text).not.toContain(encodeURIComponent(secret))
      for (const secret of secrets) expect(JSON.stringify(res.body)).not.toContain(secret)
    }
    const noKey = await server.call('OrderDetailGet', [{ SheetID: orderId }])
    expect(noKey.body.errcode).toBe('10007')
    expect(JSON.stringify(noKey.body)).not.toContain('Secret')
    // Nor through the other reads that take an order id.
    for (const [op, rec] of [
      ['OrderCancel', { SheetID: orderId }],
      ['PaySubmit', { SheetID: orderId, RequestKey: requestKey(), ReturnUrl: RETURN_URL }],
      ['PosSheetDetailGet', { SheetID: orderId }],
      ['PayLaterUpdate', { SheetID: orderId }]
    ] as const) {
      const res = await server.call(op, [rec], { headers: device().headers })
      expect({ op, code: res.body.resultcode }).not.toEqual({ op, code: '0' })
      for (const secret of secrets) expect(JSON.stringify(res.body)).not.toContain(secret)
    }
    const mine = await server.db.selectFrom('orders').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()
    expect(mine.status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
  })

  it("a diner at the same table (holding its code) reads the table's rounds on the sheet, but not another diner's round or paid bill as order details", async () => {
    const s = await openSheet('B201-A01')
    const neighbour = device()
    await server.call('MergeOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: s.tableId, QRCode: s.QRCode, SheetID: s.sheetId, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine()] }], { headers: neighbour.headers })
    expect((await server.call('OrderDetailGet', [{ SheetID: s.roundId }], { headers: neighbour.headers })).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    const bill = ok(await server.call('PayLaterUpdate', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table2[0]
    expect(await paidNotice(await startPayment(bill.SheetID, s.diner.headers))).toBe('paid')
    expect((await server.call('OrderDetailGet', [{ SheetID: bill.SheetID }], { headers: neighbour.headers })).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect((await server.call('OrderDetailGet', [{ SheetID: bill.SheetID }], { headers: s.diner.headers })).body.resultcode).toBe('0')
    // A stranger with the paid sheet's id (from a link or a shoulder) sees nothing of it.
    const stranger = await server.call('PosSheetDetailGet', [{ SheetID: s.sheetId }], { headers: device().headers })
    expect(stranger.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    expect(JSON.stringify(stranger.body.data ?? {})).not.toContain(s.roundId)
  }, 60_000)

  it('an unknown id and another diner\'s are answered alike (20016): a refusal confirms no id, and ids carry 40 random bits a day', async () => {
    const { orderId } = await deliveryOrder()
    expect(orderId).toMatch(/^O\d{8}[0-9a-f]{10}$/)
    const other = await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: device().headers })
    const unknown = await server.call('OrderDetailGet', [{ SheetID: `${orderId.slice(0, 9)}0000000000` }], { headers: device().headers })
    expect([other.body.resultcode, unknown.body.resultcode]).toEqual([RESULTCODES.ORDER_NOT_FOUND, RESULTCODES.ORDER_NOT_FOUND])
    expect(other.body.errmsg).toBe(unknown.body.errmsg)
    expect(other.status).toBe(unknown.status)
    // Another enterprise's envelope cannot reach it at all.
    const foreign = await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: device().headers, entId: 'E9999' })
    expect(foreign.body.resultcode === '0' && foreign.body.errcode === '0').toBe(false)
    // Table sheet ids (time + 48 random bits) are no better a guess.
    const s = await openSheet('B201-A02')
    expect(s.sheetId).toMatch(/^B201-[0-9A-Z]+[0-9A-F]{12}$/)
  })
})

// ---------- order line names in the reader's language ----------

describe("order lines in the reader's language", () => {
  it('crafted Accept-Language headers answer names of this shop in one of the three languages, never an object, an error or another shop', async () => {
    const diner = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '1', addOns: ['WONTON3'], remarks: [{ name: 'Spring onion', option: 'No' }] })
    const orderId = ok(await server.call('OrderSubmit', [{ ...takeaway([noodles.input]), RequestKey: requestKey() }], { headers: diner.headers, lang: 'en' })).table1[0].SheetID
    const names = new Set<string>()
    for (const lang of ['zh-CN', 'zh-TW', 'en']) names.add(ok(await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: diner.headers, lang })).table2[0].GoodsName)
    for (const lang of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'en;q=0.1, __proto__;q=1', 'xx-'.repeat(3000), '*', 'zh-Hant-MO', 'zh-Hans', 'en-US;q=abc', '\u0000en', 'en, fr, de, ja'.repeat(50), 'valueOf,en']) {
      const res = await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: diner.headers, lang })
      expect({ lang: lang.slice(0, 30), status: res.status, code: res.body.resultcode }).toEqual({ lang: lang.slice(0, 30), status: 200, code: '0' })
      const line = res.body.data.table2[0]
      for (const field of ['GoodsName', 'SkuName', 'Unit', 'RemarkText', 'AddOnText', 'BomText', 'PUnit']) expect(typeof line[field]).toBe('string')
      expect(names).toContain(line.GoodsName)
    }
  }, 60_000)

  it("a line cannot be made to carry another shop's add-on, combo pick or remark text to be named later", async () => {
    const before = await orderCounts(server.db)
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '1' })
    const s102Goods = await server.db.selectFrom('goods').select('goods_id').where('shop_id', '=', 'S102').executeTakeFirstOrThrow()
    const s102AddOn = await server.db.selectFrom('goods_add_ons').select(['option_id']).where('shop_id', '=', 'S102').executeTakeFirst()
    const tries = [
      { ...noodles.input, AddOns: [s102AddOn?.option_id ?? 'S102.g.X.o.Y'] },
      { ...noodles.input, Bom: [{ BOMClassID: `${noodles.input.GoodsID}.b.X`, GoodsID: s102Goods.goods_id }] },
      { ...noodles.input, Remarks: [{ name: 'Spring onion', option: '<img src=x onerror=alert(1)>' }] }
    ]
    for (const line of tries) {
      const res = await server.call('OrderSubmit', [{ ...takeaway([line]), RequestKey: requestKey() }], { headers: device().headers })
      expect(res.body.resultcode === '0' && res.body.errcode === '0').toBe(false)
    }
    expect(await orderCounts(server.db)).toEqual(before)
  }, 60_000)
})
