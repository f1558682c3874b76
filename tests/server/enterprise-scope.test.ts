/**
 * Enterprise scoping: with a second enterprise in the same database, nothing of one
 * enterprise is visible through the other; it is simply "not found".
 */
import { seedEnterprise, type EnterpriseSeed } from '../../server/src/storage/seed'
import { createTestServer, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'

const TRICKY_NAME = '澳門 A&B=100% 茶檔'

const secondEnterprise: EnterpriseSeed = {
  entId: 'E2002',
  names: { 'zh-CN': '海湾餐饮', 'zh-TW': '海灣餐飲', en: 'Bayside Dining' },
  settings: { Currency: 'HK$', TimeZone: 'Asia/Hong_Kong' },
  serviceLinks: { api: 'https://api.bayside.example/', image: 'https://img.bayside.example/' },
  shops: [
    {
      shopId: 'S901',
      code: '901',
      names: { 'zh-CN': TRICKY_NAME, 'zh-TW': TRICKY_NAME, en: 'A&B=100% Tea Stall' },
      user: { userId: 'U9011', userName: 'Bayside web', userCode: 'WEB901' },
      posType: 2,
      qrCode: 'QR-S901',
      address: '',
      phone: '',
      params: { BagFee: '2' },
      bases: [
        {
          baseId: 'B901',
          code: '901',
          names: { 'zh-CN': '海湾一号店', 'zh-TW': '海灣一號店', en: 'Bayside No. 1' },
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
          lat: 22.2,
          lng: 113.55,
          params: { OpeningHours: '00:00-23:59' },
          tables: [{ tableId: 'B901-K01', code: 'K01', names: { 'zh-CN': 'K01', 'zh-TW': 'K01', en: 'K01' }, qrCode: 'QR-K01' }]
        }
      ]
    },
    {
      shopId: 'S902',
      code: '902',
      names: { 'zh-CN': '已停业', 'zh-TW': '已停業', en: 'Closed shop' },
      user: { userId: 'U9021', userName: 'closed', userCode: 'WEB902' },
      posType: 5,
      qrCode: 'QR-S902',
      address: '',
      phone: '',
      isEnable: false,
      params: {},
      bases: []
    }
  ]
}

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
  await seedEnterprise(server.db, secondEnterprise)
  const now = Date.now()
  await server.db
    .insertInto('qr_codes')
    .values([
      { code: 'QR-EXPIRED', ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: null, expires_at: new Date(now - 60_000).toISOString(), is_enable: 1 },
      { code: 'QR-LATER', ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: null, expires_at: new Date(now + 3_600_000).toISOString(), is_enable: 1 },
      { code: 'QR-OFF', ent_id: 'E1001', shop_id: 'S101', base_id: null, table_id: null, expires_at: null, is_enable: 0 }
    ])
    .execute()
})
afterAll(() => server.close())

