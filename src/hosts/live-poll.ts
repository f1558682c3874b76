/**
 * Live events where there is no EventSource (the chat-app and payment-app mini-programs, and the
 * tests): a cheap poll of the server's outbox every few seconds (GET /live/poll: one indexed read,
 * nothing when nothing happened), resuming from the last id, so a diner's open menu learns of a
 * sold-out within LIVE_POLL_MS instead of on its next reload. A short poll, not a long one: a
 * request held open would keep the hosts' request queue (and the mini-program harness) busy.
 * live.ts hands it to the mini-programs; H5 has live.h5.ts (EventSource), picked by Taro's per-host
 * file convention, which falls back to this where a browser has no EventSource. docs/live-events.md.
 */
import type { Host, LiveHandlers, LiveMessage, LiveRequest, LiveSubscribe } from './host'

export const LIVE_POLL_MS = 3000
/** After a failed poll the wait grows to this. */
const LAST_RETRY_MS = 30_000

interface PollAnswer {
  position: number
  reset: boolean
  more: boolean
  events: { id: number; kind: string; data: Record<string, unknown> }[]
}

function pollAnswer(data: unknown): PollAnswer | null {
  const a = data as PollAnswer | null
  return a && typeof a === 'object' && typeof a.position === 'number' && Array.isArray(a.events) ? a : null
}

/** The poll over the host's request (Taro.request on mini-programs). */
export function liveSubscribe(host: Pick<Host, 'request'>): LiveSubscribe {
  return (request: LiveRequest, handlers: LiveHandlers) => {
    let lastId = request.afterId
    let closed = false
    let timer: ReturnType<typeof setTimeout> | null = null
    let failures = 0
    const wanted = new Set(request.kinds)
    const emit = (message: LiveMessage) => {
      if (!closed) handlers.onMessage(message)
    }
    const poll = async (): Promise<void> => {
      timer = null
      let again = LIVE_POLL_MS
      try {
        const res = await host.request({
          url: `${request.base}/live/poll?${request.scope}${lastId !== null ? `&after=${lastId}` : ''}`,
          method: 'GET',
          headers: {},
          body: '',
          timeoutMs: 10_000
        })
        const answer = res.statusCode === 200 ? pollAnswer(res.data) : null
        if (!answer) throw new Error(`live poll: ${res.statusCode}`)
        if (closed) return
        if (failures > 0 || lastId === null) handlers.onStatus?.(true)
        failures = 0
        if (lastId === null || answer.reset) {
          lastId = answer.position
          emit({ id: answer.position, kind: answer.reset ? 'reset' : 'ready', data: { position: answer.position } })
        } else {
          for (const event of answer.events) {
            if (event.id <= lastId) continue
            lastId = event.id
            if (wanted.has(event.kind)) emit(event)
          }
          lastId = Math.max(lastId, answer.position)
          if (answer.more) again = 0
        }
      } catch {
        failures++
        handlers.onStatus?.(false)
        again = Math.min(LIVE_POLL_MS * 2 ** failures, LAST_RETRY_MS)
      }
      if (closed) return
      timer = setTimeout(() => void poll(), again)
      // Never what keeps a process alive (Node: the mini-program harness, whose closed app's
      // requests may still answer); hosts whose timers are numbers have nothing to unref.
      const handle: { unref?: () => void } = timer as never
      handle.unref?.()
    }
    void poll()
    return {
      close() {
        closed = true
        if (timer) clearTimeout(timer)
      }
    }
  }
}
