/**
 * The demo enterprise: a Macau restaurant group with a tea house (two branches, dine-in by
 * Senado Square and fast food in Taipa) and a night-market food court in Cotai whose hours
 * cross midnight. Seeded on first start (server/src/storage/seed.ts).
 */
import type { LocalizedText } from '../../src/gateway/contract'
import type { EnterpriseSeed } from '../src/storage/seed'

const tableNames = (code: string): LocalizedText => ({ 'zh-CN': `${code} 号桌`, 'zh-TW': `${code} 號枱`, en: `Table ${code}` })

const tables = (baseId: string, codes: string[]) =>
  codes.map((code) => ({ tableId: `${baseId}-${code}`, code, names: tableNames(code), qrCode: `QR-${code}` }))

const EVERY_DAY = '1,2,3,4,5,6,7'

/** The gift coupon of the demo recharge rules. */
const tenOff50: LocalizedText = { 'zh-CN': '满 50 减 10', 'zh-TW': '滿 50 減 10', en: '10 off 50' }

export const DEMO_ENT_ID = 'E1001'

export const demoEnterprise: EnterpriseSeed = {
  entId: DEMO_ENT_ID,
  names: { 'zh-CN': '莲香饮食集团', 'zh-TW': '蓮香飲食集團', en: 'Lotus Dining Group' },
  settings: {
    AmoPoint: '2',
    PricePoint: '2',
    QuaPoint: '0',
    DiscountPoint: '0',
    PQuaPoint: '0',
    Currency: 'MOP$',
    AppLanguage: '1',
    CYSheetGoodsQuaEdit: '1',
    // Diners at a demo table may also lower what went to the kitchen (a new enterprise may not:
    // docs/table-sheets.md); the pay-later tests and the bills browser test lower lines.
    CYSheetSentQuaLower: '1',
    TimeZone: 'Asia/Macau'
  },
  serviceLinks: { api: '/', h5: '/', image: '/files/' },
  shops: [
    {
      shopId: 'S101',
      code: '101',
      names: { 'zh-CN': '莲香茶室', 'zh-TW': '蓮香茶室', en: 'Lotus Tea House' },
      user: { userId: 'U1011', userName: '蓮香茶室網上點餐', userCode: 'WEB101' },
      posType: 2,
      qrCode: 'QR-S101',
      financeAccount: { provider: 'sandbox', accountName: '蓮香茶室 Lotus Tea House', accountNo: 'SANDBOX-MERCHANT-0101' },
      address: '澳門議事亭前地 14 號地下 / G/F, 14 Largo do Senado, Macau',
      phone: '+853 2835 6721',
      params: {
        BagFee: '1',
        ShopNotice: '歡迎光臨蓮香茶室！早市點心 08:00 起供應。Welcome to Lotus Tea House! Morning dim sum from 08:00.'
      },
      bases: [
        {
          baseId: 'B201',
          code: '201',
          names: {
            'zh-CN': '莲香茶室（议事亭前地店）',
            'zh-TW': '蓮香茶室（議事亭前地店）',
            en: 'Lotus Tea House (Senado Square)'
          },
          businessMode: '0',
          cyType: '0',
          weekday: EVERY_DAY,
          beginTime: '08:00',
          endTime: '22:00',
          dtbDuration: 0,
          cookingTimeDuration: 15,
          webOrderDuration: 120,
          address: '澳門議事亭前地 14 號地下 / G/F, 14 Largo do Senado, Macau',
          phone: '+853 2835 6721',
          lat: 22.1936,
          lng: 113.5399,
          params: { OpeningHours: '08:00-22:00', IsPayLaterOnlineCheckout: '1', DeliveryRange: '5000' },
          // Delivery by distance: MOP 5 within 1 km, 10 within 3 km, 15 within 5 km.
          freightRules: [
            { ruleType: 'distance', upTo: '1000', fee: '5' },
            { ruleType: 'distance', upTo: '3000', fee: '10' },
            { ruleType: 'distance', upTo: '5000', fee: '15' }
          ],
          tables: tables('B201', ['A01', 'A02', 'A03', 'A04', 'A05', 'A06']).map((t) =>
            // A party at A03 sat down a few minutes before the demo started.
            t.code === 'A03' ? { ...t, openSheet: { sheetId: 'B201-A03-0001', minutesAgo: 5 } } : t
          )
        },
        {
          baseId: 'B202',
          code: '202',
          names: { 'zh-CN': '莲香茶室（氹仔店）', 'zh-TW': '蓮香茶室（氹仔店）', en: 'Lotus Tea House (Taipa)' },
          businessMode: '0',
          cyType: '1',
          weekday: EVERY_DAY,
          beginTime: '07:00',
          endTime: '21:00',
          dtbDuration: 0,
          cookingTimeDuration: 10,
          webOrderDuration: 60,
          address: '澳門氹仔官也街 22 號 / 22 Rua do Cunha, Taipa, Macau',
          phone: '+853 2882 7413',
          lat: 22.1553,
          lng: 113.556,
          params: { OpeningHours: '07:00-21:00', IsPayLaterOnlineCheckout: '0', DeliveryRange: '6000' },
          // Delivery by goods amount within 6 km: MOP 12 up to 100, 6 up to 200, free above.
          freightRules: [
            { ruleType: 'amount', upTo: '100', fee: '12' },
            { ruleType: 'amount', upTo: '200', fee: '6' }
          ],
          tables: tables('B202', ['T01', 'T02'])
        }
      ]
    },
    {
      shopId: 'S102',
      code: '102',
      names: { 'zh-CN': '路氹夜市美食广场', 'zh-TW': '路氹夜市美食廣場', en: 'Cotai Night Market Food Court' },
      user: { userId: 'U1021', userName: '路氹夜市網上點餐', userCode: 'WEB102' },
      posType: 5,
      qrCode: 'QR-S102',
      financeAccount: { provider: 'sandbox', accountName: '路氹夜市美食廣場 Cotai Night Market', accountNo: 'SANDBOX-MERCHANT-0102' },
      address: '澳門路氹連貫公路 / Estrada do Istmo, Cotai, Macau',
      phone: '+853 2888 3160',
      params: {
        BagFee: '1',
        ShopNotice: '夜市每晚 18:00 營業至凌晨 02:00。The night market is open nightly from 18:00 to 02:00.'
      },
      bases: [
        {
          baseId: 'B203',
          code: '203',
          names: {
            'zh-CN': '路氹夜市美食广场（金光大道）',
            'zh-TW': '路氹夜市美食廣場（金光大道）',
            en: 'Cotai Night Market Food Court (Cotai Strip)'
          },
          businessMode: '0',
          cyType: '0',
          weekday: EVERY_DAY,
          beginTime: '18:00',
          endTime: '02:00',
          dtbDuration: 0,
          cookingTimeDuration: 20,
          webOrderDuration: 90,
          address: '澳門路氹連貫公路 / Estrada do Istmo, Cotai, Macau',
          phone: '+853 2888 3160',
          lat: 22.144,
          lng: 113.564,
          params: { OpeningHours: '18:00-02:00', IsPayLaterOnlineCheckout: '0', DeliveryRange: '8000' },
          // Night-market delivery: MOP 8 within 3 km, 15 within 8 km, plus 5 on orders up to 80.
          freightRules: [
            { ruleType: 'distance', upTo: '3000', fee: '8' },
            { ruleType: 'distance', upTo: '8000', fee: '15' },
            { ruleType: 'amount', upTo: '80', fee: '5' }
          ],
          tables: tables('B203', ['N01', 'N02', 'N03', 'N04'])
        }
      ]
    }
  ],
  // Balance recharge (issue 5), valid at every shop: the gift balance and coupons come when the payment is confirmed.
  rechargeRules: [
    {
      ruleId: 'E1001-RR100',
      names: { 'zh-CN': '充值 100 送 10', 'zh-TW': '充值 100 送 10', en: 'Top up 100, get 10' },
      amount: '100',
      giftAmount: '10',
      giftCoupons: [{ names: tenOff50, value: '10', minAmount: '50', validDays: 30, qua: 1 }]
    },
    {
      ruleId: 'E1001-RR200',
      names: { 'zh-CN': '充值 200 送 30', 'zh-TW': '充值 200 送 30', en: 'Top up 200, get 30' },
      amount: '200',
      giftAmount: '30',
      giftCoupons: []
    },
    {
      ruleId: 'E1001-RR500',
      names: { 'zh-CN': '充值 500 送 100', 'zh-TW': '充值 500 送 100', en: 'Top up 500, get 100' },
      amount: '500',
      giftAmount: '100',
      giftCoupons: [{ names: tenOff50, value: '10', minAmount: '50', validDays: 30, qua: 2 }]
    }
  ]
}
