/**
 * Red-team review of issue 16 (addresses, regions, places, a branch's page and tables), attacked
 * through the gateway only (app.inject) as a stranger, as a guest and as a signed-in member of
 * another account or enterprise: another member's addresses, odd and huge input, races on the
 * address book, the geocoder as an amplifier, information leaks from the branch operations, the
 * order's snapshot and what the shop's ticket prints, and the delivery range. SQLite, and
 * PostgreSQL with DATABASE_URL.
 *
 * Tests named "found:" failed before their fix (docs/security.md "Issue 16"); every other test is
 * an attack that was already refused, kept as a guard against regression.
 */
import { randomBytes } from 'node:crypto'
import type { VipAddressRow } from '../../src/gateway/address-rows'
import { MAX_ADDRESSES } from '../../src/gateway/address-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import type { DeliveryInput } from '../../src/gateway/order-rows'
import { kitchenTicket } from '../../server/src/domain/orders/order-view'
import { shopOrder } from '../../server/src/domain/orders/order.service'
import { seedEnterprise, type EnterpriseSeed } from '../../server/src/storage/seed'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { B201, device, openAllDay, orderCounts, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { openOwnProcess } from './helpers/own-process'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer
/** A second server whose geocoder limit is small (3 a minute); forwarded addresses, so each test counts from an address of its own. */
let limited: TestServer

const OTHER: EnterpriseSeed = {
  entId: 'E2016',
  names: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Elsewhere' },
  settings: { Currency: 'MOP', TimeZone: 'Asia/Macau' },
  serviceLinks: {},
  shops: [
    {
      shopId: 'S916',
      code: '916',
      names: { 'zh-CN': '别家店', 'zh-TW': '別家店', en: 'Elsewhere shop' },
      user: { userId: 'U9161', userName: 'web', userCode: 'WEB916' },
      posType: 2,
      qrCode: 'QR-S916',
      address: '',
      phone: '',
      params: {},
      bases: [
        {
          baseId: 'B916',
          code: '916',
          names: { 'zh-CN': '别家一号', 'zh-TW': '別家一號', en: 'Elsewhere 1' },
          businessMode: '0',
          cyType: '0',
          weekday: '1,2,3,4,5,6,7',
          beginTime: '',
          endTime: '',
          dtbDuration: 0,
          cookingTimeDuration: 0,
          webOrderDuration: 0,
          address: '',
          phone: '',
          lat: 22.19,
          lng: 113.54,
          params: {},
          tables: [{ tableId: 'B916-T01', code: 'T01', names: { 'zh-CN': 'T01', 'zh-TW': 'T01', en: 'T01' }, qrCode: 'QR-SECRET-T01' }]
        }
      ]
    },
    {
      shopId: 'S917',
      code: '917',
      names: { 'zh-CN': '停业', 'zh-TW': '停業', en: 'Disabled shop' },
      user: { userId: 'U9171', userName: 'web', userCode: 'WEB917' },
      posType: 2,
      qrCode: 'QR-S917',
      address: '',
      phone: '',
      isEnable: false,
      params: {},
      bases: [
        {
          baseId: 'B917',
          code: '917',
          names: { 'zh-CN': '停业店', 'zh-TW': '停業店', en: 'Closed branch' },
          businessMode: '0',
          cyType: '0',
          weekday: '1,2,3,4,5,6,7',
          beginTime: '',
          endTime: '',
          dtbDuration: 0,
          cookingTimeDuration: 0,
          webOrderDuration: 0,
          address: '',
          phone: '',
          lat: 22.19,
          lng: 113.54,
          params: {},
          tables: [{ tableId: 'B917-T01', code: 'T01', names: { 'zh-CN': 'T01', 'zh-TW': 'T01', en: 'T01' }, qrCode: 'QR-SECRET-T02' }]
        }
      ]
    }
  ]
}

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  await seedEnterprise(server.db, OTHER)
  limited = await createTestServer({ placesRatePerMinute: 3, trustProxy: true }, { demoMenus: true })
  await openAllDay(limited.db)
}, 60_000)
afterAll(async () => {
  await server?.close()
  await limited?.close()
})

const SE = '820004'
const COLOANE = '820008'
// Senado Square branch (B201) delivers within 5 km.
const B201_AT = { lat: 22.1936, lng: 113.5399 }
const north = (metres: number) => ({ Lat: B201_AT.lat + metres / 111_195, Lng: B201_AT.lng })

