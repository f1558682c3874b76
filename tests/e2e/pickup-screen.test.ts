/**
 * The pickup screen and the diner's phone, live (issue 24 item 4; docs/pickup-screen.md), in
 * Chromium on the real server with the built H5 app and the pickup page (scripts/build-pickup.mjs):
 *
 * - a TV (1920 × 1080) shows the Taipa branch's pickup screen; other diners' orders arrive under
 *   Preparing and move to Ready as the kitchen bumps them, without a reload;
 * - a diner on a phone (390 × 844) at table T01 orders a takeaway in the H5 app and pays on the
 *   sandbox page: their number appears under Preparing on the TV; on their order page the app
 *   follows the branch's stream and does not poll the order meanwhile;
 * - a cook signed in through the gateway bumps the ticket (KitchenTicketBump): without a reload
 *   the number moves to Ready on the TV and the diner's order page says "Ready for pickup"; the
 *   times are printed, not judged (timing goals belong in the bench);
 * - the shop hands it over (StaffOrderComplete): the number leaves the TV at once;
 * - axe (WCAG 2.2 AA) on the pickup screen in English, Simplified and Traditional Chinese;
 *   screenshots tests/e2e/screenshots/pickup-screen-*.png and pickup-diner-*.png.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import type { Locale } from '../../src/gateway/contract'
import { decodeStrings, formEncode } from '../../src/gateway/form'
import { OPERATIONS } from '../../src/gateway/operation-list'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { translate } from '../../src/i18n/translate'
import { pickupText } from '../../src/pickup/texts'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { makeMember, type TestMember } from '../server/helpers/member-fixtures'
import { checkPage } from './axe'
import { phone, SCREENSHOTS, saveScreenshot } from './browser'
import { entryUrl, useAppUnderTest } from './harness'
import { agreeAndSubmit, approveOnSandbox, byId, money, price, shot } from './steps'

const root = path.resolve(__dirname, '..', '..')
before(() => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-pickup.mjs')], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the pickup screen did not build:\n${built.stdout}\n${built.stderr}`)
})

const app = useAppUnderTest()
const TAIPA = { ent: 'E1001', shop: 'S101', base: 'B202' }
const TV = { width: 1920, height: 1080 }
const OWNER = { area: '853', phone: '66123481', password: 'pickup-owner-pw' }
const COOK = { phone: '66000481', password: 'pickup-cook-pw-1' }

function staffApi(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

/** The demo's owner (made through a one-time setup link), then a cook of the Taipa branch, signed in through the gateway. */
async function cookSession(): Promise<StaffSessionRow> {
  const { call, as } = staffApi()
  const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
  await call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olivia Owner', AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password, Locale: 'en' }, as({ entId: '' }))
  const owner = (await call('StaffPasswordLogin', { AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password }, as({ entId: '' }))).table1![0]
  await call(
    'StaffSave',
    { StaffID: '', Name: 'Kim Cook', AreaCode: '853', Phone: COOK.phone, Role: 'kitchen', ShopIDs: 'S101', BaseIDs: 'B202', Locale: 'en', Password: COOK.password, Pin: '', Reason: '' },
    as({ token: owner.Token })
  )
  return (await call('StaffPasswordLogin', { AreaCode: '853', Phone: COOK.phone, Password: COOK.password }, as({ entId: '' }))).table1![0]
}

async function ownerToken(): Promise<string> {
  const { call, as } = staffApi()
  return (await call('StaffPasswordLogin', { AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password }, as({ entId: '' }))).table1![0].Token
}

/** The cook bumps the ticket of an order, as a kitchen tablet does. */
async function bump(cook: StaffSessionRow, orderId: string): Promise<void> {
  const { call, as } = staffApi()
  const board = await call('KitchenBoardGet', { BaseID: TAIPA.base, StationID: '*' }, as({ token: cook.Token }))
  const ticket = (board.table1 as KitchenTicketRow[] | undefined)?.find((t) => t.OrderID === orderId && t.Status === 'open')
  assert.ok(ticket, `a ticket on the Taipa board for ${orderId}`)
  await call('KitchenTicketBump', { TicketID: ticket.TicketID }, as({ token: cook.Token }))
}

/** A diner operation through the gateway (another diner's phone, not in the browser). */
async function dinerCall(member: TestMember, op: keyof typeof OPERATIONS, record: Record<string, unknown>): Promise<any> {
  const body = formEncode({
    ServerType: OPERATIONS[op],
    KeyName: op,
    strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: '', AppName: 'test', ...record }] }),
    AuthCode: app.server.config.authCode,
    IsRSA: '0',
    EntID: 'E1001'
  })
  const res = await fetch(`${app.server.url}/GetData`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...member.headers }, body })
  const json = decodeStrings(await res.json()) as { errcode: string; resultcode: string; resultmsg: string; data: Record<string, any[]> }
  assert.equal(`${json.errcode}/${json.resultcode}`, '0/0', `${op}: ${json.resultmsg}`)
  return json.data
}

