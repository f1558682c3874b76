/**
 * Live events in the chat-app mini-program (issue 24): the host's own socket
 * (wx.connectSocket; a SocketTask per connection) to GET /live/socket, through live-socket.ts,
 * falling back to the poll of live-poll.ts where the socket cannot be opened (the server's domain
 * not in the mini-program's socket domains, an old base library, a proxy refusing the upgrade).
 * Picked for the weapp build by Taro's per-host file convention; the payment-app mini-program has
 * live.alipay.ts (my.connectSocket with multiple: true). docs/live-events.md, docs/pickup-screen.md.
 */
import type { Host } from './host'
import { liveSubscribe as pollSubscribe } from './live-poll'
import { socketSubscribe, type HostSocket } from './live-socket'

export { LIVE_POLL_MS } from './live-poll'

interface WxSocketTask {
  onOpen(listener: () => void): void
  onMessage(listener: (res: { data: unknown }) => void): void
  onClose(listener: () => void): void
  onError(listener: () => void): void
  close(options: { code?: number; reason?: string }): void
}

declare const wx: { connectSocket?: (options: { url: string; fail?: () => void }) => WxSocketTask } | undefined

/** The chat-app's socket, or null where it has none. */
export function wxOpenSocket(url: string): HostSocket | null {
  const api = typeof wx === 'undefined' ? undefined : wx
  if (!api || typeof api.connectSocket !== 'function') return null
  let failed: (() => void) | null = null
  let failedEarly = false
  const task = api.connectSocket({
    url,
    // The call itself refused (the domain is not allowed): as an error of the socket.
    fail: () => (failed ? failed() : (failedEarly = true))
  })
  if (!task) return null
  return {
    onOpen: (listener) => task.onOpen(listener),
    onMessage: (listener) => task.onMessage((res) => listener(typeof res?.data === 'string' ? res.data : '')),
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
  return socketSubscribe(wxOpenSocket, pollSubscribe(host))
}

/** The nudge of a diner whose order is ready for pickup: the host's short vibration. */
export function liveAlert(host: Pick<Host, 'vibrate'>): () => void {
  return () => host.vibrate?.()
}
