/**
 * The diner's order page, pushed (issue 24 item 4; docs/pickup-screen.md): OrdersStore with a
 * scripted gateway and an injected live stream. While an order is watched it follows its
 * branch's stream; an `order.progress` naming its ProgressRef reads it again at once (the diner
 * sees "Ready for pickup" without waiting for a poll) and nudges the diner once; events of other
 * orders read nothing; the 5-second poll runs only while the stream is not connected; a final
 * order or leaving the page ends it all.
 */
import { DETAIL_POLL_MS, ORDER_LIVE_KINDS, OrdersStore } from '../../src/features/orders/orders.store'
import type { LiveHandlers, LiveMessage, LiveRequest, LiveSubscribe } from '../../src/hosts/host'
import type { OrderRow } from '../../src/gateway/order-rows'
import { fakeGateway, ManualScheduler, orderRow, settle } from './support/orders-fakes'

function fakeLive() {
  const subs: { request: LiveRequest; handlers: LiveHandlers; closed: boolean }[] = []
  const subscribe: LiveSubscribe = (request, handlers) => {
    const sub = { request, handlers, closed: false }
    subs.push(sub)
    return { close: () => void (sub.closed = true) }
  }
  const last = () => subs[subs.length - 1]
  return {
    subscribe,
    subs,
    open: () => subs.filter((s) => !s.closed),
    send: (m: LiveMessage) => last().handlers.onMessage(m),
    status: (up: boolean) => last().handlers.onStatus?.(up)
  }
}

const progress = (id: number, ref: string, stage: string): LiveMessage => ({ id, kind: 'order.progress', data: { ref, pickupNo: '12', stage } })

function setup(initial: OrderRow['Status'] = 1) {
  let status: OrderRow['Status'] = initial
  const gateway = fakeGateway({
    OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID, { Status: status, PickupNo: '12', ProgressRef: `ref-${SheetID}`, CanPay: 0, CanCancel: 0 })], table2: [], table3: [] })
  })
  const scheduler = new ManualScheduler()
  const live = fakeLive()
  const alerts: string[] = []
  const orders = new OrdersStore(gateway, {
    scheduler,
    live: { subscribe: live.subscribe, base: () => 'https://shop.test', entId: () => 'E1001', alert: () => void alerts.push('buzz') }
  })
  return {
    orders,
    gateway,
    scheduler,
    live,
    alerts,
    reads: () => gateway.callsOf('OrderDetailGet').length,
    setStatus: (s: OrderRow['Status']) => void (status = s)
  }
}

describe('an order page with the live stream', () => {
  it('follows its branch’s stream, reads the order at once when an event names it, and nudges the diner once it is ready', async () => {
    const { orders, live, scheduler, alerts, reads, setStatus } = setup()
    orders.watchDetail('O1')
    await settle()
    expect(orders.detailOf('O1')?.order.Status).toBe(1)
    expect(live.subs).toHaveLength(1)
    expect(live.subs[0].request).toEqual({ base: 'https://shop.test', scope: 'ent=E1001&shop=S101&base=B202', kinds: ORDER_LIVE_KINDS, afterId: null })

    // Connected: read once more (anything missed before), and no more polling.
    live.status(true)
    live.send({ id: 90, kind: 'ready', data: { position: 90 } })
    await settle()
    expect(reads()).toBe(2)
    expect(scheduler.pending).toEqual([])
    expect(orders.liveConnected).toBe(true)

    // Someone else's order: nothing read.
    live.send(progress(91, 'ref-O2', 'ready'))
    await settle()
    expect(reads()).toBe(2)

    // Its own: read at once, shown ready, one nudge.
    setStatus(5)
    live.send(progress(92, 'ref-O1', 'ready'))
    await settle()
    expect(reads()).toBe(3)
    expect(orders.detailOf('O1')?.order.Status).toBe(5)
    expect(alerts).toEqual(['buzz'])
    expect(scheduler.pending).toEqual([])

    // Collected: final, the stream is left and nothing polls.
    setStatus(2)
    live.send(progress(93, 'ref-O1', 'collected'))
    await settle()
    expect(orders.detailOf('O1')?.order.Status).toBe(2)
    expect(live.open()).toHaveLength(0)
    expect(scheduler.pending).toEqual([])
    expect(alerts).toEqual(['buzz'])
  })

  it('polls every 5 seconds only while the stream is not connected', async () => {
    const { orders, live, scheduler, reads, alerts, setStatus } = setup()
    orders.watchDetail('O1')
    await settle()
    // Not connected yet: the poll stands by.
    expect(scheduler.pending).toEqual([DETAIL_POLL_MS])
    live.status(true)
    expect(scheduler.pending).toEqual([])
    // The stream drops: the poll takes over …
    live.status(false)
    expect(orders.liveConnected).toBe(false)
    expect(scheduler.pending).toEqual([DETAIL_POLL_MS])
    setStatus(5)
    await scheduler.runNext()
    expect(orders.detailOf('O1')?.order.Status).toBe(5)
    // … and the diner is nudged by what it found too.
    expect(alerts).toEqual(['buzz'])
    expect(scheduler.pending).toEqual([DETAIL_POLL_MS])
    // Back: the poll stops; the reconnection reads once.
    const before = reads()
    live.status(true)
    live.send({ id: 95, kind: 'ready', data: { position: 95 } })
    await settle()
    expect(scheduler.pending).toEqual([])
    expect(reads()).toBe(before + 1)
  })

  it('a reset of the stream reads the order again', async () => {
    const { orders, live, reads } = setup()
    orders.watchDetail('O1')
    await settle()
    live.status(true)
    live.send({ id: 5, kind: 'reset', data: { position: 5 } })
    await settle()
    expect(reads()).toBe(2)
  })

  it('an order already ready when the page opens does not nudge; leaving the page leaves the stream', async () => {
    const { orders, live, alerts, scheduler } = setup(5)
    const stop = orders.watchDetail('O1')
    await settle()
    live.status(true)
    live.send({ id: 1, kind: 'ready', data: { position: 1 } })
    await settle()
    expect(alerts).toEqual([])
    stop()
    expect(live.open()).toHaveLength(0)
    expect(scheduler.pending).toEqual([])
    expect(orders.watching).toBe('')
  })

  it('a final order is not followed at all', async () => {
    const { orders, live, scheduler } = setup(2)
    orders.watchDetail('O1')
    await settle()
    expect(live.subs).toHaveLength(0)
    expect(scheduler.pending).toEqual([])
  })
})
