/**
 * The diner's open menu, live (issue 23: "a sold-out switch … reaches every diner's open menu
 * within a second"; docs/live-events.md): the built H5 app on the real server, a diner on the
 * goods list and then on a goods page, while the shop switches a goods and an add-on sold out
 * and back (sold-out.service.ts, in the server's own database). No reload: the page's
 * EventSource hears it. Arrival is waited for with a generous timeout; how long it took is
 * printed, not judged (timing goals belong in the bench).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { setAddOnSoldOut, setGoodsSoldOut } from '../../server/src/domain/catalogue/sold-out.service'
import { phone } from './browser'
import { entryUrl, useAppUnderTest } from './harness'
import { byId, shot } from './steps'

const app = useAppUnderTest()
const SOUP = 'S101.g.F01'
const WONTON_NOODLES = 'S101.g.C01'
const WONTON3 = `${WONTON_NOODLES}.o.WONTON3`

const soldOut = (goodsId: string, flag: boolean) =>
  app.server.db.transaction().execute((trx) => setGoodsSoldOut(trx, { entId: 'E1001', shopId: 'S101', goodsId, soldOut: flag }))
const addOnSoldOut = (flag: boolean) =>
  app.server.db.transaction().execute((trx) => setAddOnSoldOut(trx, { entId: 'E1001', shopId: 'S101', goodsId: WONTON_NOODLES, optionId: WONTON3, soldOut: flag }))

/** Waits for the change on the page and says how long it took after the commit. */
async function within(what: string, startedAt: number, wait: () => Promise<unknown>): Promise<void> {
  await wait()
  console.log(`live-menu: ${what} on the open page ${Date.now() - startedAt} ms after the commit`)
}

async function openGoodsList(page: Page): Promise<void> {
  await page.goto(await entryUrl(app.server, 'T01'))
  await byId(page, 'order-now').click({ timeout: 30000 })
  await byId(page, 'goods-row').first().waitFor({ timeout: 30000 })
}

describe('the open menu, live', () => {
  it('a goods sold out and back shows on the goods list without a reload; an add-on sold out on the goods page', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    let reloads = 0
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && !frame.url().includes('#')) reloads++
    })
    try {
      // The soup is in a class further down: its class tab brings its row on screen.
      await openGoodsList(page)
      await page.locator('[data-testid="class-tab"]').filter({ visible: true }).filter({ hasText: 'Soup' }).first().click()
      const row = page.locator('[data-goods-code="F01"]').filter({ visible: true })
      await row.getByRole('button').first().waitFor({ timeout: 15000 })
      const loadsBefore = reloads
      // The stream is open once the menu page is (the sale-status timer runs); give it a moment to connect.
      await page.waitForTimeout(500)

      let t = Date.now()
      await soldOut(SOUP, true)
      await within('sold out', t, () => row.getByTestId('sold-out').waitFor({ timeout: 10000 }))
      assert.equal(await row.getByTestId('sold-out').innerText(), 'Sold out')
      // No way to add it while sold out.
      assert.equal(await row.getByRole('button', { name: /Add one/ }).count(), 0)
      await shot(page, 'live-goods-sold-out')

      t = Date.now()
      await soldOut(SOUP, false)
      await within('back on sale', t, () => row.getByTestId('sold-out').waitFor({ state: 'detached', timeout: 10000 }))
      await row.getByRole('button').first().waitFor({ timeout: 5000 })
      assert.equal(reloads, loadsBefore, 'the page was not reloaded')

      // The goods page: an add-on switched off while the diner chooses.
      await page.locator('[data-testid="class-tab"]').filter({ visible: true }).filter({ hasText: 'Noodles' }).first().click()
      await page.locator('[data-goods-code="C01"]').filter({ visible: true }).click()
      await byId(page, 'details-name').waitFor({ timeout: 30000 })
      const chip = page.getByRole('checkbox', { name: /Three more wontons/ }).filter({ visible: true })
      await chip.click()
      assert.equal(await chip.getAttribute('aria-checked'), 'true')
      t = Date.now()
      await addOnSoldOut(true)
      await within('add-on sold out', t, () => page.waitForFunction(() => {
        const el = [...document.querySelectorAll('[data-testid="addon-chip"]')].find((e) => e.textContent?.includes('Three more wontons') && (e as HTMLElement).offsetParent)
        return el?.getAttribute('aria-disabled') === 'true'
      }, undefined, { timeout: 10000 }))
      assert.equal(await chip.getAttribute('aria-checked'), 'false')
      assert.match(await chip.innerText(), /Sold out/)
      await shot(page, 'live-addon-sold-out')
      // The goods itself sold out on its own page: nothing can be added.
      t = Date.now()
      await soldOut(WONTON_NOODLES, true)
      await within('goods sold out on its page', t, () => byId(page, 'sold-out').waitFor({ timeout: 10000 }))
      assert.equal(await byId(page, 'add-to-cart').getAttribute('aria-disabled'), 'true')
      assert.equal(reloads, loadsBefore, 'the page was not reloaded')
    } finally {
      await soldOut(SOUP, false)
      await soldOut(WONTON_NOODLES, false)
      await addOnSoldOut(false)
      await context.close()
    }
  })
})
