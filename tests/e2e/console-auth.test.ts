/**
 * The restaurant's console (issue 23) in Chromium on the real server: a one-time setup link makes a
 * restaurant and cannot be used twice; the demo enterprise's owner link → the owner signs in →
 * adds a cashier with a PIN → pairs this browser as the counter → the cashier signs in with the PIN
 * and can neither see nor open Staff → the audit log lists all of it and exports it as CSV; wrong
 * PINs lock a device and its pad says until when. axe (WCAG 2.2 AA) looks at every console page in
 * zh-CN, zh-TW and en at a tablet (1180 × 820) and a phone (390 × 844), screenshots in
 * tests/e2e/screenshots/console-*.png.
 *
 * The console is built first (scripts/build-console.mjs, a fraction of a second), so the test
 * always looks at the source as it is.
 */
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS, type PairedDevice } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { createSetupLink, setupUrl } from '../../server/src/domain/staff/setup-link.service'
import { checkPage } from './axe'
import { SCREENSHOTS, saveScreenshot } from './browser'
import { useAppUnderTest } from './harness'

const root = path.resolve(__dirname, '..', '..')

before(() => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the console did not build:\n${built.stdout}\n${built.stderr}`)
})

const app = useAppUnderTest()

const LOCALES: readonly Locale[] = ['en', 'zh-CN', 'zh-TW']
const SIZES = { tablet: { width: 1180, height: 820 }, phone: { width: 390, height: 844 } } as const
type Size = keyof typeof SIZES

const OWNER = { name: 'Olivia Owner', area: '853', phone: '66123456', password: 'noodles-at-dawn' }
const CASHIER = { name: 'Ana Cashier', phone: '66000001', pin: '2468' }

const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)
const consoleUrl = (hash = '') => `${app.server.url}/console/${hash}`

function newContext(browser: Browser, size: Size, locale: Locale = 'en'): Promise<BrowserContext> {
  return browser.newContext({
    viewport: SIZES[size],
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: size === 'phone',
    locale: locale === 'en' ? 'en-GB' : locale,
    acceptDownloads: true
  })
}

/** Looks at the page with axe and photographs it (name: console-<label>-<size>-<locale>.png). */
async function look(page: Page, label: string, size: Size, locale: Locale): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 15000 })
  await checkPage(page, `console-${label}-${size}`)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-${label}-${size}-${locale}.png`), fullPage: true })
}

/** The staff operations straight from Node (the console's own client), for set-up the browser does not need to show. */
function api(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

/** The demo enterprise's owner, made through its owner link when no test has made them yet; a fresh session. */
async function ownerSession(): Promise<StaffSessionRow> {
  const { call, as } = api()
  const signIn = () => call('StaffPasswordLogin', { AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password }, as({ entId: '' }))
  try {
    return (await signIn()).table1![0]
  } catch {
    const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
    await call('StaffSetupComplete', { SetupToken: token, OwnerName: OWNER.name, AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password, Locale: 'en' }, as({ entId: '' }))
    return (await signIn()).table1![0]
  }
}

/** The cashier (with a PIN for shop S101), added through the API when the UI test has not. */
async function ensureCashier(owner: StaffSessionRow): Promise<string> {
  const { call, as } = api()
  const who = as({ token: owner.Token })
  const found = (await call('StaffList', {}, who)).table1!.find((p) => p.Phone === CASHIER.phone)
  if (found) return found.StaffID
  const saved = await call('StaffSave', { StaffID: '', Name: CASHIER.name, AreaCode: '853', Phone: CASHIER.phone, Role: 'cashier', ShopIDs: 'S101', BaseIDs: '', Locale: 'en', Password: '', Pin: CASHIER.pin, Reason: '' }, who)
  return saved.table1![0].StaffID
}

async function pairDevice(owner: StaffSessionRow, name: string): Promise<PairedDevice> {
  const { call, as } = api()
  const row = (await call('StaffDevicePair', { Name: name, Kind: 'counter', ShopID: 'S101', BaseID: '' }, as({ token: owner.Token }))).table1![0]
  return { token: row.DeviceToken, entId: 'E1001', deviceId: row.DeviceID, name: row.Name, kind: row.Kind }
}

/** A browser context that starts as this console would after a sign-in and/or pairing (localStorage). */
async function preparedContext(browser: Browser, size: Size, locale: Locale, state: { session?: StaffSessionRow; device?: PairedDevice }): Promise<BrowserContext> {
  const context = await newContext(browser, size, locale)
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

/** A password sign-in on the sign-in page. */
async function signInWithPassword(page: Page, locale: Locale, phone: string, password: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: T(locale, 'signIn.title') }).waitFor({ timeout: 15000 })
  await page.getByLabel(T(locale, 'field.phone')).fill(phone)
  await page.getByLabel(T(locale, 'field.password'), { exact: true }).fill(password)
  await page.getByRole('button', { name: T(locale, 'signIn.submit') }).click()
}

