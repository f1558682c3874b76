/** Goods rows, their cart action and the cart bar, as a diner sees them (jsdom over Taro's React components). */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { runInAction } from 'mobx'
import { observer } from 'mobx-react-lite'
import type { GoodsRow } from '../../src/gateway/operations'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { GoodsRowView } from '../../src/features/menu/components/GoodsRowView'
import { CartBar } from '../../src/features/cart/components/CartBar'
import { CartView } from '../../src/features/cart/components/CartView'
import { CartPage } from '../../src/features/cart/components/CartPage'
import { ChoiceSections } from '../../src/features/menu/components/ChoiceSections'
import { GoodsChoice } from '../../src/features/menu/goods-choice'
import type { GoodsDetails } from '../../src/features/menu/menu.store'
import { DEFAULT_POINTS } from '../../src/core/money'
import { GoodsAction } from '../../src/compose/GoodsAction'
import { ConfirmPage } from '../../src/features/checkout/components/ConfirmPage'
import { OrderLineItem } from '../../src/features/orders/components/OrderViews'
import type { CartLineInput } from '../../src/core/cart'
import type { Locale } from '../../src/gateway/contract'
import { lineRow } from '../unit/support/orders-fakes'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'
import { goodsRow } from '../unit/support/menu-rows'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

const goods = (over: Partial<GoodsRow>): GoodsRow =>
  goodsRow('S101.g.F01', 'S101.c.SOUP', { GoodsCode: 'F01', GoodsName: 'Soup of the Day', GoodsType: 5, Price: '22', SalesPrice: '22', SalesQua: 12, SortNo: 1, ...over })

const SOUP = goods({})
const LATE = goods({ GoodsID: 'S101.g.J07', GoodsCode: 'J07', GoodsName: 'Late-night Mango Pancakes', OnSaleTime: '21:00', OffSaleTime: '22:00' })
const NOODLES = goods({ GoodsID: 'S101.g.C01', GoodsCode: 'C01', GoodsName: 'Shrimp Wonton Noodles', HasOptions: 1, SkuType: 1, Price: '42', SalesPrice: '42' })
const LEMON = goods({ GoodsID: 'S101.g.H04', GoodsCode: 'H04', GoodsName: 'Iced Lemon Tea', Price: '25', SalesPrice: '20', SaleType: 2 })

