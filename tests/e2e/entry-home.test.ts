/**
 * The foundation end to end: the built H5 app served by the real server (SQLite in a temp
 * dir), driven in Chromium at a phone viewport.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { phone, SCREENSHOTS, saveScreenshot } from './browser'
import { useAppUnderTest, entryUrl } from './harness'
import { checkPage, claimPage } from './axe'

const app = useAppUnderTest()

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText()

describe('scan a table, see where you are, switch language', () => {
  it('opens a demo table URL, shows shop, branch and table, switches to English and keeps it after a reload', async () => {
    const context = await phone(app.browser, 'zh-HK')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    await page.goto(await entryUrl(app.server, 'A03'))
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    assert.equal(await text(page, 'shop-name'), '蓮香茶室')
    assert.match(await text(page, 'branch-name'), /議事亭/)
    assert.match(await text(page, 'table-name'), /A03/)
    assert.match(page.url(), /#\/pages\/home\/home/)
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'home-zh-TW.png') })

    await page.getByText('English', { exact: true }).click()
    await page.getByTestId('shop-name').getByText('Lotus Tea House').waitFor()
    assert.match(await text(page, 'branch-name'), /Senado Square/)
    assert.match(await text(page, 'table-name'), /A03/)
    assert.ok(['Open now', 'Closed'].includes(await text(page, 'open-status')))
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en')

    await page.reload()
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    assert.equal(await text(page, 'shop-name'), 'Lotus Tea House')
    assert.match(await text(page, 'branch-name'), /Senado Square/)
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'home-en-after-reload.png') })
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('a counter code with no branch asks to choose one (not "another"), with no empty divider, and the menu then names the branch (issue 27 item 13)', async () => {
    const expected = {
      'en-US': { choose: 'Choose a branch', another: 'Choose another branch', branch: 'Senado Square' },
      'zh-CN': { choose: '选择分店', another: '选择其他分店', branch: '议事亭' },
      'zh-HK': { choose: '選擇分店', another: '選擇其他分店', branch: '議事亭' }
    }
    for (const [locale, words] of Object.entries(expected)) {
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      claimPage(page)
      await page.goto(await entryUrl(app.server, 'S101'))
      const link = page.getByTestId('home-change-branch').filter({ visible: true })
      await link.waitFor({ timeout: 30000 })
      assert.equal((await link.innerText()).trim(), words.choose, `${locale}: no branch is chosen yet`)
      // The card's last row (Table: at the counter) draws no line over nothing.
      const lastLine = await page.locator('.so-shop__card > :last-child').evaluate((el) => getComputedStyle(el).borderBottomWidth)
      assert.equal(lastLine, '0px', `${locale}: a divider under the card's last row`)
      await checkPage(page, `home-counter-${locale}`)
      await saveScreenshot(page, { path: path.join(SCREENSHOTS, `home-counter-${locale}.png`) })

      await link.click()
      await page.locator('[data-testid="base-option"][data-base="B201"]').filter({ visible: true }).click({ timeout: 30000 })
      await page.getByTestId('branch-name').filter({ visible: true }).getByText(words.branch).waitFor({ timeout: 30000 })
      assert.equal((await page.getByTestId('home-change-branch').filter({ visible: true }).innerText()).trim(), words.another)
      await page.getByTestId('order-now').filter({ visible: true }).click()
      const branch = page.getByTestId('menu-branch').filter({ visible: true })
      await branch.waitFor({ timeout: 30000 })
      assert.match(await branch.innerText(), new RegExp(words.branch), `${locale}: the menu says which branch`)
      await page.locator('[data-testid="goods-row"]').filter({ visible: true }).first().waitFor({ timeout: 30000 })
      await checkPage(page, `menu-branch-${locale}`)
      await saveScreenshot(page, { path: path.join(SCREENSHOTS, `menu-branch-${locale}.png`) })
      await context.close()
    }
  })

  it('shows "Shop does not exist" style failures on a clear screen, in the device language', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(`${app.server.url}/?QRCode=NO-SUCH-CODE`)
    await page.getByRole('alert').waitFor({ timeout: 30000 })
    assert.match(await page.getByRole('alert').innerText(), /This QR code is invalid or has expired/)
    // A refused code: no Retry that cannot help.
    assert.equal(await page.getByText('Retry', { exact: true }).count(), 0)
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'entry-bad-code-en.png') })

    await page.goto(`${app.server.url}/?ShopID=S999`)
    await page.reload()
    await page.getByRole('alert').waitFor({ timeout: 30000 })
    assert.match(await page.getByRole('alert').innerText(), /Shop does not exist/)
    await context.close()
  })

  it('hides the tab bar with hideTabBar=1 and shows it otherwise', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(`${await entryUrl(app.server, 'N01')}&hideTabBar=1`)
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    assert.equal(await page.getByRole('navigation').count(), 0)
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'home-night-market-no-tabbar.png') })

    const other = await (await phone(app.browser, 'en-US')).newPage()
    await other.goto(await entryUrl(app.server, 'A01'))
    await other.getByTestId('shop-name').waitFor({ timeout: 30000 })
    assert.equal(await other.getByRole('navigation').count(), 1)
    assert.equal(await other.getByRole('navigation').getByText('Home').count(), 1)
    await context.close()
  })

  it('reports a client error to the server through help-feedback', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'A01'))
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    await page.evaluate(() => setTimeout(() => { throw new Error('e2e boom') }, 0))
    let stored: unknown[] = []
    for (let i = 0; i < 50 && stored.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100))
      stored = await app.server.db.selectFrom('feedback').selectAll().where('fb_content', 'like', '%e2e boom%').execute()
    }
    assert.equal(stored.length, 1)
    assert.equal((stored[0] as { fb_type: number }).fb_type, 0)
    await context.close()
  })
})