/** Another diner's takeaway at Taipa, paid from their balance: its id and pickup number. */
async function otherDinersOrder(member: TestMember): Promise<{ sheetId: string; pickupNo: string }> {
  const line = { GoodsID: 'S101.g.E03', SkuID: '', PCode: '', MQua: '1', PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: price('E03').toFixed() }
  const order = (await dinerCall(member, 'OrderSubmit', { ShopID: 'S101', BaseID: TAIPA.base, ServiceType: 'takeaway', AppointedTime: '', RequestKey: `pickup-${Date.now()}-${Math.random()}`, Lines: [line] })).table1[0]
  await dinerCall(member, 'BalancePay', { SheetID: order.SheetID, RequestKey: `pay-${order.SheetID}` })
  const row = await app.server.db.selectFrom('orders').select('pickup_no').where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
  return { sheetId: order.SheetID, pickupNo: row.pickup_no }
}

async function openPickup(browser: Browser, lang: Locale): Promise<{ page: Page; navigations: () => number; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: TV, deviceScaleFactor: 1, locale: lang === 'en' ? 'en-GB' : lang })
  const page = await context.newPage()
  let navigations = 0
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++
  })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${app.server.url}/pickup/?ent=${TAIPA.ent}&shop=${TAIPA.shop}&base=${TAIPA.base}&lang=${lang}`)
  await page.getByTestId('pickup-screen').waitFor({ timeout: 15000 })
  await page.locator('[data-testid="pickup-connection"][data-state="live"]').waitFor({ timeout: 15000 })
  return {
    page,
    navigations: () => navigations,
    close: async () => {
      assert.deepEqual(errors, [], 'no script errors on the pickup screen')
      await context.close()
    }
  }
}

const column = (page: Page, which: 'preparing' | 'ready') => page.getByTestId(`pickup-${which}`)
const numberIn = (page: Page, which: 'preparing' | 'ready', no: string) => column(page, which).locator('li', { hasText: new RegExp(`^${no}$`) })

async function tvShot(page: Page, name: string): Promise<void> {
  await checkPage(page, name)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `${name}.png`) })
}

describe('the pickup screen and the diner’s phone', () => {
  it('a paid takeaway shows under Preparing; the kitchen’s bump moves it to Ready on the TV and on the diner’s page at once; handed over, it leaves', async () => {
    const cook = await cookSession()
    const others = await makeMember(app.server.db, { name: 'Other diners', balance: '2000' })
    const tv = await openPickup(app.browser, 'en')
    const { page: screen } = tv
    await screen.getByRole('heading', { level: 1, name: /Lotus Tea House \(Taipa\)/ }).waitFor()
    assert.match(await screen.getByRole('heading', { level: 1 }).innerText(), new RegExp(pickupText('en', 'title')))
    await screen.getByText(pickupText('en', 'emptyReady')).waitFor()

    // Other diners' orders: paid ones arrive under Preparing, bumped ones move to Ready — all live.
    const background = [await otherDinersOrder(others), await otherDinersOrder(others), await otherDinersOrder(others), await otherDinersOrder(others)]
    for (const o of background) await numberIn(screen, 'preparing', o.pickupNo).waitFor({ timeout: 10000 })
    await bump(cook, background[0].sheetId)
    await bump(cook, background[1].sheetId)
    await numberIn(screen, 'ready', background[1].pickupNo).waitFor({ timeout: 10000 })
    await numberIn(screen, 'ready', background[0].pickupNo).waitFor({ timeout: 10000 })

    // The diner: table T01 at Taipa (pay first), a takeaway of soup.
    const dinerContext = await phone(app.browser, 'en-US')
    // The phone's vibrator, recorded (headless Chromium has none to feel).
    // (A string: tsx would wrap a function's inner functions in a helper the page does not have.)
    await dinerContext.addInitScript({
      content: `window.__vibrations = []; Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true, writable: true, value: function (pattern) { window.__vibrations.push(pattern); return true } })`
    })
    const diner = await dinerContext.newPage()
    const dinerErrors: string[] = []
    diner.on('pageerror', (e) => dinerErrors.push(e.message))
    let detailReads = 0
    let streams = 0
    diner.on('request', (req) => {
      if (req.url().includes('/live/events?')) streams++
      if (req.url().endsWith('/GetData') && (req.postData() ?? '').includes('KeyName=OrderDetailGet')) detailReads++
    })
    await diner.goto(await entryUrl(app.server, 'T01'))
    await byId(diner, 'order-by-number').click({ timeout: 30000 })
    const input = diner.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
    await input.waitFor({ timeout: 30000 })
    await input.fill('F01')
    const row = diner.locator('[data-goods-code="F01"]').filter({ visible: true })
    await row.getByRole('button', { name: translate('en', 'menu.addOne', { name: 'Soup of the Day' }) }).click({ timeout: 15000 })
    await byId(diner, 'cart-total').getByText(money(price('F01'))).waitFor({ timeout: 15000 })
    await byId(diner, 'cart-go').click()
    await byId(diner, 'cart-checkout').click({ timeout: 15000 })
    await byId(diner, 'service-option-takeaway').click({ timeout: 30000 })
    await byId(diner, 'slot-day').first().click()
    await byId(diner, 'slot-time').first().click()
    await agreeAndSubmit(diner)
    await approveOnSandbox(diner, null)
    await byId(diner, 'payment-result').waitFor({ timeout: 30000 })
    const pickupNo = (await byId(diner, 'result-pickup-number').innerText()).trim()
    const order = await app.server.db.selectFrom('orders').select(['order_id', 'status']).where('pickup_no', '=', pickupNo).where('base_id', '=', TAIPA.base).executeTakeFirstOrThrow()
    assert.equal(order.status, 1)

    // The TV: the diner's number under Preparing, without a reload.
    await numberIn(screen, 'preparing', pickupNo).waitFor({ timeout: 10000 })
    assert.equal(await numberIn(screen, 'ready', pickupNo).count(), 0)

    // The diner opens the order: it follows the branch's stream and, connected, does not poll the order.
    await byId(diner, 'result-view-order').click()
    await byId(diner, 'order-details').waitFor({ timeout: 30000 })
    await byId(diner, 'order-status').and(diner.locator('[data-status="1"]')).waitFor({ timeout: 15000 })
    for (let waited = 0; streams === 0 && waited < 15000; waited += 100) await diner.waitForTimeout(100)
    await diner.waitForTimeout(1000)
    const readsBefore = detailReads
    // Longer than the old 5-second poll: nothing is asked while nothing happens.
    await diner.waitForTimeout(6500)
    assert.equal(detailReads, readsBefore, 'the order page did not poll the order while its stream was connected')
    assert.ok(streams >= 1, 'the order page opened the branch’s stream')
    const dinerNavigations = diner.url()

    // The kitchen bumps it.
    const tvNavigations = tv.navigations()
    const bumpedAt = Date.now()
    await bump(cook, order.order_id)
    await numberIn(screen, 'ready', pickupNo).waitFor({ timeout: 10000 })
    const onTv = Date.now() - bumpedAt
    await byId(diner, 'order-status').and(diner.locator('[data-status="5"]')).waitFor({ timeout: 10000 })
    const onPhone = Date.now() - bumpedAt
    console.log(`pickup-screen: ready on the TV ${onTv} ms and on the diner's order page ${onPhone} ms after the bump was sent`)
    assert.equal(await numberIn(screen, 'preparing', pickupNo).count(), 0)
    assert.equal(await byId(diner, 'order-status').innerText(), translate('en', 'order.status.5'))
    // The phone vibrated once, as the order became ready.
    assert.deepEqual(await diner.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations), [[200, 100, 200]])
    assert.equal(tv.navigations(), tvNavigations, 'the TV was not reloaded')
    assert.equal(diner.url(), dinerNavigations, 'the diner stayed on the order page')
    // The number just ready is the first in the Ready column, highlighted.
    const first = column(screen, 'ready').locator('li').first()
    assert.equal((await first.innerText()).trim(), pickupNo)
    assert.equal(await first.getAttribute('data-fresh'), '1')

    await diner.waitForTimeout(400)
    await shot(diner, 'pickup-diner-ready')
    await tvShot(screen, 'pickup-screen-en')

    // The shop hands it over: off the TV at once.
    const { call, as } = staffApi()
    await call('StaffOrderComplete', { SheetID: order.order_id }, as({ token: await ownerToken() }))
    await numberIn(screen, 'ready', pickupNo).waitFor({ state: 'detached', timeout: 10000 })
    await numberIn(screen, 'ready', background[0].pickupNo).waitFor({ timeout: 2000 })
    assert.deepEqual(dinerErrors, [])
    await dinerContext.close()
    await tv.close()
  })

  it('reads well in Simplified and Traditional Chinese too (axe on each)', async () => {
    for (const lang of ['zh-CN', 'zh-TW'] as const) {
      const tv = await openPickup(app.browser, lang)
      const { page } = tv
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh-CN' ? 'zh-Hans' : 'zh-Hant')
      await page.getByRole('heading', { level: 2, name: new RegExp(`^${pickupText(lang, 'preparing')}`) }).waitFor()
      await page.getByRole('heading', { level: 2, name: new RegExp(`^${pickupText(lang, 'ready')}`) }).waitFor()
      await page.getByRole('status').getByText(pickupText(lang, 'connection.live')).waitFor()
      // The chime is switched on by a tap (the browser allows sound only after one).
      await page.getByRole('button', { name: pickupText(lang, 'soundOff') }).click()
      await page.getByRole('button', { name: pickupText(lang, 'soundOn') }).waitFor()
      assert.equal(await page.getByTestId('pickup-sound').getAttribute('aria-pressed'), 'true')
      await tvShot(page, `pickup-screen-${lang}`)
      await tv.close()
    }
  })
})
