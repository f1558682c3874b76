/**
 * The PIN pad of a paired shared device: StaffDeviceInfo names the device and the people who may
 * sign in on it; a person chooses themselves and types their 4–6 digit PIN (on-screen keys or the
 * keyboard); StaffPinLogin checks it on the server. Too many wrong PINs lock the device for a while:
 * the pad then says until when and takes no PIN.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { StaffDeviceRow, StaffRole } from '../../gateway/staff-contract'
import { StaffError } from '../api/staff-client'
import type { ConsoleStore } from './console-store'
import { digitsOf } from './forms'

export const PIN_MAX_DIGITS = 6
export const PIN_MIN_DIGITS = 4

export interface PadPerson {
  StaffID: string
  Name: string
  Role: StaffRole
}

export class PinPadStore {
  device: StaffDeviceRow | null = null
  people: PadPerson[] = []
  loading = false
  loaded = false
  chosenId = ''
  pin = ''
  submitting = false
  error = ''
  /** The clock the lock is measured against (ticks while the device is locked). */
  now: Date
  private stopTicking: (() => void) | null = null

  constructor(private readonly root: ConsoleStore) {
    this.now = root.browser.now()
    makeAutoObservable<PinPadStore, 'root' | 'stopTicking'>(this, { root: false, stopTicking: false })
  }

  async load(): Promise<void> {
    if (!this.root.device) return
    this.loading = true
    try {
      const res = await this.root.call('StaffDeviceInfo', {})
      runInAction(() => {
        this.device = res.table1?.[0] ?? null
        this.people = res.table2 ?? []
        this.loaded = true
        if (this.chosenId && !this.people.some((p) => p.StaffID === this.chosenId)) this.chosenId = ''
        this.watchLock()
      })
    } catch (e) {
      runInAction(() => {
        if (isDeviceGone(e)) {
          // Unpaired (or never known here): this browser is an ordinary one again.
          this.root.forgetDevice()
          this.root.alert = this.root.t('pin.notPaired')
          this.root.navigate('/sign-in')
        } else this.error = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  /** Until when wrong PINs have locked this device (null: not locked). */
  get lockedUntil(): Date | null {
    const text = this.device?.LockedUntil
    if (!text) return null
    const until = new Date(text)
    return Number.isNaN(until.getTime()) || until.getTime() <= this.now.getTime() ? null : until
  }

  get chosen(): PadPerson | null {
    return this.people.find((p) => p.StaffID === this.chosenId) ?? null
  }

  choose(staffId: string): void {
    this.chosenId = staffId
    this.pin = ''
    this.error = ''
  }

  /** Back to the list of people. */
  unchoose(): void {
    this.chosenId = ''
    this.pin = ''
    this.error = ''
  }

  press(digit: string): void {
    if (this.lockedUntil || !/^\d$/.test(digit) || this.pin.length >= PIN_MAX_DIGITS) return
    this.pin += digit
    this.error = ''
  }

  backspace(): void {
    this.pin = this.pin.slice(0, -1)
  }

  clear(): void {
    this.pin = ''
  }

  /** Typed into the PIN field: digits only, at most six. */
  setPin(text: string): void {
    if (this.lockedUntil) return
    this.pin = digitsOf(text).replace(/\D/g, '').slice(0, PIN_MAX_DIGITS)
    this.error = ''
  }

  get canSubmit(): boolean {
    return Boolean(this.chosen) && this.pin.length >= PIN_MIN_DIGITS && !this.lockedUntil && !this.submitting
  }

  async submit(): Promise<boolean> {
    if (!this.chosen) return false
    if (this.pin.length < PIN_MIN_DIGITS) {
      this.error = this.root.t('error.pin')
      return false
    }
    if (!this.canSubmit) return false
    this.submitting = true
    this.error = ''
    try {
      const res = await this.root.call('StaffPinLogin', { StaffID: this.chosenId, Pin: this.pin })
      const row = res.table1?.[0]
      if (!row) throw new Error('no session')
      runInAction(() => {
        this.pin = ''
        this.chosenId = ''
      })
      await this.root.startSession(row)
      return true
    } catch (e) {
      runInAction(() => {
        this.pin = ''
        this.error = this.root.messageOf(e)
      })
      // A wrong PIN may have locked the device: learn until when.
      await this.load()
      return false
    } finally {
      runInAction(() => {
        this.submitting = false
      })
    }
  }

  /** While locked, the clock ticks so the pad opens again by itself when the lock ends. */
  private watchLock(): void {
    this.now = this.root.browser.now()
    if (this.lockedUntil && !this.stopTicking) {
      this.stopTicking = this.root.browser.every(1000, () => this.tick())
    }
  }

  private tick(): void {
    this.now = this.root.browser.now()
    if (!this.lockedUntil) {
      this.stopTicking?.()
      this.stopTicking = null
    }
  }
}

/** resultcode: the device is not paired (an unknown or unpaired token). */
export const STAFF_DEVICE_NOT_PAIRED = '21009'

/** The server does not know this browser's device token. */
function isDeviceGone(e: unknown): boolean {
  return e instanceof StaffError && (e.resultcode === STAFF_DEVICE_NOT_PAIRED || (e.signInAgain && e.operation === 'StaffDeviceInfo'))
}
