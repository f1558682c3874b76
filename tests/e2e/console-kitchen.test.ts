/**
 * The kitchen board (issue 24 item 2) in Chromium on the real server: the owner sets the kitchen's
 * language on Settings; a cook signs in with their PIN on the branch's paired kitchen tablet and
 * lands on the board; a second board of the branch is open on a phone. A round placed through the
 * gateway shows on both without a reload (the time printed; the 1 s goal is the bench's), with every choice and remark; a line
 * marked done, the quantity raised shows on the same card (never a second one); both boards sound
 * until one says Heard; bump and recall (a button, and the keys of a bump bar). Then axe (WCAG 2.2
 * AA) on the board, the stations and a station's form in en, zh-CN and zh-TW at a tablet in
 * landscape (1280 × 800) and a phone (390 × 844); screenshots tests/e2e/screenshots/console-kds-*.png.
 */
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS, type PairedDevice } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { makeMember } from '../server/helpers/member-fixtures'
import { clientLine } from '../server/helpers/order-fixtures'
import type { TestServer } from '../server/helpers/test-server'
import { checkPage } from './axe'
import { SCREENSHOTS, saveScreenshot } from './browser'
import { demoCode, useAppUnderTest, type AppUnderTest } from './harness'

const root = path.resolve(__dirname, '..', '..')

before(() => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the console did not build:\n${built.stdout}\n${built.stderr}`)
})

const app = useAppUnderTest()

const LOCALES: readonly Locale[] = ['en', 'zh-CN', 'zh-TW']
const SIZES = { tablet: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
type Size = keyof typeof SIZES

const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)
const consoleUrl = (hash = '') => `${app.server.url}/console/${hash}`
const PASSWORD = 'woks-before-dawn'
const COOK = { name: 'Kit Cook', phone: '66222001', pin: '1357' }

function api(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

/** A gateway call as a diner's device makes it (bills.test.ts does the same), answers decoded. */
function gateway(target: AppUnderTest, deviceKey: string, headers: Record<string, string> = {}) {
  const call = async (keyName: string, records: Record<string, unknown>[] = [{}], opts: { lang?: string } = {}) => {
    const tableData = records.map((r, i) => ({ EntID: 'E1001', UserID: 'guest', ...(i === 0 ? { AppName: 'ScanOrder-e2e' } : {}), ...r }))
    const form = new URLSearchParams({
      ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
      KeyName: keyName,
      strJsonData: JSON.stringify({ tableData }),
      AuthCode: target.server.config.authCode,
      IsRSA: '0',
      EntID: 'E1001'
    })
    const res = await target.server.app.inject({
      method: 'POST',
      url: '/GetData',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': opts.lang ?? 'en', 'X-Device-Key': deviceKey, ...headers }
    })
    return { status: res.statusCode, body: decodeDeep(JSON.parse(res.body)) }
  }
  return { call } as unknown as TestServer
}

function decodeDeep(v: unknown): any {
  if (typeof v === 'string') {
    try {
      return decodeURIComponent(v)
    } catch {
      return v
    }
  }
  if (Array.isArray(v)) return v.map(decodeDeep)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decodeDeep(x)]))
  return v
}

let people: { owner: StaffSessionRow; cookId: string; device: PairedDevice } | null = null

/** The demo's owner (through its owner link), a cook of B201 with a PIN, and a kitchen tablet paired at B201. */
async function cast(): Promise<{ owner: StaffSessionRow; cookId: string; device: PairedDevice }> {
  if (people) return people
  const { call, as } = api()
  const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
  const owner = (await call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olivia Owner', AreaCode: '853', Phone: '66222000', Password: PASSWORD, Locale: 'en' }, as({ entId: '' }))).table1![0]
  const cook = (await call('StaffSave', { StaffID: '', Name: COOK.name, AreaCode: '853', Phone: COOK.phone, Role: 'kitchen', ShopIDs: 'S101', BaseIDs: 'B201', Locale: 'en', Password: '', Pin: COOK.pin, Reason: '' }, as({ token: owner.Token }))).table1![0]
  const row = (await call('StaffDevicePair', { Name: 'Kitchen pass', Kind: 'kitchen', ShopID: 'S101', BaseID: 'B201' }, as({ token: owner.Token }))).table1![0]
  people = { owner, cookId: cook.StaffID, device: { token: row.DeviceToken, entId: 'E1001', deviceId: row.DeviceID, name: row.Name, kind: row.Kind } }
  return people
}

/** The cook's PIN session on the kitchen tablet, made through the API (a second board of the same tablet's branch). */
async function cookSession(device: PairedDevice, cookId: string): Promise<StaffSessionRow> {
  const { call, as } = api()
  return (await call('StaffPinLogin', { StaffID: cookId, Pin: COOK.pin }, as({ deviceToken: device.token }))).table1![0]
}

async function newContext(browser: Browser, size: Size, locale: Locale, state: { session?: StaffSessionRow; device?: PairedDevice }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: SIZES[size], deviceScaleFactor: 1, hasTouch: true, isMobile: size === 'phone', locale: locale === 'en' ? 'en-GB' : locale })
  const items: Record<string, string> = { [STORAGE_KEYS.locale]: locale }
  if (state.session) items[STORAGE_KEYS.session] = JSON.stringify({ token: state.session.Token, entId: state.session.EntID })
  if (state.device) items[STORAGE_KEYS.device] = JSON.stringify(state.device)
  await context.addInitScript((entries: Record<string, string>) => {
    if (sessionStorage.getItem('console-test-primed')) return
    sessionStorage.setItem('console-test-primed', '1')
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
  }, items)
  return context
}

async function look(page: Page, label: string, size: Size, locale: Locale): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 15000 })
  await checkPage(page, `console-kds-${label}-${size}`)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-kds-${label}-${size}-${locale}.png`), fullPage: true })
}

