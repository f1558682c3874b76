/**
 * Issue 11 items 2 and 3: a table's code cannot be guessed, the open sheet is shown only to
 * holders of the table's code (or diners who ordered on it), and a stranger cannot lock the
 * table out of paying its bill. Through the real gateway, on SQLite and (DATABASE_URL) PostgreSQL.
 */
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { device, openAllDay, requestKey, soupLine, B201, S101 } from './helpers/order-fixtures'
import { tableCode } from './helpers/table-codes'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'
import { tableCodeTokens } from '../../server/src/storage/migrations/0007-table-code-tokens'

let server: TestServer
const A01 = 'B201-A01'
const SECRET = 'table-access-test-secret'
const sandbox = new SandboxPaymentProvider(SECRET)

beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET }, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)

afterAll(() => server?.close())

const round = (tableId: string, qrCode: string | undefined) => ({
  ShopID: S101,
  BaseID: B201,
  TableID: tableId,
  ...(qrCode === undefined ? {} : { QRCode: qrCode }),
  ServiceType: 'dinein',
  RequestKey: requestKey(),
  Lines: [soupLine()]
})

/** A diner at the table (holding its code) orders a round; answers the sheet id. */
async function orderAtTable(tableId: string, headers: Record<string, string>): Promise<string> {
  const data = ok(await server.call('MealPosOrderSubmit', [round(tableId, await tableCode(server.db, tableId))], { headers }))
  return data.table1[0].SheetID
}

describe('table codes', () => {
  it('every table code carries an unguessable token; the bare demo codes do not resolve', async () => {
    const codes = await server.db.selectFrom('qr_codes').select(['code', 'table_id']).where('table_id', 'is not', null).execute()
    expect(codes.length).toBeGreaterThanOrEqual(12)
    for (const { code } of codes) expect(code).toMatch(/^QR-[A-Z0-9]+-[A-Za-z0-9_-]{22}$/)
    const tables = await server.db.selectFrom('dining_tables').select(['table_id', 'qr_code']).execute()
    for (const t of tables) expect(t.qr_code).toBe(codes.find((c) => c.table_id === t.table_id)?.code)
    const bare = await server.call('EntIDGet', [{ QRCode: 'QR-A01' }], { entId: '' })
    expect(bare.body.resultcode).toBe(RESULTCODES.QR_CODE_INVALID)
    // The shop counter codes reveal nothing private and stay as printed.
    expect(ok(await server.call('EntIDGet', [{ QRCode: 'QR-S101' }], { entId: '' })).table1[0].ShopID).toBe('S101')
  })

  it("the table's code resolves as before", async () => {
    const code = await tableCode(server.db, A01)
    const ent = ok(await server.call('EntIDGet', [{ QRCode: code }], { entId: '' })).table1[0]
    expect(ent).toMatchObject({ EntID: 'E1001', ShopID: S101, BaseID: B201, TableID: A01, QRCode: code })
  })
})

