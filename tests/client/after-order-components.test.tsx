/** issue 17: after — order details' action bar as a diner sees it (jsdom over Taro's React components). */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { AfterOrderActions } from '../../src/features/orders/components/AfterOrderActions'
import type { OrderDetail } from '../../src/features/orders/orders.store'
import { createFakeHost, type FakeHost } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'
import { lineRow, orderRow, paymentRow } from '../unit/support/orders-fakes'

async function renderActions(detail: OrderDetail, onReorder = jest.fn()): Promise<{ host: FakeHost; onReorder: jest.Mock }> {
  const server = demoServer({}, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en' })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  render(
    <StoreContext.Provider value={root}>
      <AfterOrderActions detail={detail} onReorder={onReorder} />
    </StoreContext.Provider>
  )
  return { host, onReorder }
}

const detail = (over: Parameters<typeof orderRow>[1], payments = [paymentRow('P1', 'O1', { Status: 1 })]): OrderDetail => ({
  order: orderRow('O1', { CanPay: 0, CanCancel: 0, PaidAmount: '64.00', ...over }),
  lines: [lineRow('O1', 1), lineRow('O1', 2)],
  payments
})

describe('order details: after the order', () => {
  it('a completed order offers Review, After-sale, Order again and Receipt, a named group of buttons', async () => {
    const { host, onReorder } = await renderActions(detail({ Status: 2 }))
    const group = screen.getByRole('group', { name: 'After your meal' })
    expect(Array.from(group.querySelectorAll('[role=button]')).map((b) => b.textContent)).toEqual(['Review', 'After-sale', 'Order again', 'Receipt'])
    await act(async () => fireEvent.click(screen.getByText('Review')))
    await act(async () => fireEvent.click(screen.getByText('After-sale')))
    await act(async () => fireEvent.click(screen.getByText('Receipt')))
    expect(host.navigations).toEqual(['/pages/reviewEdit/reviewEdit?SheetID=O1', '/pages/afterSale/afterSale?SheetID=O1', '/pages/receipt/receipt?SheetID=O1'])
    await act(async () => fireEvent.click(screen.getByText('Order again')))
    expect(onReorder).toHaveBeenCalledTimes(1)
  })

  it('everything refunded: no After-sale; the rest stays', async () => {
    await renderActions(detail({ Status: 1, RefundedAmount: '64.00' }, [paymentRow('P1', 'O1', { Status: 4, Amount: '64.00' })]))
    expect(screen.queryByText('After-sale')).toBeNull()
    expect(screen.getByText('Receipt')).toBeTruthy()
  })

  it('issue 17: refunds — part refunded (the payment still paid): After-sale stays; all of it refunded by parts: it goes', async () => {
    await renderActions(detail({ Status: 2, RefundedAmount: '20.00' }))
    expect(screen.getByText('After-sale')).toBeTruthy()
  })

  it('issue 17: refunds — everything given back by after-sale parts while the payment row still reads paid: no After-sale', async () => {
    await renderActions(detail({ Status: 2, RefundedAmount: '64.00' }))
    expect(screen.queryByText('After-sale')).toBeNull()
    expect(screen.getByText('Receipt')).toBeTruthy()
  })

  it.each([0, 3, 4] as const)('status %i (unpaid, cancelled, expired) shows nothing', async (Status) => {
    await renderActions(detail({ Status, PaidAmount: '0.00' }, []))
    expect(screen.queryByTestId('after-actions')).toBeNull()
  })
})
