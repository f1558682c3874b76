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
