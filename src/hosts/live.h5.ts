/**
 * H5: the live stream over the browser's EventSource (GET /live/events, same origin, so the
 * CSP's connect-src 'self' allows it). The browser reconnects by itself after a dropped
 * connection, sending the last id it saw (Last-Event-ID), so nothing is lost or repeated; a
 * connection the server refused (503 while it is full, 404) it gives up on, and this retries
 * later (1 s, doubling to 30 s) from the last id. Without EventSource: the poll of live-poll.ts.
 * Loaded only with the stores of the pages past Home (src/stores/feature-stores.ts), never with
 * the first screen. docs/live-events.md.
 */
import type { Host, LiveHandlers, LiveRequest, LiveSubscribe } from './host'
// Not './live': on H5 that is this file (Taro's per-host resolution).
import { liveSubscribe as pollSubscribe } from './live-poll'
import { playChime } from './web-chime'
import { afterPaint } from './after-paint.h5'

const FIRST_RETRY_MS = 1000
const LAST_RETRY_MS = 30_000

export function liveSubscribe(host: Pick<Host, 'request'>): LiveSubscribe {
  if (typeof EventSource === 'undefined') return pollSubscribe(host)
  return (request: LiveRequest, handlers: LiveHandlers) => {
    let lastId = request.afterId
    let source: EventSource | null = null
    let closed = false
    let retryMs = FIRST_RETRY_MS
    let timer: ReturnType<typeof setTimeout> | null = null
    const listener = (e: Event): void => {
      const m = e as MessageEvent<string>
      const id = Number(m.lastEventId)
      const control = m.type === 'ready' || m.type === 'reset'
      // Each event once, in order (a replay after a reconnect starts after the last id).
      if (closed || !m.lastEventId || !Number.isFinite(id) || (!control && lastId !== null && id <= lastId)) return
      lastId = id
      let data: Record<string, unknown> = {}
      try {
        data = JSON.parse(m.data) as Record<string, unknown>
      } catch {
        // no data: the kind and id say it all
      }
      handlers.onMessage({ id, kind: m.type, data })
    }
    const open = (): void => {
      const es = new EventSource(`${request.base}/live/events?${request.scope}${lastId !== null ? `&after=${lastId}` : ''}`)
      source = es
      for (const kind of ['ready', 'reset', ...request.kinds]) es.addEventListener(kind, listener)
      es.onopen = () => {
        retryMs = FIRST_RETRY_MS
        handlers.onStatus?.(true)
      }
      es.onerror = () => {
        if (closed) return
        handlers.onStatus?.(false)
        if (es.readyState !== EventSource.CLOSED) return
        es.close()
        timer = setTimeout(open, retryMs)
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
      }
    }
    // A page's first load: after its first rows have painted, off their pictures' way (./after-paint.h5.ts).
    afterPaint(() => closed || open())
    return {
      close() {
        closed = true
        if (timer) clearTimeout(timer)
        source?.close()
      }
    }
  }
}

/**
 * The nudge of a diner whose order is ready for pickup (issue 24): a vibration where the browser
 * has one and allows it (Android), else the chime (web-chime.ts; only after the diner has tapped
 * the page, as browsers ask). `host` is the mini-programs' signature (live.ts); H5 needs none.
 */
export function liveAlert(_host?: Pick<Host, 'vibrate'>): () => void {
  return () => {
    const nav = typeof navigator !== 'undefined' ? (navigator as Navigator & { vibrate?: (pattern: number[]) => boolean }) : null
    try {
      if (nav && typeof nav.vibrate === 'function' && nav.vibrate([200, 100, 200])) return
    } catch {
      // refused: the chime instead
    }
    playChime()
  }
}
