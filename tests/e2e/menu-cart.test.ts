/**
 * Menu and cart end to end (issue 3): the built H5 app on the real server with the demo menu,
 * in Chromium at a phone viewport. Scan a table → open a class → a goods with specs, a remark
 * and an add-on → a combo with required and optional picks → the cart shows the lines and the
 * total → a reload keeps the cart. Also: search by goods number. Expected prices are computed
 * from the demo menu file, so the test follows the menu rather than copying its numbers.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { Decimal, type DecimalInput } from '../../src/core/money'
import type { MenuFile, MenuGoods } from '../../server/src/domain/catalogue/menu-file'
import { assertNoFindings, checkPage, claimPage, takeFindings } from './axe'
import { phone, SCREENSHOTS, saveScreenshot } from './browser'
import { useAppUnderTest, entryUrl } from './harness'

const app = useAppUnderTest()
const menu: MenuFile = JSON.parse(readFileSync(path.join(__dirname, '../../server/seed/menus/menu-S101.json'), 'utf8'))
const goods = (code: string): MenuGoods => {
  const g = menu.goods.find((x) => x.code === code)
  assert.ok(g, `demo goods ${code}`)
  return g
}
const className = (code: string) => menu.classes.find((c) => c.code === code)!.names.en
const money = (d: DecimalInput) => `MOP$${new Decimal(d).toFixed(2)}`

async function openDetails(page: Page, classCode: string, goodsCode: string) {
  await byId(page, 'class-tab').filter({ hasText: className(classCode) }).first().click()
  const row = page.locator(`[data-goods-code="${goodsCode}"]`).filter({ visible: true })
  await row.waitFor({ timeout: 15000 })
  await row.click()
  await byId(page, 'details-name').waitFor({ timeout: 30000 })
  assert.equal(await byId(page, 'details-name').innerText(), goods(goodsCode).names.en)
}

/** Taro H5 keeps earlier pages of the stack in the DOM, hidden: look only at the page on show. */
const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true })
const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A choice chip or combo item (a radio, or a checkbox where several may be picked) by its name; a price may follow ('Three more wontons+MOP$15'). */
const chip = (page: Page, name: string) => {
  const named = { name: new RegExp(`^${escapeRe(name)}(\\s*[+×]|$)`) }
  return page.getByRole('radio', named).or(page.getByRole('checkbox', named)).filter({ visible: true })
}

/** A picture of the page on show, after axe looked at it (its violations fail the test at its end). */
async function look(page: Page, name: string): Promise<void> {
  claimPage(page)
  await checkPage(page, name)
  await saveScreenshot(page, { path: path.join(SCREENSHOTS, `${name}.png`) })
}

/** Whether the element is the one with the keyboard focus (false while it is not rendered). */
async function focused(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0) return false
  return target.first().evaluate((el) => el === document.activeElement, undefined, { timeout: 1000 }).catch(() => false)
}

/** Presses Tab (Shift+Tab with back) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}): Promise<void> {
  for (let i = 0; i < (options.max ?? 60); i++) {
    if (await focused(target)) return
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
  }
  const now = await page.evaluate(() => `${document.activeElement?.getAttribute('role')} "${document.activeElement?.textContent?.slice(0, 40)}"`)
  throw new Error(`Tab did not reach ${target} (the focus is on ${now})`)
}

/** The parts of a goods row the diner reads or taps that lie outside the row (the row clips them): '' when none. */
async function clippedParts(row: Locator): Promise<string> {
  return row.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const parts = [...el.querySelectorAll('[data-testid="goods-price"], [data-testid="goods-unit"], [data-testid="goods-was"], [role="button"]')]
    return parts
      .filter((p) => {
        const r = p.getBoundingClientRect()
        return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5
      })
      .map((p) => p.textContent || p.getAttribute('aria-label') || p.getAttribute('data-testid'))
      .join(', ')
  })
}

