/**
 * A branch's page and its tables (issue 16 item 5): ShopBaseDetailGet, TableListByPage (paged,
 * by code, names in the request's language, never a table's QR code), and ServiceLinkGet's map
 * tiles row with the CSP letting the map load them. Runs on SQLite, and on PostgreSQL with
 * DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { ERRCODES, RESULTCODES } from '../../src/gateway/codes'
import { seedEnterprise, type EnterpriseSeed } from '../../server/src/storage/seed'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

/** A second enterprise in the same database, with a branch and a table of its own. */
const bayside: EnterpriseSeed = {
  entId: 'E2002',
  names: { 'zh-CN': '海湾餐饮', 'zh-TW': '海灣餐飲', en: 'Bayside Dining' },
  settings: { Currency: 'HK$', TimeZone: 'Asia/Hong_Kong' },
  serviceLinks: {},
  shops: [
    {
      shopId: 'S901',
      code: '901',
      names: { 'zh-CN': '海湾', 'zh-TW': '海灣', en: 'Bayside' },
      user: { userId: 'U9011', userName: 'Bayside web', userCode: 'WEB901' },
      posType: 2,
      qrCode: 'QR-S901',
      address: '',
      phone: '',
      params: {},
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
          params: {},
          tables: [{ tableId: 'B901-K01', code: 'K01', names: { 'zh-CN': 'K01', 'zh-TW': 'K01', en: 'K01' }, qrCode: 'QR-K01' }]
        }
      ]
    }
  ]
}

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
  await seedEnterprise(server.db, bayside, new Date())
})
afterAll(() => server.close())

const tables = (records: Record<string, unknown>, lang = 'en') => server.call('TableListByPage', [records], { lang })

