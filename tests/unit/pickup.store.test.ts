/**
 * The pickup screen's store (issue 24 item 4; docs/pickup-screen.md) with its loader, stream,
 * poll, clock, timers and chime injected: what a person waiting in front of the TV would see —
 * numbers moving from Preparing to Ready as the kitchen bumps them, leaving at once when
 * collected or cancelled and after 10 minutes of ready by the server's clock, highlighted and
 * chimed once as they arrive, the connection's state and the fall back to polling, a reset
 * reading the state again — and the page's language.
 */
import type { LiveHandlers, LiveMessage, LiveRequest, LiveSubscribe } from '../../src/hosts/host'
import {
  FALLBACK_AFTER_MS,
  PickupLoadError,
  PickupStore,
  SHOWN_READY,
  type PickupSnapshot,
  type PickupTimers
} from '../../src/pickup/pickup.store'
import { PICKUP_TEXTS } from '../../src/pickup/texts'

const PLACE = { entId: 'E1001', shopId: 'S101', baseId: 'B201' }
const MIN = 60_000

/** Timers run by the test: `advance(ms)` moves the clock and fires what is due. */
class FakeTime implements PickupTimers {
  now = Date.parse('2030-05-01T04:00:00.000Z')
  private timers: { at: number; every: number; fn: () => void; live: boolean }[] = []
  every(ms: number, fn: () => void) {
    const t = { at: this.now + ms, every: ms, fn, live: true }
    this.timers.push(t)
    return () => void (t.live = false)
  }
  after(ms: number, fn: () => void) {
    const t = { at: this.now + ms, every: 0, fn, live: true }
    this.timers.push(t)
    return () => void (t.live = false)
  }
  advance(ms: number): void {
    const until = this.now + ms
    for (;;) {
      const due = this.timers.filter((t) => t.live && t.at <= until).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.now = due.at
      if (due.every) due.at += due.every
      else due.live = false
      due.fn()
    }
    this.now = until
  }
}

/** A subscription the test speaks through. */
function fakeSubscribe() {
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
    get open() {
      return subs.filter((s) => !s.closed)
    },
    send(message: LiveMessage) {
      last().handlers.onMessage(message)
    },
    status(up: boolean) {
      last().handlers.onStatus?.(up)
    }
  }
}

const progress = (id: number, ref: string, pickupNo: string, stage: string): LiveMessage => ({ id, kind: 'order.progress', data: { ref, pickupNo, stage, kind: 'order.progress', shopId: 'S101', baseId: 'B201' } })

function snapshot(over: Partial<PickupSnapshot> = {}): PickupSnapshot {
  return {
    position: 40,
    now: '2030-05-01T04:00:00.000Z',
    readyForMs: 10 * MIN,
    businessDay: '2030-05-01',
    preparing: [
      { pickupNo: '7', ref: 'r7' },
      { pickupNo: '8', ref: 'r8' }
    ],
    ready: [{ pickupNo: '5', ref: 'r5', readyAt: '2030-05-01T03:58:00.000Z' }],
    languages: ['zh-TW', 'en', 'zh-CN'],
    branchNames: { 'zh-CN': '议事亭', 'zh-TW': '議事亭', en: 'Senado Square' },
    ...over
  }
}

const flush = () => new Promise((r) => setImmediate(r))

async function setup(options: { snapshot?: PickupSnapshot; lang?: 'en' | 'zh-CN' | 'zh-TW' | null; tvClockOffset?: number; load?: () => Promise<PickupSnapshot> } = {}) {
  const time = new FakeTime()
  const stream = fakeSubscribe()
  const poll = fakeSubscribe()
  const chimes: number[] = []
  let loads = 0
  let unlock = true
  const store = new PickupStore(
    {
      load: async (place) => {
        expect(place).toEqual(PLACE)
        loads++
        return options.load ? options.load() : options.snapshot ?? snapshot()
      },
      stream: stream.subscribe,
      poll: poll.subscribe,
      now: () => time.now + (options.tvClockOffset ?? 0),
      timers: time,
      chime: () => void chimes.push(time.now),
      unlockSound: () => unlock
    },
    { place: PLACE, lang: options.lang ?? null }
  )
  await store.start()
  await flush()
  return {
    store,
    time,
    stream,
    poll,
    chimes,
    loads: () => loads,
    refuseSound: () => void (unlock = false),
    numbers: () => ({ preparing: store.preparing.map((n) => n.pickupNo), ready: store.ready.map((n) => n.pickupNo) })
  }
}

