/**
 * Addresses and places end to end (issue 16): the built H5 app on the real server, in Chromium
 * at a phone viewport, with map tiles from the harness's local tile server (no internet here).
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
import { byId, shot } from './steps'

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
