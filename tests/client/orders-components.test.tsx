/** The order views as a diner sees them (jsdom over Taro's React components). */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { OrderCard, OrderFacts, OrderHero, OrderLines } from '../../src/features/orders/components/OrderViews'
import { createFakeHost } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'
import { lineRow, orderRow } from '../unit/support/orders-fakes'
import type { ReactNode } from 'react'

async function renderWith(node: (root: RootStore) => ReactNode) {
  const server = demoServer({}, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en' })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  render(<StoreContext.Provider value={root}>{node(root)}</StoreContext.Provider>)
  return root
}

describe('order views', () => {
  it('a paid order in the list: status, pickup number, amount, time; no pay button', async () => {
    const onOpen = jest.fn()
    await renderWith(() => <OrderCard order={orderRow('O1', { Status: 1, PickupNo: '7', CanPay: 0, Amount: '64.5' })} onOpen={onOpen} onPay={jest.fn()} />)
    expect(screen.getByTestId('order-status').textContent).toBe('Paid')
    expect(screen.getByTestId('order-row-pickup').textContent).toBe('7')
    expect(screen.getByTestId('order-row-amount').textContent).toBe('MOP$64.50')
    expect(screen.getByTestId('order-row-time').textContent).toBe('2026-11-22 12:00')
    expect(screen.queryByTestId('order-row-pay')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('order-row')))
    expect(onOpen).toHaveBeenCalled()
  })

  it('an unpaid order offers Pay now, which does not also open the order', async () => {
    const onOpen = jest.fn()
    const onPay = jest.fn()
    await renderWith(() => <OrderCard order={orderRow('O1')} onOpen={onOpen} onPay={onPay} />)
    expect(screen.getByTestId('order-status').textContent).toBe('Awaiting payment')
    await act(async () => fireEvent.click(screen.getByText('Pay now')))
    expect(onPay).toHaveBeenCalled()
    expect(onOpen).not.toHaveBeenCalled()
  })

  it.each([
    [5, 'Ready for pickup', 'Your order is ready — please pick it up at the counter'],
    [2, 'Completed', 'Your order is complete. Thank you, and see you again soon!'],
    [4, 'Expired', 'This order was not paid in time and has expired']
  ] as const)('status %i reads "%s" with its note', async (Status, label, note) => {
    await renderWith(() => <OrderHero order={orderRow('O1', { Status, PickupNo: Status === 4 ? '' : '12', CanPay: 0, CanCancel: 0 })} />)
    expect(screen.getByTestId('order-status').textContent).toBe(label)
    expect(screen.getByTestId('order-note').textContent).toBe(note)
    if (Status !== 4) expect(screen.getByTestId('pickup-number').textContent).toBe('12')
  })

  it('lines with their choices, bags and the total', async () => {
    const order = orderRow('O1', { GoodsAmount: '70.00', BagQua: 2, BagFee: '2.00', Amount: '72.00' })
    await renderWith(() => (
      <OrderLines
        order={order}
        lines={[
          lineRow('O1', 1, { GoodsName: 'Wonton Noodles', SkuName: 'Large', RemarkText: 'Spice: Mild', AddOnText: 'Egg', MQua: '2', Amount: '76' }),
          lineRow('O1', 2, { GoodsName: 'Char Siu Bao', PCode: 'P6', PUnit: 'basket', PQua: '1', MQua: '0', Amount: '32' })
        ]}
      />
    ))
    expect(screen.getAllByTestId('order-line-name').map((e) => e.textContent)).toEqual(['Wonton Noodles', 'Char Siu Bao'])
    expect(screen.getByText('Large · Spice: Mild · +Egg')).toBeTruthy()
    expect(screen.getByText('× 2 bowl')).toBeTruthy()
    expect(screen.getByText('× 1 basket')).toBeTruthy()
    expect(screen.getByText('Bags × 2')).toBeTruthy()
    expect(screen.getByTestId('order-total').textContent).toBe('MOP$72.00')
  })

  it("shows the diner's remark with the lines", async () => {
    const order = orderRow('O1', { Remarks: 'No coriander please / Nut allergy' })
    await renderWith(() => <OrderLines order={order} lines={[lineRow('O1', 1, { GoodsName: 'Wonton Noodles' })]} />)
    expect(screen.getByTestId('order-remark').textContent).toBe('Remark: No coriander please / Nut allergy')
  })

  it('a delivery shows who and where it goes to, and no pickup number or table', async () => {
    const order = orderRow('O1', {
      Status: 1,
      ServiceType: 'delivery',
      PickupNo: '2',
      TableName: 'T01',
      Contact: 'Ana Lei',
      Phone: '+853 6612 3456',
      Address: 'Rua do Cunha 10, Taipa',
      CanPay: 0
    })
    await renderWith(() => (
      <>
        <OrderHero order={order} />
        <OrderFacts order={order} />
      </>
    ))
    expect(screen.getByTestId('order-contact').textContent).toBe('Ana Lei')
    expect(screen.getByTestId('order-phone').textContent).toBe('+853 6612 3456')
    expect(screen.getByTestId('order-address').textContent).toBe('Rua do Cunha 10, Taipa')
    expect(screen.queryByTestId('pickup-number')).toBeNull()
    expect(screen.queryByText('T01')).toBeNull()
  })
})
