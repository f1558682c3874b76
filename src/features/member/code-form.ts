/**
 * A phone + SMS code form (login, bind phone, both steps of change phone): the area, the number,
 * the code, the resend countdown and the error to show under the form. The countdown follows the
 * server's ResendIn (SMS_RULES.resendSeconds unless it says otherwise), so the button and the
 * server's 60-s rule agree.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import { GatewayError, type RequestOptions } from '../../gateway/gateway-client'
import { RESULTCODES } from '../../gateway/codes'
import { SMS_RULES, type SmsAreaRow, type SmsSourceType } from '../../gateway/member-rows'
import type { MessageKey } from '../../i18n/catalogues'

export interface SmsGateway {
  request<K extends 'SmsVerifySend'>(
    operation: K,
    records?: OperationTypes[K]['input'][],
    options?: RequestOptions
  ): Promise<Partial<OperationTypes[K]['output']>>
}

/** Seconds ticking, behind a seam so tests step them by hand. */
export interface Ticker {
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void
}

export const realTicker: Ticker = {
  every(ms, fn) {
    const id = setInterval(fn, ms)
    return () => clearInterval(id)
  }
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/** Macau first: the demo enterprise's own area (the list from SmsAreaList replaces the guess). */
export const DEFAULT_AREA_NO = '853'

/** A failure's text for the diner: the server's message is already in their language. */
export function messageOf(e: unknown, t: Translate): string {
  if (e instanceof GatewayError) return e.message || t('network.error')
  return t('network.error')
}

export const codeOf = (e: unknown): string => (e instanceof GatewayError ? (e.resultcode !== '0' && e.resultcode) || e.errcode : '')

export class CodeForm {
  areaNo = DEFAULT_AREA_NO
  phone = ''
  code = ''
  /** Seconds before another code may be asked for (0: now). */
  countdown = 0
  /** What the running countdown started at (what the status line announces once, not each tick). */
  countdownFrom = 0
  sending = false
  submitting = false
  /** What went wrong, in the diner's language ('' nothing). */
  error = ''
  /** A code was sent to this number (the code field makes sense now). */
  sentTo = ''

  private stopTicking: (() => void) | null = null
  /** The server's 'too frequent, try again in N s': shown until the countdown it started ends. */
  private waitMessage = ''

  constructor(
    private readonly gateway: SmsGateway,
    private readonly ticker: Ticker,
    private readonly t: Translate,
    private readonly area: (areaNo: string) => SmsAreaRow | undefined
  ) {
    makeAutoObservable<CodeForm, 'gateway' | 'ticker' | 't' | 'area' | 'stopTicking' | 'waitMessage'>(this, {
      waitMessage: false,
      gateway: false,
      ticker: false,
      t: false,
      area: false,
      stopTicking: false
    })
  }

  setPhone(value: string): void {
    // Digits only: spaces and dashes people type or paste are dropped.
    this.phone = value.replace(/\D/g, '')
    this.error = ''
  }

  setCode(value: string): void {
    this.code = value.replace(/\D/g, '').slice(0, SMS_RULES.codeLength)
    this.error = ''
  }

  setArea(areaNo: string): void {
    if (areaNo === this.areaNo) return
    this.areaNo = areaNo
    this.error = ''
  }

  /**
   * Runs what the form is for (log in, bind, change phone) once at a time, after the form's own
   * checks: true when it succeeded; a failure's text lands under the form unless `failed` deals
   * with it (and says so by returning true).
   */
  async submit(work: () => Promise<void>, failed?: (e: unknown) => boolean): Promise<boolean> {
    if (this.submitting || !this.validate()) return false
    this.submitting = true
    try {
      await work()
      return true
    } catch (e) {
      runInAction(() => {
        if (!failed?.(e)) this.error = messageOf(e, this.t)
      })
      return false
    } finally {
      runInAction(() => {
        this.submitting = false
      })
    }
  }

  /** A problem the page found (the privacy agreement not accepted). */
  setError(message: string): void {
    this.error = message
  }

  /** Empty for the next use; a running countdown keeps running (the server's limit does too). */
  reset(phone = '', areaNo = this.areaNo): void {
    this.phone = phone
    this.areaNo = areaNo
    this.code = ''
    this.error = ''
    this.sentTo = ''
    this.submitting = false
  }

  /** The client's first check of the number; the server has the last word (PHONE_INVALID). */
  get phoneProblem(): string {
    if (!this.phone) return this.t('member.phoneRequired')
    const area = this.area(this.areaNo)
    const [min, max] = area ? [area.MinLength, area.MaxLength] : [5, 15]
    if (this.phone.length < min || this.phone.length > max) return this.t('resultcode.20036')
    return ''
  }

  get codeProblem(): string {
    return this.code.length === SMS_RULES.codeLength ? '' : this.t('member.codeRequired', { n: SMS_RULES.codeLength })
  }

  get canSend(): boolean {
    return this.countdown === 0 && !this.sending
  }

  /** Sends a code for `sourceType`; true when it went out. Errors show under the form. */
  async send(sourceType: SmsSourceType): Promise<boolean> {
    if (!this.canSend) return false
    const problem = this.phoneProblem
    if (problem) {
      this.error = problem
      return false
    }
    this.sending = true
    this.error = ''
    try {
      const res = await this.gateway.request('SmsVerifySend', [{ Phone: this.phone, AreaNo: this.areaNo, SourceType: sourceType }], { silent: true })
      const sent = res.table1?.[0]
      runInAction(() => {
        this.sentTo = `${this.areaNo} ${this.phone}`
        this.startCountdown(sent?.ResendIn ?? SMS_RULES.resendSeconds)
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.error = messageOf(e, this.t)
        // Too soon: the server's message says how long; the button waits as long.
        if (codeOf(e) === RESULTCODES.SMS_TOO_FREQUENT) {
          const seconds = Number(/(\d+)/.exec(this.error)?.[1] ?? SMS_RULES.resendSeconds)
          this.startCountdown(Math.min(seconds, SMS_RULES.resendSeconds))
          this.waitMessage = this.error
        }
      })
      return false
    } finally {
      runInAction(() => {
        this.sending = false
      })
    }
  }

  /** Phone and code both look right; otherwise says what is missing. */
  validate(): boolean {
    const problem = this.phoneProblem || this.codeProblem
    this.error = problem
    return !problem
  }

  private startCountdown(seconds: number): void {
    this.stopTicking?.()
    this.countdown = Math.max(0, Math.floor(seconds))
    this.countdownFrom = this.countdown
    if (this.countdown === 0) return
    this.stopTicking = this.ticker.every(1000, () => this.tick())
  }

  private tick(): void {
    this.countdown = Math.max(0, this.countdown - 1)
    if (this.countdown === 0) {
      this.stop()
      // 'try again in 42 s' is stale once the wait is over (and wrong while the button ticks down).
      if (this.error && this.error === this.waitMessage) this.error = ''
      this.waitMessage = ''
    }
  }

  /** Stops the countdown's timer (the page left). */
  stop(): void {
    this.stopTicking?.()
    this.stopTicking = null
  }
}
