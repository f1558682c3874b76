/** Enterprise, shop and branch params. */
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const asMap = (rows: { ParmID: string; ParmValue: string }[]) => Object.fromEntries(rows.map((r) => [r.ParmID, r.ParmValue]))

describe('EntSysParamsGet', () => {
  it("returns all the enterprise's settings", async () => {
    const res = await server.call('EntSysParamsGet', [{ Other_EntID: 'E1001' }])
    expect(asMap(res.body.data.table1)).toEqual({
      AmoPoint: '2',
      PricePoint: '2',
      QuaPoint: '0',
      DiscountPoint: '0',
      PQuaPoint: '0',
      Currency: 'MOP$',
      AppLanguage: '1',
      CYSheetGoodsQuaEdit: '1',
      CYSheetSentQuaLower: '1',
      TimeZone: 'Asia/Macau'
    })
  })

  it('requires Other_EntID, naming it', async () => {
    const res = await server.call('EntSysParamsGet', [{}], { lang: 'zh-CN' })
    expect(res.body.errcode).toBe('10007')
    expect(res.body.errmsg).toBe('请求参数无效：Other_EntID')
  })
})

describe('ShopParamsGet', () => {
  it("returns the shop's params with its ShopID", async () => {
    const res = await server.call('ShopParamsGet', [{ ShopID: 'S101' }])
    const rows = res.body.data.table1
    expect(rows.every((r) => r.ShopID === 'S101')).toBe(true)
    expect(asMap(rows)).toMatchObject({ BagFee: '1' })
    expect(asMap(rows).ShopNotice).toContain('蓮香茶室')
  })

  it('answers 20003 for an unknown shop', async () => {
    const res = await server.call('ShopParamsGet', [{ ShopID: 'S999' }])
    expect(res.body.resultcode).toBe('20003')
  })
})

describe('BaseSysParamGet', () => {
  it('reads OpeningHours and IsPayLaterOnlineCheckout of a branch', async () => {
    const hours = await server.call('BaseSysParamGet', [{ BaseID: 'B203', ParmID: 'OpeningHours' }])
    expect(hours.body.data.table1).toEqual([{ BaseID: 'B203', ParmID: 'OpeningHours', ParmValue: '18:00-02:00' }])
    const payLater = await server.call('BaseSysParamGet', [{ BaseID: 'B201', ParmID: 'IsPayLaterOnlineCheckout' }])
    expect(payLater.body.data.table1[0].ParmValue).toBe('1')
    const prepay = await server.call('BaseSysParamGet', [{ BaseID: 'B202', ParmID: 'IsPayLaterOnlineCheckout' }])
    expect(prepay.body.data.table1[0].ParmValue).toBe('0')
  })

  it("reads a known param the branch has not set as ''", async () => {
    await server.db.deleteFrom('base_params').where('base_id', '=', 'B202').where('parm_id', '=', 'OpeningHours').execute()
    const res = await server.call('BaseSysParamGet', [{ BaseID: 'B202', ParmID: 'OpeningHours' }])
    expect(res.body.resultcode).toBe('0')
    expect(res.body.data.table1).toEqual([{ BaseID: 'B202', ParmID: 'OpeningHours', ParmValue: '' }])
  })

  it('rejects a ParmID it does not know (10007) and an unknown branch (20004)', async () => {
    const unknownParam = await server.call('BaseSysParamGet', [{ BaseID: 'B201', ParmID: 'Password' }])
    expect(unknownParam.body.errcode).toBe('10007')
    expect(unknownParam.body.errmsg).toContain('ParmID')
    const unknownBase = await server.call('BaseSysParamGet', [{ BaseID: 'B999', ParmID: 'OpeningHours' }])
    expect(unknownBase.body.resultcode).toBe('20004')
    expect(unknownBase.body.resultmsg).toBe('Branch does not exist')
  })
})