const navLinks = async (page: Page): Promise<string[]> => (await page.getByRole('navigation', { name: T('en', 'nav.label') }).getByRole('link').allTextContents()).map((s) => s.trim())

describe('console: setup, sign-in, staff, devices, PIN pad, audit', () => {
  it('sets up a new restaurant from a one-time link, which then says it cannot be used again', async () => {
    const { token } = await createSetupLink(app.server.db, new Date())
    const url = setupUrl(app.server.url, token)
    const context = await newContext(app.browser, 'tablet')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    await page.goto(url)
    await page.getByRole('heading', { level: 1, name: T('en', 'setup.title') }).waitFor({ timeout: 15000 })
    // Empty form: every problem is announced at once, and each field says its own.
    await page.getByRole('button', { name: T('en', 'setup.submit') }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    assert.match(await alert.innerText(), new RegExp(T('en', 'error.nameRequired')))
    await look(page, 'setup-errors', 'tablet', 'en')
    await page.getByLabel(T('en', 'setup.ownerName')).fill('Noodle Nora')
    await page.getByLabel(T('en', 'field.areaCode')).selectOption('852')
    await page.getByLabel(T('en', 'field.phone')).fill('61234567')
    await page.getByLabel(T('en', 'field.password'), { exact: true }).fill('hand-pulled-88')
    await page.getByLabel(T('en', 'field.passwordAgain')).fill('hand-pulled-88')
    await page.getByLabel(T('en', 'setup.entName.en')).fill('Nora’s Noodles')
    await page.getByLabel(T('en', 'setup.entName.zh-TW')).fill('諾拉麵館')
    // Hong Kong chosen: its currency and time zone unless the owner picks others.
    assert.equal(await page.getByLabel(T('en', 'setup.currency')).inputValue(), 'HK$')
    assert.equal(await page.getByLabel(T('en', 'setup.timeZone')).inputValue(), 'Asia/Hong_Kong')
    await page.getByRole('button', { name: T('en', 'setup.submit') }).click()
    await page.getByRole('status').filter({ hasText: T('en', 'setup.done', { name: 'Noodle Nora' }) }).waitFor({ timeout: 15000 })
    await page.getByRole('heading', { level: 1, name: T('en', 'staff.title') }).waitFor()
    assert.deepEqual(await navLinks(page), ['Staff', 'Devices', 'Audit log', 'Orders', 'Kitchen board', 'Front of house', 'Day report', 'Menu', 'Sold out', 'Members', 'Coupons', 'Reviews', 'After-sale', 'Tables & QR codes', 'Shops & branches', 'Payment accounts', 'Settings', 'My account'])
    await context.close()

    // The same link again, in another browser: refused, clearly.
    const again = await newContext(app.browser, 'tablet')
    const second = await again.newPage()
    await second.goto(url)
    await second.getByRole('heading', { level: 1, name: T('en', 'setup.invalid.title') }).waitFor({ timeout: 15000 })
    assert.match(await second.getByRole('alert').innerText(), /used already or it has expired/)
    await again.close()
    assert.deepEqual(errors, [])
  })

  it('owner → adds a cashier with a PIN → pairs this browser as the counter → the cashier signs in with the PIN, cannot open Staff; the audit log lists it and exports CSV', async () => {
    const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
    const context = await newContext(app.browser, 'tablet')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    // The demo enterprise's owner link: only the owner's account is asked for.
    await page.goto(setupUrl(app.server.url, token))
    await page.getByRole('heading', { level: 1, name: T('en', 'setup.ownerTitle') }).waitFor({ timeout: 15000 })
    await page.getByLabel(T('en', 'setup.ownerName')).fill(OWNER.name)
    await page.getByLabel(T('en', 'field.phone')).fill(OWNER.phone)
    await page.getByLabel(T('en', 'field.password'), { exact: true }).fill(OWNER.password)
    await page.getByLabel(T('en', 'field.passwordAgain')).fill(OWNER.password)
    await page.getByRole('button', { name: T('en', 'setup.submit') }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'staff.title') }).waitFor({ timeout: 15000 })

    // Signs out, and in again with the password.
    await page.getByRole('button', { name: T('en', 'top.signOut') }).click()
    await signInWithPassword(page, 'en', OWNER.phone, OWNER.password)
    await page.getByRole('heading', { level: 1, name: T('en', 'staff.title') }).waitFor({ timeout: 15000 })

    // Adds the cashier, for the tea house only, with a PIN.
    await page.getByRole('button', { name: T('en', 'staff.add') }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'staff.addTitle') }).waitFor()
    await page.getByLabel(T('en', 'field.name')).fill(CASHIER.name)
    await page.getByLabel(T('en', 'field.phone')).fill(CASHIER.phone)
    await page.getByRole('radio', { name: new RegExp(`^${T('en', 'role.cashier')}`) }).check()
    const shops = page.getByRole('group', { name: T('en', 'staff.shops') })
    await shops.getByRole('checkbox').first().check()
    await page.getByLabel(T('en', 'staff.pin')).fill(CASHIER.pin)
    await page.getByLabel(T('en', 'staff.reason')).fill('New cashier for the morning shift')
    await look(page, 'staff-form', 'tablet', 'en')
    await page.getByRole('button', { name: T('en', 'common.save') }).click()
    await page.getByRole('status').filter({ hasText: T('en', 'staff.saved', { name: CASHIER.name }) }).waitFor({ timeout: 15000 })
    const row = page.getByRole('row').filter({ hasText: CASHIER.name })
    await row.waitFor()
    assert.match(await row.innerText(), /Cashier/)
    assert.match(await row.innerText(), /PIN/)

    // Pairs this browser as the counter of the tea house's dine-in branch.
    await page.getByRole('link', { name: T('en', 'nav.devices') }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'devices.title') }).waitFor()
    await page.getByRole('link', { name: T('en', 'devices.pairThis') }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'pair.title') }).waitFor()
    await page.getByLabel(T('en', 'pair.name')).fill('Counter tablet')
    await page.getByRole('radio', { name: T('en', 'kind.counter') }).check()
    const place = page.getByLabel(T('en', 'pair.where'))
    const placeOptions = await place.locator('option').allTextContents()
    assert.ok(placeOptions.length >= 2, placeOptions.join(' | '))
    await place.selectOption({ index: 1 })
    await page.getByRole('button', { name: T('en', 'pair.submit') }).click()

    // The PIN pad: the manager is signed out, the device lists the people with a PIN.
    await page.getByRole('heading', { level: 1, name: T('en', 'pin.title') }).waitFor({ timeout: 15000 })
    await page.getByRole('status').filter({ hasText: T('en', 'pair.done', { name: 'Counter tablet' }) }).waitFor()
    await page.getByRole('button', { name: new RegExp(CASHIER.name) }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'pin.enter', { name: CASHIER.name }) }).waitFor()
    for (const digit of CASHIER.pin) await page.getByRole('button', { name: digit, exact: true }).click()
    await page.getByRole('button', { name: T('en', 'pin.submit') }).click()

    // The cashier on a counter tablet opens on Front of house; Staff is neither shown nor openable.
    await page.getByRole('heading', { level: 1, name: T('en', 'counter.title') }).waitFor({ timeout: 15000 })
    assert.deepEqual(await navLinks(page), ['Orders', 'Kitchen board', 'Front of house', 'Sold out', 'Members', 'My account'])
    assert.match(await page.locator('header').innerText(), /Ana Cashier[\s\S]*Cashier[\s\S]*Counter tablet/)
    await page.goto(consoleUrl('#/staff'))
    await page
      .getByRole('heading', { level: 1, name: T('en', 'shell.notPermitted.title') })
      .waitFor({ timeout: 15000 })
      .catch(async (e) => {
        await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'console-failure.png'), fullPage: true })
        throw e
      })
    await look(page, 'not-permitted', 'tablet', 'en')
    assert.equal(await page.getByRole('table').count(), 0)

    // Switch person → the pad; the owner signs in with the password on this device and reads the audit log.
    await page.getByRole('button', { name: T('en', 'top.switchPerson') }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'pin.title') }).waitFor({ timeout: 15000 })
    await page.getByRole('link', { name: T('en', 'pin.managerSignIn') }).click()
    await signInWithPassword(page, 'en', OWNER.phone, OWNER.password)
    // On the counter tablet the owner too opens on Front of house.
    await page.getByRole('heading', { level: 1, name: T('en', 'counter.title') }).waitFor({ timeout: 15000 })
    await page.getByRole('link', { name: T('en', 'nav.audit') }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'audit.title') }).waitFor()
    const table = page.getByRole('table')
    await table.waitFor({ timeout: 15000 })
    const log = await table.innerText()
    for (const action of ['enterprise.ownerAdded', 'staff.signIn', 'staff.signOut', 'staff.save', 'device.pair']) {
      const label = T('en', `action.${action}` as ConsoleKey)
      assert.ok(log.includes(label), `the audit log lacks ${action} (${label}):\n${log}`)
    }
    assert.ok(log.includes('New cashier for the morning shift'), 'the reason given is in the log')
    assert.ok(log.includes('Counter tablet'), 'the PIN sign-in names the device')

    // Filter: only device pairings.
    await page.getByLabel(T('en', 'audit.action')).selectOption('device.pair')
    await page.getByRole('button', { name: T('en', 'audit.apply') }).click()
    await page.getByRole('status').filter({ hasText: T('en', 'audit.total', { n: 1 }) }).waitFor({ timeout: 15000 })
    await look(page, 'audit-filtered', 'tablet', 'en')
    await page.getByRole('button', { name: T('en', 'audit.reset') }).click()
    await page.getByRole('row').filter({ hasText: T('en', 'action.staff.save') }).first().waitFor({ timeout: 15000 })

    // Export CSV: a file with the log's rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T('en', 'audit.export') }).click()])
    assert.match(download.suggestedFilename(), /^audit-E1001-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync((await download.path())!, 'utf8')
    for (const action of ['staff.save', 'device.pair', 'staff.signIn']) assert.ok(csv.includes(action), `the CSV lacks ${action}`)
    assert.ok(csv.includes(CASHIER.name))
    await page.getByRole('status').filter({ hasText: T('en', 'audit.exported', { file: download.suggestedFilename() }) }).waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('wrong PINs lock a device; its pad says until when and takes no PIN', async () => {
    const owner = await ownerSession()
    const cashierId = await ensureCashier(owner)
    const device = await pairDevice(owner, 'Kitchen door tablet')
    const context = await preparedContext(app.browser, 'tablet', 'en', { device })
    const page = await context.newPage()
    await page.goto(consoleUrl())
    await page.getByRole('heading', { level: 1, name: T('en', 'pin.title') }).waitFor({ timeout: 15000 })
    assert.ok(cashierId)
    await page.getByRole('button', { name: new RegExp(CASHIER.name) }).click()
    const pin = page.getByLabel(T('en', 'field.pin'))
    let locked = false
    const failures = async () => Number((await app.server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'staff.pinFailed').where('device_id', '=', device.deviceId).executeTakeFirst())?.n ?? 0)
    for (let i = 0; i < 8 && !locked; i++) {
      const before = await failures()
      await pin.fill('0000')
      await page.keyboard.press('Enter')
      // Each wrong PIN is answered (the server's words, announced) before the next try.
      await page.getByRole('alert').first().waitFor({ timeout: 15000 })
      await page.waitForFunction(() => (document.getElementById('pin-input') as HTMLInputElement | null)?.value === '', undefined, { timeout: 15000 })
      for (let wait = 0; wait < 50 && (await failures()) === before; wait++) await page.waitForTimeout(100)
      await page.waitForTimeout(300)
      locked = (await page.getByRole('alert').filter({ hasText: T('en', 'pin.locked', { time: '' }).split(' until')[0] }).count()) > 0
    }
    assert.ok(locked, 'the device locked after wrong PINs')
    assert.ok(await pin.isDisabled(), 'a locked pad takes no PIN')
    assert.ok(await page.getByRole('button', { name: '5', exact: true }).isDisabled())
    await look(page, 'pin-locked', 'tablet', 'en')
    await context.close()
  })

  it('every console page passes axe in en, zh-CN and zh-TW, at tablet and phone size', async () => {
    const owner = await ownerSession()
    await ensureCashier(owner)
    const device = await pairDevice(owner, 'Front counter')
    const { call, as } = api()
    let smsCount = 0
    for (const size of ['tablet', 'phone'] as const) {
      for (const locale of LOCALES) {
        // Signed out: sign-in (both tabs), setup (form and a used link).
        {
          const context = await preparedContext(app.browser, size, locale, {})
          const page = await context.newPage()
          await page.goto(consoleUrl('#/sign-in'))
          await page.getByRole('heading', { level: 1, name: T(locale, 'signIn.title') }).waitFor({ timeout: 15000 })
          assert.equal(await page.evaluate(() => document.documentElement.lang), { en: 'en', 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant' }[locale])
          assert.equal(await page.title(), T(locale, 'app.title'))
          await look(page, 'sign-in', size, locale)
          await page.getByRole('button', { name: T(locale, 'signIn.bySms') }).click()
          // A number of its own each time (a phone may have one code a minute); no one's: the answer is the same.
          const smsPhone = `6610000${smsCount++}`
          await page.getByLabel(T(locale, 'field.phone')).fill(smsPhone)
          await page.getByRole('button', { name: T(locale, 'signIn.sendCode') }).click()
          await page.getByRole('status').filter({ hasText: T(locale, 'signIn.codeSent', { phone: '' }).replace(/[.。]$/, '') }).waitFor({ timeout: 15000 })
          await look(page, 'sign-in-sms', size, locale)
          const { token } = await createSetupLink(app.server.db, new Date())
          await page.goto(setupUrl(app.server.url, token))
          await page.getByRole('heading', { level: 1, name: T(locale, 'setup.title') }).waitFor({ timeout: 15000 })
          await look(page, 'setup', size, locale)
          await page.goto(`${app.server.url}/console/#/setup?token=su_used-or-unknown`)
          await page.getByRole('heading', { level: 1, name: T(locale, 'setup.invalid.title') }).waitFor({ timeout: 15000 })
          await look(page, 'setup-invalid', size, locale)
          await context.close()
        }
        // The owner, signed in on a personal browser: every page.
        {
          const session = (await call('StaffPasswordLogin', { AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password }, as({ entId: '' }))).table1![0]
          await call('StaffProfileUpdate', { Locale: locale }, as({ token: session.Token }))
          const context = await preparedContext(app.browser, size, locale, { session })
          const page = await context.newPage()
          await page.goto(consoleUrl('#/staff'))
          await page.getByRole('row').filter({ hasText: CASHIER.name }).waitFor({ timeout: 15000 })
          await look(page, 'staff', size, locale)
          if (size === 'phone') {
            // The phone's menu: closed at first, opened by its button.
            const menu = page.getByRole('button', { name: T(locale, 'nav.menu') })
            assert.equal(await menu.getAttribute('aria-expanded'), 'false')
            assert.equal(await page.getByRole('navigation').isVisible(), false)
            await menu.click()
            await page.getByRole('navigation').waitFor({ state: 'visible' })
            await look(page, 'menu-open', size, locale)
            await page.getByRole('link', { name: T(locale, 'nav.staff') }).click()
          }
          await page.getByRole('button', { name: T(locale, 'staff.editName', { name: CASHIER.name }) }).click()
          await page.getByRole('heading', { level: 1, name: T(locale, 'staff.editTitle', { name: CASHIER.name }) }).waitFor()
          await look(page, 'staff-edit', size, locale)
          await page.getByRole('button', { name: T(locale, 'common.cancel') }).click()
          await page.getByRole('button', { name: T(locale, 'staff.removeName', { name: CASHIER.name }) }).click()
          await page.getByRole('heading', { level: 1, name: T(locale, 'staff.removeTitle', { name: CASHIER.name }) }).waitFor()
          await page.getByRole('button', { name: T(locale, 'staff.removeConfirm') }).click()
          await page.getByRole('alert').filter({ hasText: T(locale, 'error.reasonRequired') }).waitFor()
          await look(page, 'staff-remove', size, locale)
          await page.getByRole('button', { name: T(locale, 'common.cancel') }).click()
          for (const [hash, title, label] of [
            ['#/devices', 'devices.title', 'devices'],
            ['#/pair', 'pair.title', 'pair'],
            ['#/audit', 'audit.title', 'audit'],
            ['#/account', 'account.title', 'account']
          ] as const) {
            await page.goto(consoleUrl(hash))
            await page.getByRole('heading', { level: 1, name: T(locale, title) }).waitFor({ timeout: 15000 })
            if (label === 'devices' || label === 'audit') await page.getByRole('table').waitFor({ timeout: 15000 })
            await look(page, label, size, locale)
          }
          await page.goto(consoleUrl('#/devices'))
          await page.getByRole('button', { name: T(locale, 'devices.unpairName', { name: device.name }) }).click()
          await page.getByRole('heading', { level: 1, name: T(locale, 'devices.unpairTitle', { name: device.name }) }).waitFor()
          await look(page, 'device-unpair', size, locale)
          await context.close()
        }
        // The paired counter: the pad (people, then the PIN), then the cashier signed in (in their own language).
        {
          const cashier = (await call('StaffList', {}, as({ token: owner.Token }))).table1!.find((p) => p.Phone === CASHIER.phone)!
          await call('StaffSave', { ...cashier, Locale: locale, Password: '', Pin: '', Reason: '' }, as({ token: owner.Token }))
          const context = await preparedContext(app.browser, size, locale, { device })
          const page = await context.newPage()
          await page.goto(consoleUrl())
          await page.getByRole('heading', { level: 1, name: T(locale, 'pin.title') }).waitFor({ timeout: 15000 })
          await page.getByRole('button', { name: new RegExp(CASHIER.name) }).waitFor()
          await look(page, 'pin-people', size, locale)
          await page.getByRole('button', { name: new RegExp(CASHIER.name) }).click()
          for (const digit of CASHIER.pin.slice(0, 3)) await page.getByRole('button', { name: digit, exact: true }).click()
          await look(page, 'pin-entry', size, locale)
          await page.getByRole('button', { name: CASHIER.pin[3], exact: true }).click()
          await page.getByRole('button', { name: T(locale, 'pin.submit') }).click()
          await page.getByRole('heading', { level: 1, name: T(locale, 'counter.title') }).waitFor({ timeout: 15000 })
          await look(page, 'cashier-counter', size, locale)
          await page.goto(consoleUrl('#/audit'))
          await page.getByRole('heading', { level: 1, name: T(locale, 'shell.notPermitted.title') }).waitFor({ timeout: 15000 })
          await look(page, 'cashier-not-permitted', size, locale)
          await page.getByRole('button', { name: T(locale, 'top.switchPerson') }).click()
          await page.getByRole('heading', { level: 1, name: T(locale, 'pin.title') }).waitFor({ timeout: 15000 })
          await context.close()
        }
      }
    }
  })
})
