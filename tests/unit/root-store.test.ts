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
