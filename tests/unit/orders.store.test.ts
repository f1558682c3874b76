import { OrdersStore, ORDER_PAGE_SIZE, DETAIL_POLL_MS } from '../../src/features/orders/orders.store'
import { RESULTCODES } from '../../src/gateway/codes'
import type { OrderRow } from '../../src/gateway/order-rows'
import { fakeGateway, lineRow, ManualScheduler, networkDown, orderRow, paymentRow, refused, settle, type Script } from './support/orders-fakes'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

function setup(script: Script, confirm = true) {
  const gateway = fakeGateway(script)
  const scheduler = new ManualScheduler()
  const asked: string[] = []
  const orders = new OrdersStore(gateway, { scheduler })
  const confirmCancel = async () => {
    asked.push('cancel?')
    if (!confirm) throw new ConfirmCancelled()
  }
  return { orders, gateway, scheduler, asked, confirmCancel }
}

const many = (n: number, from = 1): OrderRow[] => Array.from({ length: n }, (_, i) => orderRow(`O${from + i}`))

describe('order list', () => {
  it('loads the first page, pulls up for the next, and stops at the total', async () => {
    const all = many(ORDER_PAGE_SIZE + 3)
    const { orders, gateway } = setup({
      OrderListByPage: ({ PageIndex = 1, PageSize = 10 }) => ({
        table1: all.slice((PageIndex - 1) * PageSize, PageIndex * PageSize),
        table2: [{ Total: all.length }]
      })
    })
    await orders.refreshList()
    expect(orders.listState).toBe('ready')
    expect(orders.rows.map((r) => r.SheetID)).toEqual(all.slice(0, ORDER_PAGE_SIZE).map((r) => r.SheetID))
    expect(orders.hasMore).toBe(true)
    await orders.loadMore()
    expect(orders.rows).toHaveLength(all.length)
    expect(orders.hasMore).toBe(false)
    await orders.loadMore()
    expect(gateway.callsOf('OrderListByPage').map((c) => c.record.PageIndex)).toEqual([1, 2])
  })

  it('an order placed meanwhile shifts the pages; nothing is listed twice', async () => {
    let all = many(ORDER_PAGE_SIZE + 2)
    const { orders } = setup({
      OrderListByPage: ({ PageIndex = 1, PageSize = 10 }) => ({
        table1: all.slice((PageIndex - 1) * PageSize, PageIndex * PageSize),
        table2: [{ Total: all.length }]
      })
    })
    await orders.refreshList()
    all = [orderRow('NEW'), ...all]
    await orders.loadMore()
    const ids = orders.rows.map((r) => r.SheetID)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(ORDER_PAGE_SIZE + 2)
  })

  it('pulling down keeps the rows on screen while it reloads, and after a failure', async () => {
    let down = false
    const { orders } = setup({
      OrderListByPage: () => (down ? networkDown('OrderListByPage') : { table1: many(2), table2: [{ Total: 2 }] })
    })
    await orders.refreshList()
    down = true
    const pending = orders.refreshList()
    expect(orders.refreshing).toBe(true)
    expect(orders.rows).toHaveLength(2)
    await pending
    expect(orders.refreshing).toBe(false)
    expect(orders.listState).toBe('ready')
    expect(orders.rows).toHaveLength(2)
  })

  it('a first load that fails says so; an empty list is an empty list', async () => {
    let answer: ReturnType<NonNullable<Script['OrderListByPage']>> = networkDown('OrderListByPage')
    const { orders } = setup({ OrderListByPage: () => answer })
    await orders.refreshList()
    expect(orders.listState).toBe('failed')
    answer = { table1: [], table2: [{ Total: 0 }] }
    await orders.refreshList()
    expect(orders.listState).toBe('ready')
    expect(orders.rows).toEqual([])
    expect(orders.hasMore).toBe(false)
  })
})