const address = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  Contact: 'Ana Lei',
  AreaNo: '853',
  Phone: '66123456',
  RegionCode: SE,
  Street: 'Rua Central',
  HouseNo: '5',
  Detail: '3/F A',
  Tag: 'home',
  ...north(800),
  ...over
})
const add = (s: TestServer | { call: TestServer['call'] }, m: TestMember, over: Record<string, unknown> = {}) => s.call('VipAddressAdd', [address(over)], { headers: m.headers })
const save = async (m: TestMember, over: Record<string, unknown> = {}): Promise<VipAddressRow> => ok(await add(server, m, over)).table1[0]
const rowsOf = (m: TestMember) => server.db.selectFrom('vip_addresses').selectAll().where('vip_id', '=', m.vipId).execute()
const codes = (res: { body: { errcode: string; resultcode: string } }) => [res.body.errcode, res.body.resultcode]
const placement = (delivery: DeliveryInput | undefined, extra = {}) => takeaway([soupLine('2')], { ServiceType: 'delivery', Delivery: delivery, ...extra })
const submit = (s: { call: TestServer['call'] }, headers: Record<string, string>, delivery: DeliveryInput | undefined, extra = {}) =>
  s.call('OrderSubmit', [{ ...placement(delivery, extra), RequestKey: requestKey() }], { headers })
const withAddress = (AddressID: string, over: Partial<DeliveryInput> = {}): DeliveryInput => ({ AddressID, Contact: '', Phone: '', Address: '', Lat: 0, Lng: 0, ...over })

describe("another member's addresses", () => {
  test('by id (get, update, delete, order): the same 20061 as an id nobody has; nothing changes', async () => {
    const [owner, thief] = [await makeMember(server.db), await makeMember(server.db)]
    const theirs = await save(owner)
    const before = await rowsOf(owner)
    const guesses = [theirs.AddressID, `A${randomBytes(8).toString('hex')}`, theirs.AddressID.toLowerCase(), ` ${theirs.AddressID} `, `${theirs.AddressID}%`, `${theirs.AddressID}' OR '1'='1`]
    const messages = new Set<string>()
    for (const AddressID of guesses) {
      for (const res of [
        await server.call('VipAddressGet', [{ AddressID }], { headers: thief.headers }),
        await server.call('VipAddressUpdate', [{ ...address({ Street: 'Stolen' }), AddressID, IsDefault: 1 }], { headers: thief.headers }),
        await server.call('VipAddressDelete', [{ AddressID }], { headers: thief.headers }),
        await submit(server, thief.headers, withAddress(AddressID)),
        await server.call('OrderPricePreview', [{ ...placement(withAddress(AddressID)) }], { headers: thief.headers })
      ]) {
        expect(codes(res)).toEqual(['0', RESULTCODES.ADDRESS_NOT_FOUND])
        messages.add(res.body.resultmsg)
      }
    }
    // One message for all: nothing confirms that an id exists.
    expect(messages.size).toBe(1)
    expect(await rowsOf(owner)).toEqual(before)
    expect(await rowsOf(thief)).toEqual([])
  })

  test("by VipID: the list refuses another's VipID (10007) and never lists theirs", async () => {
    const [owner, thief] = [await makeMember(server.db), await makeMember(server.db)]
    await save(owner)
    for (const VipID of [owner.vipId, owner.vipId.toLowerCase(), `${owner.vipId} `]) {
      const res = await server.call('VipAddressListByPage', [{ VipID, PageIndex: 1, PageSize: 999 }], { headers: thief.headers })
      expect(res.body.errcode).toBe('10007')
      expect(res.body.data?.table1).toBeUndefined()
    }
    expect(ok(await server.call('VipAddressListByPage', [{ VipID: thief.vipId }], { headers: thief.headers })).table1).toEqual([])
    // A UserID / VipID in the record never chooses the member (the token does).
    expect(ok(await server.call('VipAddressListByPage', [{ UserID: owner.vipId }], { headers: thief.headers })).table1).toEqual([])
  })

  test('without a session, or with a session of another enterprise: errcode 10010, or not found there', async () => {
    const owner = await makeMember(server.db)
    const theirs = await save(owner)
    const guest = device()
    expect((await server.call('VipAddressGet', [{ AddressID: theirs.AddressID }], { headers: guest.headers })).body.errcode).toBe('10010')
    expect((await server.call('VipAddressAdd', [address()], { headers: guest.headers })).body.errcode).toBe('10010')
    // A guest (device only) order naming a saved address: 20061, nothing written.
    const before = await orderCounts(server.db)
    expect(codes(await submit(server, guest.headers, withAddress(theirs.AddressID)))).toEqual(['0', RESULTCODES.ADDRESS_NOT_FOUND])
    expect(await orderCounts(server.db)).toEqual(before)
    // The owner's token sent to the other enterprise is no session there.
    expect((await server.call('VipAddressGet', [{ AddressID: theirs.AddressID }], { headers: owner.headers, entId: OTHER.entId })).body.errcode).toBe('10010')
    // A member of the other enterprise names it: not found, in its own enterprise and in ours.
    const stranger = await makeMember(server.db, { entId: OTHER.entId })
    expect(codes(await server.call('VipAddressGet', [{ AddressID: theirs.AddressID }], { headers: stranger.headers, entId: OTHER.entId }))).toEqual([
      '0',
      RESULTCODES.ADDRESS_NOT_FOUND
    ])
    expect((await server.call('VipAddressGet', [{ AddressID: theirs.AddressID }], { headers: stranger.headers })).body.errcode).toBe('10010')
    const otherOrder = await server.call(
      'OrderSubmit',
      [{ ShopID: 'S916', BaseID: 'B916', ServiceType: 'delivery', AppointedTime: '', Lines: [], Delivery: withAddress(theirs.AddressID), RequestKey: requestKey() }],
      { headers: stranger.headers, entId: OTHER.entId }
    )
    expect(otherOrder.status).toBeLessThan(500)
    expect(otherOrder.body.data?.table1).toBeUndefined()
    expect(await orderCounts(server.db)).toEqual(before)
  })
})

