/**
 * Issue 14: signing in with the host browser, on the built H5 app and the real server in Chromium.
 * Each host browser is its user agent (context userAgent); the development host login's authorise
 * page on our own server stands in for the host's. The chat-app's OAuth round trip and user-info
 * call → a member on Mine; the code gone from the address; an expired code → 检测到未授权 in the
 * app's language; the wallet's errcode retry (its service's busy answer stood in by page.route);
 * the super-app without its SDK → 'failed to create instance'; browserPrompt and clear in three
 * languages. axe looks at every page shot() takes.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { translate } from '../../src/i18n/translate'
import type { Locale } from '../../src/gateway/contract'
import { useAppUnderTest, entryUrl } from './harness'
import { byId, shot } from './steps'

const app = useAppUnderTest()

const UA = {
  wechat: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600 NetType/WIFI Language/en',
  wallet: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MPay/3.2.0',
  superapp: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 SuperApp/5.1',
  plain: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
}

async function hostPhone(browser: Browser, userAgent: string, locale = 'en-US') {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale, userAgent })
}

const mineTab = (page: Page) => page.getByRole('tab', { name: 'Mine' }).filter({ visible: true })

/** Opens a table's URL and Mine: signed out in a host browser, Mine sends the diner to authorise. */
async function openMine(page: Page): Promise<void> {
  await page.goto(await entryUrl(app.server, 'T01'))
  await mineTab(page).click({ timeout: 30000 })
}

describe('host-browser login', () => {
  it('chat-app browser: OAuth round trip through the development authorise page, the user-info call, a member on Mine; an expired code offers re-authorising', async () => {
    const context = await hostPhone(app.browser, UA.wechat)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const userInfoCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/host-auth/wechat/userinfo')) userInfoCalls.push(r.url())
    })

    await openMine(page)
    await page.waitForURL(/\/dev-auth\/wechat\/authorize/, { timeout: 30000 })
    await page.getByText('DEVELOPMENT').first().waitFor()
    await shot(page, 'host-login-dev-authorize')
    await page.getByLabel(/Amy/).check()
    await page.getByRole('button', { name: 'Continue as this user' }).click()

    await byId(page, 'member-name').getByText('Amy').waitFor({ timeout: 30000 })
    await shot(page, 'host-login-mine-signed-in')
    assert.equal(userInfoCalls.length, 1)
    const called = new URL(userInfoCalls[0])
    assert.equal(called.searchParams.get('appid'), 'dev-wechat')
    assert.ok(called.searchParams.get('code'))
    // The code is gone from the address: a reload does not offer it again.
    assert.equal(new URL(page.url()).searchParams.get('code'), null)
    await page.reload()
    await byId(page, 'member-name').getByText('Amy').waitFor({ timeout: 30000 })
    assert.equal(userInfoCalls.length, 1)

    // Signed out, again to the host; this time the code expires before the app exchanges it.
    await page.evaluate(() => window.localStorage.clear())
    await page.route('**/host-auth/wechat/userinfo**', async (route) => {
      await app.server.db.updateTable('dev_host_login_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute()
      await route.continue()
    })
    await openMine(page)
    await page.waitForURL(/\/dev-auth\/wechat\/authorize/, { timeout: 30000 })
    await page.getByRole('button', { name: 'Continue as this user' }).click()
    await page.getByText(translate('en', 'hostLogin.reauthorize')).waitFor({ timeout: 30000 })
    await shot(page, 'host-login-reauthorize')
    // Authorising again goes back to the host's page.
    await page.getByText(translate('en', 'hostLogin.reauthorizeButton'), { exact: true }).click()
    await page.waitForURL(/\/dev-auth\/wechat\/authorize/, { timeout: 30000 })
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('wallet browser: errcode ≠ 0 is asked again, then the member is signed in', async () => {
    const context = await hostPhone(app.browser, UA.wallet)
    const page = await context.newPage()
    let calls = 0
    // The wallet's service busy once: what its user-info endpoint answers then.
    await page.route('**/host-auth/wallet/userinfo**', async (route) => {
      calls++
      if (calls === 1) await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ errcode: 45009, errmsg: 'busy' }) })
      else await route.continue()
    })
    await openMine(page)
    await page.waitForURL(/\/dev-auth\/wallet\/authorize/, { timeout: 30000 })
    await page.getByLabel(/Ben/).check()
    await page.getByRole('button', { name: 'Continue as this user' }).click()
    await byId(page, 'member-name').getByText('Ben').waitFor({ timeout: 30000 })
    assert.equal(calls, 2)
    await context.close()
  })

  it("super-app browser without its SDK: 'failed to create instance', and the diner stays", async () => {
    const context = await hostPhone(app.browser, UA.superapp)
    const page = await context.newPage()
    await openMine(page)
    await page.getByText(translate('en', 'hostLogin.failedInstance')).first().waitFor({ timeout: 30000 })
    assert.ok(!page.url().includes('/dev-auth/'))
    await byId(page, 'login-cta').waitFor()
    await context.close()
  })
})

const LOCALES: [Locale, string][] = [
  ['zh-CN', 'zh-CN'],
  ['zh-TW', 'zh-TW'],
  ['en', 'en-US']
]

describe('browserPrompt and clear', () => {
  for (const [locale, device] of LOCALES) {
    it(`browserPrompt from loginByCode?host=wechat in a plain browser, and clear, in ${locale}`, async () => {
      const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) => translate(locale, key, params)
      const context = await hostPhone(app.browser, UA.plain, device)
      const page = await context.newPage()
      await page.goto(await entryUrl(app.server, 'T01'))
      await mineTab(page).or(page.getByRole('tab', { name: t('tab.mine') })).first().waitFor({ timeout: 30000 })
      // A link that needs the chat-app, opened here: the prompt says which browser and gives the link.
      await page.goto(`${app.server.url}/#/pages/loginByCode/loginByCode?host=wechat`)
      await byId(page, 'browser-prompt').waitFor({ timeout: 30000 })
      await page.getByRole('heading', { name: t('browserPrompt.title', { host: t('host.wechat') }) }).waitFor()
      assert.match((await byId(page, 'prompt-link').textContent()) ?? '', /loginByCode/)
      await shot(page, `browser-prompt-${locale}`)

      // Clear cache from Mine.
      await page.goto(`${app.server.url}/#/pages/mine/mine`)
      await byId(page, 'clear-link').click({ timeout: 30000 })
      await byId(page, 'clear-page').waitFor({ timeout: 30000 })
      await shot(page, `clear-${locale}`)
      await byId(page, 'clear-action').click()
      await page.getByText(t('clear.confirm')).waitFor({ timeout: 10000 })
      await page.getByText(t('clear.confirmButton'), { exact: true }).click()
      await byId(page, 'cleared').waitFor({ timeout: 10000 })
      await shot(page, `clear-done-${locale}`)
      assert.equal(await page.evaluate(() => window.localStorage.length), 0)
      await byId(page, 'start-again').click()
      await page.waitForURL((u) => !u.hash.includes('clear'), { timeout: 30000 })
      await context.close()
    })
  }
})
