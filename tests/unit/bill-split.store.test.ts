/**
 * Splitting a table's bill (issue 26 item 2; docs/split-bills.md): the exact parts of
 * src/core/bill-split.ts, and BillSplitStore with a scripted gateway and an injected live stream —
 * what a choice costs before asking, the share it asks for, a refusal read out in the diner's
 * words with the bill read again, and a `sheet.balance` event naming the bill reading it at once.
 */
import { freeParts, partAmount, partsAmount } from '../../src/core/bill-split'
import { BillSplitStore } from '../../src/features/checkout/bill-split.store'
import type { BillSplitRow } from '../../src/gateway/bill-split-rows'
import type { LiveHandlers, LiveMessage, LiveRequest, LiveSubscribe } from '../../src/hosts/host'
import { fakeGateway, lineRow, ManualScheduler, orderRow, refused, settle } from './support/orders-fakes'
import { statusNote } from '../../src/features/orders/components/order-texts'
import { translate } from '../../src/i18n/translate'

describe('parts of a whole', () => {
  it('telescope to the whole exactly, whoever takes which, at most one cent apart', () => {
    expect([0, 1, 2].map((i) => partAmount('100', 3, i, 2).toFixed(2))).toEqual(['33.33', '33.34', '33.33'])
    expect(partsAmount('100', 3, [0, 1, 2], 2).toFixed(2)).toBe('100.00')
    expect(partsAmount('0.05', 4, [0, 1, 2, 3], 2).toFixed(2)).toBe('0.05')
    expect(partsAmount('88', 7, [6, 2, 4, 0, 1, 3, 5], 1).toFixed(1)).toBe('88.0')
    expect(freeParts(3, new Set([0, 2]), 1)).toEqual([1])
    expect(freeParts(3, new Set([0, 2]), 2)).toBeNull()
  })
})

function fakeLive() {
  const subs: { request: LiveRequest; handlers: LiveHandlers; closed: boolean }[] = []
  const subscribe: LiveSubscribe = (request, handlers) => {
    const sub = { request, handlers, closed: false }
    subs.push(sub)
    return { close: () => void (sub.closed = true) }
  }
  return { subscribe, subs, send: (m: LiveMessage) => subs[subs.length - 1].handlers.onMessage(m) }
}

const balance = (over: Partial<BillSplitRow> = {}): BillSplitRow => ({
  SheetID: 'S1',
  Status: 0,
  Amount: '100.00',
  PaidAmount: '0.00',
  DueAmount: '100.00',
  HeldAmount: '0.00',
  OpenAmount: '100.00',
  SplitOf: 0,
  SplitTaken: 0,
  SplitBase: '0',
  SplitFree: '',
  BillRef: 'bill-ref-S1',
  ...over
})

function setup() {
  let split = balance()
  const gateway = fakeGateway({
    PosSheetDetailGet: () => ({
      table1: [{ SheetID: 'S1', ShopID: 'S101', BaseID: 'B201', Status: 0, Amount: '100.00', PaidAmount: split.PaidAmount } as never],
      table2: [lineRow('R1', 1, { GoodsName: 'Noodles', Amount: '40.00', RoundNo: 1 }), lineRow('R1', 2, { GoodsName: 'Juice', Amount: '60.00', RoundNo: 1 })],
      table3: [{ ...orderRow('R1'), ProgressRef: 'round-ref', KitchenStage: '' } as never]
    }),
    BillSplitGet: () => ({ table1: [split], table2: [], table3: [{ ShareID: 'P9', RoundID: 'R1', LineNo: 1, Of: 3, Parts: 1, Amount: '13.33', State: 'paid', Mine: 0 }] }),
    BillShareStart: (input: { Mode: string }) =>
      input.Mode === 'amount' ? refused('BillShareStart', '21602', 'That is more than is open on the bill') : { table1: [split], table2: [orderRow('P1', { Amount: '13.34' })] }
  } as never)
  const live = fakeLive()
  const store = new BillSplitStore(gateway as never, {
    qrCode: () => 'QR-A01-x',
    amoPoint: () => 2,
    onlineCheckout: () => true,
    scheduler: new ManualScheduler(),
    live: { subscribe: live.subscribe, base: () => 'https://shop.test', entId: () => 'E1001' }
  })
  return { store, gateway, live, setBalance: (b: Partial<BillSplitRow>) => void (split = balance(b)) }
}