describe('request keys and points of other members and enterprises', () => {
  test("another member's RequestKey adds an address of one's own, never answers theirs", async () => {
    const [owner, other] = [await makeMember(server.db), await makeMember(server.db)]
    const RequestKey = `rk-${randomBytes(8).toString('hex')}`
    const theirs = ok(await server.call('VipAddressAdd', [{ ...address(), RequestKey }], { headers: owner.headers })).table1[0]
    const mine = ok(await server.call('VipAddressAdd', [{ ...address({ Contact: 'Other' }), RequestKey }], { headers: other.headers })).table1[0]
    expect(mine.AddressID).not.toBe(theirs.AddressID)
    expect(mine).toMatchObject({ VipID: other.vipId, Contact: 'Other' })
  })

  test("BaseInfoByGPS lists the enterprise's own open branches only; another enterprise's shop is 20003 and not counted", async () => {
    const near = ok(await server.call('BaseInfoByGPS', [{ Lat: 22.19, Lng: 113.54 }])).table2.map((b: { BaseID: string }) => b.BaseID)
    expect(near).toContain(B201)
    expect(near).not.toContain('B916')
    expect(near).not.toContain('B917')
    expect(codes(await server.call('BaseInfoByGPS', [{ Lat: 22.19, Lng: 113.54, ShopID: 'S916' }]))).toEqual(['0', RESULTCODES.SHOP_NOT_FOUND])
    const theirs = ok(await server.call('BaseInfoByGPS', [{ Lat: 22.19, Lng: 113.54 }], { entId: OTHER.entId })).table2.map((b: { BaseID: string }) => b.BaseID)
    expect(theirs).toEqual(['B916'])
  })
})

