/**
 * "Ready in about N min" (issue 26 item 3; docs/estimates.md): OrderReadyEstimateGet for what a
 * page shows — the confirm page's cart, or an order being prepared — kept current while the page
 * watches it:
 *   - read again when what is asked changes (the cart, the branch), a moment after the change;
 *   - read again at once when the branch's live stream says an order moved (`order.progress` of
 *     any order there: one became ready, one reached the kitchen), the stream the order page
 *     already follows (src/stores/order-progress.ts);
 *   - and every ESTIMATE_POLL_MS whatever the stream says: a ticket bumped at one station of an
 *     order cooked at two moves the queue without an order's progress.
 * The confirm page also takes the branch's full pickup slots from the answer (they are not offered).
 */
import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx'
import { Poller, realScheduler, type Scheduler } from '../../core/polling'
import type { Gateway } from '../../gateway/gateway-client'
import type { ReadyEstimateInput, ReadyEstimateRow } from '../../gateway/estimate-rows'
import { OrderProgressFollower, type OrderProgressLive, type ProgressPlace } from '../../stores/order-progress'
import { callGateway } from './gateway-call'

/** How often a shown estimate is read again (ms). */
export const ESTIMATE_POLL_MS = 15_000

/** What a page asks for: the request and the branch whose stream moves it (null: nothing now). */
export interface EstimateAsk {
  input: ReadyEstimateInput
  place: ProgressPlace
}

export interface ReadyEstimateDeps {
  live?: OrderProgressLive
  scheduler?: Scheduler
  /** Quiet time after a change before it is asked (ms). */
  delayMs?: number
}

export class ReadyEstimateStore {
  /** The last answer for what is watched (null: none yet, or nothing to ask). */
  row: ReadyEstimateRow | null = null
  /** The branch's full pickup slots, 'YYYY-MM-DD HH:mm' (a cart's answer only). */
  fullSlots: string[] = []

  private ask: (() => EstimateAsk | null) | null = null
  private seq = 0
  /** A read is under way; `again`: the stream spoke meanwhile, read once more after it (one at a time, however busy the branch). */
  private inFlight = false
  private again = false
  private disposeReaction: IReactionDisposer | null = null
  private readonly poller: Poller
  private readonly progress: OrderProgressFollower

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: ReadyEstimateDeps = {}
  ) {
    this.poller = new Poller(deps.scheduler ?? realScheduler, ESTIMATE_POLL_MS)
    this.progress = new OrderProgressFollower(deps.live ?? null)
    makeAutoObservable<ReadyEstimateStore, 'gateway' | 'deps' | 'ask' | 'seq' | 'disposeReaction' | 'poller' | 'progress' | 'inFlight' | 'again'>(this, {
      inFlight: false,
      again: false,
      gateway: false,
      deps: false,
      ask: false,
      seq: false,
      disposeReaction: false,
      poller: false,
      progress: false
    })
  }

  /** The full slots as a set, for the slot picker. */
  get fullSet(): ReadonlySet<string> {
    return new Set(this.fullSlots)
  }

  /**
   * Watches what `ask` names until the returned stop is called (a page leaving): read now and
   * whenever it changes, on the branch's live events, and every ESTIMATE_POLL_MS.
   */
  watch(ask: () => EstimateAsk | null): () => void {
    this.stop()
    this.ask = ask
    this.disposeReaction = reaction(
      () => JSON.stringify(ask()),
      () => {
        this.follow()
        void this.refresh()
      },
      { delay: this.deps.delayMs ?? 300 }
    )
    this.follow()
    this.poller.start(async () => {
      await this.refresh()
      return this.ask === ask
    })
    return () => {
      if (this.ask === ask) this.stop()
    }
  }

  stop(): void {
    this.disposeReaction?.()
    this.disposeReaction = null
    this.poller.stop()
    this.progress.close()
    this.ask = null
  }

  /** Reads the estimate now; an older answer never overwrites a newer one, a failure keeps what is shown. */
  async refresh(): Promise<void> {
    const asked = this.ask?.() ?? null
    const seq = ++this.seq
    if (!asked) {
      this.row = null
      this.fullSlots = []
      return
    }
    try {
      const res = await callGateway(this.gateway, 'OrderReadyEstimateGet', asked.input)
      runInAction(() => {
        if (seq !== this.seq) return
        this.row = res.table1?.[0] ?? null
        this.fullSlots = (res.table2 ?? []).map((r) => r.Slot)
      })
    } catch {
      // Quiet: the line stays as it was and the next poll tries again.
    }
  }

  /** Follows the watched branch's stream: any order there moving moves the queue. */
  private follow(): void {
    const place = this.ask?.()?.place ?? null
    this.progress.follow(place, { names: () => true, refresh: () => void this.heard() })
  }

  private async heard(): Promise<void> {
    if (this.inFlight) {
      this.again = true
      return
    }
    this.inFlight = true
    try {
      do {
        this.again = false
        await this.refresh()
      } while (this.again && this.ask)
    } finally {
      this.inFlight = false
    }
  }
}

/** The cart's lines as the estimate asks for them: goods and quantity in the line's stepper unit. */
export function estimateLines(lines: readonly { GoodsID: string; MQua: string; PQua: string }[]): { GoodsID: string; Qua: number }[] {
  return lines.map((l) => ({ GoodsID: l.GoodsID, Qua: Number(l.PQua) > 0 ? Number(l.PQua) : Number(l.MQua) || 0 })).filter((l) => l.Qua > 0)
}
