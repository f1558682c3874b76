/** Owners' and managers' own sign-in: phone and password, or phone and an SMS code. */
import { makeAutoObservable, runInAction } from 'mobx'
import type { StaffSessionRow } from '../../gateway/staff-contract'
import type { ConsoleStore } from './console-store'
import { digitsOf, phoneError, type AreaCode, type FieldErrors } from './forms'

export type SignInMethod = 'password' | 'sms'
type Field = 'phone' | 'password' | 'code'

export class SignInStore {
  method: SignInMethod = 'password'
  areaCode: AreaCode = '853'
  phone = ''
  password = ''
  code = ''
  /** The masked phone a code went to ('' none yet). */
  sentTo = ''
  /** Seconds before another code may be asked for. */
  countdown = 0
  sending = false
  submitting = false
  errors: FieldErrors<Field> = {}
  error = ''
  private stopTicking: (() => void) | null = null

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<SignInStore, 'root' | 'stopTicking'>(this, { root: false, stopTicking: false })
  }

  setMethod(method: SignInMethod): void {
    this.method = method
    this.error = ''
    this.errors = {}
  }

  setArea(code: AreaCode): void {
    this.areaCode = code
  }

  set(field: Field, value: string): void {
    this[field] = value
    if (this.errors[field]) this.errors = { ...this.errors, [field]: undefined }
  }

  private checkPhone(): boolean {
    const e = phoneError(this.areaCode, this.phone)
    this.errors = e ? { ...this.errors, phone: this.root.t(e) } : { ...this.errors, phone: undefined }
    return !e
  }

  async passwordLogin(): Promise<boolean> {
    this.error = ''
    const phoneOk = this.checkPhone()
    if (!this.password) this.errors = { ...this.errors, password: this.root.t('error.passwordRequired') }
    if (!phoneOk || !this.password || this.submitting) return false
    return this.finish(() => this.root.call('StaffPasswordLogin', { AreaCode: this.areaCode, Phone: digitsOf(this.phone), Password: this.password }))
  }

  async sendCode(): Promise<boolean> {
    this.error = ''
    if (!this.checkPhone() || this.sending || this.countdown > 0) return false
    this.sending = true
    try {
      const res = await this.root.call('StaffSmsSend', { AreaCode: this.areaCode, Phone: digitsOf(this.phone) })
      const row = res.table1?.[0]
      runInAction(() => {
        this.sentTo = row?.MaskedPhone || `+${this.areaCode} ${digitsOf(this.phone)}`
        this.startCountdown(Number(row?.ResendIn) || 60)
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.sending = false
      })
    }
  }

  async smsLogin(): Promise<boolean> {
    this.error = ''
    const phoneOk = this.checkPhone()
    const code = digitsOf(this.code)
    if (!/^\d{4,8}$/.test(code)) this.errors = { ...this.errors, code: this.root.t('error.codeRequired') }
    if (!phoneOk || !/^\d{4,8}$/.test(code) || this.submitting) return false
    return this.finish(() => this.root.call('StaffSmsLogin', { AreaCode: this.areaCode, Phone: digitsOf(this.phone), Code: code }))
  }

  private async finish(signIn: () => Promise<{ table1?: StaffSessionRow[] }>): Promise<boolean> {
    this.submitting = true
    try {
      const res = await signIn()
      const row = res.table1?.[0]
      if (!row) throw new Error('no session')
      runInAction(() => {
        this.password = ''
        this.code = ''
        this.sentTo = ''
        this.stopCountdown()
      })
      await this.root.startSession(row)
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

  private startCountdown(seconds: number): void {
    this.stopCountdown()
    this.countdown = seconds
    this.stopTicking = this.root.browser.every(1000, () => this.tick())
  }

  private tick(): void {
    this.countdown = Math.max(0, this.countdown - 1)
    if (this.countdown === 0) this.stopCountdown()
  }

  private stopCountdown(): void {
    this.stopTicking?.()
    this.stopTicking = null
    this.countdown = 0
  }
}
