/**
 * The table's bill, live (issue 24 gap 5): TableSheetStore with a scripted gateway, a hand-stepped
 * poll and an injected live stream. While the page shows the bill it follows the branch's stream
 * (the same follower as the order page, src/stores/order-progress.ts); an `order.progress` naming
 * one of its rounds reads the bill again at once, so the round's kitchen stage (Preparing → Ready →
 * Preparing after a recall) shows without waiting for the poll; other orders' events read nothing;
 * a (re)connection or reset reads once; the poll goes on (the stream carries no other phone's
 * rounds); leaving the page leaves the stream.
 */
import { Gateway } from '../../src/gateway/gateway-client'
import type { HttpRequest, LiveHandlers, LiveMessage, LiveRequest, LiveSubscribe } from '../../src/hosts/host'
import type { KitchenStage, RoundRow, TableSheetRow } from '../../src/gateway/order-rows'
import { SHEET_POLL_MS, TableSheetStore } from '../../src/features/checkout/table-sheet.store'
import { ORDER_LIVE_KINDS } from '../../src/stores/order-progress'
import { roundStage } from '../../src/core/order-status'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { ManualScheduler, orderRow, settle } from './support/orders-fakes'

const SHEET = {
  SheetID: 'SH1', ShopID: 'S101', BaseID: 'B201', BaseName: '', TableID: 'B201-A01', TableName: 'A01', PosiType: 2, Status: 0,
  CreatedDate: '2026-11-22 11:50:00', SecondsLeft: -1, RoundCount: 2, Amount: '60.00', PaidAmount: '0.00', SettlementID: '',
  ClosedDate: '', QuaEditable: 0, OrderingAllowed: 1
} as TableSheetRow

const roundRow = (id: string, no: number, stage: KitchenStage): RoundRow => ({
  ...orderRow(id, { BaseID: 'B201', PayMode: 'postpay', ServiceType: 'dinein', PosiType: 2, TableSheetID: 'SH1', RoundNo: no, ProgressRef: `ref-${id}` }),
  KitchenStage: stage
})

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

const progress = (id: number, ref: string, stage: string): LiveMessage => ({ id, kind: 'order.progress', data: { ref, pickupNo: '', stage } })

function setup() {
  const stages: Record<string, KitchenStage> = { R1: 'preparing', R2: 'preparing' }
  let reads = 0
  const host = createFakeHost((req: HttpRequest) => {
    const { fields } = envelopeOf(req)
    if (fields.KeyName !== 'PosSheetDetailGet') return fail('10003', '0', `unknown ${fields.KeyName}`, 404)
    reads++
    return ok({ table1: [SHEET], table2: [], table3: [roundRow('R2', 2, stages.R2), roundRow('R1', 1, stages.R1)] })
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
  const scheduler = new ManualScheduler()
  const live = fakeLive()
  const store = new TableSheetStore(gateway, {
    now: () => null,
    base: () => null,
    onlineCheckout: () => true,
    qrCode: () => 'QR-A01-abcdefghijklmnopqrstuv',
    scheduler,
    live: { subscribe: live.subscribe, base: () => 'https://shop.test', entId: () => 'E1001' }
  })
  return { store, live, scheduler, reads: () => reads, stages }
}

const shown = (store: TableSheetStore) => store.roundsWithLines.map(({ round }) => [round.RoundNo, roundStage(round)])

describe('the table’s bill with the live stream', () => {
  let stop: (() => void) | null = null
  afterEach(() => stop?.())

  it('shows each round’s kitchen stage and reads the bill at once when an event names one of its rounds', async () => {
    const { store, live, scheduler, reads, stages } = setup()
    stop = () => store.stop()
    store.start('SH1')
    await settle()
    expect(reads()).toBe(1)
    expect(shown(store)).toEqual([
      [1, 'preparing'],
      [2, 'preparing']
    ])
    // It follows the branch of the bill, order.progress only, from now on.
    expect(live.open()).toHaveLength(1)
    expect(live.subs[0].request).toEqual({ base: 'https://shop.test', scope: 'ent=E1001&shop=S101&base=B201', kinds: ORDER_LIVE_KINDS, afterId: null })

    // Connected: read once more (anything missed before).
    live.status(true)
    live.send({ id: 40, kind: 'ready', data: { position: 40 } })
    await settle()
    expect(reads()).toBe(2)
    expect(store.liveConnected).toBe(true)

    // Another order of the branch: nothing read.
    live.send(progress(41, 'ref-P9', 'ready'))
    await settle()
    expect(reads()).toBe(2)

    // The kitchen bumps round 2: read at once, shown Ready; round 1 still Preparing.
    stages.R2 = 'ready'
    live.send(progress(42, 'ref-R2', 'ready'))
    await settle()
    expect(reads()).toBe(3)
    expect(shown(store)).toEqual([
      [1, 'preparing'],
      [2, 'ready']
    ])

    // Recalled: Preparing again.
    stages.R2 = 'preparing'
    live.send(progress(43, 'ref-R2', 'preparing'))
    await settle()
    expect(reads()).toBe(4)
    expect(shown(store)).toEqual([
      [1, 'preparing'],
      [2, 'preparing']
    ])

    // The poll goes on while connected (another phone's round comes by it, not by the stream).
    expect(scheduler.pending).toEqual([SHEET_POLL_MS])
    await scheduler.runNext()
    expect(reads()).toBe(5)
    // … and keeps the one subscription.
    expect(live.subs).toHaveLength(1)
  })

  it('a reset reads the bill again; leaving the page leaves the stream and stops the poll', async () => {
    const { store, live, scheduler, reads } = setup()
    store.start('SH1')
    await settle()
    live.status(true)
    live.send({ id: 5, kind: 'reset', data: { position: 5 } })
    await settle()
    expect(reads()).toBe(2)
    store.stop()
    expect(live.open()).toHaveLength(0)
    expect(store.liveConnected).toBe(false)
    expect(scheduler.pending).toEqual([])
    // A late event of the closed subscription reads nothing.
    live.send(progress(6, 'ref-R1', 'ready'))
    await settle()
    expect(reads()).toBe(2)
  })

  it('a bill the page does not show follows nothing; a cancelled round says so whatever its stage; no stage shows nothing', async () => {
    const { store, live } = setup()
    stop = () => store.stop()
    store.sheetId = 'SH1'
    // Not shown (load without start): nothing followed.
    await store.load()
    expect(live.subs).toHaveLength(0)
    expect(roundStage({ Status: 3, KitchenStage: 'ready' })).toBe('cancelled')
    expect(roundStage({ Status: 0, KitchenStage: '' })).toBeNull()
    expect(roundStage({ Status: 0 })).toBeNull()
    expect(roundStage({ Status: 2, KitchenStage: 'ready' })).toBe('ready')
  })
})
