/**
 * After the meal, one diner's whole journey (issue 17's browser test), the built H5 app on the real
 * server in Chromium at a phone viewport, in English and in Traditional Chinese: log in by SMS (the
 * code from the development SMS provider's outbox) → order by number and pay on the sandbox's
 * hosted page → the shop completes the order with `npm run orders -- complete` → order details offer
 * Review: stars, text and a photo (a PNG made here with sharp, set on the H5 host's file input) →
 * goodsComment shows the review with its photo (the picture loads) → After-sale: the whole order
 * back with a photo → the shop approves with `npm run aftersale -- approve` → the after-sale page
 * says Refunded with the amount, order details' after-sale line too, and the receipt lists the
 * payment's refund. axe looks at every page photographed (steps.ts shot()).
 * Screenshots: tests/e2e/screenshots/after-meal-*.png.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import type { Locale } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { phone } from './browser'
import { demoCode, entryUrl, useAppUnderTest } from './harness'
import { approveOnSandbox, byId, cli, money, price, scanAndAdd, shot } from './steps'

const app = useAppUnderTest()
const DEVICE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }
const PHONES: Partial<Record<Locale, string>> = { en: '66170001', 'zh-TW': '66170002' }

/** The code the development SMS provider "sent" (its outbox is the test hook). */
async function waitForCode(areaNo: string, phoneNo: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    try {
      return app.server.providers.sms.lastCode(areaNo, phoneNo)
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`no SMS code was sent to +${areaNo} ${phoneNo}`)
}

/** A picture as a phone camera would give it: `width` × `height`, one colour. */
const picture = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })

/** Taps the photo picker's add button and sets `file` on the H5 host's file input it opened. */
async function addPhoto(page: Page, scope: ReturnType<Page['locator']>, addName: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await scope.getByRole('button', { name: addName }).first().click()
  await (await chooser).element().setInputFiles(file)
}

