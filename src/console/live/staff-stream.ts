/**
 * The console's live staff stream (issue 24; docs/live-events.md, server/src/http/live.route.ts):
 *
 *   GET /live/staff?base=B201[&after=<id>]          text/event-stream
 *   GET /live/staff/poll?base=B201&after=<id>        { position, reset, more, events }
 *
 * read with fetch, because EventSource cannot send the staff session's headers (Authorization:
 * Bearer, X-Staff-Device). The body is read chunk by chunk and parsed into Server-Sent Events
 * frames (a frame, or a UTF-8 character, may be split across chunks). The client remembers the
 * last id it saw and resumes from it (Last-Event-ID and `after`), so a reconnect loses nothing and
 * repeats nothing; it hands each event on once, in id order.
 *
 * - `ready` (first message, the position as its id): connected.
 * - `reset` (the cursor could not be resumed; first or later): the caller reloads what it shows,
 *   then events after the new position follow.
 * - A drop (the server ended, the network failed, 25 s without a byte although the server pings
 *   at least every 10 s): reconnect after 1 s, doubling to 30 s, from the last id.
 * - A stream that cannot be opened (not an event stream, or no `ready` within 5 s: a proxy that
 *   buffers the body): poll `/live/staff/poll` every 3 s instead, trying the stream again every
 *   minute.
 * - 401: signed out (no retry). 400, 403, 404: refused (no retry: the branch is not this person's).
 *
 * fetch, the timers and the UTF-8 decoder come in through the constructor, so tests drive it
 * without module mocks or real time.
 */

export type StreamState = 'connecting' | 'connected' | 'reconnecting' | 'polling' | 'signedOut' | 'refused' | 'stopped'

export interface StaffStreamEvent {
  id: number
  kind: string
  data: Record<string, unknown>
}

/** The slice of a fetch Response the client reads. */
export interface StreamResponse {
  status: number
  headers: { get(name: string): string | null }
  body: { getReader(): StreamReader } | null
  json(): Promise<unknown>
}

export interface StreamReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>
  cancel(reason?: unknown): Promise<void>
}

export interface StreamRequest {
  method: 'GET'
  headers: Record<string, string>
  signal: AbortSignal
  cache: 'no-store'
  credentials: 'omit'
}

export type StreamFetch = (url: string, init: StreamRequest) => Promise<StreamResponse>

export interface StreamTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface Utf8Decoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string
}

export interface StaffStreamDeps {
  fetch: StreamFetch
  timers: StreamTimers
  /** A fresh UTF-8 decoder per connection (default: TextDecoder). */
  decoder?: () => Utf8Decoder
  /** The server's origin ('' = the console's own). */
  baseUrl?: string
}

export interface StaffStreamOptions {
  baseId: string
  /** The position to resume after: the board read's. */
  after: number
  /** Authorization and X-Staff-Device, asked at every (re)connect and poll. */
  headers(): Record<string, string>
}

export interface StaffStreamHandlers {
  /** Each event once, in id order. */
  onEvent(event: StaffStreamEvent): void
  /** The cursor could not be resumed: reload what is shown; events after `position` follow. */
  onReset(position: number): void
  onState(state: StreamState): void
}

export const RECONNECT_FIRST_MS = 1000
export const RECONNECT_MAX_MS = 30_000
export const POLL_MS = 3000
/** A stream whose `ready` has not come by then is not getting through (a buffering proxy). */
export const READY_TIMEOUT_MS = 5000
/** The server pings at least every 10 s: this long without a byte, the connection is dead. */
export const SILENCE_MS = 25_000
/** While polling, the stream is tried again this often. */
export const STREAM_RETRY_MS = 60_000

/** One Server-Sent Events message. */
export interface SseFrame {
  id: string | null
  event: string
  data: string | null
}

/**
 * Splits text into SSE frames (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * lines end in CR LF, LF or CR; a blank line ends a frame; ':' starts a comment; several `data:`
 * lines join with LF. Text may stop anywhere: the rest waits for the next chunk.
 */
export class SseParser {
  private buffer = ''
  private id: string | null = null
  private event = ''
  private data: string[] = []
  private fields = 0

  feed(text: string): SseFrame[] {
    this.buffer += text
    const frames: SseFrame[] = []
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer)
      if (!match) break
      // A CR at the very end may be the first half of CR LF: wait for what follows.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break
      const line = this.buffer.slice(0, match.index)
      this.buffer = this.buffer.slice(match.index + match[0].length)
      const frame = this.line(line)
      if (frame) frames.push(frame)
    }
    return frames
  }

  private line(line: string): SseFrame | null {
    if (line === '') {
      if (this.fields === 0) return null
      const frame: SseFrame = { id: this.id, event: this.event || 'message', data: this.data.length ? this.data.join('\n') : null }
      this.id = null
      this.event = ''
      this.data = []
      this.fields = 0
      return frame
    }
    if (line.startsWith(':')) return null
    const at = line.indexOf(':')
    const name = at < 0 ? line : line.slice(0, at)
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '')
    if (name === 'id') {
      if (!value.includes('\0')) this.id = value
    } else if (name === 'event') this.event = value
    else if (name === 'data') this.data.push(value)
    else return null
    this.fields++
    return null
  }
}