describe('one database, two enterprises', () => {
  it("does not show enterprise B's shop, branch, table or code to enterprise A", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ShopID: 'S901' }, '20003'],
      [{ BaseID: 'B901' }, '20004'],
      [{ TableID: 'B901-K01' }, '20005'],
      // Seeding gives every table a random code ('QR-K01-<token>'): read it back.
      [{ QRCode: await tableCode(server.db, 'B901-K01') }, '20002']
    ]
    for (const [record, code] of cases) {
      const res = await server.call('HomeShopDetailsGet', [record], { entId: 'E1001' })
      expect(res.body.resultcode).toBe(code)
      expect(res.text).not.toContain('S901')
    }
    expect((await server.call('ShopParamsGet', [{ ShopID: 'S901' }])).body.resultcode).toBe('20003')
    expect((await server.call('BaseSysParamGet', [{ BaseID: 'B901', ParmID: 'OpeningHours' }])).body.resultcode).toBe('20004')
    expect((await server.call('BaseListByLocation', [{ ShopID: 'S901' }])).body.resultcode).toBe('20003')
    expect((await server.call('EntSysParamsGet', [{ Other_EntID: 'E2002' }])).body.resultcode).toBe('20001')
  })

  it("lists only the caller's own shops and branches", async () => {
    const shops = await server.call('ShopListByPage', [{}])
    expect(shops.body.data.table1.map((s) => s.ShopID)).toEqual(['S101', 'S102'])
    const bases = await server.call('BaseListByLocation', [{ Lat: 22.2, Lng: 113.55 }])
    expect(bases.body.data.table1.map((b) => b.BaseID)).not.toContain('B901')
    expect(bases.body.data.table2).toEqual([{ Total: 3 }])
  })

  it("serves enterprise B to B's own envelope, round-tripping a name with Chinese and &=%", async () => {
    const res = await server.call('HomeShopDetailsGet', [{ QRCode: await tableCode(server.db, 'B901-K01') }], { entId: 'E2002', lang: 'zh-TW' })
    expect(res.body.resultcode).toBe('0')
    expect(res.body.data.table1[0].ShopName).toBe(TRICKY_NAME)
    expect(JSON.parse(res.text).data.table1[0].ShopName).toBe(encodeURIComponent(TRICKY_NAME))
    expect(res.body.data.table5[0]).toMatchObject({ TableID: 'B901-K01', TimeZone: 'Asia/Hong_Kong' })
    // The single branch is implied, and absolute links are kept as they are.
    const links = await server.call('ServiceLinkGet', [{}], { entId: 'E2002' })
    expect(links.body.data.table1).toEqual([
      { LinkType: 'api', Url: 'https://api.bayside.example/' },
      { LinkType: 'image', Url: 'https://img.bayside.example/' },
      // The map tiles (issue 16) are the deployment's setting, the same for every enterprise.
      { LinkType: 'tiles', Url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', Attribution: '© OpenStreetMap contributors' }
    ])
  })

  it('EntIDGet finds either enterprise from its codes', async () => {
    const b = await server.call('EntIDGet', [{ QRCode: 'QR-S901' }], { entId: '' })
    expect(b.body.data.table1[0]).toMatchObject({ EntID: 'E2002', EntName: 'Bayside Dining', ShopID: 'S901', BaseID: 'B901' })
  })

  it('flags a disabled shop in the external list and hides it everywhere else', async () => {
    const external = await server.call('ExternalShopList', [{ Other_EntID: 'E2002' }], { entId: 'E2002' })
    expect(external.body.data.table1.map((s) => [s.ShopID, s.IsEnable, s.ShopType, s.BaseID])).toEqual([
      ['S901', '1', '7', 'B901'],
      ['S902', '0', '2', '']
    ])
    const list = await server.call('ShopListByPage', [{}], { entId: 'E2002' })
    expect(list.body.data.table1.map((s) => s.ShopID)).toEqual(['S901'])
    expect((await server.call('EntIDGet', [{ QRCode: 'QR-S902' }], { entId: '' })).body.resultcode).toBe('20003')
    expect((await server.call('HomeShopDetailsGet', [{ ShopID: 'S902' }], { entId: 'E2002' })).body.resultcode).toBe('20003')
  })
})

describe('QR code validity', () => {
  it('treats expired and disabled codes as invalid (20002), and a code that expires later as valid', async () => {
    for (const code of ['QR-EXPIRED', 'QR-OFF']) {
      const res = await server.call('EntIDGet', [{ QRCode: code }], { entId: '' })
      expect(res.body).toMatchObject({ resultcode: '20002', resultmsg: 'This QR code is invalid or has expired' })
      expect((await server.call('HomeShopDetailsGet', [{ QRCode: code }])).body.resultcode).toBe('20002')
    }
    const later = await server.call('EntIDGet', [{ QRCode: 'QR-LATER' }], { entId: '' })
    expect(later.body.data.table1[0]).toMatchObject({ EntID: 'E1001', BaseID: 'B201' })
  })
})
