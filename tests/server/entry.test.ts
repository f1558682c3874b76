/** EntIDGet and HomeShopDetailsGet on the demo enterprise: what the entry page sees. */
import { formatWallClock, parseWallClock, wallClockIn } from '../../src/core/wall-clock'
import { tableCode } from './helpers/table-codes'
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer
/** The demo tables' codes carry a random token made at seed time. */
const codes: Record<string, string> = {}
beforeAll(async () => {
  server = await createTestServer()
  for (const table of ['B201-A01', 'B201-A03', 'B203-N02', 'B202-T01']) codes[table] = await tableCode(server.db, table)
})
afterAll(() => server.close())

describe('EntIDGet', () => {
  it('finds the enterprise, shop, branch and table of a table QR code with an empty envelope EntID', async () => {
    const res = await server.call('EntIDGet', [{ QRCode: codes['B201-A01'] }], { entId: '' })
    expect(res.status).toBe(200)
    expect(res.body.errcode).toBe('0')
    expect(res.body.resultcode).toBe('0')
    expect(res.body.data.table1).toEqual([
      {
        EntID: 'E1001',
        EntName: 'Lotus Dining Group',
        EntNames: { 'zh-CN': '莲香饮食集团', 'zh-TW': '蓮香飲食集團', en: 'Lotus Dining Group' },
        ShopID: 'S101',
        BaseID: 'B201',
        TableID: 'B201-A01',
        QRCode: codes['B201-A01']
      }
    ])
  })

  it('resolves a shop counter code to the shop only when the shop has two branches', async () => {
    const row = (await server.call('EntIDGet', [{ QRCode: 'QR-S101' }], { entId: '' })).body.data.table1[0]
    expect(row).toMatchObject({ EntID: 'E1001', ShopID: 'S101', BaseID: '', TableID: '', QRCode: 'QR-S101' })
  })

  it("resolves the night market's counter code to its only branch", async () => {
    const row = (await server.call('EntIDGet', [{ QRCode: 'QR-S102' }], { entId: '' })).body.data.table1[0]
    expect(row).toMatchObject({ ShopID: 'S102', BaseID: 'B203', TableID: '' })
  })

  it('looks up by TableID, BaseID and ShopID', async () => {
    const byTable = (await server.call('EntIDGet', [{ TableID: 'B202-T01' }], { entId: '' })).body.data.table1[0]
    // A TableID is no secret, so the table's code (its diners' key to the sheet) is not handed out for it.
    expect(byTable).toMatchObject({ EntID: 'E1001', ShopID: 'S101', BaseID: 'B202', TableID: 'B202-T01', QRCode: '' })
    const byBase = (await server.call('EntIDGet', [{ BaseID: 'B203' }], { entId: '' })).body.data.table1[0]
    expect(byBase).toMatchObject({ ShopID: 'S102', BaseID: 'B203', TableID: '' })
    const byShop = (await server.call('EntIDGet', [{ ShopID: 'S101' }], { entId: '' })).body.data.table1[0]
    expect(byShop).toMatchObject({ ShopID: 'S101', BaseID: '', TableID: '', QRCode: '' })
  })

  it('uses exactly one lookup path: QRCode wins over the others, blanks count as not given', async () => {
    const res = await server.call('EntIDGet', [{ QRCode: codes['B203-N02'], TableID: 'nope', BaseID: 'nope', ShopID: 'nope' }], { entId: '' })
    expect(res.body.data.table1[0]).toMatchObject({ ShopID: 'S102', BaseID: 'B203', TableID: 'B203-N02' })
    const blanks = await server.call('EntIDGet', [{ QRCode: '', TableID: '  ', BaseID: null, ShopID: 'S102' }], { entId: '' })
    expect(blanks.body.data.table1[0]).toMatchObject({ ShopID: 'S102', BaseID: 'B203' })
  })

  it('answers each unknown code with its own resultcode', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ QRCode: 'QR-ZZZ' }, '20002', 'This QR code is invalid or has expired'],
      [{ TableID: 'B201-Z99' }, '20005', 'Table not found'],
      [{ BaseID: 'B999' }, '20004', 'Branch does not exist'],
      [{ ShopID: 'S999' }, '20003', 'Shop does not exist']
    ]
    for (const [record, code, message] of cases) {
      const res = await server.call('EntIDGet', [record], { entId: '' })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ errcode: '0', resultcode: code, resultmsg: message, data: {} })
    }
  })

  it('asks for a code when none is given (10007)', async () => {
    const res = await server.call('EntIDGet', [{}], { entId: '' })
    expect(res.status).toBe(400)
    expect(res.body.errcode).toBe('10007')
    expect(res.body.errmsg).toContain('QRCode')
  })
})

