/**
 * Idle entries out of the byte-bounded caches (kept answers, menu cache): entries unused for the
 * cache's ttl (CACHE_IDLE_SECONDS; lru-cache's updateAgeOnGet keeps used ones young) are dropped
 * by a timer, so after a storm of one-off reads a quiet server gives the memory back instead of
 * holding its caches full for ever. One unref'd timer per cache holding only a WeakRef: it never
 * keeps the process or a dropped cache alive.
 */
export function sweepIdle(cache: { purgeStale(): boolean }, everyMs: number): void {
  const ref = new WeakRef(cache)
  const timer = setInterval(() => {
    const alive = ref.deref()
    if (alive) alive.purgeStale()
    else clearInterval(timer)
  }, everyMs)
  timer.unref()
}
