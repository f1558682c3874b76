/**
 * Live events over the host's WebSocket (issue 24: the chat-app mini-program's wx.connectSocket,
 * opened by live.weapp.ts; the payment app's my.connectSocket with multiple: true, opened by
 * live.alipay.ts), from GET /live/socket (server/src/http/live-socket.ts): one JSON text
 * frame per message — ready / reset with the position, each event with its id, `position` when
 * events this socket may not carry were passed over, `ping` at least every 10 s.
 *
 * Each event is handed on once, in id order; after a dropped connection it reconnects (1 s,
 * doubling to 30 s) from the last id, so nothing is lost or repeated. A connection silent for
 * longer than three heartbeats is taken for dead and replaced. A host that cannot open a socket
 * (no API, the server's domain not allowed for sockets, a proxy that refuses the upgrade: three
 * tries in a row without `ready`) falls back to the poll (live-poll.ts) from the last id.
 * docs/live-events.md, docs/pickup-screen.md.
 */
import type { LiveHandlers, LiveMessage, LiveRequest, LiveSubscribe, LiveSubscription } from './host'

/** The host's socket, as this file needs it. */
export interface HostSocket {
  onOpen(listener: () => void): void
  onMessage(listener: (text: string) => void): void
  onClose(listener: () => void): void
  onError(listener: () => void): void
  close(): void
}

/** Opens a socket to `url`; null where the host has none. */
export type OpenSocket = (url: string) => HostSocket | null

export interface SocketTimers {
  after(ms: number, fn: () => void): () => void
}

const realTimers: SocketTimers = {
  after(ms, fn) {
    const id = setTimeout(fn, ms)
    // Never what keeps a process alive (the mini-program harness runs in Node).
    ;(id as { unref?: () => void }).unref?.()
    return () => clearTimeout(id)
  }
}

export const FIRST_RETRY_MS = 1000
export const LAST_RETRY_MS = 30_000
/** Nothing heard for this long (three heartbeats and a little): the connection is dead. */
export const SILENCE_MS = 35_000
/** Tries in a row that never got `ready` before the poll takes over. */
export const TRIES_BEFORE_POLL = 3

/** ws(s)://… of the server's base (http → ws, https → wss). */
export const socketBase = (base: string): string => base.replace(/^http(s?):/i, 'ws$1:')

export function socketSubscribe(open: OpenSocket, fallback: LiveSubscribe, timers: SocketTimers = realTimers): LiveSubscribe {
  return (request: LiveRequest, handlers: LiveHandlers): LiveSubscription => {
    const wanted = new Set(request.kinds)
    let lastId = request.afterId
    let closed = false
    let socket: HostSocket | null = null
    let polling: LiveSubscription | null = null
    let retryMs = FIRST_RETRY_MS
    let triesWithoutReady = 0
    let cancelRetry: (() => void) | null = null
    let cancelWatch: (() => void) | null = null

    const toPoll = (): void => {
      socket = null
      // From the last id: the poll hands on only what came after it.
      polling = fallback({ ...request, afterId: lastId }, {
        onMessage: (m) => {
          if (closed) return
          if (m.kind !== 'ready' && m.kind !== 'reset' && lastId !== null && m.id <= lastId) return
          lastId = m.id
          handlers.onMessage(m)
        },
        onStatus: (up) => !closed && handlers.onStatus?.(up)
      })
    }

    const connect = (): void => {
      cancelRetry = null
      if (closed) return
      const url = `${socketBase(request.base)}/live/socket?${request.scope}${lastId !== null ? `&after=${lastId}` : ''}`
      let s: HostSocket | null
      try {
        s = open(url)
      } catch {
        s = null
      }
      if (!s) {
        toPoll()
        return
      }
      const mine = s
      socket = mine
      let gotReady = false
      let down = false
      const watch = (): void => {
        cancelWatch?.()
        cancelWatch = timers.after(SILENCE_MS, () => {
          if (socket === mine) {
            mine.close()
            lost()
          }
        })
      }
      const lost = (): void => {
        if (down || closed || socket !== mine) return
        down = true
        cancelWatch?.()
        cancelWatch = null
        socket = null
        handlers.onStatus?.(false)
        if (!gotReady && ++triesWithoutReady >= TRIES_BEFORE_POLL) {
          toPoll()
          return
        }
        cancelRetry = timers.after(retryMs, connect)
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
      }
      // Not open within the silence either: given up and tried again.
      watch()
      mine.onOpen(watch)
      mine.onClose(lost)
      mine.onError(() => {
        mine.close()
        lost()
      })
      mine.onMessage((text) => {
        if (closed || socket !== mine) return
        watch()
        let frame: { id?: unknown; kind?: unknown; data?: unknown }
        try {
          frame = JSON.parse(text) as typeof frame
        } catch {
          return
        }
        const kind = typeof frame.kind === 'string' ? frame.kind : ''
        const id = typeof frame.id === 'number' && Number.isFinite(frame.id) ? frame.id : null
        if (kind === 'ping' || id === null) return
        if (kind === 'ready' || kind === 'reset') {
          gotReady = true
          triesWithoutReady = 0
          retryMs = FIRST_RETRY_MS
          lastId = id
          handlers.onStatus?.(true)
          handlers.onMessage({ id, kind, data: (frame.data as Record<string, unknown>) ?? { position: id } })
          return
        }
        // Each event once, in order (a resumed socket starts after the last id).
        if (lastId !== null && id <= lastId) return
        lastId = id
        if (kind === 'position' || !wanted.has(kind)) return
        const message: LiveMessage = { id, kind, data: frame.data && typeof frame.data === 'object' ? (frame.data as Record<string, unknown>) : {} }
        handlers.onMessage(message)
      })
    }

    connect()
    return {
      close() {
        closed = true
        cancelRetry?.()
        cancelWatch?.()
        socket?.close()
        socket = null
        polling?.close()
      }
    }
  }
}