describe('TableListByPage', () => {
  test("a branch's tables by code, names in the request's language, the total in table2", async () => {
    const data = ok(await tables({ BaseID: 'B201' }, 'zh-TW'))
    expect(data.table1.map((t) => t.TableCode)).toEqual(['A01', 'A02', 'A03', 'A04', 'A05', 'A06'])
    expect(data.table1[0]).toEqual({ TableID: 'B201-A01', TableCode: 'A01', TableName: 'A01 號枱', BaseID: 'B201', ShopID: 'S101' })
    expect(data.table2).toEqual([{ Total: 6 }])
    expect(ok(await tables({ BaseID: 'B203' })).table1.map((t) => t.TableName)).toEqual(['Table N01', 'Table N02', 'Table N03', 'Table N04'])
  })

  test('paged: PageIndex from 1, PageSize up to 1000; past the end, an empty page with the total', async () => {
    const second = ok(await tables({ BaseID: 'B201', PageIndex: 2, PageSize: 4 }))
    expect(second.table1.map((t) => t.TableCode)).toEqual(['A05', 'A06'])
    expect(second.table2).toEqual([{ Total: 6 }])
    expect(ok(await tables({ BaseID: 'B201', PageIndex: 1, PageSize: 2 })).table1.map((t) => t.TableCode)).toEqual(['A01', 'A02'])
    expect(ok(await tables({ BaseID: 'B201', PageIndex: 9, PageSize: 4 }))).toEqual({ table1: [], table2: [{ Total: 6 }] })
    expect((await tables({ BaseID: 'B201', PageSize: 1001 })).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect((await tables({ BaseID: 'B201', PageIndex: 0 })).body.errcode).toBe(ERRCODES.INVALID_INPUT)
  })

  test('the default page is 100 tables', async () => {
    const baseId = 'B202'
    const extra = Array.from({ length: 120 }, (_, i) => `X${String(i).padStart(3, '0')}`)
    await server.db
      .insertInto('dining_tables')
      .values(extra.map((code) => ({ table_id: `t-${randomBytes(4).toString('hex')}`, ent_id: 'E1001', shop_id: 'S101', base_id: baseId, code, names: JSON.stringify({ 'zh-CN': code, 'zh-TW': code, en: code }), qr_code: null })))
      .execute()
    try {
      const data = ok(await tables({ BaseID: baseId }))
      expect(data.table1).toHaveLength(100)
      expect(data.table2).toEqual([{ Total: 122 }])
      expect(ok(await tables({ BaseID: baseId, PageIndex: 2 })).table1).toHaveLength(22)
    } finally {
      await server.db.deleteFrom('dining_tables').where('base_id', '=', baseId).where('code', 'in', extra).execute()
    }
  })

  test("never a table's QR code, in any field", async () => {
    const codes = (await server.db.selectFrom('dining_tables').select('qr_code').where('base_id', '=', 'B201').execute()).map((r) => r.qr_code!)
    expect(codes.length).toBe(6)
    const answer = await tables({ BaseID: 'B201' })
    ok(answer)
    for (const code of codes) {
      expect(answer.text).not.toContain(encodeURIComponent(code))
      expect(JSON.stringify(answer.body)).not.toContain(code)
    }
    expect(Object.keys(answer.body.data.table1[0]).sort()).toEqual(['BaseID', 'ShopID', 'TableCode', 'TableID', 'TableName'])
  })

  test("unknown branch, another enterprise's, or a disabled shop's → BASE_NOT_FOUND; BaseID is required", async () => {
    expect((await tables({ BaseID: 'B999' })).body.resultcode).toBe(RESULTCODES.BASE_NOT_FOUND)
    // Each enterprise's branches are not found through the other.
    expect((await server.call('TableListByPage', [{ BaseID: 'B201' }], { entId: 'E2002' })).body.resultcode).toBe(RESULTCODES.BASE_NOT_FOUND)
    expect((await tables({ BaseID: 'B901' })).body.resultcode).toBe(RESULTCODES.BASE_NOT_FOUND)
    expect((await server.call('ShopBaseDetailGet', [{ BaseID: 'B901' }])).body.resultcode).toBe(RESULTCODES.BASE_NOT_FOUND)
    expect(ok(await server.call('TableListByPage', [{ BaseID: 'B901' }], { entId: 'E2002' })).table1.map((t) => t.TableID)).toEqual(['B901-K01'])
    await server.db.updateTable('shops').set({ is_enable: 0 }).where('shop_id', '=', 'S102').execute()
    try {
      expect((await tables({ BaseID: 'B203' })).body.resultcode).toBe(RESULTCODES.BASE_NOT_FOUND)
      expect((await server.call('ShopBaseDetailGet', [{ BaseID: 'B203' }])).body.resultcode).toBe(RESULTCODES.BASE_NOT_FOUND)
    } finally {
      await server.db.updateTable('shops').set({ is_enable: 1 }).where('shop_id', '=', 'S102').execute()
    }
    expect((await tables({})).body.errcode).toBe(ERRCODES.INVALID_INPUT)
  })
})

describe('ShopBaseDetailGet', () => {
  test('the branch with its shop, address, phone, location, hours, services, delivery range and table count', async () => {
    const [b201] = ok(await server.call('ShopBaseDetailGet', [{ BaseID: 'B201' }], { lang: 'zh-TW' })).table1
    expect(b201).toEqual({
      ShopID: 'S101',
      ShopName: '蓮香茶室',
      BaseID: 'B201',
      BaseCode: '201',
      BaseName: '蓮香茶室（議事亭前地店）',
      Address: '澳門議事亭前地 14 號地下 / G/F, 14 Largo do Senado, Macau',
      Phone: '+853 2835 6721',
      Lat: 22.1936,
      Lng: 113.5399,
      BeginTime: '08:00',
      EndTime: '22:00',
      Weekday: '1,2,3,4,5,6,7',
      OpeningHours: '08:00-22:00',
      BusinessMode: '0',
      CYType: '0',
      DeliveryRange: 5000,
      TableCount: 6
    })
    const [b203] = ok(await server.call('ShopBaseDetailGet', [{ BaseID: 'B203' }])).table1
    expect(b203).toMatchObject({ ShopName: 'Cotai Night Market Food Court', BaseName: 'Cotai Night Market Food Court (Cotai Strip)', OpeningHours: '18:00-02:00', DeliveryRange: 8000, TableCount: 4, EndTime: '02:00' })
  })

  test('the delivery range is what delivery really reaches: the DeliveryRange param capped by the last distance tier', async () => {
    await server.db.updateTable('base_params').set({ parm_value: '9000' }).where('base_id', '=', 'B201').where('parm_id', '=', 'DeliveryRange').execute()
    try {
      // B201's last distance tier ends at 5 km.
      expect(ok(await server.call('ShopBaseDetailGet', [{ BaseID: 'B201' }])).table1[0].DeliveryRange).toBe(5000)
      // B202 has amount tiers only: its 6 km param stands.
      expect(ok(await server.call('ShopBaseDetailGet', [{ BaseID: 'B202' }])).table1[0].DeliveryRange).toBe(6000)
    } finally {
      await server.db.updateTable('base_params').set({ parm_value: '5000' }).where('base_id', '=', 'B201').where('parm_id', '=', 'DeliveryRange').execute()
    }
  })

  test('a branch without its own phone and address shows its shop’s; unknown branch → BASE_NOT_FOUND', async () => {
    await server.db.updateTable('bases').set({ phone: '', address: '' }).where('base_id', '=', 'B202').execute()
    try {
      expect(ok(await server.call('ShopBaseDetailGet', [{ BaseID: 'B202' }])).table1[0]).toMatchObject({ Phone: '+853 2835 6721', Address: '澳門議事亭前地 14 號地下 / G/F, 14 Largo do Senado, Macau' })
    } finally {
      await server.db.updateTable('bases').set({ phone: '+853 2882 7413', address: '澳門氹仔官也街 22 號 / 22 Rua do Cunha, Taipa, Macau' }).where('base_id', '=', 'B202').execute()
    }
    expect((await server.call('ShopBaseDetailGet', [{ BaseID: 'nope' }])).body.resultcode).toBe(RESULTCODES.BASE_NOT_FOUND)
  })
})

describe('map tiles', () => {
  test("ServiceLinkGet has a 'tiles' row: OpenStreetMap's by default, with its attribution", async () => {
    const rows = ok(await server.call('ServiceLinkGet')).table1
    expect(rows.find((r) => r.LinkType === 'tiles')).toEqual({ LinkType: 'tiles', Url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', Attribution: '© OpenStreetMap contributors' })
    expect(rows.map((r) => r.LinkType)).toEqual(['api', 'h5', 'image', 'tiles'])
  })

  test('a local tile server (MAP_TILE_URL on localhost over http) is named in the row and allowed by the CSP; others are not', async () => {
    const local = await createTestServer({ mapTileUrl: 'http://127.0.0.1:8765/tiles/{z}/{x}/{y}.png', mapTileAttribution: 'Test tiles' })
    try {
      const res = await local.call('ServiceLinkGet')
      expect(ok(res).table1.find((r) => r.LinkType === 'tiles')).toEqual({ LinkType: 'tiles', Url: 'http://127.0.0.1:8765/tiles/{z}/{x}/{y}.png', Attribution: 'Test tiles' })
      const imgSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('img-src'))!
      expect(imgSrc).toContain('http://127.0.0.1:8765')
      expect(imgSrc).toContain('https:')
      expect(imgSrc).not.toContain('http://127.0.0.1:9999')
    } finally {
      await local.close()
    }
    const csp = String((await server.call('ServiceLinkGet')).headers['content-security-policy'])
    expect(csp).not.toMatch(/img-src[^;]*http:\/\//)
  })
})

describe("Home's table count (HomeShopDetailsGet table5)", () => {
  test('a branch entered without a table says how many tables it has; with a table, or before a branch is chosen, 0', async () => {
    const extras = async (records: Record<string, unknown>) => ok(await server.call('HomeShopDetailsGet', [records])).table5[0]
    // The shop's code with its branch chosen (baseSelect): B201 has A01–A06.
    expect((await extras({ QRCode: 'QR-S101', BaseID: 'B201' })).TableCount).toBe(6)
    expect((await extras({ QRCode: 'QR-S102' })).TableCount).toBe(4)
    // S101 has two branches: none chosen yet, nothing to count.
    expect((await extras({ QRCode: 'QR-S101' })).TableCount).toBe(0)
    // At a table the diner is seated: Home does not offer choosing one.
    expect((await extras({ TableID: 'B201-A02' })).TableCount).toBe(0)
  })
})
