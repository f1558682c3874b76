import { PaymentStore, PAY_ATTEMPT_STORAGE, PAY_POLL_MS } from '../../src/features/orders/payment.store'
import { RESULTCODES } from '../../src/gateway/codes'
import type { OrderRow, PaymentRow } from '../../src/gateway/order-rows'
import { fakeGateway, ManualScheduler, networkDown, orderRow, paymentRow, refused, settle, type Script } from './support/orders-fakes'

function setup(script: Script, opts: { canLeave?: boolean; noReturn?: boolean } = {}) {
  const gateway = fakeGateway(script)
  const scheduler = new ManualScheduler()
  const store = new Map<string, string>()
  const left: string[] = []
  const seen: OrderRow[] = []
  let tick = 0
  const payment = new PaymentStore(gateway, {
    storage: { get: (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v), remove: (k) => void store.delete(k) },
    returnUrl: (sheetId) => (opts.noReturn ? null : `http://shop.test/#/pages/paying/paying?SheetID=${sheetId}`),
    leaveTo: (url) => {
      left.push(url)
      return opts.canLeave !== false
    },
    onOrder: (o) => void seen.push(o),
    scheduler,
    now: () => 1763800000000 + tick++,
    random: () => 0.5
  })
  return { payment, gateway, scheduler, store, left, seen }
}

/** A server with one unpaid order, a finance account, and payments by request key. */
function payServer(over: Partial<OrderRow> = {}) {
  const byKey = new Map<string, PaymentRow>()
  let n = 0
  const script: Script = {
    OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID, over)], table2: [], table3: [...byKey.values()] }),
    FinanceAccountGet: ({ ShopID }) => ({ table1: [{ ShopID, Provider: 'sandbox', AccountName: 'Tea House', AccountTail: '4321' }] }),
    PaySubmit: ({ SheetID, RequestKey }) => {
      let p = byKey.get(RequestKey)
      if (!p) {
        p = paymentRow(`PAY${++n}`, SheetID)
        byKey.set(RequestKey, p)
      }
      return { table1: [p] }
    }
  }
  return { script, byKey }
}

describe('paymentTransfer', () => {
  it('order → account → PaySubmit with a request key and the paying page as ReturnUrl → the provider page', async () => {
    const { script } = payServer()
    const { payment, gateway, left } = setup(script)
    await payment.transfer('O1')
    expect(payment.transferState).toBe('leaving')
    const submit = gateway.callsOf('PaySubmit')[0].record
    expect(submit.SheetID).toBe('O1')
    expect(submit.ReturnUrl).toBe('http://shop.test/#/pages/paying/paying?SheetID=O1')
    expect(String(submit.RequestKey)).toMatch(/^P\d+[A-Za-z0-9]{10}$/)
    expect(left).toEqual(['http://shop.test/sandbox/pay/PAY1'])
    expect(gateway.callsOf('FinanceAccountGet')[0].record.ShopID).toBe('S101')
  })

  it('one attempt, one key: running it again (a retry, a double tap, a reload) gets the same payment', async () => {
    const { script, byKey } = payServer()
    const { payment, gateway, left } = setup(script)
    await payment.transfer('O1')
    await payment.transfer('O1')
    const keys = gateway.callsOf('PaySubmit').map((c) => c.record.RequestKey)
    expect(keys[0]).toBe(keys[1])
    expect(byKey.size).toBe(1)
    expect(left).toEqual(['http://shop.test/sandbox/pay/PAY1', 'http://shop.test/sandbox/pay/PAY1'])
  })

  it('a declined attempt is over: the next try is a new payment with a new key', async () => {
    const { script, byKey } = payServer()
    const { payment, gateway, left } = setup(script)
    await payment.transfer('O1')
    const firstKey = gateway.callsOf('PaySubmit')[0].record.RequestKey as string
    byKey.get(firstKey)!.Status = 2
    await payment.transfer('O1')
    const keys = gateway.callsOf('PaySubmit').map((c) => c.record.RequestKey)
    expect(keys).toHaveLength(3)
    expect(keys[1]).toBe(firstKey)
    expect(keys[2]).not.toBe(firstKey)
    expect(left.at(-1)).toBe('http://shop.test/sandbox/pay/PAY2')
  })

  it('a shop without a finance account: no payment is made', async () => {
    const { script } = payServer()
    const { payment, gateway } = setup({ ...script, FinanceAccountGet: () => ({ table1: [] }) })
    await payment.transfer('O1')
    expect(payment.transferState).toBe('noAccount')
    expect(gateway.callsOf('PaySubmit')).toHaveLength(0)
  })

  it("the server's 'payment account not linked' is the same answer", async () => {
    const { script } = payServer()
    const { payment } = setup({
      ...script,
      PaySubmit: () => refused('PaySubmit', RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED, 'Payment account not linked to this shop')
    })
    await payment.transfer('O1')
    expect(payment.transferState).toBe('noAccount')
  })

  it('a host that cannot leave the app says so before any payment is made', async () => {
    const { script } = payServer()
    const { payment, gateway } = setup(script, { noReturn: true })
    await payment.transfer('O1')
    expect(payment.transferState).toBe('unsupported')
    expect(gateway.callsOf('PaySubmit')).toHaveLength(0)
  })

  it('an order already paid goes to the result; an expired one cannot be paid', async () => {
    const paid = setup(payServer({ Status: 1, CanPay: 0 }).script)
    await paid.payment.transfer('O1')
    expect(paid.payment.transferState).toBe('paid')
    const expired = setup(payServer({ Status: 4, CanPay: 0, CanCancel: 0 }).script)
    await expired.payment.transfer('O1')
    expect(expired.payment.transferState).toBe('notPayable')
    expect(expired.gateway.callsOf('PaySubmit')).toHaveLength(0)
  })

  it('a lost connection fails the attempt without losing its key; trying again reuses it', async () => {
    const { script } = payServer()
    let down = true
    const { payment, gateway } = setup({ ...script, PaySubmit: (r, o) => (down ? networkDown('PaySubmit') : script.PaySubmit!(r, o)) })
    await payment.transfer('O1')
    expect(payment.transferState).toBe('failed')
    expect(payment.transferError).toBe('')
    down = false
    await payment.transfer('O1')
    expect(payment.transferState).toBe('leaving')
    const keys = gateway.callsOf('PaySubmit').map((c) => c.record.RequestKey)
    expect(keys[0]).toBe(keys[1])
  })
})

