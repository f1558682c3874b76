/**
 * The member's coupons (spec §2 couponsList, couponDetails, couponSelect; §5 coupon messages;
 * §7 Coupons; issue 15): the cards by state with their counts, the plans this shop offers to
 * claim, claiming one (a request key per attempt, so a retry or a double tap claims once), one
 * card with its history, a typed voucher code (what it is, then redeem it), and the cards of the
 * member for one cart preview, those that apply first with what each takes off.
 *
 * Who the member is comes from the session token the gateway sends; this store only asks. The
 * gateway and the little it needs of the rest (signed in, the shop, the login prompt, a clock)
 * come through the constructor. Nothing here translates: states are codes, refusals the
 * server's message (already in the diner's language) with its code.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import type { OrderPlacementInput } from '../../gateway/order-rows'
import {
  CARD_STATUS,
  type AvailableCardRow,
  type CardEventRow,
  type CardStatus,
  type CouponCardRow,
  type CouponPlanRow,
  type VoucherRow
} from '../../gateway/coupon-rows'
import { newRequestKey } from '../../core/request-key'
import { PagedList } from '../../stores/paged-list'

type CouponOps = 'CouponPlanList' | 'CouponCardProvide' | 'CouponCardList' | 'CouponCardDetail' | 'CouponCardsForOrder' | 'VoucherQuery' | 'VoucherVerify'

/** The part of the gateway client this store uses. */
export interface CouponsGateway {
  request<K extends CouponOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

export interface CouponsStoreDeps {
  /** A member session exists on this device (the member feature keeps it). */
  signedIn(): boolean
  /** The shop whose plans are offered ('' none: the enterprise-wide ones). */
  shopId(): string
  /** 'Operation not allowed without logging-in.' → loginByCode. */
  askLogin(): void
  now?: () => number
  random?: () => number
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

/** The couponsList tabs, in the order shown. */
export const CARD_TABS: CardStatus[] = [CARD_STATUS.AVAILABLE, CARD_STATUS.USED, CARD_STATUS.EXPIRED, CARD_STATUS.RETURNED]

export const CARD_PAGE_SIZE = 20

/** Refusals these pages show in place (beside the code, the plan, the card): no toast on top. */
const SILENT: RequestOptions = { silent: true }

/** A refusal as a page shows it: the server's code and message ('' code: the network). */
export interface CouponProblem {
  code: string
  message: string
}

const problemOf = (e: unknown): CouponProblem => {
  if (e instanceof GatewayError) {
    const network = e.kind === 'network' || e.kind === 'timeout'
    return { code: network ? '' : e.resultcode && e.resultcode !== '0' ? e.resultcode : e.errcode, message: network ? '' : e.message }
  }
  return { code: '', message: '' }
}

export class CouponsStore {
  // ---------- couponsList ----------
  tab: CardStatus = CARD_STATUS.AVAILABLE
  /** Cards per state (CouponCardList table3), for the tabs. */
  counts: Partial<Record<CardStatus, number>> = {}
  readonly lists: Record<CardStatus, PagedList<CouponCardRow>>

  /** The plans of this shop the member may claim (CouponPlanList). */
  plans: CouponPlanRow[] = []
  plansState: LoadState = 'idle'
  /** The plan being claimed ('' none), and the last claim's outcome per PlanID. */
  claimingId = ''
  claimProblem: Record<string, CouponProblem> = {}
  /** The card the last claim gave (its plan's id → the card). */
  claimed: Record<string, CouponCardRow> = {}

  // ---------- couponDetails ----------
  card: CouponCardRow | null = null
  events: CardEventRow[] = []
  cardState: LoadState = 'idle'
  cardProblem: CouponProblem | null = null

  // ---------- the coupon code entry ----------
  voucher: VoucherRow | null = null
  voucherState: 'idle' | 'querying' | 'found' | 'redeeming' | 'redeemed' | 'failed' = 'idle'
  voucherProblem: CouponProblem | null = null
  redeemed: CouponCardRow | null = null

  // ---------- couponSelect ----------
  forOrder: AvailableCardRow[] = []
  forOrderState: LoadState = 'idle'
  forOrderProblem: CouponProblem | null = null

  private plansSeq = 0
  private cardSeq = 0
  private orderSeq = 0
  /** The request key of the claim under way per plan: kept until the server has answered it. */
  private claimKeys = new Map<string, string>()

