/**
 * Choosing and showing a place (issue 16 item 3, client): compose/location-pick through a host's
 * own picker or the H5 map page's hand-back, the map page's store against a scripted gateway,
 * and the hosts' GCJ-02 datum conversions.
 */
import { pickLocation, showLocation } from '../../src/compose/location-pick'
import { hasPickRequest, settlePickRequest } from '../../src/features/places/pick-request'
import { DEFAULT_CENTRE, LocationStore, nudged, pointOf } from '../../src/features/places/location.store'
import { gcj02ToWgs84, wgs84ToGcj02 } from '../../src/hosts/gcj02'
import { GatewayError, type Gateway } from '../../src/gateway/gateway-client'
import type { PlaceRow } from '../../src/gateway/address-rows'
import type { HostPlace } from '../../src/hosts/host'
import { createFakeHost } from './support/fake-host'

const PLACE: HostPlace = { Lat: 22.1937, Lng: 113.5392, Name: 'Senado Square', Address: 'Largo do Senado, Macau' }
const host = (over: Parameters<typeof createFakeHost>[1] = {}) => createFakeHost(() => ({ statusCode: 500, data: '' }), over)

afterEach(() => settlePickRequest(null))

describe('pickLocation', () => {
  test("a mini-program host's own picker answers: its place, near the point given", async () => {
    const asked: unknown[] = []
    const h = host({ chooseLocation: async (near) => (asked.push(near), PLACE) })
    await expect(pickLocation(h, { Lat: 22.2, Lng: 113.55 })).resolves.toEqual(PLACE)
    expect(asked).toEqual([{ Lat: 22.2, Lng: 113.55 }])
    expect(h.navigations).toEqual([])
  })

  test('the host picker cancelled or failing: null, never a rejection', async () => {
    await expect(pickLocation(host({ chooseLocation: async () => null }))).resolves.toBeNull()
    await expect(pickLocation(host({ chooseLocation: () => Promise.reject(new Error('auth deny')) }))).resolves.toBeNull()
  })

  test('H5: opens the map page near the point and resolves with the pin the diner confirms there', async () => {
    const h = host()
    const answer = pickLocation(h, { Lat: 22.2, Lng: 113.55 })
    expect(h.navigations).toEqual(['/pages/location/location?mode=choose&Lat=22.2&Lng=113.55'])
    expect(hasPickRequest()).toBe(true)
    settlePickRequest(PLACE)
    await expect(answer).resolves.toEqual(PLACE)
    expect(hasPickRequest()).toBe(false)
  })

  test('H5: leaving the map page without confirming resolves null; a later confirm changes nothing', async () => {
    const h = host()
    const answer = pickLocation(h)
    expect(h.navigations).toEqual(['/pages/location/location?mode=choose'])
    settlePickRequest(null)
    settlePickRequest(PLACE)
    await expect(answer).resolves.toBeNull()
  })

  test('H5: a second request settles the first with null', async () => {
    const h = host()
    const first = pickLocation(h)
    const second = pickLocation(h)
    await expect(first).resolves.toBeNull()
    settlePickRequest(PLACE)
    await expect(second).resolves.toEqual(PLACE)
  })

  test('H5: a navigation that throws does not leave the caller waiting', async () => {
    const h = host({ navigateTo: () => { throw new Error('page stack full') } })
    await expect(pickLocation(h)).resolves.toBeNull()
    expect(hasPickRequest()).toBe(false)
  })
})

describe('showLocation', () => {
  test("the host's own map when it has one", () => {
    const shown: HostPlace[] = []
    const h = host({ openLocation: (p) => void shown.push(p) })
    showLocation(h, PLACE)
    expect(shown).toEqual([PLACE])
    expect(h.navigations).toEqual([])
  })

  test('H5: the map page in open mode with the name and address', () => {
    const h = host()
    showLocation(h, PLACE)
    expect(h.navigations).toEqual([
      '/pages/location/location?mode=open&Lat=22.1937&Lng=113.5392&Name=Senado%20Square&Address=Largo%20do%20Senado%2C%20Macau'
    ])
  })
})

const placeRow = (over: Partial<PlaceRow> = {}): PlaceRow => ({
  Lat: 22.1937,
  Lng: 113.5392,
  RegionCode: 'MO-SE',
  RegionName: 'Sé',
  Street: 'Largo do Senado',
  FormattedAddress: 'Largo do Senado, Sé, Macau',
  Precision: 'street',
  Provider: 'development',
  ...over
})

type Call = { op: string; record: Record<string, unknown> }
function scriptedGateway(answer: (op: string, record: Record<string, unknown>) => unknown): { gateway: Gateway; calls: Call[] } {
  const calls: Call[] = []
  const gateway = {
    async request(op: string, records: Record<string, unknown>[]) {
      calls.push({ op, record: records[0] })
      const r = answer(op, records[0])
      if (r instanceof Error) throw r
      return r
    }
  } as unknown as Gateway
  return { gateway, calls }
}

