/**
 * The console's Settings, Shops & branches and Tables & QR codes pages (issue 23) in Chromium on the
 * real server with the demo enterprise: the owner opens each page and its forms at a tablet
 * (1180 × 820) and a phone (390 × 844) in zh-CN, zh-TW and en; axe (WCAG 2.2 AA) looks at every one
 * (screenshots tests/e2e/screenshots/console-{settings,branches,shop-form,branch-form,rule-form,tables,table-rename}-*.png). A shop's page config saved in the console
 * arranges the diner's Home; a refused branch (hours) names its field; a table renamed keeps its code.
 */
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { StaffClient } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { checkPage } from './axe'
import { SCREENSHOTS, saveScreenshot } from './browser'
import { entryUrl, useAppUnderTest } from './harness'

const root = path.resolve(__dirname, '..', '..')

before(() => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the console did not build:\n${built.stdout}\n${built.stderr}`)
})

const app = useAppUnderTest()

const LOCALES: readonly Locale[] = ['en', 'zh-CN', 'zh-TW']
const SIZES = { tablet: { width: 1180, height: 820 }, phone: { width: 390, height: 844 } } as const
type Size = keyof typeof SIZES
const OWNER = { phone: '66224466', password: 'setup-pages-owner' }

const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)

async function ownerSession(): Promise<StaffSessionRow> {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  const who = { locale: 'en' as const, entId: '' }
  try {
    return (await client.call('StaffPasswordLogin', { AreaCode: '853', Phone: OWNER.phone, Password: OWNER.password }, who)).table1![0]
  } catch {
    const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
    return (await client.call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olga Owner', AreaCode: '853', Phone: OWNER.phone, Password: OWNER.password, Locale: 'en' }, who)).table1![0]
  }
}

async function signedIn(browser: Browser, size: Size, locale: Locale): Promise<BrowserContext> {
  const owner = await ownerSession()
  const context = await browser.newContext({ viewport: SIZES[size], deviceScaleFactor: 1, hasTouch: true, isMobile: size === 'phone', locale: locale === 'en' ? 'en-GB' : locale, acceptDownloads: true })
  // Signing in adopts the person's own language: make it this test's.
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  await client.call('StaffProfileUpdate', { Locale: locale }, { locale, entId: owner.EntID, token: owner.Token })
  const items = { [STORAGE_KEYS.locale]: locale, [STORAGE_KEYS.session]: JSON.stringify({ token: owner.Token, entId: owner.EntID }) }
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
  }, items)
  return context
}

async function look(page: Page, label: string, size: Size, locale: Locale): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 15000 })
  await checkPage(page, `console-${label}-${size}`)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-${label}-${size}-${locale}.png`), fullPage: true })
}

const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: text })