  constructor(
    private readonly gateway: CouponsGateway,
    private readonly deps: CouponsStoreDeps
  ) {
    const list = (Status: CardStatus) =>
      new PagedList<CouponCardRow>(
        async (PageIndex, PageSize) => {
          const res = await this.gateway.request('CouponCardList', [{ Status, PageIndex, PageSize }])
          runInAction(() => this.applyCounts(res.table3))
          return { rows: res.table1 ?? [], total: res.table2?.[0]?.Total ?? res.table1?.length ?? 0 }
        },
        (r) => r.CardID,
        CARD_PAGE_SIZE
      )
    this.lists = {
      [CARD_STATUS.AVAILABLE]: list(CARD_STATUS.AVAILABLE),
      [CARD_STATUS.USED]: list(CARD_STATUS.USED),
      [CARD_STATUS.EXPIRED]: list(CARD_STATUS.EXPIRED),
      [CARD_STATUS.RETURNED]: list(CARD_STATUS.RETURNED)
    }
    makeAutoObservable<CouponsStore, 'gateway' | 'deps' | 'plansSeq' | 'cardSeq' | 'orderSeq' | 'claimKeys'>(this, {
      gateway: false,
      deps: false,
      plansSeq: false,
      cardSeq: false,
      orderSeq: false,
      claimKeys: false,
      lists: false
    })
  }

  get signedIn(): boolean {
    return this.deps.signedIn()
  }

  private applyCounts(rows: { Status: CardStatus; Qua: number }[] | undefined): void {
    if (!rows) return
    const counts: Partial<Record<CardStatus, number>> = {}
    for (const r of rows) counts[r.Status] = r.Qua
    this.counts = counts
  }

  // ---------- couponsList ----------

  /** The list of the tab on show. */
  get list(): PagedList<CouponCardRow> {
    return this.lists[this.tab]
  }

  chooseTab(status: CardStatus): void {
    if (!CARD_TABS.includes(status)) return
    this.tab = status
    const list = this.lists[status]
    if (list.state === 'idle' || list.state === 'failed') void list.refresh()
  }

  /** The page opens or is pulled down: the tab's cards and the plans again (a visitor sees the plans only). */
  async refresh(): Promise<void> {
    if (!this.signedIn) {
      this.clear()
      await this.loadPlans()
      return
    }
    await Promise.all([this.list.refresh(), this.loadPlans()])
    // The other tabs load again when chosen: what they held may have moved (a card used, one expired).
    for (const s of CARD_TABS) if (s !== this.tab && this.lists[s].state !== 'idle') this.lists[s].clear()
  }

  /** Plans that can be claimed here; those the member can no longer claim stay listed with why. */
  async loadPlans(): Promise<void> {
    const seq = ++this.plansSeq
    if (this.plans.length === 0) this.plansState = 'loading'
    try {
      const res = await this.gateway.request('CouponPlanList', [{ ShopID: this.deps.shopId(), PageIndex: 1, PageSize: 50 }])
      runInAction(() => {
        if (seq !== this.plansSeq) return
        this.plans = res.table1 ?? []
        this.plansState = 'ready'
      })
    } catch {
      runInAction(() => {
        if (seq === this.plansSeq && this.plans.length === 0) this.plansState = 'failed'
      })
    }
  }

  /**
   * Claims one card of a plan. The same attempt keeps its request key until the server answered
   * (a lost answer retried claims once); true when the member holds the new card.
   */
  async claim(planId: string): Promise<boolean> {
    if (!this.signedIn) {
      this.deps.askLogin()
      return false
    }
    if (this.claimingId) return false
    let key = this.claimKeys.get(planId)
    if (!key) {
      key = newRequestKey('CP', this.deps.now?.() ?? Date.now(), this.deps.random)
      this.claimKeys.set(planId, key)
    }
    this.claimingId = planId
    const { [planId]: _, ...rest } = this.claimProblem
    this.claimProblem = rest
    try {
      const res = await this.gateway.request('CouponCardProvide', [{ PlanID: planId, RequestKey: key, ShopID: this.deps.shopId() }], SILENT)
      this.claimKeys.delete(planId)
      const card = res.table1?.[0]
      const plan = res.table2?.[0]
      runInAction(() => {
        if (card) this.claimed = { ...this.claimed, [planId]: card }
        if (plan) this.plans = this.plans.map((p) => (p.PlanID === planId ? plan : p))
      })
      // The new card is in the available tab, and its count moved.
      await this.lists[CARD_STATUS.AVAILABLE].refresh()
      return !!card
    } catch (e) {
      const problem = problemOf(e)
      // A refusal is final for this attempt; a lost answer keeps the key for the retry.
      if (problem.code) this.claimKeys.delete(planId)
      runInAction(() => (this.claimProblem = { ...this.claimProblem, [planId]: problem }))
      if (problem.code === '10010') this.deps.askLogin()
      return false
    } finally {
      runInAction(() => (this.claimingId = ''))
    }
  }

  // ---------- couponDetails ----------

