/**
 * Required choice groups on goodsDetails (issue 23): a remark group marked '*' in the menu says
 * "Required", the bar says what is still to choose, and neither Add to cart nor Buy now does
 * anything until the group has a choice; the line then carries it. Three languages.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { GoodsDetailRow } from '../../src/gateway/operations'
import type { Locale } from '../../src/gateway/contract'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'
import { goodsRow } from '../unit/support/menu-rows'

const GOODS_ID = 'S101.g.A01'
let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: mockParams, path: '/pages/goodsDetails/goodsDetails' })
  return { ...actual, useRouter, default: { ...actual.default, useRouter } }
})
// Imported after the mock, so the page reads the GoodsID from it.
// eslint-disable-next-line import/first
import GoodsDetails from '../../src/pages/goodsDetails/goodsDetails'

const REMARKS: Record<Locale, string> = {
  en: '*Noodles: Egg noodles; Udon\n*Spice:None;Hot\nSpring onion: Yes; No',
  'zh-TW': '*麵底：全蛋麵；烏冬\n＊辣度:不辣;大辣\n蔥：要蔥；走蔥',
  'zh-CN': '*面底：全蛋面；乌冬\n*辣度:不辣;大辣\n葱：要葱；走葱'
}
const TEXT: Record<Locale, { required: string; chooseNoodles: string; chooseSpice: string; add: string; udon: string; hot: string }> = {
  en: { required: 'Required', chooseNoodles: 'Please choose Noodles', chooseSpice: 'Please choose Spice', add: 'Add to cart', udon: 'Udon', hot: 'Hot' },
  'zh-TW': { required: '必選', chooseNoodles: '請選擇麵底', chooseSpice: '請選擇辣度', add: '加入購物車', udon: '烏冬', hot: '大辣' },
  'zh-CN': { required: '必选', chooseNoodles: '请选择面底', chooseSpice: '请选择辣度', add: '加入购物车', udon: '乌冬', hot: '大辣' }
}

function detailRow(locale: Locale): GoodsDetailRow {
  return {
    ...goodsRow(GOODS_ID, 'S101.c.NOODLES', { GoodsCode: 'A01', GoodsName: 'Brisket noodles', GoodsType: 5, Price: '58', SalesPrice: '58', HasOptions: 1 }),
    GoodsNames: { 'zh-CN': '牛腩面', 'zh-TW': '牛腩麵', en: 'Brisket noodles' },
    Description: '',
    GoodsRemarks: REMARKS[locale],
    Images: []
  }
}

async function open(locale: Locale) {
  mockParams = { GoodsID: GOODS_ID }
  let shown: Locale = locale
  const server = demoServer(
    {
      EntSysParamsGet: () => ok({ table1: [{ ParmID: 'AppLanguage', ParmValue: '2' }, { ParmID: 'Currency', ParmValue: 'MOP$' }] }),
      GoodsDetailGet: () => ok({ table1: [detailRow(shown)], table2: [], table3: [], table4: [], table5: [] }),
      AttachmentChargingList: () => ok({ table1: [] })
    },
    '2026-11-22 12:00:00'
  )
  const host = createFakeHost(server.respond, { deviceLanguage: () => (locale === 'en' ? 'en' : locale) })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await act(async () => root.i18n.setLocale(locale))
  shown = root.i18n.locale
  await root.loadFeatures()
  render(
    <StoreContext.Provider value={root}>
      <GoodsDetails />
    </StoreContext.Provider>
  )
  await act(async () => {
    await root.menu.loadDetails(GOODS_ID, true)
  })
  await screen.findByTestId('details-name')
  return { root, host }
}

/** Lines in the cart, and whether "buy now" holds anything. */
const count = (root: RootStore) => root.cart.cartList.reduce((n, e) => n + e.lines.length, 0) + root.cart.temporaryList.length

describe.each(['en', 'zh-TW', 'zh-CN'] as Locale[])('goods details with required groups (%s)', (locale) => {
  const t = TEXT[locale]

  it('marks the groups Required and adds nothing until each has a choice', async () => {
    const { root } = await open(locale)
    // The two marked groups say so; the third does not.
    const groups = screen.getAllByRole('radiogroup')
    const required = groups.filter((g) => g.getAttribute('aria-required') === 'true')
    expect(required).toHaveLength(2)
    expect(screen.getAllByText(t.required)).toHaveLength(2)

    // Nothing chosen: the bar names the first group still to choose, and Add does nothing.
    expect(screen.getByTestId('choice-problem').textContent).toBe(t.chooseNoodles)
    const add = screen.getByTestId('add-to-cart')
    expect(add.getAttribute('aria-disabled')).toBe('true')
    await act(async () => fireEvent.click(add))
    await act(async () => fireEvent.click(screen.getByTestId('buy-now')))
    expect(count(root)).toBe(0)

    // One of two: the next group is named.
    await act(async () => fireEvent.click(within(required[0]).getByRole('radio', { name: t.udon })))
    expect(screen.getByTestId('choice-problem').textContent).toBe(t.chooseSpice)
    await act(async () => fireEvent.click(screen.getByTestId('add-to-cart')))
    expect(count(root)).toBe(0)

    // Both: it goes in, carrying both choices (the optional group left out).
    await act(async () => fireEvent.click(within(required[1]).getByRole('radio', { name: t.hot })))
    expect(screen.queryByTestId('choice-problem')).toBeNull()
    expect(screen.getByTestId('add-to-cart').getAttribute('aria-disabled')).toBe('false')
    await act(async () => fireEvent.click(screen.getByTestId('add-to-cart')))
    expect(count(root)).toBe(1)
    const line = root.cart.cartList[0].lines[0]
    expect(line.remarkList.map((r) => r.option)).toEqual([t.udon, t.hot])
    // A second press takes a choice back, and the page refuses again.
    await act(async () => fireEvent.click(within(required[1]).getByRole('radio', { name: t.hot })))
    expect(screen.getByTestId('choice-problem').textContent).toBe(t.chooseSpice)
    await act(async () => fireEvent.click(screen.getByTestId('add-to-cart')))
    expect(count(root)).toBe(1)
  })
})