describe('order details', () => {
  it('polls while the order is not final and stops once it is completed', async () => {
    let status: OrderRow['Status'] = 1
    const { orders, gateway, scheduler } = setup({
      OrderDetailGet: ({ SheetID }) => ({
        table1: [orderRow(SheetID, { Status: status, PickupNo: '007', CanPay: 0, CanCancel: status === 1 ? 1 : 0 })],
        table2: [lineRow(SheetID, 1), lineRow(SheetID, 2)],
        table3: [paymentRow('P1', SheetID, { Status: 1 })]
      })
    })
    orders.watchDetail('O1')
    await settle()
    expect(orders.detailOf('O1')?.order.PickupNo).toBe('007')
    expect(orders.detailOf('O1')?.lines).toHaveLength(2)
    expect(scheduler.pending).toEqual([DETAIL_POLL_MS])

    status = 5
    await scheduler.runNext()
    expect(orders.detailOf('O1')?.order.Status).toBe(5)
    expect(scheduler.pending).toEqual([DETAIL_POLL_MS])

    status = 2
    await scheduler.runNext()
    expect(orders.detailOf('O1')?.order.Status).toBe(2)
    expect(scheduler.pending).toEqual([])
    expect(gateway.callsOf('OrderDetailGet')).toHaveLength(3)
    expect(gateway.callsOf('OrderDetailGet').every((c) => c.silent)).toBe(true)
  })

  it('a lost connection keeps the order on screen and keeps polling', async () => {
    let down = false
    const { orders, scheduler } = setup({
      OrderDetailGet: ({ SheetID }) => (down ? networkDown('OrderDetailGet') : { table1: [orderRow(SheetID)], table2: [], table3: [] })
    })
    orders.watchDetail('O1')
    await settle()
    down = true
    await scheduler.runNext()
    expect(orders.detailState.O1).toBe('ready')
    expect(orders.detailOf('O1')?.order.SheetID).toBe('O1')
    expect(scheduler.pending).toEqual([DETAIL_POLL_MS])
  })

  it("another device's order is refused with the server's words and not polled", async () => {
    const { orders, scheduler } = setup({
      OrderDetailGet: () => refused('OrderDetailGet', RESULTCODES.ORDER_NOT_YOURS, 'This order belongs to someone else')
    })
    orders.watchDetail('O9')
    await settle()
    expect(orders.detailState.O9).toBe('failed')
    expect(orders.detailError.O9).toBe('This order belongs to someone else')
    expect(scheduler.pending).toEqual([])
  })

  it('leaving the page stops the polling', async () => {
    const { orders, scheduler } = setup({ OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID)], table2: [], table3: [] }) })
    orders.watchDetail('O1')
    await settle()
    orders.stopWatching()
    expect(scheduler.pending).toEqual([])
  })

  it("a page leaving after the next one opened stops only its own watch", async () => {
    const { orders, scheduler } = setup({ OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID, { Status: 1 })], table2: [], table3: [] }) })
    const stopResult = orders.watchDetail('O1') // paymentResult
    await settle()
    const stopDetails = orders.watchDetail('O1') // orderDetails, opened from it
    await settle()
    stopResult() // paymentResult goes away afterwards
    expect(orders.watching).toBe('O1')
    expect(scheduler.pending).toEqual([DETAIL_POLL_MS])
    stopDetails()
    expect(scheduler.pending).toEqual([])
  })

  it('the list shows what the details found', async () => {
    const { orders } = setup({
      OrderListByPage: () => ({ table1: [orderRow('O1', { Status: 1 })], table2: [{ Total: 1 }] }),
      OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID, { Status: 5, PickupNo: '012' })], table2: [], table3: [] })
    })
    await orders.refreshList()
    await orders.loadDetail('O1')
    expect(orders.rows[0].Status).toBe(5)
    expect(orders.rows[0].PickupNo).toBe('012')
  })
})

describe('cancel', () => {
  const script = (): Script => {
    let status: OrderRow['Status'] = 0
    return {
      OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID, { Status: status, CanCancel: status === 0 ? 1 : 0 })], table2: [], table3: [] }),
      OrderCancel: ({ SheetID }) => {
        status = 3
        return { table1: [orderRow(SheetID, { Status: 3, CanCancel: 0, CanPay: 0 })] }
      }
    }
  }

  it('asks first; no means nothing is sent', async () => {
    const { orders, gateway, asked, confirmCancel } = setup(script(), false)
    await orders.loadDetail('O1')
    expect(await orders.cancel('O1', confirmCancel)).toBe(false)
    expect(asked).toEqual(['cancel?'])
    expect(gateway.callsOf('OrderCancel')).toHaveLength(0)
    expect(orders.detailOf('O1')?.order.Status).toBe(0)
  })

  it('yes cancels, and the details and the list show it cancelled', async () => {
    const { orders, gateway, confirmCancel } = setup({
      ...script(),
      OrderListByPage: () => ({ table1: [orderRow('O1')], table2: [{ Total: 1 }] })
    })
    await orders.refreshList()
    await orders.loadDetail('O1')
    expect(await orders.cancel('O1', confirmCancel)).toBe(true)
    await settle()
    expect(gateway.callsOf('OrderCancel')[0].record.SheetID).toBe('O1')
    expect(orders.detailOf('O1')?.order.Status).toBe(3)
    expect(orders.detailOf('O1')?.order.CanCancel).toBe(0)
    expect(orders.rows[0].Status).toBe(3)
    expect(orders.cancelling).toBe(false)
  })

  it('a refusal (the shop moved it on) shows the order as it now is', async () => {
    let status: OrderRow['Status'] = 0
    const { orders, confirmCancel } = setup({
      OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID, { Status: status })], table2: [], table3: [] }),
      OrderCancel: () => refused('OrderCancel', RESULTCODES.ORDER_STATUS_CONFLICT, 'This order cannot be cancelled now (status: Completed)')
    })
    await orders.loadDetail('O1')
    status = 2
    expect(await orders.cancel('O1', confirmCancel)).toBe(false)
    await settle()
    expect(orders.detailOf('O1')?.order.Status).toBe(2)
  })
})

describe('an order the server does not know (issue 27 item 12)', () => {
  it('is marked missing (no Retry can help); a lost connection is not', async () => {
    let down = false
    const { orders } = setup({
      OrderDetailGet: ({ SheetID }) => (down ? networkDown('OrderDetailGet') : SheetID === 'O1' ? { table1: [orderRow('O1')], table2: [], table3: [] } : refused('OrderDetailGet', RESULTCODES.ORDER_NOT_FOUND, 'Order not found'))
    })
    await orders.loadDetail('NOPE')
    expect(orders.detailState.NOPE).toBe('failed')
    expect(orders.detailMissing.NOPE).toBe(true)
    await orders.loadDetail('')
    expect(orders.detailMissing['']).toBe(true)
    down = true
    await orders.loadDetail('O2')
    expect(orders.detailState.O2).toBe('failed')
    expect(orders.detailMissing.O2).toBe(false)
  })
})