describe('the pickup screen', () => {
  test('starts from the branch’s state and follows the stream from its position: bumped to Ready, collected and cancelled off at once', async () => {
    const { store, stream, numbers, chimes } = await setup()
    expect(store.state).toBe('ready')
    expect(numbers()).toEqual({ preparing: ['7', '8'], ready: ['5'] })
    expect(stream.subs).toHaveLength(1)
    expect(stream.subs[0].request).toMatchObject({ base: '', scope: 'ent=E1001&shop=S101&base=B201', kinds: ['order.progress'], afterId: 40 })

    stream.send({ id: 40, kind: 'ready', data: { position: 40 } })
    stream.send(progress(41, 'r9', '9', 'preparing'))
    stream.send(progress(42, 'r7', '7', 'ready'))
    expect(numbers()).toEqual({ preparing: ['8', '9'], ready: ['7', '5'] })
    expect(store.ready[0].fresh).toBe(true)
    expect(store.ready[1].fresh).toBe(false)
    // Sound is off until someone taps: no chime.
    expect(chimes).toEqual([])

    stream.send(progress(43, 'r5', '5', 'collected'))
    stream.send(progress(44, 'r8', '8', 'cancelled'))
    expect(numbers()).toEqual({ preparing: ['9'], ready: ['7'] })
    // A table round's progress has no pickup number: not on this screen.
    stream.send(progress(45, 'round', '', 'preparing'))
    // Recalled from Ready: preparing again.
    stream.send(progress(46, 'r7', '7', 'preparing'))
    expect(numbersAfter(store)).toEqual({ preparing: ['9', '7'], ready: [] })
  })

  test('a ready number leaves after 10 minutes by the server’s clock, even when the TV’s clock is an hour off; the highlight ends after a while', async () => {
    // The TV's clock is an hour fast: the server's times are turned into its own.
    const { store, stream, time, numbers } = await setup({ tvClockOffset: 60 * MIN })
    stream.send(progress(41, 'r7', '7', 'ready'))
    expect(numbers().ready).toEqual(['7', '5'])
    // #5 was ready at 03:58 server time: it goes at 04:08.
    time.advance(8 * MIN - 1000)
    expect(numbers().ready).toEqual(['7', '5'])
    expect(store.ready[0].fresh).toBe(false)
    time.advance(2000)
    expect(numbers().ready).toEqual(['7'])
    time.advance(2 * MIN - 2000)
    expect(numbers().ready).toEqual(['7'])
    time.advance(2000)
    expect(numbers()).toEqual({ preparing: ['8'], ready: [] })
  })

  test('the chime, once a tap turned it on, sounds once for each number that becomes ready, not for one heard twice', async () => {
    const { store, stream, poll, chimes, time } = await setup()
    store.toggleSound()
    expect(store.soundOn).toBe(true)
    // The tap itself plays it once, so whoever set up the TV hears it work.
    expect(chimes).toHaveLength(1)
    stream.status(true)
    stream.send(progress(41, 'r7', '7', 'ready'))
    expect(chimes).toHaveLength(2)
    // The stream drops; the poll takes over from the last id and hears 41 again, then 42.
    stream.status(false)
    time.advance(FALLBACK_AFTER_MS)
    expect(poll.open).toHaveLength(1)
    expect(poll.subs[0].request.afterId).toBe(41)
    poll.send(progress(41, 'r7', '7', 'ready'))
    poll.send(progress(42, 'r8', '8', 'ready'))
    expect(chimes).toHaveLength(3)
    poll.send(progress(43, 'r8', '8', 'collected'))
    // Back on the stream, which replays 42 from its own cursor: once is enough, and a number
    // already collected does not come back.
    stream.status(true)
    stream.send(progress(42, 'r8', '8', 'ready'))
    expect(chimes).toHaveLength(3)
    expect(store.ready.map((n) => n.pickupNo)).toEqual(['7', '5'])
    store.toggleSound()
    stream.send(progress(43, 'r9', '9', 'preparing'))
    stream.send(progress(44, 'r9', '9', 'ready'))
    expect(chimes).toHaveLength(3)
  })

  test('sound stays off where the browser has none', async () => {
    const { store, chimes, refuseSound } = await setup()
    refuseSound()
    store.toggleSound()
    expect(store.soundOn).toBe(false)
    expect(chimes).toEqual([])
  })

  test('the connection shows: live on the stream, polling when it stays down, offline when the poll fails too, live again', async () => {
    const { store, stream, poll, time } = await setup()
    expect(store.connection).toBe('connecting')
    stream.status(true)
    expect(store.connection).toBe('live')
    stream.status(false)
    expect(store.connection).toBe('connecting')
    time.advance(FALLBACK_AFTER_MS - 1)
    expect(poll.subs).toHaveLength(0)
    time.advance(1)
    expect(store.connection).toBe('polling')
    expect(poll.subs[0].request).toMatchObject({ scope: 'ent=E1001&shop=S101&base=B201', kinds: ['order.progress'], afterId: 40 })
    poll.status(false)
    expect(store.connection).toBe('offline')
    poll.status(true)
    expect(store.connection).toBe('polling')
    // Numbers still move while polling.
    poll.send(progress(41, 'r8', '8', 'ready'))
    expect(store.ready.map((n) => n.pickupNo)).toEqual(['8', '5'])
    stream.status(true)
    expect(store.connection).toBe('live')
    expect(poll.open).toHaveLength(0)
  })

  test('a reset reads the state again, and what was heard meanwhile stays on top', async () => {
    let answer = snapshot()
    let release: () => void = () => undefined
    let hold = false
    const { store, stream, loads, numbers } = await setup({
      load: () => (hold ? new Promise<PickupSnapshot>((resolve) => (release = () => resolve(answer))) : Promise.resolve(answer))
    })
    expect(loads()).toBe(1)
    hold = true
    // The server lost the cursor: the state now (read at position 60) is what counts …
    answer = snapshot({ position: 60, preparing: [{ pickupNo: '11', ref: 'r11' }], ready: [{ pickupNo: '8', ref: 'r8', readyAt: '2030-05-01T04:00:00.000Z' }] })
    stream.send({ id: 60, kind: 'reset', data: { position: 60 } })
    expect(loads()).toBe(2)
    // … and an event arriving while it is read, after its position, goes on top of it.
    stream.send(progress(61, 'r11', '11', 'ready'))
    release()
    await flush()
    expect(numbers()).toEqual({ preparing: [], ready: ['11', '8'] })
    expect(store.state).toBe('ready')
  })

  test('many ready numbers: the newest shown, the rest counted', async () => {
    const ready = Array.from({ length: SHOWN_READY + 3 }, (_, i) => ({ pickupNo: String(100 + i), ref: `q${i}`, readyAt: new Date(Date.parse('2030-05-01T03:59:00.000Z') + i * 1000).toISOString() }))
    const { store } = await setup({ snapshot: snapshot({ ready }) })
    expect(store.ready).toHaveLength(SHOWN_READY)
    expect(store.ready[0].pickupNo).toBe(String(100 + SHOWN_READY + 2))
    expect(store.readyMore).toBe(3)
  })

  test('speaks lang= when the address names it, else the enterprise’s first language; the headings add the others', async () => {
    const first = await setup()
    expect(first.store.locale).toBe('zh-TW')
    expect(first.store.otherLocales).toEqual(['en', 'zh-CN'])
    expect(first.store.branchName).toBe('議事亭')
    const english = await setup({ lang: 'en' })
    expect(english.store.locale).toBe('en')
    expect(english.store.branchName).toBe('Senado Square')
    expect(english.store.otherLocales).toEqual(['zh-TW', 'zh-CN'])
  })

  test('an address naming no branch says so and stops; a server that does not answer is tried again', async () => {
    const time = new FakeTime()
    const stream = fakeSubscribe()
    let failing: 'notFound' | 'failed' | null = 'notFound'
    let loads = 0
    const deps = {
      load: async () => {
        loads++
        if (failing) throw new PickupLoadError(failing)
        return snapshot()
      },
      stream: stream.subscribe,
      poll: fakeSubscribe().subscribe,
      now: () => time.now,
      timers: time,
      chime: () => undefined,
      unlockSound: () => true
    }
    const lost = new PickupStore(deps, { place: PLACE, lang: null })
    await lost.start()
    expect(lost.state).toBe('notFound')
    time.advance(60_000)
    expect(loads).toBe(1)
    expect(stream.subs).toHaveLength(0)
    lost.close()

    failing = 'failed'
    const retrying = new PickupStore(deps, { place: PLACE, lang: null })
    await retrying.start()
    expect(retrying.state).toBe('failed')
    failing = null
    time.advance(5000)
    await flush()
    expect(retrying.state).toBe('ready')
    expect(stream.subs).toHaveLength(1)
  })

  test('every text is there in all three languages', () => {
    const keys = Object.keys(PICKUP_TEXTS.en).sort()
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      expect(Object.keys(PICKUP_TEXTS[locale]).sort()).toEqual(keys)
      for (const key of keys) expect(PICKUP_TEXTS[locale][key as keyof typeof PICKUP_TEXTS.en].trim()).not.toBe('')
    }
  })
})

/** The same as numbers() for a store at hand. */
function numbersAfter(store: PickupStore) {
  return { preparing: store.preparing.map((n) => n.pickupNo), ready: store.ready.map((n) => n.pickupNo) }
}

