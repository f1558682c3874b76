/**
 * Staff: the people of the enterprise in the manager's scope (StaffList); adding and changing one
 * (StaffSave: role never above one's own, shops and branches within one's own, the PIN and password
 * set by the manager); removing one with a reason (StaffRemove ends their sessions at once).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { PASSWORD_MIN_LENGTH, STAFF_ROLES, mayManageRole, type StaffRole } from '../../core/staff-permissions'
import { LOCALES, type Locale } from '../../gateway/contract'
import type { StaffRow } from '../../gateway/staff-contract'
import { isLocale } from '../i18n'
import type { ConsoleStore } from './console-store'
import { digitsOf, passwordError, phoneError, pinError, type AreaCode, type FieldErrors } from './forms'

export type StaffField = 'name' | 'phone' | 'password' | 'pin' | 'reason'

const splitIds = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export class StaffForm {
  staffId = ''
  name = ''
  areaCode: AreaCode = '853'
  phone = ''
  role: StaffRole = 'cashier'
  shopIds: string[] = []
  baseIds: string[] = []
  locale: Locale
  password = ''
  pin = ''
  reason = ''
  /** The person already has them (editing): empty fields keep them. */
  hasPassword = false
  hasPin = false
  errors: FieldErrors<StaffField> = {}

  constructor(row: StaffRow | null, fallbackLocale: Locale) {
    this.locale = fallbackLocale
    if (row) {
      this.staffId = row.StaffID
      this.name = row.Name
      this.areaCode = (['853', '852', '86'].includes(row.AreaCode) ? row.AreaCode : '853') as AreaCode
      this.phone = row.Phone
      this.role = row.Role
      this.shopIds = splitIds(row.ShopIDs)
      this.baseIds = splitIds(row.BaseIDs)
      this.locale = isLocale(row.Locale) ? row.Locale : fallbackLocale
      this.hasPassword = Boolean(row.HasPassword) && String(row.HasPassword) !== 'false'
      this.hasPin = Boolean(row.HasPin) && String(row.HasPin) !== 'false'
    }
    makeAutoObservable(this)
  }

  get adding(): boolean {
    return this.staffId === ''
  }

  set<K extends 'name' | 'phone' | 'password' | 'reason'>(field: K, value: string): void {
    this[field] = value
    if (this.errors[field]) this.errors = { ...this.errors, [field]: undefined }
  }

  setPin(value: string): void {
    this.pin = value.replace(/\D/g, '').slice(0, 6)
    if (this.errors.pin) this.errors = { ...this.errors, pin: undefined }
  }

  setArea(code: AreaCode): void {
    this.areaCode = code
  }

  setRole(role: StaffRole): void {
    this.role = role
  }

  setLocale(locale: Locale): void {
    this.locale = locale
  }

  toggleShop(shopId: string, on: boolean): void {
    this.shopIds = on ? [...new Set([...this.shopIds, shopId])] : this.shopIds.filter((s) => s !== shopId)
  }

  toggleBase(baseId: string, on: boolean): void {
    this.baseIds = on ? [...new Set([...this.baseIds, baseId])] : this.baseIds.filter((b) => b !== baseId)
  }
}

export class StaffStore {
  rows: StaffRow[] = []
  loading = false
  loaded = false
  /** Loading or saving failed: the server's words. */
  error = ''
  /** What just happened ('Ana is saved.'), announced politely. */
  notice = ''
  form: StaffForm | null = null
  removing: StaffRow | null = null
  removeReason = ''
  removeError = ''
  busy = false

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<StaffStore, 'root'>(this, { root: false })
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = ''
    try {
      const res = await this.root.call('StaffList', {})
      runInAction(() => {
        this.rows = res.table1 ?? []
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

  /** Roles the signed-in person may give (never above their own). */
  get assignableRoles(): StaffRole[] {
    const mine = this.root.role
    return mine ? STAFF_ROLES.filter((r) => mayManageRole(mine, r)) : []
  }

  /** Whether the signed-in person may change or remove this row. */
  mayManage(row: StaffRow): boolean {
    const mine = this.root.role
    return Boolean(mine) && row.StaffID !== this.root.me?.StaffID && mayManageRole(mine!, row.Role)
  }

  startAdd(): void {
    this.notice = ''
    this.form = new StaffForm(null, this.root.locale)
    if (!this.assignableRoles.includes(this.form.role)) this.form.setRole(this.assignableRoles[this.assignableRoles.length - 1] ?? 'cashier')
  }

  startEdit(row: StaffRow): void {
    this.notice = ''
    this.form = new StaffForm(row, this.root.locale)
  }

  cancel(): void {
    this.form = null
    this.error = ''
  }

  validate(form: StaffForm): boolean {
    const t = this.root.t
    const errors: FieldErrors<StaffField> = {}
    if (!form.name.trim()) errors.name = t('error.nameRequired')
    const phone = phoneError(form.areaCode, form.phone)
    if (phone) errors.phone = t(phone)
    if (form.password) {
      const bad = passwordError(form.password)
      if (bad) errors.password = t(bad, { min: PASSWORD_MIN_LENGTH })
    }
    if (form.pin) {
      const bad = pinError(form.pin)
      if (bad) errors.pin = t(bad)
    }
    form.errors = errors
    return Object.keys(errors).length === 0
  }

  async save(): Promise<boolean> {
    const form = this.form
    if (!form || this.busy) return false
    this.error = ''
    if (!this.validate(form)) return false
    this.busy = true
    try {
      const res = await this.root.call('StaffSave', {
        StaffID: form.staffId,
        Name: form.name.trim(),
        AreaCode: form.areaCode,
        Phone: digitsOf(form.phone),
        Role: form.role,
        ShopIDs: form.shopIds.join(','),
        // A branch of a shop no longer ticked is no part of the scope.
        BaseIDs: form.baseIds.filter((b) => this.root.scope.some((r) => r.BaseID === b && (form.shopIds.length === 0 || form.shopIds.includes(r.ShopID)))).join(','),
        Locale: LOCALES.includes(form.locale) ? form.locale : this.root.locale,
        Password: form.password,
        Pin: form.pin,
        Reason: form.reason.trim()
      })
      const saved = res.table1?.[0]
      runInAction(() => {
        this.notice = this.root.t('staff.saved', { name: saved?.Name ?? form.name.trim() })
        this.form = null
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  startRemove(row: StaffRow): void {
    this.notice = ''
    this.removing = row
    this.removeReason = ''
    this.removeError = ''
  }

  setRemoveReason(value: string): void {
    this.removeReason = value
    this.removeError = ''
  }

  cancelRemove(): void {
    this.removing = null
  }

  async confirmRemove(): Promise<boolean> {
    const row = this.removing
    if (!row || this.busy) return false
    const reason = this.removeReason.trim()
    if (!reason) {
      this.removeError = this.root.t('error.reasonRequired')
      return false
    }
    this.busy = true
    try {
      await this.root.call('StaffRemove', { StaffID: row.StaffID, Reason: reason })
      runInAction(() => {
        this.removing = null
        this.notice = this.root.t('staff.removed', { name: row.Name })
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.removeError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }
}