const board = (page: Page, locale: Locale = 'en') => page.getByRole('heading', { level: 1, name: new RegExp(`^${T(locale, 'kitchen.title')}`) })
const live = (page: Page, locale: Locale = 'en') => page.locator('.kds-connection').filter({ hasText: T(locale, 'kitchen.connection.connected') })
const unheard = (page: Page) => page.getByRole('button', { name: T('en', 'kitchen.heard') })

/** A round at a B201 table, with a spec, a remark choice, an add-on and the order's remark. */
async function placeRound(table: string, diner: TestServer, remark: string) {
  const code = await demoCode(app.server, table)
  const noodles = await clientLine(diner, { code: 'C01', sku: 'LARGE', qua: '2', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] })
  const soup = await clientLine(diner, { code: 'F01', qua: '1' })
  const placed = await diner.call(
    'MealPosOrderSubmit',
    [{ ShopID: 'S101', BaseID: 'B201', TableID: `B201-${table}`, QRCode: code, ServiceType: 'dinein', RequestKey: `e2e-kds-${randomBytes(6).toString('hex')}`, Remarks: remark, Lines: [noodles.input, soup.input] }],
    { lang: 'zh-TW' }
  )
  assert.equal(placed.body.resultcode, '0', JSON.stringify(placed.body))
  return { code, sheetId: placed.body.data.table1[0].SheetID as string, roundId: placed.body.data.table2[0].SheetID as string }
}

