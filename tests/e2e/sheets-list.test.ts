/**
 * My tables and closing a table's sheet in the browser (issue 27 item 3: PosSheetListByPage and
 * PosSheetClose had no page), in zh-CN, zh-TW and en, with axe: a diner orders a round at a table
 * of the Senado Square branch (which takes the bill online) and pays the bill; the table's page
 * leads to "Earlier visits at this table", which lists that sheet as paid with its round and total,
 * and a tap opens the bill; Orders leads to My tables. At another table the counter has seated a
 * party (an open sheet without rounds, as the demo's A03): its page offers "Leave the table",
 * asks first, and cancels the sheet; a table with an unpaid round offers neither Leave nor Finish.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Locale } from '../../src/gateway/contract'
import type { MessageKey } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'
import { checkPage, claimPage } from './axe'
import { phone, saveScreenshot } from './browser'
import { demoCode, useAppUnderTest } from './harness'
import { agreeAndSubmit, approveOnSandbox, byId, money, price, scanAndAdd, shot } from './steps'

const app = useAppUnderTest()
const SHOTS = process.env.SHOTS_DIR ?? ''
const DEVICE_LANGUAGE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }
/** Per language: the table to order and pay at, and the table the counter seated a party at (no rounds yet). */
const TABLES: Record<Locale, { pay: string; seated: string }> = {
  'zh-CN': { pay: 'A01', seated: 'A03' },
  'zh-TW': { pay: 'A02', seated: 'A05' },
  en: { pay: 'A04', seated: 'A06' }
}

async function picture(page: Page, name: string): Promise<void> {
  await shot(page, name)
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await saveScreenshot(page, { path: path.join(SHOTS, `${name}.png`) })
  }
}

/** The counter seats a party: an open sheet without rounds at the table of `code` (the demo's A03 has one from the seed). */
async function seatParty(code: string): Promise<string> {
  const db = app.server.db
  const qr = await db.selectFrom('qr_codes').select(['shop_id', 'base_id', 'table_id']).where('code', '=', code).executeTakeFirstOrThrow()
  const open = await db.selectFrom('table_sheets').select('sheet_id').where('table_id', '=', qr.table_id!).where('status', '=', 0).executeTakeFirst()
  if (open) return open.sheet_id
  const sheetId = `${qr.table_id}-seated`
  await db
    .insertInto('table_sheets')
    .values({ sheet_id: sheetId, ent_id: 'E1001', shop_id: qr.shop_id!, base_id: qr.base_id!, table_id: qr.table_id!, status: 0, created_at: new Date(Date.now() - 3 * 60_000).toISOString() })
    .execute()
  return sheetId
}

const textOf = async (page: Page, testId: string) => (await byId(page, testId).first().innerText({ timeout: 15000 })).trim()

