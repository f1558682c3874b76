/**
 * Allergens and diets in the console (issue 26 item 1), in Chromium on the real server: the owner
 * opens the satay noodles, finds Peanuts ticked among the allergens named in words, ticks Mustard,
 * gives the Extra egg add-on Milk and sets the spice to Medium; diners' goods details carry the
 * codes at once. A round of the satay noodles with the extra egg reaches the kitchen board with
 * "Allergens: Gluten, Eggs, …" under the line. axe (WCAG 2.2 AA) on the goods form with its
 * allergen fields and on the board, in en, zh-CN and zh-TW at a tablet (1180 × 820); screenshots
 * tests/e2e/screenshots/console-allergens-*.png.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { checkPage } from './axe'
import { SCREENSHOTS, saveScreenshot } from './browser'
import { demoCode, useAppUnderTest } from './harness'

const root = path.resolve(__dirname, '..', '..')
before(() => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the console did not build:\n${built.stdout}\n${built.stderr}`)
})

const app = useAppUnderTest()
const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)
const OWNER = { area: '853', phone: '66123458', password: 'peanuts-at-midnight' }

function api(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

async function ownerSession(): Promise<StaffSessionRow> {
  const { call, as } = api()
  const signIn = () => call('StaffPasswordLogin', { AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password }, as({ entId: '' }))
  try {
    return (await signIn()).table1![0]
  } catch {
    const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
    await call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olivia Owner', AreaCode: OWNER.area, Phone: OWNER.phone, Password: OWNER.password, Locale: 'en' }, as({ entId: '' }))
    return (await signIn()).table1![0]
  }
}

async function context(browser: Browser, locale: Locale, session: StaffSessionRow): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1180, height: 820 }, deviceScaleFactor: 1, hasTouch: true, locale: locale === 'en' ? 'en-GB' : locale })
  const items = { [STORAGE_KEYS.locale]: locale, [STORAGE_KEYS.session]: JSON.stringify({ token: session.Token, entId: session.EntID }) }
  await ctx.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
  }, items)
  return ctx
}

async function look(page: Page, label: string, locale: Locale): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 15000 })
  await checkPage(page, `console-allergens-${label}-tablet`)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-allergens-${label}-tablet-${locale}.png`), fullPage: true })
}

/** A gateway call as a diner's device makes it, answers decoded. */
async function diner(keyName: string, record: Record<string, unknown>, headers: Record<string, string> = {}): Promise<any> {
  const body = new URLSearchParams({
    ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: '', AppName: 'test', ...record }] }),
    AuthCode: app.server.config.authCode,
    IsRSA: '0',
    EntID: 'E1001'
  })
  const res = await fetch(`${app.server.url}/GetData`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers }, body })
  const decode = (v: unknown): unknown => (typeof v === 'string' ? decodeURIComponent(v) : Array.isArray(v) ? v.map(decode) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)])) : v)
  return decode(await res.json())
}

const openSatay = async (page: Page, locale: Locale) => {
  await page.goto(`${app.server.url}/console/#/menu`)
  await page.getByRole('heading', { level: 1, name: T(locale, 'menu.title') }).waitFor({ timeout: 15000 })
  const names: Record<Locale, string> = { en: 'Satay Beef Instant Noodles', 'zh-CN': '沙嗲牛肉公仔面', 'zh-TW': '沙嗲牛肉公仔麵' }
  const classes: Record<Locale, RegExp> = { en: /^Noodles and Congee/, 'zh-CN': /^粉面粥/, 'zh-TW': /^粉麵粥/ }
  await page.getByRole('button', { name: classes[locale] }).first().click()
  await page.getByRole('button', { name: T(locale, 'menu.editGoods', { name: names[locale] }) }).click()
  await page.getByRole('heading', { level: 1, name: T(locale, 'menu.editGoodsTitle', { name: names[locale] }) }).waitFor()
}

