/**
 * The confirm page's and order page's "ready in about N min" (issue 26 item 3;
 * src/features/checkout/ready-estimate.store.ts): asked for the cart at the branch, read again
 * on the branch's live events and by a poll, and full pickup slots are not offered.
 */
import { observable } from 'mobx'
import { Gateway } from '../../src/gateway/gateway-client'
import type { HttpRequest, LiveHandlers, LiveMessage } from '../../src/hosts/host'
import type { BaseRow } from '../../src/gateway/operations'
import { completeLine, type CartEntry } from '../../src/core/cart'
import { parseWallClock, type WallClock } from '../../src/core/wall-clock'
import type { Scheduler } from '../../src/core/polling'
import { CheckoutStore, type CheckoutPlace } from '../../src/features/checkout/checkout.store'
import { ESTIMATE_POLL_MS, ReadyEstimateStore, estimateLines } from '../../src/features/checkout/ready-estimate.store'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { BASE } from './support/fake-gateway-server'
import { lineInput } from './support/menu-rows'

const row = (Minutes: number, TicketsAhead = 2) => ({ BaseID: 'B201', SheetID: '', Stage: 'cart', Minutes, ReadyBy: '', TicketsAhead, SlotCapacity: 3 })

function gatewayWith(answer: (record: Record<string, unknown>) => Record<string, unknown>) {
  const asked: Record<string, unknown>[] = []
  const host = createFakeHost((req: HttpRequest) => {
    const { fields, records } = envelopeOf(req)
    if (fields.KeyName === 'OrderReadyEstimateGet') {
      asked.push(records[0])
      return ok(answer(records[0]))
    }
    if (fields.KeyName === 'OrderPricePreview') return fail('0', '20003', 'no', 200)
    return fail('10003', '0', `unknown ${fields.KeyName}`, 404)
  })
  const gateway = new Gateway({ host, identity: () => ({ EntID: 'E1001', UserID: 'U1' }), locale: () => 'en', networkErrorText: () => 'x', appName: 'test', authCode: 'c', liveUrl: '', testUrl: '' })
  return { gateway, asked }
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 2))
}

/** A live stream the test speaks on, and a scheduler it steps by hand. */
function fakes() {
  const handlers: LiveHandlers[] = []
  const live = {
    subscribe: (_req: unknown, h: LiveHandlers) => {
      handlers.push(h)
      return { close: () => undefined }
    },
    base: () => 'http://shop.test',
    entId: () => 'E1001'
  }
  const timers: { ms: number; fn: () => void }[] = []
  const scheduler: Scheduler = {
    after(ms, fn) {
      const t = { ms, fn }
      timers.push(t)
      return () => void timers.splice(timers.indexOf(t), 1)
    }
  }
  const say = (message: LiveMessage) => handlers.at(-1)?.onMessage(message)
  const tick = () => timers.splice(0).forEach((t) => t.fn())
  return { live, scheduler, say, tick, timers }
}

describe('ready-time estimate', () => {
  it('the confirm page asks for its cart at its branch, shows the answer, and does not offer a full slot', async () => {
    const { gateway, asked } = gatewayWith(() => ({ table1: [row(12)], table2: [{ Slot: '2026-11-22 12:30' }] }))
    const line = completeLine(lineInput({ mQua: '2' }), '1700000000000aaaaaaaaaa')
    const entries: CartEntry[] = [{ goodsDetails: { GoodsID: 'G1', ShopID: 'S101', BaseID: 'B201', Ref: '1', GoodsName: 'Soup', GoodsType: 0, Unit: 'bowl', ImageUrl: '', StepQua: '1' }, lines: [line], businessMode: '0' }]
    const state = observable({ now: parseWallClock('2026-11-22 12:00:00') as WallClock | null })
    const place = { ShopID: 'S101', BaseID: 'B201', TableID: '', SheetID: '', QRCode: '', base: BASE as BaseRow } as CheckoutPlace
    const checkout = new CheckoutStore(gateway, { place: () => place, now: () => state.now, entries: () => entries, previewDelayMs: 0 })
    expect(checkout.slotDays[0].slots.slice(0, 3)).toEqual(['12:15', '12:30', '12:45'])
    checkout.begin('prepay')
    await settle()
    expect(asked[0]).toMatchObject({ ShopID: 'S101', BaseID: 'B201', Lines: [{ GoodsID: checkout.lines[0].GoodsID, Qua: 2 }] })
    expect(checkout.estimate.row).toMatchObject({ Minutes: 12, TicketsAhead: 2 })
    expect(checkout.slotDays[0].slots.slice(0, 3)).toEqual(['12:15', '12:45', '13:00'])
    checkout.end()
  })

  it('reads again when an order on the branch moves, and by a poll; stops when the page leaves', async () => {
    let minutes = 20
    const { gateway, asked } = gatewayWith(() => ({ table1: [row(minutes)], table2: [] }))
    const f = fakes()
    const store = new ReadyEstimateStore(gateway, { live: f.live, scheduler: f.scheduler, delayMs: 0 })
    const stop = store.watch(() => ({ input: { SheetID: 'O1' }, place: { ShopID: 'S101', BaseID: 'B201' } }))
    await settle()
    expect(store.row?.Minutes).toBe(20)
    // The kitchen bumps another order: its progress on the branch's stream.
    minutes = 14
    f.say({ id: 7, kind: 'order.progress', data: { ref: 'someone-else', stage: 'ready' } })
    await settle()
    expect(store.row?.Minutes).toBe(14)
    // Nothing on the stream (a bump at one of two stations): the poll reads it anyway.
    minutes = 11
    expect(f.timers.map((t) => t.ms)).toContain(ESTIMATE_POLL_MS)
    f.tick()
    await settle()
    expect(store.row?.Minutes).toBe(11)
    const before = asked.length
    stop()
    f.tick()
    f.say({ id: 8, kind: 'order.progress', data: { ref: 'x', stage: 'ready' } })
    await settle()
    expect(asked.length).toBe(before)
  })

  it('a cart line counts in its stepper unit: packs on a pack line', () => {
    expect(estimateLines([{ GoodsID: 'A', MQua: '2', PQua: '0' }, { GoodsID: 'B', MQua: '0', PQua: '3' }, { GoodsID: 'C', MQua: '0', PQua: '0' }])).toEqual([
      { GoodsID: 'A', Qua: 2 },
      { GoodsID: 'B', Qua: 3 }
    ])
  })
})