describe('odd and huge input', () => {
  test('address fields: huge, wrongly typed, control characters, bad coordinates → 10007, never 5xx, nothing saved', async () => {
    const m = await makeMember(server.db)
    const bad: Record<string, unknown>[] = [
      { Street: 'x'.repeat(10_000) },
      { Street: '街'.repeat(121) },
      { Street: '😀'.repeat(121) },
      { Street: ['Rua Central'] },
      { Street: { a: 1 } },
      { Contact: '' },
      { Contact: '   ' },
      { Contact: 'Ana\u0000Lei' },
      { Street: 'Rua\nCentral' },
      { Detail: 'Flat\r\nA' },
      { Tag: 'x\u001b[2J' },
      { Lat: 91 },
      { Lat: -90.5 },
      { Lng: 181 },
      { Lat: 'NaN' },
      { Lat: 'Infinity' },
      { Lat: 1e308 },
      { Lat: '22.19; drop table' },
      { Lat: [22.19] },
      { IsDefault: 2 },
      { IsDefault: 'yes' },
      { AreaNo: ['853'] },
      { Phone: 'x'.repeat(10_000) }
    ]
    for (const over of bad) {
      const res = await add(server, m, over)
      expect(res.status).toBeLessThan(500)
      expect([res.body.errcode, res.body.data?.table1]).toEqual(['10007', undefined])
    }
    expect(await rowsOf(m)).toEqual([])
  })

  test('regions and phones that are not ours: 20063 / 20036, never 5xx', async () => {
    const m = await makeMember(server.db)
    for (const RegionCode of ['', '.', '%', '_', '820000', '820200', "820004' OR '1'='1", '820004\u0000', 'x'.repeat(33), '８２０００４x']) {
      const res = await add(server, m, { RegionCode })
      expect(res.status).toBeLessThan(500)
      expect(res.body.errcode === '10007' || res.body.resultcode === RESULTCODES.REGION_NOT_FOUND).toBe(true)
    }
    for (const [AreaNo, Phone] of [['853', '12345678'], ['999', '66123456'], ['853', '6612345678901'], ['853', '٦٦١٢٣٤٥٦']]) {
      expect(codes(await add(server, m, { AreaNo, Phone }))).toEqual(['0', RESULTCODES.PHONE_INVALID])
    }
    expect(await rowsOf(m)).toEqual([])
  })

  test('found: a phone typed in full-width digits (a Chinese keyboard) is the same phone', async () => {
    const m = await makeMember(server.db)
    const saved = await save(m, { AreaNo: '８５３', Phone: '６６１２ ３４５６' })
    expect([saved.AreaNo, saved.Phone]).toEqual(['853', '66123456'])
  })

  test('unicode, RTL and emoji within the limits are kept exactly (limits count code points)', async () => {
    const m = await makeMember(server.db)
    const street = `${'😀'.repeat(60)}${'街'.repeat(60)}`
    const saved = await save(m, { Contact: 'مريم لي', Street: street, Detail: '３樓Ａ', HouseNo: '٥', Tag: '🏠' })
    expect(saved).toMatchObject({ Contact: 'مريم لي', Street: street, Detail: '３樓Ａ', HouseNo: '٥', Tag: '🏠' })
    expect(ok(await server.call('VipAddressGet', [{ AddressID: saved.AddressID }], { headers: m.headers })).table1[0].Street).toBe(street)
  })

  test('found: line and paragraph separators, C1 controls and bidi overrides are refused in address fields too', async () => {
    const m = await makeMember(server.db)
    for (const odd of ['\u0085', '\u2028', '\u2029', '\u009b2J', '\u202e', '\u2066']) {
      const res = await add(server, m, { Street: `Rua${odd}Central` })
      expect([res.body.errcode, res.body.data?.table1]).toEqual(['10007', undefined])
    }
    expect(await rowsOf(m)).toEqual([])
  })

  test('AreaBatchSelect: 1000 parents, odd codes, wrong types → 10007 or 20063, never 5xx; "" is level 1', async () => {
    const level1 = ok(await server.call('AreaBatchSelect', [{ ParentCodes: [''] }])).table1
    expect(level1[0]).toMatchObject({ AreaCode: '820000', Level: 1 })
    const tries: unknown[] = [
      Array.from({ length: 1000 }, () => '820000'),
      Array.from({ length: 1000 }, () => '').join(','),
      ['.'],
      ['%'],
      ['_'],
      ["820000' OR '1'='1"],
      ['x'.repeat(10_000)],
      [{ a: 1 }],
      [['820000']],
      { 0: '820000' },
      '8'.repeat(100_000),
      ['__proto__'],
      ['constructor'],
      ['toString']
    ]
    for (const ParentCodes of tries) {
      const res = await server.call('AreaBatchSelect', [{ ParentCodes }])
      expect(res.status).toBeLessThan(500)
      expect(res.body.errcode === '10007' || res.body.resultcode === RESULTCODES.REGION_NOT_FOUND).toBe(true)
    }
  })

  test('AddressResolution and BaseInfoByGPS: odd coordinates and text → 10007 / 20063 / 20064, never 5xx', async () => {
    for (const [Lat, Lng] of [[91, 113], [-91, 113], [22, 181], ['NaN', 113], ['Infinity', 113], [1e308, 0], [[22], 113], ['0x16', 113], [0, 0], ['', '']]) {
      const res = await server.call('BaseInfoByGPS', [{ Lat, Lng }])
      expect(res.status).toBeLessThan(500)
      expect(res.body.errcode).toBe('10007')
    }
    for (const [Address, RegionCode] of [['x'.repeat(10_000), ''], [['Rua do Cunha'], ''], ['', ''], ['Rua do Cunha', '%'], ['Rua do Cunha', '.'], ['\u0000', '']]) {
      const res = await server.call('AddressResolution', [{ Address, RegionCode }])
      expect(res.status).toBeLessThan(500)
      expect(res.body.data?.table1).toBeUndefined()
    }
    expect(codes(await server.call('AddressResolution', [{ Address: '%_%' }]))).toEqual(['0', RESULTCODES.PLACE_NOT_FOUND])
  })
})