describe('after the meal', () => {
  for (const locale of ['en', 'zh-TW'] as const) {
    it(`a member pays, the shop completes, the member reviews with a photo that shows on goodsComment, asks for a refund with a photo, the shop approves from the CLI and the refund shows (${locale})`, async () => {
      const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
      const context = await phone(app.browser, DEVICE[locale])
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))

      // 1. Log in by SMS from Mine.
      await page.goto(await entryUrl(app.server, 'T01'))
      await page.getByRole('tab', { name: t('tab.mine') }).filter({ visible: true }).click({ timeout: 30000 })
      await byId(page, 'login-cta').click({ timeout: 30000 })
      const areaNo = ((await byId(page, 'area-code').innerText({ timeout: 30000 })).match(/\d+/) ?? [''])[0]
      const phoneNo = PHONES[locale]!
      await byId(page, 'phone-input').locator('input').fill(phoneNo)
      await byId(page, 'send-code').click()
      await byId(page, 'code-input').locator('input').fill(await waitForCode(areaNo, phoneNo))
      await page.getByRole('checkbox', { name: `${t('checkout.agree')}${locale === 'en' ? ' ' : ''}${t('checkout.policyLink')}` }).filter({ visible: true }).click()
      await shot(page, `after-meal-login-${locale}`)
      await byId(page, 'login-submit').click()
      await byId(page, 'member-phone').waitFor({ timeout: 30000 })
      const member = await app.server.db.selectFrom('members').selectAll().where('phone', '=', phoneNo).executeTakeFirstOrThrow()

      // 2. Order soup and a bun to take away, paid on the sandbox's page.
      await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), ['F01', 'E03'], locale)
      await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
      await byId(page, 'slot-day').first().click()
      await byId(page, 'slot-time').first().click()
      const total = price('F01').plus(price('E03'))
      await byId(page, 'checkout-total').getByText(money(total)).waitFor({ timeout: 15000 })
      await byId(page, 'total-goods').waitFor({ timeout: 30000 })
      const agree = byId(page, 'agree-privacy')
      if ((await agree.getAttribute('aria-checked')) !== 'true') await agree.locator('.so-confirm__box').click()
      await byId(page, 'submit-order').click()
      await approveOnSandbox(page, `after-meal-sandbox-${locale}`)
      await byId(page, 'result-pickup-number').waitFor({ timeout: 30000 })
      const order = await app.server.db.selectFrom('orders').selectAll().where('vip_id', '=', member.vip_id).where('kind', '=', 'order').executeTakeFirstOrThrow()
      assert.equal(order.status, 1, 'paid')
      assert.equal(order.amount, total.toFixed(2))

      // 3. The shop completes it from its terminal.
      const completed = await cli(app, 'orders', 'complete', order.order_id)
      assert.match(completed.stdout, new RegExp(order.order_id))
      await byId(page, 'result-view-order').click()
      await byId(page, 'order-status').getByText(t('order.status.2' as MessageKey), { exact: true }).waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'order-status').getAttribute('role'), 'status')
      await byId(page, 'after-actions').waitFor({ timeout: 30000 })
      assert.deepEqual(await byId(page, 'after-actions').locator('[role=button]').allTextContents(), [t('after.review'), t('after.afterSale'), t('after.reorder'), t('after.receipt')])
      await shot(page, `after-meal-completed-${locale}`)

      // 4. Review the soup: four stars, a sentence and a photo.
      await byId(page, 'after-review').click()
      const soupLine = page.locator('[data-testid^="review-line-"]').filter({ visible: true }).filter({ hasText: locale === 'en' ? 'Soup of the Day' : '是日例湯' })
      await soupLine.waitFor({ timeout: 30000 })
      assert.equal(await page.locator('[data-testid^="review-line-"]').filter({ visible: true }).count(), 2, 'both goods lines are offered')
      const lineNo = ((await soupLine.getAttribute('data-testid')) ?? '').replace('review-line-', '')
      await byId(page, `review-star-${lineNo}-4`).click()
      assert.equal(await byId(page, `review-star-${lineNo}-4`).getAttribute('aria-checked'), 'true')
      const words = locale === 'en' ? 'Clear broth, still hot at the table.' : '湯底清甜，端上來還是熱的。'
      await byId(page, `review-text-${lineNo}`).locator('textarea').fill(words)
      await addPhoto(page, soupLine, t('photos.add'), { name: 'soup.png', mimeType: 'image/png', buffer: await picture(800, 600, [214, 128, 40]).png().toBuffer() })
      await soupLine.locator('.so-photos__tile').first().waitFor({ timeout: 10000 })
      await shot(page, `after-meal-review-${locale}`)
      await byId(page, 'review-submit').click()
      await page.getByRole('status').filter({ hasText: t('review.saved') }).waitFor({ timeout: 30000 })
      await soupLine.locator('.so-review__kept-img').first().waitFor({ timeout: 10000 })
      await shot(page, `after-meal-review-saved-${locale}`)

      // 5. goodsComment: the review first, its words, the photo loaded.
      const review = await app.server.db.selectFrom('goods_reviews').selectAll().where('vip_id', '=', member.vip_id).executeTakeFirstOrThrow()
      await page.goto(`${app.server.url}/#/pages/goodsComment/goodsComment?GoodsID=${encodeURIComponent(review.goods_id)}`)
      const first = byId(page, 'comment').first()
      await first.waitFor({ timeout: 30000 })
      assert.ok(((await first.textContent()) ?? '').includes(words))
      const photo = first.getByTestId('comment-photo').locator('img')
      assert.equal(await photo.count(), 1)
      await page.waitForFunction(() => {
        const img = document.querySelector('[data-testid="comment"] [data-testid="comment-photo"] img') as HTMLImageElement | null
        return !!img && img.complete && img.naturalWidth > 0
      }, undefined, { timeout: 15000 })
      // A button named for the photo (a tap opens the preview).
      assert.equal(await first.getByRole('button', { name: t('comment.photo', { n: 1, total: 1 }) }).count(), 1)
      await shot(page, `after-meal-goods-comment-${locale}`)

      // 6. After-sale: the whole order back, a reason, words and a photo.
      await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${encodeURIComponent(order.order_id)}`)
      await byId(page, 'after-afterSale').click({ timeout: 30000 })
      await byId(page, 'aftersale-form').waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'aftersale-amount').locator('input').inputValue(), total.toFixed(2))
      await byId(page, 'aftersale-reason-quality').click()
      await byId(page, 'aftersale-content').locator('textarea').fill(locale === 'en' ? 'The bun was cold inside.' : '叉燒包裏面是冷的。')
      await addPhoto(page, byId(page, 'aftersale-form'), t('photos.add'), { name: 'bun.jpg', mimeType: 'image/jpeg', buffer: await picture(640, 480, [240, 220, 190]).jpeg().toBuffer() })
      await byId(page, 'aftersale-form').locator('.so-photos__tile').first().waitFor({ timeout: 10000 })
      await shot(page, `after-meal-aftersale-form-${locale}`)
      await byId(page, 'aftersale-submit').click()
      await byId(page, 'aftersale-progress').waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'aftersale-status').textContent(), t('aftersale.status.0' as MessageKey))
      await page.waitForFunction(() => Array.from(document.querySelectorAll('.so-aftersale__photo img')).some((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0), undefined, { timeout: 15000 })
      await shot(page, `after-meal-aftersale-submitted-${locale}`)

      // 7. The shop approves from its terminal: the sandbox refunds the payment.
      const request = await app.server.db.selectFrom('after_sales').selectAll().where('order_id', '=', order.order_id).executeTakeFirstOrThrow()
      const approved = await cli(app, 'aftersale', 'approve', request.after_sale_id, '--note', locale === 'en' ? 'Sorry, refunded in full' : '抱歉，已全數退款')
      assert.match(approved.stdout, new RegExp(`approved and refunded ${total.toFixed(2)}`))

      // 8. What the diner sees: Refunded with the amount, on the page, on order details and on the receipt.
      await page.reload()
      await byId(page, 'aftersale-refunded').waitFor({ timeout: 30000 })
      assert.equal(await byId(page, 'aftersale-status').textContent(), t('aftersale.status.3' as MessageKey))
      assert.equal(await byId(page, 'aftersale-refunded').textContent(), t('aftersale.refundedAmount', { amount: money(total) }))
      await shot(page, `after-meal-aftersale-refunded-${locale}`)
      await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${encodeURIComponent(order.order_id)}`)
      await byId(page, 'aftersale-block').waitFor({ timeout: 30000 })
      assert.ok(((await byId(page, 'aftersale-block').textContent()) ?? '').includes(t('aftersale.status.3' as MessageKey)))
      // The money section: paid and refunded, all of it; the note says refunded (not 'complete'); no After-sale left.
      assert.equal(await byId(page, 'order-refunded').textContent(), `−${money(total)}`)
      await page.getByText(t('order.refundedNote' as MessageKey)).first().waitFor({ timeout: 10000 })
      assert.equal(await page.getByText(t('order.completedNote' as MessageKey)).count(), 0)
      assert.equal(await byId(page, 'after-afterSale').count(), 0)
      await shot(page, `after-meal-order-refunded-${locale}`)
      await byId(page, 'after-receipt').click()
      // The money went back once: one refund, the after-sale's (not the payment's as well).
      await byId(page, 'receipt').getByText(`${t('receipt.refunded')} · ${t('after.afterSale')}`).waitFor({ timeout: 30000 })
      assert.deepEqual(await byId(page, 'receipt-refund').allTextContents(), [`−${money(total)}`])
      await shot(page, `after-meal-receipt-refunded-${locale}`)
      // Through the provider the order was paid with (the sandbox), once, with its own refund number.
      const refunds = await app.server.db.selectFrom('after_sale_refunds').selectAll().where('after_sale_id', '=', request.after_sale_id).execute()
      assert.deepEqual(refunds.map((r) => [r.provider, r.amount]), [['sandbox', total.toFixed(2)]])
      assert.ok(refunds[0].refund_ref)
      assert.deepEqual(errors, [])
      await context.close()
    })
  }
})