describe('console: Settings, Shops & branches, Tables & QR codes', () => {
  for (const size of Object.keys(SIZES) as Size[]) {
    for (const locale of LOCALES) {
      it(`every page and form passes axe at ${size} size in ${locale}`, async () => {
        const context = await signedIn(app.browser, size, locale)
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        try {
          await page.goto(`${app.server.url}/console/#/settings`)
          await heading(page, T(locale, 'settings.title')).waitFor({ timeout: 15000 })
          await page.getByRole('radio', { name: T(locale, 'settings.rule.any') }).waitFor()
          await look(page, 'settings', size, locale)

          await page.goto(`${app.server.url}/console/#/branches`)
          await heading(page, T(locale, 'branches.title')).waitFor({ timeout: 15000 })
          await page.getByRole('table').first().waitFor({ timeout: 15000 })
          await look(page, 'branches', size, locale)
          await page.getByRole('button', { name: T(locale, 'common.edit') }).first().click()
          await page.getByRole('group', { name: T(locale, 'branches.home') }).waitFor()
          await look(page, 'shop-form', size, locale)
          await page.getByRole('button', { name: T(locale, 'common.cancel') }).click()
          await page.getByRole('button', { name: T(locale, 'branches.addBranch') }).first().click()
          await page.getByLabel(T(locale, 'branches.opens')).waitFor()
          await look(page, 'branch-form', size, locale)
          await page.getByRole('button', { name: T(locale, 'common.cancel') }).click()
          await page.getByRole('button', { name: T(locale, 'branches.addRule') }).click()
          await page.getByRole('button', { name: T(locale, 'branches.rule.addCoupon') }).click()
          await look(page, 'rule-form', size, locale)

          await page.goto(`${app.server.url}/console/#/tables`)
          await heading(page, T(locale, 'tables.title')).waitFor({ timeout: 15000 })
          await page.getByRole('table').first().waitFor({ timeout: 15000 })
          await look(page, 'tables', size, locale)
          await page.getByRole('button', { name: T(locale, 'tables.rename') }).first().click()
          await look(page, 'table-rename', size, locale)
          assert.deepEqual(errors, [])
        } finally {
          await context.close()
        }
      })
    }
  }

  it('a shop page config saved in the console arranges the diner’s Home; a refused branch names its field', async () => {
    const context = await signedIn(app.browser, 'tablet', 'en')
    const page = await context.newPage()
    try {
      await page.goto(`${app.server.url}/console/#/branches`)
      await page.getByRole('button', { name: T('en', 'branches.editShop', { name: 'Lotus Tea House' }), exact: true }).click()
      const home = page.getByRole('group', { name: T('en', 'branches.home') })
      await home.getByRole('checkbox', { name: T('en', 'section.notice') }).check()
      const up = home.getByRole('button', { name: T('en', 'branches.moveUp', { name: T('en', 'section.notice') }) })
      while (await up.isEnabled()) await up.click()
      await home.getByRole('checkbox', { name: T('en', 'section.byNumber') }).uncheck()
      await page.getByRole('button', { name: T('en', 'common.save') }).click()
      await page.getByRole('status').filter({ hasText: T('en', 'branches.shopSaved', { name: 'Lotus Tea House' }) }).waitFor({ timeout: 15000 })
      const params = await app.server.db.selectFrom('shop_params').select('parm_value').where('shop_id', '=', 'S101').where('parm_id', '=', 'ShopPageConfig').executeTakeFirstOrThrow()
      assert.equal(params.parm_value, 'notice,order,links,language,recommended')

      // A diner's Home at table A01 now starts with the shop's notice, and offers no "Order by number".
      const diner = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' })
      const phone = await diner.newPage()
      await phone.goto(await entryUrl(app.server, 'A01'))
      const notice = phone.locator('.so-home__notice')
      await notice.waitFor({ timeout: 30000 })
      assert.match(await notice.innerText(), /Welcome to Lotus Tea House/)
      await phone.getByTestId('order-now').waitFor()
      assert.equal(await phone.getByTestId('order-by-number').count(), 0)
      await saveScreenshot(phone, { path: path.join(SCREENSHOTS, 'console-diner-home-notice.png'), fullPage: true })
      await diner.close()

      // Back to the standard Home (the notice off, Order by number back).
      await page.getByRole('button', { name: T('en', 'branches.editShop', { name: 'Lotus Tea House' }), exact: true }).click()
      const again = page.getByRole('group', { name: T('en', 'branches.home') })
      await again.getByRole('checkbox', { name: T('en', 'section.notice') }).uncheck()
      await again.getByRole('checkbox', { name: T('en', 'section.byNumber') }).check()
      const down = again.getByRole('button', { name: T('en', 'branches.moveDown', { name: T('en', 'section.notice') }) })
      while (await down.isEnabled()) await down.click()
      await page.getByRole('button', { name: T('en', 'common.save') }).click()
      await page.getByRole('status').filter({ hasText: T('en', 'branches.shopSaved', { name: 'Lotus Tea House' }) }).waitFor({ timeout: 15000 })
      const none = await app.server.db.selectFrom('shop_params').select('parm_value').where('shop_id', '=', 'S101').where('parm_id', '=', 'ShopPageConfig').executeTakeFirst()
      assert.equal(none, undefined)

      // A branch whose delivery tiers do not go up: the server's problem shows under its field.
      await page.getByRole('button', { name: T('en', 'branches.addBranchTo', { name: 'Lotus Tea House' }) }).click()
      await page.getByLabel(T('en', 'setup.entName.en')).fill('Test branch')
      await page.getByRole('button', { name: T('en', 'branches.addTier') }).click()
      await page.getByRole('button', { name: T('en', 'branches.addTier') }).click()
      const tiers = page.getByRole('group', { name: /^Tier \d$/ })
      await tiers.nth(0).getByLabel(T('en', 'branches.upToMetres')).fill('3000')
      await tiers.nth(0).getByLabel(T('en', 'branches.fee')).fill('10')
      await tiers.nth(1).getByLabel(T('en', 'branches.upToMetres')).fill('1000')
      await tiers.nth(1).getByLabel(T('en', 'branches.fee')).fill('5')
      await page.getByRole('button', { name: T('en', 'common.save') }).click()
      const alert = page.getByRole('alert')
      await alert.waitFor({ timeout: 15000 })
      assert.match(await alert.innerText(), /deliveryFees\[1\]\.upTo: "distance" tiers must go up/)
      const field = tiers.nth(1).getByLabel(T('en', 'branches.upToMetres'))
      assert.equal(await field.getAttribute('aria-invalid'), 'true')
      await checkPage(page, 'console-branch-refused')
      await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'console-branch-refused-tablet-en.png'), fullPage: true })
    } finally {
      await context.close()
    }
  })
})
