/**
 * The pickup screen's store (issue 24 item 4; docs/pickup-screen.md): which pickup numbers of a
 * branch are being prepared and which are ready, kept live.
 *
 * It starts from the branch's state (GET /live/pickup: the numbers now and the stream position
 * they were read at), then applies the `order.progress` events after that position from the
 * branch's public stream (GET /live/events): preparing → the Preparing column; ready → the Ready
 * column, highlighted for a while and with a chime when sound is on; collected or cancelled → off
 * the screen at once; a ready number nobody marked collected goes after `readyForMs` (10 minutes)
 * by the server's clock. Numbers are kept by the event's `ref` (a hash of the order id): a
 * number given again on another business day is another entry.
 *
 * When the stream is down for a few seconds it polls the outbox (GET /live/poll) from the last id
 * until the stream is back; the connection state says which (live, polling, offline). A reset
 * (the stream could not resume) and a slow timer (the business day turns over) read the state
 * again, and the events heard since it was read are applied on top.
 *
 * Pure: the state's loader, the two subscriptions, the clock, the timers and the chime come
 * through the constructor (./browser.ts in the page, fakes in tests/unit/pickup.store.test.ts).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Locale } from '../gateway/contract'
import type { LiveMessage, LiveSubscribe, LiveSubscription } from '../hosts/host'

export type PickupStage = 'preparing' | 'ready' | 'collected' | 'cancelled'

/** What GET /live/pickup answers (server/src/http/pickup.route.ts PickupState). */
export interface PickupSnapshot {
  position: number
  now: string
  readyForMs: number
  businessDay: string
  preparing: { pickupNo: string; ref: string }[]
  ready: { pickupNo: string; ref: string; readyAt: string }[]
  languages: Locale[]
  branchNames: Record<Locale, string>
}

export interface PickupPlace {
  entId: string
  shopId: string
  baseId: string
}

/** Why the state could not be read: 'notFound' (the address names no branch) or anything else. */
export class PickupLoadError extends Error {
  constructor(readonly kind: 'notFound' | 'failed') {
    super(kind)
  }
}

export interface PickupTimers {
  /** Runs `fn` every `ms`; answers the stop. */
  every(ms: number, fn: () => void): () => void
  /** Runs `fn` once after `ms`; answers the cancel. */
  after(ms: number, fn: () => void): () => void
}

export interface PickupDeps {
  /** GET /live/pickup; throws PickupLoadError. */
  load(place: PickupPlace): Promise<PickupSnapshot>
  /** The branch's stream (EventSource on the page). */
  stream: LiveSubscribe
  /** Its fallback, the poll of /live/poll. */
  poll: LiveSubscribe
  /** Milliseconds since the epoch, the TV's clock. */
  now(): number
  timers: PickupTimers
  /** Plays the chime (sound turned on by a tap first: enableSound). */
  chime(): void
  /** Makes sound possible (called in the tap's handler); false where the browser has none. */
  unlockSound(): boolean
}

export interface PickupOptions {
  place: PickupPlace
  /** `lang=` of the page's address, when it names one of the three. */
  lang: Locale | null
  /** The stream's server ('' same origin). */
  base?: string
}

export type Connection = 'connecting' | 'live' | 'polling' | 'offline'
export type LoadState = 'loading' | 'ready' | 'notFound' | 'failed'

interface Entry {
  ref: string
  pickupNo: string
  stage: 'preparing' | 'ready'
  /** When it became ready, on the TV's clock (ms). */
  readyAt: number
  /** Highlighted until then (ms; 0 never was). */
  freshUntil: number
  /** Order of arrival in its column. */
  seq: number
}

export interface ShownNumber {
  ref: string
  pickupNo: string
  fresh: boolean
}

export const PICKUP_KINDS = ['order.progress'] as const
/** A ready number arriving is highlighted this long. */
export const FRESH_MS = 20_000
/** The stream down this long: poll until it is back. */
export const FALLBACK_AFTER_MS = 4000
/** The state is read again this often (the business day turns over; belt and braces). */
export const RESYNC_MS = 5 * 60_000
/** After a failed first read, again after this long. */
export const RETRY_MS = 5000
/** Numbers shown in each column at most; the rest are counted ("+3 more"). */
export const SHOWN_PREPARING = 40
export const SHOWN_READY = 24
/** Events kept to apply again on a state read while they were arriving. */
const KEEP_HEARD = 500

const isLocale = (value: unknown): value is Locale => value === 'zh-CN' || value === 'zh-TW' || value === 'en'

export class PickupStore {
  state: LoadState = 'loading'
  connection: Connection = 'connecting'
  soundOn = false
  /** The TV's clock as of the last tick (ms). */
  now: number
  languages: Locale[] = []
  branchNames: Partial<Record<Locale, string>> = {}
  readyForMs = 10 * 60_000
  private entries = new Map<string, Entry>()
  private seq = 0
  /** The last event id applied. */
  private lastId = 0
  /** Server clock − TV clock (ms). */
  private clockOffset = 0
  private heardEvents: LiveMessage[] = []
  private streamSub: LiveSubscription | null = null
  private pollSub: LiveSubscription | null = null
  private streamUp = false
  private fallbackTimer: (() => void) | null = null
  private retryTimer: (() => void) | null = null
  private stops: (() => void)[] = []
  private loading = false
  private closed = false

