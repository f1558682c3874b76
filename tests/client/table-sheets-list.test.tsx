/**
 * My tables and closing a table's sheet (issue 27 item 3; spec §5 PosSheetListByPage and
 * PosSheetClose, which no page called): the list of the table sheets this phone ordered on, reached
 * from Orders and from the table's page; a tap leads to the table, the bill or the rounds; an empty
 * table can be left, a paid one finished, and an unpaid one's refusal is told in the diner's words.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { TableSheetRow } from '../../src/gateway/order-rows'
import type { Locale } from '../../src/gateway/contract'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { createFakeHost, fail, ok } from '../unit/support/fake-host'
import { demoServer, type Script } from '../unit/support/fake-gateway-server'
import { orderRow } from '../unit/support/orders-fakes'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: mockParams, path: '/pages/tableSheetList/tableSheetList' })
  return { ...actual, useRouter, default: { ...actual.default, useRouter } }
})
/* eslint-disable import/first */
import TableSheetList from '../../src/pages/tableSheetList/tableSheetList'
import OrderEntry from '../../src/pages/orderEntry/orderEntry'
import OrderList from '../../src/pages/orderList/orderList'
/* eslint-enable import/first */

const sheetRow = (SheetID: string, over: Partial<TableSheetRow> = {}): TableSheetRow => ({
  SheetID, ShopID: 'S101', BaseID: 'B201', BaseName: 'Senado Square', TableID: 'A03', TableName: 'Table A03', PosiType: 2, Status: 0,
  CreatedDate: '2026-11-22 11:50:00', SecondsLeft: -1, RoundCount: 2, Amount: '88.00', PaidAmount: '0.00', SettlementID: '',
  ClosedDate: '', QuaEditable: 0, OrderingAllowed: 1, ...over
})
const OPEN_HERE = sheetRow('SH1')
const PAID_THERE = sheetRow('SH0', { TableID: 'B07', TableName: 'Table B07', Status: 2, RoundCount: 1, Amount: '36.50', PaidAmount: '36.50', SettlementID: 'P9', CreatedDate: '2026-11-20 19:05:00', ClosedDate: '2026-11-20 20:01:00' })
const CANCELLED = sheetRow('SH9', { Status: 3, RoundCount: 1, Amount: '12.00', CreatedDate: '2026-11-18 12:00:00' })
const ROUND = { SheetID: 'R1', RoundNo: 1, CreatedDate: '2026-11-20 19:06:00', Amount: '36.50', Remarks: '', Status: 2 }
const LINE = { SheetID: 'R1', LineNo: 1, RoundNo: 1, GoodsName: 'Milk Tea', GoodsID: 'G1', PCode: '', PUnit: '', MQua: '1', PQua: '0', Qua: '1', Amount: '36.50', SalesPrice: '36.50', Price: '36.50' }

async function open(node: () => JSX.Element, script: Script, locale: Locale = 'en') {
  const server = demoServer(script)
  const host = createFakeHost(server.respond, { deviceLanguage: () => locale })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await act(async () => root.i18n.setLocale(locale))
  await root.i18n.loadAll()
  await act(async () => {
    render(<StoreContext.Provider value={root}>{node()}</StoreContext.Provider>)
  })
  await act(async () => new Promise((r) => setTimeout(r, 0)))
  return { root, host, server }
}

/** The records each call of `op` was sent with. */
function recorder() {
  const sent: Record<string, Record<string, unknown>[]> = {}
  const record = (op: string, answer: (r: Record<string, unknown>[]) => ReturnType<typeof ok>) => (r: Record<string, unknown>[]) => {
    ;(sent[op] ??= []).push(r[0])
    return answer(r)
  }
  return { sent, record }
}

