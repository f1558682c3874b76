/**
 * The first screen from a table's code (issue 28 item 2; server/src/http/first-screen.ts): the
 * entry URL's HTML brings the first calls' answers and preloads the first screen's scripts and
 * pictures, so Home shows without one gateway round trip — in the diner's language, and never
 * with answers made for someone else (another language chosen on this phone, a signed-in member).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { phone, SCREENSHOTS, saveScreenshot } from './browser'
import { useAppUnderTest, entryUrl } from './harness'
import { checkPage, claimPage } from './axe'

const app = useAppUnderTest()

/** Counts the page's gateway calls and stylesheet files, and what the console says went wrong (a CSP refusal, say). */
function watch(page: Page): { calls: string[]; styles: string[]; problems: string[] } {
  const seen = { calls: [] as string[], styles: [] as string[], problems: [] as string[] }
  page.on('request', (r) => {
    if (r.url().endsWith('/GetData')) seen.calls.push(new URLSearchParams(r.postData() ?? '').get('KeyName') ?? '?')
    if (r.resourceType() === 'stylesheet' || /\.css(\?|$)/.test(r.url())) seen.styles.push(new URL(r.url()).pathname)
  })
  page.on('pageerror', (e) => seen.problems.push(e.message))
  page.on('console', (m) => m.type() === 'error' && seen.problems.push(m.text()))
  return seen
}

/** A phone whose browser says English, at table A03, where the diner chose 繁體中文. */
async function zhTwChosenOnEnglishPhone() {
  const context = await phone(app.browser, 'en-US')
  const page = await context.newPage()
  await page.goto(await entryUrl(app.server, 'A03'))
  await page.getByTestId('shop-name').filter({ hasText: 'Lotus Tea House' }).waitFor({ timeout: 30000 })
  await page.getByText('繁體中文', { exact: true }).click()
  await page.getByTestId('shop-name').filter({ hasText: '蓮香茶室' }).waitFor({ timeout: 30000 })
  return { context, page }
}

