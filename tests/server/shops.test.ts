/** Shop and branch lists, service links: what the shop and branch pickers see. */
import { distanceMetres } from '../../src/core/geo'
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

describe('ShopListByPage', () => {
  it('lists the enterprise shops by code with the total', async () => {
    const res = await server.call('ShopListByPage', [{ PageIndex: 1, PageSize: 1000 }], { lang: 'en' })
    expect(res.body.resultcode).toBe('0')
    expect(res.body.data.table1.map((s) => [s.ShopID, s.ShopName, s.PosType])).toEqual([
      ['S101', 'Lotus Tea House', 2],
      ['S102', 'Cotai Night Market Food Court', 5]
    ])
    expect(res.body.data.table2).toEqual([{ Total: 2 }])
  })

  it('pages: one shop per page, total still counts both', async () => {
    const second = await server.call('ShopListByPage', [{ PageIndex: '2', PageSize: '1' }], { lang: 'zh-CN' })
    expect(second.body.data.table1.map((s) => s.ShopName)).toEqual(['路氹夜市美食广场'])
    expect(second.body.data.table2).toEqual([{ Total: 2 }])
    const beyond = await server.call('ShopListByPage', [{ PageIndex: 3, PageSize: 1 }])
    expect(beyond.body.data.table1).toEqual([])
    expect(beyond.body.data.table2).toEqual([{ Total: 2 }])
  })

  it('rejects a page size over 1000 naming the field', async () => {
    const res = await server.call('ShopListByPage', [{ PageSize: 5000 }])
    expect(res.status).toBe(400)
    expect(res.body.errcode).toBe('10007')
    expect(res.body.errmsg).toBe('Invalid request parameters: PageSize')
  })
})

describe('BaseListByLocation', () => {
  it('puts the Taipa branch first for a diner in Taipa, with distances in metres', async () => {
    const here = { Lat: 22.157, Lng: 113.5555 }
    const res = await server.call('BaseListByLocation', [{ ...here, PageIndex: 1, PageSize: 1000, BaseClass: 0 }])
    const rows = res.body.data.table1
    expect(rows.map((b) => b.BaseID)).toEqual(['B202', 'B203', 'B201'])
    expect(rows[0].Distance).toBe(distanceMetres(here.Lat, here.Lng, 22.1553, 113.556))
    expect(rows[0].Distance).toBeLessThan(300)
    expect(rows[1].Distance).toBeLessThan(rows[2].Distance)
    expect(res.body.data.table2).toEqual([{ Total: 3 }])
  })

  it('puts Senado Square first for a diner on the peninsula', async () => {
    const res = await server.call('BaseListByLocation', [{ Lat: '22.1940', Lng: '113.5400' }])
    expect(res.body.data.table1[0]).toMatchObject({ BaseID: 'B201', BaseName: 'Lotus Tea House (Senado Square)' })
  })

  it('orders by branch code with Distance null when there is no location (0, 0)', async () => {
    const res = await server.call('BaseListByLocation', [{ Lat: 0, Lng: 0 }], { lang: 'zh-TW' })
    const rows = res.body.data.table1
    expect(rows.map((b) => [b.BaseCode, b.Distance])).toEqual([
      ['201', null],
      ['202', null],
      ['203', null]
    ])
    expect(rows[2]).toMatchObject({ BaseName: '路氹夜市美食廣場（金光大道）', BeginTime: '18:00', EndTime: '02:00', CYType: '0' })
    expect(rows[1]).toMatchObject({ CYType: '1', BeginTime: '07:00', EndTime: '21:00', WebOrderDuration: 60 })
  })

  it('filters by shop and pages with the total of all matches', async () => {
    const res = await server.call('BaseListByLocation', [{ ShopID: 'S101', Lat: 22.157, Lng: 113.5555, PageIndex: 1, PageSize: 1 }])
    expect(res.body.data.table1.map((b) => b.BaseID)).toEqual(['B202'])
    expect(res.body.data.table2).toEqual([{ Total: 2 }])
    const page2 = await server.call('BaseListByLocation', [{ ShopID: 'S101', Lat: 22.157, Lng: 113.5555, PageIndex: 2, PageSize: 1 }])
    expect(page2.body.data.table1.map((b) => b.BaseID)).toEqual(['B201'])
  })

  it('says the shop does not exist for an unknown ShopID filter', async () => {
    const res = await server.call('BaseListByLocation', [{ ShopID: 'S999' }])
    expect(res.body.resultcode).toBe('20003')
  })

  it('names a non-numeric latitude in its 10007', async () => {
    const res = await server.call('BaseListByLocation', [{ Lat: 'north', Lng: 113.5 }])
    expect(res.body.errcode).toBe('10007')
    expect(res.body.errmsg).toContain('Lat')
  })
})

describe('ExternalShopList', () => {
  it('lists shops with ShopType, IsEnable and comma lists of branches, and the branches', async () => {
    const res = await server.call('ExternalShopList', [{ Other_EntID: 'E1001', PageIndex: 1, PageSize: 1000 }])
    expect(res.body.resultcode).toBe('0')
    expect(res.body.data.table1).toEqual([
      {
        ShopID: 'S101',
        ShopName: 'Lotus Tea House',
        ShopNames: { 'zh-CN': '莲香茶室', 'zh-TW': '蓮香茶室', en: 'Lotus Tea House' },
        IsEnable: '1',
        ShopType: '7',
        BaseID: 'B201,B202',
        BaseName: 'Lotus Tea House (Senado Square),Lotus Tea House (Taipa)'
      },
      expect.objectContaining({ ShopID: 'S102', IsEnable: '1', ShopType: '2', BaseID: 'B203' })
    ])
    expect(res.body.data.table2.map((b) => b.BaseID)).toEqual(['B201', 'B202', 'B203'])
  })

  it('does not answer for another enterprise (20001)', async () => {
    const res = await server.call('ExternalShopList', [{ Other_EntID: 'E2002' }])
    expect(res.body.resultcode).toBe('20001')
  })
})

describe('ServiceLinkGet', () => {
  it("resolves the stored relative links against the origin the request came in on", async () => {
    const res = await server.call('ServiceLinkGet', [{}], { headers: { host: 'order.example.mo:8443' } })
    expect(res.body.data.table1).toEqual([
      { LinkType: 'api', Url: 'http://order.example.mo:8443/' },
      { LinkType: 'h5', Url: 'http://order.example.mo:8443/' },
      { LinkType: 'image', Url: 'http://order.example.mo:8443/files/' },
      // The H5 map's tiles (issue 16): the MAP_TILE_URL setting as it is, not on our origin.
      { LinkType: 'tiles', Url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', Attribution: '© OpenStreetMap contributors' }
    ])
  })
})