describe('HomeShopDetailsGet', () => {
  it('gives shop, shop user, branch, open sheet and clock for table A03', async () => {
    const before = new Date()
    const res = await server.call('HomeShopDetailsGet', [{ QRCode: codes['B201-A03'] }], { lang: 'zh-TW' })
    expect(res.body.errcode).toBe('0')
    expect(res.body.resultcode).toBe('0')
    const { table1, table2, table3, table4, table5 } = res.body.data
    expect(table1).toEqual([
      expect.objectContaining({ EntID: 'E1001', ShopID: 'S101', ShopName: '蓮香茶室', PosType: 2, QRCode: 'QR-S101' })
    ])
    expect(table1[0].ShopNames).toEqual({ 'zh-CN': '莲香茶室', 'zh-TW': '蓮香茶室', en: 'Lotus Tea House' })
    expect(table2).toEqual([{ UserID: 'U1011', UserName: '蓮香茶室網上點餐', UserCode: 'WEB101' }])
    expect(table3).toEqual([
      expect.objectContaining({
        BaseID: 'B201',
        BaseName: '蓮香茶室（議事亭前地店）',
        CYType: '0',
        BeginTime: '08:00',
        EndTime: '22:00',
        Lat: 22.1936,
        Lng: 113.5399
      })
    ])
    expect(table4).toHaveLength(1)
    expect(table4[0]).toMatchObject({ SheetID: 'B201-A03-0001', Status: 0 })
    expect(table5).toEqual([
      expect.objectContaining({ TableID: 'B201-A03', TableName: 'A03 號枱', TimeZone: 'Asia/Macau' })
    ])
    expect(table5[0].TableNames).toEqual({ 'zh-CN': 'A03 号桌', 'zh-TW': 'A03 號枱', en: 'Table A03' })

    // NowDate is Macau's wall clock now; the sheet opened a few minutes before the seed.
    const now = parseWallClock(table5[0].NowDate)
    const created = parseWallClock(table4[0].CreatedDate)
    expect(now).not.toBeNull()
    expect(created).not.toBeNull()
    const macauBefore = formatWallClock(wallClockIn('Asia/Macau', new Date(before.getTime() - 1000)))
    expect(table5[0].NowDate >= macauBefore).toBe(true)
    expect(table4[0].CreatedDate < table5[0].NowDate).toBe(true)
  })

  it('has no open sheet on table A01', async () => {
    const res = await server.call('HomeShopDetailsGet', [{ TableID: 'B201-A01' }])
    expect(res.body.data.table4).toEqual([])
    expect(res.body.data.table5[0]).toMatchObject({ TableID: 'B201-A01', TableName: 'Table A01' })
  })

  it('leaves the branch empty for the counter code of a shop with two branches, and takes the branch the diner picks', async () => {
    const counter = await server.call('HomeShopDetailsGet', [{ QRCode: 'QR-S101' }])
    expect(counter.body.resultcode).toBe('0')
    expect(counter.body.data.table1[0].ShopName).toBe('Lotus Tea House')
    expect(counter.body.data.table3).toEqual([])
    expect(counter.body.data.table4).toEqual([])
    expect(counter.body.data.table5[0]).toMatchObject({ TableID: '', TableName: '', TableNames: { 'zh-CN': '', 'zh-TW': '', en: '' } })

    const picked = await server.call('HomeShopDetailsGet', [{ QRCode: 'QR-S101', BaseID: 'B202' }])
    expect(picked.body.data.table3[0]).toMatchObject({ BaseID: 'B202', BaseName: 'Lotus Tea House (Taipa)', CYType: '1' })

    // A branch of another shop is not this shop's branch.
    const wrong = await server.call('HomeShopDetailsGet', [{ QRCode: 'QR-S101', BaseID: 'B203' }])
    expect(wrong.body.resultcode).toBe('20004')
  })

  it("answers the Taipa branch's own address where Home reads it (table3), the shop's in table1", async () => {
    const res = await server.call('HomeShopDetailsGet', [{ QRCode: codes['B202-T01'] }], { lang: 'en' })
    expect(res.body.data.table3[0]).toMatchObject({ BaseID: 'B202', Address: expect.stringContaining('22 Rua do Cunha, Taipa') })
    expect(res.body.data.table1[0].Address).toContain('Largo do Senado')
    // A counter code without a branch has only the shop's address.
    const counter = await server.call('HomeShopDetailsGet', [{ QRCode: 'QR-S101' }])
    expect(counter.body.data.table3).toEqual([])
    expect(counter.body.data.table1[0].Address).toContain('Largo do Senado')
  })

  it("shows the night market's hours crossing midnight", async () => {
    const res = await server.call('HomeShopDetailsGet', [{ ShopID: 'S102' }], { lang: 'zh-CN' })
    expect(res.body.data.table1[0]).toMatchObject({ ShopName: '路氹夜市美食广场', PosType: 5 })
    expect(res.body.data.table3[0]).toMatchObject({ BaseID: 'B203', BeginTime: '18:00', EndTime: '02:00', BaseName: '路氹夜市美食广场（金光大道）' })
  })

  it('says "Shop does not exist" for a missing shop or no code at all', async () => {
    for (const record of [{ ShopID: 'S999' }, {}]) {
      const res = await server.call('HomeShopDetailsGet', [record])
      expect(res.body).toMatchObject({ errcode: '0', resultcode: '20003', resultmsg: 'Shop does not exist' })
    }
  })

  it('needs a known enterprise (20001)', async () => {
    const res = await server.call('HomeShopDetailsGet', [{ QRCode: codes['B201-A01'] }], { entId: 'E0000' })
    expect(res.body).toMatchObject({ errcode: '0', resultcode: '20001', resultmsg: 'Enterprise does not exist' })
    const empty = await server.call('HomeShopDetailsGet', [{ QRCode: codes['B201-A01'] }], { entId: '' })
    expect(empty.body.resultcode).toBe('20001')
  })
})