describe('My tables (PosSheetListByPage)', () => {
  it('lists each table sheet with its table, branch, when, rounds, total and state in words', async () => {
    mockParams = {}
    const { sent, record } = recorder()
    await open(() => <TableSheetList />, { PosSheetListByPage: record('PosSheetListByPage', () => ok({ table1: [OPEN_HERE, PAID_THERE, CANCELLED], table2: [{ Total: 3 }] })) })
    const cards = screen.getAllByTestId('table-sheet')
    expect(cards.map((c) => within(c).getByTestId('table-sheet-name').textContent)).toEqual(['Table A03', 'Table B07', 'Table A03'])
    expect(cards.map((c) => within(c).getByTestId('table-sheet-status').textContent)).toEqual(['Open', 'Paid', 'Cancelled'])
    expect(cards.map((c) => within(c).getByTestId('table-sheet-rounds').textContent)).toEqual(['2 rounds', '1 round', '1 round'])
    expect(within(cards[1]).getByTestId('table-sheet-total').textContent).toBe('Total: MOP$36.50')
    expect(within(cards[1]).getByTestId('table-sheet-branch').textContent).toBe('Senado Square')
    expect(within(cards[1]).getByTestId('table-sheet-when').textContent).toMatch(/^Seated .*20.*19:05/)
    expect(screen.getByTestId('tables-end').textContent).toBe('No more tables')
    // Every table, first page: no TableID sent.
    expect(sent.PosSheetListByPage).toHaveLength(1)
    expect(sent.PosSheetListByPage[0]).toMatchObject({ PageIndex: 1, PageSize: 20 })
    expect(sent.PosSheetListByPage[0]).not.toHaveProperty('TableID')
  })

  it('in Chinese: 用餐中 / 已付款, 2 轮, 合计：', async () => {
    mockParams = {}
    await open(() => <TableSheetList />, { PosSheetListByPage: () => ok({ table1: [OPEN_HERE, PAID_THERE], table2: [{ Total: 2 }] }) }, 'zh-CN')
    const cards = screen.getAllByTestId('table-sheet')
    expect(cards.map((c) => within(c).getByTestId('table-sheet-status').textContent)).toEqual(['用餐中', '已付款'])
    expect(within(cards[0]).getByTestId('table-sheet-rounds').textContent).toBe('2 轮')
    expect(within(cards[0]).getByTestId('table-sheet-total').textContent).toBe('合计：MOP$88.00')
  })

  it('an open sheet at this table opens the table; a paid one this phone paid opens its bill', async () => {
    mockParams = {}
    const { host } = await open(() => <TableSheetList />, {
      PosSheetListByPage: () => ok({ table1: [OPEN_HERE, PAID_THERE], table2: [{ Total: 2 }] }),
      OrderDetailGet: () => ok({ table1: [orderRow('P9', { Status: 1 })], table2: [], table3: [] })
    })
    const [here, paid] = screen.getAllByTestId('table-sheet')
    await act(async () => fireEvent.click(within(here).getByRole('button')))
    expect(host.navigations.at(-1)).toBe('/pages/orderEntry/orderEntry?QRCode=QR-A03&SheetID=SH1')
    await act(async () => fireEvent.click(within(paid).getAllByRole('button')[0]))
    expect(host.navigations.at(-1)).toBe('/pages/orderDetails/orderDetails?SheetID=P9')
  })

  it('a paid sheet someone else paid shows its rounds here instead', async () => {
    mockParams = {}
    const { host } = await open(() => <TableSheetList />, {
      PosSheetListByPage: () => ok({ table1: [PAID_THERE], table2: [{ Total: 1 }] }),
      OrderDetailGet: () => fail('0', '20016', 'Order not found'),
      PosSheetDetailGet: () => ok({ table1: [PAID_THERE], table2: [LINE], table3: [ROUND] })
    })
    await act(async () => fireEvent.click(screen.getAllByRole('button')[0]))
    expect(host.navigations).toEqual([])
    const rounds = screen.getByTestId('table-sheet-rounds-shown')
    expect(within(rounds).getByText(/Round 1/)).toBeTruthy()
    expect(within(rounds).getByTestId('table-sheet-line').textContent).toContain('Milk Tea')
  })

  it("from the table's page: only this table's sheets (TableID)", async () => {
    mockParams = { TableID: 'A03' }
    const { sent, record } = recorder()
    const { host } = await open(() => <TableSheetList />, { PosSheetListByPage: record('PosSheetListByPage', () => ok({ table1: [], table2: [{ Total: 0 }] })) })
    expect(sent.PosSheetListByPage[0]).toMatchObject({ TableID: 'A03', PageIndex: 1, PageSize: 20 })
    expect(screen.getByTestId('tables-empty').textContent).toContain('No tables yet')
    await act(async () => fireEvent.click(screen.getByTestId('tables-all')))
    expect(host.navigations.at(-1)).toBe('/pages/tableSheetList/tableSheetList')
  })

  it('Orders leads to My tables', async () => {
    mockParams = {}
    const { host } = await open(() => <OrderList />, { OrderListByPage: () => ok({ table1: [], table2: [{ Total: 0 }] }) })
    await act(async () => fireEvent.click(screen.getByTestId('orders-my-tables')))
    expect(host.navigations.at(-1)).toBe('/pages/tableSheetList/tableSheetList')
  })
})

