/**
 * Live events in the payment-app mini-program (issue 24): the host's own socket to GET
 * /live/socket through live-socket.ts, as the chat-app does (live.weapp.ts), falling back to the
 * poll of live-poll.ts from the last id where no socket opens.
 *
 * `my.connectSocket({ url, multiple: true })` returns a SocketTask per connection (onOpen,
 * onMessage, onClose, onError, send, close; at most five at once). Without `multiple` the payment
 * app has one global socket for the whole app (my.onSocketMessage & co.), which the menu's and an
 * order's subscriptions cannot share; from base library 2.9.1 the default even follows app.json
 * (behavior.connectSocketDefaultMultiple), so `multiple: true` is always passed. Not through
 * Taro.connectSocket: Taro's alipay adapter (plugin-platform-alipay's modifyAsyncResult) writes
 * the global my.onSocket* functions over the task's own methods (NervJS/taro#13252).
 *
 * The poll instead of the socket where: there is no my.connectSocket; the base library says it
 * has no `multiple` (my.canIUse('connectSocket.object.multiple'), an old client) or gives no task
 * back (then the global socket it opened is closed again); the call fails (the server's domain
 * not among the mini-program's socket domains, which must list the wss:// origin); three tries in
 * a row never got `ready` (a proxy refusing the upgrade). docs/live-events.md.
 */
import type { Host } from './host'
import { liveSubscribe as pollSubscribe } from './live-poll'
import { socketSubscribe, type HostSocket } from './live-socket'

export { LIVE_POLL_MS } from './live-poll'

/** What the payment app hands a message listener: text, or base64 with isBuffer (some clients nest it once more in data). */
interface MySocketMessage {
  data?: unknown
  isBuffer?: boolean
}

interface MySocketTask {
  onOpen(listener: () => void): void
  onMessage(listener: (res: MySocketMessage) => void): void
  onClose(listener: () => void): void
  onError(listener: () => void): void
  close(options: { code?: number; reason?: string }): void
}

declare const my:
  | {
      canIUse?: (schema: string) => boolean
      connectSocket?: (options: { url: string; multiple: true; fail?: () => void }) => MySocketTask | undefined
      closeSocket?: (options?: Record<string, unknown>) => void
    }
  | undefined

/** A frame's text; '' for a binary frame (the server sends only text) or an unknown shape. */
export function myFrameText(res: MySocketMessage | undefined): string {
  const data = res?.data
  if (typeof data === 'string') return res?.isBuffer ? '' : data
  if (data && typeof data === 'object') {
    const inner = data as MySocketMessage
    if (typeof inner.data === 'string' && !inner.isBuffer && !res?.isBuffer) return inner.data
  }
  return ''
}

/** The payment app's socket (a SocketTask of its own), or null where it has none. */
export function myOpenSocket(url: string): HostSocket | null {
  const api = typeof my === 'undefined' ? undefined : my
  if (!api || typeof api.connectSocket !== 'function') return null
  // An old base library: only the app's one global socket.
  if (typeof api.canIUse === 'function' && !api.canIUse('connectSocket.object.multiple')) return null
  let failed: (() => void) | null = null
  let failedEarly = false
  const task = api.connectSocket({
    url,
    multiple: true,
    // The call itself refused (the domain is not allowed, a bad address): as an error of the socket.
    fail: () => (failed ? failed() : (failedEarly = true))
  })
  if (!task || typeof task.onMessage !== 'function') {
    // `multiple` ignored: the global socket was opened instead; close it again.
    try {
      api.closeSocket?.({})
    } catch {
      // nothing open
    }
    return null
  }
  return {
    onOpen: (listener) => task.onOpen(listener),
    onMessage: (listener) => task.onMessage((res) => listener(myFrameText(res))),
    onClose: (listener) => task.onClose(listener),
    onError: (listener) => {
      failed = listener
      task.onError(listener)
      if (failedEarly) setTimeout(listener, 0)
    },
    close: () => task.close({ code: 1000, reason: 'done' })
  }
}

export function liveSubscribe(host: Pick<Host, 'request'>) {
  return socketSubscribe(myOpenSocket, pollSubscribe(host))
}

/** The nudge of a diner whose order is ready for pickup: the host's short vibration. */
export function liveAlert(host: Pick<Host, 'vibrate'>): () => void {
  return () => host.vibrate?.()
}
