/**
 * Languages end to end (issue 12 items 14–16): the built H5 app on the real server, in Chromium at
 * a phone viewport. The birthday picker speaks the language on screen (its buttons and its year
 * column; Taro's own date picker said '取消/确定' and '1990年' in every language). A diner who orders
 * in Traditional Chinese and switches to English on Home sees the ordering page's header and the
 * order's lines in English.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { phone } from './browser'
import { useAppUnderTest, entryUrl } from './harness'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import { agreeAndSubmit, byId, shot } from './steps'

const app = useAppUnderTest()
const menu: MenuFile = JSON.parse(readFileSync(path.join(__dirname, '../../server/seed/menus/menu-S101.json'), 'utf8'))
const menuGoods = (code: string) => menu.goods.find((g) => g.code === code)!

/** Chooses a language with Home's switch (its option names are the languages' own). */
async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole('radio', { name }).filter({ visible: true }).click({ timeout: 30000 })
}

/** The open picker (a dialog): its two buttons and the first options of its first column (a listbox). */
async function pickerTexts(page: Page): Promise<{ buttons: string[]; years: string[] }> {
  const picker = page.getByRole('dialog')
  await picker.waitFor({ timeout: 15000 })
  const buttons = await picker.getByRole('button').allTextContents()
  const years = (await picker.getByRole('listbox').first().getByRole('option').allTextContents()).slice(0, 2)
  return { buttons: buttons.map((b) => b.trim()), years: years.map((y) => y.trim()) }
}

/** Closes the open picker with its first button (Cancel). */
const cancelPicker = (page: Page) => page.getByRole('dialog').getByRole('button').first().click()