const branch = (BaseID: string, Distance: number) => ({ BaseID, BaseName: BaseID, BaseNames: {}, Distance }) as never

describe('LocationStore (the H5 map page)', () => {
  const deps = (over = {}) => ({ locate: async () => null, shopId: () => 'S101', fallbackCentre: () => null, lookupDelayMs: 0, ...over })

  test('a run of moves asks what is there once, for where the pin came to rest', async () => {
    const { gateway, calls } = scriptedGateway(() => ({ table1: [placeRow()], table2: [] }))
    const s = new LocationStore(gateway, deps({ lookupDelayMs: 20 }))
    const moves = [s.moveTo({ Lat: 22.19, Lng: 113.54 }), s.nudge('north'), s.nudge('north'), s.nudge('east')]
    expect(s.point).toEqual(nudged(nudged(nudged({ Lat: 22.19, Lng: 113.54 }, 'north'), 'north'), 'east'))
    await Promise.all(moves)
    expect(calls).toEqual([{ op: 'BaseInfoByGPS', record: { ...s.point, ShopID: 'S101' } }])
    expect(s.placeState).toBe('ready')
  })

  test('a moved pin asks what is there and which branch is nearest; Confirm hands back the place', async () => {
    const { gateway, calls } = scriptedGateway((op) =>
      op === 'BaseInfoByGPS' ? { table1: [placeRow()], table2: [branch('B201', 1234), branch('B202', 3000)] } : { table1: [] }
    )
    const s = new LocationStore(gateway, deps())
    await s.moveTo({ Lat: 22.1937, Lng: 113.5392 })
    expect(calls).toEqual([{ op: 'BaseInfoByGPS', record: { Lat: 22.1937, Lng: 113.5392, ShopID: 'S101' } }])
    expect(s.nearestBranch?.BaseID).toBe('B201')
    expect(s.result).toEqual({ Lat: 22.1937, Lng: 113.5392, Name: 'Largo do Senado', Address: 'Largo do Senado, Sé, Macau' })
    // Ordering from B202: that branch's distance is the one shown.
    const own = new LocationStore(gateway, deps({ baseId: () => 'B202' }))
    await own.moveTo({ Lat: 22.1937, Lng: 113.5392 })
    expect([own.nearestBranch?.BaseID, own.nearestBranch?.Distance]).toEqual(['B202', 3000])
  })

  test('an older answer arriving after a newer move is dropped', async () => {
    const waits: ((v: unknown) => void)[] = []
    const gateway = { request: () => new Promise((r) => waits.push(r)) } as unknown as Gateway
    const s = new LocationStore(gateway, deps())
    const first = s.moveTo({ Lat: 1, Lng: 1 })
    const second = s.moveTo({ Lat: 2, Lng: 2 })
    waits[1]({ table1: [placeRow({ FormattedAddress: 'new' })], table2: [] })
    await second
    waits[0]({ table1: [placeRow({ FormattedAddress: 'old' })], table2: [] })
    await first
    expect(s.place?.FormattedAddress).toBe('new')
    expect(s.point).toEqual({ Lat: 2, Lng: 2 })
  })

  test('the look-up failing leaves the pin confirmable, with no address', async () => {
    const { gateway } = scriptedGateway(() => new GatewayError('network', 'offline', 'BaseInfoByGPS'))
    const s = new LocationStore(gateway, deps())
    await s.moveTo({ Lat: 22.2, Lng: 113.5 })
    expect(s.placeState).toBe('failed')
    expect(s.result).toEqual({ Lat: 22.2, Lng: 113.5, Name: '', Address: '' })
  })

  test('a typed address with one place moves the pin there and keeps its name; several are listed', async () => {
    const one = placeRow({ Lat: 22.15, Lng: 113.56, Street: 'Rua do Cunha', FormattedAddress: 'Rua do Cunha, Taipa' })
    const { gateway, calls } = scriptedGateway((op, r) =>
      op === 'AddressResolution' ? { table1: r.Address === 'cunha' ? [one] : [one, placeRow()] } : { table1: [placeRow({ FormattedAddress: 'geocoded' })], table2: [] }
    )
    const s = new LocationStore(gateway, deps())
    s.setQuery('  cunha ')
    await s.search()
    expect(calls[0]).toEqual({ op: 'AddressResolution', record: { Address: 'cunha' } })
    expect(s.point).toEqual({ Lat: 22.15, Lng: 113.56 })
    expect(s.result?.Address).toBe('Rua do Cunha, Taipa')
    s.setQuery('rua')
    await s.search()
    expect(s.results).toHaveLength(2)
    expect(s.point).toEqual({ Lat: 22.15, Lng: 113.56 })
  })

  test('an address not found (20064) says so and leaves the pin', async () => {
    const { gateway } = scriptedGateway((op) => (op === 'AddressResolution' ? new GatewayError('business', 'not found', 'AddressResolution', '20064') : { table1: [], table2: [] }))
    const s = new LocationStore(gateway, deps())
    await s.start(null)
    s.setQuery('nowhere')
    await s.search()
    expect(s.searchState).toBe('failed')
    expect(s.point).toEqual(DEFAULT_CENTRE)
  })

  test('use my location: moves the pin there, or says it is not available', async () => {
    const { gateway } = scriptedGateway(() => ({ table1: [], table2: [] }))
    const here = new LocationStore(gateway, deps({ locate: async () => ({ Lat: 22.12, Lng: 113.55 }) }))
    await here.useMyLocation()
    expect(here.point).toEqual({ Lat: 22.12, Lng: 113.55 })
    expect(here.locateFailed).toBe(false)
    const refused = new LocationStore(gateway, deps())
    await refused.start({ Lat: 1, Lng: 2 })
    await refused.useMyLocation()
    expect(refused.locateFailed).toBe(true)
    expect(refused.point).toEqual({ Lat: 1, Lng: 2 })
  })

  test("opens at the caller's point, else the branch's, else Macau", async () => {
    const { gateway } = scriptedGateway(() => ({ table1: [], table2: [] }))
    const branchFirst = new LocationStore(gateway, deps({ fallbackCentre: () => ({ Lat: 22.3, Lng: 114.1 }) }))
    await branchFirst.start(null)
    expect(branchFirst.point).toEqual({ Lat: 22.3, Lng: 114.1 })
    await branchFirst.start({ Lat: 22.1, Lng: 113.5 })
    expect(branchFirst.point).toEqual({ Lat: 22.1, Lng: 113.5 })
  })

  test("tiles: the server's 'tiles' link with its attribution; none or a failure leaves the page without pictures", async () => {
    const withTiles = new LocationStore(
      scriptedGateway(() => ({ table1: [{ LinkType: 'api', Url: 'x' }, { LinkType: 'tiles', Url: 'http://t/{z}/{x}/{y}.png', Attribution: '© OSM' }] })).gateway,
      deps()
    )
    await withTiles.loadTiles()
    expect(withTiles.tiles).toEqual({ Url: 'http://t/{z}/{x}/{y}.png', Attribution: '© OSM' })
    const none = new LocationStore(scriptedGateway(() => ({ table1: [{ LinkType: 'api', Url: 'x' }] })).gateway, deps())
    await none.loadTiles()
    expect(none.tiles).toBeNull()
    const failed = new LocationStore(scriptedGateway(() => new GatewayError('network', 'offline', 'ServiceLinkGet')).gateway, deps())
    await failed.loadTiles()
    expect([failed.tiles, failed.tilesState]).toEqual([null, 'failed'])
  })
})

