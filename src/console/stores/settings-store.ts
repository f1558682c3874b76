/**
 * Settings (issue 23): the enterprise's names, currency, time zone, the languages diners may use,
 * decimals, the quantity rule of table bills (EnterpriseGet / EnterpriseUpdate), any other
 * setting; and the setup file: export it as a download (SetupExport), import one over this
 * restaurant (SetupImport). Owners only ('enterprise.manage').
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { LOCALES, type Locale } from '../../gateway/contract'
import type { EnterpriseChanges, EnterpriseSetupView, SetupImportRow } from '../../gateway/setup-contract'
import { failureOf, hasName, namesOf, problemFor, trimNames, utf8, wholeOf, type Names, type SetupRoot } from './setup-forms'

/**
 * What diners at a table may do with what they ordered: nothing; add to it only (what went to
 * the kitchen is never lowered by a diner: the default); add and take off.
 */
export type QuantityRule = 'none' | 'raise' | 'any'

export const quantityRuleOf = (e: Pick<EnterpriseSetupView, 'quantityEditAllowed' | 'lowerSentAllowed'>): QuantityRule =>
  !e.quantityEditAllowed ? 'none' : e.lowerSentAllowed ? 'any' : 'raise'

/** The enterprise setting naming the kitchen's language (kitchen tickets, the kitchen board). */
export const KITCHEN_LOCALE_SETTING = 'KitchenLocale'

/** A setting row of the "other settings" list. */
export interface SettingRow {
  name: string
  value: string
}

export class SettingsForm {
  names: Names
  currency: string
  timeZone: string
  /** Languages diners may use, in order; the first is their default. */
  languages: Locale[]
  amoPoint: string
  pricePoint: string
  quantityRule: QuantityRule
  settings: SettingRow[]
  reason = ''
  /** Problems found here before sending, by field. */
  errors: Partial<Record<'names' | 'currency' | 'timeZone' | 'languages' | 'amoPoint' | 'pricePoint' | 'settings', string>> = {}

  constructor(readonly from: EnterpriseSetupView) {
    this.names = namesOf(from.names)
    this.currency = from.currency
    this.timeZone = from.timeZone
    this.languages = [...from.languages]
    this.amoPoint = String(from.amoPoint)
    this.pricePoint = String(from.pricePoint)
    this.quantityRule = quantityRuleOf(from)
    this.settings = Object.entries(from.settings).map(([name, value]) => ({ name, value }))
    makeAutoObservable(this, { from: false })
  }

  setName(locale: Locale, value: string): void {
    this.names[locale] = value
    this.errors.names = undefined
  }

  set(field: 'currency' | 'timeZone' | 'amoPoint' | 'pricePoint' | 'reason', value: string): void {
    this[field] = value
    if (field !== 'reason') this.errors[field] = undefined
  }

  setQuantityRule(rule: QuantityRule): void {
    this.quantityRule = rule
  }

  toggleLanguage(locale: Locale, on: boolean): void {
    this.languages = on ? [...this.languages.filter((l) => l !== locale), locale] : this.languages.filter((l) => l !== locale)
    this.errors.languages = undefined
  }

  /** The diners' first language moves to the front. */
  setFirstLanguage(locale: Locale): void {
    if (this.languages.includes(locale)) this.languages = [locale, ...this.languages.filter((l) => l !== locale)]
  }

  addSetting(): void {
    this.settings.push({ name: '', value: '' })
  }

  setSetting(index: number, field: keyof SettingRow, value: string): void {
    this.settings[index][field] = value
    this.errors.settings = undefined
  }

  removeSetting(index: number): void {
    this.settings.splice(index, 1)
  }

  /** The kitchen's language (the setting KitchenLocale; '' = the diners' first language). */
  get kitchenLocale(): string {
    return this.settings.find((s) => s.name.trim() === KITCHEN_LOCALE_SETTING)?.value.trim() ?? ''
  }

