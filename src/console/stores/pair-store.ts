/**
 * "Pair this device": a manager, signed in on the shared tablet, names it, says what it is for and
 * where it stands; StaffDevicePair answers the device's token once, which this browser keeps.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { DEVICE_KINDS, type DeviceKind } from '../../core/staff-permissions'
import type { StaffScopeRow } from '../../gateway/staff-contract'
import { pickText } from '../../i18n/text'
import type { ConsoleStore } from './console-store'

export interface PlaceOption {
  value: string
  shopId: string
  baseId: string
  label: string
}

export const placeValue = (shopId: string, baseId: string): string => `${shopId}|${baseId}`

/** A branch named with its shop, unless its own name already starts with the shop's ('Lotus Tea House (Taipa)'). */
export function branchLabel(shop: string, branch: string, root: Pick<ConsoleStore, 't'>): string {
  return branch.startsWith(shop) ? branch : root.t('place.branch', { shop, branch })
}

/** The places a device may stand, from the person's scope: each shop as a whole, and each branch. */
export function placeOptions(scope: readonly StaffScopeRow[], root: Pick<ConsoleStore, 't' | 'locale'>): PlaceOption[] {
  const shops = scope.filter((r) => !r.BaseID)
  const shopName = (shopId: string) => pickText(shops.find((s) => s.ShopID === shopId)?.Names, root.locale, shopId)
  const options: PlaceOption[] = []
  for (const row of scope) {
    const label = row.BaseID ? branchLabel(shopName(row.ShopID), pickText(row.Names, root.locale, row.BaseID), root) : root.t('place.shop', { shop: pickText(row.Names, root.locale, row.ShopID) })
    options.push({ value: placeValue(row.ShopID, row.BaseID), shopId: row.ShopID, baseId: row.BaseID, label })
  }
  return options
}

export class PairStore {
  name = ''
  kind: DeviceKind = 'counter'
  place = ''
  nameError = ''
  placeError = ''
  error = ''
  submitting = false

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<PairStore, 'root'>(this, { root: false })
  }

  get options(): PlaceOption[] {
    return placeOptions(this.root.scope, this.root)
  }

  get kinds(): readonly DeviceKind[] {
    return DEVICE_KINDS
  }

  /** The chosen place, or the first branch (a device stands in a branch more often than not). */
  get selected(): PlaceOption | null {
    const options = this.options
    return options.find((o) => o.value === this.place) ?? options.find((o) => o.baseId) ?? options[0] ?? null
  }

  setName(value: string): void {
    this.name = value
    this.nameError = ''
  }

  setKind(kind: DeviceKind): void {
    this.kind = kind
  }

  setPlace(value: string): void {
    this.place = value
    this.placeError = ''
  }

  async submit(): Promise<boolean> {
    this.error = ''
    const name = this.name.trim()
    this.nameError = name ? '' : this.root.t('error.deviceNameRequired')
    const place = this.selected
    this.placeError = place ? '' : this.root.t('error.placeRequired')
    if (!name || !place || this.submitting) return false
    this.submitting = true
    try {
      const res = await this.root.call('StaffDevicePair', { Name: name, Kind: this.kind, ShopID: place.shopId, BaseID: place.baseId })
      const row = res.table1?.[0]
      if (!row?.DeviceToken) throw new Error('no device token')
      const entId = this.root.credentials.entId
      runInAction(() => {
        this.name = ''
      })
      await this.root.devicePaired({ token: row.DeviceToken, entId, deviceId: row.DeviceID, name: row.Name, kind: row.Kind })
      return true
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.submitting = false
      })
    }
  }
}
