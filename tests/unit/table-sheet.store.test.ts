/**
 * The table sheet store sends the table's QR code with every sheet call: the server shows and
 * settles a table's sheet only for whoever scanned the table (or ordered on it), issue 11.
 */
import { Gateway } from '../../src/gateway/gateway-client'
import type { HttpRequest } from '../../src/hosts/host'
import type { OrderRow, TableSheetRow } from '../../src/gateway/order-rows'
import { TableSheetStore } from '../../src/features/checkout/table-sheet.store'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'

const SHEET = {
  SheetID: 'SH1', ShopID: 'S101', BaseID: 'B201', BaseName: '', TableID: 'B201-A01', TableName: 'A01', PosiType: 2, Status: 0,
  CreatedDate: '2026-11-22 11:50:00', SecondsLeft: -1, RoundCount: 1, Amount: '22.00', PaidAmount: '0.00', SettlementID: '',
  ClosedDate: '', QuaEditable: 0, OrderingAllowed: 1
} as TableSheetRow

function setup(answers: Record<string, () => ReturnType<typeof ok>>) {
  const calls: { op: string; record: Record<string, unknown> }[] = []
  const host = createFakeHost((req: HttpRequest) => {
    const { fields, records } = envelopeOf(req)
    calls.push({ op: fields.KeyName, record: records[0] })
    const answer = answers[fields.KeyName]
    return answer ? answer() : fail('10003', '0', `unknown ${fields.KeyName}`, 404)
  })
  const gateway = new Gateway({
    host,
    identity: () => ({ EntID: 'E1001', UserID: 'U1' }),
    locale: () => 'en',
    networkErrorText: () => 'Network connection error',
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: ''
  })
  const store = new TableSheetStore(gateway, { now: () => null, base: () => null, onlineCheckout: () => true, qrCode: () => 'QR-A01-abcdefghijklmnopqrstuv' })
  return { store, calls }
}

describe('TableSheetStore and the table code', () => {
  it('sends the scanned table code when it loads the sheet and when it settles the bill', async () => {
    const settlement = { SheetID: 'P1' } as OrderRow
    const { store, calls } = setup({
      PosSheetDetailGet: () => ok({ table1: [SHEET], table2: [], table3: [] }),
      PayLaterUpdate: () => ok({ table1: [{ ...SHEET, SettlementID: 'P1' }], table2: [settlement] })
    })
    store.sheetId = 'SH1'
    await store.load()
    expect(store.sheet?.SheetID).toBe('SH1')
    expect(await store.payBill()).toEqual({ kind: 'pay', SheetID: 'P1' })
    expect(calls.map((c) => [c.op, c.record.SheetID, c.record.QRCode])).toEqual([
      ['PosSheetDetailGet', 'SH1', 'QR-A01-abcdefghijklmnopqrstuv'],
      ['PayLaterUpdate', 'SH1', 'QR-A01-abcdefghijklmnopqrstuv']
    ])
  })
})

describe('TableSheetStore: changing quantities of ordered goods', () => {
  const LINE = { SheetID: 'R1', LineNo: 1, RoundNo: 1, GoodsName: 'Wonton Noodles', PCode: '', PUnit: '', MQua: '2', PQua: '0', Qua: '2', Amount: '44' }

  it('sends the line, its round and the new quantity with the table code, and shows the sheet the server answers', async () => {
    const edited = { ...SHEET, QuaEditable: 1, Amount: '66.00' }
    const { store, calls } = setup({
      PosSheetDetailGet: () => ok({ table1: [{ ...SHEET, QuaEditable: 1 }], table2: [LINE], table3: [{ SheetID: 'R1', RoundNo: 1 }] }),
      PosSheetGoodsQuaEdit: () => ok({ table1: [edited], table2: [{ ...LINE, MQua: '3', Qua: '3', Amount: '66' }], table3: [{ SheetID: 'R1', RoundNo: 1 }] })
    })
    store.sheetId = 'SH1'
    await store.load()
    expect(store.quantitiesEditable).toBe(true)
    expect(await store.changeQuantity(store.lines[0], 3)).toBeNull()
    expect(calls[1]).toEqual({ op: 'PosSheetGoodsQuaEdit', record: expect.objectContaining({ SheetID: 'SH1', RoundID: 'R1', LineNo: 1, Qua: 3, QRCode: 'QR-A01-abcdefghijklmnopqrstuv' }) })
    expect(store.sheet?.Amount).toBe('66.00')
    expect(store.stepperQuantity(store.lines[0])).toBe(3)
  })

  it('offers no stepper where the shop does not allow it, and gives back the refusal', async () => {
    const { store } = setup({
      PosSheetDetailGet: () => ok({ table1: [SHEET], table2: [LINE], table3: [{ SheetID: 'R1', RoundNo: 1 }] }),
      PosSheetGoodsQuaEdit: () => fail('0', '20025', 'This shop does not allow changing quantities after ordering')
    })
    store.sheetId = 'SH1'
    await store.load()
    expect(store.quantitiesEditable).toBe(false)
    const problem = await store.changeQuantity(store.lines[0], 3)
    expect(problem).toMatchObject({ code: '20025', message: 'This shop does not allow changing quantities after ordering' })
    expect(store.lines[0].Qua).toBe('2')
  })
})

