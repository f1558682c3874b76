/**
 * Ordering by the accessibility tree alone (issue 13 item 2): a diner who hears the page and
 * uses the keyboard — controls found by their role and name, as a screen reader's list of controls
 * finds them, each taking the focus before Enter or Space presses it (from the policy checkbox to
 * the submit button by Tab alone); no test ids, no CSS — goes
 * from a table's URL to a placed, paid order and hears the result (a role status or alert).
 *
 * T01 (fast food, pay first) in English: Order now → a class tab → Choose a goods with sizes →
 * the size (radio) → one more (button) → Add to cart (heard: added) → the cart → Checkout →
 * Takeaway, a time (radios) → agree (checkbox) → Submit and pay → Approve payment on the sandbox
 * page → heard: payment successful. A01 (dine-in, a round, pay later) in Traditional Chinese: the
 * same to Send the order (heard: sent to the kitchen), then Pay the bill → sandbox → heard: paid.
 */
import { parseGoodsRemarks } from '../../src/core/goods-remarks'
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import type { Locale } from '../../src/gateway/contract'
import type { MessageKey } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import { phone } from './browser'
import { entryUrl, useAppUnderTest } from './harness'
import { shot } from './steps'

const app = useAppUnderTest()
const menu: MenuFile = JSON.parse(readFileSync(path.join(__dirname, '../../server/seed/menus/menu-S101.json'), 'utf8'))
const STEP = 15000

const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** What a diner hears and reaches in one language. */
function diner(page: Page, locale: Locale) {
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values)
  /**
   * Moves the focus to a control (as a screen reader's list of buttons, tabs or radios does), checks
   * the control took it — a control without a tab stop cannot be reached this way — and presses a key.
   */
  const press = async (control: Locator, what: string, key: 'Enter' | 'Space' = 'Enter') => {
    const target = control.first()
    await target.waitFor({ timeout: STEP }).catch(() => {
      throw new Error(`${what}: no such control in the accessibility tree`)
    })
    await target.focus()
    const focused = await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
    assert.ok(focused, `${what}: the control does not take the focus (no tab stop)`)
    await page.keyboard.press(key)
  }
  /** Waits until a live region (role status or alert) on screen says `text`. */
  const hear = async (text: string | RegExp, what: string) => {
    const said = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text })
    await said.first().waitFor({ timeout: STEP }).catch(() => {
      throw new Error(`${what}: no status or alert on screen says '${String(text)}'`)
    })
  }
  /** The payment's result, heard on the page the diner lands on: paid (the paying page's word, or the order's note). */
  // An order for a chosen time is heard as ready for that time ('{time}' stands for any).
  const paidWords = () =>
    new RegExp([t('pay.paid'), t('order.paidNote'), t('order.billPaidNote')].map(escapeRe).concat(escapeRe(t('order.paidForTimeNote', { time: '\u0000' })).replace('\u0000', '.+')).join('|'))
  /** Presses Tab (at most `max` times) until the control has the focus, then `key`: the keyboard's own order. */
  const tabTo = async (control: Locator, what: string, key: 'Enter' | 'Space' = 'Enter', max = 15) => {
    const target = control.first()
    await target.waitFor({ timeout: STEP })
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab')
      if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
        await page.keyboard.press(key)
        return
      }
    }
    throw new Error(`${what}: not reached with ${max} presses of Tab`)
  }
  const button = (name: string | RegExp) => page.getByRole('button', { name })
  const radio = (name: string | RegExp) => page.getByRole('radio', { name })
  return { t, press, tabTo, hear, paidWords, button, radio }
}

/** The goods' names, and the last value of its first attribute (never the one chosen by default). */
function goodsWithSizes(code: string, locale: Locale): { name: string; className: string; size: string; required: string[] } {
  const g = menu.goods.find((x) => x.code === code)!
  const attr = g.skus!.attributes[0]
  return {
    name: g.names[locale],
    className: menu.classes.find((c) => c.code === g.class)!.names[locale],
    size: attr.values[attr.values.length - 1].names[locale],
    // The first option of each group the diner must choose in (a spice level).
    required: g.remarks ? parseGoodsRemarks(g.remarks[locale]).filter((group) => group.required).map((group) => group.options[0]) : []
  }
}

