/**
 * A client of the public live socket (GET /live/socket; server/src/http/live-socket.ts) for tests,
 * through a real `ws` client: every frame as it arrives, the raw text of all of them (to search
 * for what must not be there), how it closed; and the HTTP answer of a refused upgrade.
 */
import WebSocket from 'ws'

export interface Frame {
  id?: number
  kind: string
  data?: any
}

export interface SocketClient {
  ws: WebSocket
  frames: Frame[]
  /** Every frame's text, joined by newlines. */
  readonly raw: string
  /** Resolves with the close code (1006: the connection was cut without a close frame). */
  closed: Promise<number>
  readonly closeCode: number | null
  /** The first frame (already here or to come) that passes `test`. */
  next(test: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>
  close(): Promise<void>
}

export interface SocketOptions {
  headers?: Record<string, string>
  localAddress?: string
}

/** Opens `${base}/live/socket?${query}` (base: 'ws://127.0.0.1:port'). */
export function openSocket(base: string, query: string, options: SocketOptions = {}): SocketClient {
  const frames: Frame[] = []
  let raw = ''
  let closeCode: number | null = null
  const waiters: { test(f: Frame): boolean; resolve(f: Frame): void }[] = []
  const ws = new WebSocket(`${base}/live/socket?${query}`, { headers: options.headers, localAddress: options.localAddress })
  ws.on('error', () => undefined)
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve((closeCode = code))))
  ws.on('message', (data) => {
    const text = String(data)
    raw += `${text}\n`
    const frame = JSON.parse(text) as Frame
    frames.push(frame)
    for (const w of [...waiters]) {
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(frame)
      }
    }
  })
  return {
    ws,
    frames,
    closed,
    get raw() {
      return raw
    },
    get closeCode() {
      return closeCode
    },
    next(test, timeoutMs = 15_000) {
      const found = frames.find(test)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.findIndex((w) => w.resolve === done), 1)
          reject(new Error(`no such frame within ${timeoutMs} ms (closed: ${closeCode}); last frames ${JSON.stringify(frames.slice(-3)).slice(0, 500)}`))
        }, timeoutMs)
        const done = (f: Frame) => {
          clearTimeout(timer)
          resolve(f)
        }
        waiters.push({ test, resolve: done })
      })
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return
      ws.terminate()
      await closed
    }
  }
}

/** The HTTP status (and Retry-After) a refused upgrade was answered with; throws when it was accepted. */
export function refusal(base: string, query: string, options: SocketOptions = {}): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/live/socket?${query}`, { headers: options.headers, localAddress: options.localAddress })
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined })
      res.resume()
      ws.terminate()
    })
    ws.once('open', () => {
      ws.terminate()
      reject(new Error(`the upgrade of ${query} was accepted`))
    })
    ws.on('error', (error) => reject(error))
  })
}
