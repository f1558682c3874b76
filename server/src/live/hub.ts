/**
 * One process's live hub: the streams open on this process (live.route.ts) subscribe here, per
 * enterprise, each with its own cursor and filter. When the bell rings (wakeup.ts) or the timer
 * finds a newer last id, the hub reads the enterprise's new events ONCE (from the lowest cursor
 * of its subscribers, a page at a time) and hands each subscriber the ones after its cursor that
 * it may see, so ten thousand idle streams cost one query per change, not ten thousand.
 *
 * The outbox is the truth (outbox.ts): every read starts from the counter as committed, a ring
 * only says when to look. A ring whose id is not visible yet (SQLite: another connection's
 * transaction still committing) is looked for again shortly; the timer (POLL_MS on SQLite,
 * where other processes ring no one; slower on PostgreSQL, faster while the listening
 * connection is down) catches whatever rings never came.
 */
import type { Kysely } from 'kysely'
import { changeStampNow } from '../storage/prepared'
import type { Database } from '../storage/schema'
import { cursorValid, KEEP_EVENTS_MS, pruneEvents, readCounter, readEvents, readLastIds, type LiveEvent } from './outbox'
import { openWakeup, type Wakeup } from './wakeup'

export interface Subscriber {
  /** Resume after this id; null: from now on (no replay). */
  afterId: number | null
  /** Whether this subscriber may see the event (its audience, its shop). */
  accept(event: LiveEvent): boolean
  /**
   * Called once, on the first read: where the subscriber starts. `reset`: its cursor could not
   * be resumed (pruned past, or not of this database): it must reload whatever it shows.
   */
  start(position: number, reset: boolean): void
  /** Events past its cursor that it may see (possibly none), in id order, and the position reached. */
  deliver(events: LiveEvent[], position: number): void
  /** Later: its cursor can no longer be resumed (pruned past): reload, go on from `position`. */
  reset(position: number): void
}

interface State {
  subscriber: Subscriber
  cursor: number | null
  started: boolean
}

interface Group {
  entId: string
  states: Set<State>
  reading: boolean
  again: boolean
  /** The highest id a ring announced. */
  expected: number
  /** The counter's last id at the last read. */
  known: number
  retries: number
  retryTimer: ReturnType<typeof setTimeout> | null
}

/** SQLite: how often other processes' writes are looked for (a cheap stamp check first). */
export const SQLITE_POLL_MS = 250
/** PostgreSQL, listening: a safety net only. */
export const PG_POLL_MS = 5000
/** PostgreSQL while the listening connection is down. */
export const PG_DOWN_POLL_MS = 500
const PAGE_SIZE = 500
/** A ring's id not visible yet is looked for this often, this many times (1 s), then left to the timer. */
const RETRY_MS = 25
const MAX_RETRIES = 40
const PRUNE_EVERY_MS = 10 * 60 * 1000

export interface HubOptions {
  /** PostgreSQL URL (the LISTEN connection), null on SQLite. */
  databaseUrl: string | null
  log?: { warn(message: string): void; error(message: string): void }
  /** How long events are kept (KEEP_EVENTS_MS). */
  keepMs?: number
}

