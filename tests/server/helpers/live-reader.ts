/**
 * A live stream reader that reconnects the way the console's staff stream does
 * (src/console/live/staff-stream.ts): it remembers the last id it saw (an event's, `ready`'s or
 * `reset`'s, or an `id:` alone) and, when the connection ends or fails, connects again from it
 * (Last-Event-ID, and `after`), after a short wait that grows while connecting fails. The address
 * is asked again at every connect, so a test can point it at a restarted or another server
 * process. 400/401/403/404 stop it (refused); 503 and connection errors are retried.
 *
 * Every message of every connection is kept, in arrival order, with its connection's number:
 * nothing is merged or deduplicated, so a test sees an event that came twice.
 */
import http from 'node:http'

export interface LiveMessage {
  id: number | null
  event: string
  data: any
  /** 1 for the first connection, 2 after the first reconnect, … */
  connection: number
}

export interface LiveReaderOptions {
  /** The stream's URL without a cursor, asked at every connect ('http://…/live/staff?base=B201'). */
  url: () => string
  headers?: () => Record<string, string>
  /** Start after this id (null: from now). */
  after?: number | null
  /** First wait before reconnecting (doubles up to 2 s). */
  retryMs?: number
  /** No byte for this long: the connection is taken as dead (the server pings at least every 10 s). */
  silenceMs?: number
}

export class LiveReader {
  readonly messages: LiveMessage[] = []
  /** The last id seen: where a reconnect resumes. */
  lastId: number | null
  connections = 0
  /** Status of each connect attempt that got an answer. */
  readonly statuses: number[] = []
  /** Connect attempts that failed before an answer (refused, reset, the server killed). */
  failures = 0
  refused: number | null = null
  private stopped = false
  private request: http.ClientRequest | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private silence: ReturnType<typeof setTimeout> | null = null
  private wait: number
  private readonly waiters: { test(m: LiveMessage): boolean; resolve(m: LiveMessage): void }[] = []

  constructor(private readonly options: LiveReaderOptions) {
    this.lastId = options.after ?? null
    this.wait = options.retryMs ?? 200
  }

  start(): this {
    this.connect()
    return this
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (this.silence) clearTimeout(this.silence)
    this.request?.destroy()
  }

  /** Drops the current connection (as a network failure would); the reader reconnects. */
  drop(): void {
    this.request?.destroy()
  }

  /** The first message (already here or to come) that passes `test`. */
  next(test: (m: LiveMessage) => boolean, timeoutMs = 30_000): Promise<LiveMessage> {
    const seen = this.messages.find(test)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter)
        if (index >= 0) this.waiters.splice(index, 1)
        reject(new Error(`no such message within ${timeoutMs} ms (${this.messages.length} messages, ${this.connections} connections, statuses ${this.statuses.join(',')}, last id ${this.lastId})`))
      }, timeoutMs)
      const waiter = { test, resolve: (m: LiveMessage) => (clearTimeout(timer), resolve(m)) }
      this.waiters.push(waiter)
    })
  }

  private connect(): void {
    if (this.stopped) return
    const base = this.options.url()
    const url = this.lastId === null ? base : `${base}${base.includes('?') ? '&' : '?'}after=${this.lastId}`
    const headers: Record<string, string> = { accept: 'text/event-stream', ...(this.options.headers?.() ?? {}) }
    if (this.lastId !== null) headers['last-event-id'] = String(this.lastId)
    let answered = false
    let again = true
    const request = http.get(url, { headers }, (res) => {
      answered = true
      const status = res.statusCode ?? 0
      this.statuses.push(status)
      if (status !== 200) {
        res.resume()
        if ([400, 401, 403, 404].includes(status)) {
          this.refused = status
          again = false
        }
        return
      }
      this.connections++
      this.wait = this.options.retryMs ?? 200
      const connection = this.connections
      let buffer = ''
      res.setEncoding('utf8')
      this.watch(request)
      res.on('data', (chunk: string) => {
        this.watch(request)
        buffer += chunk
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          this.frame(block, connection)
        }
      })
    })
    this.request = request
    request.on('error', () => {
      if (!answered) this.failures++
    })
    request.on('close', () => {
      if (this.request === request) this.request = null
      if (this.silence) clearTimeout(this.silence)
      if (this.stopped || !again) return
      this.timer = setTimeout(() => this.connect(), this.wait)
      this.wait = Math.min(this.wait * 2, 2000)
    })
  }

  private watch(request: http.ClientRequest): void {
    if (this.silence) clearTimeout(this.silence)
    this.silence = setTimeout(() => request.destroy(), this.options.silenceMs ?? 25_000)
  }

  private frame(block: string, connection: number): void {
    let id: number | null = null
    let event = 'message'
    let data: any
    let fields = 0
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || !line) continue
      const at = line.indexOf(':')
      const name = at < 0 ? line : line.slice(0, at)
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '')
      if (name === 'id') id = Number(value)
      else if (name === 'event') event = value
      else if (name === 'data') data = JSON.parse(value)
      else continue
      fields++
    }
    if (!fields) return
    if (id !== null) this.lastId = id
    if (event === 'message' && data === undefined) return
    const message: LiveMessage = { id, event, data, connection }
    this.messages.push(message)
    for (const w of [...this.waiters]) {
      if (w.test(message)) {
        this.waiters.splice(this.waiters.indexOf(w), 1)
        w.resolve(message)
      }
    }
  }
}