describe('pin moves and query points', () => {
  test('a nudge moves the pin about 50 m', () => {
    const p = { Lat: 22.2, Lng: 113.5 }
    const north = nudged(p, 'north')
    expect((north.Lat - p.Lat) * 111_320).toBeCloseTo(50, 0)
    const east = nudged(p, 'east')
    expect((east.Lng - p.Lng) * 111_320 * Math.cos((22.2 * Math.PI) / 180)).toBeCloseTo(50, 0)
    expect(nudged(nudged(p, 'west'), 'east').Lng).toBeCloseTo(113.5, 5)
  })

  test("the page's query: numbers in range, else none", () => {
    expect(pointOf('22.2', '113.5')).toEqual({ Lat: 22.2, Lng: 113.5 })
    expect(pointOf('', '113.5')).toBeNull()
    expect(pointOf('91', '0')).toBeNull()
    expect(pointOf('abc', '1')).toBeNull()
  })
})

describe("the hosts' map datum (GCJ-02)", () => {
  test('a point in Macau moves a few hundred metres and comes back to within a millimetre', () => {
    const wgs = { Lat: 22.1937, Lng: 113.5392 }
    const gcj = wgs84ToGcj02(wgs)
    const shift = Math.hypot((gcj.Lat - wgs.Lat) * 111_320, (gcj.Lng - wgs.Lng) * 111_320 * Math.cos((22.19 * Math.PI) / 180))
    expect(shift).toBeGreaterThan(200)
    expect(shift).toBeLessThan(800)
    const back = gcj02ToWgs84(gcj)
    expect(Math.abs(back.Lat - wgs.Lat) * 111_320).toBeLessThan(0.001)
    expect(Math.abs(back.Lng - wgs.Lng) * 111_320).toBeLessThan(0.001)
  })

  test('outside China nothing changes', () => {
    expect(wgs84ToGcj02({ Lat: 51.5, Lng: -0.12 })).toEqual({ Lat: 51.5, Lng: -0.12 })
  })
})
