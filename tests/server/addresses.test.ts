/**
 * The address book (issue 16 item 2) through the real gateway, on SQLite and (DATABASE_URL)
 * PostgreSQL: add, get, list, update, delete; only the member's own addresses; limits on count,
 * lengths, phone and region; the default-address rules; geocoding on save with the development
 * geocoder; RequestKey idempotency.
 */
import { randomBytes } from 'node:crypto'
import { MAX_ADDRESSES, type VipAddressRow } from '../../src/gateway/address-rows'
import { ERRCODES, RESULTCODES } from '../../src/gateway/codes'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer

beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

/** Sé parish (Macau Peninsula), a leaf; Taipa's parish; the Macau Peninsula zone (not a leaf). */
const SE = '820004'
const CARMO = '820006'
const PENINSULA = '820100'

const home = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  Contact: 'Ana Lei',
  AreaNo: '853',
  Phone: '6612 3456',
  RegionCode: SE,
  Street: 'Rua Central 5',
  Detail: '3/F A',
  HouseNo: '5',
  Tag: 'home',
  Lat: 22.1936,
  Lng: 113.5425,
  ...over
})

const add = (m: TestMember, record: Record<string, unknown>, lang = 'en') => server.call('VipAddressAdd', [record], { headers: m.headers, lang })
const addOk = async (m: TestMember, record: Record<string, unknown>, lang = 'en'): Promise<VipAddressRow> => ok(await add(m, record, lang)).table1[0]
const list = async (m: TestMember, lang = 'en'): Promise<VipAddressRow[]> => ok(await server.call('VipAddressListByPage', [{ PageIndex: 1, PageSize: 999 }], { headers: m.headers, lang })).table1
const stored = (addressId: string) => server.db.selectFrom('vip_addresses').selectAll().where('address_id', '=', addressId).executeTakeFirst()
const defaults = async (m: TestMember) => (await list(m)).filter((a) => a.IsDefault === 1).map((a) => a.AddressID)

