/**
 * Addresses and places end to end (issue 16): the built H5 app on the real server, in Chromium
 * at a phone viewport, with map tiles from the harness's local tile server (no internet here).
 *
 * The journey: a member (signed in by SMS on the confirm page) adds a delivery address with the
 * region picker and a map pin, orders delivery to it at the Senado Square branch (B201, delivers
 * within 5 km), pays on the sandbox page, and the paid order's details show the address and the
 * contact; a second address in Coloane (about 8 km away) is refused with the distance and the limit.
 *
 * The map page (pages/location): opened for a place and for choosing one, in three languages;
 * its tiles drawn, the pin moved by the search, the map and the buttons, what is there said in
 * text with the nearest branch's distance; without tiles it still works.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { translate } from '../../src/i18n/translate'
import type { Locale } from '../../src/gateway/contract'
import type { MessageKey } from '../../src/i18n/catalogues'
import { phone } from './browser'
import { useAppUnderTest, entryUrl } from './harness'
import { agreeAndSubmit, approveOnSandbox, byId, money, price, shot } from './steps'

const app = useAppUnderTest()
const say = (locale: Locale, key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)

const DEVICE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }

async function openMap(locale: Locale, query: string): Promise<{ page: Page; errors: string[] }> {
  const context = await phone(app.browser, DEVICE[locale])
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  // A table's code first (the session the app restores), then the map page by its address.
  await page.goto(await entryUrl(app.server, 'T01'))
  await page.waitForURL(/pages\/home\/home/, { timeout: 30000 })
  await page.goto(`${app.server.url}/#/pages/location/location?${query}`)
  await byId(page, 'location-page').waitFor({ timeout: 30000 })
  return { page, errors }
}

/** The pin's point as the page says it ('Latitude 22.19370, longitude 113.53920'). */
async function coordsText(page: Page): Promise<string> {
  return (await byId(page, 'location-where').locator('.so-location__coords').textContent()) ?? ''
}

const PHONE = '66123457'
const B201 = 'B201'

async function waitForCode(areaNo: string, phoneNo: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    try {
      return app.server.providers.sms.lastCode(areaNo, phoneNo)
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`no SMS code was sent to +${areaNo} ${phoneNo}`)
}

const visibleRole = (page: Page, role: Parameters<Page['getByRole']>[0], name: string | RegExp) =>
  page.getByRole(role, { name, exact: typeof name === 'string' }).filter({ visible: true }).first()

/** The address form (addressEdit): contact, phone, a region by the picker (codes, top level first), street, the pin. */
async function fillAddress(page: Page, a: { contact: string; phone: string; regions: string[]; street: string; search?: string; leaveFirst?: boolean }): Promise<string> {
  await byId(page, 'address-form').waitFor({ timeout: 30000 })
  await page.locator('[data-testid="address-contact-input"] input, input[data-testid="address-contact-input"]').filter({ visible: true }).first().fill(a.contact)
  await page.locator('[data-testid="address-phone-input"] input, input[data-testid="address-phone-input"]').filter({ visible: true }).first().fill(a.phone)
  await byId(page, 'address-region').click()
  await byId(page, 'region-picker').waitFor({ timeout: 15000 })
  for (const code of a.regions) await page.locator(`[data-testid="region-option"][data-code="${code}"]`).filter({ visible: true }).click({ timeout: 15000 })
  await byId(page, 'region-picker').waitFor({ state: 'hidden', timeout: 15000 })
  await page.locator('[data-testid="address-street-input"] input, input[data-testid="address-street-input"], [data-testid="address-street-input"] textarea').filter({ visible: true }).first().fill(a.street)
  if (a.leaveFirst) {
    // Left without confirming (the browser's back): the form has no pin, and asking again works.
    await byId(page, 'address-pin').click()
    await byId(page, 'location-confirm').waitFor({ timeout: 30000 })
    await page.goBack()
    await byId(page, 'address-located').getByText(say('en', 'address.notLocated')).waitFor({ timeout: 15000 })
  }
  // Pin on map: the H5 map page; the search moves the pin, Confirm hands it back to the form.
  await byId(page, 'address-pin').click()
  await byId(page, 'location-page').waitFor({ timeout: 30000 })
  await byId(page, 'location-where').locator('.so-location__coords').waitFor({ timeout: 15000 })
  if (a.search) {
    await page.locator('[data-testid="location-search-input"] input, input[data-testid="location-search-input"]').filter({ visible: true }).first().fill(a.search)
    await byId(page, 'location-search').click()
    const first = page.locator('.so-location__result-btn').filter({ visible: true }).first()
    // Several places: the first; one: the pin is there already.
    await Promise.race([first.waitFor({ timeout: 15000 }).then(() => first.click()), page.waitForFunction(() => !document.querySelector('.so-location__results'), undefined, { timeout: 15000 })]).catch(() => undefined)
  }
  await byId(page, 'location-branch').waitFor({ timeout: 15000 })
  const branch = (await byId(page, 'location-branch').innerText()).trim()
  await shot(page, `address-pin-${a.regions[a.regions.length - 1]}`)
  await byId(page, 'location-confirm').click()
  await byId(page, 'address-located').getByText(/^Pinned on the map/).waitFor({ timeout: 15000 })
  return branch
}