describe('the open sheet is shown only to holders of the code', () => {
  it('entry by TableID, BaseID or ShopID answers neither the code nor the open sheet', async () => {
    const sheetId = await orderAtTable('B201-A02', device().headers)
    const byTable = ok(await server.call('EntIDGet', [{ TableID: 'B201-A02' }], { entId: '' })).table1[0]
    expect(byTable.TableID).toBe('B201-A02')
    expect(byTable.QRCode).toBe('')
    const home = ok(await server.call('HomeShopDetailsGet', [{ TableID: 'B201-A02' }]))
    expect(home.table4).toEqual([])
    expect(JSON.stringify(home)).not.toContain(sheetId)
    for (const lookup of [{ BaseID: B201 }, { ShopID: S101, BaseID: B201 }]) {
      expect(JSON.stringify(ok(await server.call('HomeShopDetailsGet', [lookup])))).not.toContain(sheetId)
    }
    const withCode = ok(await server.call('HomeShopDetailsGet', [{ QRCode: await tableCode(server.db, 'B201-A02') }]))
    expect(withCode.table4[0].SheetID).toBe(sheetId)
  })

  it('a stranger who learnt the SheetID sees nothing of it; the code holder and the diners who ordered do', async () => {
    const diner = device()
    const sheetId = await orderAtTable('B201-A03', diner.headers)
    const stranger = device()
    const refused = await server.call('PosSheetDetailGet', [{ SheetID: sheetId }], { headers: stranger.headers })
    expect(refused.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    expect(refused.body.resultmsg).toMatch(/QR code/)
    expect(refused.body.data?.table1 ?? []).toEqual([])
    const wrongCode = await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode: await tableCode(server.db, 'B201-A04') }], { headers: stranger.headers })
    expect(wrongCode.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    const zh = await server.call('PosSheetDetailGet', [{ SheetID: sheetId }], { headers: stranger.headers, lang: 'zh-TW' })
    expect(zh.body.resultmsg).toMatch(/二維碼/)

    expect(ok(await server.call('PosSheetDetailGet', [{ SheetID: sheetId }], { headers: diner.headers })).table1[0].SheetID).toBe(sheetId)
    const holder = ok(await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode: await tableCode(server.db, 'B201-A03') }], { headers: stranger.headers }))
    expect(holder.table3).toHaveLength(1)
  })

  it('ordering or previewing a round at a table needs its code', async () => {
    const phone = device()
    for (const code of [undefined, 'QR-A05', await tableCode(server.db, 'B201-A06')]) {
      const placed = await server.call('MealPosOrderSubmit', [round('B201-A05', code)], { headers: phone.headers })
      expect(placed.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    }
    const sheetId = await orderAtTable('B201-A05', device().headers)
    const merge = await server.call('MergeOrderSubmit', [{ ...round('B201-A05', undefined), SheetID: sheetId }], { headers: phone.headers })
    expect(merge.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    const preview = await server.call('MergeOrderPreview', [round('B201-A05', undefined)], { headers: phone.headers })
    expect(preview.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    expect(JSON.stringify(preview.body)).not.toContain(sheetId)
  })
})

describe('a table bill belongs to its table', () => {
  it('a stranger cannot start the settlement, so the diner who ordered can always pay (the lock-out finding)', async () => {
    const diner = device()
    const sheetId = await orderAtTable('B201-A04', diner.headers)
    const stranger = device()
    const grab = await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: stranger.headers })
    expect(grab.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)

    const mine = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: diner.headers })).table2[0]
    expect(mine.CanPay).toBe(1)
    const pay = await server.call('PaySubmit', [{ SheetID: mine.SheetID, RequestKey: requestKey(), ReturnUrl: '/#/pages/paying/paying?PayID={PayID}' }], { headers: diner.headers })
    expect(pay.body.resultcode).toBe('0')
  })

  it("a second diner's settlement takes over the pending one, and the first can take it back", async () => {
    const first = device()
    const sheetId = await orderAtTable('B201-A06', first.headers)
    const started = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: first.headers })).table2[0]

    // A friend at the table who never ordered holds the code: they may settle the bill.
    const second = device()
    const code = await tableCode(server.db, 'B201-A06')
    const taken = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode: code }], { headers: second.headers })).table2[0]
    expect(taken).toMatchObject({ SheetID: started.SheetID, CanPay: 1, Amount: started.Amount })
    const paySecond = await server.call('PaySubmit', [{ SheetID: taken.SheetID, RequestKey: requestKey(), ReturnUrl: '/#/pages/paying/paying?PayID={PayID}' }], { headers: second.headers })
    expect(paySecond.body.resultcode).toBe('0')

    // Never locked out: the first diner asks again and may pay.
    const back = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: first.headers })).table2[0]
    expect(back).toMatchObject({ SheetID: started.SheetID, CanPay: 1 })
    const payFirst = await server.call('PaySubmit', [{ SheetID: back.SheetID, RequestKey: requestKey(), ReturnUrl: '/#/pages/paying/paying?PayID={PayID}' }], { headers: first.headers })
    expect(payFirst.body.resultcode).toBe('0')
  })
})

describe('a takeover between PayLaterUpdate and PaySubmit (red-team review)', () => {
  it('a diner who ordered a round may pay the current settlement though another diner took it over since', async () => {
    const diner = device()
    const tableId = 'B201-A05'
    const sheetId = await orderAtTable(tableId, diner.headers)
    const settlement = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: diner.headers })).table2[0].SheetID
    // Someone holding the code (a past diner with a photo of the QR) calls PayLaterUpdate in a loop.
    const holder = device()
    ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode: await tableCode(server.db, tableId) }], { headers: holder.headers }))
    const pay = await server.call('PaySubmit', [{ SheetID: settlement, RequestKey: requestKey(), ReturnUrl: RETURN_URL }], { headers: diner.headers })
    expect(pay.body.resultcode).toBe('0')
    // The payment is the diner's to follow.
    const payId = pay.body.data.table1[0].PayID
    expect((await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: diner.headers })).body.resultcode).toBe('0')
    // A device that neither ordered nor holds the settlement still may not pay it.
    const stranger = device()
    const refused = await server.call('PaySubmit', [{ SheetID: settlement, RequestKey: requestKey(), ReturnUrl: RETURN_URL }], { headers: stranger.headers })
    expect(refused.body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
  })
})

const RETURN_URL = '/#/pages/paying/paying?PayID={PayID}'

/** Starts paying an order from a device: the payment id. */
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