describe('races on the address book', () => {
  test(`${MAX_ADDRESSES + 10} adds at once from two processes: exactly ${MAX_ADDRESSES} kept, one default, the rest 20062`, async () => {
    const second = await server.openSecondInstance()
    const m = await makeMember(server.db)
    const answers = await Promise.all(Array.from({ length: MAX_ADDRESSES + 10 }, (_, i) => add(i % 2 ? second : server, m, { Street: `Rua ${i}`, IsDefault: i % 3 === 0 ? 1 : 0 })))
    expect(answers.filter((r) => r.body.resultcode === '0')).toHaveLength(MAX_ADDRESSES)
    expect(answers.filter((r) => r.body.resultcode === RESULTCODES.ADDRESS_LIMIT_REACHED)).toHaveLength(10)
    const rows = await rowsOf(m)
    expect(rows).toHaveLength(MAX_ADDRESSES)
    expect(rows.filter((r) => Number(r.is_default) === 1)).toHaveLength(1)
  })

  test('default switches, hand-offs and deletes at once never leave 0 or 2 defaults', async () => {
    const second = await server.openSecondInstance()
    const m = await makeMember(server.db)
    const saved: VipAddressRow[] = []
    for (let i = 0; i < 6; i++) saved.push(await save(m, { Street: `Rua ${i}` }))
    const update = (s: { call: TestServer['call'] }, a: VipAddressRow, IsDefault: 0 | 1) =>
      s.call('VipAddressUpdate', [{ ...address({ Street: a.Street }), AddressID: a.AddressID, IsDefault }], { headers: m.headers })
    for (let round = 0; round < 3; round++) {
      const rows = await rowsOf(m)
      const current = rows.find((r) => Number(r.is_default) === 1)!
      await Promise.all([
        ...saved.map((a, i) => update(i % 2 ? second : server, a, 1)),
        update(server, { ...saved[0], AddressID: current.address_id, Street: current.street }, 0),
        update(second, { ...saved[0], AddressID: current.address_id, Street: current.street }, 0)
      ])
      expect((await rowsOf(m)).filter((r) => Number(r.is_default) === 1)).toHaveLength(1)
    }
    // Delete everything but one while switching: still exactly one default.
    await Promise.all([...saved.slice(1).map((a, i) => (i % 2 ? second : server).call('VipAddressDelete', [{ AddressID: a.AddressID }], { headers: m.headers })), update(second, saved[3], 1)])
    const left = await rowsOf(m)
    expect(left.length).toBeGreaterThanOrEqual(1)
    expect(left.filter((r) => Number(r.is_default) === 1)).toHaveLength(1)
  })

  test('an address deleted while an order is placed with it: the order has its snapshot, or 20061; never half an order', async () => {
    const m = await makeMember(server.db)
    for (let i = 0; i < 4; i++) {
      const a = await save(m, { Street: `Rua Central ${i}` })
      const [placed, deleted] = await Promise.all([submit(server, m.headers, withAddress(a.AddressID)), server.call('VipAddressDelete', [{ AddressID: a.AddressID }], { headers: m.headers })])
      ok(deleted)
      if (placed.body.resultcode === '0') {
        const order = placed.body.data.table1[0]
        expect(order).toMatchObject({ AddressID: a.AddressID, Contact: 'Ana Lei', Phone: '+853 66123456' })
        expect(order.Address).toContain(`Rua Central ${i}`)
      } else expect(codes(placed)).toEqual(['0', RESULTCODES.ADDRESS_NOT_FOUND])
    }
  })
})