describe('paying', () => {
  function statusServer(statuses: (number | 'down')[]) {
    const queue = [...statuses]
    const script: Script = {
      PaymentStatusUpdate: ({ PayID }) => {
        const s = queue.length > 1 ? queue.shift()! : queue[0]
        if (s === 'down') return networkDown('PaymentStatusUpdate')
        return {
          table1: [paymentRow(PayID, 'O1', { Status: s, PayUrl: s === 0 ? 'x' : '' })],
          table2: [orderRow('O1', { Status: s === 1 ? 1 : 0, PickupNo: s === 1 ? '023' : '', CanPay: s === 1 ? 0 : 1 })]
        }
      }
    }
    return script
  }

  it('checks every 2 s until paid, quietly through a lost connection, then hands over the paid order', async () => {
    const { payment, gateway, scheduler, store, seen } = setup(statusServer([0, 'down', 0, 1]))
    store.set(PAY_ATTEMPT_STORAGE + 'O1', 'Pkey')
    payment.watchPayment({ PayID: 'PAY1' })
    await settle()
    expect(payment.payingState).toBe('checking')
    expect(scheduler.pending).toEqual([PAY_POLL_MS])
    await scheduler.runNext()
    expect(payment.payingState).toBe('checking')
    expect(payment.offline).toBe(true)
    await scheduler.runNext()
    expect(payment.offline).toBe(false)
    await scheduler.runNext()
    expect(payment.payingState).toBe('paid')
    expect(payment.paidOrder?.PickupNo).toBe('023')
    expect(payment.payingSheetId).toBe('O1')
    expect(scheduler.pending).toEqual([])
    expect(gateway.callsOf('PaymentStatusUpdate').every((c) => c.silent && c.record.PayID === 'PAY1')).toBe(true)
    expect(seen.at(-1)?.Status).toBe(1)
    // The attempt is over.
    expect(store.has(PAY_ATTEMPT_STORAGE + 'O1')).toBe(false)
  })

  it('declined stops checking and ends the attempt', async () => {
    const { payment, scheduler, store } = setup(statusServer([0, 2]))
    store.set(PAY_ATTEMPT_STORAGE + 'O1', 'Pkey')
    payment.watchPayment({ PayID: 'PAY1' })
    await settle()
    await scheduler.runNext()
    expect(payment.payingState).toBe('declined')
    expect(scheduler.pending).toEqual([])
    expect(store.has(PAY_ATTEMPT_STORAGE + 'O1')).toBe(false)
  })

  it.each([
    [3, 'refundDue'],
    [4, 'refunded']
  ])('money that came after the order ended (payment %i) stops checking: %s', async (status, state) => {
    const { payment, scheduler } = setup(statusServer([0, status]))
    payment.watchPayment({ PayID: 'PAY1' })
    await settle()
    await scheduler.runNext()
    expect(payment.payingState).toBe(state)
    expect(scheduler.pending).toEqual([])
  })

  it("back with only the order's id: its newest payment is the one checked", async () => {
    const { payment, gateway } = setup({
      ...statusServer([1]),
      OrderDetailGet: ({ SheetID }) => ({
        table1: [orderRow(SheetID)],
        table2: [],
        table3: [paymentRow('OLD', SheetID, { Status: 2, CreatedDate: '2026-11-22 12:01:00' }), paymentRow('NEW', SheetID, { CreatedDate: '2026-11-22 12:05:00' })]
      })
    })
    payment.watchPayment({ SheetID: 'O1' })
    await settle()
    expect(gateway.callsOf('PaymentStatusUpdate')[0].record.PayID).toBe('NEW')
    expect(payment.payingState).toBe('paid')
  })

  it('an unknown payment says so and stops', async () => {
    const { payment, scheduler } = setup({
      PaymentStatusUpdate: () => refused('PaymentStatusUpdate', RESULTCODES.PAYMENT_NOT_FOUND, 'Payment not found')
    })
    payment.watchPayment({ PayID: 'NOPE' })
    await settle()
    expect(payment.payingState).toBe('notFound')
    expect(scheduler.pending).toEqual([])
  })
})
