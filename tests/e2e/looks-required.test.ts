/**
 * Choices the kitchen needs (issue 27 item 21), in the built H5 app on the real server, in zh-CN,
 * zh-TW and en: the demo's beef brisket noodles (A01) mark their noodles and spice Required
 * (server/seed/menus/menu-S101.json, '*' before the group); the goods list offers Choose, not a
 * quick +; goods details preselect neither, say what is still to choose, and put nothing in the
 * cart until both are chosen; then the line goes in with both. The server refuses a line without
 * them (tests/server/staff-menu-edit.test.ts, 21200 CHOICE_REQUIRED).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locale } from '../../src/gateway/contract'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import { parseGoodsRemarks } from '../../src/core/goods-remarks'
import { bomPickText } from '../../src/core/choice-text'
import { translate } from '../../src/i18n/translate'
import { kitchenLocaleOf, loadTicketRows } from '../../server/src/domain/kitchen/kitchen-view'
import { DEMO_ENT_ID } from '../../server/seed/demo-enterprise'
import { phone } from './browser'
import { entryUrl, useAppUnderTest } from './harness'
import { agreeAndSubmit, byId, shot } from './steps'

const app = useAppUnderTest()
const LOCALES: Locale[] = ['zh-CN', 'zh-TW', 'en']
const DEVICE_LANGUAGE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }
const STEP = 30000
const menu: MenuFile = JSON.parse(readFileSync(path.join(__dirname, '../../server/seed/menus/menu-S101.json'), 'utf8'))
const a01 = menu.goods.find((g) => g.code === 'A01')!
const k04 = menu.goods.find((g) => g.code === 'K04')!
const c08 = menu.goods.find((g) => g.code === 'C08')!
/** A table of its own per language: each places a round (B201, pay after the meal). */
const COMBO_TABLE: Record<Locale, string> = { 'zh-CN': 'A02', 'zh-TW': 'A05', en: 'A06' }

describe('required choices (issue 27 item 21)', () => {
  for (const locale of LOCALES) {
    it(`${locale}: A01 opens to choose; noodles and spice required, nothing preselected, nothing added until both are chosen`, async () => {
      const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params)
      const groups = parseGoodsRemarks((a01.remarks as Record<string, string>)[locale])
      assert.deepEqual(
        groups.map((g) => g.required),
        [true, true],
        'the demo menu marks both groups required'
      )
      const [noodles, spice] = groups
      const name = (a01.names as Record<string, string>)[locale]
      const context = await phone(app.browser, DEVICE_LANGUAGE[locale])
      const page = await context.newPage()
      try {
        await page.goto(await entryUrl(app.server, 'A01'))
        await byId(page, 'order-now').click({ timeout: STEP })
        const row = page.locator('[data-goods-code="A01"]').filter({ visible: true }).first()
        await row.waitFor({ timeout: STEP })
        // Choose, not a quick +.
        assert.equal(await row.getByTestId('goods-stepper').count(), 0, 'the row offers Choose, not a quick +')
        await row.getByRole('button', { name: t('menu.chooseLabel', { name }) }).click()
        await byId(page, 'details-name').waitFor({ timeout: STEP })
        // Both groups say Required; nothing chosen.
        const sections = byId(page, 'choice-remark')
        assert.equal(await sections.count(), 2)
        for (let i = 0; i < 2; i++) assert.match(await sections.nth(i).innerText(), new RegExp(t('details.required')))
        // Within the choice groups: the menu's class tabs (radios too) may still be on screen while the page changes.
        assert.equal(await sections.getByRole('radio', { checked: true }).count(), 0, 'nothing preselected')
        await byId(page, 'choice-problem').getByText(t('details.chooseRemark', { name: noodles.name })).waitFor({ timeout: STEP })
        assert.equal(await byId(page, 'add-to-cart').getAttribute('aria-disabled'), 'true')
        await shot(page, `looks-${locale}-required`)
        // A tap on the dimmed button adds nothing.
        await byId(page, 'add-to-cart').click({ force: true })
        assert.equal(await byId(page, 'cart-count').count(), 0, 'nothing in the cart')
        // Noodles chosen: spice still missing.
        await page.getByRole('radio', { name: noodles.options[1] }).filter({ visible: true }).click()
        await byId(page, 'choice-problem').getByText(t('details.chooseRemark', { name: spice.name })).waitFor({ timeout: STEP })
        await byId(page, 'add-to-cart').click({ force: true })
        assert.equal(await byId(page, 'cart-count').count(), 0, 'still nothing in the cart')
        // Both: it goes in.
        await page.getByRole('radio', { name: spice.options[2] }).filter({ visible: true }).click()
        assert.equal(await byId(page, 'choice-problem').count(), 0, 'nothing left to choose')
        await byId(page, 'add-to-cart').click()
        await byId(page, 'cart-count').getByText('1', { exact: true }).waitFor({ timeout: STEP })
      } catch (e) {
        await shot(page, `looks-${locale}-required-failure`, { axe: false }).catch(() => undefined)
        throw e
      } finally {
        await context.close()
      }
    })
  }
})

