/**
 * What Lighthouse's simulated TBT (Lantern) counted in one run: the simulated first contentful paint
 * and interactive it clipped to, and every main-thread task of 50 ms or more in the simulation, with
 * its blocking time, when it was observed and what it ran. Run the Lighthouse bench with
 * LIGHTHOUSE_DUMP=<dir>, then
 *
 *   node bench/lantern-tbt.mjs <dir>/list-1796097253987
 *
 * docs/first-load.md "2 Dec, second session" reads it. Uses Lighthouse's own code, the mobile preset.
 */
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js'
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js'
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js'
import { loadRun } from './lantern-run.mjs'
const { lhr, data, context } = loadRun('lantern-tbt.mjs')
const fcp = await LanternFirstContentfulPaint.request(data, context)
const tti = await LanternInteractive.request(data, context)
const tbt = await LanternTotalBlockingTime.request(data, context)
const ms = x => Math.round(x)
console.log('TBT', ms(tbt.timing), 'opt', ms(tbt.optimisticEstimate.timeInMs), 'pess', ms(tbt.pessimisticEstimate.timeInMs), 'lhr', ms(lhr.audits['total-blocking-time'].numericValue))
console.log('FCP opt', ms(fcp.optimisticEstimate.timeInMs), 'pess', ms(fcp.pessimisticEstimate.timeInMs), '· TTI opt', ms(tti.optimisticEstimate.timeInMs), 'pess', ms(tti.pessimisticEstimate.timeInMs))
const what = node => {
  const ev = node.childEvents
  const urls = [...new Set(ev.filter(e => e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'FunctionCall').map(e => (e.args.data?.url || '').replace(/^.*\//, '')).filter(Boolean))]
  const kinds = [...new Set(ev.map(e => e.name).filter(n => /EvaluateScript|Layout|ParseHTML|Paint|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|V8.GC|MajorGC|MinorGC|UpdateLayoutTree|v8.compile|RunMicrotasks|XHRReadyStateChange/.test(n)))]
  return `${kinds.join(',')} ${urls.join(' ')}`
}
const t0 = (() => { let min = Infinity; for (const [n] of tbt.pessimisticEstimate.nodeTimings) min = Math.min(min, n.startTime); return min })()
for (const [label, est, from, to] of [['OPT (pess FCP, opt TTI)', tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs], ['PESS (opt FCP, pess TTI)', tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs]]) {
  console.log(`\n== ${label}: ${ms(est.timeInMs)} ms, window ${ms(from)}–${ms(to)}`)
  const rows = [...est.nodeTimings].filter(([n, t]) => n.type === 'cpu' && t.duration >= 40).sort((a, b) => a[1].startTime - b[1].startTime)
  for (const [node, t] of rows) {
    const start = Math.max(t.startTime, from), end = Math.min(t.endTime, to)
    const blocking = t.duration >= 50 && t.endTime >= from && t.startTime <= to && end - start >= 50 ? end - start - 50 : 0
    console.log(`${ms(t.startTime).toString().padStart(5)}–${ms(t.endTime).toString().padStart(5)} sim ${ms(t.duration).toString().padStart(4)} ms  blocks ${ms(blocking).toString().padStart(4)}  obs@${ms((node.startTime - t0) / 1000).toString().padStart(4)} ${((node.endTime - node.startTime) / 1000).toFixed(1)}ms  ${what(node)}`)
  }
}