describe('BillSplitStore', () => {
  it('prices a third of a shared dish as the server will, asks for that share, and a refusal comes back in words', async () => {
    const { store, gateway } = setup()
    store.start('S1')
    await settle()
    const noodles = store.splitLines[0]
    // Another diner paid a third of the noodles: they are cut in three, two left.
    expect(noodles).toMatchObject({ cutIn: 3, taken: 1, paid: 1, free: 2 })
    expect(store.cutChoices(noodles)).toEqual([3])
    store.pick(noodles.key, { of: 3, parts: 1 })
    expect(store.shareAmount?.toFixed(2)).toBe(partAmount('40.00', 3, 1, 2).toFixed(2))
    expect(store.choiceProblem).toBe('')
    const r = await store.startShare()
    expect(r).toEqual({ kind: 'pay', ShareID: 'P1', Amount: '13.34' })
    expect(gateway.callsOf('BillShareStart')[0].record).toMatchObject({ SheetID: 'S1', QRCode: 'QR-A01-x', Mode: 'lines', Lines: [{ RoundID: 'R1', LineNo: 1, Parts: 1, Of: 3 }] })

    store.setMode('amount')
    store.setAmount('５０')
    expect(store.shareAmount?.toFixed(2)).toBe('50.00')
    const reads = gateway.callsOf('BillSplitGet').length
    const refusal = await store.startShare()
    expect(refusal).toMatchObject({ kind: 'failed', problem: { code: '21602', message: 'That is more than is open on the bill' } })
    await settle()
    expect(gateway.callsOf('BillSplitGet').length).toBe(reads + 1)
    store.stop()
  })

  it('equal shares follow the table’s split; more than is open is said before asking', async () => {
    const { store, setBalance } = setup()
    setBalance({ SplitOf: 3, SplitTaken: 1, SplitBase: '100.00', SplitFree: '1,2', HeldAmount: '33.33', OpenAmount: '66.67' })
    store.start('S1')
    await settle()
    store.setMode('equal')
    expect(store.effectiveSplitOf).toBe(3)
    expect(store.splitFreeCount).toBe(2)
    store.setSplitParts(5)
    expect(store.splitParts).toBe(2)
    expect(store.shareAmount?.toFixed(2)).toBe('66.67')
    store.setMode('amount')
    store.setAmount('70')
    expect(store.choiceProblem).toBe('split.aboveOpen')
    store.setMode('rest')
    expect(store.shareAmount?.toFixed(2)).toBe('66.67')
    store.stop()
  })

  it('reads the bill again at once when a sheet.balance event names it; another bill’s event reads nothing', async () => {
    const { store, gateway, live } = setup()
    store.start('S1')
    await settle()
    expect(live.subs[0].request.kinds).toContain('sheet.balance')
    const reads = () => gateway.callsOf('BillSplitGet').length
    const before = reads()
    live.send({ id: 5, kind: 'sheet.balance', data: { ref: 'other-bill' } })
    await settle()
    expect(reads()).toBe(before)
    live.send({ id: 6, kind: 'sheet.balance', data: { ref: 'bill-ref-S1' } })
    await settle()
    expect(reads()).toBe(before + 1)
    store.stop()
    expect(live.subs.every((s) => s.closed)).toBe(true)
  })
})

describe('a share’s own page', () => {
  it('says the diner’s part is paid (not the whole bill), and that a part that lost no longer stands', () => {
    const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('en', key, params)
    const bill = orderRow('P1', { PayMode: 'postpay', RoundNo: 0, TableSheetID: 'S1', Status: 1 })
    expect(statusNote(t, bill)).toBe(translate('en', 'order.billPaidNote'))
    expect(statusNote(t, { ...bill, SplitShare: 'equal' })).toBe("Your part of the table's bill is paid. Thank you!")
    expect(statusNote(t, { ...bill, SplitShare: 'lines', Status: 3 })).toBe(translate('en', 'order.shareCancelledNote'))
  })
})

describe('BillSplitStore and a bill held (BillVersion, issue 28 item 6)', () => {
  it('sends back the version it holds, keeps its lines when the answer leaves them out, and takes the next ones', async () => {
    const sheet = { SheetID: 'S1', ShopID: 'S101', BaseID: 'B201', Status: 0, Amount: '100.00', PaidAmount: '0.00' } as never
    const round = { ...orderRow('R1'), ProgressRef: 'round-ref', KitchenStage: '' } as never
    const answers = [
      { table1: [sheet], table2: [lineRow('R1', 1, { GoodsName: 'Noodles', Amount: '100.00', RoundNo: 1 })], table3: [round], table4: [{ BillVersion: 'v1', RowsOmitted: 0 }] },
      { table1: [sheet], table2: [], table3: [], table4: [{ BillVersion: 'v1', RowsOmitted: 1 }] },
      { table1: [sheet], table2: [lineRow('R1', 1, { GoodsName: 'Noodles', Amount: '100.00', RoundNo: 1 }), lineRow('R1', 2, { GoodsName: 'Juice', RoundNo: 1 })], table3: [round], table4: [{ BillVersion: 'v2', RowsOmitted: 0 }] }
    ]
    const gateway = fakeGateway({ PosSheetDetailGet: () => answers.shift(), BillSplitGet: () => ({ table1: [balance()], table2: [], table3: [] }) } as never)
    const store = new BillSplitStore(gateway as never, { qrCode: () => 'QR-A01-x', amoPoint: () => 2, onlineCheckout: () => true, scheduler: new ManualScheduler() })
    store.start('S1')
    await settle()
    await store.load()
    expect(store.splitLines.map((l) => l.line.GoodsName)).toEqual(['Noodles'])
    await store.load()
    expect(store.splitLines.map((l) => l.line.GoodsName)).toEqual(['Noodles', 'Juice'])
    expect(gateway.callsOf('PosSheetDetailGet').map((c) => c.record.BillVersion)).toEqual([undefined, 'v1', 'v1'])
  })
})