  setKitchenLocale(locale: string): void {
    const index = this.settings.findIndex((s) => s.name.trim() === KITCHEN_LOCALE_SETTING)
    if (locale === '') {
      if (index >= 0) this.settings.splice(index, 1)
    } else if (index >= 0) this.settings[index].value = locale
    else this.settings.push({ name: KITCHEN_LOCALE_SETTING, value: locale })
  }
}

export class SettingsStore {
  setup: (EnterpriseSetupView & { entId: string }) | null = null
  form: SettingsForm | null = null
  loading = false
  busy = false
  /** The server's words when loading or saving failed. */
  error = ''
  /** A refused save's problems, each naming its field. */
  problems: string[] = []
  notice = ''

  /** Export: also the tables' QR codes (a restore onto a new server). */
  exportCodes = false
  exporting = false
  /** Import: the chosen file (name, text, what it holds), the person's go-ahead and reason. */
  importName = ''
  importText = ''
  importShops = 0
  importCodes = false
  importReason = ''
  importAgreed = false
  importing = false
  importError = ''
  importProblems: string[] = []
  imported: SetupImportRow | null = null

  constructor(private readonly root: SetupRoot) {
    makeAutoObservable<SettingsStore, 'root'>(this, { root: false })
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = ''
    try {
      const res = await this.root.call('EnterpriseGet', {})
      runInAction(() => {
        this.setup = res.table1?.[0] ?? null
        this.form = this.setup ? new SettingsForm(this.setup) : null
      })
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  /** The problem the server named for a field, else the one found here. */
  errorOf(field: keyof SettingsForm['errors'] | 'serviceLinks'): string | undefined {
    return (field !== 'serviceLinks' ? this.form?.errors[field] : undefined) ?? problemFor(this.problems, field)
  }

  validate(form: SettingsForm): boolean {
    const t = this.root.t
    const errors: SettingsForm['errors'] = {}
    if (!hasName(form.names)) errors.names = t('error.entNameRequired')
    if (!form.currency.trim()) errors.currency = t('settings.error.currency')
    if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(form.timeZone.trim())) errors.timeZone = t('settings.error.timeZone')
    if (form.languages.length === 0) errors.languages = t('error.languagesNone')
    for (const field of ['amoPoint', 'pricePoint'] as const) {
      const n = wholeOf(form[field])
      if (n === null || n > 8) errors[field] = t('settings.error.decimals')
    }
    const names = form.settings.map((s) => s.name.trim()).filter(Boolean)
    if (form.settings.some((s) => s.name.trim() && !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(s.name.trim())) || new Set(names).size !== names.length) errors.settings = t('settings.error.settingName')
    form.errors = errors
    return Object.keys(errors).length === 0
  }

  /** Only what changed goes to the server (it keeps the rest); settings taken out are removed. */
  changesOf(form: SettingsForm): EnterpriseChanges {
    const from = form.from
    const changes: EnterpriseChanges = {}
    const names = trimNames(form.names)
    if (LOCALES.some((l) => names[l] !== (from.names[l] ?? ''))) changes.names = names
    if (form.currency.trim() !== from.currency) changes.currency = form.currency.trim()
    if (form.timeZone.trim() !== from.timeZone) changes.timeZone = form.timeZone.trim()
    if (form.languages.join(',') !== from.languages.join(',')) changes.languages = [...form.languages]
    if (Number(form.amoPoint) !== from.amoPoint) changes.amoPoint = Number(form.amoPoint)
    if (Number(form.pricePoint) !== from.pricePoint) changes.pricePoint = Number(form.pricePoint)
    const rule = form.quantityRule
    if (rule !== quantityRuleOf(from)) {
      changes.quantityEditAllowed = rule !== 'none'
      changes.lowerSentAllowed = rule === 'any'
    }
    const settings: Record<string, string | null> = {}
    const kept = new Map(form.settings.filter((s) => s.name.trim()).map((s) => [s.name.trim(), s.value.trim()]))
    for (const [name, value] of kept) if (from.settings[name] !== value) settings[name] = value
    for (const name of Object.keys(from.settings)) if (!kept.has(name)) settings[name] = null
    if (Object.keys(settings).length > 0) changes.settings = settings
    return changes
  }

  async save(): Promise<boolean> {
    const form = this.form
    if (!form || this.busy) return false
    this.error = ''
    this.problems = []
    this.notice = ''
    if (!this.validate(form)) return false
    const changes = this.changesOf(form)
    if (Object.keys(changes).length === 0) {
      this.notice = this.root.t('settings.unchanged')
      return true
    }
    this.busy = true
    try {
      const res = await this.root.call('EnterpriseUpdate', { Changes: changes, Reason: form.reason.trim() })
      runInAction(() => {
        this.setup = res.table1?.[0] ?? this.setup
        if (this.setup) this.form = new SettingsForm(this.setup)
        this.notice = this.root.t('settings.saved')
      })
      return true
    } catch (e) {
      const failure = failureOf(this.root, e)
      runInAction(() => {
        this.error = failure.message
        this.problems = failure.problems
      })
      return false
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  setExportCodes(on: boolean): void {
    this.exportCodes = on
  }

  /** Downloads the setup file (JSON, no byte order mark). */
  async exportFile(): Promise<boolean> {
    if (this.exporting) return false
    this.exporting = true
    this.error = ''
    this.notice = ''
    try {
      const res = await this.root.call('SetupExport', { KeepCodes: this.exportCodes ? 1 : 0, Menus: 1 })
      const file = res.table1?.[0]
      if (!file) throw new Error('no file')
      this.root.browser.download(file.FileName, utf8(file.Json), 'application/json')
      runInAction(() => (this.notice = this.root.t('settings.exported', { file: file.FileName })))
      return true
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
      return false
    } finally {
      runInAction(() => (this.exporting = false))
    }
  }

  /** A file chosen to import: read here first, so a file that is no setup file is said at once. */
  chooseImport(name: string, text: string): void {
    this.importName = name
    this.importText = ''
    this.importShops = 0
    this.importAgreed = false
    this.importError = ''
    this.importProblems = []
    this.imported = null
    try {
      const file = JSON.parse(text.replace(/^\ufeff/, '')) as { format?: unknown; shops?: unknown }
      if (!file || typeof file !== 'object' || file.format !== 'scanorder-setup/1' || !Array.isArray(file.shops)) throw new Error('not a setup file')
      this.importText = JSON.stringify(file)
      this.importShops = file.shops.length
    } catch {
      this.importError = this.root.t('settings.import.notSetupFile', { file: name })
    }
  }

  setImport(field: 'importCodes' | 'importAgreed', on: boolean): void {
    this[field] = on
  }

  setImportReason(value: string): void {
    this.importReason = value
  }

  cancelImport(): void {
    this.importName = ''
    this.importText = ''
    this.importShops = 0
    this.importAgreed = false
    this.importError = ''
    this.importProblems = []
  }

  /** Replaces this restaurant's setup with the file's (after the person agreed). */
  async confirmImport(): Promise<boolean> {
    if (!this.importText || this.importing) return false
    if (!this.importAgreed) {
      this.importError = this.root.t('settings.import.agreeFirst')
      return false
    }
    this.importing = true
    this.importError = ''
    this.importProblems = []
    try {
      const res = await this.root.call('SetupImport', { File: this.importText, KeepCodes: this.importCodes ? 1 : 0, Reason: this.importReason.trim() })
      runInAction(() => {
        this.imported = res.table1?.[0] ?? null
        this.importName = ''
        this.importText = ''
        this.importAgreed = false
      })
      // Shops and branches may have come or gone: the person's scope is read again (StaffMe).
      await Promise.all([this.load(), this.root.loadMe()])
      return true
    } catch (e) {
      const failure = failureOf(this.root, e)
      runInAction(() => {
        this.importError = failure.message
        this.importProblems = failure.problems
      })
      return false
    } finally {
      runInAction(() => (this.importing = false))
    }
  }
}
