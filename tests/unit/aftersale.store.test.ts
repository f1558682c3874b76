/**
 * The after-sale screen's store (issue 17): what can still be refunded and how many of each line
 * can still come back (from the order and its earlier requests), the form's amount following the
 * chosen lines until typed, the submit (photos first; one key per form, kept for a retry after a
 * lost answer, new after a refusal), the progress steps and withdrawing.
 */
import { AfterSaleStore, progressSteps, type AfterSalePhotos } from '../../src/features/aftersale/aftersale.store'
import { AFTERSALE_STATUS, type AfterSaleLineRow, type AfterSaleRow } from '../../src/gateway/after-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import { fakeGateway, lineRow, networkDown, orderRow, refused, type Script } from './support/orders-fakes'

const SHEET = 'O1'

function request(AfterSaleID: string, over: Partial<AfterSaleRow> = {}): AfterSaleRow {
  return {
    AfterSaleID,
    SheetID: SHEET,
    Status: AFTERSALE_STATUS.SUBMITTED,
    WholeOrder: 0,
    Reason: 'quality',
    Content: '',
    Amount: '10.00',
    RefundedAmount: '0',
    Images: [],
    ShopNote: '',
    CreatedDate: '2026-11-24 12:00:00',
    DecidedDate: '',
    RefundedDate: '',
    CanWithdraw: over.Status === undefined || over.Status === AFTERSALE_STATUS.SUBMITTED ? 1 : 0,
    ...over
  }
}

const line = (AfterSaleID: string, LineNo: number, Qua: number): AfterSaleLineRow => ({ AfterSaleID, LineNo, GoodsID: `g${LineNo}`, GoodsName: `Goods ${LineNo}`, Qua, Amount: '0' })

/** A paid order of 3 × line 1 (30.00) and 1 × line 2 (34.00), 64.00 paid. */
function script(requests: AfterSaleRow[] = [], lines: Record<string, AfterSaleLineRow[]> = {}, over: Script = {}): Script {
  return {
    OrderDetailGet: () => ({
      table1: [orderRow(SHEET, { Status: 2, PaidAmount: '64.00' })],
      table2: [lineRow(SHEET, 1, { Qua: '3', Amount: '30.00' }), lineRow(SHEET, 2, { Qua: '1', Amount: '34.00' })],
      table3: []
    }),
    AfterSaleListByPage: () => ({ table1: [...requests, request('OTHER', { SheetID: 'O2', Status: AFTERSALE_STATUS.SUBMITTED })], table2: [{ Total: requests.length + 1 }] }),
    AfterSaleDetailGet: (r) => ({ table1: requests.filter((q) => q.AfterSaleID === r.AfterSaleID), table2: lines[r.AfterSaleID!] ?? [] }),
    ...over
  }
}

function photosOf(ids: string[] | null, count = 1): AfterSalePhotos & { uploads: number } {
  return {
    photos: Array.from({ length: count }, () => ({})),
    uploads: 0,
    async upload() {
      this.uploads++
      return ids
    }
  }
}

const make = (s: Script, photos?: AfterSalePhotos) => {
  const gateway = fakeGateway(s)
  let n = 0
  const store = new AfterSaleStore(gateway, { amoPoint: () => 2, photos, now: () => 1_700_000_000_000 + n++, random: () => 0.5 })
  return { gateway, store }
}

