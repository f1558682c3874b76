/**
 * The branch page and choosing a table by hand (issue 16 item 5), the built H5 app on the real
 * server in Chromium at a phone viewport:
 * (a) from the tea house's counter code (QR-S101, two branches): the branch list's 'Details' opens
 *     Senado Square's page (address, hours, phone as a call link, services, delivery, map); its
 *     'Choose a table' lists the six tables; choosing A02 puts the session at table A02: Home, the
 *     menu and the cart name it, orders there are paid first (the prepay cart) and Home says why;
 * (b) the night market's code (QR-S102, one branch B203): Home offers the branch's page and
 *     'Choose a table' (N01–N04); choosing N03 puts the menu at table N03;
 * (c) both pages in zh-CN, zh-TW and en, photographed after axe looked at them.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { Locale } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'
import { phone } from './browser'
import { byId, price, shot } from './steps'
import { useAppUnderTest, entryUrl } from './harness'

const app = useAppUnderTest()
const STEP = 30000

/** The table names of the branch's table list, as shown. */
async function tableNames(page: Page): Promise<string[]> {
  return (await byId(page, 'table-option').allInnerTexts()).map((t) => t.trim().split('\n')[0].trim())
}

/** Adds one of a goods by number from the menu page and opens the cart. */
async function addAndOpenCart(page: Page, code: string): Promise<void> {
  await byId(page, 'open-search').click({ timeout: STEP })
  const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
  await input.waitFor({ timeout: STEP })
  await input.fill(code)
  const row = page.locator(`[data-goods-code="${code}"]`).filter({ visible: true })
  await row.waitFor({ timeout: 15000 })
  await row.getByRole('button').last().click()
  await byId(page, 'cart-total').getByText(price(code).toFixed(2), { exact: false }).waitFor({ timeout: 15000 })
  await byId(page, 'cart-go').click()
}