describe('languages', () => {
  it('the login page\'s consent reads as one sentence, the policy link right after the words, in every language (issue 27 item 14)', async () => {
    for (const locale of ['en-US', 'zh-CN', 'zh-HK']) {
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      await page.goto(await entryUrl(app.server, 'T01'))
      await byId(page, 'order-now').waitFor({ timeout: 30000 })
      await page.goto(`${app.server.url}/#/pages/loginByCode/loginByCode`)
      const sentence = byId(page, 'login-agree-sentence')
      await sentence.waitFor({ timeout: 30000 })
      // The link follows the words on their line, or on the very next one: no gap between them.
      const gap = await sentence.evaluate((el) => {
        const words = el.firstChild as Node
        const range = document.createRange()
        range.selectNodeContents(words)
        const wordRects = [...range.getClientRects()]
        const link = el.querySelector('[role="link"]') as Element
        const first = link.getClientRects()[0]
        const last = wordRects[wordRects.length - 1]
        return first.top < last.bottom - 1 ? 0 : first.top - last.bottom
      })
      assert.ok(gap < 4, `${locale}: the policy link is ${gap}px below the words`)
      // The box still ticks with a tap on the words.
      await sentence.click({ position: { x: 4, y: 4 } })
      assert.equal(await byId(page, 'login-agree').getAttribute('aria-checked'), 'true')
      await shot(page, `login-consent-${locale}`)
      await context.close()
    }
  })

  it('the birthday picker says Cancel/Done and plain years in English, 取消/確定 and 1900年 in Traditional Chinese', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'T01'))
    await page.getByRole('tab', { name: 'Mine' }).filter({ visible: true }).click({ timeout: 30000 })
    await byId(page, 'login-cta').click({ timeout: 30000 })
    await byId(page, 'agree').getByRole('checkbox').click({ timeout: 30000 })
    await byId(page, 'guest-login').click()
    await byId(page, 'entry-profile').click({ timeout: 30000 })
    await byId(page, 'birthday').click({ timeout: 30000 })
    const en = await pickerTexts(page)
    await shot(page, 'languages-picker-en')
    assert.deepEqual(en, { buttons: ['Cancel', 'Done'], years: ['1900', '1901'] })
    await cancelPicker(page)

    // The same page in Traditional Chinese (the stored choice, as Home's switch stores it).
    await page.goto(await entryUrl(app.server, 'T01'))
    await chooseLanguage(page, '繁體中文')
    await page.getByRole('tab', { name: '我的' }).filter({ visible: true }).click({ timeout: 30000 })
    await byId(page, 'entry-profile').click({ timeout: 30000 })
    await byId(page, 'birthday').click({ timeout: 30000 })
    const tw = await pickerTexts(page)
    await shot(page, 'languages-picker-zh-TW')
    assert.deepEqual(tw, { buttons: ['取消', '確定'], years: ['1900年', '1901年'] })
    // Done on a date shows it in the language on screen.
    await page.getByRole('dialog').getByRole('button').last().click()
    await byId(page, 'birthday').getByText('1990年1月1日').waitFor({ timeout: 15000 })
    await context.close()
  })

  it('ordered in Traditional Chinese, the ordering header and the order lines read in English after a switch', async () => {
    const context = await phone(app.browser, 'zh-HK')
    const page = await context.newPage()
    const soup = menuGoods('F01')
    await page.goto(await entryUrl(app.server, 'T01'))
    await byId(page, 'order-by-number').click({ timeout: 30000 })
    const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
    await input.fill('F01')
    const row = page.locator('[data-goods-code="F01"]').filter({ visible: true })
    await row.getByRole('button', { name: `加一份 ${soup.names['zh-TW']}` }).click({ timeout: 15000 })
    await byId(page, 'cart-go').click()
    await byId(page, 'cart-checkout').click({ timeout: 15000 })
    await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
    await byId(page, 'slot-day').first().click()
    await byId(page, 'slot-time').first().click()
    await agreeAndSubmit(page)
    await page.waitForURL(/sandbox-pay|paymentTransfer|orderDetails|paymentResult/, { timeout: 30000 })
    const shop = await app.server.db.selectFrom('shops').select('names').where('shop_id', '=', 'S101').executeTakeFirstOrThrow()

    // Home → English → the ordering page's header, then the order's line.
    await page.goto(await entryUrl(app.server, 'T01'))
    await chooseLanguage(page, 'English')
    await byId(page, 'order-now').click({ timeout: 30000 })
    await page.locator('.so-order__shop').filter({ visible: true }).getByText(JSON.parse(shop.names).en, { exact: true }).waitFor({ timeout: 30000 })
    await page.goto(await entryUrl(app.server, 'T01'))
    await page.getByRole('tab', { name: 'Orders' }).filter({ visible: true }).click({ timeout: 30000 })
    await byId(page, 'order-row').first().click({ timeout: 30000 })
    await byId(page, 'order-line-name').getByText(soup.names.en, { exact: true }).waitFor({ timeout: 30000 })
    await shot(page, 'languages-order-en')
    await context.close()
  })

  it('a cart line added in Traditional Chinese reads in English after a switch', async () => {
    const context = await phone(app.browser, 'zh-HK')
    const page = await context.newPage()
    const tart = menuGoods('F01')
    await page.goto(await entryUrl(app.server, 'T01'))
    await byId(page, 'order-by-number').click({ timeout: 30000 })
    const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
    await input.fill('F01')
    await page.locator('[data-goods-code="F01"]').filter({ visible: true }).getByRole('button', { name: `加一份 ${tart.names['zh-TW']}` }).click({ timeout: 15000 })
    await byId(page, 'cart-go').click()
    await byId(page, 'cart-line-name').getByText(tart.names['zh-TW'], { exact: true }).waitFor({ timeout: 15000 })

    await page.goto(await entryUrl(app.server, 'T01'))
    await chooseLanguage(page, 'English')
    await byId(page, 'order-now').click({ timeout: 30000 })
    await byId(page, 'cart-go').click({ timeout: 30000 })
    await byId(page, 'cart-line-name').getByText(tart.names.en, { exact: true }).waitFor({ timeout: 30000 })
    await byId(page, 'cart-count').or(page.locator('.so-cart__count').filter({ visible: true })).first().getByText('1 item', { exact: true }).waitFor({ timeout: 15000 })
    await shot(page, 'languages-cart-en')
    // The clear-the-cart modal speaks English too (Taro's own buttons say 确定/取消).
    await byId(page, 'cart-clear').click()
    const modal = page.locator('.taro-modal__content').filter({ visible: true })
    await modal.waitFor({ timeout: 15000 })
    assert.deepEqual(
      [await modal.locator('.taro-modal__text').textContent(), (await modal.locator('.taro-model__btn').allTextContents()).map((t) => t.trim())],
      ['Clear the cart?', ['Cancel', 'Clear']]
    )
    await shot(page, 'languages-modal-en')
    await context.close()
  })
})