  constructor(
    private readonly deps: PickupDeps,
    private readonly options: PickupOptions
  ) {
    this.now = deps.now()
    makeAutoObservable<PickupStore, 'deps' | 'options' | 'streamSub' | 'pollSub' | 'fallbackTimer' | 'retryTimer' | 'stops' | 'heardEvents'>(this, {
      deps: false,
      options: false,
      streamSub: false,
      pollSub: false,
      fallbackTimer: false,
      retryTimer: false,
      stops: false,
      heardEvents: false
    })
  }

  // ---------- what the screen shows ----------

  /** The page's language: `lang=`, else the enterprise's first, else English. */
  get locale(): Locale {
    return this.options.lang ?? this.languages[0] ?? 'en'
  }

  /** The enterprise's other languages (the headings say them too, smaller). */
  get otherLocales(): Locale[] {
    return this.languages.filter((l) => l !== this.locale)
  }

  get branchName(): string {
    return this.branchNames[this.locale] || Object.values(this.branchNames).find(Boolean) || ''
  }

  /** Being prepared, in the order they were paid. */
  get preparingAll(): ShownNumber[] {
    return [...this.entries.values()]
      .filter((e) => e.stage === 'preparing')
      .sort((a, b) => a.seq - b.seq)
      .map((e) => ({ ref: e.ref, pickupNo: e.pickupNo, fresh: false }))
  }

  /** Ready, the newest first; `fresh` while just arrived. */
  get readyAll(): ShownNumber[] {
    return [...this.entries.values()]
      .filter((e) => e.stage === 'ready')
      .sort((a, b) => b.readyAt - a.readyAt || b.seq - a.seq)
      .map((e) => ({ ref: e.ref, pickupNo: e.pickupNo, fresh: e.freshUntil > this.now }))
  }

  get preparing(): ShownNumber[] {
    return this.preparingAll.slice(0, SHOWN_PREPARING)
  }

  get ready(): ShownNumber[] {
    return this.readyAll.slice(0, SHOWN_READY)
  }

  get preparingMore(): number {
    return Math.max(0, this.preparingAll.length - SHOWN_PREPARING)
  }

  get readyMore(): number {
    return Math.max(0, this.readyAll.length - SHOWN_READY)
  }

  // ---------- running ----------

  /** Reads the state, then follows the stream; a tick every second clears what is due. */
  async start(): Promise<void> {
    this.stops.push(this.deps.timers.every(1000, () => this.tick()))
    this.stops.push(this.deps.timers.every(RESYNC_MS, () => void this.resync()))
    await this.resync()
  }

  close(): void {
    this.closed = true
    for (const stop of this.stops) stop()
    this.stops = []
    this.fallbackTimer?.()
    this.retryTimer?.()
    this.streamSub?.close()
    this.pollSub?.close()
    this.streamSub = this.pollSub = null
  }

  /** A tap on the sound button: on (the browser lets the page sound from now on) or off. */
  toggleSound(): void {
    if (this.soundOn) {
      this.soundOn = false
      return
    }
    if (!this.deps.unlockSound()) return
    this.soundOn = true
    // What the chime sounds like: someone standing by the TV hears it work.
    this.deps.chime()
  }

  /** Clears ready numbers older than readyForMs by the server's clock; ends highlights. */
  tick(): void {
    this.now = this.deps.now()
    for (const [ref, e] of this.entries) {
      if (e.stage === 'ready' && this.now - e.readyAt >= this.readyForMs) this.entries.delete(ref)
    }
  }

  /** Reads the state (first, after a reset, every RESYNC_MS) and puts what was heard since on top. */
  async resync(): Promise<void> {
    if (this.loading || this.closed) return
    this.loading = true
    let snapshot: PickupSnapshot
    try {
      snapshot = await this.deps.load(this.options.place)
    } catch (e) {
      runInAction(() => {
        this.loading = false
        const kind = e instanceof PickupLoadError ? e.kind : 'failed'
        // A screen already showing numbers keeps them; only the first read shows why.
        if (this.state !== 'ready') this.state = kind
        if (kind === 'failed' || this.state === 'ready') this.retryTimer = this.deps.timers.after(RETRY_MS, () => void this.resync())
      })
      return
    }
    runInAction(() => {
      this.loading = false
      if (this.closed) return
      this.applySnapshot(snapshot)
      // Events heard while it was read, newer than what it shows: on top again (each sets a state, so one seen twice changes nothing).
      for (const m of this.heardEvents) if (m.id > snapshot.position) this.applyEvent(m, false)
      if (!this.streamSub) this.follow(snapshot.position)
    })
  }

