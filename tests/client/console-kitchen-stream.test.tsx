/**
 * The console's staff stream client (src/console/live/staff-stream.ts) with a fake fetch whose
 * response bodies the test writes chunk by chunk, and fake timers: frames and UTF-8 characters
 * split across chunks, the last id resumed with Last-Event-ID after a drop, the backoff, `reset`,
 * the poll fallback when the stream does not get through, and 401.
 */
import { TextDecoder, TextEncoder } from 'util'
import {
  backoff,
  POLL_MS,
  READY_TIMEOUT_MS,
  SILENCE_MS,
  SseParser,
  StaffStream,
  STREAM_RETRY_MS,
  type StaffStreamEvent,
  type StreamRequest,
  type StreamResponse,
  type StreamState
} from '../../src/console/live/staff-stream'

const encoder = new TextEncoder()

/** A response body the test writes to. */
class Body {
  private chunks: ({ value: Uint8Array } | { done: true } | { error: Error })[] = []
  private waiter: ((r: { done: boolean; value?: Uint8Array }) => void) | null = null
  private failer: ((e: Error) => void) | null = null
  cancelled = false

  write(chunk: string | Uint8Array): void {
    this.push({ value: typeof chunk === 'string' ? encoder.encode(chunk) : chunk })
  }

  end(): void {
    this.push({ done: true })
  }

  fail(): void {
    this.push({ error: new Error('connection reset') })
  }

  private push(item: { value: Uint8Array } | { done: true } | { error: Error }): void {
    if (this.waiter) {
      const resolve = this.waiter
      const reject = this.failer!
      this.waiter = this.failer = null
      if ('error' in item) reject(item.error)
      else if ('done' in item) resolve({ done: true })
      else resolve({ done: false, value: item.value })
      return
    }
    this.chunks.push(item)
  }

  getReader() {
    return {
      read: (): Promise<{ done: boolean; value?: Uint8Array }> => {
        const item = this.chunks.shift()
        if (item) return 'error' in item ? Promise.reject(item.error) : 'done' in item ? Promise.resolve({ done: true }) : Promise.resolve({ done: false, value: item.value })
        return new Promise((resolve, reject) => {
          this.waiter = resolve
          this.failer = reject
        })
      },
      cancel: async () => {
        this.cancelled = true
        this.push({ done: true })
      }
    }
  }
}

interface Request {
  url: string
  init: StreamRequest
  respond(res: { status?: number; contentType?: string; body?: Body | null; json?: unknown }): void
  fail(): void
}

/** A fetch that hands each request to the test to answer. */
class FakeFetch {
  readonly requests: Request[] = []
  private waiters: ((r: Request) => void)[] = []

  fetch = (url: string, init: StreamRequest): Promise<StreamResponse> =>
    new Promise((resolve, reject) => {
      const request: Request = {
        url,
        init,
        respond: ({ status = 200, contentType = 'text/event-stream; charset=utf-8', body = null, json }) =>
          resolve({ status, headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) }, body, json: async () => json }),
        fail: () => reject(new TypeError('Failed to fetch'))
      }
      init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      this.requests.push(request)
      this.waiters.shift()?.(request)
    })

  /** The next request (waits for it). */
  async next(): Promise<Request> {
    await settle()
    const waiting = this.requests.find((r) => !(r as { taken?: boolean }).taken)
    if (waiting) {
      ;(waiting as { taken?: boolean }).taken = true
      return waiting
    }
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('no request came')), 2000)
      this.waiters.push((r) => {
        clearTimeout(timeout)
        ;(r as { taken?: boolean }).taken = true
        resolve(r)
      })
    })
  }
}