async function renderRows(rows: GoodsRow[], onChoose = jest.fn()) {
  const server = demoServer({
    GoodsClassAllGet: () => ok({ table1: [] }),
    GoodsListByClass: () => ok({ table1: rows, table2: [{ Total: rows.length }] })
  }, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en' })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await root.menu.loadMenu()
  // The rows as the goods list draws them: observing the menu's list, whose rows are replaced when they change.
  const Rows = observer(() => (
    <>
      {root.menu.goods.map((g) => (
        <GoodsRowView key={g.GoodsID} goods={g} onOpen={() => undefined} action={<GoodsAction goods={g} onChoose={onChoose} />} />
      ))}
    </>
  ))
  render(
    <StoreContext.Provider value={root}>
      <Rows />
      <CartBar shopId='S101' baseId='B201' onOpen={() => undefined} />
    </StoreContext.Provider>
  )
  return { root, host, onChoose }
}

describe('goods rows and the cart bar', () => {
  it('add a plain goods with +, count and total follow, − takes it out again', async () => {
    const { host } = await renderRows([SOUP])
    expect(screen.getByText('Your cart is empty')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByLabelText('Add one Soup of the Day')))
    expect(screen.getByTestId('cart-total').textContent).toBe('MOP$22.00')
    await act(async () => fireEvent.click(screen.getByLabelText('Add one Soup of the Day')))
    expect(screen.getByTestId('cart-count').textContent).toBe('2')
    expect(screen.getByTestId('cart-total').textContent).toBe('MOP$44.00')
    expect(JSON.parse(host.store.get('scanorder.cart')!).cartVersion).toBe(3)
    await act(async () => fireEvent.click(screen.getByLabelText('Remove one Soup of the Day')))
    await act(async () => fireEvent.click(screen.getByLabelText('Remove one Soup of the Day')))
    expect(screen.getByText('Your cart is empty')).toBeTruthy()
    expect(screen.queryByLabelText('Remove one Soup of the Day')).toBeNull()
  })

  it('a goods not yet on sale says when it starts and offers no way to add it', async () => {
    await renderRows([LATE])
    expect(screen.getByTestId('sale-status').textContent).toBe('On sale from 21:00')
    expect(screen.queryByLabelText('Add one Late-night Mango Pancakes')).toBeNull()
  })

  it('a goods the shop switched off says Sold out and offers no way to add it, until it is back (live, in place)', async () => {
    const { root } = await renderRows([goods({ SoldOut: 1 })])
    expect(screen.getByTestId('sold-out').textContent).toBe('Sold out')
    expect(screen.queryByLabelText('Add one Soup of the Day')).toBeNull()
    // What the live stream's goods.soldOut does to the row (menu-live.store.ts): a new row in its place.
    await act(async () => runInAction(() => (root.menu.goods[0] = { ...root.menu.goods[0], SoldOut: 0 })))
    expect(screen.queryByTestId('sold-out')).toBeNull()
    expect(screen.getByLabelText('Add one Soup of the Day')).toBeTruthy()
  })

  it('a goods with choices offers Choose instead of a stepper', async () => {
    const { onChoose } = await renderRows([NOODLES])
    expect(screen.queryByLabelText('Add one Shrimp Wonton Noodles')).toBeNull()
    await act(async () => fireEvent.click(screen.getByText('Choose')))
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ GoodsCode: 'C01' }))
  })

  it('a promoted goods shows its badge, the now price and the list price struck through', async () => {
    await renderRows([LEMON])
    expect(screen.getByText('Special')).toBeTruthy()
    expect(screen.getByTestId('goods-price').textContent).toBe('MOP$20.00')
    expect(screen.getByText('MOP$25.00')).toBeTruthy()
  })

  it("the steppers stop at the shop's per-line cap and the cart says why", async () => {
    const { root } = await renderRows([SOUP])
    runInAction(() => {
      root.session.shopParams = { ...root.session.shopParams, MaxLineQuantity: '3' }
    })
    for (let i = 0; i < 5; i++) await act(async () => fireEvent.click(screen.getByLabelText('Add one Soup of the Day')))
    expect(screen.getByTestId('cart-count').textContent).toBe('3')
    expect(screen.getByTestId('goods-stepper-value').textContent).toBe('3')
    expect(screen.getByLabelText('Add one Soup of the Day').getAttribute('aria-disabled')).toBe('true')
    render(
      <StoreContext.Provider value={root}>
        <CartView shopId='S101' baseId='B201' onBrowse={() => undefined} />
      </StoreContext.Provider>
    )
    const [, cartPlus] = screen.getAllByLabelText('Add one Soup of the Day')
    await act(async () => fireEvent.click(cartPlus))
    expect(screen.getByTestId('cart-line-quantity-value').textContent).toBe('3')
    expect(screen.getByTestId('cart-line-quantity-hint').textContent).toBe('At most 3 per order')
    // Taking one off lifts the stop and the hint goes.
    await act(async () => fireEvent.click(screen.getAllByLabelText('Remove one Soup of the Day')[1]))
    expect(screen.queryByTestId('cart-line-quantity-hint')).toBeNull()
    expect(screen.getByLabelText('Add one Soup of the Day', { selector: '[data-testid="cart-line-quantity"] *' }).getAttribute('aria-disabled')).toBe('false')
  })

  it('a line chosen with stock left stops there in the cart too, and says so', async () => {
    const { root } = await renderRows([SOUP])
    await act(async () => fireEvent.click(screen.getByLabelText('Add one Soup of the Day')))
    const entry = root.cart.cartList[0]
    const [line] = entry.lines
    // The same goods with a remark: a line of its own, chosen when 2 were left.
    runInAction(() => root.cart.add(entry.goodsDetails, [{ ...line, mQua: '1', remarkList: [{ name: 'Spice', option: 'Mild' }], stockLeft: 2 }]))
    render(
      <StoreContext.Provider value={root}>
        <CartView shopId='S101' baseId='B201' onBrowse={() => undefined} />
      </StoreContext.Provider>
    )
    const plus = () => screen.getAllByLabelText('Add one Soup of the Day', { selector: '[data-testid="cart-line-quantity"] *' })
    for (let i = 0; i < 3; i++) await act(async () => fireEvent.click(plus()[1]))
    const values = screen.getAllByTestId('cart-line-quantity-value').map((v) => v.textContent)
    expect(values).toEqual(['1', '2'])
    expect(screen.getByTestId('cart-line-quantity-hint').textContent).toBe('Only 2 left')
    expect(plus()[1].getAttribute('aria-disabled')).toBe('true')
    // The line without a known stock goes on.
    expect(plus()[0].getAttribute('aria-disabled')).toBe('false')
  })

  it('clearing the cart asks first: kept when the diner says no, emptied when yes', async () => {
    const { root, host } = await renderRows([SOUP])
    await act(async () => fireEvent.click(screen.getByLabelText('Add one Soup of the Day')))
    await root.loadFeatures()
    render(
      <StoreContext.Provider value={root}>
        <CartView shopId='S101' baseId='B201' onBrowse={() => undefined} />
      </StoreContext.Provider>
    )
    const asked: string[] = []
    let answer = false
    host.confirm = async (texts) => {
      asked.push(`${texts.content}|${texts.confirm}|${texts.cancel}`)
      if (!answer) throw new ConfirmCancelled()
    }
    await act(async () => fireEvent.click(screen.getByTestId('cart-clear')))
    expect(asked).toEqual(['Clear the cart?|Clear|Cancel'])
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1)
    answer = true
    await act(async () => fireEvent.click(screen.getByTestId('cart-clear')))
    expect(screen.queryAllByTestId('cart-line')).toHaveLength(0)
  })
})