export class LiveHub {
  private readonly groups = new Map<string, Group>()
  private wakeup: Wakeup | null = null
  private pollTimer: ReturnType<typeof setTimeout> | null = null
  private pruneTimer: ReturnType<typeof setInterval> | null = null
  private readonly reads = new Set<Promise<void>>()
  private closed = false
  private lastStamp: string | null = null

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly options: HubOptions
  ) {}

  static async open(db: Kysely<Database>, options: HubOptions): Promise<LiveHub> {
    const hub = new LiveHub(db, options)
    hub.wakeup = await openWakeup(db, {
      databaseUrl: options.databaseUrl,
      onBell: (entId, id) => hub.ring(entId, id),
      onTrouble: (message) => options.log?.warn(message)
    })
    hub.schedulePoll()
    hub.pruneTimer = setInterval(() => void hub.prune(), PRUNE_EVERY_MS)
    hub.pruneTimer.unref()
    return hub
  }

  /** Subscribers on this process. */
  get subscribers(): number {
    let n = 0
    for (const g of this.groups.values()) n += g.states.size
    return n
  }

  /** Subscribes to an enterprise's events; call the answer to leave. */
  subscribe(entId: string, subscriber: Subscriber): () => void {
    let group = this.groups.get(entId)
    if (!group) {
      group = { entId, states: new Set(), reading: false, again: false, expected: 0, known: 0, retries: 0, retryTimer: null }
      this.groups.set(entId, group)
    }
    const state: State = { subscriber, cursor: subscriber.afterId, started: false }
    group.states.add(state)
    this.read(group)
    const g = group
    return () => {
      g.states.delete(state)
      if (g.states.size === 0 && this.groups.get(entId) === g) {
        if (g.retryTimer) clearTimeout(g.retryTimer)
        this.groups.delete(entId)
      }
    }
  }

  /** The bell: `entId` has an event `id` (null: anything may have changed). */
  ring(entId: string | null, id: number): void {
    if (this.closed) return
    if (entId === null) {
      for (const group of this.groups.values()) this.read(group)
      return
    }
    const group = this.groups.get(entId)
    if (!group) return
    group.expected = Math.max(group.expected, id)
    group.retries = 0
    this.read(group)
  }

  private read(group: Group): void {
    if (this.closed) return
    if (group.reading) {
      group.again = true
      return
    }
    const run = this.readGroup(group).catch((error: unknown) => {
      this.options.log?.error(`live hub: reading ${group.entId}'s events failed: ${error instanceof Error ? error.message : String(error)}`)
    })
    this.reads.add(run)
    void run.finally(() => this.reads.delete(run))
  }

  private async readGroup(group: Group): Promise<void> {
    group.reading = true
    try {
      do {
        group.again = false
        await this.readOnce(group)
      } while (group.again && !this.closed && group.states.size > 0)
    } finally {
      group.reading = false
    }
    // A ring announced an id this read did not see yet: look again shortly.
    if (group.expected > group.known && group.retries < MAX_RETRIES && !this.closed && group.states.size > 0 && !group.retryTimer) {
      group.retries++
      group.retryTimer = setTimeout(() => {
        group.retryTimer = null
        this.read(group)
      }, RETRY_MS)
      group.retryTimer.unref()
    }
  }

  private async readOnce(group: Group): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const counter = await readCounter(this.db, group.entId)
      group.known = counter.lastId
      if (this.closed) return
      const states = [...group.states]
      for (const state of states) {
        if (!state.started) {
          state.started = true
          const reset = state.cursor !== null && !cursorValid(state.cursor, counter)
          if (state.cursor === null || reset) state.cursor = counter.lastId
          state.subscriber.start(state.cursor, reset)
        } else if (state.cursor !== null && !cursorValid(state.cursor, counter)) {
          state.cursor = counter.lastId
          state.subscriber.reset(counter.lastId)
        }
      }
      let from = Math.min(...states.map((s) => s.cursor ?? counter.lastId))
      let pruned = false
      while (from < counter.lastId && !this.closed) {
        const page = await readEvents(this.db, { entId: group.entId, afterId: from, limit: PAGE_SIZE, counter })
        if (page.reset) {
          pruned = true
          break
        }
        for (const state of group.states) {
          // One that joined during this read starts on the next pass (group.again).
          if (!state.started || state.cursor === null || state.cursor >= page.position) continue
          const cursor = state.cursor
          const events = page.events.filter((e) => e.id > cursor && state.subscriber.accept(e))
          state.cursor = page.position
          state.subscriber.deliver(events, page.position)
        }
        from = page.position
        // The one behind may have left meanwhile (a stream held back until its reader catches up): read on only for someone.
        let behind = false
        for (const state of group.states) {
          if (state.started && state.cursor !== null && state.cursor < counter.lastId) {
            behind = true
            break
          }
        }
        if (!behind) break
      }
      if (!pruned) return
    }
  }

  private schedulePoll(): void {
    if (this.closed) return
    const ms = this.wakeup?.kind === 'local' ? SQLITE_POLL_MS : this.wakeup?.listening ? PG_POLL_MS : PG_DOWN_POLL_MS
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null
      void this.poll().finally(() => this.schedulePoll())
    }, ms)
    this.pollTimer.unref()
  }

  /** The periodic check: one query for every enterprise with subscribers (SQLite: none while nothing was committed). */
  private async poll(): Promise<void> {
    if (this.groups.size === 0) return
    const stamp = changeStampNow(this.db)
    if (stamp !== null && stamp === this.lastStamp) return
    try {
      const last = await readLastIds(this.db, [...this.groups.keys()])
      this.lastStamp = stamp
      for (const group of this.groups.values()) {
        if ((last.get(group.entId) ?? 0) !== group.known) this.read(group)
      }
    } catch (error) {
      this.options.log?.warn(`live hub: periodic check failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  private async prune(): Promise<void> {
    try {
      await pruneEvents(this.db, new Date(Date.now() - (this.options.keepMs ?? KEEP_EVENTS_MS)))
    } catch (error) {
      this.options.log?.warn(`live hub: pruning failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /** Stops the timers and the wake-up and waits for reads under way (before the database closes). */
  async close(): Promise<void> {
    this.closed = true
    if (this.pollTimer) clearTimeout(this.pollTimer)
    if (this.pruneTimer) clearInterval(this.pruneTimer)
    for (const group of this.groups.values()) if (group.retryTimer) clearTimeout(group.retryTimer)
    this.groups.clear()
    await this.wakeup?.close()
    await Promise.all([...this.reads])
  }
}
