/**
 * The day report (issue 24 item 6; docs/day-report.md): a branch, a shop's branches or every branch
 * of the person's scope, and a business day; the figures DayReportGet answers (sales, refunds,
 * payments by method, top goods, preparation time per station) and "Download CSV" (DayReportExport,
 * saved through the browser adapter). The report shown is always the one the place and day it names
 * were asked for: changing the form changes nothing until "Show" (or a day before / after).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { toDecimal } from '../../core/money'
import type { DayReportGoodsRow, DayReportInput, ReportOperationOutputs } from '../../gateway/report-contract'
import type { ServiceRoot } from './service-root'

export type DayReport = ReportOperationOutputs['DayReportGet']
export type GoodsOrder = 'qua' | 'amount'

/** How many goods the page lists before "Show all". */
export const TOP_GOODS = 10

/** A place the report covers: '' every branch of the scope, 'shop:<ShopID>' a shop's branches, else a BaseID. */
export type Place = string
const SHOP_PREFIX = 'shop:'

export function placeInput(place: Place): Pick<DayReportInput, 'BaseID' | 'ShopID'> {
  if (place.startsWith(SHOP_PREFIX)) return { BaseID: '', ShopID: place.slice(SHOP_PREFIX.length) }
  return { BaseID: place, ShopID: '' }
}

export const shopPlace = (shopId: string): Place => `${SHOP_PREFIX}${shopId}`

const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD' of a date on this device's clock. */
export const localDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** A day moved by `days` ('2026-03-01', -1 → '2026-02-28'); '' when the day is not one. */
export function shiftDay(day: string, days: number): string {
  if (!isDay(day)) return ''
  const [y, m, d] = day.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d + days))
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}

export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const t = new Date(`${text}T00:00:00.000Z`)
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === text
}

export class ReportStore {
  /** The form. */
  place: Place = ''
  day = ''
  dayError = ''
  /** The report shown, and the place and day it was asked for. */
  report: DayReport | null = null
  shownPlace: Place = ''
  shownDay = ''
  loading = false
  error = ''
  exporting = false
  exportError = ''
  /** 'Downloaded day-report-….csv.' */
  exported = ''
  goodsOrder: GoodsOrder = 'qua'
  allGoods = false
  private started = false

  constructor(private readonly root: ServiceRoot) {
    makeAutoObservable<ReportStore, 'root'>(this, { root: false })
  }

  /** Branches of the person's scope, by shop. */
  get shops(): { shopId: string; baseIds: string[] }[] {
    const shops: { shopId: string; baseIds: string[] }[] = []
    for (const r of this.root.scope) {
      if (!r.BaseID) continue
      let shop = shops.find((s) => s.shopId === r.ShopID)
      if (!shop) shops.push((shop = { shopId: r.ShopID, baseIds: [] }))
      shop.baseIds.push(r.BaseID)
    }
    return shops
  }

  /**
   * The first time: with a single branch in scope, that branch, and the business day running there
   * now, as the server tells it (Day ''): the branch's hours on the enterprise's clock, so in the
   * small hours of a branch open past midnight the day before, whatever this device's date or time
   * zone. Should that read fail, the form offers this device's date.
   */
  async open(): Promise<void> {
    this.exported = ''
    if (!this.started) {
      this.started = true
      const shops = this.shops
      if (shops.length === 1 && shops[0].baseIds.length === 1) this.place = shops[0].baseIds[0]
      this.day = ''
      if (!(await this.fetch(this.place, ''))) runInAction(() => (this.day ||= localDay(this.root.browser.now())))
      return
    }
    await this.show()
  }

  setPlace(place: Place): void {
    this.place = place
  }

  setDay(day: string): void {
    this.day = day
    this.dayError = ''
  }

  /** Asks for the report of the form's place and day. */
  async show(): Promise<boolean> {
    if (!isDay(this.day)) {
      this.dayError = this.root.t('report.dayInvalid')
      return false
    }
    return this.fetch(this.place, this.day)
  }

  /** DayReportGet of `place` and `day` ('' the day running now: the form takes the day the answer names). */
  private async fetch(place: Place, day: string): Promise<boolean> {
    this.loading = true
    this.error = ''
    this.exported = ''
    this.exportError = ''
    try {
      const res = await this.root.call('DayReportGet', { ...placeInput(place), Day: day })
      runInAction(() => {
        this.report = {
          table1: res.table1 ?? [],
          table2: res.table2 ?? [],
          table3: res.table3 ?? [],
          table4: res.table4 ?? [],
          table5: res.table5 ?? []
        }
        const named = res.table1?.[0]?.Day ?? ''
        this.shownPlace = place
        this.shownDay = isDay(named) ? named : day
        if (day === '' && this.day === '') this.day = this.shownDay
        this.allGoods = false
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  /** The day before or after the form's day, shown at once. */
  async step(days: number): Promise<boolean> {
    const next = shiftDay(this.day, days)
    if (!next) {
      this.dayError = this.root.t('report.dayInvalid')
      return false
    }
    this.setDay(next)
    return this.show()
  }

  setGoodsOrder(order: GoodsOrder): void {
    this.goodsOrder = order
  }

  toggleAllGoods(): void {
    this.allGoods = !this.allGoods
  }

  /** Goods of the report in the order chosen (most sold by quantity, or by amount), the first ten unless all are asked for. */
  get goods(): DayReportGoodsRow[] {
    const rows = [...(this.report?.table4 ?? [])]
    if (this.goodsOrder === 'amount') rows.sort((a, b) => compareDecimal(b.Amount, a.Amount) || compareDecimal(b.Qua, a.Qua) || a.GoodsID.localeCompare(b.GoodsID))
    return this.allGoods ? rows : rows.slice(0, TOP_GOODS)
  }

  get goodsCount(): number {
    return this.report?.table4.length ?? 0
  }

  /** Downloads the report shown as CSV. */
  async exportCsv(): Promise<boolean> {
    if (this.exporting || !this.report) return false
    this.exporting = true
    this.exportError = ''
    this.exported = ''
    try {
      const res = await this.root.call('DayReportExport', { ...placeInput(this.shownPlace), Day: this.shownDay })
      const file = res.table1?.[0]
      if (!file) throw new Error('no file')
      const name = file.FileName || `day-report-${this.shownDay}.csv`
      this.root.browser.download(name, file.Csv, 'text/csv;charset=utf-8')
      runInAction(() => {
        this.exported = this.root.t('report.exported', { file: name })
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.exportError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.exporting = false
      })
    }
  }
}

/** Compares two decimal texts the server wrote ('72.00', '6', '9.5') exactly. */
export const compareDecimal = (a: string, b: string): number => toDecimal(a).comparedTo(toDecimal(b))
