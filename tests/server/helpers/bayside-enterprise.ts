/**
 * A second enterprise for the red teams of the live service (redteam-24*.test.ts): one shop,
 * one branch (B901) open all day, one table, in Hong Kong dollars.
 */
import type { EnterpriseSeed } from '../../../server/src/storage/seed'

export const baysideEnterprise: EnterpriseSeed = {
  entId: 'E2002',
  names: { 'zh-CN': '海湾餐饮', 'zh-TW': '海灣餐飲', en: 'Bayside Dining' },
  settings: { Currency: 'HK$', TimeZone: 'Asia/Hong_Kong' },
  serviceLinks: {},
  shops: [
    {
      shopId: 'S901',
      code: '901',
      names: { 'zh-CN': '海湾茶档', 'zh-TW': '海灣茶檔', en: 'Bayside Tea Stall' },
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
          params: { OpeningHours: '00:00-23:59' },
          tables: [{ tableId: 'B901-K01', code: 'K01', names: { 'zh-CN': 'K01', 'zh-TW': 'K01', en: 'K01' }, qrCode: 'QR-K01' }]
        }
      ]
    }
  ]
}