/** From the menu to the confirm page: a class tab, a goods with sizes, its size, two of it, the cart. */
async function chooseAndOpenCart(page: Page, d: ReturnType<typeof diner>, goods: ReturnType<typeof goodsWithSizes>): Promise<void> {
  const { t, press, hear, button, radio } = d
  // The menu's classes are tabs; the chosen one says so.
  await press(page.getByRole('tablist').getByRole('tab', { name: goods.className }), `the class tab '${goods.className}'`)
  await page.getByRole('tab', { name: goods.className, selected: true }).first().waitFor({ timeout: STEP })
  await press(button(t('menu.chooseLabel', { name: goods.name })), `'${t('menu.chooseLabel', { name: goods.name })}'`)

  // The goods' page: its name is the heading; sizes are radios.
  await page.getByRole('heading', { name: goods.name, level: 1 }).first().waitFor({ timeout: STEP })
  await press(radio(new RegExp(`^\\s*${escapeRe(goods.size)}`)), `the size '${goods.size}'`, 'Space')
  await page.getByRole('radio', { name: new RegExp(`^\\s*${escapeRe(goods.size)}`), checked: true }).first().waitFor({ timeout: STEP })
  for (const option of goods.required) {
    await press(radio(new RegExp(`^\\s*${escapeRe(option)}`)), `the required choice '${option}'`, 'Space')
    await page.getByRole('radio', { name: new RegExp(`^\\s*${escapeRe(option)}`), checked: true }).first().waitFor({ timeout: STEP })
  }
  await press(button(t('menu.addOne', { name: goods.name })), `'${t('menu.addOne', { name: goods.name })}'`)
  await press(button(t('details.add')), `'${t('details.add')}'`)
  await hear(t('details.added'), 'after Add to cart')

  // The cart button says how many; the cart page leads on.
  const cartButton = button(t('cart.openCount', { n: 2 }))
  await press(cartButton, `'${t('cart.openCount', { n: 2 })}'`)
  await press(button(t('cart.checkout')), `'${t('cart.checkout')}'`)
}

/** Agrees to the policy (a checkbox that says it is checked) and presses the submit button. */
async function agreeAndSend(page: Page, d: ReturnType<typeof diner>, submit: string): Promise<void> {
  const agree = page.getByRole('checkbox', { name: new RegExp(escapeRe(d.t('checkout.agree'))) })
  if ((await agree.first().getAttribute('aria-checked', { timeout: STEP })) !== 'true') await d.press(agree, 'the privacy policy checkbox', 'Space')
  const agreed = page.getByRole('checkbox', { name: new RegExp(escapeRe(d.t('checkout.agree'))), checked: true }).first()
  await agreed.waitFor({ timeout: STEP })
  // From the checkbox, Tab leads on to the submit button.
  await agreed.focus()
  await d.tabTo(d.button(submit), `'${submit}' after the privacy policy checkbox`)
}

/** On the sandbox provider's page: Approve payment (a native button). */
async function approve(page: Page, d: ReturnType<typeof diner>): Promise<void> {
  await page.waitForURL(/\/sandbox-pay\//, { timeout: STEP })
  await d.press(d.button(d.t('sandboxPay.approve')), `'${d.t('sandboxPay.approve')}' on the sandbox page`)
}

describe('ordering with a screen reader and a keyboard', () => {
  it('T01 (fast food, pay first, English): from the table URL to a paid order, heard', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const d = diner(page, 'en')
    const goods = goodsWithSizes('C01', 'en')
    try {
      await page.goto(await entryUrl(app.server, 'T01'))
      await d.press(d.button(d.t('home.orderNow')), `'${d.t('home.orderNow')}' on Home`)
      await chooseAndOpenCart(page, d, goods)

      // How it is served and when: radios in named groups.
      await d.press(d.radio(d.t('checkout.service.takeaway')), `'${d.t('checkout.service.takeaway')}'`, 'Space')
      await page.getByRole('radio', { name: d.t('checkout.service.takeaway'), checked: true }).first().waitFor({ timeout: STEP })
      const times = page.getByRole('radiogroup', { name: d.t('checkout.time.pickup') }).getByRole('radio')
      await times.first().waitFor({ timeout: STEP })
      const time = (await times.count()) > 1 ? times.nth(1) : times.first()
      await d.press(time, 'a pickup time', 'Space')
      await shot(page, 'screen-reader-T01-confirm')
      await agreeAndSend(page, d, d.t('checkout.submitPrepay'))
      await approve(page, d)
      await d.hear(d.paidWords(), 'after paying')
      await shot(page, 'screen-reader-T01-paid')
    } catch (e) {
      await shot(page, 'screen-reader-T01-failed', { axe: false }).catch(() => undefined)
      throw e
    } finally {
      await context.close()
    }
  })

  it("A01 (dine-in, a round, Traditional Chinese): the round sent, heard; the table's bill paid, heard", async () => {
    const context = await phone(app.browser, 'zh-TW')
    const page = await context.newPage()
    const d = diner(page, 'zh-TW')
    const goods = goodsWithSizes('A04', 'zh-TW')
    try {
      await page.goto(await entryUrl(app.server, 'A01'))
      await d.press(d.button(d.t('home.orderNow')), `'${d.t('home.orderNow')}' on Home`)
      await chooseAndOpenCart(page, d, goods)
      await shot(page, 'screen-reader-A01-confirm')
      await agreeAndSend(page, d, d.t('checkout.submitPostpay'))
      await d.hear(d.t('checkout.sent'), 'after sending the round')
      await shot(page, 'screen-reader-A01-sent')
      await d.press(d.button(d.t('sheet.payBill')), `'${d.t('sheet.payBill')}'`)
      await approve(page, d)
      await d.hear(d.paidWords(), "after paying the table's bill")
      await shot(page, 'screen-reader-A01-paid')
    } catch (e) {
      await shot(page, 'screen-reader-A01-failed', { axe: false }).catch(() => undefined)
      throw e
    } finally {
      await context.close()
    }
  })
})