describe('after-sale store', () => {
  it('with no request: the form, the amount prefilled with everything paid, every line available', async () => {
    const { store } = make(script())
    await store.load(SHEET)
    expect(store.state).toBe('ready')
    expect(store.mode).toBe('form')
    expect(store.refundable).toBe('64.00')
    expect(store.amount).toBe('64.00')
    expect(store.choices.map((c) => [c.line.LineNo, c.left, c.qua])).toEqual([
      [1, 3, 0],
      [2, 1, 0]
    ])
    // The reason is still to choose.
    expect(store.formProblem).toBe('aftersale.needReason')
  })

  it("the order's coupon line (sale type 5, a negative amount off) is not offered as an item to give back", async () => {
    const { store } = make(
      script([], {}, {
        OrderDetailGet: () => ({
          table1: [orderRow(SHEET, { Status: 2, PaidAmount: '52.00' })],
          table2: [lineRow(SHEET, 1, { Qua: '3', Amount: '30.00' }), lineRow(SHEET, 2, { Qua: '1', Amount: '34.00' }), lineRow(SHEET, 3, { Qua: '1', Amount: '-12.00', SaleType: 5 })],
          table3: []
        })
      })
    )
    await store.load(SHEET)
    expect(store.choices.map((c) => c.line.LineNo)).toEqual([1, 2])
    // Choosing every goods line prefills no more than was paid, and the form can be sent.
    store.choices.forEach((c) => (c.qua = c.left))
    expect(store.suggestedAmount).toBe('52.00')
  })

  it('earlier refunded requests lower what can be refunded and what each line can still give back', async () => {
    const done = request('A1', { Status: AFTERSALE_STATUS.REFUNDED, Amount: '20.00', RefundedAmount: '20.00', CanWithdraw: 0 })
    const gone = request('A0', { Status: AFTERSALE_STATUS.WITHDRAWN, Amount: '5.00', CanWithdraw: 0 })
    const { store } = make(script([done, gone], { A1: [line('A1', 1, 2)], A0: [line('A0', 2, 1)] }))
    await store.load(SHEET)
    expect(store.refundable).toBe('44.00')
    // The withdrawn request takes nothing; the refunded one took two of line 1.
    expect(store.choices.map((c) => c.left)).toEqual([1, 1])
    // A decided request shows its progress first, with 'new request' while something is left.
    expect(store.mode).toBe('progress')
    expect(store.canAskAgain).toBe(true)
    store.askAgain()
    expect(store.mode).toBe('form')
    expect(store.amount).toBe('44.00')
  })

  it('choosing lines sets the amount to their share until the diner types one; at most what is left of a line', async () => {
    const { store } = make(script())
    await store.load(SHEET)
    store.step(1, 1)
    expect(store.whole).toBe(false)
    expect(store.amount).toBe('10.00')
    store.step(1, 1)
    store.step(1, 1)
    store.step(1, 1)
    expect(store.choices[0].qua).toBe(3)
    expect(store.amount).toBe('30.00')
    store.setAmount('12.5')
    store.step(2, 1)
    expect(store.amount).toBe('12.5')
    store.step(1, -1)
    store.step(1, -1)
    store.step(1, -1)
    store.step(2, -1)
    store.setReason('quality')
    expect(store.formProblem).toBe('aftersale.needLines')
    store.setWhole(true)
    expect(store.formProblem).toBe('')
    store.setAmount('64.01')
    expect(store.formProblem).toBe('aftersale.badAmount')
    store.setAmount('1.005')
    expect(store.formProblem).toBe('aftersale.badAmount')
    store.setAmount('0')
    expect(store.formProblem).toBe('aftersale.badAmount')
  })

  it('submits the chosen lines with the photos uploaded first; the answer shows as progress', async () => {
    const photos = photosOf(['F1', 'F2'], 2)
    const { store, gateway } = make(
      script([], {}, {
        AfterSaleSubmit: (r) => ({ table1: [request('A9', { Amount: r.Amount, Images: [] })], table2: [line('A9', 1, 2)] })
      }),
      photos
    )
    await store.load(SHEET)
    store.step(1, 1)
    store.step(1, 1)
    store.setReason('wrong-item')
    store.setContent('  Not what I ordered ')
    expect(await store.submit()).toBe(true)
    expect(photos.uploads).toBe(1)
    const sent = gateway.callsOf('AfterSaleSubmit')
    expect(sent).toHaveLength(1)
    expect(sent[0].record).toMatchObject({ SheetID: SHEET, Lines: [{ LineNo: 1, Qua: 2 }], Amount: '20.00', Reason: 'wrong-item', Content: 'Not what I ordered', FileIDs: ['F1', 'F2'] })
    expect(String(sent[0].record.RequestKey)).toMatch(/^as-/)
    expect(store.mode).toBe('progress')
    expect(store.latest?.AfterSaleID).toBe('A9')
    expect(store.latestLines).toEqual([line('A9', 1, 2)])
  })

  it('a photo that failed to upload stops the submit (nothing sent)', async () => {
    const { store, gateway } = make(script([], {}, { AfterSaleSubmit: () => ({ table1: [request('A9')], table2: [] }) }), photosOf(null))
    await store.load(SHEET)
    store.setReason('late')
    expect(await store.submit()).toBe(false)
    expect(gateway.callsOf('AfterSaleSubmit')).toHaveLength(0)
    expect(store.submitting).toBe(false)
  })

  it('a lost answer is retried with the same key; a refusal shows the server’s message and the next try has a new key', async () => {
    let answer: 'down' | 'refuse' | 'ok' = 'down'
    const { store, gateway } = make(
      script([], {}, {
        AfterSaleSubmit: () =>
          answer === 'down'
            ? networkDown('AfterSaleSubmit')
            : answer === 'refuse'
              ? refused('AfterSaleSubmit', RESULTCODES.AFTERSALE_OPEN_EXISTS, 'This order already has an after-sale request in progress')
              : { table1: [request('A9')], table2: [] }
      })
    )
    await store.load(SHEET)
    store.setReason('other')
    expect(await store.submit()).toBe(false)
    expect(store.problem).toEqual({ code: '', message: '' })
    answer = 'refuse'
    expect(await store.submit()).toBe(false)
    expect(store.problem).toEqual({ code: RESULTCODES.AFTERSALE_OPEN_EXISTS, message: 'This order already has an after-sale request in progress' })
    answer = 'ok'
    expect(await store.submit()).toBe(true)
    const keys = gateway.callsOf('AfterSaleSubmit').map((c) => c.record.RequestKey)
    expect(keys[0]).toBe(keys[1])
    expect(keys[2]).not.toBe(keys[1])
  })

  it('an open request shows its progress; withdraw while submitted', async () => {
    const open = request('A1')
    const { store, gateway } = make(
      script([open], { A1: [line('A1', 2, 1)] }, { AfterSaleWithdraw: () => ({ table1: [request('A1', { Status: AFTERSALE_STATUS.WITHDRAWN, CanWithdraw: 0 })] }) })
    )
    await store.load(SHEET)
    expect(store.mode).toBe('progress')
    expect(store.canAskAgain).toBe(false)
    expect(store.steps.map((s) => [s.key, s.done])).toEqual([
      ['submitted', true],
      ['approved', false],
      ['refunded', false]
    ])
    expect(await store.withdraw()).toBe(true)
    expect(gateway.callsOf('AfterSaleWithdraw')[0].record).toEqual({ AfterSaleID: 'A1' })
    // Withdrawn: the form again (its lines are free again).
    expect(store.mode).toBe('form')
  })

  it('the steps of a rejected and a refunded request', () => {
    expect(progressSteps(request('A', { Status: AFTERSALE_STATUS.REJECTED, DecidedDate: '2026-11-24 13:00:00' })).map((s) => [s.key, s.done, s.date])).toEqual([
      ['submitted', true, '2026-11-24 12:00:00'],
      ['rejected', true, '2026-11-24 13:00:00']
    ])
    expect(
      progressSteps(request('A', { Status: AFTERSALE_STATUS.REFUNDED, DecidedDate: '2026-11-24 13:00:00', RefundedDate: '2026-11-24 13:00:00' })).every((s) => s.done)
    ).toBe(true)
  })

  it('an unpaid order offers nothing; a load that fails says so', async () => {
    const unpaid = make(
      script([], {}, { OrderDetailGet: () => ({ table1: [orderRow(SHEET, { Status: 0, PaidAmount: '0.00' })], table2: [lineRow(SHEET, 1)], table3: [] }) })
    )
    await unpaid.store.load(SHEET)
    expect(unpaid.store.mode).toBe('none')
    const down = make(script([], {}, { OrderDetailGet: () => networkDown('OrderDetailGet') }))
    await down.store.load(SHEET)
    expect(down.store.state).toBe('failed')
  })
})