describe('addresses: a member orders delivery to a saved address', () => {
  it('adds an address with the region picker and a map pin, orders delivery there and pays; the order shows the address and contact; Coloane is beyond the range, with the distance', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    await orderDeliveryAtB201(page)

    // A guest is offered to log in: by SMS, back to the confirm page.
    await byId(page, 'delivery-sign-in').click({ timeout: 15000 })
    await visibleRole(page, 'spinbutton', 'Mobile number').fill(PHONE, { timeout: 30000 })
    await visibleRole(page, 'button', 'Get code').click()
    await visibleRole(page, 'spinbutton', 'Verification code').fill(await waitForCode('853', PHONE))
    await visibleRole(page, 'checkbox', 'I have read and agree to the privacy policy and terms of use').click()
    await byId(page, 'login-submit').click()

    // The empty book: add an address (region Macau › Macau Peninsula › Sé, a pin found by the search).
    await byId(page, 'delivery-add').click({ timeout: 30000 })
    // The map page names the distance from the branch ordered from.
    assert.match(
      await fillAddress(page, { contact: 'Ana Lee', phone: '66123458', regions: ['820000', '820100', '820004'], street: 'Travessa do Roquete 3', search: 'Largo do Senado', leaveFirst: true }),
      /^0\.\d km from Lotus Tea House \(Senado Square\)$/
    )
    await shot(page, 'address-edit-pinned')
    await byId(page, 'address-save').click()

    // Back on the confirm page with that address.
    await byId(page, 'delivery-address-card').waitFor({ timeout: 30000 })
    assert.equal(await byId(page, 'delivery-card-contact').innerText(), 'Ana Lee')
    assert.match(await byId(page, 'delivery-card-address').innerText(), /Travessa do Roquete 3/)
    await shot(page, 'address-confirm-delivery')
    await agreeAndSubmit(page)
    await approveOnSandbox(page, null)
    await byId(page, 'result-pickup-number').or(byId(page, 'payment-result')).first().waitFor({ timeout: 30000 })

    // The paid order keeps the address: its details show it with the contact and the region.
    const order = await app.server.db.selectFrom('orders').selectAll().where('base_id', '=', B201).where('kind', '=', 'order').orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    assert.equal(order.service_type, 'delivery')
    await page.goto(`${app.server.url}/#/pages/orderDetails/orderDetails?SheetID=${encodeURIComponent(String(order.order_id))}`)
    await byId(page, 'order-address').getByText(/Travessa do Roquete 3/).waitFor({ timeout: 30000 })
    await byId(page, 'order-contact').getByText('Ana Lee').waitFor()
    await byId(page, 'order-region').getByText(/Sé/).waitFor()
    await shot(page, 'address-order-details')

    // Another order, to a new address in Coloane: beyond the branch's 5 km, refused with the distance and the limit.
    await orderDeliveryAtB201(page)
    await byId(page, 'delivery-address-card').waitFor({ timeout: 30000 })
    await byId(page, 'delivery-change').click()
    await byId(page, 'address-add').click({ timeout: 30000 })
    assert.match(
      await fillAddress(page, { contact: 'Ana Lee', phone: '66123458', regions: ['820000', '820400', '820008'], street: 'Largo Eduardo Marques 1', search: 'Coloane' }),
      /^[89]\.\d km from Lotus Tea House \(Senado Square\)$/
    )
    await byId(page, 'address-save').click()
    const problem = byId(page, 'preview-problem')
    await problem.waitFor({ timeout: 30000 })
    assert.match(await problem.innerText(), / [89]\.\d km from the shop; it delivers within 5(\.0)? km/)
    await problem.scrollIntoViewIfNeeded()
    await shot(page, 'address-beyond-range')
    // Nothing placed for it.
    const orders = await app.server.db.selectFrom('orders').select('order_id').where('base_id', '=', B201).where('kind', '=', 'order').where('service_type', '=', 'delivery').execute()
    assert.equal(orders.length, 1)
    assert.deepEqual(errors, [])
    await context.close()
  })
})

