/**
 * The day report in the console (issue 24 item 6) in Chromium on the real server: a day at B201 made
 * through the gateway (orders paid from the balance and through the sandbox, one cancelled by the
 * shop, a table bill paid online, one paid in cash at the counter) and kitchen tickets bumped after
 * known times; the owner opens Day report, reads the figures, sorts goods by amount, downloads the
 * CSV; axe (WCAG 2.2 AA) on the page in en, zh-CN and zh-TW at 1024 × 768 and 390 × 844; screenshots
 * tests/e2e/screenshots/console-day-report-*.png.
 */
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import type { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { makeMember } from '../server/helpers/member-fixtures'
import { gid } from '../server/helpers/order-fixtures'
import { decodeDeep } from '../server/helpers/test-server'
import { checkPage } from './axe'
import { SCREENSHOTS, saveScreenshot } from './browser'
import { demoCode, useAppUnderTest } from './harness'

const root = path.resolve(__dirname, '..', '..')

before(() => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the console did not build:\n${built.stdout}\n${built.stderr}`)
})

const app = useAppUnderTest()

const LOCALES: readonly Locale[] = ['en', 'zh-CN', 'zh-TW']
const SIZES = { tablet: { width: 1024, height: 768 }, phone: { width: 390, height: 844 } } as const
type Size = keyof typeof SIZES

const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)
const consoleUrl = (hash = '') => `${app.server.url}/console/${hash}`

/** A diner's gateway call (the H5 app's envelope), with their headers. */
async function call(keyName: string, record: Record<string, unknown>, headers: Record<string, string>): Promise<any> {
  const res = await app.server.app.inject({
    method: 'POST',
    url: '/GetData',
    payload: new URLSearchParams({
      ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
      KeyName: keyName,
      strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: 'guest', AppName: 'ScanOrder-report', ...record }] }),
      AuthCode: app.server.config.authCode,
      IsRSA: '0',
      EntID: 'E1001'
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers }
  })
  const body = decodeDeep(JSON.parse(res.body))
  if (body.errcode !== '0' || body.resultcode !== '0') throw new Error(`${keyName}: ${body.errcode}/${body.resultcode} ${body.errmsg}${body.resultmsg}`)
  return body.data
}

const key = () => randomBytes(8).toString('hex')
const line = (code: string, qua: number, price: number) => ({ GoodsID: gid(code), SkuID: '', PCode: '', MQua: String(qua), PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(qua * price) })
const device = () => ({ 'X-Device-Key': randomBytes(16).toString('hex') })

async function approve(payId: string): Promise<void> {
  const sandbox = app.server.providers.payments.get('sandbox') as SandboxPaymentProvider
  await app.server.app.inject({ method: 'POST', url: sandbox.pagePath(payId, '/approve'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
}

function staff(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

/** The demo's owner, and a day at B201 made through the gateway. */
async function aDayOfService(): Promise<{ owner: StaffSessionRow; day: string }> {
  const { call: staffCall, as } = staff()
  const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
  const owner = (await staffCall('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olivia Owner', AreaCode: '853', Phone: '66123460', Password: 'report-at-dusk', Locale: 'en' }, as({ entId: '' }))).table1![0]
  const where = { ShopID: 'S101', BaseID: 'B201', AppointedTime: '' }
  const member = await makeMember(app.server.db, { balance: '1000', name: 'Ana' })

  const paid: string[] = []
  for (const lines of [[line('F01', 2, 22), line('A03', 3, 12)], [line('C04', 2, 32)], [line('A05', 1, 62)], [line('E02', 4, 7), line('H09', 2, 10)]]) {
    const order = (await call('OrderSubmit', { ...where, ServiceType: 'takeaway', RequestKey: key(), Lines: lines }, member.headers)).table1[0]
    await call('BalancePay', { SheetID: order.SheetID, RequestKey: key() }, member.headers)
    paid.push(order.SheetID)
  }
  const diner = device()
  const tart = (await call('OrderSubmit', { ...where, ServiceType: 'takeaway', RequestKey: key(), Lines: [line('A03', 2, 12)] }, diner)).table1[0]
  await approve((await call('PaySubmit', { SheetID: tart.SheetID, RequestKey: key(), ReturnUrl: '/#/pages/paying/paying?PayID={PayID}', Provider: 'sandbox' }, diner)).table1[0].PayID)
  await staffCall('StaffOrderCancel', { SheetID: paid[2], Reason: 'Out of rice' }, as({ token: owner.Token }))

  // A table bill paid online, another paid in cash at the counter (a payments row 'cash', as the counter records it).
  const bill = async (table: string, lines: ReturnType<typeof line>[]) => {
    const phone = device()
    const QRCode = await demoCode(app.server, table)
    const row = await app.server.db.selectFrom('qr_codes').select('table_id').where('code', '=', QRCode).executeTakeFirstOrThrow()
    const round = await call('MealPosOrderSubmit', { ...where, TableID: row.table_id, QRCode, ServiceType: 'dinein', RequestKey: key(), Lines: lines }, phone)
    const settlement = (await call('PayLaterUpdate', { SheetID: round.table1[0].SheetID }, phone)).table2[0]
    return { phone, settlement, roundId: round.table2[0].SheetID as string }
  }
  const online = await bill('A04', [line('F01', 1, 22), line('E01', 2, 9.5)])
  await approve((await call('PaySubmit', { SheetID: online.settlement.SheetID, RequestKey: key(), ReturnUrl: '/#/pages/paying/paying?PayID={PayID}', Provider: 'sandbox' }, online.phone)).table1[0].PayID)
  const cash = await bill('A05', [line('C04', 1, 32), line('H09', 1, 10)])
  await app.server.db.transaction().execute(async (trx) => {
    const now = new Date()
    await trx
      .insertInto('payments')
      .values({ pay_id: `PCASH${key()}`, ent_id: 'E1001', shop_id: 'S101', order_id: cash.settlement.SheetID, owner_key: '', request_key: `cash-${key()}`, provider: 'cash', amount: cash.settlement.Amount, status: PAYMENT_STATUS.PAID, provider_ref: '', return_url: '', created_at: now.toISOString(), settled_at: now.toISOString() })
      .execute()
    await markOrderPaid(trx, cash.settlement.SheetID, cash.settlement.Amount, now)
  })

  // The kitchen: two stations, tickets bumped after known times (whatever the board made is replaced).
  await app.server.db.deleteFrom('kitchen_ticket_lines').execute()
  await app.server.db.deleteFrom('kitchen_tickets').execute()
  const made = new Date().toISOString()
  await app.server.db
    .insertInto('kitchen_stations')
    .values([
      { station_id: 'E2E-WOK', ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', name: 'Wok', sort: 1, created_at: made },
      { station_id: 'E2E-DIM', ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', name: 'Dim sum', sort: 2, created_at: made }
    ])
    .execute()
  const t0 = Date.now() - 3_600_000
  const ticket = (orderId: string, stationId: string, seconds: number) =>
    app.server.db
      .insertInto('kitchen_tickets')
      .values({ ticket_id: `KT${key()}`, ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', station_id: stationId, order_id: orderId, status: 'bumped', created_at: new Date(t0).toISOString(), changed_at: null, bumped_at: new Date(t0 + seconds * 1000).toISOString(), bumped_by: '', acked_at: null })
      .execute()
  await ticket(paid[0], 'E2E-WOK', 315)
  await ticket(paid[1], 'E2E-WOK', 420)
  await ticket(paid[3], 'E2E-DIM', 185)
  await ticket(online.roundId, '', 600)

  const day = (await app.server.db.selectFrom('orders').select('business_day').where('order_id', '=', paid[0]).executeTakeFirstOrThrow()).business_day
  return { owner, day }
}

function signedIn(browser: Browser, size: Size, locale: Locale, session: StaffSessionRow): Promise<BrowserContext> {
  return browser
    .newContext({ viewport: SIZES[size], deviceScaleFactor: 1, hasTouch: size === 'phone', isMobile: size === 'phone', locale: locale === 'en' ? 'en-GB' : locale, acceptDownloads: true })
    .then(async (context) => {
      const items = { [STORAGE_KEYS.locale]: locale, [STORAGE_KEYS.session]: JSON.stringify({ token: session.Token, entId: session.EntID }) }
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
      }, items)
      return context
    })
}

async function openReport(page: Page, locale: Locale, day: string): Promise<void> {
  await page.goto(consoleUrl('#/report'))
  await page.getByRole('heading', { level: 1, name: T(locale, 'report.title') }).waitFor({ timeout: 15000 })
  // It opens on the business day running at the branch (the server's), which is the day the orders
  // just placed were given; then the day is asked for by name, as a person would.
  await page.getByRole('region', { name: T(locale, 'report.sales') }).waitFor({ timeout: 15000 })
  assert.equal(await page.getByLabel(T(locale, 'report.day')).inputValue(), day)
  await page.getByLabel(T(locale, 'report.day')).fill(day)
  await page.getByRole('button', { name: T(locale, 'report.show'), exact: true }).click()
  await page.getByRole('region', { name: T(locale, 'report.sales') }).waitFor({ timeout: 15000 })
}

const cells = (page: Page, region: string) =>
  page
    .getByRole('region', { name: region })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())))

describe('console: the day report', () => {
  it('the owner reads a day of B201, sorts the goods, downloads the CSV; axe in three languages at 1024 × 768 and 390 × 844', async () => {
    const { owner, day } = await aDayOfService()
    const { call: staffCall, as } = staff()

    {
      const context = await signedIn(app.browser, 'tablet', 'en', owner)
      const page = await context.newPage()
      await openReport(page, 'en', day)
      await page.getByLabel(T('en', 'report.place')).selectOption('B201')
      await page.getByRole('button', { name: T('en', 'report.show'), exact: true }).click()
      await page.getByRole('status').filter({ hasText: T('en', 'report.shown', { day, places: 'Lotus Tea House: Lotus Tea House (Senado Square)' }) }).waitFor({ timeout: 15000 })
      // 80 + 64 + 62 (cancelled) + 48 from the balance, 24 through the sandbox; bills 41 (sandbox) and 42 (cash).
      assert.deepEqual(await cells(page, T('en', 'report.sales')), [
        ['Prepaid orders', '5', 'MOP$278.00'],
        ['Table bills settled', '2', 'MOP$83.00'],
        ['Sales', '7', 'MOP$361.00'],
        ['Refunds', '1', 'MOP$62.00'],
        ['Net (sales − refunds)', '', 'MOP$299.00'],
        ['Coupon discounts', '0', 'MOP$0.00']
      ])
      assert.deepEqual(await cells(page, T('en', 'report.payments')), [
        ['Member balance', '4', 'MOP$254.00', '1', 'MOP$62.00', 'MOP$192.00'],
        ['Sandbox (test)', '2', 'MOP$65.00', '0', 'MOP$0.00', 'MOP$65.00'],
        ['Cash', '1', 'MOP$42.00', '0', 'MOP$0.00', 'MOP$42.00'],
        ['Total', '7', 'MOP$361.00', '1', 'MOP$62.00', 'MOP$299.00']
      ])
      assert.deepEqual(await cells(page, T('en', 'report.stations')), [
        ['Kitchen (no station)', '1', '10 min 0 s', '10 min 0 s'],
        ['Wok', '2', '6 min 8 s', '7 min 0 s'],
        ['Dim sum', '1', '3 min 5 s', '3 min 5 s']
      ])
      const goods = async () => (await cells(page, T('en', 'report.goods'))).map((r) => r[1])
      assert.deepEqual((await goods()).slice(0, 2), ['Portuguese Egg Tart', 'Siu Mai with Crab Roe'])
      await page.getByRole('button', { name: T('en', 'report.byAmount') }).click()
      assert.deepEqual((await goods()).slice(0, 2), ['Macaroni with Ham in Soup', 'Soup of the Day'])
      await checkPage(page, 'console-day-report-tablet')
      await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'console-day-report-tablet-en.png'), fullPage: true })

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T('en', 'report.export') }).click()])
      assert.equal(download.suggestedFilename(), `day-report-${day}-B201.csv`)
      const csv = readFileSync(await download.path(), 'utf8')
      assert.ok(csv.startsWith('\ufeffDay report\r\n'), csv.slice(0, 40))
      for (const expected of ['Sales,7,361.00', 'Member balance,4,254.00,1,62.00,192.00', 'Cash,1,42.00,0,0.00,42.00', 'Lotus Tea House: Lotus Tea House (Senado Square),Wok,2,368,420']) {
        assert.ok(csv.split('\r\n').includes(expected), `the CSV has ${expected}`)
      }
      await page.getByRole('status').filter({ hasText: T('en', 'report.exported', { file: `day-report-${day}-B201.csv` }) }).waitFor()
      await context.close()
    }

    for (const size of ['tablet', 'phone'] as const) {
      for (const locale of LOCALES) {
        await staffCall('StaffProfileUpdate', { Locale: locale }, as({ token: owner.Token }))
        const context = await signedIn(app.browser, size, locale, owner)
        const page = await context.newPage()
        await openReport(page, locale, day)
        await checkPage(page, `console-day-report-${size}`)
        if (size === 'phone' || locale !== 'en') await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-day-report-${size}-${locale}.png`), fullPage: true })
        await context.close()
      }
    }
  })
})
