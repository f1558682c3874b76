/**
 * Front of house in the console (issue 24 item 3) in Chromium on the real server: a cashier signed
 * in with their PIN on a paired counter tablet opens Front of house at 1280 × 800; diners' rounds
 * at A01 and A02 and a takeaway order waiting are on the floor; a round placed at A04 while the
 * page is open shows without a reload; the cashier takes cash at A01 (the change shown as it is
 * typed) and the table is free; cancels a dish of A02 with a manager's PIN (the line struck
 * through, the bill lower); axe (WCAG 2.2 AA) on the page in en, zh-CN and zh-TW at 1280 × 800
 * and 390 × 844 (the bill view on a phone); screenshots tests/e2e/screenshots/console-counter-*.png.
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
import { OPERATIONS } from '../../src/gateway/operation-list'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
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
const SIZES = { tablet: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
type Size = keyof typeof SIZES

const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)
const consoleUrl = (hash = '') => `${app.server.url}/console/${hash}`
const MANAGER = { name: 'Mia Manager', phone: '66333001', pin: '2468' }
const CASHIER = { name: 'Cai Cashier', phone: '66333002', pin: '1357' }

/** A diner's gateway call (the H5 app's envelope), answers decoded. */
async function dinerCall(keyName: string, record: Record<string, unknown>, headers: Record<string, string>): Promise<any> {
  const res = await app.server.app.inject({
    method: 'POST',
    url: '/GetData',
    payload: new URLSearchParams({
      ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
      KeyName: keyName,
      strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: 'guest', AppName: 'ScanOrder-counter', ...record }] }),
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

function staff(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

const key = () => randomBytes(8).toString('hex')
const price = async (code: string) => Number((await app.server.db.selectFrom('goods').select('price').where('goods_id', '=', gid(code)).executeTakeFirstOrThrow()).price)
const line = async (code: string, qua: number) => ({ GoodsID: gid(code), SkuID: '', PCode: '', MQua: String(qua), PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(qua * (await price(code))) })

/** A round at a demo table of B201, from a diner's phone. */
async function round(table: string, lines: { code: string; qua: number }[]): Promise<void> {
  const QRCode = await demoCode(app.server, table)
  const row = await app.server.db.selectFrom('qr_codes').select('table_id').where('code', '=', QRCode).executeTakeFirstOrThrow()
  const priced = await Promise.all(lines.map((l) => line(l.code, l.qua)))
  await dinerCall('MealPosOrderSubmit', { ShopID: 'S101', BaseID: 'B201', TableID: row.table_id, QRCode, ServiceType: 'dinein', RequestKey: key(), Lines: priced }, { 'X-Device-Key': randomBytes(16).toString('hex') })
}

interface Cast {
  owner: StaffSessionRow
  cashierId: string
  device: PairedDevice
}

let cast: Cast | null = null

/** The demo's owner, a manager and a cashier of B201 with PINs, and a counter tablet paired at B201. */
async function people(): Promise<Cast> {
  if (cast) return cast
  const { call, as } = staff()
  // The restaurant's language (the kitchen's and the counter's names of dishes): English here.
  await app.server.db.insertInto('enterprise_settings').values({ ent_id: 'E1001', parm_id: 'KitchenLocale', parm_value: 'en' }).execute()
  const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
  const owner = (await call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olivia Owner', AreaCode: '853', Phone: '66333000', Password: 'till-by-the-door', Locale: 'en' }, as({ entId: '' }))).table1![0]
  const save = (who: { name: string; phone: string; pin: string }, role: string) =>
    call('StaffSave', { StaffID: '', Name: who.name, AreaCode: '853', Phone: who.phone, Role: role, ShopIDs: 'S101', BaseIDs: 'B201', Locale: 'en', Password: '', Pin: who.pin, Reason: '' } as never, as({ token: owner.Token }))
  await save(MANAGER, 'manager')
  const cashier = (await save(CASHIER, 'cashier')).table1![0]
  const row = (await call('StaffDevicePair', { Name: 'Counter tablet', Kind: 'counter', ShopID: 'S101', BaseID: 'B201' }, as({ token: owner.Token }))).table1![0]
  cast = { owner, cashierId: (cashier as { StaffID: string }).StaffID, device: { token: row.DeviceToken, entId: 'E1001', deviceId: row.DeviceID, name: row.Name, kind: row.Kind } }
  return cast
}

async function cashierSession(c: Cast, locale: Locale): Promise<StaffSessionRow> {
  const { call, as } = staff()
  const session = (await call('StaffPinLogin', { StaffID: c.cashierId, Pin: CASHIER.pin }, as({ deviceToken: c.device.token }))).table1![0]
  await call('StaffProfileUpdate', { Locale: locale }, as({ token: session.Token, deviceToken: c.device.token }))
  return session
}

async function newContext(browser: Browser, size: Size, locale: Locale, session: StaffSessionRow, device: PairedDevice): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: SIZES[size], deviceScaleFactor: 1, hasTouch: true, isMobile: size === 'phone', locale: locale === 'en' ? 'en-GB' : locale })
  const items: Record<string, string> = {
    [STORAGE_KEYS.locale]: locale,
    [STORAGE_KEYS.session]: JSON.stringify({ token: session.Token, entId: session.EntID }),
    [STORAGE_KEYS.device]: JSON.stringify(device)
  }
  await context.addInitScript((entries: Record<string, string>) => {
    if (sessionStorage.getItem('console-test-primed')) return
    sessionStorage.setItem('console-test-primed', '1')
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
  }, items)
  return context
}

