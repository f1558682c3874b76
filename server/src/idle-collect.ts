/**
 * Memory given back when a busy server goes quiet (issue 28 item 6: after the heavy night each
 * process stayed 150–200 MB above its start). V8 collects garbage when JavaScript allocates; a
 * server that falls quiet after a rush allocates almost nothing, so the rush's garbage stays in a
 * heap grown to hold it (measured: 150–200 MB of heap in use 20 s after the load, 64 MB of it
 * alive). Once the process has been quiet for a look (under 5 % of a core for 5 s) and its heap
 * has grown by 32 MB since the last collection, a full collection runs (30–45 ms, measured,
 * nothing waiting on it then) and V8 hands the emptied pages back. A collection compacts only the
 * most fragmented pages, so while 32 MB or more of the old generation is still free space after one, the
 * next quiet looks collect again, at most three times in one quiet spell (measured: one left
 * 154 MB of old space holding 58 MB). A quiet heap that did not grow is not collected again.
 *
 * `gc` as jest's leak detector takes it (the flag turned on only for that lookup), unless the
 * process was started with --expose-gc.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export const IDLE_LOOK_MS = 5_000
/** Under this share of one core over a look counts as quiet. */
export const IDLE_CPU_SHARE = 0.05
/** Heap growth since the last collection worth a collection when quiet; also the free space worth another. */
export const IDLE_GROWTH_BYTES = 32 * 1024 * 1024
/** Collections in one quiet spell at most. */
export const IDLE_COLLECTIONS = 3

export interface IdleLook {
  /** CPU microseconds (user + system) spent since the last look. */
  cpuMicros: number
  /** Milliseconds since the last look. */
  elapsedMs: number
  /** V8's heap size now (process.memoryUsage().heapTotal). */
  heapBytes: number
  /** Free space in the old generation's pages (where a rush's survivors went, and fragments stay). */
  oldFreeBytes: number
  /** The heap size after the last collection (or at the start). */
  heapAfterLastBytes: number
  /** Collections since the process was last busy. */
  quietCollections: number
}

/** Whether the look finds the process quiet. */
export const isQuiet = (look: Pick<IdleLook, 'cpuMicros' | 'elapsedMs'>): boolean => look.cpuMicros / 1000 / Math.max(1, look.elapsedMs) < IDLE_CPU_SHARE

/** Whether a look should collect: quiet, and the heap grew since the last collection, or one this spell left it largely free. */
export function shouldCollect(look: IdleLook): boolean {
  if (!isQuiet(look) || look.quietCollections >= IDLE_COLLECTIONS) return false
  if (look.heapBytes - look.heapAfterLastBytes >= IDLE_GROWTH_BYTES) return true
  return look.quietCollections > 0 && look.oldFreeBytes >= IDLE_GROWTH_BYTES
}

function oldFree(): number {
  const old = getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')
  return old ? old.space_size - old.space_used_size : 0
}

function fullCollection(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc
  if (typeof exposed === 'function') return exposed
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as () => void
  } catch {
    return null
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}

/**
 * Starts the looks (one unref'd timer: it never keeps the process alive). `onCollect` hears each
 * collection (heap before and after, milliseconds). stop() ends them.
 */
export function startIdleCollect(options: { everyMs?: number; onCollect?: (before: number, after: number, ms: number) => void } = {}): { stop(): void } {
  const collect = fullCollection()
  if (!collect) return { stop: () => {} }
  let cpu = process.cpuUsage()
  let at = Date.now()
  let heapAfterLast = process.memoryUsage().heapTotal
  let quietCollections = 0
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu)
    const now = Date.now()
    const look = { cpuMicros: used.user + used.system, elapsedMs: now - at, heapBytes: process.memoryUsage().heapTotal, oldFreeBytes: oldFree(), heapAfterLastBytes: heapAfterLast, quietCollections }
    if (!isQuiet(look)) quietCollections = 0
    if (shouldCollect(look)) {
      collect()
      quietCollections++
      heapAfterLast = process.memoryUsage().heapTotal
      options.onCollect?.(look.heapBytes, heapAfterLast, Date.now() - now)
    } else if (look.heapBytes < heapAfterLast) {
      // V8 shrank it on its own: growth counts from there.
      heapAfterLast = look.heapBytes
    }
    // The look itself (and a collection) is not counted against the next one.
    cpu = process.cpuUsage()
    at = Date.now()
  }, options.everyMs ?? IDLE_LOOK_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
