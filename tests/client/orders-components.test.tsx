/** The order views as a diner sees them (jsdom over Taro's React components). */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { OrderCard, OrderFacts, OrderHero, OrderLines } from '../../src/features/orders/components/OrderViews'
import { ConfirmPage } from '../../src/features/checkout/components/ConfirmPage'
import { taroConfirm } from '../../src/hosts/taro-confirm'
import Terms from '../../src/pages/prepayOrderConfirm/components/terms'
import type { CartLineInput } from '../../src/core/cart'
import type { OrderStatus } from '../../src/gateway/order-rows'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'
import { lineRow, orderRow } from '../unit/support/orders-fakes'
import type { ReactNode } from 'react'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

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
    expect(screen.getByTestId('order-row-time').textContent).toBe('22 Nov 2026, 12:00')
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
    expect(screen.getByText('× 2 bowls')).toBeTruthy()
    expect(screen.getByText('× 1 basket')).toBeTruthy()
    expect(screen.getByText('Bags × 2')).toBeTruthy()
    expect(screen.getByTestId('order-total').textContent).toBe('MOP$72.00')
  })

  it('issue 17: refunds — the money section shows what was refunded, and the status note says refunded or partly refunded', async () => {
    const lines = [lineRow('O1', 1, { Amount: '54.00' })]
    const full = orderRow('O1', { Status: 2, GoodsAmount: '54.00', Amount: '54.00', PaidAmount: '54.00', RefundedAmount: '54.00', CanPay: 0, CanCancel: 0 })
    await renderWith(() => (
      <>
        <OrderHero order={full} />
        <OrderLines order={full} lines={lines} />
      </>
    ))
    expect(screen.getByTestId('order-paid').textContent).toBe('MOP$54.00')
    expect(screen.getByTestId('order-refunded').textContent).toBe('−MOP$54.00')
    expect(screen.getByText('Refunded')).toBeTruthy()
    expect(screen.getByText('Refunded in full — the money is on its way back to you')).toBeTruthy()
    expect(screen.queryByText('Your order is complete. Thank you, and see you again soon!')).toBeNull()
  })

  it('issue 17: refunds — a partial refund is named as such; no refund: no refund row, the usual note', async () => {
    const part = orderRow('O1', { Status: 2, PaidAmount: '64.00', RefundedAmount: '20.00', CanPay: 0, CanCancel: 0 })
    await renderWith(() => (
      <>
        <OrderHero order={part} />
        <OrderLines order={part} lines={[lineRow('O1', 1)]} />
      </>
    ))
    expect(screen.getByTestId('order-refunded').textContent).toBe('−MOP$20.00')
    expect(screen.getByText('Partly refunded — the rest of your order stands')).toBeTruthy()
  })

  it('issue 17: refunds — nothing refunded: no refund row, the usual note', async () => {
    const done = orderRow('O1', { Status: 2, PaidAmount: '64.00', CanPay: 0, CanCancel: 0 })
    await renderWith(() => (
      <>
        <OrderHero order={done} />
        <OrderLines order={done} lines={[lineRow('O1', 1)]} />
      </>
    ))
    expect(screen.queryByTestId('order-refunded')).toBeNull()
    expect(screen.getByText('Your order is complete. Thank you, and see you again soon!')).toBeTruthy()
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

describe('order views for a keyboard and a screen reader', () => {
  it("the status on show is a live region: 'Ready for pickup' is read out as it arrives", async () => {
    let setStatus: (n: OrderStatus) => void = () => undefined
    function Live() {
      const [Status, set] = useState<OrderStatus>(1)
      setStatus = set
      return <OrderHero order={orderRow('O1', { Status, PickupNo: '12', CanPay: 0, CanCancel: 0 })} />
    }
    await renderWith(() => <Live />)
    expect(screen.getAllByRole('status')[0].textContent).toBe('Paid')
    await act(async () => setStatus(5))
    expect(screen.getAllByRole('status')[0].textContent).toBe('Ready for pickup')
  })

  it('an order in the list: one button opens it, Pay now is a button beside it (not inside), both take focus', async () => {
    const onOpen = jest.fn()
    const onPay = jest.fn()
    await renderWith(() => <OrderCard order={orderRow('O1', { Amount: '64.5' })} onOpen={onOpen} onPay={onPay} />)
    const buttons = screen.getAllByRole('button')
    expect(buttons).toHaveLength(2)
    const [open, pay] = buttons
    expect(open.textContent).toContain('MOP$64.50')
    expect(pay.textContent).toBe('Pay now')
    expect(open.contains(pay)).toBe(false)
    expect(buttons.map((b) => b.getAttribute('tabindex'))).toEqual(['0', '0'])
    await act(async () => fireEvent.click(open))
    expect(onOpen).toHaveBeenCalledTimes(1)
    expect(onPay).not.toHaveBeenCalled()
  })

  it('the paid title takes focus as the payment result opens', async () => {
    await renderWith(() => <OrderHero order={orderRow('O1', { Status: 1, PickupNo: '7', CanPay: 0 })} title='Paid' focusTitle />)
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Paid' }))
  })
})

describe('the confirm page for a keyboard and a screen reader', () => {
  const TART = { GoodsID: 'S101.g.A03', ShopID: 'S101', BaseID: 'B201', Ref: '1', GoodsName: 'Portuguese Egg Tart', GoodsType: 5, Unit: 'piece', ImageUrl: '', StepQua: '1' }
  const line: CartLineInput = { sku: null, Ref: '1', PSalesPrice: '12', SalesPrice: '12', PUnitPrice: '12', Price: '12', PUnit: '', PCode: '', mQua: '2', pQua: '0', remarkList: [], bomList: [], attachmentList: [] }

  /** The confirm page of a prepay order with two tarts in the cart; `preview` answers the totals (never: they stay on their way). */
  async function renderConfirm(preview: 'never' | 'ok' = 'ok') {
    const server = demoServer(
      {
        OrderPricePreview: () =>
          preview === 'never' ? (new Promise(() => undefined) as never) : ok({ table1: [orderRow('P', { GoodsAmount: '24.00', Amount: '24.00', BagFee: '0', Freight: '0' })], table2: [] })
      },
      '2026-11-22 12:00:00'
    )
    const host = createFakeHost(server.respond, { deviceLanguage: () => 'en' })
    const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
    await root.session.initialise({ QRCode: 'QR-A03' })
    await root.loadFeatures()
    runInAction(() => root.cart.add(TART, [line]))
    root.checkout.begin('prepay')
    const props = { onBackToCart: jest.fn(), onOpenTerms: jest.fn(), onPlaced: jest.fn(), onChooseBranch: jest.fn(), onOpenOrder: jest.fn() }
    render(
      <StoreContext.Provider value={root}>
        <ConfirmPage mode='prepay' {...props} />
      </StoreContext.Provider>
    )
    await act(async () => undefined)
    return { root, host, props }
  }

  afterEach(() => RootStoreEnd.forEach((end) => end()))
  const RootStoreEnd: (() => void)[] = []

  it('service style, day, time and payment are radio groups with names; a choice is checked; one tab stop per group, arrows move the choice', async () => {
    const { root } = await renderConfirm()
    RootStoreEnd.push(() => root.checkout.end())
    const service = screen.getByRole('radiogroup', { name: 'How you are served' })
    const takeaway = within(service).getByRole('radio', { name: 'Takeaway' })
    expect(takeaway.getAttribute('aria-checked')).toBe('false')
    await act(async () => fireEvent.click(takeaway))
    expect(takeaway.getAttribute('aria-checked')).toBe('true')
    expect(within(service).getByRole('radio', { name: 'Dine-in' }).getAttribute('aria-checked')).toBe('false')

    const days = screen.getByRole('radiogroup', { name: 'Day' })
    const tomorrow = within(days).getByRole('radio', { name: 'Tomorrow' })
    await act(async () => fireEvent.click(tomorrow))
    expect(tomorrow.getAttribute('aria-checked')).toBe('true')
    const times = screen.getByRole('radiogroup', { name: 'Pickup time' })
    const first = within(times).getAllByRole('radio')[0]
    await act(async () => fireEvent.click(first))
    expect(first.getAttribute('aria-checked')).toBe('true')
    expect(within(screen.getByRole('radiogroup', { name: 'Payment' })).getByRole('radio', { name: 'Online payment' })).toBeTruthy()
    // One tab stop per group, on the checked radio; the arrow keys move the choice along.
    for (const group of screen.getAllByRole('radiogroup')) {
      const stops = within(group).getAllByRole('radio').filter((r) => r.getAttribute('tabindex') === '0')
      expect(stops).toHaveLength(1)
      expect(stops[0].getAttribute('aria-checked')).toBe('true')
    }
    await act(async () => fireEvent.keyDown(takeaway, { key: 'ArrowRight' }))
    const delivery = within(service).getByRole('radio', { name: 'Delivery' })
    expect(delivery.getAttribute('aria-checked')).toBe('true')
    expect(document.activeElement).toBe(delivery)
    await act(async () => fireEvent.keyDown(delivery, { key: 'ArrowLeft' }))
    expect(takeaway.getAttribute('aria-checked')).toBe('true')
    expect(takeaway.getAttribute('tabindex')).toBe('0')
    expect(delivery.getAttribute('tabindex')).toBe('-1')
    expect(screen.queryAllByRole('tab')).toHaveLength(0)
    // The sections' titles are headings to move between.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(expect.arrayContaining(['How you are served', 'Pickup time', 'Goods', 'Remarks', 'Payment']))
  })

  it('the policy agreement is a checkbox named by its words; the policy link beside it opens the policy and ticks nothing', async () => {
    const { root, props } = await renderConfirm()
    RootStoreEnd.push(() => root.checkout.end())
    const box = screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' })
    expect(box.getAttribute('aria-checked')).toBe('false')
    expect(box.getAttribute('tabindex')).toBe('0')
    await act(async () => fireEvent.click(box))
    expect(box.getAttribute('aria-checked')).toBe('true')
    const link = screen.getByRole('link', { name: 'privacy policy and terms of use' })
    expect(box.contains(link)).toBe(false)
    await act(async () => fireEvent.click(link))
    expect(props.onOpenTerms).toHaveBeenCalled()
    expect(box.getAttribute('aria-checked')).toBe('true')
  })

  it('a refused submit says why in an alert that stays until dismissed; OK takes the focus to the policy box it asks for (issue 27 item 14)', async () => {
    const { root, host } = await renderConfirm()
    RootStoreEnd.push(() => root.checkout.end())
    const submit = screen.getByRole('button', { name: 'Submit and pay' })
    submit.focus()
    await act(async () => fireEvent.click(submit))
    expect(screen.getByRole('alert').textContent).toBe('Please read and agree to the privacy policy')
    expect(host.toasts).toEqual([])
    // Still there long after a toast would have gone.
    await act(async () => new Promise((r) => setTimeout(r, 2500)))
    expect(screen.getByRole('alert').textContent).toBe('Please read and agree to the privacy policy')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })))
    expect(screen.queryByRole('alert')).toBeNull()
    const box = screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' })
    expect(document.activeElement === box).toBe(true)
  })

  it('the totals rows hold their places before the server answers, so the policy box below does not move', async () => {
    const { root } = await renderConfirm('never')
    RootStoreEnd.push(() => root.checkout.end())
    const totals = screen.getByTestId('confirm-totals')
    expect(within(totals).getByText('Goods').nextSibling?.textContent).toBe('…')
    expect(totals.getAttribute('aria-busy')).toBe('true')
    expect(within(totals).queryByText('Working out the total…')).toBeNull()
  })
})