async function openCounter(page: Page, locale: Locale): Promise<void> {
  await page.goto(consoleUrl('#/counter'))
  await page.getByRole('heading', { level: 1, name: T(locale, 'counter.title') }).waitFor({ timeout: 15000 })
  await page.getByText(T(locale, 'counter.connection.connected'), { exact: true }).or(page.getByText(T(locale, 'counter.connection.polling'), { exact: true })).waitFor({ timeout: 15000 })
}

const tableButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) })
const billPanel = (page: Page, locale: Locale, name: string) => page.getByRole('region', { name: T(locale, 'counter.table', { name }) })

describe('console: front of house', () => {
  it('a cashier on the counter tablet: the floor live, cash with change, a void with a manager’s PIN; axe in three languages at 1280 × 800 and 390 × 844', async () => {
    const c = await people()
    await round('A01', [
      { code: 'F01', qua: 2 },
      { code: 'C04', qua: 1 }
    ])
    await round('A02', [
      { code: 'A03', qua: 3 },
      { code: 'E01', qua: 2 }
    ])
    await dinerCall('OrderSubmit', { ShopID: 'S101', BaseID: 'B201', AppointedTime: '', ServiceType: 'takeaway', RequestKey: key(), Lines: [await line('A03', 2)] }, { 'X-Device-Key': randomBytes(16).toString('hex') })

    const context = await newContext(app.browser, 'tablet', 'en', await cashierSession(c, 'en'), c.device)
    const page = await context.newPage()
    await openCounter(page, 'en')
    const a01Due = (2 * (await price('F01')) + (await price('C04'))).toFixed(2)
    await tableButton(page, 'A01').filter({ hasText: `MOP$${a01Due} due` }).waitFor({ timeout: 15000 })
    await page.getByRole('region', { name: T('en', 'counter.orders') }).getByText(T('en', 'counter.order.status.0')).waitFor()

    // A round placed at A04 while the page is open shows without a reload.
    await round('A04', [{ code: 'F01', qua: 1 }])
    await tableButton(page, 'A04').filter({ hasText: `MOP$${(await price('F01')).toFixed(2)} due` }).waitFor({ timeout: 5000 })

    // Cash at A01: 500 handed over, the change shown as it is typed.
    await tableButton(page, 'A01').click()
    const a01 = billPanel(page, 'en', 'A01')
    await a01.getByRole('button', { name: T('en', 'counter.action.pay') }).click()
    assert.equal(await a01.getByLabel(T('en', 'counter.pay.amount')).inputValue(), a01Due)
    await a01.getByLabel(T('en', 'counter.pay.tendered')).fill('500')
    const change = (500 - Number(a01Due)).toFixed(2)
    await a01.getByText(`MOP$${change}`, { exact: true }).waitFor()
    await checkPage(page, 'console-counter-pay-tablet')
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'console-counter-pay-tablet-en.png'), fullPage: false })
    await a01.getByRole('button', { name: T('en', 'counter.pay.submit') }).click()
    await page.getByRole('status').filter({ hasText: T('en', 'counter.notice.change', { change: `MOP$${change}` }) }).waitFor({ timeout: 10000 })
    await tableButton(page, 'A01').filter({ hasText: T('en', 'counter.free') }).waitFor()
    const paid = await app.server.db.selectFrom('payments').select(['provider', 'amount']).where('provider', '=', 'cash').execute()
    assert.deepEqual(paid, [{ provider: 'cash', amount: a01Due }])

    // A void at A02: the egg tarts went to the kitchen; the manager approves with their PIN.
    await tableButton(page, 'A02').click()
    const a02 = billPanel(page, 'en', 'A02')
    const tarts = await app.server.db.selectFrom('goods').select('names').where('goods_id', '=', gid('A03')).executeTakeFirstOrThrow()
    const tartName = (JSON.parse(tarts.names) as Record<string, string>).en
    await a02.getByRole('button', { name: `${T('en', 'counter.line.cancel')} ${T('en', 'counter.line.cancelOf', { goods: tartName, n: 1 })}` }).click()
    await a02.getByLabel(T('en', 'counter.cancel.reason')).fill('Dropped on the floor')
    await a02.getByLabel(T('en', 'counter.approval.who')).selectOption({ label: `${MANAGER.name} (${T('en', 'role.manager')})` })
    await a02.getByLabel(T('en', 'counter.approval.pin')).fill(MANAGER.pin)
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'console-counter-void-tablet-en.png'), fullPage: false })
    await a02.getByRole('button', { name: T('en', 'counter.cancel.submit') }).click()
    await a02.getByText(T('en', 'counter.line.cancelled')).waitFor({ timeout: 10000 })
    const a02Due = (2 * (await price('E01'))).toFixed(2)
    await tableButton(page, 'A02').filter({ hasText: `MOP$${a02Due} due` }).waitFor()
    const audit = await app.server.db.selectFrom('audit_log').select(['staff_name', 'reason', 'detail']).where('action', '=', 'counter.lineCancel').executeTakeFirstOrThrow()
    assert.equal(audit.staff_name, CASHIER.name)
    assert.equal(audit.reason, 'Dropped on the floor')
    assert.equal(JSON.parse(audit.detail).approvedBy.name, MANAGER.name)
    await checkPage(page, 'console-counter-bill-tablet')
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'console-counter-bill-tablet-en.png'), fullPage: false })
    await context.close()

    for (const size of ['tablet', 'phone'] as const) {
      for (const locale of LOCALES) {
        const ctx = await newContext(app.browser, size, locale, await cashierSession(c, locale), c.device)
        const p = await ctx.newPage()
        await openCounter(p, locale)
        await tableButton(p, 'A02').waitFor()
        await checkPage(p, `console-counter-floor-${size}`)
        await saveScreenshot(p, { path: path.join(SCREENSHOTS, `console-counter-floor-${size}-${locale}.png`), fullPage: size === 'phone' })
        await tableButton(p, 'A02').click()
        await billPanel(p, locale, 'A02').waitFor()
        await checkPage(p, `console-counter-bill-${size}`)
        if (size === 'phone') await saveScreenshot(p, { path: path.join(SCREENSHOTS, `console-counter-bill-${size}-${locale}.png`), fullPage: true })
        await ctx.close()
      }
    }
  })
})
