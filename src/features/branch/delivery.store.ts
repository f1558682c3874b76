/**
 * A branch's delivery terms (the branch page; issue 27): its fee tiers (FreightRuleGet) and, when
 * the diner asks, what delivering to where they are would take (DispatchInfoGet: distance, in
 * range or not, the fee for the goods amount, the minutes delivery adds). The diner's place comes
 * from the host (asked only on that tap), the goods amount from the caller (the cart there).
 * Apart from ./branch.store.ts, which Home's first screen carries: this one is past Home.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import type { DispatchInfoRow, FreightRuleRow } from '../../gateway/order-rows'

type DeliveryOps = 'FreightRuleGet' | 'DispatchInfoGet'

/** The part of the gateway client this store uses. */
export interface DeliveryGateway {
  request<K extends DeliveryOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

export interface DeliveryStoreDeps {
  /** Where the diner is now (null: the host could not tell, or the diner said no). */
  locate(): Promise<{ Lng: number; Lat: number } | null>
  /** The goods amount a delivery from this branch would carry now (the cart there), as decimal text. */
  goodsAmount(baseId: string): string
}

export type RulesState = 'idle' | 'loading' | 'ready' | 'failed'
/** 'unlocated': no place from the host; 'failed': the server could not be asked. */
export type CheckState = 'idle' | 'locating' | 'checking' | 'ready' | 'unlocated' | 'failed'

export class DeliveryStore {
  baseId = ''
  rules: FreightRuleRow[] = []
  rulesState: RulesState = 'idle'
  info: DispatchInfoRow | null = null
  /** The goods amount the fee in `info` is for. */
  infoAmount = '0'
  checkState: CheckState = 'idle'
  private seq = 0
  private checkSeq = 0

  constructor(
    private readonly gateway: DeliveryGateway,
    private readonly deps: DeliveryStoreDeps
  ) {
    makeAutoObservable<DeliveryStore, 'gateway' | 'deps' | 'seq' | 'checkSeq'>(this, { gateway: false, deps: false, seq: false, checkSeq: false })
  }

  get distanceRules(): FreightRuleRow[] {
    return this.rules.filter((r) => r.RuleType === 'distance')
  }

  get amountRules(): FreightRuleRow[] {
    return this.rules.filter((r) => r.RuleType === 'amount')
  }

  /** The fee tiers of a branch; another branch forgets the last one's check. */
  async load(baseId: string): Promise<void> {
    if (!baseId) return
    const seq = ++this.seq
    if (baseId !== this.baseId) {
      this.baseId = baseId
      this.rules = []
      this.info = null
      this.checkState = 'idle'
      this.rulesState = 'loading'
    } else if (this.rulesState !== 'ready') this.rulesState = 'loading'
    try {
      const res = await this.gateway.request('FreightRuleGet', [{ BaseID: baseId }], { silent: true })
      runInAction(() => {
        if (seq !== this.seq) return
        this.rules = [...(res.table1 ?? [])].sort((a, b) => a.SortNo - b.SortNo)
        this.rulesState = 'ready'
      })
    } catch {
      runInAction(() => {
        if (seq === this.seq && this.rulesState !== 'ready') this.rulesState = 'failed'
      })
    }
  }

  /** Delivering from the branch to where the diner is: asks the host for the place, then the server. */
  async check(): Promise<void> {
    const baseId = this.baseId
    if (!baseId || this.checkState === 'locating' || this.checkState === 'checking') return
    const seq = ++this.checkSeq
    this.checkState = 'locating'
    const place = await this.deps.locate().catch(() => null)
    if (seq !== this.checkSeq || baseId !== this.baseId) return
    if (!place) {
      runInAction(() => (this.checkState = 'unlocated'))
      return
    }
    const amount = this.deps.goodsAmount(baseId) || '0'
    runInAction(() => (this.checkState = 'checking'))
    try {
      const res = await this.gateway.request('DispatchInfoGet', [{ BaseID: baseId, Lng: place.Lng, Lat: place.Lat, Amount: amount }], { silent: true })
      runInAction(() => {
        if (seq !== this.checkSeq || baseId !== this.baseId) return
        this.info = res.table1?.[0] ?? null
        this.infoAmount = amount
        this.checkState = this.info ? (this.info.Distance < 0 ? 'unlocated' : 'ready') : 'failed'
      })
    } catch {
      runInAction(() => {
        if (seq === this.checkSeq) this.checkState = 'failed'
      })
    }
  }
}