describe('CRUD', () => {
  it('adds, gets, lists, updates and deletes an address; region names in the request language', async () => {
    const m = await makeMember(server.db)
    const added = await addOk(m, home(), 'zh-TW')
    expect(added).toMatchObject({
      VipID: m.vipId,
      Contact: 'Ana Lei',
      AreaNo: '853',
      Phone: '66123456',
      RegionCode: SE,
      RegionName: '澳門 澳門半島 大堂區',
      RegionPath: `820000/${PENINSULA}/${SE}`,
      Street: 'Rua Central 5',
      Detail: '3/F A',
      HouseNo: '5',
      Tag: 'home',
      Lat: 22.1936,
      Lng: 113.5425,
      IsDefault: 1
    })
    expect(added.AddressID).toBeTruthy()
    expect(added.UpdatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    const got = ok(await server.call('VipAddressGet', [{ AddressID: added.AddressID }], { headers: m.headers })).table1[0]
    expect(got).toMatchObject({ AddressID: added.AddressID, RegionName: 'Macau, Macau Peninsula, Sé' })

    const listed = ok(await server.call('VipAddressListByPage', [{ VipID: m.vipId, PageIndex: 1, PageSize: 999 }], { headers: m.headers }))
    expect(listed.table1.map((a: VipAddressRow) => a.AddressID)).toEqual([added.AddressID])
    expect(listed.table2).toEqual([{ Total: 1 }])

    const updated = ok(
      await server.call('VipAddressUpdate', [{ ...home({ Contact: 'Ana L.', Street: 'Rua do Campo 12', Tag: 'work', RegionCode: CARMO }), AddressID: added.AddressID }], { headers: m.headers })
    ).table1[0]
    expect(updated).toMatchObject({ AddressID: added.AddressID, Contact: 'Ana L.', Street: 'Rua do Campo 12', Tag: 'work', RegionCode: CARMO, IsDefault: 1 })
    expect((await list(m, 'zh-CN'))[0].RegionName).toBe('澳门 氹仔 嘉模堂区')

    const left = ok(await server.call('VipAddressDelete', [{ AddressID: added.AddressID }], { headers: m.headers })).table1
    expect(left).toEqual([])
    expect(await stored(added.AddressID)).toBeUndefined()
    expect((await server.call('VipAddressGet', [{ AddressID: added.AddressID }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.ADDRESS_NOT_FOUND)
  })

  it('needs a session', async () => {
    expect((await server.call('VipAddressListByPage', [{}])).body.errcode).toBe(ERRCODES.LOGIN_REQUIRED)
    expect((await server.call('VipAddressAdd', [home()])).body.errcode).toBe(ERRCODES.LOGIN_REQUIRED)
  })
})

describe('ownership', () => {
  it("never lets another member read, change or delete an address, nor learn that its id exists", async () => {
    const a = await makeMember(server.db)
    const b = await makeMember(server.db)
    const aHome = await addOk(a, home())
    const before = await stored(aHome.AddressID)

    for (const [op, record] of [
      ['VipAddressGet', { AddressID: aHome.AddressID }],
      ['VipAddressUpdate', { ...home({ Contact: 'Mallory' }), AddressID: aHome.AddressID, IsDefault: 1 }],
      ['VipAddressDelete', { AddressID: aHome.AddressID }]
    ] as const) {
      const theirs = await server.call(op, [record], { headers: b.headers })
      const unknown = await server.call(op, [{ ...record, AddressID: `A${randomBytes(8).toString('hex')}` }], { headers: b.headers })
      // The same answer for A's id and an id nobody has.
      expect([theirs.body.resultcode, theirs.body.resultmsg]).toEqual([RESULTCODES.ADDRESS_NOT_FOUND, 'This address was not found'])
      expect([unknown.body.resultcode, unknown.body.resultmsg]).toEqual([theirs.body.resultcode, theirs.body.resultmsg])
    }
    expect(await stored(aHome.AddressID)).toEqual(before)
    expect(await list(b)).toEqual([])
    // B naming A's VipID gets no list at all.
    const named = await server.call('VipAddressListByPage', [{ VipID: a.vipId }], { headers: b.headers })
    expect([named.body.errcode, named.body.errmsg]).toEqual([ERRCODES.INVALID_INPUT, expect.stringContaining('VipID')])
    expect((await list(a)).map((x) => x.AddressID)).toEqual([aHome.AddressID])
  })
})

describe('limits', () => {
  it('refuses over-long fields naming the field, and counts characters, not bytes', async () => {
    const m = await makeMember(server.db)
    for (const [field, value] of [
      ['Contact', 'x'.repeat(41)],
      ['Street', 's'.repeat(121)],
      ['Detail', 'd'.repeat(121)],
      ['HouseNo', 'h'.repeat(41)],
      ['Tag', 't'.repeat(13)],
      ['Contact', ' '],
      ['Street', ''],
      ['Contact', 'Ana\u0000Lei'],
      ['Lat', 91],
      ['Lng', -181]
    ] as const) {
      const res = await add(m, home({ [field]: value }))
      expect([field, res.body.errcode, res.body.errmsg]).toEqual([field, ERRCODES.INVALID_INPUT, expect.stringContaining(field)])
    }
    // 40 Chinese characters is 40 characters (and a 4-byte character is one).
    const long = await addOk(m, home({ Contact: '陳'.repeat(39) + '𠀋', Street: '議'.repeat(120) }))
    expect([...long.Contact].length).toBe(40)
    expect(await list(m)).toHaveLength(1)
  })

  it('checks the phone as the SMS phone is, and needs a leaf region', async () => {
    const m = await makeMember(server.db)
    for (const phone of [{ AreaNo: '853', Phone: '2812345' }, { AreaNo: '853', Phone: '28123456' }, { AreaNo: '999', Phone: '66123456' }, { AreaNo: '86', Phone: '1381234567' }]) {
      expect((await add(m, home(phone))).body.resultcode).toBe(RESULTCODES.PHONE_INVALID)
    }
    const mainland = await addOk(m, home({ AreaNo: '+86', Phone: '138-1234-5678' }))
    expect([mainland.AreaNo, mainland.Phone]).toEqual(['86', '13812345678'])
    for (const region of [PENINSULA, '820000', '999999', '']) {
      const res = await add(m, home({ RegionCode: region }), 'en')
      expect([res.body.resultcode, res.body.resultmsg]).toEqual([RESULTCODES.REGION_NOT_FOUND, 'Please select region'])
    }
    expect(await list(m)).toHaveLength(1)
  })

  it(`keeps at most ${MAX_ADDRESSES} addresses, also when they are added at once`, async () => {
    const m = await makeMember(server.db)
    for (let i = 0; i < MAX_ADDRESSES - 3; i++) await addOk(m, home({ Street: `Street ${i}` }))
    const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => add(m, home({ Street: `Parallel ${i}` }))))
    const codes = parallel.map((r) => r.body.resultcode)
    expect(codes.filter((c) => c === '0')).toHaveLength(3)
    expect(codes.filter((c) => c === RESULTCODES.ADDRESS_LIMIT_REACHED)).toHaveLength(5)
    expect(parallel.find((r) => r.body.resultcode !== '0')!.body.resultmsg).toBe(`Your address book is full (at most ${MAX_ADDRESSES}). Please delete an address first.`)
    const all = await list(m)
    expect(all).toHaveLength(MAX_ADDRESSES)
    expect(all.filter((a) => a.IsDefault === 1)).toHaveLength(1)
    // Deleting one makes room for one.
    ok(await server.call('VipAddressDelete', [{ AddressID: all[5].AddressID }], { headers: m.headers }))
    await addOk(m, home({ Street: 'After delete' }))
    expect((await add(m, home({ Street: 'One too many' }))).body.resultcode).toBe(RESULTCODES.ADDRESS_LIMIT_REACHED)
  })

  it('adds once per RequestKey, also when the same key arrives twice at once', async () => {
    const m = await makeMember(server.db)
    const key = `addr-${randomBytes(6).toString('hex')}`
    const first = await addOk(m, home({ RequestKey: key }))
    const again = await addOk(m, home({ RequestKey: key }))
    expect(again.AddressID).toBe(first.AddressID)
    const key2 = `addr-${randomBytes(6).toString('hex')}`
    const both = await Promise.all([add(m, home({ RequestKey: key2, Street: 'Twice' })), add(m, home({ RequestKey: key2, Street: 'Twice' }))])
    expect(both.map((r) => r.body.resultcode)).toEqual(['0', '0'])
    expect(both[0].body.data.table1[0].AddressID).toBe(both[1].body.data.table1[0].AddressID)
    expect(await list(m)).toHaveLength(2)
  })
})

describe('the default address', () => {
  it('is the first address; IsDefault 1 moves it; 0 on the default hands it to the newest other; deleting it promotes the newest', async () => {
    const m = await makeMember(server.db)
    const first = await addOk(m, home({ Street: 'First', IsDefault: 0 }))
    expect(first.IsDefault).toBe(1)
    const second = await addOk(m, home({ Street: 'Second' }))
    expect(second.IsDefault).toBe(0)
    const third = await addOk(m, home({ Street: 'Third', IsDefault: 1 }))
    expect(await defaults(m)).toEqual([third.AddressID])
    // Default first, then newest.
    expect((await list(m)).map((a) => a.Street)).toEqual(['Third', 'Second', 'First'])

    ok(await server.call('VipAddressUpdate', [{ ...home({ Street: 'First', IsDefault: 1 }), AddressID: first.AddressID }], { headers: m.headers }))
    expect(await defaults(m)).toEqual([first.AddressID])
    // IsDefault absent: unchanged.
    ok(await server.call('VipAddressUpdate', [{ ...home({ Street: 'First again' }), AddressID: first.AddressID }], { headers: m.headers }))
    expect(await defaults(m)).toEqual([first.AddressID])
    // 0 on the default: the newest other address (Third) takes it.
    ok(await server.call('VipAddressUpdate', [{ ...home({ Street: 'First', IsDefault: 0 }), AddressID: first.AddressID }], { headers: m.headers }))
    expect(await defaults(m)).toEqual([third.AddressID])

    // Deleting the default: the newest remaining (Second, newer than First) becomes it.
    const left = ok(await server.call('VipAddressDelete', [{ AddressID: third.AddressID }], { headers: m.headers })).table1
    expect(left.map((a: VipAddressRow) => [a.AddressID, a.IsDefault])).toEqual([
      [second.AddressID, 1],
      [first.AddressID, 0]
    ])
    ok(await server.call('VipAddressDelete', [{ AddressID: second.AddressID }], { headers: m.headers }))
    // The only address stays the default, even asked not to be.
    ok(await server.call('VipAddressUpdate', [{ ...home({ IsDefault: 0 }), AddressID: first.AddressID }], { headers: m.headers }))
    expect(await defaults(m)).toEqual([first.AddressID])
  })
})

describe('geocoding on save (development geocoder)', () => {
  it('locates an address without a pin when the geocoder knows its street, and saves it unlocated otherwise', async () => {
    const m = await makeMember(server.db)
    const cunha = await addOk(m, home({ RegionCode: CARMO, Street: 'Rua do Cunha', HouseNo: '22', Lat: 0, Lng: 0 }))
    expect([cunha.Lat, cunha.Lng]).toEqual([22.1553, 113.556])
    const chinese = await addOk(m, home({ RegionCode: CARMO, Street: '官也街', HouseNo: '22號', Lat: undefined, Lng: undefined }))
    expect([chinese.Lat, chinese.Lng]).toEqual([22.1553, 113.556])
    // A street the development geocoder does not know: saved, at (0, 0); a region centroid is not used.
    const nowhere = await addOk(m, home({ Street: 'Travessa Inventada 9', Lat: 0, Lng: 0 }))
    expect([nowhere.Lat, nowhere.Lng]).toEqual([0, 0])
    // The geocoder's place must lie in the address's region: Rua do Cunha is in Taipa, not in Sé.
    const wrongRegion = await addOk(m, home({ RegionCode: SE, Street: 'Rua do Cunha', Lat: 0, Lng: 0 }))
    expect([wrongRegion.Lat, wrongRegion.Lng]).toEqual([0, 0])
    // A pin is kept as given.
    const pinned = await addOk(m, home({ RegionCode: CARMO, Street: 'Rua do Cunha', Lat: 22.156, Lng: 113.5571 }))
    expect([pinned.Lat, pinned.Lng]).toEqual([22.156, 113.5571])

    // An update without a location keeps the one it had when the street is the same, and locates again when it changed.
    const kept = ok(await server.call('VipAddressUpdate', [{ ...home({ RegionCode: CARMO, Street: 'Rua do Cunha', Contact: 'Other', Lat: 0, Lng: 0 }), AddressID: pinned.AddressID }], { headers: m.headers })).table1[0]
    expect([kept.Contact, kept.Lat, kept.Lng]).toEqual(['Other', 22.156, 113.5571])
    const moved = ok(
      await server.call('VipAddressUpdate', [{ ...home({ RegionCode: '820007', Street: 'Estrada do Istmo', HouseNo: '', Lat: 0, Lng: 0 }), AddressID: pinned.AddressID }], { headers: m.headers })
    ).table1[0]
    expect([moved.Lat, moved.Lng]).toEqual([22.144, 113.564])
  })
})

describe('migration 0013', () => {
  it('gives orders placed before it no address, no snapshot and an unknown distance', async () => {
    const fs = await import('node:fs')
    const os = await import('node:os')
    const path = await import('node:path')
    const { Migrator, sql } = await import('kysely')
    const { createDatabase } = await import('../../server/src/storage/database')
    const { MIGRATIONS, migrateToLatest } = await import('../../server/src/storage/migrations')
    const { seedDemo } = await import('../../server/src/storage/seed')
    const { insertOrderRow } = await import('./helpers/order-fixtures')
    const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined
    const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-mig13-')) }, { schema })
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) }, ...(database.schema ? { migrationTableSchema: database.schema } : {}) })
      expect((await migrator.migrateTo('0012_recharge_gift_cards')).error).toBeUndefined()
      await seedDemo(database.db)
      // Written as 0012's orders table has it (the fixture names no 0013 column).
      const orderId = await insertOrderRow(database.db)
      await migrateToLatest(database)
      const row = await database.db.selectFrom('orders').select(['address_id', 'delivery_snapshot', 'delivery_distance']).where('order_id', '=', orderId).executeTakeFirstOrThrow()
      expect({ ...row, delivery_distance: Number(row.delivery_distance) }).toEqual({ address_id: '', delivery_snapshot: '', delivery_distance: -1 })
      expect(await database.db.selectFrom('vip_addresses').selectAll().execute()).toEqual([])
    } finally {
      if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db)
      await database.destroy()
    }
  })
})
