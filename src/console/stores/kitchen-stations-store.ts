/**
 * A branch's kitchen stations (issue 24 item 2), managed from the kitchen board by people with
 * 'shops.manage': list (KitchenStationList), add and edit (KitchenStationSave: name, the classes
 * it cooks, dishes it cooks whatever their class, alert minutes, printer host and port, place),
 * remove after a confirmation (KitchenStationRemove: its classes go back to the branch's first
 * station). The classes and dishes to choose from are the shop's menu as StaffMenuGet lists it
 * (every role in the shop may read it; MenuOutlineGet would refuse a manager of only some
 * branches, who may still run their branch's stations).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { LocalizedText } from '../../gateway/contract'
import type { KitchenStationRow } from '../../gateway/kitchen-contract'
import { pickText } from '../../i18n/text'
import type { KitchenStore } from './kitchen-store'
import type { ServiceRoot } from './service-root'

export interface StationFormErrors {
  name?: string
  alertMinutes?: string
  printerPort?: string
  sort?: string
}

export class StationForm {
  name: string
  classIds: string[]
  goodsIds: string[]
  alertMinutes: string
  printerHost: string
  printerPort: string
  sort: string
  errors: StationFormErrors = {}

  constructor(readonly from: KitchenStationRow | null, nextSort: number) {
    this.name = from?.Name ?? ''
    this.classIds = [...(from?.ClassIDs ?? [])]
    this.goodsIds = [...(from?.GoodsIDs ?? [])]
    this.alertMinutes = String(from?.AlertMinutes ?? 10)
    this.printerHost = from?.PrinterHost ?? ''
    this.printerPort = String(from?.PrinterPort || 9100)
    this.sort = String(from?.Sort ?? nextSort)
    makeAutoObservable(this, { from: false })
  }

  set(field: 'name' | 'alertMinutes' | 'printerHost' | 'printerPort' | 'sort', value: string): void {
    this[field] = value
    if (field !== 'printerHost') this.errors = { ...this.errors, [field]: undefined }
  }

  toggle(list: 'classIds' | 'goodsIds', id: string, on: boolean): void {
    const without = this[list].filter((x) => x !== id)
    this[list] = on ? [...without, id] : without
  }
}

const whole = (text: string): number | null => {
  const t = text.normalize('NFKC').trim()
  return /^\d{1,6}$/.test(t) ? Number(t) : null
}

export class KitchenStationsStore {
  /** The panel is showing (instead of the board). */
  open = false
  classes: { ClassID: string; Names: LocalizedText }[] = []
  goods: { GoodsID: string; ClassID: string; Code: string; Names: LocalizedText }[] = []
  menuShopId = ''
  loading = false
  error = ''
  notice = ''
  form: StationForm | null = null
  /** The station a removal waits to be confirmed for. */
  removing: KitchenStationRow | null = null
  busy = false

  constructor(
    private readonly root: ServiceRoot,
    private readonly kitchen: KitchenStore
  ) {
    makeAutoObservable<KitchenStationsStore, 'root' | 'kitchen'>(this, { root: false, kitchen: false })
  }

  get stations(): KitchenStationRow[] {
    return [...this.kitchen.stations].sort((a, b) => a.Sort - b.Sort || a.Name.localeCompare(b.Name))
  }

  nameOf(names: Partial<LocalizedText> | undefined, fallback = ''): string {
    return pickText(names, this.root.locale, fallback)
  }

  className(classId: string): string {
    return this.nameOf(this.classes.find((c) => c.ClassID === classId)?.Names, classId)
  }

  goodsName(goodsId: string): string {
    const g = this.goods.find((x) => x.GoodsID === goodsId)
    return g ? this.nameOf(g.Names, g.Code) : goodsId
  }

  /** The station that cooks a class now (another than the one being edited), for the form's hint. */
  stationOfClass(classId: string): KitchenStationRow | null {
    return this.stations.find((s) => s.ClassIDs.includes(classId) && s.StationID !== this.form?.from?.StationID) ?? null
  }

  async show(): Promise<void> {
    this.open = true
    this.notice = ''
    this.error = ''
    await Promise.all([this.loadStations(), this.loadMenu()])
  }

  hide(): void {
    this.open = false
    this.form = null
    this.removing = null
    this.error = ''
  }

  private async loadStations(): Promise<void> {
    if (!this.kitchen.baseId) return
    try {
      const res = await this.root.call('KitchenStationList', { BaseID: this.kitchen.baseId })
      runInAction(() => (this.kitchen.stations = res.table1 ?? []))
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    }
  }

  private async loadMenu(): Promise<void> {
    const shopId = this.kitchen.shopId
    if (!shopId || shopId === this.menuShopId) return
    this.loading = true
    try {
      const res = await this.root.call('StaffMenuGet', { ShopID: shopId })
      runInAction(() => {
        this.classes = res.table3 ?? []
        this.goods = (res.table1 ?? []).map((g) => ({ GoodsID: g.GoodsID, ClassID: g.ClassID, Code: g.Code, Names: g.Names }))
        this.menuShopId = shopId
      })
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  add(): void {
    this.removing = null
    this.notice = ''
    this.error = ''
    this.form = new StationForm(null, this.stations.reduce((m, s) => Math.max(m, s.Sort + 1), 1))
  }

  edit(station: KitchenStationRow): void {
    this.removing = null
    this.notice = ''
    this.error = ''
    this.form = new StationForm(station, station.Sort)
  }

  cancelForm(): void {
    this.form = null
    this.error = ''
  }

  validate(form: StationForm): boolean {
    const t = this.root.t
    const errors: StationFormErrors = {}
    const name = form.name.trim()
    if (name === '' || name.length > 32) errors.name = t('kitchen.error.name')
    const alert = whole(form.alertMinutes)
    if (alert === null || alert < 1 || alert > 240) errors.alertMinutes = t('kitchen.error.alert')
    const port = whole(form.printerPort)
    if (port === null || port < 1 || port > 65535) errors.printerPort = t('kitchen.error.port')
    const sort = whole(form.sort)
    if (sort === null || sort > 999) errors.sort = t('kitchen.error.sort')
    form.errors = errors
    return Object.keys(errors).length === 0
  }

  async save(): Promise<boolean> {
    const form = this.form
    if (!form || this.busy) return false
    this.error = ''
    this.notice = ''
    if (!this.validate(form)) return false
    this.busy = true
    try {
      const res = await this.root.call('KitchenStationSave', {
        BaseID: this.kitchen.baseId,
        StationID: form.from?.StationID ?? '',
        Name: form.name.trim(),
        ClassIDs: form.classIds.join(','),
        GoodsIDs: form.goodsIds.join(','),
        AlertMinutes: whole(form.alertMinutes)!,
        PrinterHost: form.printerHost.trim(),
        PrinterPort: whole(form.printerPort)!,
        Sort: whole(form.sort)!
      })
      const saved = res.table1?.[0]
      runInAction(() => {
        this.form = null
        this.notice = this.root.t('kitchen.stations.saved', { name: saved?.Name ?? form.name.trim() })
      })
      await this.afterChange()
      return true
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
      return false
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  askRemove(station: KitchenStationRow): void {
    this.form = null
    this.notice = ''
    this.error = ''
    this.removing = station
  }

  cancelRemove(): void {
    this.removing = null
  }

  async confirmRemove(): Promise<boolean> {
    const station = this.removing
    if (!station || this.busy) return false
    this.busy = true
    this.error = ''
    try {
      await this.root.call('KitchenStationRemove', { StationID: station.StationID })
      runInAction(() => {
        this.removing = null
        this.notice = this.root.t('kitchen.stations.removed', { name: station.Name })
      })
      await this.afterChange()
      return true
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
      return false
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  /** Stations changed: their list, and the board (tickets are split by station when they are sent). */
  private async afterChange(): Promise<void> {
    await this.loadStations()
    await this.kitchen.load()
  }
}