describe("closing a table's sheet (PosSheetClose) on the table's page", () => {
  async function table(sheet: TableSheetRow, close: Script[string], locale: Locale = 'en') {
    mockParams = { QRCode: 'QR-A03', SheetID: sheet.SheetID }
    const { sent, record } = recorder()
    const opened = await open(
      () => <OrderEntry />,
      {
        PosSheetDetailGet: () => ok({ table1: [sheet], table2: sheet.RoundCount ? [{ ...LINE, SheetID: 'R1' }] : [], table3: sheet.RoundCount ? [ROUND] : [] }),
        PosSheetClose: record('PosSheetClose', close)
      },
      locale
    )
    await act(async () => opened.root.tableSheet.load())
    return { ...opened, sent }
  }

  it('an empty table can be left: asked first, then cancelled, and the phone forgets the sheet', async () => {
    const empty = sheetRow('SH1', { RoundCount: 0, Amount: '0.00' })
    const { host, sent, root } = await table(empty, () => ok({ table1: [{ ...empty, Status: 3, OrderingAllowed: 0 }] }))
    expect(screen.queryByTestId('sheet-finish')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('sheet-leave')))
    expect(host.navigations).toContain('confirm|Leave this table? Nothing has been ordered, so nothing is charged.')
    expect(sent.PosSheetClose).toHaveLength(1)
    expect(sent.PosSheetClose[0]).toMatchObject({ SheetID: 'SH1', QRCode: 'QR-A03' })
    expect(host.toasts).toContain('You have left the table')
    expect(root.session.sheet).toBeNull()
    expect(screen.queryByTestId('sheet-leave')).toBeNull()
    expect(screen.getByTestId('sheet-left-note').textContent).toBe('You have left the tableA new order opens a new bill for this table.')
    expect(screen.queryByTestId('sheet-blocked')).toBeNull()
    // A change of mind: a new order opens a new sheet.
    await act(async () => fireEvent.click(screen.getByTestId('sheet-new-round')))
    expect(host.navigations.at(-1)).toBe('/pages/goodsList/goodsList')
  })

  it('an unpaid table with rounds offers neither Leave nor Finish', async () => {
    await table(OPEN_HERE, () => ok({}))
    expect(screen.queryByTestId('sheet-leave')).toBeNull()
    expect(screen.queryByTestId('sheet-finish')).toBeNull()
  })

  it('a sheet paid in full is finished after a confirm (closed)', async () => {
    const paid = sheetRow('SH1', { RoundCount: 1, Amount: '36.50', PaidAmount: '36.50' })
    const { host, sent } = await table(paid, () => ok({ table1: [{ ...paid, Status: 2, OrderingAllowed: 0, ClosedDate: '2026-11-22 12:00:00' }] }))
    expect(screen.queryByTestId('sheet-leave')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('sheet-finish')))
    expect(host.navigations).toContain('confirm|The bill is paid. Finish at this table?')
    expect(sent.PosSheetClose).toHaveLength(1)
    expect(host.toasts).toContain('Finished. Thank you, and see you again soon!')
    expect(screen.queryByTestId('sheet-finish')).toBeNull()
  })

  it("a refusal (20018: not paid after all) is told in the diner's words and nothing changes", async () => {
    const paid = sheetRow('SH1', { RoundCount: 1, Amount: '36.50', PaidAmount: '36.50' })
    const { host } = await table(paid, () => fail('0', '20018', 'This order cannot be closed now (status: open)'), 'zh-TW')
    await act(async () => fireEvent.click(screen.getByTestId('sheet-finish')))
    expect(host.navigations).toContain('confirm|帳單已付清。確定結束本枱的用餐？')
    expect(screen.getByTestId('sheet-notice').textContent).toContain('本枱帳單尚未付清，請先在這裡或到櫃枱付款。')
    expect(screen.getByTestId('sheet-finish')).toBeTruthy()
  })

  it("the table's page leads to its earlier visits", async () => {
    const { host } = await table(OPEN_HERE, () => ok({}))
    await act(async () => fireEvent.click(screen.getByTestId('sheet-earlier')))
    expect(host.navigations.at(-1)).toBe('/pages/tableSheetList/tableSheetList?TableID=A03')
  })
})
