/**
 * After the order (issue 17 items 4–5 of helper "after"), the built H5 app on the real server in
 * Chromium at a phone viewport, in three languages: a paid and completed order's details offer
 * Review, After-sale, Order again and Receipt; Order again puts the lines back into the cart at
 * today's prices and opens it; the receipt shows the shop, order and pickup numbers, the lines
 * with their choices, bags, the total and how it was paid, with a Print button on H5, and its
 * print styles hide the app's chrome. Screenshots: tests/e2e/screenshots/after-*.png.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { Locale } from '../../src/gateway/contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { DEVICE_KEY_STORAGE } from '../../src/gateway/device-key'
import { servicesOffered } from '../../src/core/sheet-position'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { applyShopAction } from '../../server/src/domain/orders/order.service'
import { clientLine } from '../server/helpers/order-fixtures'
import { decodeDeep, type TestServer } from '../server/helpers/test-server'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { phone, saveScreenshot } from './browser'
import { demoCode, entryUrl, useAppUnderTest } from './harness'
import { byId, shot } from './steps'
import sharp from 'sharp'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { makeMember } from '../server/helpers/member-fixtures'

const app = useAppUnderTest()
const say = (locale: Locale, key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
const DEVICE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }

/** Opens the app at a table of the demo, and answers a gateway caller with this browser's device key and the session's place. */
async function openApp(locale: Locale): Promise<{ page: Page; call: (k: string, r?: Record<string, unknown>[]) => Promise<{ body: any }>; place: { ShopID: string; BaseID: string; TableID: string } }> {
  const context = await phone(app.browser, DEVICE[locale])
  const page = await context.newPage()
  await page.goto(await entryUrl(app.server, 'T01'))
  await page.waitForURL(/pages\/home\/home/, { timeout: 30000 })
  const raw = (await page.evaluate((k) => localStorage.getItem(k), DEVICE_KEY_STORAGE)) ?? ''
  let deviceKey = raw
  try {
    const parsed = JSON.parse(raw)
    deviceKey = typeof parsed === 'object' && parsed && 'data' in parsed ? String(parsed.data) : String(parsed)
  } catch {
    // stored as plain text
  }
  const call = async (keyName: string, records: Record<string, unknown>[] = [{}]) => {
    const tableData = records.map((r, i) => ({ EntID: 'E1001', UserID: 'guest', ...(i === 0 ? { AppName: 'ScanOrder-after' } : {}), ...r }))
    const res = await app.server.app.inject({
      method: 'POST',
      url: '/GetData',
      payload: new URLSearchParams({
        ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
        KeyName: keyName,
        strJsonData: JSON.stringify({ tableData }),
        AuthCode: app.server.config.authCode,
        IsRSA: '0',
        EntID: 'E1001'
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': locale, 'X-Device-Key': deviceKey }
    })
    return { body: decodeDeep(JSON.parse(res.body)) }
  }
  const qr = await app.server.db.selectFrom('qr_codes').select(['shop_id', 'base_id', 'table_id']).where('code', '=', await demoCode(app.server, 'T01')).executeTakeFirstOrThrow()
  return { page, call, place: { ShopID: qr.shop_id, BaseID: qr.base_id ?? '', TableID: qr.table_id ?? '' } }
}

/** A takeaway-style order of this browser's, with two lines and a bag, paid and completed by the shop. */
async function completedOrder(call: (k: string, r?: Record<string, unknown>[]) => Promise<{ body: any }>, place: { ShopID: string; BaseID: string }, locale: Locale): Promise<any> {
  const base = await app.server.db.selectFrom('bases').select(['business_mode', 'cy_type']).where('base_id', '=', place.BaseID).executeTakeFirstOrThrow()
  const service = servicesOffered(base.business_mode, base.cy_type).find((s) => s !== 'delivery')!
  const server = { call } as unknown as TestServer
  const soup = await clientLine(server, { code: 'F01', shop: place.ShopID, base: place.BaseID, qua: '2' })
  const noodles = await clientLine(server, { code: 'C01', shop: place.ShopID, base: place.BaseID, sku: 'LARGE', remarks: [{ name: 'Spring onion', option: 'No' }] })
  const placed = await call('OrderSubmit', [{ ...place, ServiceType: service, RequestKey: `after-${locale}-${Date.now()}`, BagQua: 1, Lines: [soup.input, noodles.input] }])
  assert.equal(placed.body.resultcode, '0', `OrderSubmit: ${placed.body.resultmsg}`)
  const order = placed.body.data.table1[0]
  await app.server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, order.Amount, new Date()))
  await applyShopAction(app.server.db, order.SheetID, 'complete', locale, new Date(), app.server.providers as never)
  // As the diner sees it now: paid, completed, with its pickup number.
  const now = (await call('OrderDetailGet', [{ SheetID: order.SheetID }])).body.data.table1[0]
  assert.equal(now.Status, 2)
  assert.ok(now.PickupNo)
  return now
}