  private applySnapshot(s: PickupSnapshot): void {
    const local = this.deps.now()
    const serverNow = Date.parse(s.now)
    this.clockOffset = Number.isFinite(serverNow) ? serverNow - local : 0
    this.readyForMs = s.readyForMs > 0 ? s.readyForMs : this.readyForMs
    this.languages = s.languages.filter(isLocale)
    this.branchNames = s.branchNames
    const before = this.entries
    const next = new Map<string, Entry>()
    for (const p of s.preparing) next.set(p.ref, { ref: p.ref, pickupNo: p.pickupNo, stage: 'preparing', readyAt: 0, freshUntil: 0, seq: ++this.seq })
    // Oldest first, so the seq order is the order they became ready.
    for (const r of [...s.ready].reverse()) {
      const at = Date.parse(r.readyAt)
      const readyAt = Number.isFinite(at) ? at - this.clockOffset : local
      next.set(r.ref, { ref: r.ref, pickupNo: r.pickupNo, stage: 'ready', readyAt, freshUntil: before.get(r.ref)?.freshUntil ?? 0, seq: ++this.seq })
    }
    this.entries = next
    if (s.position > this.lastId) this.lastId = s.position
    this.now = local
    this.state = 'ready'
  }

  /** Subscribes to the stream from `position`. */
  private follow(position: number): void {
    const base = this.options.base ?? ''
    const { place } = this.options
    const scope = `ent=${encodeURIComponent(place.entId)}&shop=${encodeURIComponent(place.shopId)}&base=${encodeURIComponent(place.baseId)}`
    const sub = this.deps.stream(
      { base, scope, kinds: PICKUP_KINDS, afterId: position },
      {
        onMessage: (m) => {
          if (this.streamSub === sub) this.heard(m, 'stream')
        },
        onStatus: (up) => {
          if (this.streamSub === sub) this.streamStatus(up)
        }
      }
    )
    this.streamSub = sub
  }

  private streamStatus(up: boolean): void {
    this.streamUp = up
    if (up) {
      this.fallbackTimer?.()
      this.fallbackTimer = null
      this.pollSub?.close()
      this.pollSub = null
      this.connection = 'live'
      return
    }
    if (this.pollSub) return
    if (this.connection === 'live') this.connection = 'connecting'
    this.fallbackTimer ??= this.deps.timers.after(FALLBACK_AFTER_MS, () => runInAction(() => this.startPolling()))
  }

  /** The stream stayed down: the poll of the outbox from the last id, until the stream is back. */
  private startPolling(): void {
    this.fallbackTimer = null
    if (this.streamUp || this.pollSub || this.closed) return
    const { place } = this.options
    const scope = `ent=${encodeURIComponent(place.entId)}&shop=${encodeURIComponent(place.shopId)}&base=${encodeURIComponent(place.baseId)}`
    this.connection = 'polling'
    const sub = this.deps.poll(
      { base: this.options.base ?? '', scope, kinds: PICKUP_KINDS, afterId: this.lastId },
      {
        onMessage: (m) => {
          if (this.pollSub === sub) this.heard(m, 'poll')
        },
        onStatus: (up) => {
          if (this.pollSub === sub && !this.streamUp) runInAction(() => (this.connection = up ? 'polling' : 'offline'))
        }
      }
    )
    this.pollSub = sub
  }

  /** One message of either subscription: each event once, in id order. */
  private heard(m: LiveMessage, from: 'stream' | 'poll'): void {
    if (m.kind === 'ready') {
      // Connected; everything up to its id was passed on (or was not this screen's).
      this.lastId = Math.max(this.lastId, m.id)
      if (from === 'stream') this.streamStatus(true)
      return
    }
    if (m.kind === 'reset') {
      // Events were lost (pruned, another database): read the state again.
      this.lastId = Math.max(this.lastId, m.id)
      void this.resync()
      return
    }
    if (m.id <= this.lastId) return
    this.lastId = m.id
    this.heardEvents.push(m)
    if (this.heardEvents.length > KEEP_HEARD) this.heardEvents.splice(0, this.heardEvents.length - KEEP_HEARD)
    this.applyEvent(m, true)
  }

  /** An `order.progress` event: the number moves, arrives or leaves. `live`: as it happens (highlight, chime). */
  private applyEvent(m: LiveMessage, live: boolean): void {
    if (m.kind !== 'order.progress') return
    const { ref, pickupNo, stage } = m.data as { ref?: unknown; pickupNo?: unknown; stage?: unknown }
    // Table rounds have no pickup number: not this screen's.
    if (typeof ref !== 'string' || !ref || typeof pickupNo !== 'string' || !pickupNo) return
    const e = this.entries.get(ref)
    if (stage === 'collected' || stage === 'cancelled') {
      this.entries.delete(ref)
      return
    }
    if (stage === 'preparing') {
      if (e?.stage === 'preparing') return
      this.entries.set(ref, { ref, pickupNo, stage: 'preparing', readyAt: 0, freshUntil: 0, seq: e?.seq ?? ++this.seq })
      return
    }
    if (stage === 'ready') {
      if (e?.stage === 'ready') return
      const now = this.deps.now()
      this.now = now
      this.entries.set(ref, { ref, pickupNo, stage: 'ready', readyAt: now, freshUntil: live ? now + FRESH_MS : 0, seq: ++this.seq })
      if (live && this.soundOn) this.deps.chime()
    }
  }
}