type Mode = 'stream' | 'poll'

export class StaffStream {
  state: StreamState = 'connecting'
  /** The last event id seen (what a reconnect resumes after). */
  lastId: number
  private mode: Mode = 'stream'
  /** Failures in a row (the backoff doubles with each). */
  private failures = 0
  private pollFailures = 0
  /** Each connection or poll has a number: what an old one finishes late is ignored. */
  private generation = 0
  private controller: AbortController | null = null
  private reader: StreamReader | null = null
  private timer: unknown = null
  private deadline: unknown = null
  private pollingSince = 0
  private elapsedPolling = 0
  private stopped = false
  private readonly decoder: () => Utf8Decoder

  constructor(
    private readonly options: StaffStreamOptions,
    private readonly handlers: StaffStreamHandlers,
    private readonly deps: StaffStreamDeps
  ) {
    this.lastId = options.after
    this.decoder = deps.decoder ?? (() => new TextDecoder('utf-8'))
  }

  start(): this {
    this.handlers.onState(this.state)
    void this.connect()
    return this
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.generation++
    this.closeConnection()
    this.clearTimer()
    this.setState('stopped')
  }

  private url(path: string): string {
    return `${(this.deps.baseUrl ?? '').replace(/\/+$/, '')}${path}?base=${encodeURIComponent(this.options.baseId)}&after=${this.lastId}`
  }

