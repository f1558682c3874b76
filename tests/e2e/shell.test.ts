/** App-shell behaviours of spec §2 on H5: unknown routes, slow page chunks. */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { startServer, type RunningServer } from '../../server/src/main'
import { launchBrowser, phone, SCREENSHOTS } from './browser'

let server: RunningServer
let browser: Browser
const dataDir = mkdtempSync(path.join(tmpdir(), 'so-e2e-shell-'))

before(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, logger: false })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('app shell', () => {
  it('logs 找不到路由 for an unknown route and takes the diner back to the entry', async () => {
    const context = await phone(browser, 'en-US')
    const page = await context.newPage()
    const logs: string[] = []
    page.on('console', (m) => logs.push(m.text()))
    await page.goto(`${server.url}/?QRCode=QR-A01`)
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    await page.goto(`${server.url}/#/pages/nowhere/nowhere`)
    await page.getByTestId('shop-name').waitFor({ timeout: 30000 })
    assert.ok(logs.some((l) => l.includes('找不到路由')), logs.join('\n'))
    await context.close()
  })

  it('shows a loading placeholder when a page takes longer than 600 ms to arrive', async () => {
    const context = await phone(browser, 'en-US')
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
    await page.goto(`${server.url}/?QRCode=QR-A01`)
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
