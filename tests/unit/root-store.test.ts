import { RootStore } from '../../src/stores/root-store'
import { isFirstScreenPage, ROUTES } from '../../src/features/shell/routes'
import { createFakeHost } from './support/fake-host'

const config = { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' }

describe('root store', () => {
  it('tells the first screen (entry page and Home) from the pages that need the feature stores', () => {
    expect(isFirstScreenPage('pages/scanCodeEntry/scanCodeEntry')).toBe(true)
    expect(isFirstScreenPage(ROUTES.home)).toBe(true)
    expect(isFirstScreenPage(`${ROUTES.home}?QRCode=QR-A03`)).toBe(true)
    expect(isFirstScreenPage('pages/goodsList/goodsList')).toBe(false)
    expect(isFirstScreenPage(ROUTES.orderList)).toBe(false)
  })

  it('builds the feature stores at once where they are in the package, and any page may mount', async () => {
    const root = new RootStore(createFakeHost(() => ({ statusCode: 200, data: {} })), config)
    expect(root.cart.isEmpty('S101', 'B1')).toBe(true)
    expect(root.checkout).toBe(root.checkout)
    await root.beforePage('pages/goodsList/goodsList')
    await root.beforePage(ROUTES.home)
    expect(root.i18n.t('cart.go')).toBe('View cart')
  })
})

describe('the diner\'s business mode across the stores (spec §4)', () => {
  it('the stored mode reaches the session params and the cart; switching clears the other mode\'s cart and is kept', async () => {
    const { demoServer } = await import('./support/fake-gateway-server')
    const { BUSINESS_MODE_STORAGE_KEY } = await import('../../src/core/business-mode')
    const host = createFakeHost(demoServer().respond)
    host.store.set(BUSINESS_MODE_STORAGE_KEY, '1')
    const root = new RootStore(host, config)
    await root.session.initialise({ QRCode: 'QR-A03' })
    // A03 is a dine-in table of a branch of all modes: dine-in or takeaway; the stored takeaway applies.
    expect(root.businessMode.offered).toEqual(['0', '1'])
    expect(root.session.params.BusinessMode).toBe('1')
    expect(root.cart.businessMode).toBe('1')
    const goods = { GoodsID: 'G1', ShopID: 'S101', BaseID: 'B201', Ref: '', GoodsName: 'Tea', GoodsType: 0, Unit: 'cup', ImageUrl: '', StepQua: '1' }
    root.cart.add(goods, [{ sku: null, Ref: '', PSalesPrice: '', SalesPrice: '10', PUnitPrice: '', Price: '10', PUnit: '', PCode: '', mQua: '1', pQua: '0', remarkList: [], bomList: [], attachmentList: [] }])
    expect(root.cart.isEmpty('S101', 'B201')).toBe(false)
    expect(root.businessMode.choose('0')).toBe(true)
    expect(root.session.params.BusinessMode).toBe('0')
    expect(root.cart.isEmpty('S101', 'B201')).toBe(true)
    expect(host.store.get(BUSINESS_MODE_STORAGE_KEY)).toBe('0')
    // The checkout offers the styles of the diner's mode.
    expect(root.businessMode.choose('1')).toBe(true)
    expect(root.checkout.serviceOptions).toEqual(['takeaway'])
  })
})

describe('a delivery cart across a branch choice at a counter (issue 27 item 9)', () => {
  const goods = { GoodsID: 'G9', ShopID: 'S101', BaseID: 'B201', Ref: '', GoodsName: 'Cola', GoodsType: 0, Unit: 'can', ImageUrl: '', StepQua: '1' }
  const line = { sku: null, Ref: '', PSalesPrice: '', SalesPrice: '8', PUnitPrice: '', Price: '8', PUnit: '', PCode: '', mQua: '1', pQua: '0', remarkList: [], bomList: [], attachmentList: [] }

  async function counterServer() {
    const { demoServer, SHOP, BASE } = await import('./support/fake-gateway-server')
    const names = { 'zh-CN': '莲香', 'zh-TW': '蓮香', en: 'Lotus' }
    return demoServer({
      // The counter code names the shop only; a branch is chosen next (BaseID).
      EntIDGet: (r) =>
        ({
          statusCode: 200,
          data: {
            errcode: '0', errmsg: '', resultcode: '0', resultmsg: '',
            data: { table1: [{ EntID: 'E1001', EntName: '蓮香', EntNames: names, ShopID: 'S101', BaseID: r[0].BaseID ? 'B201' : '', TableID: '', QRCode: r[0].QRCode ?? '' }] }
          }
        }),
      HomeShopDetailsGet: (r) => {
        return {
          statusCode: 200,
          data: {
            errcode: '0', errmsg: '', resultcode: '0', resultmsg: '',
            data: {
              table1: [SHOP],
              table2: [{ UserID: 'U1', UserName: 'web', UserCode: 'W1' }],
              table3: r[0].BaseID ? [BASE] : [],
              table5: [{ TableID: '', TableName: '', NowDate: '2026-11-22 12:00:00', TimeZone: 'Asia/Macau', TableCount: 0 }]
            }
          }
        }
      }
    })
  }
  it('opening the counter code again and choosing the same branch keeps the delivery cart', async () => {
    const host = createFakeHost((await counterServer()).respond)
    const root = new RootStore(host, config)
    await root.session.initialise({ QRCode: 'QR-S101' })
    await root.session.initialise({ BaseID: 'B201' })
    expect(root.businessMode.choose('2')).toBe(true)
    root.cart.add(goods, [line])
    expect(root.cart.entriesFor('S101', 'B201').map((e) => e.goodsDetails.GoodsName)).toEqual(['Cola'])
    // The counter URL again (the shop, no branch yet), then the same branch.
    await root.session.initialise({ QRCode: 'QR-S101' })
    await root.session.initialise({ BaseID: 'B201' })
    expect(root.businessMode.current).toBe('2')
    expect(root.cart.entriesFor('S101', 'B201').map((e) => e.goodsDetails.GoodsName)).toEqual(['Cola'])
  })

  it('a branch that does not offer the cart\'s mode empties it and says so (not without a word)', async () => {
    const { BASE } = await import('./support/fake-gateway-server')
    const base = { ...BASE }
    const { respond } = await counterServer()
    const host = createFakeHost((req) => {
      const res = respond(req)
      const data = (res.data as { data?: { table3?: unknown[] } }).data
      if (data?.table3?.length) data.table3 = [{ ...base }]
      return res
    })
    const root = new RootStore(host, config)
    await root.session.initialise({ BaseID: 'B201' })
    expect(root.businessMode.choose('2')).toBe(true)
    root.cart.add(goods, [line])
    // The shop makes the branch takeaway only; the diner comes back to it through the counter.
    base.BusinessMode = '1'
    await root.session.initialise({ QRCode: 'QR-S101' })
    expect(host.toasts).toEqual([])
    await root.session.initialise({ BaseID: 'B201' })
    expect(root.businessMode.current).toBe('1')
    expect(root.cart.entriesFor('S101', 'B201')).toEqual([])
    expect(host.toasts).toEqual(['Your Delivery cart was emptied: here you are ordering for Takeaway.'])
    // Back to all modes: the diner's own choice (delivery) applies again, and the takeaway cart goes, with a word.
    root.cart.add(goods, [line])
    base.BusinessMode = '0'
    await root.session.initialise({ BaseID: 'B201' })
    expect(root.businessMode.current).toBe('2')
    expect(host.toasts[1]).toBe('Your Takeaway cart was emptied: here you are ordering for Delivery.')
    // The diner's own switch was asked first (the goods list's confirm): no second word.
    root.cart.add(goods, [line])
    expect(root.businessMode.choose('0')).toBe(true)
    expect(root.cart.entriesFor('S101', 'B201')).toEqual([])
    expect(host.toasts).toHaveLength(2)
  })

  it('a page opened afresh at the counter (a reload) keeps the stored delivery cart until the branch is chosen', async () => {
    const host = createFakeHost((await counterServer()).respond)
    const first = new RootStore(host, config)
    await first.session.initialise({ BaseID: 'B201' })
    expect(first.businessMode.choose('2')).toBe(true)
    first.cart.add(goods, [line])
    const again = new RootStore(host, config)
    await again.session.initialise({ QRCode: 'QR-S101' })
    await again.session.initialise({ BaseID: 'B201' })
    expect(again.cart.entriesFor('S101', 'B201').map((e) => e.goodsDetails.GoodsName)).toEqual(['Cola'])
  })
})
