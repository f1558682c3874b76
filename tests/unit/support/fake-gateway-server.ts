/** A scripted gateway for store tests: answers per KeyName with rows like the demo's. */
import type { HttpRequest, HttpResponse } from '../../../src/hosts/host'
import { envelopeOf, fail, ok } from './fake-host'

const names = (zhCN: string, zhTW: string, en: string) => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en })

export const SHOP = {
  EntID: 'E1001', ShopID: 'S101', ShopCode: '101', ShopName: '蓮香茶室', ShopNames: names('莲香茶室', '蓮香茶室', 'Lotus Tea House'),
  UserName: 'web', UserCode: 'W1', PosType: 2, MinaAppID: '', MinaID: '', QRCode: 'QR-S101', Address: 'Largo do Senado 8', Phone: ''
}
export const BASE = {
  EntID: 'E1001', ShopID: 'S101', BaseID: 'B201', BaseCode: '201', BaseName: '議事亭', BaseNames: names('议事亭店', '議事亭店', 'Senado Square'),
  BusinessMode: '0', CYType: '0', weekday: '1,2,3,4,5,6,7', OnlineBeginTime: '', OnlineEndTime: '', BeginTime: '08:00', EndTime: '22:00',
  DtbDuration: 30, CookingTimeDuration: 15, WebOrderDuration: 120, Address: '', Phone: '', Lng: 113.5, Lat: 22.1
}

export type Script = Record<string, (records: Record<string, unknown>[]) => HttpResponse>

export function demoServer(overrides: Script = {}, nowDate = '2026-11-22 12:00:00') {
  const script: Script = {
    EntIDGet: (r) =>
      r[0].QRCode === 'QR-A03'
        ? ok({ table1: [{ EntID: 'E1001', EntName: '蓮香', EntNames: names('莲香', '蓮香', 'Lotus'), ShopID: 'S101', BaseID: 'B201', TableID: 'A03', QRCode: 'QR-A03' }] })
        : fail('0', '20002', '二维码无效或已过期'),
    ServiceLinkGet: () => ok({ table1: [{ LinkType: 'image', Url: 'http://shop.test/files/' }] }),
    EntSysParamsGet: () => ok({ table1: [{ ParmID: 'AppLanguage', ParmValue: '2' }, { ParmID: 'Currency', ParmValue: 'MOP$' }] }),
    HomeShopDetailsGet: () =>
      ok({
        table1: [SHOP],
        table2: [{ UserID: 'U1', UserName: 'web', UserCode: 'W1' }],
        table3: [BASE],
        table4: [{ SheetID: 'SH1', CreatedDate: '2026-11-22 11:50:00', Status: 0 }],
        table5: [{ TableID: 'A03', TableName: 'A03', TableNames: names('A03 桌', 'A03 枱', 'Table A03'), NowDate: nowDate, TimeZone: 'Asia/Macau' }]
      }),
    ShopParamsGet: () => ok({ table1: [{ ShopID: 'S101', ParmID: 'BagFee', ParmValue: '1' }] }),
    BaseSysParamGet: (r) => ok({ table1: [{ BaseID: 'B201', ParmID: String(r[0].ParmID), ParmValue: r[0].ParmID === 'OpeningHours' ? '08:00-22:00' : '1' }] }),
    ...overrides
  }
  const calls: string[] = []
  const respond = (req: HttpRequest): HttpResponse => {
    const { fields, records } = envelopeOf(req)
    calls.push(fields.KeyName)
    const handler = script[fields.KeyName]
    if (!handler) return fail('10003', '0', `unknown ${fields.KeyName}`, 404)
    return handler(records)
  }
  return { respond, calls }
}
