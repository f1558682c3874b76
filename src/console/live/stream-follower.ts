/**
 * A screen that follows a branch's staff stream on top of a read of it: the kitchen board
 * (KitchenBoardGet) and front of house (CounterFloorGet) both work this way, through this one helper.
 *
 *   - follow(baseId): reads the screen, then opens the branch's stream after the read's event
 *     position. A read that fails (the server not reachable yet) is tried again after 3 s, doubling
 *     to 30 s, the connection said to be 'reconnecting' meanwhile: a screen never sits there
 *     looking current while it is not.
 *   - Events are applied once and in order: one at or below the position is already in what is
 *     shown. Events that arrive while the screen is being read again (reload: a `reset`, another
 *     station, a stage that moved) wait, and are applied on top of the read, in the same action.
 *   - A read overtaken by a newer one answers what the newer one does (and shows nothing itself).
 *   - The stream's 401 ('signedOut') ends the console's session.
 *
 * The stream, the timers and who is asking come in through the constructor (tests drive it with
 * fakes); what a read is and how it is shown are the screen's.
 */
import { runInAction } from 'mobx'
import type { StaffCredentials } from '../api/staff-client'
import type { StaffStreamEvent, StaffStreamFactory, StreamState } from './staff-stream'

/** A read that failed is tried again after this, doubling up to READ_RETRY_MAX_MS. */
export const READ_RETRY_MS = 3000
export const READ_RETRY_MAX_MS = 30_000

export interface FollowerTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface FollowerDeps {
  openStream: StaffStreamFactory
  timers: FollowerTimers
  /** Who is asking, read at each connection (the stream's headers). */
  credentials(): StaffCredentials
  /** The stream says the session ended (401). */
  signedOut(): void
}

/** What the followed screen does; each is called in a MobX action. */
export interface FollowedScreen<A> {
  /** Reads the screen of the branch followed (a gateway call); throws when it fails. */
  read(): Promise<A>
  /** The event position a read's answer stands at. */
  positionOf(answer: A): number
  /** Shows a read's answer (the events that waited for it are applied right after, in the same action). */
  show(answer: A): void
  /** The read failed (the events that waited are applied all the same). */
  failed(error: unknown): void
  /** An event past the position: each once, in order. */
  apply(event: StaffStreamEvent): void
  /** The connection: 'idle' while reading before the stream opens, 'reconnecting' while a failed read waits, then the stream's. */
  connection(state: StreamState | 'idle'): void
}

/** The headers a staff stream sends: the console's language, the session's token, the paired device. */
export function streamHeaders(who: StaffCredentials): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': who.locale }
  if (who.token) headers.Authorization = `Bearer ${who.token}`
  if (who.deviceToken) headers['X-Staff-Device'] = who.deviceToken
  return headers
}

export class StreamFollower<A> {
  /** The event position the screen stands at: events up to it are in what is shown. */
  position = 0
  /** The branch followed ('' none). */
  baseId = ''
  private stream: { stop(): void } | null = null
  /** Events that came while the screen was being read: applied on top of the read. */
  private waiting: StaffStreamEvent[] | null = null
  private seq = 0
  /** The newest read, for one it overtook. */
  private latest: { seq: number; run: Promise<boolean> } | null = null
  private retry: unknown = null
  private failures = 0
  private following = false
  /** Each follow() call: an older one still waiting for its read opens nothing. */
  private generation = 0

  constructor(
    private readonly deps: FollowerDeps,
    private readonly screen: FollowedScreen<A>
  ) {}

  /** Reads the screen of `baseId` and follows the branch's stream from the read's position ('' follows nothing). */
  async follow(baseId: string): Promise<void> {
    this.closeStream()
    this.clearRetry()
    const generation = ++this.generation
    this.following = true
    this.baseId = baseId
    this.say('idle')
    if (!baseId) return
    const read = await this.reload()
    if (!this.following || generation !== this.generation) return
    if (!read) {
      this.failures++
      this.say('reconnecting')
      this.retry = this.deps.timers.setTimeout(
        () => {
          this.retry = null
          if (this.following && generation === this.generation) void this.follow(baseId)
        },
        Math.min(READ_RETRY_MAX_MS, READ_RETRY_MS * 2 ** (this.failures - 1))
      )
      return
    }
    this.failures = 0
    this.stream = this.deps.openStream(
      { baseId, after: this.position, headers: () => streamHeaders(this.deps.credentials()) },
      {
        onEvent: (event) => this.receive(event),
        onReset: () => void this.reload(),
        onState: (state) => {
          this.say(state)
          if (state === 'signedOut') this.deps.signedOut()
        }
      }
    )
  }

  /**
   * Reads the screen again, the stream going on; events meanwhile wait and are applied on top.
   * False when it failed (or nothing is followed); a read a newer one overtook answers what the newer one does.
   */
  reload(): Promise<boolean> {
    const seq = this.seq + 1
    const run = this.read()
    this.latest = { seq, run }
    return run
  }

  /** An event of the stream: now, or after the read under way. */
  receive(event: StaffStreamEvent): void {
    if (this.waiting) {
      this.waiting.push(event)
      return
    }
    runInAction(() => this.take(event))
  }

  /** No stream, no retry; reads under way show nothing. */
  stop(): void {
    this.following = false
    this.generation++
    this.closeStream()
    this.clearRetry()
    this.failures = 0
    this.seq++
    this.latest = null
    this.waiting = null
    this.say('idle')
  }

  private async read(): Promise<boolean> {
    if (!this.baseId) return false
    const seq = ++this.seq
    const overtaken = (): Promise<boolean> | false => (this.latest && this.latest.seq !== seq && this.latest.seq === this.seq ? this.latest.run : false)
    this.waiting = []
    try {
      const answer = await this.screen.read()
      if (seq !== this.seq) return overtaken()
      runInAction(() => {
        this.position = this.screen.positionOf(answer)
        this.screen.show(answer)
        this.drain()
      })
      return true
    } catch (e) {
      if (seq !== this.seq) return overtaken()
      runInAction(() => {
        this.screen.failed(e)
        this.drain()
      })
      return false
    }
  }

  private drain(): void {
    const waited = this.waiting ?? []
    this.waiting = null
    for (const event of waited) this.take(event)
  }

  private take(event: StaffStreamEvent): void {
    if (event.id <= this.position) return
    this.position = event.id
    this.screen.apply(event)
  }

  private say(state: StreamState | 'idle'): void {
    runInAction(() => this.screen.connection(state))
  }

  private closeStream(): void {
    this.stream?.stop()
    this.stream = null
  }

  private clearRetry(): void {
    if (this.retry !== null) this.deps.timers.clearTimeout(this.retry)
    this.retry = null
  }
}