describe('branch page and choosing a table by hand', () => {
  it("from the tea house's counter code: the branch's page, then table A02 chosen by hand, named by Home, menu and cart; orders pay first", async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    await page.goto(await entryUrl(app.server, 'S101'))
    await byId(page, 'shop-name').getByText('Lotus Tea House').waitFor({ timeout: STEP })
    // No branch yet: nothing to show a page of, no table to choose.
    assert.equal(await byId(page, 'home-branch-details').count(), 0)
    assert.equal(await byId(page, 'home-choose-table').count(), 0)
    await byId(page, 'home-change-branch').click()

    // The branch list: each branch has its details beside it, a control of its own.
    const info = page.locator('[data-testid="base-info"][data-base="B201"]').filter({ visible: true })
    await info.waitFor({ timeout: STEP })
    assert.equal(await info.getAttribute('aria-label'), 'Details: Lotus Tea House (Senado Square)')
    await info.click()

    await byId(page, 'branch-title').getByText('Lotus Tea House (Senado Square)').waitFor({ timeout: STEP })
    assert.equal(await byId(page, 'branch-shop').innerText(), 'Lotus Tea House')
    assert.match(await byId(page, 'branch-address').innerText(), /14 Largo do Senado, Macau/)
    assert.match(await byId(page, 'branch-hours').innerText(), /08:00–22:00/)
    assert.match(await byId(page, 'branch-days').innerText(), /Every day/)
    assert.match(await byId(page, 'branch-services').innerText(), /Dine-in[\s\S]*Takeaway[\s\S]*Delivery/)
    assert.equal(await byId(page, 'branch-delivery').innerText(), 'Within 5 km')
    assert.match(await byId(page, 'branch-tables').innerText(), /6 tables/)
    // The phone: a link with the number as its name, a finger's size.
    const call = page.getByRole('link', { name: 'Call +853 2835 6721' }).filter({ visible: true })
    await call.waitFor()
    const box = await call.boundingBox()
    assert.ok(box && box.height >= 44 && box.width >= 44, `call link ${JSON.stringify(box)}`)
    assert.equal(await page.getByRole('button', { name: 'View on map: Lotus Tea House (Senado Square)' }).filter({ visible: true }).count(), 1)
    await shot(page, 'branch-details-senado-en')

    // Choosing a table by hand: the six tables, the line saying what such a table does not open.
    await byId(page, 'branch-choose-table').click()
    await byId(page, 'table-option').first().waitFor({ timeout: STEP })
    assert.deepEqual(await tableNames(page), ['Table A01', 'Table A02', 'Table A03', 'Table A04', 'Table A05', 'Table A06'])
    assert.equal(await byId(page, 'tables-hint').innerText(), translate('en', 'branch.tablesHint'))
    assert.equal(await byId(page, 'tables-end').innerText(), 'All 6 tables shown')
    await shot(page, 'table-select-senado-en')
    await page.getByRole('button', { name: 'Choose Table A02' }).filter({ visible: true }).click()

    // Home: at table A02 of Senado Square, chosen by hand.
    await page.waitForURL(/#\/pages\/home\/home/, { timeout: STEP })
    await byId(page, 'table-name').getByText('Table A02').waitFor({ timeout: STEP })
    assert.match(await byId(page, 'branch-name').innerText(), /Senado Square/)
    assert.equal(await byId(page, 'home-table-by-hand').innerText(), translate('en', 'home.tableByHand'))
    assert.equal(await byId(page, 'home-choose-table').innerText(), 'Choose another table')
    // No open sheet of the table: its bill needs the QR code on the table.
    assert.equal(await byId(page, 'home-table-order').count(), 0)
    await shot(page, 'home-table-by-hand-en')

    // The menu and the cart name the table; the cart is the pay-first one.
    await byId(page, 'order-now').click()
    await page.locator('.so-order__table').filter({ visible: true }).getByText('Table A02').waitFor({ timeout: STEP })
    await addAndOpenCart(page, 'E03')
    await page.waitForURL(/prepayCart/, { timeout: STEP })
    await page.locator('.so-cart-page__table').filter({ visible: true }).getByText('Table A02').waitFor({ timeout: STEP })
    await shot(page, 'cart-table-by-hand-en')

    // A reload keeps the table (the entry by TableID is kept like any other).
    await page.goto(`${app.server.url}/#/pages/home/home`)
    await byId(page, 'table-name').getByText('Table A02').waitFor({ timeout: STEP })
    assert.deepEqual(errors, [])
    await context.close()
  })

  it("from the night market's code: Home offers the branch's page and its tables N01–N04; N03 chosen, the menu names it", async () => {
    const context = await phone(app.browser, 'zh-HK')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(await entryUrl(app.server, 'S102'))
    await byId(page, 'branch-name').getByText(/金光大道/).waitFor({ timeout: STEP })

    await byId(page, 'home-branch-details').click()
    await byId(page, 'branch-title').getByText('路氹夜市美食廣場（金光大道）').waitFor({ timeout: STEP })
    assert.match(await byId(page, 'branch-address').innerText(), /Estrada do Istmo, Cotai/)
    assert.match(await byId(page, 'branch-hours').innerText(), /18:00–02:00/)
    assert.equal(await page.getByRole('link', { name: translate('zh-TW', 'branch.call', { phone: '+853 2888 3160' }) }).filter({ visible: true }).count(), 1)
    assert.equal(await byId(page, 'branch-delivery').innerText(), '8 公里內')
    await page.goBack()

    // 'Choose a table' comes once the branch's details say it has tables, below the language switch.
    await byId(page, 'home-choose-table').waitFor({ timeout: STEP })
    await shot(page, 'home-choose-table-zh-TW')
    await byId(page, 'home-choose-table').click({ timeout: STEP })
    await byId(page, 'table-option').first().waitFor({ timeout: STEP })
    assert.deepEqual(await tableNames(page), ['N01 號枱', 'N02 號枱', 'N03 號枱', 'N04 號枱'])
    await page.locator('[data-testid="table-option"][data-table="N03"]').filter({ visible: true }).click()
    await byId(page, 'table-name').getByText('N03 號枱').waitFor({ timeout: STEP })
    await byId(page, 'order-now').click()
    await page.locator('.so-order__table').filter({ visible: true }).getByText('N03 號枱').waitFor({ timeout: STEP })

    // The branch page's map: the app's own map page on H5, at the branch, named (the last step: the map page is another part's).
    await page.goto(`${app.server.url}/#/pages/baseDetails/baseDetails?BaseID=B203`)
    const name = '路氹夜市美食廣場（金光大道）'
    await page.getByRole('button', { name: translate('zh-TW', 'branch.mapLabel', { name }) }).filter({ visible: true }).click({ timeout: STEP })
    await page.waitForURL(/#\/pages\/location\/location\?/, { timeout: STEP })
    const opened = new URLSearchParams(page.url().split('#')[1].split('?')[1])
    assert.deepEqual(
      { mode: opened.get('mode'), Lat: opened.get('Lat'), Lng: opened.get('Lng'), Name: opened.get('Name') },
      { mode: 'open', Lat: '22.144', Lng: '113.564', Name: name }
    )
    assert.deepEqual(errors, [])
    await context.close()
  })

  it("a branch with more tables than a page: 'Load more tables' lists the rest", async () => {
    // The Taipa branch gets 40 more tables (T03–T42) in this test's database.
    const codes = Array.from({ length: 40 }, (_, i) => `T${String(i + 3).padStart(2, '0')}`)
    await app.server.db
      .insertInto('dining_tables')
      .values(
        codes.map((code) => ({
          table_id: `B202-${code}`,
          ent_id: 'E1001',
          shop_id: 'S101',
          base_id: 'B202',
          code,
          names: JSON.stringify({ 'zh-CN': `${code} 号桌`, 'zh-TW': `${code} 號枱`, en: `Table ${code}` }),
          qr_code: `QR-${code}-e2e-branch-tables-${code}`
        }))
      )
      .execute()
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.goto(await entryUrl(app.server, 'S101'))
    await byId(page, 'home-change-branch').click({ timeout: STEP })
    await page.locator('[data-testid="base-option"][data-base="B202"]').filter({ visible: true }).click({ timeout: STEP })
    await byId(page, 'home-choose-table').click({ timeout: STEP })
    await byId(page, 'table-option').first().waitFor({ timeout: STEP })
    assert.equal((await tableNames(page)).length, 30)
    const more = page.getByRole('button', { name: 'Load more tables' }).filter({ visible: true })
    await more.click({ timeout: 10000 }).catch(async (error) => {
      // Scrolling the button into view reaches the page's bottom, which loads the rest by itself
      // (useReachBottom): the button then goes before the click lands (seen in CI). Either way the rest comes.
      if (!(await byId(page, 'tables-end').waitFor({ timeout: STEP }).then(() => true, () => false))) throw error
    })
    await byId(page, 'tables-end').getByText('All 42 tables shown').waitFor({ timeout: STEP })
    const names = await tableNames(page)
    assert.equal(names.length, 42)
    assert.deepEqual(names.slice(0, 3), ['Table T01', 'Table T02', 'Table T03'])
    assert.equal(names[41], 'Table T42')
    assert.equal(await more.count(), 0)
    await shot(page, 'table-select-load-more-en')
    await context.close()
  })

  for (const [device, locale] of [
    ['zh-CN', 'zh-CN'],
    ['zh-HK', 'zh-TW'],
    ['en-US', 'en']
  ] as [string, Locale][]) {
    it(`shows both pages in ${locale}, with no axe finding`, async () => {
      const context = await phone(app.browser, device)
      const page = await context.newPage()
      await page.goto(await entryUrl(app.server, 'S102'))
      await byId(page, 'home-branch-details').click({ timeout: STEP })
      await byId(page, 'branch-title').waitFor({ timeout: STEP })
      assert.equal(await byId(page, 'branch-days').innerText(), translate(locale, 'branch.everyDay'))
      await shot(page, `branch-details-${locale}`)
      await byId(page, 'branch-choose-table').click()
      await byId(page, 'table-option').first().waitFor({ timeout: STEP })
      assert.equal(await byId(page, 'tables-hint').innerText(), translate(locale, 'branch.tablesHint'))
      await shot(page, `table-select-${locale}`)
      await context.close()
    })
  }
})
