/**
 * Choosing a restaurant and a branch (spec §2 shopSelect, baseSelect): the enterprise's shops
 * (ShopListByPage, with IsEnable and branches from ExternalShopList) and a shop's branches
 * (BaseListByLocation, page 1 size 1000, BaseClass 0), nearest first when the host gives a
 * location. The page then switches the session to the chosen branch.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Gateway } from '../../gateway/gateway-client'
import type { BaseWithDistanceRow, ExternalShopRow, ShopRow } from '../../gateway/operations'
import { callGateway } from './gateway-call'
import type { LoadState } from './checkout.store'
import { isBusinessDistrictShop } from '../../core/shop-type'

export const PLACE_PAGE_SIZE = 1000

export interface PlaceDeps {
  entId: () => string
  locate?: () => Promise<{ Lng: number; Lat: number } | null>
}

export interface ShopChoice {
  shop: ShopRow
  enabled: boolean
  /** Branch ids of the shop ('' entries dropped). */
  baseIds: string[]
  /** A business-district shop (PosType 5, the external list's ShopType '2'; spec §4). */
  businessDistrict: boolean
}

export class PlaceStore {
  shops: ShopRow[] = []
  external: ExternalShopRow[] = []
  shopsState: LoadState = 'idle'
  bases: BaseWithDistanceRow[] = []
  basesState: LoadState = 'idle'
  basesShopId = ''
  /** Whether the branches came sorted by distance from the diner. */
  located = false
  private baseSeq = 0

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: PlaceDeps
  ) {
    makeAutoObservable<PlaceStore, 'gateway' | 'deps' | 'baseSeq'>(this, { gateway: false, deps: false, baseSeq: false })
  }

  get shopChoices(): ShopChoice[] {
    const byId = new Map(this.external.map((e) => [e.ShopID, e]))
    return this.shops.map((shop) => {
      const ext = byId.get(shop.ShopID)
      return {
        shop,
        enabled: ext ? ext.IsEnable !== '0' : true,
        baseIds: ext ? ext.BaseID.split(',').map((s) => s.trim()).filter(Boolean) : [],
        businessDistrict: isBusinessDistrictShop(shop, ext)
      }
    })
  }

  async loadShops(): Promise<void> {
    const entId = this.deps.entId()
    if (!entId) return
    this.shopsState = 'loading'
    try {
      const [list, external] = await Promise.all([
        callGateway(this.gateway, 'ShopListByPage', { PageIndex: 1, PageSize: PLACE_PAGE_SIZE }, {}),
        callGateway(this.gateway, 'ExternalShopList', { Other_EntID: entId, PageIndex: 1, PageSize: PLACE_PAGE_SIZE }, { silent: true }).catch(() => ({
          table1: [] as ExternalShopRow[]
        }))
      ])
      runInAction(() => {
        this.shops = list.table1 ?? []
        this.external = external.table1 ?? []
        this.shopsState = 'ready'
      })
    } catch {
      runInAction(() => (this.shopsState = 'failed'))
    }
  }

  /** Branches of one shop, nearest first when a location is known. */
  async loadBases(shopId: string): Promise<void> {
    const seq = ++this.baseSeq
    this.basesShopId = shopId
    this.basesState = 'loading'
    let at: { Lng: number; Lat: number } | null = null
    try {
      at = (await this.deps.locate?.()) ?? null
    } catch {
      at = null
    }
    try {
      const out = await callGateway(
        this.gateway,
        'BaseListByLocation',
        { ShopID: shopId || undefined, Lng: at?.Lng ?? 0, Lat: at?.Lat ?? 0, PageIndex: 1, PageSize: PLACE_PAGE_SIZE, BaseClass: 0 },
        {}
      )
      runInAction(() => {
        if (seq !== this.baseSeq) return
        this.bases = out.table1 ?? []
        this.located = at !== null && this.bases.some((b) => b.Distance !== null)
        this.basesState = 'ready'
      })
    } catch {
      runInAction(() => {
        if (seq === this.baseSeq) this.basesState = 'failed'
      })
    }
  }
}
