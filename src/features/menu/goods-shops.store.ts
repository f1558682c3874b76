/**
 * Where a goods is sold (goodsShops; issue 27): every branch, with its shop, whose menu has the
 * goods on the shelf (GroundingShopList), grouped by shop in the order the server gives.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { GroundingShopRow, OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import { RESULTCODES } from '../../gateway/codes'

/** The part of the gateway client this store uses. */
export interface GoodsShopsGateway {
  request(
    operation: 'GroundingShopList',
    records?: OperationTypes['GroundingShopList']['input'][],
    options?: RequestOptions
  ): Promise<Partial<OperationTypes['GroundingShopList']['output']>>
}

/** 'missing': the server does not know the goods (20007), nothing to retry. */
export type GoodsShopsState = 'idle' | 'loading' | 'ready' | 'failed' | 'missing'

export interface ShopBranches {
  ShopID: string
  ShopName: string
  branches: { BaseID: string; BaseName: string }[]
}

export class GoodsShopsStore {
  goodsId = ''
  rows: GroundingShopRow[] = []
  state: GoodsShopsState = 'idle'
  private key = ''
  private seq = 0

  constructor(
    private readonly gateway: GoodsShopsGateway,
    /** Shop and branch names come in the language on screen: a switch asks again. */
    private readonly locale: () => string
  ) {
    makeAutoObservable<GoodsShopsStore, 'gateway' | 'locale' | 'seq' | 'key'>(this, { gateway: false, locale: false, seq: false, key: false })
  }

  get shops(): ShopBranches[] {
    const out: ShopBranches[] = []
    const byId = new Map<string, ShopBranches>()
    for (const r of this.rows) {
      let s = byId.get(r.ShopID)
      if (!s) {
        s = { ShopID: r.ShopID, ShopName: r.ShopName, branches: [] }
        byId.set(r.ShopID, s)
        out.push(s)
      }
      s.branches.push({ BaseID: r.BaseID, BaseName: r.BaseName })
    }
    return out
  }

  async load(goodsId: string): Promise<void> {
    if (!goodsId) {
      this.state = 'missing'
      return
    }
    const key = `${goodsId}|${this.locale()}`
    const seq = ++this.seq
    if (key !== this.key) {
      this.key = key
      this.goodsId = goodsId
      this.rows = []
    }
    if (this.rows.length === 0) this.state = 'loading'
    try {
      const res = await this.gateway.request('GroundingShopList', [{ GoodsID: goodsId }], { silent: true })
      runInAction(() => {
        if (seq !== this.seq) return
        this.rows = res.table1 ?? []
        this.state = 'ready'
      })
    } catch (e) {
      runInAction(() => {
        if (seq !== this.seq || this.rows.length > 0) return
        this.state = e instanceof GatewayError && e.resultcode === RESULTCODES.GOODS_NOT_FOUND ? 'missing' : 'failed'
      })
    }
  }
}