describe('the geocoder as an amplifier', () => {
  const spy = (s: Pick<TestServer, 'providers'>) => {
    const geocoder = s.providers.geocoding
    const calls = { resolve: 0, reverse: 0 }
    const resolve = geocoder.resolve.bind(geocoder)
    const reverse = geocoder.reverse.bind(geocoder)
    geocoder.resolve = (q) => (calls.resolve++, resolve(q))
    geocoder.reverse = (p, l) => (calls.reverse++, reverse(p, l))
    return {
      calls,
      restore() {
        geocoder.resolve = resolve
        geocoder.reverse = reverse
      }
    }
  }

  test('found: typed delivery addresses in previews and orders count in the per-address limit (a stranger could make the server geocode without end)', async () => {
    const s = spy(limited)
    try {
      const stranger = { headers: { ...device().headers, 'X-Forwarded-For': '10.16.0.1' } }
      const typed: DeliveryInput = { Contact: 'X', Phone: '66123456', Address: 'Rua do Cunha 22', Lat: 0, Lng: 0 }
      for (let i = 0; i < 10; i++) {
        const res = await limited.call('OrderPricePreview', [{ ...placement({ ...typed, Address: `Rua do Cunha ${i}` }) }], { headers: stranger.headers })
        expect(res.status).toBeLessThan(500)
      }
      for (let i = 0; i < 5; i++) await submit(limited, stranger.headers, { ...typed, Address: `Rua do Cunha ${i}` })
      expect(s.calls.resolve).toBe(3)
      // And the same address's lookups are used up for AddressResolution too; another address is not held up.
      expect((await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { headers: stranger.headers })).body.errcode).toBe('10009')
      ok(await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { headers: { 'X-Forwarded-For': '10.16.0.2' } }))
      // Beyond the limit an unlocated address is not measured: LOCATION_REQUIRED, never an order at a guessed fee.
      const res = await limited.call('OrderPricePreview', [{ ...placement(typed) }], { headers: stranger.headers })
      expect(codes(res)).toEqual(['0', RESULTCODES.LOCATION_REQUIRED])
    } finally {
      s.restore()
    }
  })

  test('found: addresses saved without a location count in the per-address limit (fresh guest members could geocode without end)', async () => {
    const s = spy(limited)
    try {
      const located: number[] = []
      for (let g = 0; g < 4; g++) {
        const dev = { 'X-Device-Key': `rt16-${randomBytes(12).toString('hex')}`, 'X-Forwarded-For': '10.16.1.1' }
        const token = ok(await limited.call('GuestRegister', [{}], { headers: dev })).table1[0].Token
        const headers = { ...dev, Authorization: `Bearer ${token}` }
        for (let i = 0; i < 3; i++) {
          // Saving never fails for the geocoder: beyond the limit the address is saved unlocated.
          const saved = ok(await limited.call('VipAddressAdd', [address({ Street: `Rua do Cunha ${g}${i}`, Lat: 0, Lng: 0, RegionCode: '820006' })], { headers })).table1[0]
          located.push(saved.Lat)
          ok(await limited.call('VipAddressUpdate', [{ ...address({ Street: `Rua do Cunha ${g}${i}x`, Lat: 0, Lng: 0, RegionCode: '820006' }), AddressID: saved.AddressID }], { headers }))
        }
      }
      expect(s.calls.resolve).toBe(3)
      // The first add, its update and the second add were located (Rua do Cunha is a demo street); the rest saved unlocated.
      expect(located.map((lat) => lat !== 0)).toEqual([true, true, ...Array(10).fill(false)])
    } finally {
      s.restore()
    }
  })

  test('found: the limit was per server process (N processes allowed N × the rate); the address book, orders and the place operations now share one count in the database', async () => {
    const other = await openOwnProcess(limited)
    const spies = [spy(limited), spy(other)]
    try {
      const m = await makeMember(limited.db)
      const member = { ...m.headers, 'X-Forwarded-For': '10.16.2.1' }
      const stranger = { ...device().headers, 'X-Forwarded-For': '10.16.2.1' }
      const typed: DeliveryInput = { Contact: 'X', Phone: '66123456', Address: 'Rua do Cunha 22', Lat: 0, Lng: 0 }
      const unlocated = address({ Street: 'Rua do Cunha', HouseNo: '22', Lat: 0, Lng: 0, RegionCode: '820006' })
      ok(await other.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { 'X-Forwarded-For': '10.16.2.1' }))
      expect(ok(await limited.call('VipAddressAdd', [unlocated], { headers: member })).table1[0].Lat).not.toBe(0)
      expect(codes(await other.call('OrderPricePreview', [{ ...placement(typed) }], stranger))[1]).not.toBe(RESULTCODES.LOCATION_REQUIRED)
      // Three lookups on two processes: the limit is reached for both.
      expect(ok(await limited.call('VipAddressAdd', [unlocated], { headers: member })).table1[0].Lat).toBe(0)
      expect(codes(await other.call('OrderPricePreview', [{ ...placement(typed) }], stranger))).toEqual(['0', RESULTCODES.LOCATION_REQUIRED])
      expect((await limited.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { headers: stranger })).body.errcode).toBe('10009')
      expect((await other.call('BaseInfoByGPS', [north(100)], { 'X-Forwarded-For': '10.16.2.1' })).body.errcode).toBe('10009')
      // Only those three reached a geocoder (each process has its own).
      expect(spies.map((s) => s.calls.resolve + s.calls.reverse)).toEqual([1, 2])
    } finally {
      for (const s of spies) s.restore()
      await other.close()
    }
  })

  test('X-Forwarded-For does not buy more lookups without TRUST_PROXY', async () => {
    const fresh = await createTestServer({ placesRatePerMinute: 3 })
    try {
      const answers = []
      for (let i = 0; i < 6; i++) answers.push(await fresh.call('AddressResolution', [{ Address: 'Rua do Cunha' }], { headers: { 'X-Forwarded-For': `198.51.100.${i + 1}`, 'X-Real-IP': `198.51.100.${i + 1}` } }))
      expect(answers.map((r) => r.body.errcode)).toEqual(['0', '0', '0', '10009', '10009', '10009'])
      expect(answers[3].status).toBe(429)
      // BaseInfoByGPS shares the count.
      expect((await fresh.call('BaseInfoByGPS', [north(100)], { headers: { 'X-Forwarded-For': '203.0.113.9' } })).body.errcode).toBe('10009')
    } finally {
      await fresh.close()
    }
  })
})