describe('a keyboard or a screen reader can order', () => {
  it('every control on a goods row takes the focus and says which goods it is for', async () => {
    await renderRows([SOUP, NOODLES])
    const choose = screen.getByRole('button', { name: 'Choose Shrimp Wonton Noodles' })
    const add = screen.getByRole('button', { name: 'Add one Soup of the Day' })
    const open = screen.getByRole('link', { name: 'Soup of the Day' })
    for (const el of [choose, add, open]) expect(el.tabIndex).toBe(0)
    // The cart button says how many are in the cart once something is.
    expect(screen.getByRole('button', { name: 'Open the cart' }).getAttribute('aria-disabled')).toBe('true')
    await act(async () => fireEvent.click(add))
    expect(screen.getByRole('button', { name: 'Open the cart, 1 item' }).tabIndex).toBe(0)
    expect(screen.getByRole('button', { name: 'View cart' }).getAttribute('aria-disabled')).toBe('false')
  })

  it('specs and remarks are radios in named groups, add-ons checkboxes, a one-pick combo class a radio group', async () => {
    const { root } = await renderRows([])
    const goods = { ...NOODLES, GoodsID: 'TEA', GoodsName: 'Milk tea', Unit: 'cup', GoodsNames: { 'zh-CN': 'Milk tea', 'zh-TW': 'Milk tea', en: 'Milk tea' }, Description: '', GoodsRemarks: '', Images: [], CommentCount: 0, IsRecommend: 0 }
    const bom = (BOMClassID: string, GoodsID: string) => ({ BOMClassID, GoodsID, GoodsName: `Name ${GoodsID}`, BOMQua: '1', BOMGoodsPUnit: 'portion', Price: '0', ImageUrl: '', IsDefault: 0 })
    const details: GoodsDetails = {
      goods,
      attributes: [{ AttrID: 'A-SIZE', AttrName: 'Size', SortNo: 1 }],
      values: [
        { AttrID: 'A-SIZE', ValueID: 'V-L', ValueName: 'Large', SortNo: 1 },
        { AttrID: 'A-SIZE', ValueID: 'V-M', ValueName: 'Medium', SortNo: 2 }
      ],
      skus: [
        { SkuID: 'SK-L', SkuCode: 'L', SkuItems: 'V-L', SkuName: 'Large', Price: '13', SalesPrice: '13', Qua: -1, PQua: -1, MQua: -1 },
        { SkuID: 'SK-M', SkuCode: 'M', SkuItems: 'V-M', SkuName: 'Medium', Price: '11', SalesPrice: '11', Qua: -1, PQua: -1, MQua: -1 }
      ],
      packUnits: [],
      remarks: [{ name: 'Sugar', options: ['Less', 'Normal'] }],
      addOns: [
        { GoodsID: 'TEA', OptionID: 'O1', Value: 'Pearls', Value2: '0.30', Value3: '0.20', SortNo: 1 },
        { GoodsID: 'TEA', OptionID: 'O2', Value: 'Pudding', Value2: '1.20', Value3: '1.10', SortNo: 2 }
      ],
      bomClasses: [
        { BOMClassID: 'K-MAIN', BOMClassName: 'Main', Qua: 1, SelectType: 0, SortNo: 1 },
        { BOMClassID: 'K-SIDE', BOMClassName: 'Sides', Qua: 2, SelectType: 1, SortNo: 2 }
      ],
      bomGoods: [bom('K-MAIN', 'B1'), bom('K-MAIN', 'B2'), bom('K-SIDE', 'B3'), bom('K-SIDE', 'B4')]
    }
    const choice = new GoodsChoice(details, DEFAULT_POINTS)
    render(
      <StoreContext.Provider value={root}>
        <ChoiceSections choice={choice} />
      </StoreContext.Provider>
    )
    const size = screen.getByRole('radiogroup', { name: 'Size' })
    const sizes = () => within(size).getAllByRole('radio')
    // One Tab stop, on the chosen size; the arrows choose the next one, wrapping.
    expect(sizes().map((r) => [r.getAttribute('aria-checked'), r.tabIndex])).toEqual([['true', 0], ['false', -1]])
    await act(async () => fireEvent.keyDown(sizes()[0], { key: 'ArrowRight' }))
    expect(sizes().map((r) => [r.getAttribute('aria-checked'), r.tabIndex])).toEqual([['false', -1], ['true', 0]])
    await act(async () => fireEvent.keyDown(sizes()[1], { key: 'ArrowDown' }))
    expect(sizes().map((r) => r.getAttribute('aria-checked'))).toEqual(['true', 'false'])
    await act(async () => fireEvent.click(within(size).getByRole('radio', { name: 'Medium' })))
    expect(sizes().map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true'])
    // A remark: one of a group, and a second press takes it back.
    const less = within(screen.getByRole('radiogroup', { name: 'Sugar' })).getByRole('radio', { name: 'Less' })
    await act(async () => fireEvent.click(less))
    expect(less.getAttribute('aria-checked')).toBe('true')
    await act(async () => fireEvent.click(less))
    expect(less.getAttribute('aria-checked')).toBe('false')
    // Add-ons: any number.
    const addOns = screen.getByRole('group', { name: /^Add-ons/ })
    for (const name of [/^Pearls/, /^Pudding/]) await act(async () => fireEvent.click(within(addOns).getByRole('checkbox', { name })))
    expect(within(addOns).getAllByRole('checkbox').map((c) => c.getAttribute('aria-checked'))).toEqual(['true', 'true'])
    // Combo classes: one pick swaps (radios), up to two are checkboxes.
    const main = screen.getByRole('radiogroup', { name: /^Main/ })
    await act(async () => fireEvent.click(within(main).getByRole('radio', { name: /Name B1/ })))
    await act(async () => fireEvent.click(within(main).getByRole('radio', { name: /Name B2/ })))
    expect(within(main).getAllByRole('radio').map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true'])
    expect(within(screen.getByRole('group', { name: /^Sides/ })).getAllByRole('checkbox')).toHaveLength(2)
  })

  it("the cart page's bottom bar shows the total beside Checkout", async () => {
    const { root } = await renderRows([SOUP])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add one Soup of the Day' })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add one Soup of the Day' })))
    await root.loadFeatures()
    const { container } = render(
      <StoreContext.Provider value={root}>
        <CartPage mode='postpay' onBrowse={jest.fn()} onCheckout={jest.fn()} />
      </StoreContext.Provider>
    )
    const checkout = within(container).getByRole('button', { name: 'Checkout' })
    expect(checkout.tabIndex).toBe(0)
    const bar = checkout.parentElement!
    expect(within(bar).getByText('Total')).toBeTruthy()
    expect(within(bar).getByTestId('cart-page-total').textContent).toBe('MOP$44.00')
  })
})

