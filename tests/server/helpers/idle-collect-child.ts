/**
 * A process that makes a rush of garbage and falls quiet (tests/unit/server/idle-collect.test.ts):
 * prints its heap after the rush, each quiet collection, and its heap at the end, as JSON lines.
 */
import { startIdleCollect } from '../../../server/src/idle-collect'

const say = (what: Record<string, unknown>) => console.log(JSON.stringify(what))
const idle = startIdleCollect({ everyMs: 300, onCollect: (before, after, ms) => say({ collected: { before, after, ms } }) })
// The rush: answers built and held while in flight (long enough to reach the old generation, as
// a request waiting on the database does), then dropped; the last ones are dropped as it ends.
// 200 held at once (about 60 MB): with 80, a run on a loaded machine (npm test's lane at nice 19,
// beside the browser tests) ended its rush at a heap of 65 MB, V8 having collected in it, too
// little over the quiet heap for the test to tell a collection from none.
let inFlight: unknown[] = []
for (let i = 0; i < 400; i++) {
  inFlight.push(Array.from({ length: 3000 }, (_, j) => ({ line: `${i}-${j}`, amount: String(j * 1.5) })))
  if (inFlight.length > 200) inFlight = inFlight.slice(1)
}
inFlight = []
say({ afterRush: process.memoryUsage().heapTotal })
const quietFor = Number(process.env.QUIET_MS ?? 2500)
setTimeout(() => {
  say({ atEnd: process.memoryUsage().heapTotal })
  idle.stop()
}, quietFor)