  private setState(state: StreamState): void {
    if (this.state === state) return
    this.state = state
    this.handlers.onState(state)
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer)
    this.timer = null
    if (this.deadline !== null) this.deps.timers.clearTimeout(this.deadline)
    this.deadline = null
  }

  private later(ms: number, fn: () => void): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer)
    this.timer = null
    if (ms <= 0) {
      if (!this.stopped) fn()
      return
    }
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null
      if (!this.stopped) fn()
    }, ms)
  }

  /** Until `ms` from now nothing has come: `fn`. Called again, the wait starts over. */
  private watch(ms: number, fn: () => void): void {
    if (this.deadline !== null) this.deps.timers.clearTimeout(this.deadline)
    this.deadline = this.deps.timers.setTimeout(() => {
      this.deadline = null
      if (!this.stopped) fn()
    }, ms)
  }

  private closeConnection(): void {
    const reader = this.reader
    this.reader = null
    reader?.cancel().catch(() => undefined)
    this.controller?.abort()
    this.controller = null
    if (this.deadline !== null) this.deps.timers.clearTimeout(this.deadline)
    this.deadline = null
  }

  private headers(extra: Record<string, string>): Record<string, string> {
    return { ...this.options.headers(), ...extra }
  }

  /** Opens the stream from the last id. */
  private async connect(): Promise<void> {
    if (this.stopped) return
    const generation = ++this.generation
    const current = () => generation === this.generation && !this.stopped
    if (this.mode === 'stream' && this.state !== 'connecting') this.setState('reconnecting')
    const controller = new AbortController()
    this.controller = controller
    let ready = false
    // No `ready` in time: the stream does not get through (a proxy holding the body back).
    this.watch(READY_TIMEOUT_MS, () => {
      if (!current() || ready) return
      this.generation++
      this.closeConnection()
      this.startPolling()
    })
    let res: StreamResponse
    try {
      res = await this.deps.fetch(this.url('/live/staff'), {
        method: 'GET',
        headers: this.headers({ Accept: 'text/event-stream', 'Last-Event-ID': String(this.lastId) }),
        signal: controller.signal,
        cache: 'no-store',
        credentials: 'omit'
      })
    } catch {
      if (current()) this.dropped()
      return
    }
    if (!current()) {
      res.body?.getReader().cancel().catch(() => undefined)
      return
    }
    if (this.refusedBy(res.status)) {
      res.body?.getReader().cancel().catch(() => undefined)
      return
    }
    if (res.status !== 200) {
      // 503 (too many connections), a server error: try again later.
      res.body?.getReader().cancel().catch(() => undefined)
      this.dropped()
      return
    }
    if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
      // Something between us and the server answers, but not with the stream.
      res.body?.getReader().cancel().catch(() => undefined)
      this.generation++
      this.closeConnection()
      this.startPolling()
      return
    }
    const reader = res.body.getReader()
    this.reader = reader
    const decoder = this.decoder()
    const parser = new SseParser()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (!current()) return
        if (done) break
        if (ready) this.watch(SILENCE_MS, () => current() && this.dropped())
        for (const frame of parser.feed(decoder.decode(value, { stream: true }))) {
          if (!current()) return
          if (frame.event === 'ready' || frame.event === 'reset') {
            ready = true
            this.failures = 0
            this.pollFailures = 0
            this.mode = 'stream'
            // A poll or a wait from before is over: this connection carries everything now.
            if (this.timer !== null) this.deps.timers.clearTimeout(this.timer)
            this.timer = null
            this.watch(SILENCE_MS, () => current() && this.dropped())
            const position = idOf(frame.id) ?? this.lastId
            this.lastId = position
            this.setState('connected')
            if (frame.event === 'reset') this.handlers.onReset(position)
            continue
          }
          if (!ready) continue
          this.take(frame)
        }
      }
    } catch {
      // The connection broke (or was aborted by stop()).
    }
    if (current()) this.dropped()
  }

  /** One frame of a connected stream: an event (once), or an id passed over. */
  private take(frame: SseFrame): void {
    const id = idOf(frame.id)
    if (frame.data === null) {
      // Events this stream may not carry were passed over: the cursor moves on.
      if (id !== null && id > this.lastId) this.lastId = id
      return
    }
    if (id === null || id <= this.lastId) return
    let data: Record<string, unknown>
    try {
      const parsed = JSON.parse(frame.data) as unknown
      data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
    } catch {
      data = {}
    }
    this.lastId = id
    this.handlers.onEvent({ id, kind: frame.event, data })
  }

  /** 401 signs out, 400/403/404 refuse: nothing more is tried. */
  private refusedBy(status: number): boolean {
    if (status === 401) {
      this.end('signedOut')
      return true
    }
    if (status === 400 || status === 403 || status === 404) {
      this.end('refused')
      return true
    }
    return false
  }

  private end(state: 'signedOut' | 'refused'): void {
    this.stopped = true
    this.generation++
    this.closeConnection()
    this.clearTimer()
    this.setState(state)
  }

  /** The stream failed or ended: back to polling when that is what works, else reconnect after a growing wait. */
  private dropped(): void {
    this.generation++
    this.closeConnection()
    if (this.mode === 'poll') {
      this.startPolling()
      return
    }
    this.failures++
    this.setState('reconnecting')
    this.later(backoff(this.failures), () => void this.connect())
  }

  private startPolling(): void {
    if (this.mode !== 'poll') {
      this.mode = 'poll'
      this.elapsedPolling = 0
    }
    this.pollingSince = this.elapsedPolling
    this.setState(this.pollFailures > 0 ? 'reconnecting' : 'polling')
    this.later(0, () => void this.poll())
  }

  private async poll(): Promise<void> {
    if (this.stopped) return
    const generation = ++this.generation
    const current = () => generation === this.generation && !this.stopped
    let next = POLL_MS
    try {
      const controller = new AbortController()
      this.controller = controller
      const res = await this.deps.fetch(this.url('/live/staff/poll'), { method: 'GET', headers: this.headers({ Accept: 'application/json' }), signal: controller.signal, cache: 'no-store', credentials: 'omit' })
      if (!current()) return
      if (this.refusedBy(res.status)) return
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`)
      const page = (await res.json()) as { position?: unknown; reset?: unknown; more?: unknown; events?: unknown }
      if (!current()) return
      const position = typeof page.position === 'number' ? page.position : this.lastId
      if (page.reset === true) {
        this.lastId = position
        this.handlers.onReset(position)
      } else {
        for (const e of Array.isArray(page.events) ? (page.events as { id?: unknown; kind?: unknown; data?: unknown }[]) : []) {
          if (typeof e.id !== 'number' || typeof e.kind !== 'string' || e.id <= this.lastId) continue
          this.lastId = e.id
          this.handlers.onEvent({ id: e.id, kind: e.kind, data: e.data && typeof e.data === 'object' ? (e.data as Record<string, unknown>) : {} })
        }
        if (position > this.lastId) this.lastId = position
      }
      this.pollFailures = 0
      this.setState('polling')
      if (page.more === true) next = 0
    } catch {
      if (!current()) return
      this.pollFailures++
      this.setState('reconnecting')
      next = backoff(this.pollFailures, POLL_MS)
    }
    this.controller = null
    this.elapsedPolling += next
    // Now and then the stream again: what kept it out (a restarted proxy) may be gone.
    if (this.pollFailures === 0 && this.elapsedPolling - this.pollingSince >= STREAM_RETRY_MS) {
      this.pollingSince = this.elapsedPolling
      this.later(next, () => void this.connect())
      return
    }
    this.later(next, () => void this.poll())
  }
}

/** 1 s, 2 s, 4 s … at most 30 s. */
export function backoff(failures: number, first = RECONNECT_FIRST_MS): number {
  return Math.min(RECONNECT_MAX_MS, first * 2 ** Math.max(0, failures - 1))
}

function idOf(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text)) return null
  return Number(text)
}

/** Opens a staff stream (what the kitchen store is given; tests give it another). */
export type StaffStreamFactory = (options: StaffStreamOptions, handlers: StaffStreamHandlers) => { stop(): void }

/** The browser's fetch and timers. */
export function browserStaffStream(win: Pick<Window, 'fetch' | 'setTimeout' | 'clearTimeout'> = window, baseUrl = ''): StaffStreamFactory {
  const deps: StaffStreamDeps = {
    fetch: (url, init) => win.fetch(url, init) as unknown as Promise<StreamResponse>,
    timers: { setTimeout: (fn, ms) => win.setTimeout(fn, ms), clearTimeout: (h) => win.clearTimeout(h as number) },
    baseUrl
  }
  return (options, handlers) => new StaffStream(options, handlers, deps).start()
}
