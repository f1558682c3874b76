/**
 * The console's Payment accounts page in Chromium on the real server (PAYMENT_PROVIDERS=wechatpay,sandbox;
 * WeChat Pay's keys made here, never called): the owner sees the demo shop's sandbox account marked
 * as not real money, adds the shop's WeChat Pay account and sees it listed, at a tablet (1180 × 820)
 * in en and zh-CN; axe (WCAG 2.2 AA) looks at the page (screenshots
 * tests/e2e/screenshots/console-payment-accounts-tablet-*.png).
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { StaffClient } from '../../src/console/api/staff-client'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { STORAGE_KEYS } from '../../src/console/stores/console-store'
import type { Locale } from '../../src/gateway/contract'
import { startServer, type RunningServer } from '../../server/src/main'
import { wechatPaySettings } from '../../server/src/providers/payment/wechatpay.settings'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { makeWechatPayKeys } from '../support/fake-wechatpay'
import { assertNoFindings, checkPage, takeFindings } from './axe'
import { launchBrowser, SCREENSHOTS, saveScreenshot } from './browser'

const root = path.resolve(__dirname, '..', '..')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'so-e2e-accounts-'))
let server: RunningServer
let browser: Browser

before(async () => {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the console did not build:\n${built.stdout}\n${built.stderr}`)
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  const keys = makeWechatPayKeys()
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), keys.merchantPrivateKeyPem)
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), keys.publicKeyPem)
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(dir, 'data'),
    databaseUrl: null,
    logger: false,
    paymentProviders: ['wechatpay', 'sandbox'],
    wechatPay: wechatPaySettings({
      WECHATPAY_MCHID: keys.mchId,
      WECHATPAY_MERCHANT_SERIAL_NO: keys.merchantSerialNo,
      WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_key.pem'),
      WECHATPAY_APIV3_KEY: keys.apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: keys.publicKeyId,
      WECHATPAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem'),
      WECHATPAY_MINI_APPID: keys.miniAppId,
      // Never reached: nobody pays here.
      WECHATPAY_BASE_URL: 'http://127.0.0.1:9'
    })
  })
  browser = await launchBrowser()
})

afterEach(() => assertNoFindings(takeFindings()))

after(async () => {
  await browser?.close()
  await server?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const T = (locale: Locale, key: ConsoleKey, params?: Record<string, string | number>) => translate(locale, key, params)

async function signedInPage(locale: Locale) {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: server.config.authCode, baseUrl: server.url })
  const { token } = await createSetupLink(server.db, new Date(), 'E1001')
  const phone = `6${String(Date.now() % 10_000_000).padStart(7, '0')}`
  const owner = (await client.call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Olga Owner', AreaCode: '853', Phone: phone, Password: 'accounts-owner-1', Locale: locale }, { locale, entId: '' })).table1![0]
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 }, deviceScaleFactor: 1, hasTouch: true, locale: locale === 'en' ? 'en-GB' : locale })
  const items = { [STORAGE_KEYS.locale]: locale, [STORAGE_KEYS.session]: JSON.stringify({ token: owner.Token, entId: owner.EntID }) }
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
  }, items)
  return { context, page: await context.newPage() }
}

describe('console: a shop’s payment accounts', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    it(`the owner adds the shop’s WeChat Pay account and sees it listed beside the sandbox, marked as not real money (${locale})`, async () => {
      // Each language starts from the demo: the shop's sandbox account alone.
      await server.db.deleteFrom('finance_accounts').where('shop_id', '=', 'S101').where('provider', '!=', 'sandbox').execute()
      await server.db.updateTable('finance_accounts').set({ position: 0 }).where('shop_id', '=', 'S101').execute()
      const { context, page } = await signedInPage(locale)
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      try {
        await page.goto(`${server.url}/console/#/payment-accounts`)
        await page.getByRole('heading', { level: 1, name: T(locale, 'payAccounts.title') }).waitFor({ timeout: 15000 })
        const table = page.getByRole('table')
        await table.waitFor()
        // The demo shop's sandbox account, marked as no real money.
        const sandboxRow = table.getByRole('row').filter({ hasText: T(locale, 'payProvider.sandbox') })
        await sandboxRow.getByText(T(locale, 'payAccounts.testMoney')).waitFor()
        // Only what this server runs can be chosen.
        const provider = page.getByLabel(T(locale, 'payAccounts.provider'), { exact: true })
        const options = await provider.locator('option').allTextContents()
        assert.deepEqual(options.sort(), [T(locale, 'payProvider.sandbox'), T(locale, 'payProvider.wechatpay')].sort())

        // Choosing the sandbox says it takes no real money.
        await provider.selectOption({ label: T(locale, 'payProvider.sandbox') })
        await page.getByRole('note').filter({ hasText: T(locale, 'payAccounts.sandboxWarning') }).waitFor()

        const name = locale === 'en' ? 'Ah Ming Noodles (WeChat)' : '阿明面家（微信）'
        await provider.selectOption({ label: T(locale, 'payProvider.wechatpay') })
        await page.getByLabel(T(locale, 'payAccounts.accountName')).fill(name)
        await page.getByLabel(T(locale, 'payAccounts.accountNo')).fill('1900000109')
        await page.getByLabel(T(locale, 'payAccounts.makeDefault')).check()
        await page.getByRole('button', { name: T(locale, 'payAccounts.save') }).click()

        await page.getByRole('status').filter({ hasText: T(locale, 'payProvider.wechatpay') }).first().waitFor()
        const wechatRow = table.getByRole('row').filter({ hasText: T(locale, 'payProvider.wechatpay') })
        await wechatRow.getByText(name).waitFor()
        await wechatRow.getByText('1900000109').waitFor()
        await wechatRow.getByText(T(locale, 'payAccounts.default')).waitFor()
        assert.equal(await page.getByRole('note').filter({ hasText: T(locale, 'payAccounts.sandboxWarning') }).count(), 0)
        // The default comes first; the sandbox stays, no longer the default.
        const rows = await table.getByRole('rowheader').allTextContents()
        assert.equal(rows.length, 2)
        assert.match(rows[0], new RegExp(T(locale, 'payProvider.wechatpay')))
        assert.equal(await wechatRow.getByText(T(locale, 'payAccounts.testMoney')).count(), 0)
        // Stored for the shop, as diners' payments read it.
        const stored = await server.db.selectFrom('finance_accounts').select(['provider', 'account_name', 'position']).where('shop_id', '=', 'S101').where('provider', '=', 'wechatpay').executeTakeFirst()
        assert.deepEqual(stored, { provider: 'wechatpay', account_name: name, position: 0 })

        await checkPage(page, `console-payment-accounts-tablet-${locale}`)
        await saveScreenshot(page, { path: path.join(SCREENSHOTS, `console-payment-accounts-tablet-${locale}.png`), fullPage: true })
        assert.deepEqual(errors, [])
      } finally {
        await context.close()
      }
    })
  }
})
