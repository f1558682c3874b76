/**
 * The one-time setup link (/console/#/setup?token=…): the owner's account and the enterprise.
 * StaffSetupCheck says whether the link still works; StaffSetupComplete uses it up and signs the
 * owner in.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { LOCALES, type Locale, type LocalizedText } from '../../gateway/contract'
import { PASSWORD_MIN_LENGTH } from '../../core/staff-permissions'
import type { ConsoleKey } from '../i18n'
import type { ConsoleStore } from './console-store'
import { digitsOf, passwordError, phoneError, type AreaCode, type FieldErrors } from './forms'

export const CURRENCIES = [
  { value: 'MOP$', label: 'currency.MOP' },
  { value: 'HK$', label: 'currency.HKD' },
  { value: '¥', label: 'currency.CNY' }
] as const satisfies readonly { value: string; label: ConsoleKey }[]

export const TIME_ZONES = [
  { value: 'Asia/Macau', label: 'timeZone.macau' },
  { value: 'Asia/Hong_Kong', label: 'timeZone.hongKong' },
  { value: 'Asia/Shanghai', label: 'timeZone.shanghai' }
] as const satisfies readonly { value: string; label: ConsoleKey }[]

/** What a restaurant in each area most likely uses (until the owner chooses otherwise). */
const AREA_DEFAULTS: Record<AreaCode, { currency: string; timeZone: string; defaultLanguage: Locale }> = {
  '853': { currency: 'MOP$', timeZone: 'Asia/Macau', defaultLanguage: 'zh-TW' },
  '852': { currency: 'HK$', timeZone: 'Asia/Hong_Kong', defaultLanguage: 'zh-TW' },
  '86': { currency: '¥', timeZone: 'Asia/Shanghai', defaultLanguage: 'zh-CN' }
}

export type SetupField = 'ownerName' | 'phone' | 'password' | 'password2' | 'entNames' | 'languages'

export class SetupStore {
  token = ''
  /** A link for an enterprise that exists already (the demo's, one without an owner): only the owner is made. */
  existingEntId = ''
  existingNames: LocalizedText | null = null
  status: 'idle' | 'checking' | 'valid' | 'invalid' | 'missing' | 'failed' = 'idle'
  ownerName = ''
  areaCode: AreaCode = '853'
  phone = ''
  password = ''
  password2 = ''
  entNames: LocalizedText = { 'zh-CN': '', 'zh-TW': '', en: '' }
  currency = 'MOP$'
  timeZone = 'Asia/Macau'
  /** Languages diners may use. */
  languages: Locale[] = ['zh-TW', 'zh-CN', 'en']
  defaultLanguage: Locale = 'zh-TW'
  /** The owner chose the currency or time zone themselves (the area no longer changes them). */
  private chosen = { currency: false, timeZone: false, defaultLanguage: false }
  errors: FieldErrors<SetupField> = {}
  /** The server's or the network's words ('' none). */
  error = ''
  submitting = false

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<SetupStore, 'root'>(this, { root: false })
  }

  /** Checks the link of the current route. */
  async check(token: string): Promise<void> {
    if (token === this.token && this.status !== 'idle' && this.status !== 'failed') return
    this.token = token
    this.error = ''
    if (!token) {
      this.status = 'missing'
      return
    }
    this.status = 'checking'
    try {
      const res = await this.root.call('StaffSetupCheck', { SetupToken: token })
      const row = res.table1?.[0]
      runInAction(() => {
        this.status = row?.Valid === true || String(row?.Valid) === 'true' ? 'valid' : 'invalid'
        this.existingEntId = row?.EntID ?? ''
        this.existingNames = row?.EntNames ?? null
      })
    } catch (e) {
      runInAction(() => {
        this.status = 'failed'
        this.error = this.root.messageOf(e)
      })
    }
  }

  set<K extends 'ownerName' | 'phone' | 'password' | 'password2'>(field: K, value: string): void {
    this[field] = value
    if (this.errors[field]) this.errors = { ...this.errors, [field]: undefined }
  }

  setArea(code: AreaCode): void {
    this.areaCode = code
    const d = AREA_DEFAULTS[code]
    if (!this.chosen.currency) this.currency = d.currency
    if (!this.chosen.timeZone) this.timeZone = d.timeZone
    if (!this.chosen.defaultLanguage && this.languages.includes(d.defaultLanguage)) this.defaultLanguage = d.defaultLanguage
  }

  setEntName(locale: Locale, value: string): void {
    this.entNames = { ...this.entNames, [locale]: value }
    if (this.errors.entNames) this.errors = { ...this.errors, entNames: undefined }
  }

  setCurrency(value: string): void {
    this.currency = value
    this.chosen.currency = true
  }

  setTimeZone(value: string): void {
    this.timeZone = value
    this.chosen.timeZone = true
  }

  toggleLanguage(locale: Locale, on: boolean): void {
    this.languages = LOCALES.filter((l) => (l === locale ? on : this.languages.includes(l)))
    if (!this.languages.includes(this.defaultLanguage) && this.languages.length) this.defaultLanguage = this.languages[0]
    if (this.errors.languages) this.errors = { ...this.errors, languages: undefined }
  }

  setDefaultLanguage(locale: Locale): void {
    this.defaultLanguage = locale
    this.chosen.defaultLanguage = true
  }

  /** Languages as the server takes them: comma-separated, the default first. */
  get languagesValue(): string {
    return [this.defaultLanguage, ...this.languages.filter((l) => l !== this.defaultLanguage)].join(',')
  }

  validate(): boolean {
    const t = this.root.t
    const errors: FieldErrors<SetupField> = {}
    if (!this.ownerName.trim()) errors.ownerName = t('error.nameRequired')
    const phone = phoneError(this.areaCode, this.phone)
    if (phone) errors.phone = t(phone)
    const password = passwordError(this.password)
    if (password) errors.password = t(password, { min: PASSWORD_MIN_LENGTH })
    else if (this.password !== this.password2) errors.password2 = t('error.passwordsDiffer')
    if (!this.existingEntId) {
      if (!LOCALES.some((l) => this.entNames[l].trim())) errors.entNames = t('error.entNameRequired')
      if (this.languages.length === 0) errors.languages = t('error.languagesNone')
    }
    this.errors = errors
    return Object.keys(errors).length === 0
  }

  get errorList(): string[] {
    return Object.values(this.errors).filter((e): e is string => Boolean(e))
  }

  async submit(): Promise<boolean> {
    this.error = ''
    if (!this.validate() || this.submitting) return false
    this.submitting = true
    // A name left empty in one language is filled from another, so diners never see a blank.
    const anyName = LOCALES.map((l) => this.entNames[l].trim()).find(Boolean) ?? ''
    const names = Object.fromEntries(LOCALES.map((l) => [l, this.entNames[l].trim() || anyName])) as LocalizedText
    try {
      const res = await this.root.call('StaffSetupComplete', {
        SetupToken: this.token,
        OwnerName: this.ownerName.trim(),
        AreaCode: this.areaCode,
        Phone: digitsOf(this.phone),
        Password: this.password,
        ...(this.existingEntId ? {} : { EntNames: names, Currency: this.currency, TimeZone: this.timeZone, Languages: this.languagesValue }),
        Locale: this.root.locale
      })
      const row = res.table1?.[0]
      if (!row) throw new Error('no session')
      runInAction(() => {
        this.password = ''
        this.password2 = ''
        this.status = 'idle'
      })
      await this.root.startSession(row, this.root.t('setup.done', { name: row.Name }))
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