/** The shop's counter code → the Senado Square branch → F01 → the confirm page → delivery. */
async function orderDeliveryAtB201(page: Page): Promise<void> {
  await page.goto(await entryUrl(app.server, 'S101'))
  await byId(page, 'order-now').click({ timeout: 30000 })
  await page.locator(`[data-testid="base-option"][data-base="${B201}"]`).filter({ visible: true }).click({ timeout: 30000 })
  await byId(page, 'open-search').click({ timeout: 30000 })
  const search = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
  await search.waitFor({ timeout: 30000 })
  await search.fill('F01')
  const row = page.locator('[data-goods-code="F01"]').filter({ visible: true })
  await row.waitFor({ timeout: 15000 })
  await row.getByRole('button').last().click()
  await byId(page, 'cart-total').getByText(money(price('F01'))).waitFor({ timeout: 15000 })
  await byId(page, 'cart-go').click()
  await byId(page, 'cart-checkout').click({ timeout: 15000 })
  await byId(page, 'service-option-delivery').click({ timeout: 30000 })
}

describe('the H5 map page', () => {
  it('choose: tiles from the local tile server, the place and the nearest branch in text, the pin moved by the map, the buttons and the search', async () => {
    const { page, errors } = await openMap('en', 'mode=choose&Lat=22.1937&Lng=113.5392')
    // Leaflet's tiles come from the tile server the app server was told of (ServiceLinkGet 'tiles').
    await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 30000 })
    assert.ok(app.tiles.served.length > 0, 'tiles were asked of the local tile server')
    const where = byId(page, 'location-where')
    await where.getByText(say('en', 'map.coords', { lat: '22.19370', lng: '113.53920' })).waitFor({ timeout: 15000 })
    // The place and the nearest branch, from BaseInfoByGPS.
    await byId(page, 'location-branch').waitFor({ timeout: 15000 })
    assert.match((await byId(page, 'location-branch').textContent()) ?? '', /^\d+\.\d km from /)
    await shot(page, 'location-choose-en')

    // A tap on the map drops the pin there.
    const before = await coordsText(page)
    const box = (await byId(page, 'location-map').boundingBox())!
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.3)
    await page.waitForFunction((b) => document.querySelector('.so-location__coords')?.textContent !== b, before, { timeout: 10000 })

    // The buttons move it too (keyboard users, screen readers): north is a higher latitude.
    const lat = (s: string) => Number(/(-?\d+\.\d+)/.exec(s)![1])
    const tapped = await coordsText(page)
    await byId(page, 'location-nudge-north').click()
    await page.waitForFunction((b) => document.querySelector('.so-location__coords')?.textContent !== b, tapped, { timeout: 10000 })
    assert.ok(lat(await coordsText(page)) > lat(tapped))

    // No request is waiting (the page was opened by its address): it offers Back and says why.
    await byId(page, 'location-no-request').waitFor()
    assert.equal(await byId(page, 'location-confirm').count(), 0)
    assert.deepEqual(errors, [])
  })

  for (const locale of ['zh-CN', 'zh-TW'] as const) {
    it(`choose in ${locale}: the texts of the page in that language`, async () => {
      const { page, errors } = await openMap(locale, 'mode=choose&Lat=22.1937&Lng=113.5392')
      await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 30000 })
      await byId(page, 'location-mine').getByText(say(locale, 'map.useMine')).waitFor({ timeout: 15000 })
      await byId(page, 'location-branch').waitFor({ timeout: 15000 })
      assert.ok(((await byId(page, 'location-branch').textContent()) ?? '').includes('公里'))
      await shot(page, `location-choose-${locale}`)
      assert.deepEqual(errors, [])
    })
  }

  it('open: the place with its name and address, and a link to the device maps', async () => {
    const { page, errors } = await openMap('en', `mode=open&Lat=22.1937&Lng=113.5392&Name=${encodeURIComponent('Tea House')}&Address=${encodeURIComponent('Largo do Senado 1, Macau')}`)
    await byId(page, 'location-where').getByText('Largo do Senado 1, Macau').waitFor({ timeout: 15000 })
    await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 30000 })
    const link = byId(page, 'location-open-in-maps')
    assert.equal(await link.textContent(), say('en', 'map.openInMaps'))
    // An Android phone: a geo: URI its maps app opens.
    assert.match((await link.getAttribute('href')) ?? '', /^geo:22\.1937,113\.5392\?q=/)
    await shot(page, 'location-open-en')
    assert.deepEqual(errors, [])
  })

  it('without tiles (no network) the pin, the search and the text still work', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    await page.route(/\/tiles\//, (route) => route.abort('internetdisconnected'))
    await page.goto(await entryUrl(app.server, 'T01'))
    await page.waitForURL(/pages\/home\/home/, { timeout: 30000 })
    await page.goto(`${app.server.url}/#/pages/location/location?mode=choose&Lat=22.1937&Lng=113.5392`)
    await byId(page, 'location-tiles-off').waitFor({ timeout: 30000 })
    const before = await coordsText(page)
    await byId(page, 'location-nudge-east').click()
    await page.waitForFunction((b) => document.querySelector('.so-location__coords')?.textContent !== b, before, { timeout: 10000 })
    await shot(page, 'location-no-tiles-en')
  })
})
