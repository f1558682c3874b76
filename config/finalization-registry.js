/**
 * mobx-react-lite's UniversalFinalizationRegistry for the H5 build (config/index.ts replaces the
 * package's module with this one): the browser's own FinalizationRegistry where it has one (every
 * current browser), else the same timer sweep as the package's (register, unregister, a sweep every
 * 10 s finalizing what was registered 10 s ago or more, finalizeAllImmediately for clearTimers),
 * written as a class instead of the package's ES5 property definitions: about 0.2 KB gzipped less
 * on the first screen (issue 28 item 3). tests/unit/finalization-registry-alias.test.ts runs both
 * against the same steps.
 */
const AFTER = 10000

export class TimerBasedFinalizationRegistry {
  constructor(finalize) {
    this.finalize = finalize
    this.registrations = new Map()
    this.sweepTimeout = undefined
    this.sweep = (maxAge = AFTER) => {
      clearTimeout(this.sweepTimeout)
      this.sweepTimeout = undefined
      const now = Date.now()
      this.registrations.forEach((r, token) => {
        if (now - r.registeredAt >= maxAge) {
          this.finalize(r.value)
          this.registrations.delete(token)
        }
      })
      if (this.registrations.size > 0) this.scheduleSweep()
    }
    this.finalizeAllImmediately = () => this.sweep(0)
  }

  register(target, value, token) {
    this.registrations.set(token, { value, registeredAt: Date.now() })
    this.scheduleSweep()
  }

  unregister(token) {
    this.registrations.delete(token)
  }

  scheduleSweep() {
    if (this.sweepTimeout === undefined) this.sweepTimeout = setTimeout(this.sweep, AFTER)
  }
}

export const UniversalFinalizationRegistry = typeof FinalizationRegistry !== 'undefined' ? FinalizationRegistry : TimerBasedFinalizationRegistry
