import { options } from 'preact'

/**
 * H5 runs Preact (config/index.ts: React DOM was a third of the first screen's script). Preact
 * draws every state change in a microtask of the task that made it, so a page's first render ran
 * inside the task that evaluated its script, and an answer's render inside the task that received
 * it: one long task each on a slow phone (Lighthouse's TBT). React 18 draws changes made in a
 * diner's event (a tap, a key, typing) before the next paint, as Preact does, and everything else
 * in a task of its own (its scheduler's MessageChannel). This does the same: inside an event
 * dispatch, a microtask; otherwise the next task, so the browser can paint, and take a tap, between.
 */
export function scheduleRendersLikeReact(): void {
  // A task of its own: a MessageChannel message, as React's scheduler posts (a timer where there is none).
  let later = (run: () => void) => void setTimeout(run, 0)
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel()
    let queued: Array<() => void> = []
    channel.port1.onmessage = () => {
      const run = queued
      queued = []
      for (const render of run) render()
    }
    later = (run) => {
      queued.push(run)
      if (queued.length === 1) channel.port2.postMessage(null)
    }
  }
  options.debounceRendering = (render: () => void) => {
    // window.event is the event being dispatched, if any (every browser we serve keeps it).
    if (typeof window !== 'undefined' && window.event) void Promise.resolve().then(render)
    else later(render)
  }
}
