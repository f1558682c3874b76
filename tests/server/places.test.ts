/**
 * Places (issue 16 item 3, server side): AddressResolution and BaseInfoByGPS through the
 * geocoding provider — the development one (region names and the demo branches' streets only,
 * never a point it does not know), and the Nominatim one against a local fake server (never the
 * internet): its requests, its answers mapped to our regions, one request a second. The
 * per-address limit (one across server processes on one database, and under parallel requests), the settings, and production refusing the development geocoder unless
 * named. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { distanceMetres } from '../../src/core/geo'
import { ERRCODES, RESULTCODES } from '../../src/gateway/codes'
import { loadConfig } from '../../server/src/config'
import { DevelopmentProvidersRefused } from '../../server/src/providers/run-mode'
import { buildGeocodingProvider } from '../../server/src/providers/geocoding/registry'
import { NominatimGeocodingProvider } from '../../server/src/providers/geocoding/nominatim.provider'
import { PLACES_WINDOW_MS } from '../../server/src/domain/places/places.service'
import { openOwnProcess } from './helpers/own-process'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const resolve = (address: string, extra: Record<string, unknown> = {}, lang = 'en') => server.call('AddressResolution', [{ Address: address, ...extra }], { lang })

describe('AddressResolution with the development geocoder', () => {
  test("a demo branch's street resolves at that branch, precision 'street', named in the request's language", async () => {
    const [place] = ok(await resolve('官也街 22 號', {}, 'zh-TW')).table1
    expect(place).toMatchObject({ RegionCode: '820006', RegionName: '澳門 氹仔 嘉模堂區', Street: '官也街', Precision: 'street', Provider: 'development' })
    // B202 Lotus Tea House (Taipa) is on Rua do Cunha.
    expect(distanceMetres(place.Lat, place.Lng, 22.1553, 113.556)).toBeLessThan(100)
    expect(place.FormattedAddress).toBe('澳門 氹仔 嘉模堂區 官也街')
    const [en] = ok(await resolve('22 Rua do Cunha, Taipa')).table1
    expect(en).toMatchObject({ RegionCode: '820006', Street: 'Rua do Cunha', Precision: 'street', FormattedAddress: 'Rua do Cunha, Nossa Senhora do Carmo, Taipa, Macau' })
    const [senado] = ok(await resolve('Largo do Senado 14')).table1
    expect(senado).toMatchObject({ RegionCode: '820004', Precision: 'street' })
    expect(distanceMetres(senado.Lat, senado.Lng, 22.1936, 113.5399)).toBeLessThan(100)
  })

  test("a region name resolves to its centroid with precision 'region' (a zone's name to its parishes), in any of the three languages", async () => {
    for (const text of ['Sha Tin', '沙田區', '沙田区']) {
      const rows = ok(await resolve(text)).table1
      expect(rows[0]).toMatchObject({ RegionCode: '810016', RegionName: 'Hong Kong, New Territories, Sha Tin', Street: '', Precision: 'region', Provider: 'development' })
    }
    const coloane = ok(await resolve('路環', {}, 'zh-CN')).table1
    expect(coloane.map((p) => [p.RegionCode, p.RegionName, p.Precision])).toEqual([['820008', '澳门 路环 圣方济各堂区', 'region']])
    const peninsula = ok(await resolve('Macau Peninsula')).table1
    expect(peninsula.map((p) => p.RegionCode).sort()).toEqual(['820001', '820002', '820003', '820004', '820005'])
  })

  test('nonsense, and a mainland region (no centroid known), are PLACE_NOT_FOUND: no invented point', async () => {
    // Latin names match whole words only ('Sé' is not in 'house'), and a district called 'North' is not North Point.
    for (const text of ['xyzzy plugh 42', '南山区', 'Calle Falsa 123', 'house 5 Rose street', 'North Point']) {
      const res = await resolve(text)
      expect(res.body.resultcode).toBe(RESULTCODES.PLACE_NOT_FOUND)
      expect(res.body.resultmsg).not.toBe('')
    }
  })

  test('RegionCode keeps the answers inside that region; an unknown region is REGION_NOT_FOUND', async () => {
    expect(ok(await resolve('Rua do Cunha', { RegionCode: '820200' })).table1[0].RegionCode).toBe('820006')
    expect((await resolve('Rua do Cunha', { RegionCode: '820100' })).body.resultcode).toBe(RESULTCODES.PLACE_NOT_FOUND)
    expect((await resolve('Rua do Cunha', { RegionCode: '999999' })).body.resultcode).toBe(RESULTCODES.REGION_NOT_FOUND)
  })

  test('the address is required and at most 200 characters', async () => {
    expect((await resolve('   ')).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect((await resolve('官'.repeat(201))).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect((await resolve(`${'x'.repeat(180)} Rua do Cunha`)).body.resultcode).toBe(RESULTCODES.OK)
  })
})

describe('BaseInfoByGPS', () => {
  test('the place at the point (the point stays the caller’s) and the branches nearest first with their distance', async () => {
    // A few steps from Rua do Cunha, Taipa.
    const point = { Lat: 22.1556, Lng: 113.5563 }
    const data = ok(await server.call('BaseInfoByGPS', [point], { lang: 'zh-TW' }))
    expect(data.table1).toHaveLength(1)
    expect(data.table1[0]).toMatchObject({ Lat: point.Lat, Lng: point.Lng, RegionCode: '820006', RegionName: '澳門 氹仔 嘉模堂區', Street: '官也街', Precision: 'street', Provider: 'development' })
    expect(data.table2.map((b) => b.BaseID)).toEqual(['B202', 'B203', 'B201'])
    const distances = data.table2.map((b) => b.Distance)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances[0]).toBeLessThan(100)
    expect(data.table2[0].BaseName).toBe('蓮香茶室（氹仔店）')
  })

  test("ShopID keeps its branches only; away from any street a leaf region's centroid names the place; off the map, no place but still the branches", async () => {
    const data = ok(await server.call('BaseInfoByGPS', [{ Lat: 22.2, Lng: 113.545, ShopID: 'S101' }]))
    expect(data.table2.map((b) => b.BaseID)).toEqual(['B201', 'B202'])
    expect(data.table1[0]).toMatchObject({ Precision: 'region', Street: '' })
    expect(['820001', '820002', '820003']).toContain(data.table1[0].RegionCode)
    const far = ok(await server.call('BaseInfoByGPS', [{ Lat: 31.23, Lng: 121.47 }]))
    expect(far.table1).toEqual([])
    expect(far.table2).toHaveLength(3)
    expect((await server.call('BaseInfoByGPS', [{ Lat: 22.2, Lng: 113.5, ShopID: 'S999' }])).body.resultcode).toBe(RESULTCODES.SHOP_NOT_FOUND)
  })

  test('latitude and longitude must be on the globe, and a location is required', async () => {
    for (const bad of [{ Lat: 91, Lng: 113 }, { Lat: 22, Lng: 181 }, { Lat: -90.5, Lng: 0 }, { Lat: 0, Lng: 0 }, {}, { Lat: 'north', Lng: 113 }]) {
      expect((await server.call('BaseInfoByGPS', [bad])).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    }
  })
})

describe('the per-address limit', () => {
  test('beyond PLACES_RATE_PER_MINUTE lookups a minute from one client address: RATE_LIMITED, other addresses unaffected', async () => {
    // Behind a trusted proxy, X-Forwarded-For names the client address.
    const limited = await createTestServer({ placesRatePerMinute: 3, trustProxy: true })
    try {
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
      ok(await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], from('203.0.113.7')))
      // A lookup that finds nothing is counted too (the geocoder was asked).
      expect((await limited.call('AddressResolution', [{ Address: 'xyzzy' }], from('203.0.113.7'))).body.resultcode).toBe(RESULTCODES.PLACE_NOT_FOUND)
      ok(await limited.call('BaseInfoByGPS', [{ Lat: 22.15, Lng: 113.55 }], from('203.0.113.7')))
      const refused = await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], from('203.0.113.7'))
      expect(refused.body.errcode).toBe(ERRCODES.RATE_LIMITED)
      expect(refused.status).toBe(429)
      expect((await limited.call('BaseInfoByGPS', [{ Lat: 22.15, Lng: 113.55 }], from('203.0.113.7'))).body.errcode).toBe(ERRCODES.RATE_LIMITED)
      ok(await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], from('198.51.100.20')))
    } finally {
      await limited.close()
    }
  })

  // design.md §4: rate limits live in the database, so server processes on one database act as
  // one. Before, each geocoder instance (each process) counted in its own memory: two processes
  // allowed twice the rate.
  test('one limit across server processes on one database: lookups alternating between two, each with its own geocoder, count together', async () => {
    const limited = await createTestServer({ placesRatePerMinute: 3, trustProxy: true })
    const other = await openOwnProcess(limited)
    try {
      expect(other.providers.geocoding).not.toBe(limited.providers.geocoding)
      const from = (ip: string) => ({ 'x-forwarded-for': ip })
      ok(await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { headers: from('203.0.113.21') }))
      ok(await other.call('BaseInfoByGPS', [{ Lat: 22.15, Lng: 113.55 }], from('203.0.113.21')))
      ok(await limited.call('BaseInfoByGPS', [{ Lat: 22.15, Lng: 113.55 }], { headers: from('203.0.113.21') }))
      const refused = await other.call('AddressResolution', [{ Address: 'Rua do Cunha' }], from('203.0.113.21'))
      expect(refused.body.errcode).toBe(ERRCODES.RATE_LIMITED)
      expect(refused.status).toBe(429)
      expect((await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { headers: from('203.0.113.21') })).body.errcode).toBe(ERRCODES.RATE_LIMITED)
      ok(await other.call('AddressResolution', [{ Address: 'Rua do Cunha' }], from('198.51.100.21')))
    } finally {
      await other.close()
      await limited.close()
    }
  })

  test('parallel lookups from one address on two processes: at most the limit reach the geocoder, and refused ones are not counted', async () => {
    const limited = await createTestServer({ placesRatePerMinute: 3, trustProxy: true })
    const other = await openOwnProcess(limited)
    const asked = { count: 0 }
    for (const geocoder of [limited.providers.geocoding, other.providers.geocoding]) {
      const resolve = geocoder.resolve.bind(geocoder)
      geocoder.resolve = (q) => (asked.count++, resolve(q))
    }
    try {
      const headers = { 'x-forwarded-for': '203.0.113.22' }
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          i % 2 ? other.call('AddressResolution', [{ Address: 'Rua do Cunha' }], headers) : limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { headers })
        )
      )
      const passed = answers.filter((r) => r.body.errcode === '0').length
      expect(answers.filter((r) => r.body.errcode !== '0').every((r) => r.body.errcode === ERRCODES.RATE_LIMITED)).toBe(true)
      expect(passed).toBeLessThanOrEqual(3)
      expect(asked.count).toBe(passed)
      // Only the accepted lookups stay counted (a refused one's row is taken back).
      const rows = await limited.db.selectFrom('geocoder_lookups').select('lookup_id').where('client_ip', '=', '203.0.113.22').execute()
      expect(rows).toHaveLength(passed)
    } finally {
      await other.close()
      await limited.close()
    }
  })

  test('lookups older than the window neither count nor stay: the next lookup deletes them', async () => {
    const limited = await createTestServer({ placesRatePerMinute: 3, trustProxy: true })
    try {
      const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
      const row = (ip: string, at: string) => ({ lookup_id: `test-${randomUUID()}`, client_ip: ip, looked_up_at: at })
      await limited.db
        .insertInto('geocoder_lookups')
        .values([
          ...Array.from({ length: 5 }, () => row('203.0.113.23', ago(PLACES_WINDOW_MS + 1_000))),
          row('198.51.100.23', ago(10 * PLACES_WINDOW_MS)),
          row('198.51.100.24', ago(10_000))
        ])
        .execute()
      const from = { headers: { 'x-forwarded-for': '203.0.113.23' } }
      for (let i = 0; i < 3; i++) ok(await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], from))
      expect((await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], from)).body.errcode).toBe(ERRCODES.RATE_LIMITED)
      const left = await limited.db.selectFrom('geocoder_lookups').select(['client_ip', 'lookup_id']).execute()
      expect(left.filter((r) => r.lookup_id.startsWith('test-')).map((r) => r.client_ip)).toEqual(['198.51.100.24'])
      expect(left.filter((r) => r.client_ip === '203.0.113.23')).toHaveLength(3)
    } finally {
      await limited.close()
    }
  })
})

describe('settings', () => {
  test('GEOCODING_PROVIDER defaults to development; production refuses it unless ALLOW_DEVELOPMENT_PROVIDERS names geocoding', () => {
    expect(loadConfig({}).geocodingProvider).toBe('development')
    expect(buildGeocodingProvider(loadConfig({})).name).toBe('development')
    expect(() => buildGeocodingProvider(loadConfig({ NODE_ENV: 'production' }))).toThrow(DevelopmentProvidersRefused)
    expect(() => buildGeocodingProvider(loadConfig({ NODE_ENV: 'production' }))).toThrow('GEOCODING_PROVIDER=development')
    expect(buildGeocodingProvider(loadConfig({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_PROVIDERS: 'geocoding' })).name).toBe('development')
  })

  test('nominatim needs a contact; NOMINATIM_URL and MAP_TILE_URL must be https (http only for localhost)', () => {
    expect(() => buildGeocodingProvider(loadConfig({ GEOCODING_PROVIDER: 'nominatim' }))).toThrow('NOMINATIM_CONTACT')
    expect(buildGeocodingProvider(loadConfig({ GEOCODING_PROVIDER: 'nominatim', NOMINATIM_CONTACT: 'ops@shop.example', NODE_ENV: 'production' })).name).toBe('nominatim')
    expect(() => loadConfig({ NOMINATIM_URL: 'http://nominatim.example' })).toThrow('NOMINATIM_URL must be an https URL')
    expect(loadConfig({ NOMINATIM_URL: 'http://127.0.0.1:8088/' }).nominatimUrl).toBe('http://127.0.0.1:8088')
    expect(loadConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    expect(loadConfig({}).mapTileAttribution).toBe('© OpenStreetMap contributors')
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' })).toThrow('MAP_TILE_URL must be an https URL')
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow('{z}, {x} and {y}')
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow('MAP_TILE_URL')
    expect(loadConfig({ MAP_TILE_URL: 'http://localhost:9999/tiles/{z}/{x}/{y}.png' }).mapTileUrl).toBe('http://localhost:9999/tiles/{z}/{x}/{y}.png')
  })
})

/** A fake Nominatim on 127.0.0.1: records each request and answers from `answer`. */
async function fakeNominatim(answer: (url: URL) => { status?: number; body: unknown }) {
  const requests: { url: URL; headers: http.IncomingHttpHeaders; at: number }[] = []
  const fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    requests.push({ url, headers: req.headers, at: Date.now() })
    const { status = 200, body } = answer(url)
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
  return { baseUrl, requests, close: () => new Promise<void>((resolve) => fake.close(() => resolve())) }
}