describe('menu and cart', () => {
  it('the night market\'s goods rows show the whole price, its unit, the old price and the Choose button, in every language (issue 27 item 10)', async () => {
    for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh-CN'], ['zh-HK', 'zh-TW']] as const) {
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      await page.goto(await entryUrl(app.server, 'S102'))
      await byId(page, 'order-now').click({ timeout: 30000 })
      for (const code of ['N01', 'N02']) {
        const row = page.locator(`[data-goods-code="${code}"]`).filter({ visible: true })
        await row.waitFor({ timeout: 30000 })
        // N01 is sold by the skewer; N02 is on special, its old price struck through.
        await row.getByTestId('goods-unit').waitFor({ timeout: 5000 })
        assert.equal(await clippedParts(row), '', `${code} in ${lang}: cut off by the row`)
      }
      assert.equal(await page.locator('[data-goods-code="N02"]').filter({ visible: true }).getByTestId('goods-was').count(), 1, `N02's old price in ${lang}`)
      await look(page, `night-market-rows-${lang}`)
      await context.close()
    }
  })

  it('scans a table, chooses specs, a remark, add-ons and a combo, and finds the same cart after a reload', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    await page.goto(await entryUrl(app.server, 'A03'))
    await byId(page, 'order-now').click({ timeout: 30000 })
    await byId(page, 'class-tab').first().waitFor({ timeout: 30000 })
    await look(page, 'goods-list')

    // Scrolling by hand moves the list and stays there; the side bar follows the class read.
    const list = byId(page, 'goods-list')
    const firstClass = await byId(page, 'class-tab').first().innerText()
    await list.hover()
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, 400)
      await page.waitForTimeout(100)
    }
    await page.waitForTimeout(300)
    assert.ok((await list.evaluate((el) => el.scrollTop)) > 1500, 'the list stays where the diner scrolled it')
    const selected = page.locator('[data-testid="class-tab"][aria-selected="true"]').filter({ visible: true })
    assert.notEqual(await selected.innerText(), firstClass)
    assert.ok((await byId(page, 'goods-row').count()) > 0)
    // The pictures of the rows scrolled into view have loaded (the browser's own lazy loading).
    await page.waitForFunction(() => {
      const shown = Array.from(document.querySelectorAll('[data-testid="goods-row"] img')).filter((img) => {
        const r = img.getBoundingClientRect()
        return r.bottom > 0 && r.top < window.innerHeight && r.width > 0
      }) as HTMLImageElement[]
      return shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0)
    })

    // 1. Goods with specs, a remark and an add-on: Shrimp Wonton Noodles, Large, no spring onion, more wontons.
    const noodles = goods('C01')
    const large = noodles.skus!.items.find((i) => i.values[0] === 'LARGE')!
    const addOn = noodles.addOns![0]
    await openDetails(page, noodles.class, 'C01')
    await chip(page, 'Large').click()
    await chip(page, 'No').click()
    await chip(page, addOn.names.en).click()
    const noodlesAmount = new Decimal(large.salesPrice ?? large.price).plus(addOn.salesPrice ?? addOn.price)
    assert.equal(await byId(page, 'live-price').innerText(), money(noodlesAmount))
    await look(page, 'goods-details')
    // The picture opens full screen; a tap closes it.
    await byId(page, 'goods-picture').click()
    const preview = page.getByRole('dialog')
    await preview.waitFor()
    assert.match((await preview.locator('img').getAttribute('src')) ?? '', /\/files\/menu\//)
    await preview.click()
    await preview.waitFor({ state: 'detached' })
    await byId(page, 'add-to-cart').click()
    // Goods details has one bottom bar: the cart button there says what is in the cart.
    await page.getByRole('button', { name: 'Open the cart, 1 item' }).filter({ visible: true }).waitFor()
    await page.goBack()
    await byId(page, 'cart-total').getByText(money(noodlesAmount)).waitFor()

    // 2. A combo: the required main must be picked before it can be added; one optional side.
    const combo = goods('K04')
    const required = combo.combo!.find((c) => c.select === 0)!
    const optional = combo.combo!.find((c) => c.select === 1)!
    const main = required.items.find((i) => i.price && i.price !== '0') ?? required.items[0]
    const side = optional.items.find((i) => i.price && i.price !== '0' && !i.default) ?? optional.items[0]
    await openDetails(page, combo.class, 'K04')
    for (const item of [...required.items, ...optional.items].filter((i) => i.default)) {
      await chip(page, goods(item.goods).names.en).click() // start from nothing picked
    }
    assert.equal(await byId(page, 'add-to-cart').getAttribute('aria-disabled'), 'true')
    assert.match(await byId(page, 'choice-problem').innerText(), /Please choose 1/)
    await look(page, 'goods-details-combo-missing')
    await chip(page, goods(main.goods).names.en).click()
    await chip(page, goods(side.goods).names.en).click()
    const comboAmount = new Decimal(combo.salesPrice ?? combo.price).plus(main.price ?? '0').plus(side.price ?? '0')
    assert.equal(await byId(page, 'live-price').innerText(), money(comboAmount))
    await look(page, 'goods-details-combo')
    await byId(page, 'add-to-cart').click()
    const total = noodlesAmount.plus(comboAmount)
    await page.getByRole('button', { name: 'Open the cart, 2 items' }).filter({ visible: true }).waitFor()
    await page.goBack()
    await byId(page, 'cart-total').getByText(money(total)).waitFor()

    // 3. The cart: a dine-in table pays after the meal (postpay).
    await byId(page, 'cart-go').click()
    await byId(page, 'cart-line').first().waitFor({ timeout: 30000 })
    assert.match(page.url(), /#\/pages\/postpayCart\/postpayCart/)
    const checkCart = async () => {
      const names = await byId(page, 'cart-line-name').allInnerTexts()
      assert.deepEqual(names.sort(), [noodles.names.en, combo.names.en].sort())
      const choices = await byId(page, 'cart-line-choices').allInnerTexts()
      assert.ok(choices.some((c) => c.includes('Large') && c.includes(': No') && c.includes(addOn.names.en)), choices.join(' | '))
      assert.ok(choices.some((c) => c.includes(goods(main.goods).names.en) && c.includes(goods(side.goods).names.en)), choices.join(' | '))
      assert.equal(await byId(page, 'cart-page-total').innerText(), money(total))
    }
    await checkCart()
    await page.waitForTimeout(400) // let the 0.3 s page slide finish before the picture
    await look(page, 'cart')

    // 4. One more bowl from the cart's stepper, then a reload keeps everything.
    await byId(page, 'cart-line').filter({ hasText: noodles.names.en }).getByRole('button', { name: `Add one ${noodles.names.en}` }).click()
    const afterMore = total.plus(noodlesAmount)
    await byId(page, 'cart-page-total').getByText(money(afterMore)).waitFor()
    await page.reload()
    await byId(page, 'cart-line').first().waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'cart-page-total').innerText(), money(afterMore))
    assert.equal((await byId(page, 'cart-line').all()).length, 2)
    assert.deepEqual(errors, [])
    assertNoFindings(takeFindings(page))
    await context.close()
  })

  it('orders with the keyboard alone: Tab, arrows, Enter and Space take a diner from the table URL to checkout', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const noodles = goods('C01')
    const large = noodles.skus!.items.find((i) => i.values[0] === 'LARGE')!
    const addOn = noodles.addOns![0]
    const role = (r: Parameters<Page['getByRole']>[0], name: string | RegExp) => page.getByRole(r, { name }).filter({ visible: true })

    await page.goto(await entryUrl(app.server, 'A03'))
    await role('button', /^Order now/).waitFor({ timeout: 30000 })
    await tabTo(page, role('button', /^Order now/))
    await page.keyboard.press('Enter')

    // The class tabs are one stop: the arrows move between them, Enter shows the class's goods.
    const classes = page.getByRole('tablist', { name: 'Menu classes' }).filter({ visible: true })
    await classes.waitFor({ timeout: 30000 })
    await tabTo(page, classes.getByRole('tab', { selected: true }))
    const wanted = classes.getByRole('tab', { name: className(noodles.class) })
    for (let i = 0; i < 20 && !(await focused(wanted)); i++) await page.keyboard.press('ArrowDown')
    assert.equal(await wanted.getAttribute('aria-selected'), 'true')
    await page.keyboard.press('Enter')
    // A plain goods of the class: + adds one, and − taking it away again leaves the focus on +.
    const plain = goods('C04')
    assert.equal(plain.class, noodles.class)
    const addPlain = role('button', `Add one ${plain.names.en}`)
    await tabTo(page, addPlain, { max: 30 })
    await page.keyboard.press('Enter')
    await tabTo(page, role('button', `Remove one ${plain.names.en}`), { back: true, max: 3 })
    await page.keyboard.press('Enter')
    await byId(page, 'cart-bar').getByText('Your cart is empty').waitFor()
    assert.ok(await focused(addPlain), 'the focus is on + again')
    // Back up the class's rows to the goods with choices.
    await tabTo(page, role('button', `Choose ${noodles.names.en}`), { back: true, max: 20 })
    await page.keyboard.press('Enter')

    // Goods details: a radio group is one Tab stop and the arrows choose in it (a size, a remark);
    // Space ticks an add-on; Enter on Add to cart.
    await role('heading', noodles.names.en).waitFor({ timeout: 30000 })
    for (const [group, from, to] of [['Size', 'Small', 'Large'], ['Spring onion', 'Yes', 'No']] as const) {
      const radios = page.getByRole('radiogroup', { name: group }).filter({ visible: true })
      await tabTo(page, radios.getByRole('radio', { name: from }))
      await page.keyboard.press('ArrowRight')
      const chosen = radios.getByRole('radio', { name: to })
      assert.equal(await chosen.getAttribute('aria-checked'), 'true', `${group}: ${to}`)
      assert.ok(await focused(chosen), `${group}: the focus went with the choice`)
      assert.equal(await radios.getByRole('radio', { name: from }).getAttribute('tabindex'), '-1')
    }
    const extra = page.getByRole('checkbox', { name: new RegExp(`^${escapeRe(addOn.names.en)}`) }).filter({ visible: true })
    await tabTo(page, extra)
    await page.keyboard.press('Space')
    assert.equal(await extra.getAttribute('aria-checked'), 'true')
    const amount = new Decimal(large.salesPrice ?? large.price).plus(addOn.salesPrice ?? addOn.price)
    assert.equal(await byId(page, 'live-price').innerText(), money(amount))
    await tabTo(page, role('button', 'Add to cart'))
    await page.keyboard.press('Enter')
    const cartButton = role('button', 'Open the cart, 1 item')
    await cartButton.waitFor({ timeout: 15000 })

    // The cart: the total in the bottom bar, and Checkout.
    await tabTo(page, cartButton, { back: true })
    await page.keyboard.press('Enter')
    await byId(page, 'cart-line').first().waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'cart-page-total').innerText(), money(amount))
    await tabTo(page, role('button', 'Checkout'))
    await page.keyboard.press('Enter')
    await page.waitForURL(/#\/pages\/postpayOrderConfirm\/postpayOrderConfirm/, { timeout: 30000 })
    await context.close()
  })

  it('finds goods by goods number, in goods-number order, and adds one straight from the results', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'A01'))
    await byId(page, 'order-by-number').click({ timeout: 30000 })
    const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
    await input.waitFor({ timeout: 30000 })
    await input.fill('H0')
    await page.locator('[data-goods-code="H01"]').filter({ visible: true }).waitFor({ timeout: 15000 })
    const codes = await byId(page, 'goods-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-goods-code')))
    const expected = menu.goods.map((g) => g.code).filter((c) => c.startsWith('H0')).sort()
    assert.deepEqual(codes.slice(0, expected.length), expected)

    await input.fill('F01')
    const row = page.locator('[data-goods-code="F01"]').filter({ visible: true })
    await row.waitFor({ timeout: 15000 })
    assert.equal((await byId(page, 'goods-row').all()).length, 1)
    await row.getByRole('button', { name: `Add one ${goods('F01').names.en}` }).click()
    await byId(page, 'cart-total').getByText(money(goods('F01').salesPrice ?? goods('F01').price)).waitFor()
    await look(page, 'search')
    await context.close()
  })
})