describe('what the branch operations tell', () => {
  test('TableListByPage and ShopBaseDetailGet never hand out a QR code; another enterprise, a disabled shop and an unknown branch read alike', async () => {
    const qr = (await server.db.selectFrom('dining_tables').select('qr_code').execute()).map((r) => r.qr_code).filter((c): c is string => !!c)
    expect(qr.length).toBeGreaterThan(10)
    const list = await server.call('TableListByPage', [{ BaseID: B201, PageSize: 1000 }])
    const detail = await server.call('ShopBaseDetailGet', [{ BaseID: B201 }])
    for (const res of [list, detail]) {
      ok(res)
      for (const code of qr) expect(res.text).not.toContain(encodeURIComponent(code))
    }
    expect(Object.keys(list.body.data.table1[0]).sort()).toEqual(['BaseID', 'ShopID', 'TableCode', 'TableID', 'TableName'])
    const messages = new Set<string>()
    for (const BaseID of ['B916', 'B917', 'B999', 'b201', `${B201}%`, '%']) {
      for (const op of ['TableListByPage', 'ShopBaseDetailGet'] as const) {
        const res = await server.call(op, [{ BaseID }])
        expect(codes(res)).toEqual(['0', RESULTCODES.BASE_NOT_FOUND])
        messages.add(res.body.resultmsg)
      }
    }
    expect(messages.size).toBe(1)
    // In its own enterprise the disabled shop's branch is not found either.
    expect(codes(await server.call('TableListByPage', [{ BaseID: 'B917' }], { entId: OTHER.entId }))).toEqual(['0', RESULTCODES.BASE_NOT_FOUND])
  })

  test('paging beyond the end, huge or wrong: an empty page or 10007, never 5xx', async () => {
    const tables = await server.db.selectFrom('dining_tables').select('table_id').where('base_id', '=', B201).execute()
    expect(tables.length).toBeGreaterThan(0)
    for (const page of [{ PageIndex: Number.MAX_SAFE_INTEGER, PageSize: 1000 }, { PageIndex: 2 ** 40, PageSize: 1000 }, { PageIndex: 0 }, { PageSize: 1001 }, { PageIndex: -1 }, { PageIndex: 1.5 }, { PageIndex: 'NaN' }]) {
      const res = await server.call('TableListByPage', [{ BaseID: B201, ...page }])
      expect(res.status).toBeLessThan(500)
      // Far past the end: an empty page (with the total); nonsense: 10007.
      if (page.PageSize === 1000) expect([res.body.errcode, res.body.data.table1, res.body.data.table2[0].Total]).toEqual(['0', [], tables.length])
      else expect(res.body.errcode).toBe('10007')
    }
  })
})

