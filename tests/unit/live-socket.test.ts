/**
 * The host-socket live subscription (src/hosts/live-socket.ts; the chat-app mini-program's
 * wx.connectSocket through live.weapp.ts) with fake sockets and hand-run timers: the socket's
 * address and cursor, each event once and in order, the connection state, a reconnect from the
 * last id after a drop, a silent connection replaced, and the poll taking over from the last id
 * where the host cannot open a socket or three tries never got `ready`.
 */
import type { LiveHandlers, LiveMessage, LiveRequest, LiveSubscribe } from '../../src/hosts/host'
import { FIRST_RETRY_MS, SILENCE_MS, socketBase, socketSubscribe, type HostSocket, type SocketTimers } from '../../src/hosts/live-socket'

class FakeSocket implements HostSocket {
  closed = false
  private listeners = { open: [] as (() => void)[], message: [] as ((t: string) => void)[], close: [] as (() => void)[], error: [] as (() => void)[] }
  constructor(readonly url: string) {}
  onOpen(l: () => void) {
    this.listeners.open.push(l)
  }
  onMessage(l: (t: string) => void) {
    this.listeners.message.push(l)
  }
  onClose(l: () => void) {
    this.listeners.close.push(l)
  }
  onError(l: () => void) {
    this.listeners.error.push(l)
  }
  close() {
    if (this.closed) return
    this.closed = true
    for (const l of this.listeners.close) l()
  }
  // The server's side.
  open() {
    for (const l of this.listeners.open) l()
  }
  frame(f: Record<string, unknown>) {
    for (const l of this.listeners.message) l(JSON.stringify(f))
  }
  drop() {
    this.closed = true
    for (const l of this.listeners.close) l()
  }
}

class Timers implements SocketTimers {
  now = 0
  private list: { at: number; fn: () => void; live: boolean }[] = []
  after(ms: number, fn: () => void) {
    const t = { at: this.now + ms, fn, live: true }
    this.list.push(t)
    return () => void (t.live = false)
  }
  advance(ms: number) {
    const until = this.now + ms
    for (;;) {
      const due = this.list.filter((t) => t.live && t.at <= until).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      due.live = false
      this.now = due.at
      due.fn()
    }
    this.now = until
  }
}

function setup(options: { noSocket?: boolean } = {}) {
  const sockets: FakeSocket[] = []
  const timers = new Timers()
  const polls: { request: LiveRequest; handlers: LiveHandlers; closed: boolean }[] = []
  const poll: LiveSubscribe = (request, handlers) => {
    const p = { request, handlers, closed: false }
    polls.push(p)
    return { close: () => void (p.closed = true) }
  }
  const subscribe = socketSubscribe(
    (url) => {
      if (options.noSocket) return null
      const s = new FakeSocket(url)
      sockets.push(s)
      return s
    },
    poll,
    timers
  )
  const messages: LiveMessage[] = []
  const status: boolean[] = []
  const sub = subscribe(
    { base: 'https://shop.example', scope: 'ent=E1001&shop=S101&base=B201', kinds: ['order.progress'], afterId: null },
    { onMessage: (m) => messages.push(m), onStatus: (up) => status.push(up) }
  )
  return { sockets, timers, polls, messages, status, sub, last: () => sockets[sockets.length - 1] }
}

const progress = (id: number, stage = 'ready') => ({ id, kind: 'order.progress', data: { ref: 'r1', pickupNo: '12', stage } })

describe('live events over the host’s socket', () => {
  test('wss for https; ready, then each wanted event once and in order; passed-over ids move the cursor', () => {
    expect(socketBase('http://localhost:8080')).toBe('ws://localhost:8080')
    const { last, messages, status } = setup()
    expect(last().url).toBe('wss://shop.example/live/socket?ent=E1001&shop=S101&base=B201')
    last().open()
    last().frame({ id: 40, kind: 'ready', data: { position: 40 } })
    last().frame({ kind: 'ping' })
    last().frame(progress(41, 'preparing'))
    last().frame(progress(41, 'preparing'))
    last().frame({ id: 42, kind: 'goods.soldOut', data: { goodsId: 'G1' } })
    last().frame({ id: 45, kind: 'position' })
    last().frame(progress(44))
    last().frame(progress(46))
    expect(messages.map((m) => [m.id, m.kind])).toEqual([
      [40, 'ready'],
      [41, 'order.progress'],
      [46, 'order.progress']
    ])
    expect(status).toEqual([true])
  })

  test('a dropped socket says so and reconnects from the last id after 1 s', () => {
    const { sockets, last, timers, messages, status } = setup()
    last().open()
    last().frame({ id: 40, kind: 'ready', data: { position: 40 } })
    last().frame(progress(41))
    last().drop()
    expect(status).toEqual([true, false])
    timers.advance(FIRST_RETRY_MS - 1)
    expect(sockets).toHaveLength(1)
    timers.advance(1)
    expect(sockets).toHaveLength(2)
    expect(last().url).toContain('&after=41')
    last().open()
    last().frame({ id: 41, kind: 'ready', data: { position: 41 } })
    last().frame(progress(42, 'collected'))
    expect(messages.map((m) => m.id)).toEqual([40, 41, 41, 42])
    expect(status).toEqual([true, false, true])
  })

  test('a connection silent for three heartbeats is replaced', () => {
    const { sockets, last, timers } = setup()
    last().open()
    last().frame({ id: 1, kind: 'ready', data: { position: 1 } })
    timers.advance(SILENCE_MS - 1)
    last().frame({ kind: 'ping' })
    timers.advance(SILENCE_MS - 1)
    expect(sockets[0].closed).toBe(false)
    timers.advance(1)
    expect(sockets[0].closed).toBe(true)
    timers.advance(FIRST_RETRY_MS)
    expect(sockets).toHaveLength(2)
  })

  test('three tries that never got ready: the poll takes over from the last id', () => {
    const { sockets, last, timers, polls, messages } = setup()
    last().open()
    last().frame({ id: 7, kind: 'ready', data: { position: 7 } })
    last().drop()
    for (let i = 0; i < 3; i++) {
      timers.advance(60_000)
      last().drop()
    }
    expect(sockets).toHaveLength(4)
    expect(polls).toHaveLength(1)
    expect(polls[0].request).toMatchObject({ scope: 'ent=E1001&shop=S101&base=B201', afterId: 7 })
    polls[0].handlers.onMessage(progress(8))
    polls[0].handlers.onMessage(progress(8))
    expect(messages.map((m) => m.id)).toEqual([7, 8])
    timers.advance(120_000)
    expect(sockets).toHaveLength(4)
  })

  test('a host without sockets polls at once; closing closes whichever is open', () => {
    const none = setup({ noSocket: true })
    expect(none.polls).toHaveLength(1)
    none.sub.close()
    expect(none.polls[0].closed).toBe(true)
    const one = setup()
    one.sub.close()
    expect(one.sockets[0].closed).toBe(true)
    one.timers.advance(120_000)
    expect(one.sockets).toHaveLength(1)
  })
})
