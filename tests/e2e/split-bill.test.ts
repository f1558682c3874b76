/**
 * Split bills in the browser (issue 26 item 2; docs/split-bills.md): the built H5 app on the real
 * server in Chromium, three phones at one table (three browser contexts) in zh-CN, zh-TW and en,
 * every page checked by axe. Phone A pays the juice by items; B and C reach for the same dish at
 * the same moment — one pays it, the other is told in its own language; the loser pays one of two
 * equal shares of what is open and the winner pays the rest. After each payment the phones on the
 * split page see the balance fall by themselves (the branch's live stream), and the bill closes
 * only when nothing is due.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page, Route } from 'playwright-core'
import { Decimal } from '../../src/core/money'
import type { Locale } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import { requestKey, clientLine } from '../server/helpers/order-fixtures'
import type { TestServer } from '../server/helpers/test-server'
import { phone } from './browser'
import { agreeAndSubmit, approveOnSandbox, byId, scanAndAdd, shot } from './steps'
import { demoCode, useAppUnderTest } from './harness'
import { OPERATIONS } from '../../src/gateway/operation-list'

const app = useAppUnderTest()
const menu: MenuFile = JSON.parse(readFileSync(path.resolve(__dirname, '../../server/seed/menus/menu-S101.json'), 'utf8'))
const nameOf = (code: string, locale: Locale): string => {
  const names = menu.goods.find((g) => g.code === code)!.names as Record<string, string>
  return names[locale] ?? names.en
}
const DEVICE_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }
const money = (d: Decimal | string): string => `MOP$${new Decimal(d).toFixed(2)}`
const moneyOf = (text: string): Decimal => new Decimal(text.replace(/[^0-9.]/g, '') || '0')

/** A gateway call as a device makes it (a third diner who orders a round without a phone of our own). */
function gateway(deviceKey: string) {
  const call = async (keyName: string, records: Record<string, unknown>[] = [{}]) => {
    const tableData = records.map((r, i) => ({ EntID: 'E1001', UserID: 'guest', ...(i === 0 ? { AppName: 'ScanOrder-e2e' } : {}), ...r }))
    const form = new URLSearchParams({
      ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
      KeyName: keyName,
      strJsonData: JSON.stringify({ tableData }),
      AuthCode: app.server.config.authCode,
      IsRSA: '0',
      EntID: 'E1001'
    })
    const res = await app.server.app.inject({
      method: 'POST',
      url: '/GetData',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', 'X-Device-Key': deviceKey }
    })
    return { status: res.statusCode, body: JSON.parse(res.body) }
  }
  return { call } as unknown as TestServer
}

interface Diner {
  page: Page
  locale: Locale
  name: string
}

/** What the split page says is still due. */
const dueOf = async (d: Diner): Promise<Decimal> => moneyOf(await byId(d.page, 'split-due').innerText())

/** Waits until the page shows `due` still to pay (or, at 0, that the bill is paid in full); answers how long it took. */
async function seesDue(d: Diner, due: Decimal): Promise<number> {
  const started = Date.now()
  if (due.isZero()) await byId(d.page, 'split-due-line').getByText(translate(d.locale, 'split.closed')).waitFor({ timeout: 30000 })
  else await byId(d.page, 'split-due').getByText(money(due), { exact: true }).waitFor({ timeout: 30000 })
  return Date.now() - started
}

async function openSplit(d: Diner, sheetId: string): Promise<void> {
  await d.page.goto(`${app.server.url}/#/pages/billSplit/billSplit?SheetID=${encodeURIComponent(sheetId)}`)
  await byId(d.page, 'split-due-line').waitFor({ timeout: 30000 })
  // The balance is pushed: the page follows the branch's stream.
  await d.page.locator('[data-testid="split-page"][data-live="connected"]').filter({ visible: true }).waitFor({ timeout: 30000 })
}

/** Chooses one dish whole on the split page. */
async function chooseWhole(d: Diner, code: string): Promise<void> {
  await byId(d.page, 'split-mode-lines').click()
  const row = byId(d.page, 'split-line').filter({ hasText: nameOf(code, d.locale) })
  await row.getByTestId('split-cut-1').click()
  await row.locator('[data-testid="split-cut-1"][aria-checked="true"]').waitFor()
}

