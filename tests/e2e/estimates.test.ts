/**
 * Ready-time estimates (issue 26 item 3; docs/estimates.md), the built H5 app on the real server in
 * Chromium at a phone viewport, in zh-CN, zh-TW and en with axe: a diner at the fast-food table
 * T01 (B202) sees "Ready in about N minutes" and one order ahead on the confirm page while the
 * kitchen has a ticket on its board; the kitchen bumps that ticket and the page says the shorter
 * wait and no order ahead, by itself (the branch's live stream).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { Locale } from '../../src/gateway/contract'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { translate } from '../../src/i18n/translate'
import { bumpTicket } from '../../server/src/domain/kitchen/kitchen-board.service'
import { syncOrderToKitchen } from '../../server/src/domain/kitchen/kitchen-ledger'
import { inEventTransaction } from '../../server/src/live/outbox'
import { insertOrderRow } from '../server/helpers/order-fixtures'
import { phone } from './browser'
import { byId, scanAndAdd, shot } from './steps'
import { demoCode, useAppUnderTest } from './harness'

const app = useAppUnderTest()
const DEFAULT_PREP = 4

/** A paid order at B202 with `qua` of C04, sent to the kitchen: its ticket is on the board (its id). */
async function ticketAhead(qua: number): Promise<string> {
  const db = app.server.db
  const orderId = await insertOrderRow(db, { status: ORDER_STATUS.PAID, baseId: 'B202', expiresIn: null })
  await db
    .insertInto('order_lines')
    .values({
      order_id: orderId, line_no: 1, goods_id: 'S101.g.C04', goods_code: 'C04', goods_name: 'Noodles', sku_id: '', sku_name: '', pcode: '', punit: '', unit: 'bowl', ref: '1',
      m_qua: String(qua), p_qua: '0', qua: String(qua), sales_price: '32', p_sales_price: '', unit_extras: '0', amount: String(32 * qua), original_amount: String(32 * qua),
      sale_type: 0, remark_text: '', add_on_text: '', bom_text: '', detail: '{}'
    })
    .execute()
  await inEventTransaction(db, async (trx) => {
    await syncOrderToKitchen(trx, orderId, new Date())
  })
  const ticket = await db.selectFrom('kitchen_tickets').select('ticket_id').where('order_id', '=', orderId).executeTakeFirstOrThrow()
  return ticket.ticket_id
}

async function estimateShown(page: Page): Promise<{ minutes: number; text: string }> {
  const line = byId(page, 'confirm-estimate')
  await line.locator('.so-ready-estimate__time').waitFor({ timeout: 30000 })
  return { minutes: Number(await line.getAttribute('data-minutes')), text: await line.innerText() }
}

const DEVICE_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }

describe('ready-time estimates', () => {
  for (const locale of ['zh-CN', 'zh-TW', 'en'] as Locale[]) {
    it(`${locale}: the confirm page says when the food will be ready, and says it sooner once the kitchen bumps the order ahead`, async () => {
      const db = app.server.db
      await db.deleteFrom('kitchen_estimate_settings').where('base_id', '=', 'B202').execute()
      await db.insertInto('kitchen_estimate_settings').values({ base_id: 'B202', ent_id: 'E1001', shop_id: 'S101', default_prep_minutes: DEFAULT_PREP, slot_capacity: 0, updated_at: new Date().toISOString() }).execute()
      // The goods' figures start from the default each time (bumps in an earlier language taught C04's).
      await db.deleteFrom('kitchen_prep_times').where('base_id', '=', 'B202').execute()
      const ahead = await ticketAhead(2)

      const context = await phone(app.browser, DEVICE_LOCALE[locale])
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), ['F01'], locale)

      // Two bowls of C04 ahead (4 min each) and the soup (4 min): about 12 minutes, one order ahead.
      const before = await estimateShown(page)
      assert.ok(before.minutes >= 10 && before.minutes <= 12, `about 12 minutes, shown ${before.minutes}`)
      assert.match(before.text, new RegExp(escape(translate(locale, 'estimate.readyIn', { n: before.minutes }))))
      assert.match(before.text, new RegExp(escape(translate(locale, 'estimate.ahead', { n: 1 }))))
      // A polite live region: a screen reader hears the new figure.
      assert.equal(await byId(page, 'confirm-estimate').getAttribute('role'), 'status')
      await shot(page, `estimates-confirm-${locale}`)

      // The kitchen bumps the order ahead: the page hears the branch's stream and reads the estimate again.
      await bumpTicket(db, ahead, 'cook', new Date())
      await page.locator(`[data-testid="confirm-estimate"][data-minutes="${DEFAULT_PREP}"]`).filter({ visible: true }).waitFor({ timeout: 30000 })
      const after = await estimateShown(page)
      assert.match(after.text, new RegExp(escape(translate(locale, 'estimate.readyIn', { n: DEFAULT_PREP }))))
      assert.match(after.text, new RegExp(escape(translate(locale, 'estimate.aheadNone'))))
      await shot(page, `estimates-confirm-bumped-${locale}`)
      assert.deepEqual(errors, [])
      await context.close()
    })
  }
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
