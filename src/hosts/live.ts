/**
 * Live events on the neutral host (the tests): the poll of live-poll.ts. Taro's per-host file
 * convention picks live.h5.ts (EventSource), live.weapp.ts and live.alipay.ts (the host's socket).
 * (A file of its own: from live.h5.ts, './live' would be live.h5.ts itself.) docs/live-events.md.
 */
export { liveSubscribe, LIVE_POLL_MS } from './live-poll'

/** The nudge of a diner whose order is ready for pickup (issue 24): the host's short vibration, where it has one. */
export function liveAlert(host: Pick<import('./host').Host, 'vibrate'>): () => void {
  return () => host.vibrate?.()
}
