/**
 * Delivery to a saved address (issue 16 item 4) through the real gateway, on SQLite and
 * (DATABASE_URL) PostgreSQL: the fee and the range from the address's location with the branch's
 * freight rule, an address without a location resolved by the (development) geocoder before the
 * order is accepted, 'beyond delivery range' naming the distance and the limit, another member's
 * address refused, the order's snapshot surviving an edit and a delete of the address, the
 * preview priced as the order, RequestKey idempotency with an AddressID, and what the shop reads
 * (kitchen ticket, orders CLI).
 */
import { randomBytes } from 'node:crypto'
import { distanceMetres } from '../../src/core/geo'
import type { VipAddressRow } from '../../src/gateway/address-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import type { DeliveryInput } from '../../src/gateway/order-rows'
import { kitchenTicket } from '../../server/src/domain/orders/order-view'
import { shopOrder } from '../../server/src/domain/orders/order.service'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { B202, device, openAllDay, orderCounts, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
})
afterAll(() => server.close())

// Senado Square branch (B201): DeliveryRange 5000 m, 5 up to 1 km, 10 up to 3 km, 15 up to 5 km.
const B201_AT = { lat: 22.1936, lng: 113.5399 }
const north = (metres: number) => ({ Lat: B201_AT.lat + metres / 111_195, Lng: B201_AT.lng })
const SE = '820004'
const CARMO = '820006'
const COTAI = '820007'
const COLOANE = '820008'

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
const save = async (m: TestMember, over: Record<string, unknown> = {}): Promise<VipAddressRow> =>
  ok(await server.call('VipAddressAdd', [address(over)], { headers: m.headers })).table1[0]

/** The typed fields are ignored with an AddressID: these would be refused (no phone) or elsewhere. */
const withAddress = (AddressID: string): DeliveryInput => ({ AddressID, Contact: 'Ignored', Phone: '', Address: 'Ignored Street 1', Lat: 0, Lng: 0 })
const placement = (delivery: DeliveryInput | undefined, extra = {}) => takeaway([soupLine('2')], { ServiceType: 'delivery', Delivery: delivery, ...extra })
const submit = (headers: Record<string, string>, delivery: DeliveryInput | undefined, opts: { key?: string; lang?: string; extra?: object } = {}) =>
  server.call('OrderSubmit', [{ ...placement(delivery, opts.extra), RequestKey: opts.key ?? requestKey() }], { headers, lang: opts.lang ?? 'en' })
const preview = (headers: Record<string, string>, delivery: DeliveryInput | undefined, lang = 'en') =>
  server.call('OrderPricePreview', [{ ...placement(delivery) }], { headers, lang })
const orderRowOf = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()

