/**
 * The console's Menu and Sold out pages in Chromium on the real server (issue 23): the owner opens
 * a goods, gives it a new picture through the signed upload flow (a JPEG made here, with camera
 * data the server strips), changes a price with a reason and saves; the diner's goods details
 * carry the new picture and price at once. A cook on the Sold out page flips a goods. axe (WCAG 2.2
 * AA) on the menu list, the goods form (also with its errors), the class form and the sold-out
 * page, in zh-CN, zh-TW and en at a tablet (1180 × 820) and a phone (390 × 844); screenshots
 * tests/e2e/screenshots/console-menu-*.png.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
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
const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)
const OWNER = { area: '853', phone: '66123457', password: 'menus-at-midnight' }

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

async function cookSession(owner: StaffSessionRow): Promise<StaffSessionRow> {
  const { call, as } = api()
  const phone = '66000077'
  const found = (await call('StaffList', {}, as({ token: owner.Token }))).table1!.find((p) => p.Phone === phone)
  if (!found) await call('StaffSave', { StaffID: '', Name: 'Kim Cook', AreaCode: '853', Phone: phone, Role: 'kitchen', ShopIDs: 'S101', BaseIDs: '', Locale: 'en', Password: 'kitchen-password-1', Pin: '', Reason: '' }, as({ token: owner.Token }))
  return (await call('StaffPasswordLogin', { AreaCode: '853', Phone: phone, Password: 'kitchen-password-1' }, as({ entId: '' }))).table1![0]
}

async function context(browser: Browser, size: Size, locale: Locale, session: StaffSessionRow): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: SIZES[size], deviceScaleFactor: 1, hasTouch: true, isMobile: size === 'phone', locale: locale === 'en' ? 'en-GB' : locale })
  const items = { [STORAGE_KEYS.locale]: locale, [STORAGE_KEYS.session]: JSON.stringify({ token: session.Token, entId: session.EntID }) }
  await ctx.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
  }, items)
  return ctx
}

async function look(page: Page, label: string, size: Size, locale: Locale): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 15000 })
  await checkPage(page, `console-menu-${label}-${size}`)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-menu-${label}-${size}-${locale}.png`), fullPage: true })
}

const diner = async (goodsId: string) => {
  const body = new URLSearchParams({
    ServerType: 'Goods',
    KeyName: 'GoodsDetailGet',
    strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: '', AppName: 'test', ShopID: 'S101', BaseID: 'B201', GoodsID: goodsId }] }),
    AuthCode: app.server.config.authCode,
    IsRSA: '0',
    EntID: 'E1001'
  })
  const res = await fetch(`${app.server.url}/GetData`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' }, body })
  const decode = (v: unknown): unknown => (typeof v === 'string' ? decodeURIComponent(v) : Array.isArray(v) ? v.map(decode) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)])) : v)
  const json = decode(await res.json()) as { data: { table1: { ImageUrl: string; SalesPrice: string; GoodsName: string }[]; table4: { SkuCode: string; SalesPrice: string }[] } }
  return { goods: json.data.table1[0], skus: json.data.table4 }
}

describe('console: menu and sold out', () => {
  it('the owner gives a goods a new picture and price; diners see both at once', async () => {
    const owner = await ownerSession()
    const ctx = await context(app.browser, 'tablet', 'en', owner)
    const page = await ctx.newPage()
    await page.goto(`${app.server.url}/console/#/menu`)
    await page.getByRole('heading', { level: 1, name: T('en', 'menu.title') }).waitFor({ timeout: 15000 })
    await page.getByRole('button', { name: /^Noodles and Congee/ }).click()
    await page.getByRole('button', { name: T('en', 'menu.editGoods', { name: 'Shrimp Wonton Noodles' }) }).click()
    await page.getByRole('heading', { level: 1, name: T('en', 'menu.editGoodsTitle', { name: 'Shrimp Wonton Noodles' }) }).waitFor()

    const photo = path.join(tmpdir(), `menu-photo-${Date.now()}.jpg`)
    writeFileSync(photo, await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 230, g: 140, b: 30 } } }).jpeg().withExif({ IFD0: { Make: 'SecretCam' } }).toBuffer())
    await page.getByLabel(T('en', 'menu.field.picture')).setInputFiles(photo)
    await page.getByRole('img', { name: T('en', 'menu.picturePreview') }).waitFor()
    await page.getByLabel(T('en', 'menu.skuField', { field: T('en', 'menu.field.price'), sku: 'Large' })).fill('54')
    await page.getByRole('button', { name: T('en', 'common.save') }).click()
    await page.getByRole('alert').filter({ hasText: T('en', 'menu.error.reason') }).waitFor()
    await look(page, 'editor-errors', 'tablet', 'en')
    await page.getByLabel(T('en', 'menu.field.reason'), { exact: false }).first().fill('prawns cost more')
    await page.getByRole('button', { name: T('en', 'common.save') }).click()
    await page.getByRole('status').filter({ hasText: T('en', 'menu.goodsSaved', { name: 'Shrimp Wonton Noodles' }) }).waitFor({ timeout: 15000 })

    const seen = await diner('S101.g.C01')
    // The original (an 800 px photo) with the widths made beside it (docs/uploads.md, Pictures for phones).
    assert.match(seen.goods.ImageUrl, /\/files\/menu\/E1001\/S101\/c01-[0-9a-f]{10}\.v160-320-640-800\.jpg$/)
    assert.equal(seen.skus.find((s) => s.SkuCode === 'LARGE')?.SalesPrice, '54')
    const picture = await fetch(seen.goods.ImageUrl.replace(/^https?:\/\/[^/]+/, app.server.url))
    assert.equal(picture.status, 200)
    assert.equal((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).exif, undefined, 'the camera data is gone')
    await ctx.close()
  })

  it('a cook switches a goods sold out on the Sold out page', async () => {
    const cook = await cookSession(await ownerSession())
    const ctx = await context(app.browser, 'tablet', 'en', cook)
    const page = await ctx.newPage()
    await page.goto(`${app.server.url}/console/#/sold-out`)
    const toggle = page.getByRole('switch', { name: /^Iced Lemon Tea/ })
    await toggle.waitFor({ timeout: 15000 })
    assert.equal(await toggle.getAttribute('aria-checked'), 'true')
    await toggle.click()
    await page.getByRole('status').filter({ hasText: T('en', 'soldOut.nowSoldOut', { name: 'Iced Lemon Tea' }) }).waitFor()
    assert.equal(await toggle.getAttribute('aria-checked'), 'false')
    await toggle.click()
    await page.getByRole('status').filter({ hasText: T('en', 'soldOut.nowOnSale', { name: 'Iced Lemon Tea' }) }).waitFor()
    await ctx.close()
  })

  for (const size of ['tablet', 'phone'] as const) {
    for (const locale of LOCALES) {
      it(`axe finds nothing on the menu pages (${size}, ${locale})`, async () => {
        const owner = await ownerSession()
        // The console speaks the person's own language once signed in.
        await api().call('StaffProfileUpdate', { Locale: locale }, api().as({ token: owner.Token }))
        const ctx = await context(app.browser, size, locale, owner)
        const page = await ctx.newPage()
        await page.goto(`${app.server.url}/console/#/menu`)
        await page.getByRole('heading', { level: 1, name: T(locale, 'menu.title') }).waitFor({ timeout: 15000 })
        await page.getByRole('table').first().waitFor()
        await look(page, 'list', size, locale)
        await page.getByRole('button', { name: T(locale, 'menu.addGoods') }).click()
        await page.getByRole('button', { name: T(locale, 'common.save') }).click()
        await page.getByRole('alert').first().waitFor()
        await look(page, 'new-goods-errors', size, locale)
        await page.getByRole('button', { name: T(locale, 'common.cancel') }).click()
        await page.getByRole('button', { name: T(locale, 'menu.addClass') }).click()
        await look(page, 'class', size, locale)
        await page.getByRole('button', { name: T(locale, 'common.cancel') }).click()
        await page.locator('.menu-table button').first().click()
        await page.getByRole('heading', { level: 1 }).filter({ hasNotText: T(locale, 'menu.title') }).waitFor()
        await look(page, 'editor', size, locale)
        await page.goto(`${app.server.url}/console/#/sold-out`)
        await page.getByRole('switch').first().waitFor({ timeout: 15000 })
        await look(page, 'sold-out', size, locale)
        await ctx.close()
      })
    }
  }
})
