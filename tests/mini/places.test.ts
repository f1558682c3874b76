/**
 * Choosing and showing a place through the host (issue 16 item 3): the mini-programs use their
 * hosts' own place picker and map (wx/my.chooseLocation, openLocation), which answer in GCJ-02;
 * the app keeps WGS-84. A member's "Pin on map" on addressEdit: the diner cancels (nothing
 * pinned), then picks a place (its address fills the form, its region comes from the server);
 * "Move the pin" opens the picker at the pinned place again (the same point the host gave). The
 * branch page's map link opens the host's map at the branch.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Locale } from '../../src/gateway/contract'
import { wgs84ToGcj02 } from '../../src/hosts/gcj02'
import type { MiniHostDouble } from './host-double'
import { LOCALE_ON_ENGLISH_DEVICE, openTable, say } from './steps'
import { MINI_KINDS, demoCode, useMiniServer } from './server'

const app = useMiniServer()

/** Senado Square, Macau (WGS-84), as the host's picker gives it (GCJ-02). */
const SENADO = { Lat: 22.1937, Lng: 113.5392 }
const SENADO_HOST = wgs84ToGcj02(SENADO)

async function openAddressEdit(d: MiniHostDouble, locale: Locale): Promise<void> {
  await d.tap(say(locale, 'tab.mine'))
  await d.waitForRoute('pages/mine/mine')
  await d.idle()
  // Signed in by the host's login code (the development identity provider's 'Dev <openid>').
  await d.waitForText(`Dev ${d.openId}`)
  await d.waitForText(say(locale, 'address.mine'))
  await d.tap(say(locale, 'address.mine'))
  await d.waitForRoute('pages/addressList/addressList')
  await d.idle()
  await d.waitForText(say(locale, 'address.add'))
  await d.tap(say(locale, 'address.add'))
  await d.waitForRoute('pages/addressEdit/addressEdit')
  await d.waitForText(say(locale, 'address.pin'))
}

for (const kind of MINI_KINDS) {
  const locale = LOCALE_ON_ENGLISH_DEVICE[kind]

  describe(`${kind} build: places through the host`, () => {
    test("Pin on map: a cancel pins nothing; a place picked in the host's picker fills the address and its region", async () => {
      const d = app.device(kind)
      d.openId = `${kind}-places-1`
      await openTable(d, await demoCode(app.server, 'T01'), locale)
      await openAddressEdit(d, locale)

      // The diner closes the host's picker: nothing pinned, no error, still on the form.
      await d.tap(say(locale, 'address.pin'))
      await d.waitFor(() => d.locationCalls.length === 1, 'the host picker opened')
      assert.equal(d.locationCalls[0].api, 'chooseLocation')
      await d.idle()
      assert.equal(d.current.route, 'pages/addressEdit/addressEdit')
      assert.ok(d.text().includes(say(locale, 'address.notLocated')))

      // Now a place: the host answers in its own datum, with its name and address.
      d.placeAnswers.push({ name: 'Senado Square', address: 'Largo do Senado 1, Macau', latitude: SENADO_HOST.Lat, longitude: SENADO_HOST.Lng })
      await d.tap(say(locale, 'address.pin'))
      await d.waitForText(say(locale, 'address.locatedAt', { place: 'Largo do Senado 1, Macau' }))
      assert.ok(!d.text().includes(say(locale, 'address.notLocated')))
      // The region comes from the server at the pinned point (BaseInfoByGPS): Macau's Sé parish, not 'Please select region'.
      await d.waitFor(() => !d.text().includes(say(locale, 'address.regionNone')), 'a region for the pin')
      assert.ok(d.text().includes(locale === 'en' ? 'Sé' : '大堂區'), `the region named:\n${d.text()}`)

      // Move the pin: the picker opens at the pinned place, handed back in the host's datum (the same point it gave).
      await d.waitForText(say(locale, 'address.pinAgain'))
      await d.tap(say(locale, 'address.pinAgain'))
      await d.waitFor(() => d.locationCalls.length === 3, 'the host picker opened again')
      const near = d.locationCalls[2].params
      assert.ok(Math.abs(Number(near.latitude) - SENADO_HOST.Lat) < 1e-6 && Math.abs(Number(near.longitude) - SENADO_HOST.Lng) < 1e-6, `opened near ${JSON.stringify(near)}`)
      await d.idle()
      // That one was cancelled: the pin stays.
      assert.ok(d.text().includes(say(locale, 'address.locatedAt', { place: 'Largo do Senado 1, Macau' })))
      assert.deepEqual(d.errors, [])
      assert.ok(!d.unknownApis.has('chooseLocation') && !d.unknownApis.has('openLocation'))
    })

    test("the branch page's map link opens the host's map at the branch", async () => {
      const d = app.device(kind)
      await openTable(d, await demoCode(app.server, 'T01'), locale)
      await d.tap(say(locale, 'home.branchDetails'))
      await d.waitForRoute('pages/baseDetails/baseDetails')
      await d.waitForText(say(locale, 'branch.map'))
      await d.idle()
      await d.tap(say(locale, 'branch.map'))
      await d.waitFor(() => d.locationCalls.some((c) => c.api === 'openLocation'), 'the host map opened')
      const call = d.locationCalls.find((c) => c.api === 'openLocation')!.params
      // At a branch of the demo (in Macau), in the host's datum; with its name.
      const lat = Number(call.latitude)
      const lng = Number(call.longitude)
      assert.ok(lat > 22.1 && lat < 22.25 && lng > 113.5 && lng < 113.6, `opened at ${JSON.stringify(call)}`)
      assert.ok(String(call.name).length > 0)
      // The payment app takes the coordinates as strings, the chat-app as numbers.
      assert.equal(typeof call.latitude, kind === 'alipay' ? 'string' : 'number')
      assert.equal(d.current.route, 'pages/baseDetails/baseDetails', 'the host map is no page of the app')
      assert.deepEqual(d.errors, [])
    })
  })
}