describe('delivery to a saved address', () => {
  it('takes contact, phone, address and location from the address: fee by its distance, a snapshot on the order', async () => {
    const m = await makeMember(server.db)
    const saved = await save(m)
    const res = await submit(m.headers, withAddress(saved.AddressID))
    const order = ok(res).table1[0]
    const metres = distanceMetres(B201_AT.lat, B201_AT.lng, saved.Lat, saved.Lng)
    expect(order).toMatchObject({
      ServiceType: 'delivery',
      GoodsAmount: '44.00',
      Freight: '5.00',
      Amount: '49.00',
      Contact: 'Ana Lei',
      Phone: '+853 66123456',
      Address: 'Macau, Macau Peninsula, Sé, Rua Central 5, 3/F A',
      AddressID: saved.AddressID,
      RegionName: 'Macau, Macau Peninsula, Sé',
      DeliveryDistance: metres,
      DeliveryLat: saved.Lat,
      DeliveryLng: saved.Lng
    })
    expect(metres).toBeGreaterThan(790)
    // The same order in another language names the region in it.
    const zh = ok(await server.call('OrderDetailGet', [{ SheetID: order.SheetID }], { headers: m.headers, lang: 'zh-TW' })).table1[0]
    expect([zh.RegionName, zh.Address]).toEqual(['澳門 澳門半島 大堂區', '澳門 澳門半島 大堂區 Rua Central 5 3/F A'])
    const row = await orderRowOf(order.SheetID)
    expect(row.address_id).toBe(saved.AddressID)
    expect(Number(row.delivery_distance)).toBe(metres)
    expect(JSON.parse(row.delivery_snapshot)).toMatchObject({
      AddressID: saved.AddressID,
      Contact: 'Ana Lei',
      AreaNo: '853',
      Phone: '66123456',
      RegionCode: SE,
      RegionNames: { 'zh-CN': '澳门 澳门半岛 大堂区', 'zh-TW': '澳門 澳門半島 大堂區', en: 'Macau, Macau Peninsula, Sé' },
      Street: 'Rua Central',
      HouseNo: '5',
      Detail: '3/F A',
      Tag: 'home',
      Lat: saved.Lat,
      Lng: saved.Lng
    })
  })

  it('refuses an address beyond the range naming the distance and the limit in km, and writes nothing', async () => {
    const m = await makeMember(server.db)
    // Coloane, pinned on the map: about 7.9 km from Senado Square.
    const coloane = await save(m, { RegionCode: COLOANE, Street: 'Estrada de Hac Sa', Lat: 22.123, Lng: 113.564 })
    const before = await orderCounts(server.db)
    const km = (Math.ceil(distanceMetres(B201_AT.lat, B201_AT.lng, 22.123, 113.564) / 100) / 10).toFixed(1)
    for (const lang of ['en', 'zh-TW'] as const) {
      const res = await submit(m.headers, withAddress(coloane.AddressID), { lang })
      expect(res.body.resultcode).toBe(RESULTCODES.BEYOND_DELIVERY_RANGE)
      expect(res.body.resultmsg).toBe(
        lang === 'en' ? `This address is ${km} km from the shop; it delivers within 5.0 km` : `超出送餐範圍：此地址距門店 ${km} 公里，門店送餐範圍為 5.0 公里內`
      )
    }
    expect(km).toMatch(/^[78]\.\d$/)
    const previewed = await preview(m.headers, withAddress(coloane.AddressID))
    expect([previewed.body.resultcode, previewed.body.resultmsg]).toEqual([RESULTCODES.BEYOND_DELIVERY_RANGE, `This address is ${km} km from the shop; it delivers within 5.0 km`])
    expect(await orderCounts(server.db)).toEqual(before)
  })

  it('resolves an address without a location through the geocoder before accepting the order', async () => {
    const m = await makeMember(server.db)
    // Saved while the geocoder was unreachable (it stays at 0, 0): the order locates it again.
    const cunha = await save(m, { RegionCode: CARMO, Street: 'Rua do Cunha', HouseNo: '22', Lat: 0, Lng: 0 })
    const istmo = await save(m, { RegionCode: COTAI, Street: 'Estrada do Istmo', HouseNo: '', Lat: 0, Lng: 0 })
    const nowhere = await save(m, { RegionCode: CARMO, Street: 'Travessa Inventada', Lat: 0, Lng: 0 })
    await server.db.updateTable('vip_addresses').set({ lat: 0, lng: 0 }).where('address_id', 'in', [cunha.AddressID, istmo.AddressID]).execute()

    // Rua do Cunha (Taipa) is about 4.6 km away: within 5 km, the 15.00 tier.
    const taipa = ok(await submit(m.headers, withAddress(cunha.AddressID))).table1[0]
    expect(taipa).toMatchObject({ Freight: '15.00', DeliveryLat: 22.1553, DeliveryLng: 113.556, DeliveryDistance: distanceMetres(B201_AT.lat, B201_AT.lng, 22.1553, 113.556) })
    expect(JSON.parse((await orderRowOf(taipa.SheetID)).delivery_snapshot)).toMatchObject({ Lat: 22.1553, Lng: 113.556 })
    // Estrada do Istmo (Cotai) is about 6 km away: beyond, with the distance.
    const cotai = await submit(m.headers, withAddress(istmo.AddressID))
    expect(cotai.body.resultcode).toBe(RESULTCODES.BEYOND_DELIVERY_RANGE)
    expect(cotai.body.resultmsg).toMatch(/^This address is 6\.\d km from the shop; it delivers within 5\.0 km$/)
    // A street the geocoder does not know: nothing was measured, so it asks for a location.
    const before = await orderCounts(server.db)
    expect((await submit(m.headers, withAddress(nowhere.AddressID))).body.resultcode).toBe(RESULTCODES.LOCATION_REQUIRED)
    expect(await orderCounts(server.db)).toEqual(before)
  })

  it('locates a typed address the geocoder knows too (no "Use my location" needed)', async () => {
    const typed: DeliveryInput = { Contact: 'Ana Lei', Phone: '+853 6612 3456', Address: 'Rua do Cunha 10, Taipa', Lat: 0, Lng: 0 }
    const order = ok(await submit(device().headers, typed, { extra: { BaseID: B202 } })).table1[0]
    expect(order).toMatchObject({ Address: 'Rua do Cunha 10, Taipa', AddressID: '', RegionName: '', DeliveryLat: 22.1553, DeliveryLng: 113.556, DeliveryDistance: 0, Freight: '12.00' })
    expect((await orderRowOf(order.SheetID)).delivery_snapshot).toBe('')
  })

  it("refuses another member's address, and an AddressID without a member, with ADDRESS_NOT_FOUND; nothing is written", async () => {
    const a = await makeMember(server.db)
    const b = await makeMember(server.db)
    const aHome = await save(a)
    const before = await orderCounts(server.db)
    for (const headers of [b.headers, device().headers]) {
      for (const call of [submit(headers, withAddress(aHome.AddressID)), preview(headers, withAddress(aHome.AddressID))]) {
        const res = await call
        expect([res.body.resultcode, res.body.resultmsg]).toEqual([RESULTCODES.ADDRESS_NOT_FOUND, 'This address was not found'])
      }
    }
    expect((await submit(b.headers, withAddress(`A${randomBytes(8).toString('hex')}`))).body.resultcode).toBe(RESULTCODES.ADDRESS_NOT_FOUND)
    expect(await orderCounts(server.db)).toEqual(before)
  })

  it('keeps the snapshot when the address is edited or deleted afterwards', async () => {
    const m = await makeMember(server.db)
    const saved = await save(m)
    const placed = ok(await submit(m.headers, withAddress(saved.AddressID))).table1[0]
    ok(
      await server.call('VipAddressUpdate', [{ ...address({ Contact: 'Someone Else', Phone: '66990000', RegionCode: CARMO, Street: 'Rua Nova', ...north(2500) }), AddressID: saved.AddressID }], {
        headers: m.headers
      })
    )
    const afterEdit = ok(await server.call('OrderDetailGet', [{ SheetID: placed.SheetID }], { headers: m.headers })).table1[0]
    const keep = ['Contact', 'Phone', 'Address', 'AddressID', 'RegionName', 'DeliveryDistance', 'DeliveryLat', 'DeliveryLng', 'Freight', 'Amount'] as const
    const pick = (row: Record<string, unknown>) => Object.fromEntries(keep.map((k) => [k, row[k]]))
    expect(pick(afterEdit)).toEqual(pick(placed))
    ok(await server.call('VipAddressDelete', [{ AddressID: saved.AddressID }], { headers: m.headers }))
    const afterDelete = ok(await server.call('OrderDetailGet', [{ SheetID: placed.SheetID }], { headers: m.headers })).table1[0]
    expect(pick(afterDelete)).toEqual(pick(placed))
    expect(afterDelete.Contact).toBe('Ana Lei')
    // The deleted address cannot take a new order.
    expect((await submit(m.headers, withAddress(saved.AddressID))).body.resultcode).toBe(RESULTCODES.ADDRESS_NOT_FOUND)
  })

  it('prices the preview as the order', async () => {
    const m = await makeMember(server.db)
    const saved = await save(m, north(2500))
    const previewed = ok(await preview(m.headers, withAddress(saved.AddressID))).table1[0]
    const placed = ok(await submit(m.headers, withAddress(saved.AddressID))).table1[0]
    for (const k of ['Freight', 'Amount', 'GoodsAmount', 'Contact', 'Phone', 'Address', 'AddressID', 'RegionName', 'DeliveryDistance', 'DeliveryLat', 'DeliveryLng']) {
      expect([k, previewed[k]]).toEqual([k, placed[k]])
    }
    expect(placed.Freight).toBe('10.00')
  })

  it('answers a retry with the same key and address with the same order; the key with another address is reused', async () => {
    const m = await makeMember(server.db)
    const one = await save(m)
    const two = await save(m, { Street: 'Rua Segunda', ...north(1500) })
    const key = requestKey()
    const first = ok(await submit(m.headers, withAddress(one.AddressID), { key })).table1[0]
    const again = ok(await submit(m.headers, withAddress(one.AddressID), { key })).table1[0]
    expect(again.SheetID).toBe(first.SheetID)
    expect((await submit(m.headers, withAddress(two.AddressID), { key })).body.resultcode).toBe(RESULTCODES.REQUEST_KEY_REUSED)
  })

  it('shows the shop the address, region, contact and phone (kitchen ticket and orders CLI)', async () => {
    const m = await makeMember(server.db)
    const saved = await save(m)
    const placed = ok(await submit(m.headers, withAddress(saved.AddressID))).table1[0]
    const view = await shopOrder(server.db, placed.SheetID, 'en', new Date())
    const ticket = kitchenTicket(view.order, view.lines, view.branch ?? undefined)
    expect(ticket).toContain('  Deliver to: Ana Lei, +853 66123456, Macau, Macau Peninsula, Sé, Rua Central 5, 3/F A')
    expect(ticket).toContain('  Region: Macau, Macau Peninsula, Sé')
    expect(ticket.find((l) => l.startsWith('  Location: '))).toMatch(/^ {2}Location: 22\.20\d+, 113\.53990 \(0\.8 km from the branch\)$/)
    const shown = await runCli(server, 'orders', 'show', placed.SheetID)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('Deliver to: Ana Lei, +853 66123456, Macau, Macau Peninsula, Sé, Rua Central 5, 3/F A')
    expect(shown.stdout).toContain('Region: Macau, Macau Peninsula, Sé')
  }, 60_000)
})
