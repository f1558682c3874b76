/** "My account": the signed-in person's own password and PIN (their language is the top bar's menu). */
import { makeAutoObservable, runInAction } from 'mobx'
import { PASSWORD_MIN_LENGTH } from '../../core/staff-permissions'
import type { ConsoleStore } from './console-store'
import { passwordError, pinError, type FieldErrors } from './forms'

type PasswordField = 'currentPassword' | 'newPassword' | 'newPassword2'
type PinField = 'newPin' | 'newPin2'

export class AccountStore {
  currentPassword = ''
  newPassword = ''
  newPassword2 = ''
  passwordErrors: FieldErrors<PasswordField> = {}
  passwordError = ''
  passwordSaved = false
  newPin = ''
  newPin2 = ''
  pinErrors: FieldErrors<PinField> = {}
  pinError = ''
  pinSaved = false
  saving: '' | 'password' | 'pin' = ''

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<AccountStore, 'root'>(this, { root: false })
  }

  setPasswordField(field: PasswordField, value: string): void {
    this[field] = value
    this.passwordSaved = false
    if (this.passwordErrors[field]) this.passwordErrors = { ...this.passwordErrors, [field]: undefined }
  }

  setPinField(field: PinField, value: string): void {
    this[field] = value.replace(/\D/g, '').slice(0, 6)
    this.pinSaved = false
    if (this.pinErrors[field]) this.pinErrors = { ...this.pinErrors, [field]: undefined }
  }

  async savePassword(): Promise<boolean> {
    const t = this.root.t
    const errors: FieldErrors<PasswordField> = {}
    // The current password is the server's to require (a person who has none yet leaves it empty).
    const bad = passwordError(this.newPassword)
    if (bad) errors.newPassword = t(bad, { min: PASSWORD_MIN_LENGTH })
    else if (this.newPassword !== this.newPassword2) errors.newPassword2 = t('error.passwordsDiffer')
    this.passwordErrors = errors
    this.passwordError = ''
    if (Object.keys(errors).length || this.saving) return false
    this.saving = 'password'
    try {
      await this.root.call('StaffProfileUpdate', { Password: this.newPassword, CurrentPassword: this.currentPassword })
      runInAction(() => {
        this.currentPassword = ''
        this.newPassword = ''
        this.newPassword2 = ''
        this.passwordSaved = true
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.passwordError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.saving = ''
      })
    }
  }

  async savePin(): Promise<boolean> {
    const t = this.root.t
    const errors: FieldErrors<PinField> = {}
    const bad = pinError(this.newPin)
    if (bad) errors.newPin = t(bad)
    else if (this.newPin !== this.newPin2) errors.newPin2 = t('error.pinsDiffer')
    this.pinErrors = errors
    this.pinError = ''
    if (Object.keys(errors).length || this.saving) return false
    this.saving = 'pin'
    try {
      await this.root.call('StaffProfileUpdate', { Pin: this.newPin })
      runInAction(() => {
        this.newPin = ''
        this.newPin2 = ''
        this.pinSaved = true
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.pinError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.saving = ''
      })
    }
  }
}