describe("a combo pick's own required choice (issue 27 item 21)", () => {
  for (const locale of LOCALES) {
    it(`${locale}: K04 with the Singapore vermicelli asks for its spice before the set goes in; the cart, the confirm page, the table's round and the kitchen's ticket say it`, async () => {
      const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params)
      assert.ok(
        k04.combo?.some((c) => c.select === 0 && c.pick === 1 && c.items.some((i) => i.goods === 'C08' && !i.default)),
        'the demo set K04 offers the Singapore fried vermicelli as its one main'
      )
      const [spice] = parseGoodsRemarks((c08.remarks as Record<string, string>)[locale])
      assert.equal(spice.required, true, 'the vermicelli’s spice is required')
      const pickName = (c08.names as Record<string, string>)[locale]
      const className = menu.classes.find((c) => c.code === k04.class)!.names[locale]
      const context = await phone(app.browser, DEVICE_LANGUAGE[locale])
      const page = await context.newPage()
      try {
        await page.goto(await entryUrl(app.server, COMBO_TABLE[locale]))
        await byId(page, 'order-now').click({ timeout: STEP })
        await byId(page, 'class-tab').filter({ hasText: className }).first().click({ timeout: STEP })
        await page.locator('[data-goods-code="K04"]').filter({ visible: true }).locator('[data-testid="goods-name"]').click({ timeout: STEP })
        await byId(page, 'details-name').getByText((k04.names as Record<string, string>)[locale]).waitFor({ timeout: STEP })
        // The default main asks nothing more; the vermicelli instead does.
        assert.equal(await byId(page, 'choice-problem').count(), 0, 'the default set can go in')
        await byId(page, 'combo-item').filter({ hasText: pickName }).click({ timeout: STEP })
        // The pick's spice, under its class, Required, nothing chosen; the bar names the pick.
        // Every picked goods with groups of its own shows them (the roast's dip, the ho fun's oil: optional).
        await byId(page, 'choice-pick-remark').first().waitFor({ timeout: STEP })
        const required = byId(page, 'choice-pick-remark').filter({ hasText: t('details.required') })
        assert.equal(await required.count(), 1, 'one pick has a required group')
        const section = required.filter({ hasText: pickName })
        const text = await section.innerText()
        assert.ok(text.includes(pickName) && text.includes(spice.name) && text.includes(t('details.required')), text)
        assert.equal(await section.getByRole('radio', { checked: true }).count(), 0, 'nothing preselected')
        await byId(page, 'choice-problem').getByText(t('details.choosePickRemark', { name: spice.name, goods: pickName })).waitFor({ timeout: STEP })
        assert.equal(await byId(page, 'add-to-cart').getAttribute('aria-disabled'), 'true')
        await section.scrollIntoViewIfNeeded()
        await shot(page, `looks-${locale}-combo-pick-required`)
        await byId(page, 'add-to-cart').click({ force: true })
        assert.equal(await byId(page, 'cart-count').count(), 0, 'nothing in the cart')
        // Chosen: the set goes in, its line carrying the spice.
        const option = spice.options[1]
        await section.getByRole('radio', { name: option }).click()
        assert.equal(await byId(page, 'choice-problem').count(), 0, 'nothing left to choose')
        await byId(page, 'add-to-cart').click()
        await byId(page, 'cart-count').getByText('1', { exact: true }).waitFor({ timeout: STEP })
        await page.goBack()
        // The details page has a cart button of its own (the same test id): wait until it has gone,
        // or the click opens the cart from it and the back still under way leaves the cart (seen once in CI).
        await byId(page, 'details-name').waitFor({ state: 'hidden', timeout: STEP })
        await byId(page, 'cart-go').click({ timeout: STEP })
        const choices = byId(page, 'cart-line-choices').first()
        await choices.waitFor({ timeout: STEP })
        const expected = bomPickText(pickName, [{ name: spice.name, option }], locale)
        assert.ok((await choices.innerText()).includes(expected), `${await choices.innerText()} shows ${expected}`)
        await page.waitForTimeout(400) // the page slide
        await shot(page, `looks-${locale}-combo-pick-cart`)
        // The confirm page lists the set with the pick's spice; sent as the table's round, the table
        // page shows it and the kitchen's ticket names it in the kitchen's language.
        await byId(page, 'cart-checkout').click({ timeout: STEP })
        await byId(page, 'confirm-line-choices').filter({ hasText: expected }).first().waitFor({ timeout: STEP })
        await shot(page, `looks-${locale}-combo-pick-confirm`)
        await agreeAndSubmit(page)
        await byId(page, 'sheet-line').filter({ hasText: expected }).first().waitFor({ timeout: STEP })
        await shot(page, `looks-${locale}-combo-pick-table`)
        const kitchen = await kitchenLocaleOf(app.server.db, DEMO_ENT_ID)
        const [kitchenSpice] = parseGoodsRemarks((c08.remarks as Record<string, string>)[kitchen])
        const onTicket = bomPickText((c08.names as Record<string, string>)[kitchen], [{ name: kitchenSpice.name, option: kitchenSpice.options[1] }], kitchen)
        const table = await app.server.db.selectFrom('dining_tables').select('table_id').where('code', '=', COMBO_TABLE[locale]).where('base_id', '=', 'B201').executeTakeFirstOrThrow()
        const rounds = await app.server.db.selectFrom('orders').select('order_id').where('table_id', '=', table.table_id).execute()
        const tickets = await app.server.db.selectFrom('kitchen_tickets').select('ticket_id').where('order_id', 'in', rounds.map((r) => r.order_id)).execute()
        const lines = (await loadTicketRows(app.server.db, tickets.map((t) => t.ticket_id), kitchen)).flatMap((t) => t.Lines)
        const set = lines.find((l) => l.GoodsID.endsWith('.g.K04'))
        assert.ok(set?.BomText.includes(onTicket), `the kitchen's ticket reads "${set?.BomText}", with ${onTicket}`)
      } catch (e) {
        await shot(page, `looks-${locale}-combo-pick-failure`, { axe: false }).catch(() => undefined)
        throw e
      } finally {
        await context.close()
      }
    })
  }
})
