/**
 * A coupon plan's details (couponPlan; issue 27): the plan by its id (CouponPlanDetail: any plan of
 * the enterprise, with whether the caller could claim one now and why not), or one of the member's
 * own cards with how it was issued and the plan it came from (CouponIssueCardDetail). Refusals are
 * kept as the server's code and message (already in the diner's language) for the page to show.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import type { CouponPlanRow, IssueCardRow } from '../../gateway/coupon-rows'

type PlanOps = 'CouponPlanDetail' | 'CouponIssueCardDetail'

/** The part of the gateway client this store uses. */
export interface CouponPlanGateway {
  request<K extends PlanOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

export type PlanLoadState = 'idle' | 'loading' | 'ready' | 'failed'

export interface PlanProblem {
  /** The server's code ('' the network). */
  code: string
  message: string
}

export class CouponPlanStore {
  plan: CouponPlanRow | null = null
  /** How the card was issued, when the page is of a card. */
  issue: IssueCardRow | null = null
  state: PlanLoadState = 'idle'
  problem: PlanProblem | null = null
  /** 'plan:<id>' or 'card:<id>': what is on show. */
  private key = ''
  private seq = 0

  constructor(
    private readonly gateway: CouponPlanGateway,
    /** The language on screen: names come in it, so a switch asks again. */
    private readonly locale: () => string
  ) {
    makeAutoObservable<CouponPlanStore, 'gateway' | 'locale' | 'seq' | 'key'>(this, { gateway: false, locale: false, seq: false, key: false })
  }

  /** Loads a plan (PlanID) or one of the member's cards (CardID, which wins). The same one again keeps it on screen while it loads. */
  async load(ids: { PlanID?: string; CardID?: string }): Promise<void> {
    const cardId = ids.CardID ?? ''
    const planId = ids.PlanID ?? ''
    if (!cardId && !planId) {
      this.plan = null
      this.issue = null
      this.problem = null
      this.state = 'failed'
      return
    }
    const key = `${cardId ? `card:${cardId}` : `plan:${planId}`}|${this.locale()}`
    const seq = ++this.seq
    if (key !== this.key) {
      this.key = key
      this.plan = null
      this.issue = null
    }
    this.problem = null
    if (!this.plan) this.state = 'loading'
    try {
      if (cardId) {
        const res = await this.gateway.request('CouponIssueCardDetail', [{ CardID: cardId }], { silent: true })
        runInAction(() => {
          if (seq !== this.seq) return
          this.issue = res.table1?.[0] ?? null
          this.plan = res.table2?.[0] ?? null
          this.state = this.plan ? 'ready' : 'failed'
        })
      } else {
        const res = await this.gateway.request('CouponPlanDetail', [{ PlanID: planId }], { silent: true })
        runInAction(() => {
          if (seq !== this.seq) return
          this.plan = res.table1?.[0] ?? null
          this.state = this.plan ? 'ready' : 'failed'
        })
      }
    } catch (e) {
      runInAction(() => {
        if (seq !== this.seq) return
        const network = e instanceof GatewayError && (e.kind === 'network' || e.kind === 'timeout')
        this.problem =
          e instanceof GatewayError && !network
            ? { code: e.resultcode && e.resultcode !== '0' ? e.resultcode : e.errcode, message: e.message }
            : { code: '', message: '' }
        if (!this.plan) this.state = 'failed'
      })
    }
  }

  /** A claimed card changed the plan (held, left): shown at once. */
  applyPlan(plan: CouponPlanRow): void {
    if (this.plan && this.plan.PlanID === plan.PlanID) this.plan = plan
  }
}
