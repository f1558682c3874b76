/**
 * Sold out (issue 23): every goods and add-on of a shop with a big switch each, for anyone with
 * 'menu.soldOut' (kitchen and cashier too, on a paired tablet). StaffMenuGet lists them with
 * their state; GoodsSoldOutSet / AddOnSoldOutSet flip one (audited, with the optional reason) and
 * every diner's open menu hears of it at once (docs/live-events.md).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { LocalizedText } from '../../gateway/contract'
import type { StaffAddOnRow, StaffGoodsRow } from '../../gateway/staff-contract'
import { pickText } from '../../i18n/text'
import type { ConsoleStore } from './console-store'

export class SoldOutStore {
  shopId = ''
  classes: { ClassID: string; Names: LocalizedText }[] = []
  goods: StaffGoodsRow[] = []
  addOns: StaffAddOnRow[] = []
  /** Narrows the list by name or code. */
  filter = ''
  /** Only what is sold out now. */
  onlySoldOut = false
  reason = ''
  loading = false
  loaded = false
  error = ''
  notice = ''
  /** Switches on their way to the server (GoodsID or OptionID). */
  pending: string[] = []

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<SoldOutStore, 'root'>(this, { root: false })
  }

  /** The shops of the person's scope (a tablet's session: its own shop). */
  get shops(): { ShopID: string; name: string }[] {
    const ids = [...new Set(this.root.scope.map((r) => r.ShopID))]
    return ids.map((id) => ({ ShopID: id, name: pickText(this.root.scope.find((r) => r.ShopID === id && !r.BaseID)?.Names ?? this.root.scope.find((r) => r.ShopID === id)?.Names, this.root.locale, id) }))
  }

  name(names: Partial<LocalizedText> | undefined, fallback = ''): string {
    return pickText(names, this.root.locale, fallback)
  }

  /** Goods by class, in menu order, as the filter leaves them; each with its add-ons. */
  get sections(): { classId: string; name: string; goods: { row: StaffGoodsRow; addOns: StaffAddOnRow[] }[] }[] {
    const q = this.filter.trim().toLowerCase()
    const matches = (row: StaffGoodsRow, addOns: StaffAddOnRow[]) => {
      if (this.onlySoldOut && row.SoldOut !== 1 && !addOns.some((a) => a.SoldOut === 1)) return false
      if (!q) return true
      return row.Code.toLowerCase().includes(q) || Object.values(row.Names).some((n) => n.toLowerCase().includes(q)) || addOns.some((a) => Object.values(a.Names).some((n) => n.toLowerCase().includes(q)))
    }
    return this.classes
      .map((c) => ({
        classId: c.ClassID,
        name: this.name(c.Names, c.ClassID),
        goods: this.goods
          .filter((g) => g.ClassID === c.ClassID)
          .map((row) => ({ row, addOns: this.addOns.filter((a) => a.GoodsID === row.GoodsID) }))
          .filter((g) => matches(g.row, g.addOns))
      }))
      .filter((s) => s.goods.length > 0)
  }

  get soldOutCount(): number {
    return this.goods.filter((g) => g.SoldOut === 1).length + this.addOns.filter((a) => a.SoldOut === 1).length
  }

  setFilter(value: string): void {
    this.filter = value
  }

  setOnlySoldOut(on: boolean): void {
    this.onlySoldOut = on
  }

  setReason(value: string): void {
    this.reason = value
  }

  async load(shopId = this.shopId || this.shops[0]?.ShopID || ''): Promise<void> {
    if (!shopId) return
    this.shopId = shopId
    this.loading = true
    this.error = ''
    try {
      const res = await this.root.call('StaffMenuGet', { ShopID: shopId })
      runInAction(() => {
        this.goods = res.table1 ?? []
        this.addOns = res.table2 ?? []
        this.classes = res.table3 ?? []
        this.loaded = true
      })
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  chooseShop(shopId: string): void {
    this.notice = ''
    void this.load(shopId)
  }

  isPending(id: string): boolean {
    return this.pending.includes(id)
  }

  /** Flips a goods: sold out ⇄ on sale. */
  async toggleGoods(row: StaffGoodsRow): Promise<void> {
    if (this.isPending(row.GoodsID)) return
    const soldOut = row.SoldOut === 1 ? 0 : 1
    await this.flip(row.GoodsID, this.name(row.Names, row.Code), soldOut, () => this.root.call('GoodsSoldOutSet', { ShopID: this.shopId, GoodsID: row.GoodsID, SoldOut: soldOut, Reason: this.reason.trim() }), () => {
      this.goods = this.goods.map((g) => (g.GoodsID === row.GoodsID ? { ...g, SoldOut: soldOut } : g))
    })
  }

  /** Flips one add-on of a goods. */
  async toggleAddOn(row: StaffAddOnRow): Promise<void> {
    if (this.isPending(row.OptionID)) return
    const soldOut = row.SoldOut === 1 ? 0 : 1
    await this.flip(row.OptionID, this.name(row.Names, row.OptionID), soldOut, () => this.root.call('AddOnSoldOutSet', { ShopID: this.shopId, GoodsID: row.GoodsID, OptionID: row.OptionID, SoldOut: soldOut, Reason: this.reason.trim() }), () => {
      this.addOns = this.addOns.map((a) => (a.OptionID === row.OptionID ? { ...a, SoldOut: soldOut } : a))
    })
  }

  private async flip(id: string, name: string, soldOut: number, send: () => Promise<unknown>, apply: () => void): Promise<void> {
    this.pending = [...this.pending, id]
    this.error = ''
    this.notice = ''
    try {
      await send()
      runInAction(() => {
        apply()
        this.notice = this.root.t(soldOut ? 'soldOut.nowSoldOut' : 'soldOut.nowOnSale', { name })
      })
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        this.pending = this.pending.filter((p) => p !== id)
      })
    }
  }
}