describe('console: allergens and diets', () => {
  it('the owner sees and sets the allergens of a goods and its add-on; diners read them; the kitchen board names each line’s', async () => {
    const owner = await ownerSession()
    const ctx = await context(app.browser, 'en', owner)
    const page = await ctx.newPage()
    await openSatay(page, 'en')

    const goodsMarks = page.getByRole('group', { name: T('en', 'marks.title'), exact: true })
    const allergens = goodsMarks.getByRole('group', { name: T('en', 'marks.allergens') })
    assert.equal(await allergens.getByRole('checkbox', { name: 'Peanuts' }).isChecked(), true)
    assert.equal(await allergens.getByRole('checkbox', { name: 'Mustard' }).isChecked(), false)
    await allergens.getByRole('checkbox', { name: 'Mustard' }).check()
    await goodsMarks.getByLabel(T('en', 'marks.spice')).selectOption({ label: 'Medium spicy' })
    const egg = page.getByRole('group', { name: T('en', 'marks.titleOf', { name: T('en', 'menu.addOn', { n: 1 }) }) })
    assert.equal(await egg.getByRole('checkbox', { name: 'Eggs' }).isChecked(), true)
    await egg.getByRole('checkbox', { name: 'Milk' }).check()
    await look(page, 'editor', 'en')
    await page.getByRole('button', { name: T('en', 'common.save') }).click()
    await page.getByRole('status').filter({ hasText: T('en', 'menu.goodsSaved', { name: 'Satay Beef Instant Noodles' }) }).waitFor({ timeout: 15000 })

    const detail = await diner('GoodsDetailGet', { ShopID: 'S101', BaseID: 'B201', GoodsID: 'S101.g.C03' })
    assert.equal(detail.data.table1[0].Allergens, 'gluten,peanuts,soy,mustard,sesame')
    assert.equal(detail.data.table1[0].Diets, 'spicy2')
    const addOns = await diner('AttachmentChargingList', { ShopID: 'S101', BaseID: 'B201', GoodsID: 'S101.g.C03' })
    assert.equal(addOns.data.table1[0].Allergens, 'eggs,milk')

    // A round of it with the extra egg: the board says the line's allergens in words.
    const code = await demoCode(app.server, 'A05')
    const lineAmount = String(Number(detail.data.table1[0].SalesPrice) + Number(addOns.data.table1[0].Value3))
    const placed = await diner(
      'MealPosOrderSubmit',
      {
        ShopID: 'S101',
        BaseID: 'B201',
        TableID: 'B201-A05',
        QRCode: code,
        ServiceType: 'dinein',
        RequestKey: `e2e-allergens-${randomBytes(6).toString('hex')}`,
        Lines: [{ GoodsID: 'S101.g.C03', SkuID: '', PCode: '', MQua: '1', PQua: '0', Remarks: [{ name: 'Spice', option: 'Mild' }], AddOns: ['S101.g.C03.o.EGG'], Bom: [], Amount: lineAmount }]
      },
      { 'X-Device-Key': `e2e-allergens-${randomBytes(6).toString('hex')}` }
    )
    assert.equal(placed.resultcode, '0', JSON.stringify(placed))
    await page.goto(`${app.server.url}/console/#/kitchen`)
    const card = page.getByRole('article', { name: 'Table A05' })
    await card.waitFor({ timeout: 15000 })
    await card.getByText(T('en', 'marks.line', { list: 'Gluten, Eggs, Peanuts, Soy, Milk, Mustard, Sesame' })).waitFor()
    await look(page, 'kitchen', 'en')
    await ctx.close()
  })

  for (const locale of ['zh-CN', 'zh-TW'] as const) {
    it(`axe finds nothing on the goods form's allergen fields and the board, named in ${locale}`, async () => {
      const owner = await ownerSession()
      await api().call('StaffProfileUpdate', { Locale: locale }, api().as({ token: owner.Token }))
      const ctx = await context(app.browser, locale, owner)
      const page = await ctx.newPage()
      await openSatay(page, locale)
      const allergens = page.getByRole('group', { name: T(locale, 'marks.title'), exact: true }).getByRole('group', { name: T(locale, 'marks.allergens') })
      assert.equal(await allergens.getByRole('checkbox', { name: T(locale, 'allergen.peanuts') }).isChecked(), true)
      await look(page, 'editor', locale)
      await page.goto(`${app.server.url}/console/#/kitchen`)
      const card = page.getByRole('article').filter({ hasText: 'A05' })
      await card.waitFor({ timeout: 15000 })
      const sep = T(locale, 'marks.separator')
      const words = ['gluten', 'eggs', 'peanuts', 'soy', 'milk', 'mustard', 'sesame'].map((c) => T(locale, `allergen.${c}` as ConsoleKey)).join(sep)
      await card.getByText(T(locale, 'marks.line', { list: words })).waitFor()
      await look(page, 'kitchen', locale)
      await api().call('StaffProfileUpdate', { Locale: 'en' }, api().as({ token: owner.Token }))
      await ctx.close()
    })
  }
})
