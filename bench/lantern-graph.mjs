/**
 * What Lighthouse's simulated LCP (Lantern) counted in one run, and when: run the Lighthouse bench
 * with LIGHTHOUSE_DUMP=<dir>, then
 *
 *   node bench/lantern-graph.mjs <dir>/list-1796097253987
 *
 * (the run's name without .json / .trace.json / .devtoolslog.json). It prints the simulated LCP, its
 * optimistic and pessimistic estimates, and for each the requests and main-thread tasks in the graph
 * with their simulated start and end, when they were observed, and what they were (a request's type,
 * priority and size; a task's length as observed and what it ran). docs/first-load.md "1 Dec, second
 * session" reads it. Uses Lighthouse's own code (the version the bench runs), the mobile preset.
 */
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'
import { loadRun } from './lantern-run.mjs'
const { lhr, data, context } = loadRun('lantern-graph.mjs')
const r = await LanternLargestContentfulPaint.request(data, context)
console.log('LCP', Math.round(r.timing), 'opt', Math.round(r.optimisticEstimate.timeInMs), 'pess', Math.round(r.pessimisticEstimate.timeInMs), 'lhr', Math.round(lhr.audits['largest-contentful-paint'].numericValue))
const t0 = (() => { let min = Infinity; r.pessimisticGraph.traverse(n => { min = Math.min(min, n.startTime) }); return min })()
for (const [label, graph, est] of [['OPT', r.optimisticGraph, r.optimisticEstimate], ['PESS', r.pessimisticGraph, r.pessimisticEstimate]]) {
  console.log('\n==', label)
  const rows = []
  for (const [node, timing] of est.nodeTimings) {
    const obsStart = (node.startTime - t0) / 1000, dur = (node.endTime - node.startTime) / 1000
    let what
    if (node.type === 'cpu') {
      const ev = node.childEvents
      const urls = [...new Set(ev.filter(e => e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'FunctionCall').map(e => (e.args.data?.url || '').replace(/^.*\//, '')).filter(Boolean))]
      const kinds = [...new Set(ev.map(e => e.name).filter(n => /EvaluateScript|Layout|ParseHTML|Paint|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|V8.GC|MajorGC|MinorGC|ParseAuthorStyleSheet|UpdateLayoutTree/.test(n)))]
      what = `CPU ${dur.toFixed(1)}ms ${kinds.join(',')} ${urls.join(' ')}`
    } else what = `NET ${node.request.resourceType} ${node.request.priority} ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70)} ${Math.round(node.request.transferSize / 1024)}KB`
    rows.push([timing.startTime, timing.endTime, obsStart, what])
  }
  rows.sort((a, b) => a[0] - b[0])
  for (const [s, e, o, w] of rows) console.log(`${s.toFixed(0).padStart(5)}–${e.toFixed(0).padStart(5)}  obs@${o.toFixed(0).padStart(4)}  ${w}`)
}
