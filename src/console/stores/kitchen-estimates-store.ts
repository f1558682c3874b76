/**
 * A branch's ready-time estimates (issue 26 item 3; docs/estimates.md), on the kitchen's stations
 * panel for people with 'shops.manage' (managers and owners): the default preparation time of a
 * goods the kitchen has not bumped yet and the orders one 15-minute pickup slot takes (0 no limit),
 * saved with KitchenEstimateSettingsSave; the preparation times the branch has learned from bumps,
 * goods by goods (KitchenEstimateSettingsGet).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { KitchenPrepTimeRow } from '../../gateway/kitchen-contract'
import type { KitchenStore } from './kitchen-store'
import { wholeOf, type ServiceRoot } from './service-root'

export interface EstimateFormErrors {
  defaultPrep?: string
  capacity?: string
}

export class KitchenEstimatesStore {
  defaultPrep = ''
  capacity = ''
  learned: KitchenPrepTimeRow[] = []
  errors: EstimateFormErrors = {}
  error = ''
  notice = ''
  busy = false

  constructor(
    private readonly root: ServiceRoot,
    private readonly kitchen: KitchenStore
  ) {
    makeAutoObservable<KitchenEstimatesStore, 'root' | 'kitchen'>(this, { root: false, kitchen: false })
  }

  async load(): Promise<void> {
    const baseId = this.kitchen.baseId
    if (!baseId) return
    this.error = ''
    try {
      const res = await this.root.call('KitchenEstimateSettingsGet', { BaseID: baseId })
      runInAction(() => {
        const s = res.table1?.[0]
        this.defaultPrep = String(s?.DefaultPrepMinutes ?? 8)
        this.capacity = String(s?.SlotCapacity ?? 0)
        this.learned = res.table2 ?? []
        this.errors = {}
      })
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    }
  }

  set(field: 'defaultPrep' | 'capacity', value: string): void {
    this[field] = value
    this.errors = { ...this.errors, [field]: undefined }
    this.notice = ''
  }

  async save(): Promise<boolean> {
    const { t } = this.root
    const prep = wholeOf(this.defaultPrep)
    const capacity = wholeOf(this.capacity)
    const errors: EstimateFormErrors = {}
    if (prep === null || prep < 1 || prep > 120) errors.defaultPrep = t('estimates.error.prep')
    if (capacity === null || capacity > 999) errors.capacity = t('estimates.error.capacity')
    this.errors = errors
    if (Object.keys(errors).length) return false
    this.busy = true
    this.notice = ''
    this.error = ''
    try {
      const res = await this.root.call('KitchenEstimateSettingsSave', { BaseID: this.kitchen.baseId, DefaultPrepMinutes: prep!, SlotCapacity: capacity! })
      runInAction(() => {
        const s = res.table1?.[0]
        this.defaultPrep = String(s?.DefaultPrepMinutes ?? prep)
        this.capacity = String(s?.SlotCapacity ?? capacity)
        this.notice = t('estimates.saved')
      })
      return true
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
      return false
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