/**
 * Holds the page's reads of the bill (PosSheetDetailGet, BillSplitGet) until the returned release
 * is called. Two phones pressing Pay "at once" must both send their claim: a page that hears of the
 * other's claim first (the live event and the read it starts) drops its own pick and sends nothing,
 * and CI once saw exactly that, with no refusal to show.
 */
async function holdBillReads(page: Page): Promise<() => Promise<void>> {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  await page.route('**/GetData*', async (route: Route) => {
    if (/\b(BillSplitGet|PosSheetDetailGet)\b/.test(route.request().postData() ?? '')) await gate
    await route.continue()
  })
  // The route stays, letting everything through (taking it away while a read is on its way hands that read on twice).
  return async () => open()
}

const sendsClaim = (page: Page) => page.waitForRequest((r) => /\bBillShareStart\b/.test(r.postData() ?? ''), { timeout: 30000 })

/** Pays on the sandbox page and comes back to the app's result. */
async function approve(d: Diner, screenshot: string | null): Promise<void> {
  await approveOnSandbox(d.page, screenshot)
  await byId(d.page, 'payment-result').waitFor({ timeout: 30000 })
}

describe('split bills', () => {
  it('three phones split a bill by items, equal shares and the rest; two reaching for one dish: one pays it, the other is told; each sees the balance fall live', async () => {
    const diners: Diner[] = []
    const contexts = []
    const errors: string[] = []
    for (const [locale, name] of [
      ['zh-CN', 'A'],
      ['zh-TW', 'B'],
      ['en', 'C']
    ] as [Locale, string][]) {
      const context = await phone(app.browser, DEVICE_LOCALE[locale])
      contexts.push(context)
      const page = await context.newPage()
      page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`))
      diners.push({ page, locale, name })
    }
    const [a, b, c] = diners
    const code = await demoCode(app.server, 'A02')

    // A orders the juice and the char siu bao; another diner adds two bowls of noodles.
    await scanAndAdd(a.page, app.server.url, code, ['F01', 'E03'], 'zh-CN')
    await agreeAndSubmit(a.page)
    await byId(a.page, 'sheet-round').first().waitFor({ timeout: 30000 })
    const third = gateway('e2e-split-third-diner-0001')
    const noodles = await clientLine(third, { code: 'C01', sku: 'LARGE', qua: '2' })
    const round = await third.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: 'B201', TableID: 'B201-A02', QRCode: code, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [noodles.input] }])
    assert.equal(round.body.resultcode, '0', JSON.stringify(round.body))
    const sheetId: string = decodeURIComponent(round.body.data.table1[0].SheetID)
    await byId(a.page, 'sheet-round').nth(1).waitFor({ timeout: 30000 })

    // A opens "Split the bill" from the table's page; B and C scan the table and open it too.
    await byId(a.page, 'split-open').waitFor({ timeout: 30000 })
    await shot(a.page, 'split-bill-table-zh-CN')
    await byId(a.page, 'split-open').click()
    await byId(a.page, 'split-due').waitFor({ timeout: 30000 })
    for (const d of [b, c]) {
      await d.page.goto(`${app.server.url}/?QRCode=${encodeURIComponent(code)}`)
      await d.page.waitForURL(/#\/pages\/(home|goodsList|orderEntry)\//, { timeout: 30000 })
      await openSplit(d, sheetId)
    }
    await a.page.locator('[data-testid="split-page"][data-live="connected"]').filter({ visible: true }).waitFor({ timeout: 30000 })
    const total = await dueOf(a)
    for (const d of diners) assert.equal((await dueOf(d)).toFixed(2), total.toFixed(2))
    await shot(a.page, 'split-bill-open-zh-CN')

    // 1. A pays the juice by items.
    await chooseWhole(a, 'F01')
    const juice = moneyOf((await byId(a.page, 'split-you-pay').innerText()).replace(/^[^0-9]*/, ''))
    assert.ok(juice.gt(0), 'the juice has a price')
    await shot(a.page, 'split-bill-items-zh-CN')
    await byId(a.page, 'split-pay').click()
    await approve(a, null)
    let due = total.minus(juice)
    const heard = await Promise.all([seesDue(b, due), seesDue(c, due)])
    await shot(b.page, 'split-bill-after-items-zh-TW')
    await byId(b.page, 'split-payment').first().waitFor()
    assert.match(await byId(b.page, 'split-payment').first().innerText(), new RegExp(translate('zh-TW', 'split.payer', { n: 1 })))

    // 2. B and C reach for the char siu bao at the same moment: one pays it, the other is told.
    await Promise.all([chooseWhole(b, 'E03'), chooseWhole(c, 'E03')])
    // Both press Pay in the same instant: neither page hears of the other's claim before its own is sent.
    const releases = await Promise.all([holdBillReads(b.page), holdBillReads(c.page)])
    const claims = Promise.all([sendsClaim(b.page), sendsClaim(c.page)])
    await Promise.all([byId(b.page, 'split-pay').click({ force: true, noWaitAfter: true }), byId(c.page, 'split-pay').click({ force: true, noWaitAfter: true })])
    await claims
    for (const release of releases) await release()
    const outcome = await Promise.race([
      b.page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 }).then(() => 'B'),
      c.page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 }).then(() => 'C')
    ])
    const [winner, loser] = outcome === 'B' ? [b, c] : [c, b]
    const notice = byId(loser.page, 'split-notice')
    await notice.waitFor({ timeout: 30000 })
    const told = await notice.innerText()
    assert.ok(told.includes(translate(loser.locale, 'resultcode.21600', { goods: '' }).slice(0, 6)), `${loser.name} is told in its language: ${told}`)
    await shot(loser.page, `split-bill-taken-${loser.locale}`)
    await notice.getByRole('button').click()
    // The loser's page shows the bill as it is now: the bao is being paid by someone else.
    await byId(loser.page, 'split-line').filter({ hasText: nameOf('E03', loser.locale) }).getByText(translate(loser.locale, 'split.lineTaken')).waitFor({ timeout: 30000 })
    const bao = moneyOf(await byId(loser.page, 'split-held').innerText())
    await approve(winner, null)
    due = due.minus(bao)
    heard.push(await seesDue(loser, due))

    // 3. The loser pays one of two equal shares of what is open.
    await byId(loser.page, 'split-mode-equal').click()
    await byId(loser.page, 'split-among').waitFor()
    const half = due.div(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    await byId(loser.page, 'split-you-pay').getByText(money(half)).waitFor({ timeout: 15000 })
    await shot(loser.page, `split-bill-equal-${loser.locale}`)
    await byId(loser.page, 'split-pay').click()
    await approve(loser, null)
    due = due.minus(half)
    await openSplit(winner, sheetId)
    await seesDue(winner, due)
    await openSplit(a, sheetId)
    await seesDue(a, due)

    // 4. The winner pays the rest; the bill is paid in full on every phone.
    await byId(winner.page, 'split-mode-rest').click()
    await byId(winner.page, 'split-you-pay').getByText(money(due)).waitFor({ timeout: 15000 })
    await shot(winner.page, `split-bill-rest-${winner.locale}`)
    await byId(winner.page, 'split-pay').click()
    await approve(winner, null)
    await openSplit(loser, sheetId)
    heard.push(await seesDue(a, new Decimal(0)))
    await seesDue(loser, new Decimal(0))
    await openSplit(winner, sheetId)
    await seesDue(winner, new Decimal(0))
    // Who paid what: four payments, each payer's own marked with a receipt.
    for (const d of diners) {
      assert.equal(await byId(d.page, 'split-payment').count(), 4, `${d.name} sees every payment`)
      assert.ok((await byId(d.page, 'split-receipt').count()) >= 1, `${d.name} has a receipt of their own`)
      await shot(d.page, `split-bill-paid-${d.locale}`)
    }
    // Each payer's receipt is their own share.
    await byId(a.page, 'split-receipt').first().click()
    await byId(a.page, 'order-details').waitFor({ timeout: 30000 })
    await byId(a.page, 'order-line').first().getByText(nameOf('F01', 'zh-CN')).waitFor({ timeout: 15000 })
    await shot(a.page, 'split-bill-receipt-zh-CN')

    console.log(`the other phones showed the new balance ${heard.join(', ')} ms after the payer saw the result page`)
    assert.deepEqual(errors, [])
    for (const context of contexts) await context.close()
  })
})
