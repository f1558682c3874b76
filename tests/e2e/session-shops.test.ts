/**
 * Business-district shops (spec §4, issue 27): Choose restaurant marks the demo's PosType 5 shop
 * (S102, Cotai Night Market Food Court) as one, and only it, in zh-CN, zh-TW and en; axe finds
 * nothing on the page.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { phone, saveScreenshot } from './browser'
import { useAppUnderTest, entryUrl } from './harness'
import { assertNoFindings, checkPage, claimPage } from './axe'

const app = useAppUnderTest()
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-session'

describe('business-district shops', () => {
  it('Choose restaurant marks the business-district shop, in three languages', async () => {
    mkdirSync(SHOTS, { recursive: true })
    const words = { 'zh-CN': '商圈', 'zh-HK': '商圈', 'en-US': 'Business district' } as const
    for (const [locale, tag] of Object.entries(words)) {
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      claimPage(page)
      await page.goto(await entryUrl(app.server, 'A01'))
      await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
      await page.goto(`${app.server.url}/#/pages/shopSelect/shopSelect`)
      const bd = page.locator('[data-testid="shop-option"][data-shop="S102"]').filter({ visible: true })
      await bd.waitFor({ timeout: 30000 })
      assert.equal((await bd.getByTestId('shop-bd').innerText()).trim(), tag, `${locale}: the food court is marked`)
      const normal = page.locator('[data-testid="shop-option"][data-shop="S101"]').filter({ visible: true })
      assert.equal(await normal.getByTestId('shop-bd').count(), 0, `${locale}: a normal shop is not`)
      assertNoFindings(await checkPage(page, `shopSelect-bd-${locale}`, { dedupe: false }))
      await saveScreenshot(page, { path: path.join(SHOTS, `shopSelect-${locale}.png`) })
      await context.close()
    }
  })
})
