/**
 * A branch's page (issue 16 item 5; spec §7 Retail "shop/branch detail"): the branch with its
 * shop, address, phone, location, hours, services and delivery range (ShopBaseDetailGet). Home
 * asks too, for TableCount: a diner who came with the shop's or the branch's code and no table
 * is offered choosing one only where the branch has tables. Kept small: Home's first screen
 * carries it (the table list is ./tables.store.ts, with the pages past Home).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import type { BaseDetailRow } from '../../gateway/address-rows'

/** The part of the gateway client this store uses. */
export interface BranchGateway {
  request(
    operation: 'ShopBaseDetailGet',
    records?: OperationTypes['ShopBaseDetailGet']['input'][],
    options?: RequestOptions
  ): Promise<Partial<OperationTypes['ShopBaseDetailGet']['output']>>
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

export class BranchStore {
  detail: BaseDetailRow | null = null
  state: LoadState = 'idle'
  /** The branch (and language) `detail` is of. */
  private key = ''
  private seq = 0

  constructor(
    private readonly gateway: BranchGateway,
    /** The language on screen: names and hours come in it, so a switch asks again. */
    private readonly locale: () => string
  ) {
    makeAutoObservable<BranchStore, 'gateway' | 'locale' | 'seq'>(this, { gateway: false, locale: false, seq: false })
  }

  /** The detail of `baseId` when it is the one loaded (else null: another branch's must not show). */
  of(baseId: string): BaseDetailRow | null {
    return this.detail && this.detail.BaseID === baseId ? this.detail : null
  }

  /**
   * Loads a branch. The same branch in the same language already loaded is shown at once and
   * asked again quietly (a failure then keeps it); another shows loading. Silent: the pages say it.
   */
  async load(baseId: string): Promise<void> {
    if (!baseId) return
    const key = `${baseId}|${this.locale()}`
    const seq = ++this.seq
    if (key !== this.key || this.state !== 'ready') {
      this.key = key
      this.detail = null
      this.state = 'loading'
    }
    try {
      const res = await this.gateway.request('ShopBaseDetailGet', [{ BaseID: baseId }], { silent: true })
      runInAction(() => {
        if (seq !== this.seq) return
        this.detail = res.table1?.[0] ?? null
        this.state = 'ready'
      })
    } catch {
      runInAction(() => {
        if (seq === this.seq && !this.detail) this.state = 'failed'
      })
    }
  }
}
