/**
 * Issue 12 items 6, 14 and 17 in the browser: a refused QR code is a page with a title, its
 * message and a way on; the entry SheetID opens or refuses; cart lines follow the language on
 * screen; remove-item, Buy now, the business-mode switch and Expand All.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { phone } from './browser'
import { useAppUnderTest, entryUrl, demoCode } from './harness'
import { agreeAndSubmit, byId, scanAndAdd, shot } from './steps'

const app = useAppUnderTest()

/** A button of the host's modal (Taro H5's showModal). */
const modalButton = (page: Page, name: string) => page.locator('.taro-modal__foot').getByText(name, { exact: true }).filter({ visible: true })
const searchInput = (page: Page) => page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()

async function search(page: Page, keyword: string): Promise<void> {
  await byId(page, 'order-by-number').click({ timeout: 30000 })
  await searchInput(page).waitFor({ timeout: 30000 })
  await searchInput(page).fill(keyword)
}

async function openGoods(page: Page, code: string): Promise<void> {
  await searchInput(page).fill(code)
  const row = page.locator(`[data-goods-code="${code}"]`).filter({ visible: true })
  await row.waitFor({ timeout: 15000 })
  await row.click()
  await byId(page, 'details-name').waitFor({ timeout: 30000 })
}

describe('issue 12: entry, cart and spec partials', () => {
  it('a refused QR code: a titled page in the UI language, no Retry, a way on to choose a restaurant', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(`${app.server.url}/?QRCode=NOPE`)
    await byId(page, 'entry-failure').waitFor({ timeout: 30000 })
    assert.match(await byId(page, 'entry-failure').innerText(), /QR code is invalid or has expired/i)
    assert.equal(await page.getByText('Retry', { exact: true }).count(), 0)
    assert.equal(await page.title(), 'Scan to order')
    // Nothing names the enterprise yet: no restaurant to choose, and a plain browser cannot scan.
    assert.equal(await byId(page, 'entry-choose-shop').count(), 0)
    await shot(page, 'entry-invalid-en')

    // After a table's code, a bad one leads on to the enterprise's restaurants.
    await page.goto(await entryUrl(app.server, 'A01'))
    await byId(page, 'order-now').waitFor({ timeout: 30000 })
    await page.goto(`${app.server.url}/?QRCode=NOPE`)
    await page.reload()
    await byId(page, 'entry-choose-shop').click({ timeout: 30000 })
    await byId(page, 'shop-option').first().waitFor({ timeout: 30000 })
    assert.ok((await byId(page, 'shop-option').count()) >= 1)
    await context.close()

    const zh = await phone(app.browser, 'zh-HK')
    const zhPage = await zh.newPage()
    await zhPage.goto(`${app.server.url}/?QRCode=NOPE`)
    await byId(zhPage, 'entry-failure').waitFor({ timeout: 30000 })
    assert.equal(await zhPage.title(), '掃碼點餐')
    assert.equal(await zhPage.getByText('重試', { exact: true }).count(), 0)
    await shot(zhPage, 'entry-invalid-zh-TW')
    await zh.close()
  })

  it('the entry SheetID: an unknown order is refused, with a way on to Home', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(`${await entryUrl(app.server, 'A02')}&SheetID=NOPE-SHEET`)
    await byId(page, 'sheet-refusal').waitFor({ timeout: 30000 })
    assert.match(await byId(page, 'sheet-refusal').innerText(), /This order could not be found/)
    await shot(page, 'entry-sheet-refused-en')
    await byId(page, 'sheet-continue').click()
    await byId(page, 'order-now').waitFor({ timeout: 30000 })
    await context.close()
  })

  it("the entry SheetID opens the diner's own order, and refuses it at another table or on another phone", async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), ['F01'])
    await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
    await byId(page, 'slot-day').first().click()
    await byId(page, 'slot-time').first().click()
    await agreeAndSubmit(page)
    await page.waitForURL(/SheetID=/, { timeout: 30000 })
    const sheetId = decodeURIComponent(/SheetID=([^&#]+)/.exec(page.url())?.[1] ?? '')
    assert.ok(sheetId)

    await page.goto(`${await entryUrl(app.server, 'T01')}&SheetID=${encodeURIComponent(sheetId)}`)
    await page.waitForURL(new RegExp(`orderDetails\\?SheetID=${sheetId}`), { timeout: 30000 })
    await page.goto(`${await entryUrl(app.server, 'T02')}&SheetID=${encodeURIComponent(sheetId)}`)
    await byId(page, 'sheet-refusal').getByText('This order belongs to another table, so it cannot be opened here.').waitFor({ timeout: 30000 })

    const other = await phone(app.browser, 'zh-CN')
    const otherPage = await other.newPage()
    await otherPage.goto(`${await entryUrl(app.server, 'T01')}&SheetID=${encodeURIComponent(sheetId)}`)
    // Another phone's order is answered as an unknown one: the refusal confirms no id (issue 27).
    await byId(otherPage, 'sheet-refusal').getByText('找不到这张订单。').waitFor({ timeout: 30000 })
    await shot(otherPage, 'entry-sheet-not-yours-zh-CN')
    await other.close()
    await context.close()
  })

  it('cart lines follow the language on screen, and survive a reload', async () => {
    const context = await phone(app.browser, 'zh-CN')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'A04'))
    await search(page, 'H01')
    await openGoods(page, 'H01')
    // One of a kind (size, temperature, a remark option) is a radio.
    await page.getByRole('radio', { name: /^大杯/ }).filter({ visible: true }).click()
    await page.getByRole('radio', { name: /^冻/ }).filter({ visible: true }).click()
    await page.getByRole('radio', { name: /^少甜/ }).filter({ visible: true }).click()
    await byId(page, 'add-to-cart').click()
    await byId(page, 'cart-go').click()
    await byId(page, 'cart-line-name').first().waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'cart-line-name').innerText(), '港式奶茶')
    assert.match(await byId(page, 'cart-line-choices').innerText(), /大杯.*冻.*少甜/)

    // Home's language switch: English.
    await page.goto(await entryUrl(app.server, 'A04'))
    await page.getByText('English', { exact: true }).click()
    await byId(page, 'order-now').getByText('Order now').waitFor({ timeout: 30000 }).catch(() => undefined)
    await page.goto(`${app.server.url}/#/pages/postpayCart/postpayCart`)
    await byId(page, 'cart-line-name').getByText('Hong Kong Milk Tea').waitFor({ timeout: 30000 })
    const choices = await byId(page, 'cart-line-choices').innerText()
    assert.match(choices, /Large/)
    assert.match(choices, /Iced/)
    assert.match(choices, /Less sweet/)
    assert.doesNotMatch(choices, /[大冻少甜]/)
    await shot(page, 'cart-relabelled-en')
    await page.reload()
    await byId(page, 'cart-line-name').getByText('Hong Kong Milk Tea').waitFor({ timeout: 30000 })
    await context.close()
  })

  it('Buy now orders just that goods and leaves the cart; remove-item asks first; long results offer Expand All', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'T01'))
    await search(page, 'F01')
    const soup = page.locator('[data-goods-code="F01"]').filter({ visible: true })
    await soup.getByRole('button', { name: /^Add one/ }).click({ timeout: 15000 })
    await openGoods(page, 'G06')
    await shot(page, 'details-buy-now-en')
    await byId(page, 'buy-now').click()
    await byId(page, 'confirm-line').first().waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'confirm-line').count(), 1)
    assert.match(await byId(page, 'confirm-line').innerText(), /Pineapple Bun/)

    // The cart still holds the soup only.
    await page.goto(`${app.server.url}/#/pages/prepayCart/prepayCart`)
    await byId(page, 'cart-line-name').first().waitFor({ timeout: 30000 })
    assert.deepEqual(await byId(page, 'cart-line-name').allInnerTexts(), ['Soup of the Day'])
    // Its checkout orders the cart again.
    await byId(page, 'cart-checkout').click()
    await byId(page, 'confirm-line').first().waitFor({ timeout: 30000 })
    assert.match(await byId(page, 'confirm-line').innerText(), /Soup of the Day/)
    await page.goBack()

    // Remove asks first; Cancel keeps the line, Remove takes it away.
    await byId(page, 'cart-line-remove').click({ timeout: 30000 })
    await modalButton(page, 'Cancel').click()
    assert.equal(await byId(page, 'cart-line-name').count(), 1)
    await byId(page, 'cart-line-remove').click()
    await shot(page, 'cart-remove-confirm-en')
    await modalButton(page, 'Remove').click()
    await byId(page, 'cart-line-name').waitFor({ state: 'detached', timeout: 15000 })

    // Search: a keyword matching most of the menu shows 20, then Expand All shows the rest.
    await page.goto(`${app.server.url}/#/pages/search/search`)
    await searchInput(page).waitFor({ timeout: 30000 })
    await searchInput(page).fill('e')
    await byId(page, 'search-expand-all').waitFor({ timeout: 15000 })
    assert.equal(await byId(page, 'goods-row').count(), 20)
    await byId(page, 'search-expand-all').click()
    await byId(page, 'search-expand-all').waitFor({ state: 'detached' })
    assert.ok((await byId(page, 'goods-row').count()) > 20)
    await context.close()
  })

  it('switching the business mode asks, empties the cart and is kept in local storage', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'T02'))
    await search(page, 'F01')
    await page.locator('[data-goods-code="F01"]').filter({ visible: true }).getByRole('button', { name: /^Add one/ }).click({ timeout: 15000 })
    await page.goto(`${app.server.url}/#/pages/goodsList/goodsList`)
    await byId(page, 'mode-1').click({ timeout: 30000 })
    await shot(page, 'mode-switch-confirm-en')
    await modalButton(page, 'Switch').click()
    await page.locator('[data-testid="mode-1"][aria-checked="true"]').filter({ visible: true }).waitFor({ timeout: 15000 })
    await page.locator('.so-cartbar--empty').filter({ visible: true }).waitFor({ timeout: 15000 })
    await page.reload()
    await page.locator('[data-testid="mode-1"][aria-checked="true"]').filter({ visible: true }).waitFor({ timeout: 30000 })
    await shot(page, 'mode-takeaway-en')
    // The confirm page offers takeaway only.
    await page.goto(await entryUrl(app.server, 'T02'))
    await search(page, 'F01')
    await page.locator('[data-goods-code="F01"]').filter({ visible: true }).getByRole('button', { name: /^Add one/ }).click({ timeout: 15000 })
    await byId(page, 'cart-go').click()
    await byId(page, 'cart-checkout').click({ timeout: 15000 })
    await byId(page, 'service-option-takeaway').waitFor({ timeout: 30000 })
    assert.equal(await page.locator('[data-testid^="service-option-"]').filter({ visible: true }).count(), 1)
    await context.close()
  })
})