describe('the first screen from a table code', () => {
  it('shows Home with its recommendations without asking the gateway, in zh-CN, zh-TW and en', async () => {
    const expected = { 'zh-CN': '莲香茶室', 'zh-HK': '蓮香茶室', 'en-US': 'Lotus Tea House' }
    for (const [locale, shop] of Object.entries(expected)) {
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      claimPage(page)
      const seen = watch(page)
      await page.goto(await entryUrl(app.server, 'A03'))
      await page.getByTestId('shop-name').filter({ hasText: shop }).waitFor({ timeout: 30000 })
      const first = page.locator('.so-recommend__img').first()
      await first.waitFor({ timeout: 30000 })
      assert.deepEqual([...seen.calls], [], `${locale}: the first screen asked the gateway`)
      // Its styles came inside the HTML (server/src/http/first-screen.ts): no stylesheet round trip.
      assert.deepEqual([...seen.styles], [], `${locale}: the first screen fetched stylesheets`)
      assert.match(await page.getByTestId('table-name').innerText(), /A03/)
      await checkPage(page, `first-screen-${locale}`)
      await saveScreenshot(page, { path: path.join(SCREENSHOTS, `first-screen-${locale}.png`) })
      // Past the first screen, calls go to the gateway as ever.
      await page.getByTestId('order-now').filter({ visible: true }).click()
      await page.locator('[data-testid="goods-row"]').filter({ visible: true }).first().waitFor({ timeout: 30000 })
      assert.ok(seen.calls.includes('GoodsListByClass'), `${locale}: the menu came from the gateway`)
      assert.deepEqual(seen.problems, [], `${locale}: errors on the console`)
      await context.close()
    }
  })

  it("a phone without the app's scripts gets them inside the page, has them cached once idle, and the next page is sent without them", async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const seen = watch(page)
    // Every script request; those of the three the page names are picked out below (the runtime's chunk id changes with its content).
    const requested: string[] = []
    page.on('request', (r) => /\/js\/[^/]+\.js$/.test(r.url()) && requested.push(`${r.resourceType()} ${new URL(r.url()).pathname}`))
    const first = await page.goto(await entryUrl(app.server, 'A03'))
    assert.match(String(first?.headers().vary), /Cookie/)
    await page.getByTestId('shop-name').filter({ hasText: 'Lotus Tea House' }).waitFor({ timeout: 30000 })
    const named = JSON.parse((await page.locator('#so-scripts').textContent()) ?? '{}') as { key: string; files: string[] }
    assert.equal(named.files.length, 3)
    const scripts = () => requested.filter((s) => named.files.includes(s.replace(/^\S+ /, '')))
    // What drew the page came inside it: none of the three was asked for as a script.
    assert.deepEqual(scripts().filter((s) => s.startsWith('script ')), [])
    // Once loaded and idle: fetched into the cache (not run again), then the cookie.
    const cookie = async () => (await context.cookies()).find((c) => c.name === 'so-scripts')?.value
    for (let i = 0; i < 100 && !(await cookie()); i++) await page.waitForTimeout(100)
    assert.equal(await cookie(), named.key)
    assert.deepEqual(scripts().sort(), named.files.map((f) => `other ${f}`).sort())
    // Scanned again: the page names the files, and they come from the cache, not the network.
    const again = await page.goto(await entryUrl(app.server, 'A03'))
    await page.getByTestId('shop-name').filter({ hasText: 'Lotus Tea House' }).waitFor({ timeout: 30000 })
    assert.equal(await page.locator('#so-scripts').count(), 0)
    assert.ok((await again!.text()).includes(`src="${named.files[2]}"`), 'the script tags as the build wrote them')
    const transferred = await page.evaluate((files) => performance.getEntriesByType('resource').filter((e) => files.some((f) => e.name.endsWith(f))).map((e) => (e as PerformanceResourceTiming).transferSize), named.files)
    assert.deepEqual(transferred, [0, 0, 0])
    assert.deepEqual(seen.problems, [], 'errors on the console (a script the CSP refused)')
    await context.close()
  })

  it("a language chosen on this phone wins over the browser's: the answers made for the browser's are left unused", async () => {
    const { context, page } = await zhTwChosenOnEnglishPhone()
    // Scanned again: the browser still says English, the phone's choice is zh-TW.
    const seen = watch(page)
    await page.goto(await entryUrl(app.server, 'A01'))
    await page.getByTestId('table-name').filter({ hasText: 'A01' }).waitFor({ timeout: 30000 })
    assert.equal(await page.getByTestId('shop-name').innerText(), '蓮香茶室')
    assert.match(await page.getByTestId('branch-name').innerText(), /議事亭/)
    assert.ok(seen.calls.includes('HomeShopDetailsGet'), 'the shop was asked for in zh-TW')
    assert.deepEqual(seen.problems, [])
    await context.close()
  })

  it("a reload of the goods list fetches the page's files beside the app's script, not after it has run", async () => {
    const pageFiles: Record<string, string[]> = JSON.parse(fs.readFileSync(path.resolve(process.env.STATIC_DIR ?? 'dist/h5', 'page-files.json'), 'utf8'))
    const menuScript = pageFiles['pages/goodsList/goodsList'].filter((f) => /^js\/\d+\./.test(f)).pop() ?? ''
    const stores = pageFiles['chunk:feature-stores'].find((f) => f.endsWith('.js')) ?? ''
    assert.ok(menuScript && stores)
    // None of them brings platform.js, which parses the user agent as it loads (Taro's
    // getWindowInfo module: about 11 ms of a slow phone's first goods list; hosts/window-size.h5.ts).
    for (const file of [...pageFiles['pages/goodsList/goodsList'], ...pageFiles['chunk:feature-stores']].filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.resolve(process.env.STATIC_DIR ?? 'dist/h5', file), 'utf8')
      assert.ok(!code.includes('ScriptBridgingProxyObject'), `${file} carries platform.js`)
    }
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'A03'))
    await page.getByTestId('order-now').filter({ visible: true }).click()
    await page.locator('[data-testid="goods-row"]').filter({ visible: true }).first().waitFor({ timeout: 30000 })
    const order: string[] = []
    page.on('request', (r) => order.push(r.url().endsWith('/GetData') ? 'GetData' : new URL(r.url()).pathname.slice(1)))
    const seen = watch(page)
    // When the page opens the menu's live stream (performance.now(), as the paint entries count).
    await page.addInitScript(() => {
      const Source = window.EventSource
      const opened: number[] = ((window as any).__liveOpenedAt = [])
      window.EventSource = class extends Source {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init)
          opened.push(performance.now())
        }
      }
    })
    // The script of the stores past the goods list answers only once the rows have shown: the
    // rows must not wait for it. Asked for when the browser is idle after them, so the next page need not wait.
    const rest = pageFiles['chunk:past-menu-stores'].find((f) => /past-menu-stores/.test(f)) ?? ''
    assert.ok(rest, 'the stores past the goods list are a script of their own')
    let restAsked = false
    let release = () => {}
    let rowsShown = Promise.resolve()
    await page.route(`**/${rest}`, async (route) => {
      restAsked = true
      await rowsShown
      await route.continue().catch(() => undefined)
    })
    // A reload (its URL keeps the code), then the goods list's own address (the stored entry).
    for (const [i, go] of [() => page.reload(), () => page.goto(`${app.server.url}/#/pages/goodsList/goodsList`)].entries()) {
      order.length = 0
      restAsked = false
      rowsShown = new Promise<void>((resolve) => (release = resolve))
      try {
        await go()
        await page.locator('[data-testid="goods-row"]').filter({ visible: true }).first().waitFor({ timeout: 30000 })
      } finally {
        release()
      }
      // Then asked for, when the browser is idle.
      const deadline = Date.now() + 10000
      while (!restAsked && Date.now() < deadline) await page.waitForTimeout(50)
      assert.ok(restAsked, `${rest} asked for once the goods list had shown`)
      const firstCall = order.indexOf('GetData')
      // The goods list's texts are a part of their own (config/page-texts.js), not the whole catalogue.
      const wanted: string[] = [menuScript, stores, ...pageFiles['chunk:i18n-en-menu']]
      for (const file of wanted) {
        const at = order.indexOf(file)
        assert.ok(at >= 0 && (firstCall < 0 || at < firstCall), `${file} fetched before the app's first call: ${order.join(', ')}`)
        // Asked for by index.html's first script (so-pages), not by the app once it ran.
        assert.equal(await page.locator(`link[rel="preload"][href="/${file}"]`).count(), 1, `${file} preloaded`)
      }
      // The stores of the pages past the goods list (checkout, the member, …) are not on its way
      // (issue 28 item 2): not preloaded, and held back (below) while the first rows show.
      assert.equal(await page.locator(`link[rel="preload"][href="/${rest}"]`).count(), 0, `${rest} not preloaded`)
      // The rest of the texts come after the page has shown, when the browser is idle.
      const whole = pageFiles['chunk:i18n-en'].find((f) => f.endsWith('.js')) ?? ''
      assert.equal(await page.locator(`link[rel="preload"][href="/${whole}"]`).count(), 0, `${whole} not preloaded`)
      // Nor, at its own address, the first screen's texts: the goods list's part holds them
      // (src/i18n/catalogue-loader.h5.ts). (The reload's URL is still the entry's, whose HTML preloads Home's.)
      const firstTexts = pageFiles['chunk:i18n-en-first'].find((f) => f.endsWith('.js')) ?? ''
      if (i === 1) assert.ok(!order.includes(firstTexts), `${firstTexts} fetched on a goods list opened directly: ${order.join(', ')}`)
      await page.waitForFunction((file) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/${file}`)), whole, { timeout: 10000 })
      // Nothing the first rows do without starts before they have painted (hosts/after-paint.h5.ts):
      // it would share the phone's link with their pictures, and Lighthouse's LCP counts it.
      await page.waitForFunction(
        (files) => (window as any).__liveOpenedAt.length > 0 && files.every((f) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/${f}`))),
        [whole, rest],
        { timeout: 10000 }
      )
      // (No named functions inside: the bundled test's names would call esbuild's __name helper there.)
      const at = await page.evaluate((files) => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        later: [
          ...files.map((f) => [f, performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/${f}`))?.startTime ?? -1] as const),
          ...((window as any).__liveOpenedAt as number[]).map((t) => ['the live stream', t] as const)
        ]
      }), [whole, rest])
      for (const [what, when] of at.later) assert.ok(when >= at.painted, `${what} started at ${when} ms, before the first contentful paint at ${at.painted} ms`)
    }
    assert.deepEqual(seen.problems, [], 'errors on the console (a script the CSP refused?)')
    await context.close()
  })

  it("a reload of the goods list takes the session's and the menu's answers from one early fetch, in the language chosen on the phone", async () => {
    const { context, page } = await zhTwChosenOnEnglishPhone()
    const seen = watch(page)
    const early: string[] = []
    page.on('request', (r) => r.url().includes('/first-answers?') && early.push(r.url()))
    // The goods list's own address: the server sees no code, the page finds the stored entry.
    await page.goto(`${app.server.url}/#/pages/goodsList/goodsList`)
    const firstRow = page.locator('[data-testid="goods-row"]').filter({ visible: true }).first()
    await firstRow.waitFor({ timeout: 30000 })
    assert.equal(early.length, 1, 'one early fetch')
    assert.match(early[0], /page=pages%2FgoodsList%2FgoodsList&QRCode=QR-/)
    for (const op of ['EntIDGet', 'HomeShopDetailsGet', 'ShopParamsGet', 'GoodsClassAllGet', 'GoodsListByClass']) {
      assert.ok(!seen.calls.includes(op), `${op} went to the gateway: ${seen.calls.join(', ')}`)
    }
    // In the phone's language (zh-TW), not the browser's (en).
    assert.match(await page.locator('.so-order__shop').innerText(), /蓮香茶室/)
    assert.match(await firstRow.getByTestId('goods-name').innerText(), /[\u4e00-\u9fff]/)
    // The first rows' pictures were preloaded as the rows ask for them (one request each).
    const preloaded = await page.locator('link[rel="preload"][as="image"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? l.getAttribute('imagesrcset')))
    assert.equal(preloaded.length, 3, `three pictures preloaded: ${preloaded.join(', ')}`)
    await saveScreenshot(page, { path: path.join(SCREENSHOTS, 'first-screen-goods-list-reload-zh-TW.png') })
    // Past the first screen, calls go to the gateway as ever: a goods's details.
    const details = page.waitForRequest((r) => r.url().endsWith('/GetData') && new URLSearchParams(r.postData() ?? '').get('KeyName') === 'GoodsDetailGet', { timeout: 30000 })
    await firstRow.click()
    await details
    // The goods' page has the stores past the goods list (fetched when the list was idle, or now).
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/js\/past-menu-stores\.[^/]+\.js$/.test(e.name)), undefined, { timeout: 10000 })
    assert.deepEqual(seen.problems, [], 'errors on the console (a script or a fetch the CSP refused?)')
    await context.close()
  })

  it('a code that is no longer valid still says so', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const seen = watch(page)
    const url = new URL(await entryUrl(app.server, 'A03'))
    url.searchParams.set('QRCode', 'QR-A03-thiscodeisnotours000')
    await page.goto(url.toString())
    await page.getByText(/invalid|expired|not valid/i).first().waitFor({ timeout: 30000 })
    assert.deepEqual(seen.calls, ['EntIDGet'], 'the lookup went to the gateway, which refused it')
    await context.close()
  })
})