describe('after the order', () => {
  for (const locale of ['en', 'zh-TW', 'zh-CN'] as const) {
    it(`order details offer review, after-sale, order again and the receipt; the receipt prints without the app (${locale})`, async () => {
      const { page, call, place } = await openApp(locale)
      const order = await completedOrder(call, place, locale)

      await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${encodeURIComponent(order.SheetID)}`)
      await byId(page, 'after-actions').waitFor({ timeout: 30000 })
      const labels = await byId(page, 'after-actions').locator('[role=button]').allTextContents()
      assert.deepEqual(labels, [say(locale, 'after.review'), say(locale, 'after.afterSale'), say(locale, 'after.reorder'), say(locale, 'after.receipt')])
      await shot(page, `after-order-details-${locale}`)

      // The receipt.
      await byId(page, 'after-receipt').click()
      await byId(page, 'receipt').waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'receipt-sheet-id').textContent(), order.SheetID)
      assert.equal(await byId(page, 'receipt-pickup').textContent(), order.PickupNo)
      assert.equal(await byId(page, 'receipt-line').count(), 2)
      assert.ok(((await byId(page, 'receipt-total').textContent()) ?? '').includes(Number(order.Amount).toFixed(2)))
      assert.ok(((await byId(page, 'receipt-paid-amount').textContent()) ?? '').includes(Number(order.PaidAmount).toFixed(2)))
      assert.equal(await byId(page, 'receipt-bags').count(), 1)
      assert.equal(await byId(page, 'receipt-print').textContent(), say(locale, 'receipt.print'))
      await byId(page, 'receipt-address').waitFor({ timeout: 10000 })
      await shot(page, `after-receipt-${locale}`)
      // Printed: the Print button and the tab bar are gone, the receipt stays.
      await page.emulateMedia({ media: 'print' })
      assert.equal(await page.getByTestId('receipt-print').filter({ visible: true }).count(), 0)
      assert.equal(await page.locator('.so-tabbar').filter({ visible: true }).count(), 0)
      assert.equal(await byId(page, 'receipt').count(), 1)
      await saveScreenshot(page, { path: `tests/e2e/screenshots/after-receipt-print-${locale}.png` })
      await page.emulateMedia({ media: 'screen' })

      // Order again: the lines go back into the cart at today's prices and the cart opens.
      await page.goBack()
      await byId(page, 'after-reorder').waitFor({ timeout: 30000 })
      await byId(page, 'after-reorder').click()
      await page.waitForURL(/Cart\/\w+Cart/, { timeout: 30000 })
      await byId(page, 'cart-line').first().waitFor({ timeout: 30000 })
      const names = await byId(page, 'cart-line-name').allTextContents()
      const lines = (await call('OrderDetailGet', [{ SheetID: order.SheetID }])).body.data.table2 as { GoodsName: string }[]
      for (const line of lines) assert.ok(names.some((n) => n.includes(line.GoodsName)), `${line.GoodsName} is in the cart (${names.join(' | ')})`)
      await shot(page, `after-reorder-cart-${locale}`)
      await page.context().close()
    })
  }

  it('the profile: Change photo uploads a picture that becomes the avatar (shown on Mine with a text alternative); Remove clears it', async () => {
    const { page } = await openApp('en')
    const member = await makeMember(app.server.db, { name: 'Ana Lei' })
    await page.evaluate(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, member.token] as const)
    await page.goto(`${app.server.url}/?signed-in#/pages/vipDetailsEdit/vipDetailsEdit`)
    await byId(page, 'avatar-editor').waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'avatar-remove').count(), 0)
    const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 240, g: 170, b: 30 } } }).png().toBuffer()
    const chooser = page.waitForEvent('filechooser')
    await byId(page, 'avatar-change').click()
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture })
    await byId(page, 'avatar-img').waitFor({ timeout: 30000 })
    const row = await app.server.db.selectFrom('members').select('head_img').where('vip_id', '=', member.vipId).executeTakeFirstOrThrow()
    assert.match(row.head_img, /\/storage\//)
    assert.equal(await byId(page, 'avatar-img').locator('img').getAttribute('alt'), 'Photo of Ana Lei')
    await shot(page, 'after-avatar-profile-en')
    await page.goto(`${app.server.url}/#/pages/mine/mine`)
    await byId(page, 'mine-avatar').waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'mine-avatar').locator('img').getAttribute('alt'), 'Photo of Ana Lei')
    await shot(page, 'after-avatar-mine-en')
    await page.goto(`${app.server.url}/#/pages/vipDetailsEdit/vipDetailsEdit`)
    await byId(page, 'avatar-remove').waitFor({ timeout: 30000 })
    await byId(page, 'avatar-remove').click()
    // The host's confirm dialog (Taro's modal on H5) asks first.
    const modal = page.locator('.taro-modal__content').filter({ visible: true })
    await modal.waitFor({ timeout: 15000 })
    assert.ok(((await modal.textContent()) ?? '').startsWith(say('en', 'avatar.removeConfirm')))
    await page.locator('.taro-modal__foot').getByText(say('en', 'avatar.removeYes'), { exact: true }).filter({ visible: true }).click({ timeout: 15000 })
    await byId(page, 'avatar-change').waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'avatar-img').count(), 0)
    const after = await app.server.db.selectFrom('members').select('head_img').where('vip_id', '=', member.vipId).executeTakeFirstOrThrow()
    assert.equal(after.head_img, '')
    await page.context().close()
  })
})
