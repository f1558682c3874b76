/**
 * After-sale (issue 17 item 3, helper "aftersale"), the built H5 app on the real server in Chromium
 * at a phone viewport, in three languages: a signed-in member's paid order (from the balance) →
 * the after-sale page's form (some items with a stepper, a reason, text, a photo through the
 * picker, the amount following the items) → submitted, its progress → the shop approves with
 * `npm run aftersale -- approve` → the page shows it refunded and the balance has the money back;
 * order details show the one-line after-sale block. axe looks at every page photographed.
 * Screenshots: tests/e2e/screenshots/aftersale-*.png.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import sharp from 'sharp'
import type { Locale } from '../../src/gateway/contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { servicesOffered } from '../../src/core/sheet-position'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { clientLine } from '../server/helpers/order-fixtures'
import { makeMember } from '../server/helpers/member-fixtures'
import { decodeDeep, type TestServer } from '../server/helpers/test-server'
import { phone, SCREENSHOTS, saveScreenshot } from './browser'
import { demoCode, entryUrl, useAppUnderTest } from './harness'
import { byId, cli, shot } from './steps'

const app = useAppUnderTest()
const say = (locale: Locale, key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
const DEVICE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }

describe('after-sale', () => {
  for (const locale of ['en', 'zh-TW', 'zh-CN'] as const) {
    it(`a member asks for part of a paid order back with a photo; the shop approves from the CLI; the page and the balance show the refund (${locale})`, async () => {
      const member = await makeMember(app.server.db, { balance: '500', name: `After-sale ${locale}` })
      const context = await phone(app.browser, DEVICE[locale])
      const page = await context.newPage()
      await page.goto(await entryUrl(app.server, 'T01'))
      await byId(page, 'order-now').waitFor({ timeout: 30000 })
      await page.evaluate(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, member.token] as const)

      // The member's order at this counter, paid from the balance (as the app does it).
      const call = async (keyName: string, records: Record<string, unknown>[] = [{}]) => {
        const tableData = records.map((r, i) => ({ EntID: 'E1001', UserID: member.vipId, ...(i === 0 ? { AppName: 'ScanOrder-aftersale' } : {}), ...r }))
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
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': locale, ...member.headers }
        })
        return { body: decodeDeep(JSON.parse(res.body)) }
      }
      const qr = await app.server.db.selectFrom('qr_codes').select(['shop_id', 'base_id']).where('code', '=', await demoCode(app.server, 'T01')).executeTakeFirstOrThrow()
      const place = { ShopID: qr.shop_id, BaseID: qr.base_id ?? '' }
      const base = await app.server.db.selectFrom('bases').select(['business_mode', 'cy_type']).where('base_id', '=', place.BaseID).executeTakeFirstOrThrow()
      const service = servicesOffered(base.business_mode, base.cy_type).find((s) => s !== 'delivery')!
      const server = { call } as unknown as TestServer
      const soup = await clientLine(server, { code: 'F01', shop: place.ShopID, base: place.BaseID, qua: '2' })
      const noodles = await clientLine(server, { code: 'C01', shop: place.ShopID, base: place.BaseID, sku: 'LARGE' })
      const placed = await call('OrderSubmit', [{ ...place, ServiceType: service, RequestKey: `as-${locale}-${Date.now()}`, Lines: [soup.input, noodles.input] }])
      assert.equal(placed.body.resultcode, '0', `OrderSubmit: ${placed.body.resultmsg}`)
      const order = placed.body.data.table1[0]
      const paid = await call('BalancePay', [{ SheetID: order.SheetID, RequestKey: `as-pay-${locale}-${Date.now()}` }])
      assert.equal(paid.body.resultcode, '0', `BalancePay: ${paid.body.resultmsg}`)
      const balanceAfterPaying = Number((await call('VipDetailGet')).body.data.table1[0].Balance)

      // The form: the amount starts at everything paid.
      await page.goto(`${app.server.url}/#/pages/afterSale/afterSale?SheetID=${encodeURIComponent(order.SheetID)}`)
      await byId(page, 'aftersale-form').waitFor({ timeout: 30000 })
      const amountInput = byId(page, 'aftersale-amount').locator('input')
      assert.equal(await amountInput.inputValue(), Number(order.Amount).toFixed(2))
      // Some items: one soup of the two.
      await byId(page, 'aftersale-lines').click()
      const lines = (await call('OrderDetailGet', [{ SheetID: order.SheetID }])).body.data.table2 as { LineNo: number; GoodsID: string }[]
      const soupLine = lines.find((l) => l.GoodsID.endsWith('.g.F01'))!
      await byId(page, `aftersale-line-${soupLine.LineNo}`).getByRole('button').last().click()
      const soupPrice = (Number(soup.input.Amount) / 2).toFixed(2)
      await page.waitForFunction(
        ([want]) => (document.querySelector('[data-testid="aftersale-amount"] input') as HTMLInputElement | null)?.value === want,
        [soupPrice] as const,
        { timeout: 10000 }
      )
      await byId(page, 'aftersale-reason-quality').click()
      await byId(page, 'aftersale-content').locator('textarea').fill(say(locale, 'aftersale.reason.quality'))
      // A photo through the picker (the H5 host's file input).
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer()
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.so-photos__add').filter({ visible: true }).click()])
      await chooser.setFiles({ name: 'soup.png', mimeType: 'image/png', buffer: png })
      await page.locator('.so-photos__tile').filter({ visible: true }).first().waitFor({ timeout: 10000 })
      await shot(page, `aftersale-form-${locale}`)
      // The amount's text sits in the middle of its box (it sat at the top).
      const amountBox = byId(page, 'aftersale-amount')
      await amountBox.scrollIntoViewIfNeeded()
      const outer = (await amountBox.boundingBox())!
      const inner = (await amountBox.locator('input').boundingBox())!
      assert.ok(Math.abs(outer.y + outer.height / 2 - (inner.y + inner.height / 2)) <= 2, `amount text centred: box ${outer.y}+${outer.height}, input ${inner.y}+${inner.height}`)
      await saveScreenshot(amountBox, { path: path.join(SCREENSHOTS, `aftersale-amount-${locale}.png`) })

      await byId(page, 'aftersale-submit').click()
      await byId(page, 'aftersale-progress').waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'aftersale-status').textContent(), say(locale, 'aftersale.status.0'))
      assert.equal(await byId(page, 'aftersale-withdraw').count(), 1)
      await page.locator('.so-aftersale__photo').filter({ visible: true }).first().waitFor({ timeout: 10000 })
      await shot(page, `aftersale-progress-submitted-${locale}`)

      // The shop approves from its terminal.
      const request = (await call('AfterSaleDetailGet', [{ SheetID: order.SheetID }])).body.data.table1[0]
      assert.equal(request.Amount, soupPrice)
      assert.equal(request.Images.length, 1)
      const approved = await cli(app, 'aftersale', 'approve', request.AfterSaleID, '--note', 'Sorry about the soup')
      assert.match(approved.stdout, new RegExp(`approved and refunded ${soupPrice} \\(${soupPrice} through balance\\)`))

      await page.reload()
      await byId(page, 'aftersale-refunded').waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'aftersale-status').textContent(), say(locale, 'aftersale.status.3'))
      assert.ok(((await byId(page, 'aftersale-note').textContent()) ?? '').includes('Sorry about the soup'))
      await shot(page, `aftersale-progress-refunded-${locale}`)
      const balanceNow = Number((await call('VipDetailGet')).body.data.table1[0].Balance)
      assert.equal(balanceNow.toFixed(2), (balanceAfterPaying + Number(soupPrice)).toFixed(2))

      // Order details: the one-line block, linking to the page.
      await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${encodeURIComponent(order.SheetID)}`)
      await byId(page, 'aftersale-block').waitFor({ timeout: 30000 })
      const block = (await byId(page, 'aftersale-block').locator('.so-aftersale-block__text').textContent()) ?? ''
      assert.ok(block.startsWith(say(locale, 'aftersale.blockRefunded', { status: say(locale, 'aftersale.status.3'), amount: '' }).split(' · ')[0]), block)
      assert.ok(block.includes(soupPrice), `the block names what the order had back: ${block}`)
      // The money section says what came back, and the status note says the order is partly refunded.
      const refundedRow = (await byId(page, 'order-refunded').textContent()) ?? ''
      assert.ok(refundedRow.startsWith('−') && refundedRow.endsWith(soupPrice), refundedRow)
      await page.getByText(say(locale, 'order.partRefundedNote')).first().waitFor({ timeout: 10000 })
      await shot(page, `aftersale-order-details-${locale}`)
      await context.close()
    })
  }
})