describe('TableSheetStore: a bill held is not fetched again while unchanged (BillVersion, issue 28 item 6)', () => {
  const line = (round: number) => ({ SheetID: `R${round}`, LineNo: 1, RoundNo: round, GoodsName: 'Wonton Noodles', PCode: '', PUnit: '', MQua: '1', PQua: '0', Qua: '1', Amount: '22' })
  const round = (n: number) => ({ SheetID: `R${n}`, RoundNo: n })

  it('sends back the version it holds the rows of, keeps them when the answer leaves them out, and takes new ones with the next version', async () => {
    const answers = [
      ok({ table1: [SHEET], table2: [line(1)], table3: [round(1)], table4: [{ BillVersion: 'v1', RowsOmitted: 0 }] }),
      ok({ table1: [{ ...SHEET, SecondsLeft: 300 }], table2: [], table3: [], table4: [{ BillVersion: 'v1', RowsOmitted: 1 }] }),
      ok({ table1: [{ ...SHEET, RoundCount: 2 }], table2: [line(1), line(2)], table3: [round(2), round(1)], table4: [{ BillVersion: 'v2', RowsOmitted: 0 }] }),
      ok({ table1: [{ ...SHEET, RoundCount: 2 }], table2: [], table3: [], table4: [{ BillVersion: 'v2', RowsOmitted: 1 }] })
    ]
    const { store, calls } = setup({ PosSheetDetailGet: () => answers.shift()! })
    store.sheetId = 'SH1'
    await store.load()
    await store.load()
    expect(store.sheet?.SecondsLeft).toBe(300)
    expect(store.roundsWithLines.map((r) => [r.round.RoundNo, r.lines.length])).toEqual([[1, 1]])
    await store.load()
    expect(store.roundsWithLines.map((r) => [r.round.RoundNo, r.lines.length])).toEqual([[1, 1], [2, 1]])
    await store.load()
    expect(store.roundsWithLines.map((r) => [r.round.RoundNo, r.lines.length])).toEqual([[1, 1], [2, 1]])
    expect(calls.map((c) => c.record.BillVersion)).toEqual([undefined, 'v1', 'v1', 'v2'])
  })

  it('asks for every row after a quantity change replaced the rows, and for another sheet', async () => {
    const { store, calls } = setup({
      PosSheetDetailGet: () => ok({ table1: [{ ...SHEET, QuaEditable: 1 }], table2: [line(1)], table3: [round(1)], table4: [{ BillVersion: 'v1', RowsOmitted: 0 }] }),
      PosSheetGoodsQuaEdit: () => ok({ table1: [{ ...SHEET, QuaEditable: 1 }], table2: [{ ...line(1), Qua: '2', MQua: '2' }], table3: [round(1)] })
    })
    store.sheetId = 'SH1'
    await store.load()
    expect(await store.changeQuantity(store.lines[0], 2)).toBeNull()
    await store.load()
    await store.load()
    // Another sheet: its first read (start's) asks for every row though the store held SH1's v1.
    store.start('SH2')
    store.stop()
    for (let i = 0; i < 5 && store.state !== 'ready'; i++) await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.sheetId).toBe('SH2')
    await store.load()
    expect(calls.filter((c) => c.op === 'PosSheetDetailGet').map((c) => [c.record.SheetID, c.record.BillVersion])).toEqual([
      ['SH1', undefined],
      ['SH1', undefined],
      ['SH1', 'v1'],
      ['SH2', undefined],
      ['SH2', 'v1']
    ])
  })
})