describe('the privacy policy page', () => {
  it('has a level-one heading, the two parts as level two, and a focusable region a keyboard scrolls', async () => {
    // The shim's default export has no navigation bar; the title is not what this looks at.
    const taro = Taro as unknown as Record<string, unknown>
    taro.setNavigationBarTitle ??= async () => undefined
    await renderWith(() => <Terms />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy and terms of use')
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBe(2)
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(2)
    expect(screen.getByRole('region', { name: 'Privacy policy and terms of use' }).getAttribute('tabindex')).toBe('0')
  })
})

describe("the host's confirm modal (H5)", () => {
  it('is an alert dialog named by its question; focus moves to Cancel, Escape cancels, and focus returns to the opener', async () => {
    // The shim's default export lacks the H5 modal the build's Taro has.
    const taro = Taro as unknown as Record<string, unknown>
    taro.showModal ??= (jest.requireActual('@tarojs/taro-h5') as Record<string, unknown>).showModal
    const opener = document.createElement('button')
    opener.textContent = 'Cancel order'
    document.body.appendChild(opener)
    opener.focus()
    const answer = taroConfirm({ content: 'Cancel this order?', confirm: 'Yes', cancel: 'Keep' })
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const keep = within(dialog).getByRole('button', { name: 'Keep' })
    expect(document.activeElement).toBe(keep)
    expect(within(dialog).getByRole('button', { name: 'Yes' }).getAttribute('tabindex')).toBe('0')
    // The page behind is out of reach while it shows.
    expect(opener.closest('[inert]')).not.toBeNull()
    fireEvent.keyDown(keep, { key: 'Escape' })
    // Spec §8: a cancel rejects with the cancel signal.
    await expect(answer).rejects.toBeInstanceOf(ConfirmCancelled)
    expect(opener.closest('[inert]')).toBeNull()
    expect(document.activeElement).toBe(opener)
    opener.remove()
  })
})