describe('console: the kitchen board', () => {
  it('a cook on the kitchen tablet sees a round within a second with its choices and remarks; done, a raise on the same card, Heard on one board silences both, bump and recall', async () => {
    const { owner, cookId, device } = await cast()
    const { call, as } = api()

    // The owner chooses the kitchen's language on Settings.
    const office = await newContext(app.browser, 'tablet', 'en', { session: owner })
    const settings = await office.newPage()
    await settings.goto(consoleUrl('#/settings'))
    await settings.getByRole('heading', { level: 1, name: T('en', 'settings.title') }).waitFor({ timeout: 15000 })
    await settings.getByLabel(T('en', 'settings.kitchenLocale')).selectOption('en')
    await settings.getByRole('button', { name: T('en', 'common.save'), exact: true }).click()
    await settings.getByRole('status').filter({ hasText: T('en', 'settings.saved') }).waitFor({ timeout: 15000 })
    await look(settings, 'settings-kitchen-language', 'tablet', 'en')
    await office.close()
    const stored = await app.server.db.selectFrom('enterprise_settings').select('parm_value').where('ent_id', '=', 'E1001').where('parm_id', '=', 'KitchenLocale').executeTakeFirst()
    assert.equal(stored?.parm_value, 'en')

    // The kitchen tablet: the cook's PIN, then the board by itself.
    const tablet = await newContext(app.browser, 'tablet', 'en', { device })
    const a = await tablet.newPage()
    const errors: string[] = []
    a.on('pageerror', (e) => errors.push(e.message))
    await a.goto(consoleUrl())
    await a.getByRole('heading', { level: 1, name: T('en', 'pin.title') }).waitFor({ timeout: 15000 })
    await a.getByRole('button', { name: new RegExp(COOK.name) }).click()
    await a.getByRole('heading', { level: 1, name: T('en', 'pin.enter', { name: COOK.name }) }).waitFor()
    for (const digit of COOK.pin) await a.getByRole('button', { name: digit, exact: true }).click()
    await a.getByRole('button', { name: T('en', 'pin.submit') }).click()
    await board(a).waitFor({ timeout: 15000 })
    assert.ok(a.url().endsWith('#/kitchen'), a.url())
    await live(a).waitFor({ timeout: 15000 })
    await a.getByRole('button', { name: T('en', 'kitchen.sound.turnOn') }).click()
    await a.getByRole('button', { name: T('en', 'kitchen.sound.turnOff') }).waitFor()

    // A second board of the branch, on a phone.
    const phoneContext = await newContext(app.browser, 'phone', 'en', { session: await cookSession(device, cookId), device })
    const b = await phoneContext.newPage()
    b.on('pageerror', (e) => errors.push(e.message))
    await b.goto(consoleUrl('#/kitchen'))
    await board(b).waitFor({ timeout: 15000 })
    await live(b).waitFor({ timeout: 15000 })
    let loads = 0
    for (const p of [a, b]) p.on('load', () => loads++)

    // A round from table A03.
    const diner = gateway(app, `e2e-kds-diner-${randomBytes(6).toString('hex')}`)
    const placed = await placeRound('A03', diner, 'No coriander please')
    const committed = Date.now()
    const cardA = a.getByRole('article', { name: 'Table A03' })
    const cardB = b.getByRole('article', { name: 'Table A03' })
    // Without a reload; how fast is printed, not judged (a loaded CI machine; the 1 s goal is npm run bench's live part).
    await cardA.waitFor({ timeout: 5000 })
    const seenA = Date.now() - committed
    await cardB.waitFor({ timeout: 5000 })
    console.log(`console-kitchen: the round on the tablet's board ${seenA} ms after the order was placed, on the phone's ${Date.now() - committed} ms`)

    // Every choice and remark, as the kitchen has them.
    const read = (await call('KitchenBoardGet', { BaseID: 'B201', StationID: '*' }, as({ token: owner.Token }))).table1!
    const ticket = read.find((t) => t.OrderID === placed.roundId) as KitchenTicketRow
    assert.ok(ticket, 'the round has a ticket')
    const [noodles, soup] = ticket.Lines
    assert.equal(noodles.GoodsName, 'Shrimp Wonton Noodles')
    assert.ok(noodles.SkuName && noodles.RemarkText && noodles.AddOnText, JSON.stringify(noodles))
    const text = await cardA.innerText()
    for (const part of [noodles.GoodsName, noodles.SkuName, noodles.RemarkText, noodles.AddOnText, soup.GoodsName, 'No coriander please', T('en', 'kitchen.round', { n: 1 }), T('en', 'service.dinein')]) {
      assert.ok(text.includes(part), `the card shows “${part}”:\n${text}`)
    }
    assert.match(text, new RegExp(`2\\s*${noodles.Unit}`))
    // New: both boards want it heard.
    await unheard(a).waitFor()
    await unheard(b).waitFor()

    // The noodles are done (tap), on both boards.
    const noodleLine = (p: Page) => p.getByRole('article', { name: 'Table A03' }).getByRole('button', { name: /Shrimp Wonton Noodles/ })
    await noodleLine(a).click()
    for (const p of [a, b]) await p.waitForFunction(() => document.querySelector('.kds-line[aria-pressed="true"]') !== null, undefined, { timeout: 5000 })
    assert.equal(await noodleLine(b).getAttribute('aria-pressed'), 'true')

    // Heard on the tablet: the phone stops too.
    await unheard(a).click()
    await unheard(a).waitFor({ state: 'detached', timeout: 5000 })
    await unheard(b).waitFor({ state: 'detached', timeout: 5000 })
    const acked = await app.server.db.selectFrom('kitchen_tickets').select('acked_at').where('ticket_id', '=', ticket.TicketID).executeTakeFirstOrThrow()
    assert.ok(acked.acked_at)

    // The diner raises the soup 1 → 3: the same card shows the change and sounds again.
    const raised = await diner.call('PosSheetGoodsQuaEdit', [{ SheetID: placed.sheetId, RoundID: placed.roundId, LineNo: soup.LineNo, Qua: 3, QRCode: placed.code }])
    assert.equal(raised.body.resultcode, '0', JSON.stringify(raised.body))
    for (const p of [a, b]) {
      await p.getByRole('article', { name: 'Table A03' }).getByText(T('en', 'kitchen.wasNow', { prev: '1' })).waitFor({ timeout: 5000 })
      assert.equal(await p.getByRole('article', { name: 'Table A03' }).count(), 1, 'never a second card')
      await p.getByRole('article', { name: 'Table A03' }).getByText(T('en', 'kitchen.raised'), { exact: true }).waitFor()
      await unheard(p).waitFor()
    }
    await look(a, 'board-live', 'tablet', 'en')
    await unheard(b).click()
    await unheard(a).waitFor({ state: 'detached', timeout: 5000 })

    // Bump on the tablet: off both boards, into Recently bumped.
    await a.getByRole('button', { name: `${T('en', 'kitchen.bump')} Table A03, round 1` }).click()
    for (const p of [a, b]) await p.getByRole('article', { name: 'Table A03' }).waitFor({ state: 'detached', timeout: 5000 })
    await b.getByRole('region', { name: T('en', 'kitchen.recent') }).getByRole('button', { name: `${T('en', 'kitchen.recall')} Table A03, round 1` }).waitFor()
    // Recall with a bump bar's key on the phone.
    await b.getByRole('heading', { level: 1 }).focus()
    await b.keyboard.press('Backspace')
    for (const p of [a, b]) await p.getByRole('article', { name: 'Table A03' }).waitFor({ timeout: 5000 })
    // 1 selects it, Enter bumps it; the button on the tablet recalls it.
    await b.keyboard.press('1')
    await b.getByRole('article', { name: 'Table A03' }).getByText(T('en', 'kitchen.selected')).waitFor()
    await b.keyboard.press('Enter')
    for (const p of [a, b]) await p.getByRole('article', { name: 'Table A03' }).waitFor({ state: 'detached', timeout: 5000 })
    await a.getByRole('button', { name: T('en', 'kitchen.recall'), exact: true }).click()
    for (const p of [a, b]) await p.getByRole('article', { name: 'Table A03' }).waitFor({ timeout: 5000 })
    const back = await app.server.db.selectFrom('kitchen_tickets').select('status').where('ticket_id', '=', ticket.TicketID).executeTakeFirstOrThrow()
    assert.equal(back.status, 'open')

    assert.equal(loads, 0, 'no board reloaded')
    assert.deepEqual(errors, [])
    await tablet.close()
    await phoneContext.close()
  })

  it('the board, the stations and a station’s form pass axe in three languages at tablet and phone size', async () => {
    const { owner, cookId, device } = await cast()
    const { call, as } = api()
    const who = as({ token: owner.Token })
    // Two stations; then a round split between them, a paid pickup order, and one ticket sent long ago (late).
    const outline = (await call('StaffMenuGet', { ShopID: 'S101' }, who)).table3!
    const noodleClass = outline.find((c) => c.Names.en.toLowerCase().includes('noodle'))?.ClassID ?? outline[0].ClassID
    await call('KitchenStationSave', { BaseID: 'B201', StationID: '', Name: 'Wok', ClassIDs: noodleClass, GoodsIDs: '', AlertMinutes: 12, PrinterHost: '', PrinterPort: 9100, Sort: 1 }, who)
    const soupInput = { BaseID: 'B201', StationID: '', Name: 'Soup', ClassIDs: '', GoodsIDs: 'S101.g.F01', AlertMinutes: 8, PrinterHost: '', PrinterPort: 9100, Sort: 2 }
    const soupStation = (await call('KitchenStationSave', soupInput, who)).table1![0]
    const diner = gateway(app, `e2e-kds-diner-${randomBytes(6).toString('hex')}`)
    const placed = await placeRound('A05', diner, 'Birthday: bring the noodles first')
    const member = await makeMember(app.server.db, { name: 'Pick Up', balance: '500' })
    const buyer = gateway(app, member.headers['X-Device-Key'], { Authorization: member.headers.Authorization })
    const soup = await clientLine(buyer, { code: 'F01', qua: '2' })
    const order = await buyer.call('OrderSubmit', [{ ShopID: 'S101', BaseID: 'B201', ServiceType: 'takeaway', AppointedTime: '', Lines: [soup.input], RequestKey: `e2e-kds-${randomBytes(6).toString('hex')}` }])
    assert.equal(order.body.resultcode, '0', JSON.stringify(order.body))
    const paid = await buyer.call('BalancePay', [{ SheetID: order.body.data.table1[0].SheetID, RequestKey: `e2e-kds-${randomBytes(6).toString('hex')}` }])
    assert.equal(paid.body.resultcode, '0', JSON.stringify(paid.body))
    const longAgo = new Date(Date.now() - 20 * 60_000).toISOString()
    await app.server.db.updateTable('kitchen_tickets').set({ created_at: longAgo }).where('order_id', '=', placed.roundId).execute()
    // The soup station has a printer now (off: nothing listens on 127.0.0.1:9), and the round's soup
    // ticket did not print after every retry: the job the print worker leaves (docs/printing.md),
    // written here so the server's own worker has nothing to try while the pages are checked.
    await call('KitchenStationSave', { ...soupInput, StationID: soupStation.StationID, PrinterHost: '127.0.0.1', PrinterPort: 9 }, who)
    const soupTicket = await app.server.db.selectFrom('kitchen_tickets').select('ticket_id').where('order_id', '=', placed.roundId).where('station_id', '=', soupStation.StationID).executeTakeFirstOrThrow()
    const at = new Date().toISOString()
    await app.server.db
      .insertInto('print_jobs')
      .values({ job_id: `PJE2E${randomBytes(5).toString('hex')}`, ent_id: 'E1001', ticket_id: soupTicket.ticket_id, kind: 'sent', state: 'failed', tries: 3, error: 'connection refused (127.0.0.1:9)', not_before: at, claimed_until: null, created_at: at, printed_at: null })
      .execute()
    const cook = await cookSession(device, cookId)

    for (const size of ['tablet', 'phone'] as const) {
      for (const locale of LOCALES) {
        // Signing in adopts the person's own language: make it this pass's.
        await call('StaffProfileUpdate', { Locale: locale }, as({ token: cook.Token, deviceToken: device.token }))
        await call('StaffProfileUpdate', { Locale: locale }, who)
        const kitchen = await newContext(app.browser, size, locale, { session: cook, device })
        const page = await kitchen.newPage()
        await page.goto(consoleUrl('#/kitchen'))
        await board(page, locale).waitFor({ timeout: 15000 })
        await page.getByRole('article').nth(2).waitFor({ timeout: 15000 })
        await live(page, locale).waitFor({ timeout: 15000 })
        assert.equal(await page.getByRole('button', { name: T(locale, 'kitchen.stations.manage') }).count(), 0, 'a cook does not manage stations')
        // The failed print: above the board, and on the soup's card beside its Reprint.
        await page.getByText(T(locale, 'kitchen.printFailed.summary', { n: 1 })).waitFor()
        await page
          .getByText(T(locale, 'kitchen.printFailed.detail', { error: 'connection refused (127.0.0.1:9)' }))
          .waitFor()
          .catch(async (e) => {
            await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-kds-failure-${size}-${locale}.png`), fullPage: true })
            throw e
          })
        await look(page, 'board', size, locale)
        await kitchen.close()

        const office = await newContext(app.browser, size, locale, { session: owner })
        const manage = await office.newPage()
        await manage.goto(consoleUrl('#/kitchen'))
        await board(manage, locale).waitFor({ timeout: 15000 })
        await manage.getByRole('button', { name: T(locale, 'kitchen.stations.manage') }).click()
        await manage.getByRole('heading', { level: 1, name: T(locale, 'kitchen.stations.title') }).waitFor({ timeout: 15000 })
        await manage.getByRole('heading', { level: 2, name: 'Soup' }).waitFor()
        await look(manage, 'stations', size, locale)
        await manage.getByRole('button', { name: `${T(locale, 'common.edit')} Wok` }).click()
        await manage.getByRole('heading', { level: 2, name: T(locale, 'kitchen.stations.editTitle', { name: 'Wok' }) }).waitFor()
        await manage.getByLabel(T(locale, 'kitchen.field.alertMinutes')).fill('0')
        await manage.getByRole('button', { name: T(locale, 'common.save'), exact: true }).click()
        await manage.getByRole('alert').waitFor()
        await manage.getByText(T(locale, 'kitchen.field.goodsChosen', { n: 0 })).click()
        await look(manage, 'station-form', size, locale)
        await manage.getByRole('button', { name: T(locale, 'common.cancel'), exact: true }).click()
        await manage.getByRole('button', { name: `${T(locale, 'common.remove')} Soup` }).click()
        await manage.getByRole('heading', { level: 2, name: T(locale, 'kitchen.stations.removeTitle', { name: 'Soup' }) }).waitFor()
        await look(manage, 'station-remove', size, locale)
        await office.close()
      }
    }
  })
})
