/**
 * A table's bill as the diner sees it (issue 27 items 1–3; jsdom over Taro's React components):
 * the paying page when the bill changed while the diner paid (the money came late and went back),
 * or someone else paid it first; a table's bill in the Orders list; a cancelled bill's note; what
 * a paid bill offers after the meal.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { OrderCard, OrderHero } from '../../src/features/orders/components/OrderViews'
import { AfterOrderActions } from '../../src/features/orders/components/AfterOrderActions'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import type { Locale } from '../../src/gateway/contract'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer, type Script } from '../unit/support/fake-gateway-server'
import { lineRow, orderRow, paymentRow } from '../unit/support/orders-fakes'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: mockParams, path: '/pages/paying/paying' })
  return { ...actual, useRouter, default: { ...actual.default, useRouter } }
})
/* eslint-disable import/first */
import Paying from '../../src/pages/paying/paying'
/* eslint-enable import/first */

/** A table's bill (a settlement): postpay, no round number, its sheet named. */
const bill = (over: Parameters<typeof orderRow>[1] = {}) =>
  orderRow('P9', { PayMode: 'postpay', RoundNo: 0, TableSheetID: 'T7', TableID: 'A03', TableName: 'A03', ServiceType: 'dinein', Amount: '305.00', CanPay: 0, CanCancel: 0, ...over })

async function open(node: () => ReactNode, script: Script = {}, locale: Locale = 'en') {
  const server = demoServer(script, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => locale })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await act(async () => root.i18n.setLocale(locale))
  await root.i18n.loadAll()
  render(<StoreContext.Provider value={root}>{node()}</StoreContext.Provider>)
  return { root, host }
}

/** The paying page, its payment checked once: refunded, for `order`. */
async function payingFor(order: ReturnType<typeof bill>, status: number = PAYMENT_STATUS.REFUNDED, locale: Locale = 'en') {
  mockParams = { PayID: 'PAY1', SheetID: order.SheetID }
  const opened = await open(() => <Paying />, { PaymentStatusUpdate: () => ok({ table1: [paymentRow('PAY1', order.SheetID, { Status: status })], table2: [order] }) }, locale)
  // Taro's onLoad does not run under jsdom: the page's first check, as it starts it.
  await act(async () => {
    opened.root.payment.watchPayment({ PayID: 'PAY1', SheetID: order.SheetID })
    await new Promise((r) => setTimeout(r, 0))
  })
  await screen.findByRole('alert')
  return opened
}

describe('the paying page when a table bill changed while the diner paid (item 1)', () => {
  it('says the bill changed, the money went back and to pay the new total; leads to the table, the bill and the tabs', async () => {
    const { host } = await payingFor(bill({ Status: ORDER_STATUS.CANCELLED }))
    expect(screen.getByRole('alert').textContent).toBe("The table's bill changed while you were paying")
    expect(screen.getByTestId('paying-note').textContent).toBe(
      'Someone at the table added to or changed the order after you opened the bill, so that bill no longer stands. Your payment has been refunded. Please pay the new total.'
    )
    expect(screen.queryByText(/arrived after the order had ended/)).toBeNull()
    // The mark carries a glyph (it was an empty circle), hidden from a screen reader.
    expect(document.querySelector('.so-paying__glyph')?.textContent).toBe('↩')
    expect(screen.getByRole('navigation')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByText('See the new total')))
    expect(host.navigations.at(-1)).toBe('/pages/orderEntry/orderEntry?QRCode=QR-A03&SheetID=T7')
    await act(async () => fireEvent.click(screen.getByText('View the bill')))
    expect(host.navigations.at(-1)).toBe('/pages/orderDetails/orderDetails?SheetID=P9')
  })

  it('a refund still due says it will be refunded; in Chinese with full-width punctuation', async () => {
    await payingFor(bill({ Status: ORDER_STATUS.CANCELLED }), PAYMENT_STATUS.REFUND_DUE, 'zh-CN')
    expect(screen.getByRole('alert').textContent).toBe('您付款时，本桌的账单有了变动')
    expect(screen.getByTestId('paying-note').textContent).toContain('您的付款将原路退回。请按新的总额付款。')
    expect(screen.getByText('查看新的总额')).toBeTruthy()
  })

  it('someone else paid the bill first: says so, and leads back to the table', async () => {
    const { host } = await payingFor(bill({ Status: ORDER_STATUS.PAID }))
    expect(screen.getByRole('alert').textContent).toBe("The table's bill had already been paid")
    expect(screen.getByTestId('paying-note').textContent).toBe('Someone at the table paid it before your payment arrived. Your payment has been refunded.')
    await act(async () => fireEvent.click(screen.getByText('Back to the table')))
    expect(host.navigations.at(-1)).toBe('/pages/orderEntry/orderEntry?QRCode=QR-A03&SheetID=T7')
  })

  it('a prepay order paid too late keeps its own words', async () => {
    await payingFor(orderRow('O1', { Status: ORDER_STATUS.EXPIRED, CanPay: 0 }))
    expect(screen.getByRole('alert').textContent).toBe('Your payment arrived after the order had ended; it has been refunded.')
    expect(screen.queryByText('See the new total')).toBeNull()
  })
})

describe('a table bill in Orders and on its page (items 2, 3)', () => {
  it('the list card says it is the table\'s bill, not a dine-in order', async () => {
    await open(() => <OrderCard order={bill({ Status: ORDER_STATUS.PAID, LineCount: 3 })} onOpen={jest.fn()} onPay={jest.fn()} />)
    expect(screen.getByTestId('order-row-service').textContent).toBe("Table's bill")
    expect(screen.getByTestId('order-row-amount').textContent).toBe('MOP$305.00')
  })

  it('a cancelled bill says why it no longer stands', async () => {
    await open(() => <OrderHero order={bill({ Status: ORDER_STATUS.CANCELLED })} />)
    expect(screen.getByTestId('order-note').textContent).toBe("This bill no longer stands: the table's order changed after it was made. Any payment for it is given back.")
  })

  it('a paid bill offers Review, Order again and Receipt (after-sale is asked at the counter)', async () => {
    const { host } = await open(() => (
      <AfterOrderActions
        detail={{ order: bill({ Status: ORDER_STATUS.PAID, PaidAmount: '305.00' }), lines: [lineRow('P9', 1), lineRow('P9', 2)], payments: [paymentRow('PAY2', 'P9', { Status: 1 })] }}
        onReorder={jest.fn()}
      />
    ))
    const group = screen.getByRole('group', { name: 'After your meal' })
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Review', 'Order again', 'Receipt'])
    await act(async () => fireEvent.click(screen.getByText('Receipt')))
    expect(host.navigations).toEqual(['/pages/receipt/receipt?SheetID=P9'])
  })

  it('a round of a table bill still offers nothing of its own', async () => {
    await open(() => (
      <AfterOrderActions detail={{ order: orderRow('R1', { PayMode: 'postpay', RoundNo: 1, TableSheetID: 'T7', Status: ORDER_STATUS.COMPLETED }), lines: [lineRow('R1', 1)], payments: [] }} onReorder={jest.fn()} />
    ))
    expect(screen.queryByTestId('after-actions')).toBeNull()
  })
})
