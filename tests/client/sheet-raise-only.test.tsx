/**
 * Lowering what went to the kitchen (issue 23): where the shop does not let diners do it
 * (CYSheetSentQuaLower ≠ 1, PosSheetDetailGet's QuaEditable 2), the table page offers + on each
 * ordered line but no working −, and says why; where it does (QuaEditable 1), − works down to 1.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { TableSheetRow } from '../../src/gateway/order-rows'
import OrderEntry from '../../src/pages/orderEntry/orderEntry'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'

// The page reads its URL (the table's code and the sheet): as the table's QR link opens it.
jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: () => ({ params: { QRCode: 'QR-A03', SheetID: 'SH1' } }) }))

const SHEET = {
  SheetID: 'SH1', ShopID: 'S101', BaseID: 'B201', BaseName: '', TableID: 'A03', TableName: 'A03', PosiType: 2, Status: 0,
  CreatedDate: '2026-11-22 11:50:00', SecondsLeft: -1, RoundCount: 1, Amount: '66.00', PaidAmount: '0.00', SettlementID: '',
  ClosedDate: '', QuaEditable: 2, OrderingAllowed: 1
} as TableSheetRow
const LINE = { SheetID: 'R1', LineNo: 1, RoundNo: 1, GoodsName: 'Wonton Noodles', GoodsID: 'G1', PCode: '', PUnit: '', MQua: '3', PQua: '0', Qua: '3', Amount: '66', SalesPrice: '22', Price: '22' }
const ROUND = { SheetID: 'R1', RoundNo: 1, CreatedDate: '2026-11-22 11:50:00', Amount: '66.00', Remarks: '' }

async function renderTable(quaEditable: number) {
  const edits: Record<string, unknown>[] = []
  const server = demoServer(
    {
      PosSheetDetailGet: () => ok({ table1: [{ ...SHEET, QuaEditable: quaEditable }], table2: [LINE], table3: [ROUND] }),
      PosSheetGoodsQuaEdit: (records) => {
        edits.push(records[0])
        const qua = String(records[0].Qua)
        return ok({ table1: [{ ...SHEET, QuaEditable: quaEditable }], table2: [{ ...LINE, MQua: qua, Qua: qua }], table3: [ROUND] })
      }
    },
    '2026-11-22 12:00:00'
  )
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en-US' })
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
  return { root, edits }
}

const minus = () => screen.getByRole('button', { name: 'One less Wonton Noodles' })
const plus = () => screen.getByRole('button', { name: 'One more Wonton Noodles' })

describe('the table page and what went to the kitchen', () => {
  it('raise only (QuaEditable 2): − is off and says nothing when pressed, + works, the page says why', async () => {
    const { edits, root } = await renderTable(2)
    expect(root.tableSheet.raiseOnly).toBe(true)
    expect(minus().getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('sheet-raise-only').textContent).toBe('You can add to what went to the kitchen, not take any off. To take a dish off, ask the staff.')
    await act(async () => {
      fireEvent.click(minus())
    })
    expect(edits).toEqual([])
    await act(async () => {
      fireEvent.click(plus())
    })
    expect(edits).toEqual([expect.objectContaining({ RoundID: 'R1', LineNo: 1, Qua: 4 })])
    expect(minus().getAttribute('aria-disabled')).toBe('true')
  })

  it('up and down (QuaEditable 1): − works, no note', async () => {
    const { edits } = await renderTable(1)
    expect(minus().getAttribute('aria-disabled')).toBe('false')
    expect(screen.queryByTestId('sheet-raise-only')).toBeNull()
    await act(async () => {
      fireEvent.click(minus())
    })
    expect(edits).toEqual([expect.objectContaining({ Qua: 2 })])
  })

  it('no changes (QuaEditable 0): no stepper at all', async () => {
    await renderTable(0)
    expect(screen.queryByRole('button', { name: 'One less Wonton Noodles' })).toBeNull()
    expect(screen.queryByTestId('sheet-raise-only')).toBeNull()
  })
})
