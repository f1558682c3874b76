/**
 * A combo pick's own required choice (issue 27 item 21) on both mini-program builds, under the host
 * double: the demo's all-day set (K04) with the Singapore fried vermicelli as its main asks for the
 * vermicelli's spice under the pick and names it in the bar; Add to cart adds nothing until it is
 * chosen; the cart line then reads 'Singapore Fried Vermicelli (Spice: Mild)' (星洲炒米（辣度：微辣）).
 * The browser test is tests/e2e/looks-required.test.ts.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import { bomPickText } from '../../src/core/choice-text'
import { parseGoodsRemarks } from '../../src/core/goods-remarks'
import type { Locale } from '../../src/gateway/contract'
import { LOCALE_ON_ENGLISH_DEVICE, openTable, say } from './steps'
import { MINI_KINDS, demoCode, useMiniServer } from './server'

const app = useMiniServer()
const menu: MenuFile = JSON.parse(readFileSync(path.join(__dirname, '../../server/seed/menus/menu-S101.json'), 'utf8'))
const named = (code: string, locale: Locale): string => (menu.goods.find((g) => g.code === code)!.names as Record<string, string>)[locale]

for (const kind of MINI_KINDS) {
  const locale = LOCALE_ON_ENGLISH_DEVICE[kind]

  describe(`${kind} build`, () => {
    test("K04 with the vermicelli asks for the pick's spice before it goes in; the cart line carries it", async () => {
      const c08 = menu.goods.find((g) => g.code === 'C08')!
      const [spice] = parseGoodsRemarks((c08.remarks as Record<string, string>)[locale])
      assert.equal(spice.required, true, 'the demo menu marks the vermicelli’s spice required')
      const pick = named('C08', locale)
      const set = named('K04', locale)
      const className = menu.classes.find((c) => c.code === 'SET')!.names[locale]

      const d = app.device(kind)
      await openTable(d, await demoCode(app.server, 'T01'), locale)
      await d.tap(say(locale, 'home.orderNow'))
      await d.waitForRoute('pages/goodsList/goodsList')
      await d.waitForText(className)
      await d.tap(className)
      await d.waitForText(set)
      await d.tap(set)
      await d.waitForRoute('pages/goodsDetails/goodsDetails')
      await d.waitForText(say(locale, 'details.add'))
      await d.waitForText(pick)

      // The vermicelli as the main: its spice under it, required; the bar names what is missing.
      await d.tap(pick)
      const missing = say(locale, 'details.choosePickRemark', { name: spice.name, goods: pick })
      await d.waitForText(missing)
      assert.ok(d.text().includes(spice.options[1]), `the spice's options are offered:\n${d.text()}`)
      await d.tap(say(locale, 'details.add'))
      await d.idle()
      assert.ok(!d.toasts.includes(say(locale, 'details.added')), 'nothing went into the cart')

      // Chosen: nothing is missing and the set goes in.
      await d.tap(spice.options[1])
      await d.waitFor(() => !d.text().includes(missing), 'the bar to stop asking for the spice')
      await d.tap(say(locale, 'details.add'))
      await d.waitFor(() => d.toasts.includes(say(locale, 'details.added')), 'the added-to-cart toast')
      d.back()
      await d.waitForRoute('pages/goodsList/goodsList')
      await d.tap(say(locale, 'cart.go'))
      await d.waitForRoute('pages/prepayCart/prepayCart')
      await d.waitForText(bomPickText(pick, [{ name: spice.name, option: spice.options[1] }], locale))
      assert.deepEqual(d.errors, [])
    })
  })
}