/** Two answers the way Nominatim gives them (format=jsonv2, addressdetails=1). */
const CUNHA = {
  lat: '22.1554011',
  lon: '113.5561234',
  category: 'highway',
  type: 'pedestrian',
  display_name: 'Rua do Cunha, Vila da Taipa, Nossa Senhora do Carmo, Taipa, Macau, China',
  address: { road: 'Rua do Cunha', suburb: 'Nossa Senhora do Carmo', city: 'Taipa', state: 'Macau', country_code: 'mo' }
}
const NANSHAN = {
  lat: '22.5333',
  lon: '113.9304',
  category: 'building',
  type: 'yes',
  display_name: '科技园, 南山区, 深圳市, 广东省, 中国',
  address: { house_number: '8', road: '科苑路', city_district: '南山区', city: '深圳市', state: '广东省', country_code: 'cn' }
}

describe('the Nominatim provider, against a local fake server', () => {
  test('search: its query, language and User-Agent; places mapped to our leaf regions with honest precision', async () => {
    const fake = await fakeNominatim((url) => ({ body: url.pathname === '/search' ? [CUNHA, NANSHAN] : [] }))
    try {
      const provider = new NominatimGeocodingProvider({ baseUrl: fake.baseUrl, contact: 'ops@shop.example', minIntervalMs: 0 })
      const places = await provider.resolve({ text: 'Rua do Cunha', locale: 'zh-TW' })
      expect(fake.requests).toHaveLength(1)
      const { url, headers } = fake.requests[0]
      expect(url.pathname).toBe('/search')
      expect(url.searchParams.get('q')).toBe('Rua do Cunha')
      expect(url.searchParams.get('format')).toBe('jsonv2')
      expect(url.searchParams.get('accept-language')).toMatch(/^zh-TW/)
      expect(headers['user-agent']).toContain('ops@shop.example')
      expect(places).toEqual([
        { lat: 22.1554011, lng: 113.5561234, regionCode: '820006', street: 'Rua do Cunha', formatted: CUNHA.display_name, precision: 'street' },
        { lat: 22.5333, lng: 113.9304, regionCode: '440305', street: '科苑路 8', formatted: NANSHAN.display_name, precision: 'point' }
      ])
      // Kept inside the diner's region.
      expect((await provider.resolve({ text: 'Rua do Cunha', regionCode: '820200', locale: 'en' })).map((p) => p.regionCode)).toEqual(['820006'])
    } finally {
      await fake.close()
    }
  })

  test('a place named only down to an area: its only leaf, or no leaf when the area has several (but still kept inside it)', async () => {
    const taipaOnly = { ...CUNHA, address: { road: 'Rua do Cunha', city: 'Taipa', state: 'Macau', country_code: 'mo' } }
    const peninsulaOnly = { ...CUNHA, lat: '22.2', lon: '113.54', address: { road: 'Rua Central', city: 'Macau Peninsula', country_code: 'mo' } }
    const fake = await fakeNominatim(() => ({ body: [taipaOnly, peninsulaOnly] }))
    try {
      const provider = new NominatimGeocodingProvider({ baseUrl: fake.baseUrl, contact: 'ops@shop.example', minIntervalMs: 0 })
      expect((await provider.resolve({ text: 'x', locale: 'en' })).map((p) => p.regionCode)).toEqual(['820006', ''])
      expect((await provider.resolve({ text: 'x', regionCode: '820100', locale: 'en' })).map((p) => [p.regionCode, p.street])).toEqual([['', 'Rua Central']])
    } finally {
      await fake.close()
    }
  })

  test('reverse keeps the point, names it; an error answer is no place; a server error throws', async () => {
    let reply: { status?: number; body: unknown } = { body: CUNHA }
    const fake = await fakeNominatim(() => reply)
    try {
      const provider = new NominatimGeocodingProvider({ baseUrl: fake.baseUrl, contact: 'ops@shop.example', minIntervalMs: 0 })
      expect(await provider.reverse({ lat: 22.1555, lng: 113.5562 }, 'en')).toMatchObject({ lat: 22.1555, lng: 113.5562, regionCode: '820006', precision: 'street' })
      expect(fake.requests[0].url.pathname).toBe('/reverse')
      expect(fake.requests[0].url.searchParams.get('lat')).toBe('22.1555')
      reply = { body: { error: 'Unable to geocode' } }
      expect(await provider.reverse({ lat: 0.5, lng: -160 }, 'en')).toBeNull()
      reply = { status: 503, body: { error: 'busy' } }
      await expect(provider.resolve({ text: 'x', locale: 'en' })).rejects.toThrow('HTTP 503')
    } finally {
      await fake.close()
    }
  })

  test('never more than one request a second from this process', async () => {
    const fake = await fakeNominatim(() => ({ body: [] }))
    try {
      const provider = new NominatimGeocodingProvider({ baseUrl: fake.baseUrl, contact: 'ops@shop.example' })
      // When each request is sent (not when the fake receives it: a loaded machine delays arrivals unevenly).
      const sent: number[] = []
      const realFetch = globalThis.fetch
      const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((...args: Parameters<typeof fetch>) => {
        sent.push(Date.now())
        return realFetch(...args)
      })
      try {
        await Promise.all([1, 2, 3].map((n) => provider.resolve({ text: `street ${n}`, locale: 'en' })))
      } finally {
        spy.mockRestore()
      }
      expect(fake.requests).toHaveLength(3)
      expect(sent).toHaveLength(3)
      // Timers never fire early (a millisecond of rounding aside).
      expect(sent[1] - sent[0]).toBeGreaterThanOrEqual(995)
      expect(sent[2] - sent[1]).toBeGreaterThanOrEqual(995)
      // A queue longer than maxWaitMs is refused at once, and sends nothing.
      const short = new NominatimGeocodingProvider({ baseUrl: fake.baseUrl, contact: 'ops@shop.example', maxWaitMs: 1500 })
      const outcomes = await Promise.allSettled([1, 2, 3].map((n) => short.resolve({ text: `road ${n}`, locale: 'en' })))
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
      expect(fake.requests).toHaveLength(5)
    } finally {
      await fake.close()
    }
  }, 10_000)

  test('through the gateway: GEOCODING_PROVIDER=nominatim answers AddressResolution with Provider nominatim; none found → PLACE_NOT_FOUND', async () => {
    const fake = await fakeNominatim((url) => ({ body: url.searchParams.get('q') === 'Rua do Cunha' ? [CUNHA] : [] }))
    const nominatim = await createTestServer({ geocodingProvider: 'nominatim', nominatimUrl: fake.baseUrl, nominatimContact: 'ops@shop.example' })
    try {
      const [place] = ok(await nominatim.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { lang: 'zh-TW' })).table1
      expect(place).toMatchObject({ RegionCode: '820006', RegionName: '澳門 氹仔 嘉模堂區', Precision: 'street', Provider: 'nominatim' })
      const none = await nominatim.call('AddressResolution', [{ Address: 'nowhere at all' }])
      expect(none.body.resultcode).toBe(RESULTCODES.PLACE_NOT_FOUND)
    } finally {
      await nominatim.close()
      await fake.close()
    }
  }, 10_000)
})
