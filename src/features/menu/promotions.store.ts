/**
 * Goods on promotion now (promotionGoods; issue 27): the promotions running on the enterprise's
 * clock at this shop and branch (AvailablePromotionGoods), each with its goods, in menu order.
 * The goods themselves (names, pictures, prices) are the menu's: the page shows those the menu
 * of this branch lists.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { MenuScope, OperationTypes, PromotionGoodsRow, SaleType } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'

/** The part of the gateway client this store uses. */
export interface PromotionsGateway {
  request(
    operation: 'AvailablePromotionGoods',
    records?: OperationTypes['AvailablePromotionGoods']['input'][],
    options?: RequestOptions
  ): Promise<Partial<OperationTypes['AvailablePromotionGoods']['output']>>
}

export type PromotionsState = 'idle' | 'loading' | 'ready' | 'failed'

/** One promotion and the goods it covers. */
export interface PromotionSection {
  PromotionID: string
  PromotionName: string
  SaleType: SaleType
  /** Discount rate of a discount ('0.8' = 20% off), else ''. */
  Discount: string
  BeginDate: string
  EndDate: string
  BeginTime: string
  EndTime: string
  goodsIds: string[]
  /** Promotion price per goods ('' for a discount). */
  prices: Record<string, string>
}

export class PromotionsStore {
  rows: PromotionGoodsRow[] = []
  state: PromotionsState = 'idle'
  private key = ''
  private seq = 0

  constructor(
    private readonly gateway: PromotionsGateway,
    /** The shop and branch on screen (null before the session is ready). */
    private readonly scope: () => MenuScope | null,
    /** Promotion names come in the language on screen: a switch asks again. */
    private readonly locale: () => string
  ) {
    makeAutoObservable<PromotionsStore, 'gateway' | 'scope' | 'locale' | 'seq' | 'key'>(this, { gateway: false, scope: false, locale: false, seq: false, key: false })
  }

  /** The promotions in the order the server lists them, each with its goods. */
  get sections(): PromotionSection[] {
    const out: PromotionSection[] = []
    const byId = new Map<string, PromotionSection>()
    for (const r of this.rows) {
      let s = byId.get(r.PromotionID)
      if (!s) {
        s = {
          PromotionID: r.PromotionID,
          PromotionName: r.PromotionName,
          SaleType: r.SaleType,
          Discount: r.Discount,
          BeginDate: r.BeginDate,
          EndDate: r.EndDate,
          BeginTime: r.BeginTime,
          EndTime: r.EndTime,
          goodsIds: [],
          prices: {}
        }
        byId.set(r.PromotionID, s)
        out.push(s)
      }
      if (!s.goodsIds.includes(r.GoodsID)) s.goodsIds.push(r.GoodsID)
      s.prices[r.GoodsID] = r.Price
    }
    return out
  }

  /** Asks for the promotions of this place (again on each visit: they start and end by the clock). Rows on screen stay while it loads. */
  async load(): Promise<void> {
    const scope = this.scope()
    if (!scope) return
    const key = `${scope.ShopID}|${scope.BaseID ?? ''}|${this.locale()}`
    const seq = ++this.seq
    if (key !== this.key) {
      this.key = key
      this.rows = []
    }
    if (this.rows.length === 0) this.state = 'loading'
    try {
      const res = await this.gateway.request('AvailablePromotionGoods', [{ ShopID: scope.ShopID, BaseID: scope.BaseID ?? '' }], { silent: true })
      runInAction(() => {
        if (seq !== this.seq) return
        this.rows = res.table1 ?? []
        this.state = 'ready'
      })
    } catch {
      runInAction(() => {
        if (seq === this.seq && this.rows.length === 0) this.state = 'failed'
      })
    }
  }
}