/** Timers the test moves by hand. */
class FakeTimers {
  now = 0
  private seq = 0
  private due: { id: number; at: number; fn: () => void }[] = []

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq
    this.due.push({ id, at: this.now + ms, fn })
    return id
  }

  clearTimeout = (handle: unknown): void => {
    this.due = this.due.filter((d) => d.id !== handle)
  }

  async advance(ms: number): Promise<void> {
    const target = this.now + ms
    for (;;) {
      await settle()
      const next = [...this.due].sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!next || next.at > target) break
      this.due = this.due.filter((d) => d !== next)
      this.now = next.at
      next.fn()
    }
    this.now = target
    await settle()
  }

  pending(): number[] {
    return this.due.map((d) => d.at - this.now).sort((a, b) => a - b)
  }
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
  await new Promise((r) => setTimeout(r, 0))
}

function open(after = 40) {
  const fetch = new FakeFetch()
  const timers = new FakeTimers()
  const events: StaffStreamEvent[] = []
  const resets: number[] = []
  const states: StreamState[] = []
  const stream = new StaffStream(
    { baseId: 'B201', after, headers: () => ({ Authorization: 'Bearer st_cook', 'X-Staff-Device': 'sd_kitchen' }) },
    { onEvent: (e) => events.push(e), onReset: (p) => resets.push(p), onState: (s) => states.push(s) },
    { fetch: fetch.fetch, timers, decoder: () => new TextDecoder('utf-8') as unknown as { decode(input?: Uint8Array, options?: { stream?: boolean }): string } }
  ).start()
  return { fetch, timers, events, resets, states, stream }
}

const ticketFrame = (id: number, kind: string, name: string) => `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify({ ticket: { TicketID: `T${id}`, GoodsName: name }, kind })}\n\n`

describe('SseParser', () => {
  it('reads frames whatever the line ends and wherever the text is cut, joins data lines, skips comments', () => {
    const parser = new SseParser()
    const text = 'retry: 2000\r\n: connected\r\n\r\nid: 7\r\nevent: ready\r\ndata: {"position":7}\r\n\r\nid: 8\rdata: a\rdata: b\r\r: ping\n\nid: 9\n\n'
    const frames = []
    // One character at a time: every cut, a CR LF cut in two included.
    for (const ch of text) frames.push(...parser.feed(ch))
    expect(frames).toEqual([
      { id: '7', event: 'ready', data: '{"position":7}' },
      { id: '8', event: 'message', data: 'a\nb' },
      { id: '9', event: 'message', data: null }
    ])
  })
})