  /** One card and its history; a card already listed shows at once while it loads. */
  async loadCard(cardId: string): Promise<void> {
    const seq = ++this.cardSeq
    const known = CARD_TABS.flatMap((s) => this.lists[s].rows).find((c) => c.CardID === cardId) ?? (this.redeemed?.CardID === cardId ? this.redeemed : null)
    this.card = known
    this.events = []
    this.cardProblem = null
    this.cardState = 'loading'
    if (!cardId) {
      this.cardState = 'failed'
      return
    }
    try {
      const res = await this.gateway.request('CouponCardDetail', [{ CardID: cardId }], SILENT)
      runInAction(() => {
        if (seq !== this.cardSeq) return
        this.card = res.table1?.[0] ?? null
        this.events = res.table2 ?? []
        this.cardState = this.card ? 'ready' : 'failed'
      })
    } catch (e) {
      runInAction(() => {
        if (seq !== this.cardSeq) return
        this.card = null
        this.cardProblem = problemOf(e)
        this.cardState = 'failed'
      })
    }
  }

  // ---------- the coupon code entry ----------

  /** What a typed code is: a voucher the member may redeem, or why not. */
  async queryCode(code: string): Promise<void> {
    const Code = code.trim()
    this.voucher = null
    this.redeemed = null
    this.voucherProblem = null
    if (!Code) {
      this.voucherState = 'idle'
      return
    }
    if (!this.signedIn) {
      this.deps.askLogin()
      return
    }
    this.voucherState = 'querying'
    try {
      const res = await this.gateway.request('VoucherQuery', [{ Code }], SILENT)
      runInAction(() => {
        this.voucher = res.table1?.[0] ?? null
        this.voucherState = this.voucher ? 'found' : 'failed'
        if (!this.voucher) this.voucherProblem = { code: '20054', message: '' }
      })
    } catch (e) {
      runInAction(() => {
        this.voucherProblem = problemOf(e)
        this.voucherState = 'failed'
      })
    }
  }

  /** Puts the voucher found into the member's cards; true when it is there. */
  async redeem(): Promise<boolean> {
    const v = this.voucher
    if (!v || this.voucherState === 'redeeming') return false
    this.voucherState = 'redeeming'
    this.voucherProblem = null
    try {
      const res = await this.gateway.request('VoucherVerify', [{ Code: v.CardCode }], SILENT)
      const card = res.table1?.[0] ?? null
      runInAction(() => {
        this.redeemed = card
        this.voucherState = card ? 'redeemed' : 'failed'
      })
      if (card) await this.lists[CARD_STATUS.AVAILABLE].refresh()
      return !!card
    } catch (e) {
      runInAction(() => {
        this.voucherProblem = problemOf(e)
        this.voucherState = 'failed'
      })
      return false
    }
  }

  /** The entry opens again empty. */
  resetCode(): void {
    this.voucher = null
    this.redeemed = null
    this.voucherProblem = null
    this.voucherState = 'idle'
  }

  // ---------- couponSelect ----------

  /** The member's cards for this cart (the confirm page's placement), those that apply first. */
  async loadForOrder(placement: OrderPlacementInput | null): Promise<void> {
    const seq = ++this.orderSeq
    this.forOrderProblem = null
    if (!placement || !this.signedIn) {
      this.forOrder = []
      this.forOrderState = placement ? 'ready' : 'failed'
      return
    }
    this.forOrderState = 'loading'
    // The cards are priced without one chosen: each on its own against the cart.
    const { CardID: _, ...input } = placement
    try {
      const res = await this.gateway.request('CouponCardsForOrder', [input], SILENT)
      runInAction(() => {
        if (seq !== this.orderSeq) return
        const rows = res.table1 ?? []
        // Those that apply first, most off first; the server's order otherwise.
        this.forOrder = [...rows.filter((r) => r.Applies === 1), ...rows.filter((r) => r.Applies !== 1)]
        this.forOrderState = 'ready'
      })
    } catch (e) {
      runInAction(() => {
        if (seq !== this.orderSeq) return
        this.forOrder = []
        this.forOrderProblem = problemOf(e)
        this.forOrderState = 'failed'
      })
    }
  }

  get usableForOrder(): AvailableCardRow[] {
    return this.forOrder.filter((r) => r.Applies === 1)
  }

  get unusableForOrder(): AvailableCardRow[] {
    return this.forOrder.filter((r) => r.Applies !== 1)
  }

  /** Signed out: nothing of the last member stays. */
  clear(): void {
    for (const s of CARD_TABS) this.lists[s].clear()
    this.counts = {}
    this.claimed = {}
    this.claimProblem = {}
    this.card = null
    this.events = []
    this.cardState = 'idle'
    this.forOrder = []
    this.forOrderState = 'idle'
    this.resetCode()
  }
}
