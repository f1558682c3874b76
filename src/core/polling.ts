/**
 * Timers the stores poll with (order details, payment and recharge status, the member code),
 * behind a seam so tests step them by hand instead of waiting (no timed tests).
 */
export interface Scheduler {
  /** Runs `fn` once after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void
}

export const realScheduler: Scheduler = {
  after(ms, fn) {
    const id = setTimeout(fn, ms)
    return () => clearTimeout(id)
  }
}

/**
 * One repeating poll: `tick` runs, then again `intervalMs` after it settled, for as long as it
 * answers true and nobody called stop(). Starting again replaces the running poll.
 */
export class Poller {
  private cancel: (() => void) | null = null
  private generation = 0

  constructor(
    private readonly scheduler: Scheduler,
    private readonly intervalMs: number
  ) {}

  get running(): boolean {
    return this.cancel !== null
  }

  start(tick: () => Promise<boolean>, immediately = true): void {
    this.stop()
    const generation = ++this.generation
    const run = async (): Promise<void> => {
      let again = false
      try {
        again = await tick()
      } catch {
        again = true
      }
      if (generation !== this.generation) return
      if (again) this.cancel = this.scheduler.after(this.intervalMs, () => void run())
      else this.cancel = null
    }
    // Mark running at once, so a second start() in the same tick replaces this one.
    this.cancel = () => undefined
    if (immediately) void run()
    else this.cancel = this.scheduler.after(this.intervalMs, () => void run())
  }

  stop(): void {
    this.generation++
    this.cancel?.()
    this.cancel = null
  }
}
