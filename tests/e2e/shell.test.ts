/** App-shell behaviours of spec §2 on H5: unknown routes, slow page chunks. */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { phone, SCREENSHOTS } from './browser'
import { useAppUnderTest, entryUrl } from './harness'

const app = useAppUnderTest()

describe('app shell', () => {
  it('logs 找不到路由 for an unknown route and takes the diner back to the entry', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const logs: string[] = []
    page.on('console', (m) => logs.push(m.text()))
    await page.goto(await entryUrl(app.server, 'A01'))
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    await page.goto(`${app.server.url}/#/pages/nowhere/nowhere`)
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    assert.ok(logs.some((l) => l.includes('找不到路由')), logs.join('\n'))
    await context.close()
  })

  it('shows a loading placeholder when a page takes longer than 600 ms to arrive', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    // Hold every page chunk (not the app and framework chunks) back for 2 s.
    let held = 0
    await page.route(/\/js\/(?!app\.)[^/]+\.js$/, async (route) => {
      const res = await route.fetch()
      const body = await res.text()
      if (/pages\/home\/home/.test(body)) {
        held++
        await new Promise((r) => setTimeout(r, 2000))
      }
      await route.fulfill({ response: res, body })
    })
    await page.goto(await entryUrl(app.server, 'A01'))
    const placeholder = page.locator('#so-page-loading')
    await placeholder.waitFor({ timeout: 10000 })
    assert.match(await placeholder.innerText(), /Loading/)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-loading-placeholder.png') })
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    assert.equal(await placeholder.count(), 0)
    assert.ok(held > 0)
    await context.close()
  })
})