describe('My tables and closing a table (PosSheetListByPage, PosSheetClose)', () => {
  for (const locale of ['zh-CN', 'zh-TW', 'en'] as Locale[]) {
    it(`lists the paid table with its round and total, opens its bill, and leaves a seated table (${locale})`, async () => {
      const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars)
      const context = await phone(app.browser, DEVICE_LANGUAGE[locale])
      const page = await context.newPage()
      claimPage(page)
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      try {
        // 1. A round at the table; unpaid, so neither Leave nor Finish.
        const payCode = await demoCode(app.server, TABLES[locale].pay)
        await scanAndAdd(page, app.server.url, payCode, ['F01'], locale)
        await agreeAndSubmit(page)
        await byId(page, 'sheet-round').first().waitFor({ timeout: 30000 })
        assert.equal(await byId(page, 'sheet-leave').count(), 0, 'a table with an unpaid round offers no Leave')
        assert.equal(await byId(page, 'sheet-finish').count(), 0, 'a table with an unpaid round offers no Finish')
        assert.equal(await textOf(page, 'sheet-earlier'), `${t('tables.here')} ›`)

        // 2. The bill paid on the sandbox's page, back at the table.
        await byId(page, 'pay-bill').click()
        await approveOnSandbox(page, null)
        await byId(page, 'payment-result').waitFor({ timeout: 30000 })
        await byId(page, 'result-back-to-table').click()
        await byId(page, 'sheet-bill-paid').waitFor({ timeout: 30000 })

        // 3. Earlier visits at this table: the paid sheet, its round and total, in words.
        await byId(page, 'sheet-earlier').click()
        await byId(page, 'table-sheet').first().waitFor({ timeout: 30000 })
        assert.match(page.url(), /tableSheetList\?TableID=/)
        const card = byId(page, 'table-sheet').first()
        assert.equal((await card.getByTestId('table-sheet-status').innerText()).trim(), t('tables.status.paid'))
        assert.equal((await card.getByTestId('table-sheet-rounds').innerText()).trim(), t('tables.rounds', { n: 1 }))
        assert.equal((await card.getByTestId('table-sheet-total').innerText()).trim(), t('tables.total', { amount: money(price('F01')) }))
        assert.equal(await byId(page, 'table-sheet').count(), 1, 'only the sheets of this table')
        await picture(page, `sheets-list-table-${locale}`)

        // A tap opens the bill this phone paid.
        await card.getByRole('button').first().click()
        await byId(page, 'order-details').waitFor({ timeout: 30000 })
        assert.match(page.url(), /orderDetails\?SheetID=/)

        // 4. Orders (from the table's page's tab bar) leads to My tables.
        await page.goBack()
        await byId(page, 'table-sheet').first().waitFor({ timeout: 30000 })
        await page.goBack()
        await byId(page, 'sheet-bill-paid').waitFor({ timeout: 30000 })
        await page.locator('.so-tabbar').filter({ visible: true }).getByText(t('tab.orders')).click({ timeout: 15000 })
        await byId(page, 'orders-my-tables').waitFor({ timeout: 30000 })
        await byId(page, 'order-row').first().waitFor({ timeout: 30000 })
        await picture(page, `sheets-orders-${locale}`)
        await byId(page, 'orders-my-tables').click()
        await byId(page, 'table-sheet').first().waitFor({ timeout: 30000 })
        assert.doesNotMatch(page.url(), /TableID=/)
        await picture(page, `sheets-list-all-${locale}`)

        // 5. The table the counter seated a party at: Leave the table, asked first, cancels the sheet.
        const seatedCode = await demoCode(app.server, TABLES[locale].seated)
        const sheetId = await seatParty(seatedCode)
        await page.goto(`${app.server.url}/#/pages/orderEntry/orderEntry?QRCode=${encodeURIComponent(seatedCode)}&SheetID=${encodeURIComponent(sheetId)}`)
        await byId(page, 'sheet-leave').waitFor({ timeout: 30000 })
        assert.equal(await textOf(page, 'sheet-leave'), t('sheet.leave'))
        await picture(page, `sheets-leave-${locale}`)
        await byId(page, 'sheet-leave').click()
        const modal = page.locator('.taro-modal__content').filter({ visible: true })
        await modal.waitFor({ timeout: 15000 })
        assert.equal((await modal.innerText()).includes(t('sheet.leaveConfirm')), true, 'the confirm says what leaving means')
        await checkPage(page, `sheets: leave confirm (${locale})`)
        await page.locator('.taro-modal__foot').getByText(t('sheet.leaveYes'), { exact: true }).filter({ visible: true }).click()
        await byId(page, 'sheet-left-note').filter({ hasText: t('sheet.leftTable') }).waitFor({ timeout: 30000 })
        assert.equal(await textOf(page, 'sheet-new-round'), t('sheet.newRound'))
        assert.equal(await byId(page, 'sheet-leave').count(), 0)
        await picture(page, `sheets-left-${locale}`)
        const sheet = await app.server.db.selectFrom('table_sheets').select('status').where('sheet_id', '=', sheetId).executeTakeFirstOrThrow()
        assert.equal(sheet.status, 3, 'the empty sheet is cancelled')
        assert.deepEqual(errors, [])
      } finally {
        await context.close()
      }
    })
  }
})