describe('the order keeps what was ordered; the ticket prints it safely', () => {
  test('found: newlines and control characters typed into a delivery cannot forge lines on the kitchen ticket or the orders CLI', async () => {
    const dev = device()
    const res = await submit(
      server,
      dev.headers,
      { Contact: 'Ana\n    9. Lobster × 10  0.00', Phone: '66123456\r\n  Paid: yes', Address: 'Rua do Cunha 22\u001b[2J\u001b]0;pwned\u0007\u0085\u2028Fake line\u202eesrever', Lat: 22.1565, Lng: 113.5587 },
      { Remarks: 'no onion\n  Remark: free\u0007' }
    )
    const order = ok(res).table1[0]
    const view = await shopOrder(server.db, order.SheetID, 'en', new Date())
    const ticket = kitchenTicket(view.order, view.lines, view.branch ?? undefined)
    const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
    for (const line of ticket) expect(line).not.toMatch(unsafe)
    expect(ticket.filter((l) => l.startsWith('  Deliver to:'))).toHaveLength(1)
    expect(ticket.join('\n')).toContain('Ana     9. Lobster')
    const cli = await runCli(server, 'orders', 'show', order.SheetID)
    expect(cli.code).toBe(0)
    for (const line of cli.stdout.split('\n')) expect(line).not.toMatch(unsafe)
    expect(cli.stdout.split('\n').filter((l) => /^\s+\d+\. /.test(l))).toHaveLength(1)
  }, 30_000)

  test('found: a NUL in a typed delivery field or the remarks is bad input (10007), not a 5xx on PostgreSQL; nothing written', async () => {
    const typed: DeliveryInput = { Contact: 'Ana', Phone: '66123456', Address: 'Rua do Cunha 22', Lat: 22.1565, Lng: 113.5587 }
    const before = await orderCounts(server.db)
    for (const [delivery, extra] of [
      [{ ...typed, Contact: 'Ana\u0000' }, {}],
      [{ ...typed, Phone: '6612\u00003456' }, {}],
      [{ ...typed, Address: '\u0000Rua do Cunha 22' }, {}],
      [typed, { Remarks: 'no onion\u0000' }]
    ] as const) {
      for (const op of ['OrderSubmit', 'OrderPricePreview'] as const) {
        const res = await server.call(op, [{ ...placement(delivery, extra), RequestKey: requestKey() }], { headers: device().headers })
        expect([res.status, res.body.errcode]).toEqual([400, '10007'])
      }
    }
    expect(await orderCounts(server.db)).toEqual(before)
  })

  test('typed Lat/Lng with an AddressID are ignored: a far address stays beyond the range, an unlocated one is not measured at the typed point', async () => {
    const m = await makeMember(server.db)
    const coloane = await save(m, { RegionCode: COLOANE, Street: 'Estrada de Hac Sa', Lat: 22.123, Lng: 113.564 })
    const before = await orderCounts(server.db)
    expect(codes(await submit(server, m.headers, withAddress(coloane.AddressID, { ...north(100) })))).toEqual(['0', RESULTCODES.BEYOND_DELIVERY_RANGE])
    // No location, a street the geocoder does not know: never measured at the typed point.
    const nowhere = await save(m, { RegionCode: COLOANE, Street: 'Rua Inexistente', Lat: 0, Lng: 0 })
    expect([nowhere.Lat, nowhere.Lng]).toEqual([0, 0])
    expect(codes(await submit(server, m.headers, withAddress(nowhere.AddressID, { ...north(100) })))).toEqual(['0', RESULTCODES.LOCATION_REQUIRED])
    expect(await orderCounts(server.db)).toEqual(before)
  })

  test('an edit after ordering changes nothing on the order (snapshot), in any language', async () => {
    const m = await makeMember(server.db)
    const a = await save(m)
    const order = ok(await submit(server, m.headers, withAddress(a.AddressID))).table1[0]
    ok(await server.call('VipAddressUpdate', [{ ...address({ Contact: 'Mallory', Street: 'Rua Falsa', Phone: '66999999', RegionCode: COLOANE, Lat: 22.123, Lng: 113.564 }), AddressID: a.AddressID }], { headers: m.headers }))
    for (const lang of ['en', 'zh-TW']) {
      const after = ok(await server.call('OrderDetailGet', [{ SheetID: order.SheetID }], { headers: m.headers, lang })).table1[0]
      expect(after).toMatchObject({ Contact: 'Ana Lei', Phone: '+853 66123456', DeliveryLat: order.DeliveryLat, DeliveryDistance: order.DeliveryDistance })
      expect(after.Address).toContain('Rua Central')
      expect(after.Address).not.toContain('Rua Falsa')
    }
  })
})
