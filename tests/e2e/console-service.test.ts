/**
 * The console's orders, members, coupons, reviews and after-sale pages (issue 23 item 4) in Chromium
 * on the real server: a manager marks an order ready and cancels another with a reason, answers a
 * review, sees which coupon plans are theirs to run; a cashier types a member code; axe (WCAG 2.2 AA) looks at each page
 * and its forms in en, zh-CN and zh-TW at a tablet (1180 × 820) and a phone (390 × 844);
 * screenshots tests/e2e/screenshots/console-svc-*.png.
 */
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { issueMemberCode } from '../../server/src/domain/wallet/member-code'
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
const consoleUrl = (hash = '') => `${app.server.url}/console/${hash}`

async function look(page: Page, label: string, size: Size, locale: Locale): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 15000 })
  await checkPage(page, `console-svc-${label}-${size}`)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-svc-${label}-${size}-${locale}.png`), fullPage: true })
}

function api(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

const PASSWORD = 'noodles-at-dawn'

/** An owner of the demo enterprise (its owner link), then a manager and a cashier of S101 they add. */
async function people(): Promise<{ manager: StaffSessionRow; cashier: StaffSessionRow }> {
  const { call, as } = api()
  const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
  const owner = (await call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olivia Owner', AreaCode: '853', Phone: '66123450', Password: PASSWORD, Locale: 'en' }, as({ entId: '' }))).table1![0]
  const add = async (role: 'manager' | 'cashier', phone: string, name: string) => {
    await call('StaffSave', { StaffID: '', Name: name, AreaCode: '853', Phone: phone, Role: role, ShopIDs: 'S101', BaseIDs: '', Locale: 'en', Password: PASSWORD, Pin: '', Reason: '' }, as({ token: owner.Token }))
    return (await call('StaffPasswordLogin', { AreaCode: '853', Phone: phone, Password: PASSWORD }, as({ entId: '' }))).table1![0]
  }
  return { manager: await add('manager', '66123451', 'Mona Manager'), cashier: await add('cashier', '66123452', 'Ana Cashier') }
}

let seq = 0
/** A member, a paid takeaway order of theirs at S101/B201 with one line, an after-sale request on it and a review of it. */
async function serviceData(): Promise<{ vipId: string; paidOrder: string; unpaidOrder: string }> {
  const db = app.server.db
  const now = new Date()
  const vipId = `VE2E${randomBytes(4).toString('hex')}`
  await db
    .insertInto('members')
    .values({ vip_id: vipId, ent_id: 'E1001', area_no: '853', phone: '66555111', vip_name: 'Mei', is_guest: 0, device_key: '', code_ref: randomBytes(12).toString('hex'), balance: '88.50', created_at: now.toISOString(), updated_at: now.toISOString() })
    .execute()
  const goods = await db.selectFrom('goods').select(['goods_id', 'names']).where('shop_id', '=', 'S101').limit(1).executeTakeFirstOrThrow()
  const order = async (status: number, pickup: string) => {
    const orderId = `2611E2E${++seq}${randomBytes(2).toString('hex')}`
    await db
      .insertInto('orders')
      .values({
        order_id: orderId, ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: '', table_sheet_id: '', round_no: 0, kind: 'order', owner_key: `vip:${vipId}`, vip_id: vipId,
        request_key: `rk-${orderId}`, request_hash: 'e2e', pay_mode: 'prepay', service_type: 'takeaway', posi_type: 7, status, pickup_no: pickup, business_day: now.toISOString().slice(0, 10),
        appointed_time: '', remarks: 'Less salt', locale: 'en', goods_amount: '44.00', bag_qua: 0, bag_fee: '0', freight: '0', amount: '44.00', paid_amount: status === 1 ? '44.00' : '0', contact: '', phone: '', address: '',
        created_at: now.toISOString(), expires_at: new Date(now.getTime() + 60 * 60_000).toISOString(), paid_at: status === 1 ? now.toISOString() : null, ready_at: null, completed_at: null, cancelled_at: null,
        delivery_lat: 0, delivery_lng: 0, card_id: '', coupon_name: '', coupon_amount: '0'
      })
      .execute()
    await db
      .insertInto('order_lines')
      .values({ order_id: orderId, line_no: 1, goods_id: goods.goods_id, goods_code: 'F01', goods_name: (JSON.parse(goods.names) as { en: string }).en, sku_id: '', sku_name: '', pcode: '', punit: '', unit: 'bowl', ref: '1', m_qua: '2', p_qua: '0', qua: '2', sales_price: '22.00', p_sales_price: '0', unit_extras: '0', amount: '44.00', original_amount: '44.00', sale_type: 1, remark_text: 'Spice: Mild', add_on_text: '', bom_text: '', detail: '{}' })
      .execute()
    return orderId
  }
  const paidOrder = await order(1, '12')
  const unpaidOrder = await order(0, '')
  await db
    .insertInto('after_sales')
    .values({ after_sale_id: `ASE2E${randomBytes(3).toString('hex')}`, ent_id: 'E1001', vip_id: vipId, order_id: paidOrder, request_key: `as-${paidOrder}`, status: 0, whole_order: 1, reason: 'quality', content: 'The soup was cold.', amount: '10.00', refunded_amount: '0', file_ids: '[]', shop_note: '', points_reversed: 0, created_at: now.toISOString(), decided_at: null, refunded_at: null, updated_at: now.toISOString() })
    .execute()
  await db
    .insertInto('goods_reviews')
    .values({ review_id: `RVE2E${randomBytes(3).toString('hex')}`, ent_id: 'E1001', shop_id: 'S101', goods_id: goods.goods_id, vip_id: vipId, vip_name: 'Mei', head_img: '', stars: 2, content: 'Too salty for me.', images: '[]', created_at: now.toISOString(), is_imported: 0, order_id: paidOrder, line_no: 1 })
    .execute()
  return { vipId, paidOrder, unpaidOrder }
}

function signedIn(browser: Browser, size: Size, locale: Locale, session: StaffSessionRow): Promise<BrowserContext> {
  return browser
    .newContext({ viewport: SIZES[size], deviceScaleFactor: 1, hasTouch: true, isMobile: size === 'phone', locale: locale === 'en' ? 'en-GB' : locale, acceptDownloads: true })
    .then(async (context) => {
      const items = { [STORAGE_KEYS.locale]: locale, [STORAGE_KEYS.session]: JSON.stringify({ token: session.Token, entId: session.EntID }) }
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
      }, items)
      return context
    })
}

describe('console: orders, members, coupons, reviews, after-sale', () => {
  it('a manager works the pages; a cashier checks a member code; every page and form passes axe in three languages at tablet and phone size', async () => {
    const { manager, cashier } = await people()
    const data = await serviceData()
    const { call, as } = api()

    // One real pass, in English on a tablet: move orders on, answer a review, look a voucher up.
    {
      const context = await signedIn(app.browser, 'tablet', 'en', manager)
      const page = await context.newPage()
      await page.goto(consoleUrl('#/orders'))
      await page.getByRole('heading', { level: 1, name: T('en', 'orders.title') }).waitFor({ timeout: 15000 })
      const paidLabel = `#12 (${data.paidOrder})`
      await page.getByRole('button', { name: `${T('en', 'orders.ready')} ${paidLabel}` }).click()
      await page.getByRole('status').filter({ hasText: T('en', 'orders.movedReady', { order: paidLabel }) }).waitFor({ timeout: 15000 })
      await page.getByRole('button', { name: `${T('en', 'orders.cancel')} ${data.unpaidOrder}` }).click()
      await page.getByRole('button', { name: T('en', 'orders.cancel') }).click()
      await page.getByRole('alert').filter({ hasText: T('en', 'error.reasonRequired') }).waitFor()
      await page.getByLabel(T('en', 'field.reason')).fill('Diner left')
      await page.getByRole('button', { name: T('en', 'orders.cancel') }).click()
      await page.getByRole('status').filter({ hasText: T('en', 'orders.cancelled', { order: data.unpaidOrder }) }).waitFor({ timeout: 15000 })
      const cancelled = await app.server.db.selectFrom('orders').select('status').where('order_id', '=', data.unpaidOrder).executeTakeFirstOrThrow()
      assert.equal(cancelled.status, 3)
      const audit = await app.server.db.selectFrom('audit_log').select(['action', 'reason']).where('target_id', '=', data.unpaidOrder).execute()
      assert.deepEqual(audit, [{ action: 'order.cancel', reason: 'Diner left' }])

      await page.getByRole('link', { name: T('en', 'nav.reviews') }).click()
      await page.getByRole('button', { name: new RegExp(`^${T('en', 'reviews.reply')} `) }).first().click()
      await page.getByLabel(T('en', 'reviews.replyLabel')).fill('Thank you, we will tell the kitchen.')
      await page.getByRole('button', { name: T('en', 'reviews.sendReply') }).click()
      await page.getByRole('status').filter({ hasText: T('en', 'reviews.replied') }).waitFor({ timeout: 15000 })

      // A plan every shop runs is the enterprise's: a manager of one shop sees it, and may not run it.
      await page.getByRole('link', { name: T('en', 'nav.coupons') }).click()
      await page.getByRole('row', { name: /WELCOME5/ }).getByText(T('en', 'coupons.notYours')).waitFor({ timeout: 15000 })
      await context.close()
    }

    for (const size of ['tablet', 'phone'] as const) {
      for (const locale of LOCALES) {
        // Signing in adopts the person's own language: make it this pass's.
        await call('StaffProfileUpdate', { Locale: locale }, as({ token: manager.Token }))
        await call('StaffProfileUpdate', { Locale: locale }, as({ token: cashier.Token }))
        const context = await signedIn(app.browser, size, locale, manager)
        const page = await context.newPage()
        await page.goto(consoleUrl('#/orders'))
        await page.getByRole('heading', { level: 1, name: T(locale, 'orders.title') }).waitFor({ timeout: 15000 })
        await page.getByRole('table').waitFor({ timeout: 15000 })
        await look(page, 'orders', size, locale)
        await page.getByRole('button', { name: `${T(locale, 'orders.details')} #12 (${data.paidOrder})` }).click()
        await page.getByRole('heading', { level: 1, name: T(locale, 'orders.orderTitle', { order: `#12 (${data.paidOrder})` }) }).waitFor({ timeout: 15000 })
        await look(page, 'order', size, locale)

        await page.goto(consoleUrl('#/aftersale'))
        await page.getByRole('heading', { level: 1, name: T(locale, 'aftersale.title') }).waitFor({ timeout: 15000 })
        await page.getByRole('table').waitFor({ timeout: 15000 })
        await look(page, 'aftersale', size, locale)
        await page.getByRole('button', { name: `${T(locale, 'aftersale.decide')} ${data.paidOrder}` }).click()
        await page.getByRole('button', { name: T(locale, 'aftersale.reject') }).click()
        await page.getByRole('button', { name: T(locale, 'aftersale.rejectConfirm') }).click()
        await page.getByRole('alert').filter({ hasText: T(locale, 'aftersale.rejectReasonRequired') }).waitFor()
        await look(page, 'aftersale-reject', size, locale)

        await page.goto(consoleUrl('#/reviews'))
        await page.getByRole('heading', { level: 1, name: T(locale, 'reviews.title') }).waitFor({ timeout: 15000 })
        await page.locator('.review-list').waitFor({ timeout: 15000 })
        await look(page, 'reviews', size, locale)

        await page.goto(consoleUrl('#/coupons'))
        await page.getByRole('heading', { level: 1, name: T(locale, 'coupons.title') }).waitFor({ timeout: 15000 })
        await page.getByRole('table').first().waitFor({ timeout: 15000 })
        await look(page, 'coupons', size, locale)
        await page.getByRole('button', { name: T(locale, 'coupons.new') }).click()
        await page.getByRole('button', { name: T(locale, 'coupons.create') }).click()
        await page.getByRole('alert').first().waitFor()
        await look(page, 'coupon-new', size, locale)
        await context.close()

        // The cashier at the counter: a member code typed in.
        const counter = await signedIn(app.browser, size, locale, cashier)
        const desk = await counter.newPage()
        await desk.goto(consoleUrl('#/members'))
        await desk.getByRole('heading', { level: 1, name: T(locale, 'members.title') }).waitFor({ timeout: 15000 })
        const code = (await issueMemberCode(app.server.db, data.vipId, new Date()))!.code
        await desk.getByLabel(T(locale, 'members.code'), { exact: true }).fill(code)
        await desk.getByRole('button', { name: T(locale, 'members.verify') }).click()
        await desk.getByText('MOP$88.50').waitFor({ timeout: 15000 })
        await look(desk, 'members', size, locale)
        await counter.close()
      }
    }
  })
})