describe('two diners paying one bill', () => {
  it("the second diner's payment settles the bill; the first one's, completing later, is refunded at once", async () => {
    const first = device()
    const tableId = A01
    const sheetId = await orderAtTable(tableId, first.headers)
    const settlement = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode: await tableCode(server.db, tableId) }], { headers: first.headers })).table2[0].SheetID
    const firstPay = await startPayment(settlement, first.headers)

    const second = device()
    const taken = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode: await tableCode(server.db, tableId) }], { headers: second.headers })).table2[0]
    expect(taken).toMatchObject({ SheetID: settlement, CanPay: 1 })
    const secondPay = await startPayment(settlement, second.headers)
    expect(await paidNotice(secondPay)).toBe('paid')
    const sheet = await server.db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheetId).executeTakeFirstOrThrow()
    expect(sheet.status).toBe(ORDER_STATUS.COMPLETED)

    // The first diner's provider takes their money after all: it goes straight back.
    expect(await paidNotice(firstPay)).toBe('refunded')
    const late = await server.db.selectFrom('payments').select('status').where('pay_id', '=', firstPay).executeTakeFirstOrThrow()
    expect(late.status).toBe(PAYMENT_STATUS.REFUNDED)
    const sandboxOfServer = server.providers.payments.get('sandbox') as SandboxPaymentProvider
    expect(sandboxOfServer.refunds.filter((r) => r.payId === firstPay)).toHaveLength(1)
  })
})

describe('the shop rotates a table code; old databases get tokens', () => {
  it('npm run tables -- rotate voids the old code at once, and list prints the entry URLs', async () => {
    const diner = device()
    const old = await tableCode(server.db, 'B202-T01')
    const fast = { ShopID: S101, BaseID: 'B202', TableID: 'B202-T01', QRCode: old, ServiceType: 'fastfood', RequestKey: requestKey(), Lines: [soupLine()] }
    const sheetId = ok(await server.call('PosOrderSubmit', [fast], { headers: diner.headers })).table1[0].SheetID

    const rotated = await runCli(server, 'tables', 'rotate', 'B202-T01')
    expect(rotated).toMatchObject({ code: 0 })
    const fresh = await tableCode(server.db, 'B202-T01')
    expect(fresh).not.toBe(old)
    expect(fresh).toMatch(/^QR-T01-[A-Za-z0-9_-]{22}$/)
    expect(rotated.stdout).toContain(`/?QRCode=${fresh}`)

    expect((await server.call('EntIDGet', [{ QRCode: old }], { entId: '' })).body.resultcode).toBe(RESULTCODES.QR_CODE_INVALID)
    expect((await server.call('HomeShopDetailsGet', [{ QRCode: old }])).body.resultcode).toBe(RESULTCODES.QR_CODE_INVALID)
    const stranger = device()
    expect((await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode: old }], { headers: stranger.headers })).body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
    // The diners at the table scan the new code and land on the same sheet; who ordered still sees it.
    expect(ok(await server.call('HomeShopDetailsGet', [{ QRCode: fresh }])).table4[0].SheetID).toBe(sheetId)
    expect(ok(await server.call('PosSheetDetailGet', [{ SheetID: sheetId }], { headers: diner.headers })).table1[0].SheetID).toBe(sheetId)

    const listed = await runCli(server, 'tables', 'list', '--ent', 'E1001')
    expect(listed.code).toBe(0)
    const tables = await server.db.selectFrom('dining_tables').select('qr_code').where('ent_id', '=', 'E1001').execute()
    for (const t of tables) expect(listed.stdout).toContain(`/?QRCode=${t.qr_code}`)

    const unknown = await runCli(server, 'tables', 'rotate', 'B999-X01')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No table B999-X01')
  }, 60_000)

  it('the migration gives a table with a bare code a token; the bare code stops working', async () => {
    await server.db.deleteFrom('qr_codes').where('table_id', '=', 'B202-T02').execute()
    await server.db.insertInto('qr_codes').values({ code: 'QR-T02', ent_id: 'E1001', shop_id: S101, base_id: 'B202', table_id: 'B202-T02', expires_at: null, is_enable: 1 }).execute()
    await server.db.updateTable('dining_tables').set({ qr_code: 'QR-T02' }).where('table_id', '=', 'B202-T02').execute()
    const untouched = await tableCode(server.db, 'B201-A01')
    expect(ok(await server.call('EntIDGet', [{ QRCode: 'QR-T02' }], { entId: '' })).table1[0].TableID).toBe('B202-T02')

    await tableCodeTokens.up(server.db)
    const code = await tableCode(server.db, 'B202-T02')
    expect(code).toMatch(/^QR-T02-[A-Za-z0-9_-]{22}$/)
    expect((await server.db.selectFrom('dining_tables').select('qr_code').where('table_id', '=', 'B202-T02').executeTakeFirstOrThrow()).qr_code).toBe(code)
    expect(await tableCode(server.db, 'B201-A01')).toBe(untouched)
    expect((await server.call('EntIDGet', [{ QRCode: 'QR-T02' }], { entId: '' })).body.resultcode).toBe(RESULTCODES.QR_CODE_INVALID)
    expect(ok(await server.call('EntIDGet', [{ QRCode: code }], { entId: '' })).table1[0].TableID).toBe('B202-T02')
  })
})