describe('StaffStream', () => {
  it('sends the staff headers, parses frames split across chunks (a Chinese character too), hands each event on once in order', async () => {
    const { fetch, events, states, stream } = open(40)
    const req = await fetch.next()
    expect(req.url).toBe('/live/staff?base=B201&after=40')
    expect(req.init.headers).toMatchObject({ Authorization: 'Bearer st_cook', 'X-Staff-Device': 'sd_kitchen', 'Last-Event-ID': '40', Accept: 'text/event-stream' })
    const body = new Body()
    req.respond({ body })
    body.write('retry: 2000\n: connected\n\nid: 40\nevent: re')
    body.write('ady\ndata: {"position":40}\n\n')
    await settle()
    expect(states).toEqual(['connecting', 'connected'])
    // '是日例汤' cut inside its first character's UTF-8 bytes.
    const bytes = encoder.encode(ticketFrame(41, 'ticket.sent', '是日例汤'))
    const cut = bytes.indexOf(0xe6) + 1
    body.write(bytes.slice(0, cut))
    body.write(bytes.slice(cut))
    body.write(': ping\n\n' + ticketFrame(42, 'ticket.changed', 'Soup').slice(0, 10))
    body.write(ticketFrame(42, 'ticket.changed', 'Soup').slice(10) + 'id: 45\n\n')
    await settle()
    expect(events.map((e) => [e.id, e.kind, (e.data.ticket as { GoodsName: string }).GoodsName])).toEqual([
      [41, 'ticket.sent', '是日例汤'],
      [42, 'ticket.changed', 'Soup']
    ])
    // `id:` alone: events this stream does not carry were passed over; the cursor moved on.
    expect(stream.lastId).toBe(45)
    stream.stop()
    expect(states[states.length - 1]).toBe('stopped')
  })

  it('after a drop reconnects from the last id with Last-Event-ID, 1 s then doubling to 30 s, and starts over once connected', async () => {
    const { fetch, timers, events, states } = open(10)
    const first = await fetch.next()
    const body = new Body()
    first.respond({ body })
    body.write('id: 10\nevent: ready\ndata: {"position":10}\n\n' + ticketFrame(11, 'ticket.sent', 'A'))
    await settle()
    body.fail()
    await settle()
    expect(states).toEqual(['connecting', 'connected', 'reconnecting'])
    expect(timers.pending()[0]).toBe(1000)
    await timers.advance(999)
    expect(fetch.requests).toHaveLength(1)
    await timers.advance(1)
    const second = await fetch.next()
    expect(second.url).toBe('/live/staff?base=B201&after=11')
    expect(second.init.headers['Last-Event-ID']).toBe('11')
    // The server is down: 2 s, 4 s, 8 s …
    second.fail()
    await settle()
    expect(timers.pending()[0]).toBe(2000)
    await timers.advance(2000)
    ;(await fetch.next()).respond({ status: 503, body: new Body() })
    await settle()
    expect(timers.pending()[0]).toBe(4000)
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoff(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
    await timers.advance(4000)
    const back = await fetch.next()
    const body2 = new Body()
    back.respond({ body: body2 })
    // The server resumes after 11: the event after it comes once.
    body2.write('id: 11\nevent: ready\ndata: {"position":11}\n\n' + ticketFrame(11, 'ticket.sent', 'A') + ticketFrame(12, 'ticket.sent', 'B'))
    await settle()
    expect(events.map((e) => e.id)).toEqual([11, 12])
    expect(states[states.length - 1]).toBe('connected')
    // Connected again: the next drop waits 1 s again.
    body2.end()
    await settle()
    expect(timers.pending()[0]).toBe(1000)
  })

  it('a connection silent for 25 s (no ping) is taken for dead and opened again', async () => {
    const { fetch, timers, states } = open(5)
    const req = await fetch.next()
    const body = new Body()
    req.respond({ body })
    body.write('id: 5\nevent: ready\ndata: {"position":5}\n\n')
    await timers.advance(SILENCE_MS - 1000)
    body.write(': ping\n\n')
    await timers.advance(SILENCE_MS - 1000)
    expect(states).toEqual(['connecting', 'connected'])
    await timers.advance(1000)
    expect(states).toEqual(['connecting', 'connected', 'reconnecting'])
    expect(body.cancelled).toBe(true)
    await timers.advance(1000)
    expect((await fetch.next()).url).toBe('/live/staff?base=B201&after=5')
  })

  it('reset: the cursor could not be resumed: the caller reloads, and events after the new position follow', async () => {
    const { fetch, events, resets, stream } = open(900)
    const req = await fetch.next()
    const body = new Body()
    req.respond({ body })
    body.write('id: 120\nevent: reset\ndata: {"position":120}\n\n' + ticketFrame(121, 'ticket.sent', 'A'))
    await settle()
    expect(resets).toEqual([120])
    expect(events.map((e) => e.id)).toEqual([121])
    expect(stream.lastId).toBe(121)
    // Later, mid-stream (pruned past): the same.
    body.write('id: 300\nevent: reset\ndata: {"position":300}\n\n')
    await settle()
    expect(resets).toEqual([120, 300])
    expect(stream.lastId).toBe(300)
  })

  it('falls back to polling when the stream does not get through (a buffering proxy), every 3 s from the last id, and tries the stream again each minute', async () => {
    const { fetch, timers, events, states } = open(20)
    const req = await fetch.next()
    const held = new Body()
    // Headers come, the body is held back: no `ready`.
    req.respond({ body: held })
    held.write('retry: 2000\n')
    await timers.advance(READY_TIMEOUT_MS)
    expect(states).toEqual(['connecting', 'polling'])
    const poll = await fetch.next()
    expect(poll.url).toBe('/live/staff/poll?base=B201&after=20')
    expect(poll.init.headers).toMatchObject({ Authorization: 'Bearer st_cook', 'X-Staff-Device': 'sd_kitchen' })
    poll.respond({ contentType: 'application/json', json: { position: 22, reset: false, more: true, events: [{ id: 21, kind: 'ticket.sent', data: { ticket: { TicketID: 'T21' } } }] } })
    // `more`: at once.
    const again = await fetch.next()
    expect(again.url).toBe('/live/staff/poll?base=B201&after=22')
    again.respond({ contentType: 'application/json', json: { position: 23, reset: false, more: false, events: [{ id: 21, kind: 'ticket.sent', data: {} }, { id: 23, kind: 'ticket.acked', data: { ticketIds: ['T21'] } }] } })
    await settle()
    expect(events.map((e) => [e.id, e.kind])).toEqual([
      [21, 'ticket.sent'],
      [23, 'ticket.acked']
    ])
    await timers.advance(POLL_MS - 1)
    expect(fetch.requests).toHaveLength(3)
    await timers.advance(1)
    const third = await fetch.next()
    expect(third.url).toBe('/live/staff/poll?base=B201&after=23')
    // A failed poll says so, and waits longer.
    third.fail()
    await settle()
    expect(states[states.length - 1]).toBe('reconnecting')
    await timers.advance(POLL_MS)
    ;(await fetch.next()).respond({ contentType: 'application/json', json: { position: 23, reset: false, more: false, events: [] } })
    await settle()
    expect(states[states.length - 1]).toBe('polling')
    // Keep polling until a minute has gone by: then the stream once more, which now gets through.
    let tries = 0
    for (;;) {
      await timers.advance(POLL_MS)
      const next = await fetch.next()
      if (next.url.startsWith('/live/staff?')) {
        const body = new Body()
        next.respond({ body })
        body.write('id: 23\nevent: ready\ndata: {"position":23}\n\n')
        break
      }
      next.respond({ contentType: 'application/json', json: { position: 23, reset: false, more: false, events: [] } })
      tries++
      expect(tries).toBeLessThan(STREAM_RETRY_MS / POLL_MS + 2)
    }
    await settle()
    expect(states[states.length - 1]).toBe('connected')
    const before = fetch.requests.length
    await timers.advance(POLL_MS * 3)
    expect(fetch.requests).toHaveLength(before)
  })

  it('polls at once when what answers is not an event stream, and a poll that says reset has the caller reload', async () => {
    const { fetch, resets, states, stream } = open(20)
    ;(await fetch.next()).respond({ contentType: 'text/html', body: new Body() })
    await settle()
    expect(states).toEqual(['connecting', 'polling'])
    ;(await fetch.next()).respond({ contentType: 'application/json', json: { position: 7, reset: true, more: false, events: [] } })
    await settle()
    expect(resets).toEqual([7])
    expect(stream.lastId).toBe(7)
  })

  it('401 means signed out: nothing more is tried; 403 is refused', async () => {
    const a = open(1)
    ;(await a.fetch.next()).respond({ status: 401, contentType: 'application/json', body: new Body() })
    await settle()
    expect(a.states).toEqual(['connecting', 'signedOut'])
    await a.timers.advance(120_000)
    expect(a.fetch.requests).toHaveLength(1)

    const b = open(1)
    ;(await b.fetch.next()).respond({ status: 403, contentType: 'application/json', body: new Body() })
    await settle()
    expect(b.states).toEqual(['connecting', 'refused'])
    await b.timers.advance(120_000)
    expect(b.fetch.requests).toHaveLength(1)

    // While polling, too.
    const c = open(1)
    ;(await c.fetch.next()).respond({ contentType: 'text/plain', body: new Body() })
    ;(await c.fetch.next()).respond({ status: 401, contentType: 'application/json' })
    await settle()
    expect(c.states).toEqual(['connecting', 'polling', 'signedOut'])
    await c.timers.advance(120_000)
    expect(c.fetch.requests).toHaveLength(2)
  })
})