describe('pack units read the same in the cart, on the confirm page and in order details', () => {
  // Egg tarts by the box: 'Box of 6' says its count, 'Box' does not.
  const TART = { GoodsID: 'S101.g.A03', ShopID: 'S101', BaseID: 'B201', Ref: '6', GoodsName: 'Portuguese Egg Tart', GoodsType: 5, Unit: 'piece', ImageUrl: '', StepQua: '1' }
  const packLine = (PUnit: string, PCode: string): CartLineInput => ({
    sku: null,
    Ref: '6',
    PSalesPrice: '64',
    SalesPrice: '12',
    PUnitPrice: '72',
    Price: '12',
    PUnit,
    PCode,
    mQua: '0',
    pQua: '1',
    remarkList: [],
    bomList: [],
    attachmentList: []
  })

  async function rootWithPacks(language: Locale, units: [string, string][], unit = 'piece') {
    const server = demoServer({}, '2026-11-22 12:00:00')
    const host = createFakeHost(server.respond, { deviceLanguage: () => language })
    const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
    await root.session.initialise({ QRCode: 'QR-A03' })
    await root.loadFeatures()
    runInAction(() => root.cart.add({ ...TART, Unit: unit }, units.map(([name, code]) => packLine(name, code))))
    return root
  }

  it('the cart names a pack once: its name alone when it says its count, with what it holds otherwise', async () => {
    const root = await rootWithPacks('en', [['Box of 6', 'BOX6'], ['Box', 'BOX']])
    render(
      <StoreContext.Provider value={root}>
        <CartView shopId='S101' baseId='B201' onBrowse={() => undefined} />
      </StoreContext.Provider>
    )
    expect(screen.getAllByTestId('cart-line-choices').map((c) => c.textContent)).toEqual(['Box of 6', 'Box (piece × 6)'])
  })

  it('so does it in Chinese, where a name says its count in Chinese numerals too', async () => {
    const root = await rootWithPacks('zh-TW', [['六件裝', 'BOX6'], ['盒', 'BOX']], '件')
    render(
      <StoreContext.Provider value={root}>
        <CartView shopId='S101' baseId='B201' onBrowse={() => undefined} />
      </StoreContext.Provider>
    )
    expect(screen.getAllByTestId('cart-line-choices').map((c) => c.textContent)).toEqual(['六件裝', '盒（6件）'])
  })

  it('the confirm page names the pack with the quantity and says what it holds only when the name does not', async () => {
    const root = await rootWithPacks('en', [['Box of 6', 'BOX6'], ['Box', 'BOX']])
    render(
      <StoreContext.Provider value={root}>
        <ConfirmPage mode='prepay' onBackToCart={jest.fn()} onOpenTerms={jest.fn()} onPlaced={jest.fn()} onChooseBranch={jest.fn()} onOpenOrder={jest.fn()} />
      </StoreContext.Provider>
    )
    const lines = screen.getAllByTestId('confirm-line')
    expect(lines.map((l) => l.querySelector('[data-testid="confirm-line-quantity"]')!.textContent)).toEqual(['× 1 · Box of 6', '× 1 · Box'])
    expect(lines.map((l) => l.querySelector('[data-testid="confirm-line-choices"]')?.textContent ?? '')).toEqual(['', 'piece × 6'])
  })

  it('order details and the table sheet do the same with an ordered line', async () => {
    const root = await rootWithPacks('en', [])
    render(
      <StoreContext.Provider value={root}>
        <OrderLineItem line={lineRow('O1', 1, { GoodsName: 'Portuguese Egg Tart', PCode: 'BOX6', PUnit: 'Box of 6', Ref: '6', Unit: 'piece', PQua: '2', MQua: '0' })} />
        <OrderLineItem line={lineRow('O1', 2, { GoodsName: 'Portuguese Egg Tart', PCode: 'BOX', PUnit: 'Box', Ref: '6', Unit: 'piece', PQua: '1', MQua: '0', SkuName: 'Classic' })} />
      </StoreContext.Provider>
    )
    const lines = screen.getAllByTestId('order-line')
    expect(lines.map((l) => l.querySelector('[data-testid="order-line-qua"]')!.textContent)).toEqual(['× 2 Boxes of 6', '× 1 Box'])
    expect(lines.map((l) => l.querySelector('[data-testid="order-line-choices"]')?.textContent ?? '')).toEqual(['', 'Classic · piece × 6'])
  })
})
