/**
 * The table page's words (issue 27 item 20): how long the table has sat reads as a duration
 * ('39 min', '1 h 5 min'; it read '39:11'), and the button says 'Order' while nothing was ordered
 * ('Order more' once a round went to the kitchen).
 */
import { act, render, screen } from '@testing-library/react'
import type { TableSheetRow } from '../../src/gateway/order-rows'
import OrderEntry from '../../src/pages/orderEntry/orderEntry'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: () => ({ params: { QRCode: 'QR-A03', SheetID: 'SH1' } }) }))

const NOW = '2026-11-22 12:00:00'
const SHEET = {
  SheetID: 'SH1', ShopID: 'S101', BaseID: 'B201', BaseName: '', TableID: 'A03', TableName: 'A03', PosiType: 2, Status: 0,
  CreatedDate: '2026-11-22 11:20:49', SecondsLeft: -1, RoundCount: 0, Amount: '0.00', PaidAmount: '0.00', SettlementID: '',
  ClosedDate: '', QuaEditable: 2, OrderingAllowed: 1
} as TableSheetRow
const LINE = { SheetID: 'R1', LineNo: 1, RoundNo: 1, GoodsName: 'Wonton Noodles', GoodsID: 'G1', PCode: '', PUnit: '', MQua: '1', PQua: '0', Qua: '1', Amount: '22', SalesPrice: '22', Price: '22' }
const ROUND = { SheetID: 'R1', RoundNo: 1, CreatedDate: '2026-11-22 11:50:00', Amount: '22.00', Remarks: '' }

async function renderTable(sheet: Partial<TableSheetRow>, rounds: boolean, language = 'en-US') {
  const server = demoServer(
    { PosSheetDetailGet: () => ok({ table1: [{ ...SHEET, ...sheet }], table2: rounds ? [LINE] : [], table3: rounds ? [ROUND] : [] }) },
    NOW
  )
  const host = createFakeHost(server.respond, { deviceLanguage: () => language })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await act(async () => {
    render(
      <StoreContext.Provider value={root}>
        <OrderEntry />
      </StoreContext.Provider>
    )
  })
  await act(async () => {
    await root.tableSheet.load()
  })
  return root
}

describe('the table page says what people say', () => {
  it("seated 39 min 11 s reads '39 min', and nothing ordered yet says 'Order'", async () => {
    await renderTable({}, false)
    expect(screen.getByTestId('sheet-clock').textContent).toBe('39 min')
    expect(screen.getByTestId('order-more').textContent).toBe('Order')
  })

  it("an hour and five minutes reads '1 h 5 min'; with a round sent it says 'Order more'", async () => {
    await renderTable({ CreatedDate: '2026-11-22 10:54:30', RoundCount: 1, Amount: '22.00' }, true)
    expect(screen.getByTestId('sheet-clock').textContent).toBe('1 h 5 min')
    expect(screen.getByTestId('order-more').textContent).toBe('Order more')
  })

  it('in Chinese: 分钟 / 小時, 点餐', async () => {
    await renderTable({}, false, 'zh-CN')
    expect(screen.getByTestId('sheet-clock').textContent).toBe('39 分钟')
    expect(screen.getByTestId('order-more').textContent).toBe('点餐')
  })

  it('in traditional Chinese: 1 小時 5 分鐘, 繼續點餐', async () => {
    await renderTable({ CreatedDate: '2026-11-22 10:54:30', RoundCount: 1, Amount: '22.00' }, true, 'zh-TW')
    expect(screen.getByTestId('sheet-clock').textContent).toBe('1 小時 5 分鐘')
    expect(screen.getByTestId('order-more').textContent).toBe('繼續點餐')
  })

  it("ordering closes in '1 h 21 min', not the stopwatch's '1:20:49'; 30 s left is '< 1 min', 61 s '2 min'", async () => {
    await renderTable({ SecondsLeft: 4849 }, false)
    expect(screen.getByTestId('sheet-left').textContent).toBe('Ordering closes in 1 h 21 min')
  })

  it.each([
    [30, 'en-US', 'Ordering closes in < 1 min'],
    [61, 'en-US', 'Ordering closes in 2 min'],
    [61, 'zh-CN', '2 分钟后停止点餐']
  ])('%i s left in %s reads %p', async (seconds, language, text) => {
    await renderTable({ SecondsLeft: seconds }, false, language)
    expect(screen.getByTestId('sheet-left').textContent).toBe(text)
  })
})
