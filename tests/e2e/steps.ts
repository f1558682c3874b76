/** Steps the browser tests share: finding what is on show, ordering from the demo menu, the sandbox page, the CLIs. */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { Decimal } from '../../src/core/money'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import type { Locale } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'
import { checkPage } from './axe'
import { SCREENSHOTS, saveScreenshot } from './browser'
import type { AppUnderTest } from './harness'
import { serverCommand } from '../support/server-commands'

const root = path.resolve(__dirname, '..', '..')
const menu: MenuFile = JSON.parse(readFileSync(path.join(root, 'server/seed/menus/menu-S101.json'), 'utf8'))
const goods = (code: string) => menu.goods.find((g) => g.code === code)!
/** A demo goods' price as the menu file gives it. */
export const price = (code: string): Decimal => new Decimal(goods(code).salesPrice ?? goods(code).price)
export const money = (d: Decimal): string => `MOP$${d.toFixed(2)}`

/** Taro H5 keeps earlier pages of the stack in the DOM, hidden: look only at the page on show. */
export const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true })
/**
 * A screenshot of what is on show, after axe looked at it (axe.ts: its violations fail the test at
 * its end). { axe: false } for a picture of a failure, which has its own message.
 */
export async function shot(page: Page, name: string, options: { axe?: boolean } = {}): Promise<Buffer | null> {
  if (options.axe !== false) await checkPage(page, name)
  // A page sliding in (0.3 s) is photographed once it has arrived, not half way (spinners go on).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2000 })
    .catch(() => undefined)
  return saveScreenshot(page, { path: path.join(SCREENSHOTS, `${name}.png`) })
}

/** Scan a code, find goods by number and add one of each from the results, then go to the confirm page (the app in `locale`). */
export async function scanAndAdd(page: Page, serverUrl: string, qrCode: string, codes: string[], locale: Locale = 'en'): Promise<void> {
  await page.goto(`${serverUrl}/?QRCode=${encodeURIComponent(qrCode)}`)
  await byId(page, 'order-by-number').click({ timeout: 30000 })
  const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
  await input.waitFor({ timeout: 30000 })
  for (const code of codes) {
    await input.fill(code)
    const row = page.locator(`[data-goods-code="${code}"]`).filter({ visible: true })
    await row.waitFor({ timeout: 15000 })
    await row.getByRole('button', { name: translate(locale, 'menu.addOne', { name: (goods(code).names as Record<string, string>)[locale] ?? goods(code).names.en }) }).click()
  }
  const total = codes.reduce((sum, code) => sum.plus(price(code)), new Decimal(0))
  await byId(page, 'cart-total').getByText(money(total)).waitFor({ timeout: 15000 })
  await byId(page, 'cart-go').click()
  await byId(page, 'cart-checkout').click({ timeout: 15000 })
}

/** On the confirm page: agree to the policy (unless this device already did) and place the order. */
export async function agreeAndSubmit(page: Page): Promise<void> {
  // The server's totals first: until they arrive the page below them moves, and a tap meant for
  // the submit button can land on the policy box (untick it) while the page slides in.
  await byId(page, 'total-goods').waitFor({ timeout: 30000 })
  const agree = byId(page, 'agree-privacy')
  if ((await agree.getAttribute('aria-checked')) !== 'true') await agree.locator('.so-confirm__box').click()
  await byId(page, 'submit-order').click()
}

/** On the sandbox provider's hosted page: approve, and come back to the app (screenshot null: no picture). */
export async function approveOnSandbox(page: Page, screenshot: string | null = 'sandbox-pay'): Promise<void> {
  await page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 })
  if (screenshot) await shot(page, screenshot)
  await page.locator('button.approve').click()
}

/** Runs one of the server's CLIs (server/src/cli/<name>.ts) on the test server's database. */
export function cli(app: AppUnderTest, name: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [...serverCommand(`cli/${name}`), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: app.server.config.dataDir, DATABASE_URL: '' }
  })
}
