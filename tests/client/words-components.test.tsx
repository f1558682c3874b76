/**
 * Issue 27 items 15, 16 and 19 as a diner reads an order (jsdom over Taro's React components):
 * counted units in the plural in English ('× 2 bowls', not '× 2 bowl'), one minus sign for every
 * deduction (the coupon and the refund alike, never a hyphen) and one money format.
 */
import { act, render, screen } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { OrderLines } from '../../src/features/orders/components/OrderViews'
import { createFakeHost } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'
import { lineRow, orderRow } from '../unit/support/orders-fakes'
import type { Locale } from '../../src/gateway/contract'

async function renderLines(locale: Locale) {
  const server = demoServer({}, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => locale })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await act(async () => void (await root.i18n.setLocale(locale)))
  const order = orderRow('O1', { GoodsAmount: '85.50', CouponAmount: '10.00', CouponName: locale === 'en' ? 'Welcome coupon' : '迎新券', Amount: '75.50', PaidAmount: '75.50', RefundedAmount: '9.50', Status: 2 })
  const lines = [
    lineRow('O1', 1, { GoodsName: 'Noodles', Unit: locale === 'en' ? 'bowl' : '碗', MQua: '2', Qua: '2', Amount: '64.00', RemarkText: locale === 'en' ? 'Spice: Mild' : '辣度：微辣' }),
    lineRow('O1', 2, { GoodsName: 'Lemon tea', Unit: locale === 'en' ? 'glass' : '杯', MQua: '1', Qua: '1', Amount: '12.00' }),
    lineRow('O1', 3, { GoodsName: 'Iced tea', Unit: locale === 'en' ? 'glass' : '杯', MQua: '3', Qua: '3', Amount: '9.50' })
  ]
  render(
    <StoreContext.Provider value={root}>
      <OrderLines order={order} lines={lines} />
    </StoreContext.Provider>
  )
}

const quantities = () => screen.getAllByTestId('order-line-qua').map((e) => e.textContent)

describe('an order as a diner reads it (issue 27)', () => {
  it('English counts its units in the plural: × 2 bowls, × 1 glass, × 3 glasses', async () => {
    await renderLines('en')
    expect(quantities()).toEqual(['× 2 bowls', '× 1 glass', '× 3 glasses'])
  })

  it('Chinese keeps its units as they are', async () => {
    await renderLines('zh-CN')
    expect(quantities()).toEqual(['× 2 碗', '× 1 杯', '× 3 杯'])
  })

  it.each(['en', 'zh-CN', 'zh-TW'] as const)('%s: the coupon and the refund are taken off with one minus sign, amounts in one format', async (locale) => {
    await renderLines(locale)
    const coupon = screen.getByTestId('order-coupon').textContent!
    const refunded = screen.getByTestId('order-refunded').textContent!
    expect(coupon).toMatch(/^\u2212MOP\$10\.00$/)
    expect(refunded).toMatch(/^\u2212MOP\$9\.50$/)
    expect(document.body.textContent).not.toMatch(/-MOP/)
    expect(document.body.textContent).not.toMatch(/MOP\$[\d,]+(\.\d)?(?![\d.])/)
  })
})
