/**
 * Spec §9 "Wait default 1000 ms": the pause between a try and the next when a service answered
 * busy (the wallet browser's user-info call, spec §8 "Wallet errcode non-zero: retry"). Through
 * a Scheduler (./polling.ts), so tests step it instead of waiting.
 */
import { realScheduler, type Scheduler } from './polling'

export const WAIT_DEFAULT_MS = 1000

/** Resolves after `ms` (default 1000 ms). */
export function wait(ms: number = WAIT_DEFAULT_MS, scheduler: Scheduler = realScheduler): Promise<void> {
  return new Promise((resolve) => void scheduler.after(ms, resolve))
}
