/**
 * Coupons (issue 23 item 4), what `npm run coupons` does: the enterprise's plans
 * (StaffCouponPlanList) with pausing and resuming (StaffCouponPlanStatusSet), a new plan
 * (StaffCouponPlanCreate), cards issued to a member by phone (StaffCouponIssue), vouchers nobody
 * holds yet (StaffVoucherPrint, their codes downloadable as a list), and a card looked up by its
 * code (StaffCouponCardGet) and voided with a reason (StaffCouponCardVoid).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Locale, LocalizedText } from '../../gateway/contract'
import { LOCALES } from '../../gateway/contract'
import type { StaffCouponCardEventRow, StaffCouponCardRow, StaffCouponPlanRow } from '../../gateway/staff-contract'
import type { ConsoleKey } from '../i18n'
import { digitsOf, phoneError, type AreaCode, type FieldErrors } from './forms'
import { isAmount, wholeOf, type ServiceRoot } from './service-root'

export const SERVICE_TYPES = ['takeaway', 'delivery', 'dinein', 'fastfood'] as const
const CODE_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/
/** Cards the shop makes at once, at most (the server's limit). */
export const MAX_CARDS = 1000

export type PlanField = 'code' | 'names' | 'amount' | 'rate' | 'min' | 'maxOff' | 'days' | 'from' | 'to' | 'total' | 'perMember'

export class PlanForm {
  code = ''
  names: LocalizedText = { 'zh-CN': '', 'zh-TW': '', en: '' }
  /** 1 cash voucher, 2 discount. */
  couponType: 1 | 2 = 1
  amount = ''
  rate = ''
  min = ''
  maxOff = ''
  /** 1 from the day of collection, 2 from the next day, 3 fixed days. */
  validKind: 1 | 2 | 3 = 1
  days = '30'
  from = ''
  to = ''
  claimable = true
  /** '' unlimited. */
  total = ''
  perMember = '1'
  shopIds: string[] = []
  services: string[] = []
  reason = ''
  errors: FieldErrors<PlanField> = {}

  constructor() {
    makeAutoObservable(this)
  }

  set<K extends 'code' | 'amount' | 'rate' | 'min' | 'maxOff' | 'days' | 'from' | 'to' | 'total' | 'perMember' | 'reason'>(field: K, value: string): void {
    this[field] = value
    if (field !== 'reason') this.errors = { ...this.errors, [field]: undefined }
  }

  setName(locale: Locale, value: string): void {
    this.names = { ...this.names, [locale]: value }
    this.errors = { ...this.errors, names: undefined }
  }

  setType(type: 1 | 2): void {
    this.couponType = type
  }

  setValidKind(kind: 1 | 2 | 3): void {
    this.validKind = kind
  }

  setClaimable(on: boolean): void {
    this.claimable = on
  }

  toggle(list: 'shopIds' | 'services', id: string, on: boolean): void {
    const now = this[list].filter((x) => x !== id)
    this[list] = on ? [...now, id] : now
  }

  /** The errors of the form, by field (the server checks again and says what it refuses). */
  check(t: (key: ConsoleKey) => string): boolean {
    const e: FieldErrors<PlanField> = {}
    if (!CODE_PATTERN.test(this.code.trim())) e.code = t('coupons.error.code')
    if (LOCALES.some((l) => !this.names[l].trim())) e.names = t('coupons.error.names')
    if (this.couponType === 1 && (!isAmount(this.amount) || Number(this.amount) <= 0)) e.amount = t('coupons.error.amount')
    if (this.couponType === 2 && (!isAmount(this.rate) || Number(this.rate) <= 0 || Number(this.rate) >= 100)) e.rate = t('coupons.error.rate')
    if (this.min.trim() && !isAmount(this.min)) e.min = t('coupons.error.money')
    if (this.couponType === 2 && this.maxOff.trim() && !isAmount(this.maxOff)) e.maxOff = t('coupons.error.money')
    if (this.validKind === 3) {
      if (!this.from) e.from = t('coupons.error.from')
      if (!this.to || (this.from && this.to < this.from)) e.to = t('coupons.error.to')
    } else {
      const days = wholeOf(this.days)
      if (days === null || days < 1 || days > 3650) e.days = t('coupons.error.days')
    }
    if (this.total.trim() && (wholeOf(this.total) ?? 0) < 1) e.total = t('coupons.error.whole')
    if (wholeOf(this.perMember) === null) e.perMember = t('coupons.error.whole')
    this.errors = e
    return Object.keys(e).length === 0
  }

  get record() {
    const cash = this.couponType === 1
    return {
      Code: this.code.trim(),
      Names: { 'zh-CN': this.names['zh-CN'].trim(), 'zh-TW': this.names['zh-TW'].trim(), en: this.names.en.trim() },
      CouponType: this.couponType,
      Amount: cash ? this.amount.trim() : '',
      DiscountRate: cash ? '' : this.rate.trim(),
      MinAmount: this.min.trim(),
      MaxOff: cash ? '' : this.maxOff.trim(),
      ValidKind: this.validKind,
      ValidDays: this.validKind === 3 ? 0 : (wholeOf(this.days) ?? 0),
      ValidFrom: this.validKind === 3 ? this.from : '',
      ValidTo: this.validKind === 3 ? this.to : '',
      Claimable: this.claimable ? 1 : 0,
      TotalQua: this.total.trim() ? wholeOf(this.total) : null,
      PerMemberQua: wholeOf(this.perMember) ?? 1,
      ShopIDs: this.shopIds.join(','),
      BaseIDs: '',
      ServiceTypes: this.services.join(','),
      GoodsIDs: '',
      ClassIDs: '',
      Reason: this.reason.trim()
    }
  }
}

export type CardsField = 'phone' | 'qua' | 'reason'

/** Issuing cards of a plan to a member (by phone), or printing vouchers nobody holds. */
export class CardsForm {
  areaCode: AreaCode = '853'
  phone = ''
  qua = '1'
  reason = ''
  errors: FieldErrors<CardsField> = {}
  /** The cards made, shown once done. */
  made: StaffCouponCardRow[] = []

  constructor(
    readonly plan: StaffCouponPlanRow,
    readonly kind: 'issue' | 'print'
  ) {
    makeAutoObservable(this)
  }

  set(field: 'phone' | 'qua' | 'reason', value: string): void {
    this[field] = value
    this.errors = { ...this.errors, [field]: undefined }
  }

  setArea(code: AreaCode): void {
    this.areaCode = code
  }

  check(t: (key: ConsoleKey, params?: Record<string, string | number>) => string): boolean {
    const e: FieldErrors<CardsField> = {}
    if (this.kind === 'issue') {
      const problem = phoneError(this.areaCode, this.phone)
      if (problem) e.phone = t(problem)
    }
    const qua = wholeOf(this.qua)
    if (qua === null || qua < 1 || qua > MAX_CARDS) e.qua = t('coupons.error.qua', { max: MAX_CARDS })
    this.errors = e
    return Object.keys(e).length === 0
  }
}

export class CouponsStore {
  plans: StaffCouponPlanRow[] = []
  loading = false
  loaded = false
  error = ''
  notice = ''
  /** The plan whose status is changing. */
  busyPlan = ''
  planError = ''
  creating: PlanForm | null = null
  createError = ''
  cards: CardsForm | null = null
  cardsError = ''
  busy = false
  /** The card lookup. */
  lookupCode = ''
  lookupError = ''
  card: StaffCouponCardRow | null = null
  cardEvents: StaffCouponCardEventRow[] = []
  voiding = false
  voidReason = ''
  voidError = ''

  constructor(private readonly root: ServiceRoot) {
    makeAutoObservable<CouponsStore, 'root'>(this, { root: false })
  }

  /** The shops of the person's scope (a new plan's shops). */
  get shops(): { shopId: string }[] {
    return this.root.scope.filter((r) => !r.BaseID).map((r) => ({ shopId: r.ShopID }))
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = ''
    try {
      const res = await this.root.call('StaffCouponPlanList', {})
      runInAction(() => {
        this.plans = res.table1 ?? []
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

  /** Leaves any form (the page closes or goes back to the list). */
  close(): void {
    this.creating = null
    this.cards = null
    this.voiding = false
  }

  async setRunning(plan: StaffCouponPlanRow, running: boolean): Promise<boolean> {
    if (this.busyPlan) return false
    this.busyPlan = plan.PlanID
    this.planError = ''
    this.notice = ''
    try {
      const res = await this.root.call('StaffCouponPlanStatusSet', { PlanID: plan.PlanID, Running: running ? 1 : 0, Reason: '' })
      runInAction(() => {
        const after = res.table1?.[0]
        if (after) this.plans = this.plans.map((p) => (p.PlanID === after.PlanID ? after : p))
        this.notice = this.root.t(running ? 'coupons.resumed' : 'coupons.paused', { code: plan.Code })
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.planError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busyPlan = ''
      })
    }
  }

  startCreate(): void {
    this.notice = ''
    this.createError = ''
    this.creating = new PlanForm()
  }

  async create(): Promise<boolean> {
    const form = this.creating
    if (!form || this.busy) return false
    this.createError = ''
    if (!form.check(this.root.t)) return false
    this.busy = true
    try {
      const res = await this.root.call('StaffCouponPlanCreate', form.record)
      runInAction(() => {
        this.creating = null
        this.notice = this.root.t('coupons.created', { code: res.table1?.[0]?.Code ?? form.code })
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.createError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  startCards(plan: StaffCouponPlanRow, kind: 'issue' | 'print'): void {
    this.notice = ''
    this.cardsError = ''
    this.cards = new CardsForm(plan, kind)
  }

  async makeCards(): Promise<boolean> {
    const form = this.cards
    if (!form || this.busy) return false
    this.cardsError = ''
    if (!form.check(this.root.t)) return false
    this.busy = true
    const qua = wholeOf(form.qua) ?? 1
    try {
      const res =
        form.kind === 'issue'
          ? await this.root.call('StaffCouponIssue', { PlanID: form.plan.PlanID, AreaCode: form.areaCode, Phone: digitsOf(form.phone), Qua: qua, Reason: form.reason.trim() })
          : await this.root.call('StaffVoucherPrint', { PlanID: form.plan.PlanID, Qua: qua, Reason: form.reason.trim() })
      runInAction(() => {
        form.made = res.table1 ?? []
        this.notice = this.root.t(form.kind === 'issue' ? 'coupons.issued' : 'coupons.printed', { n: form.made.length, code: form.plan.Code })
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.cardsError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  /** The printed vouchers' codes as a CSV file (code, valid from, valid to) to print or mail-merge. */
  downloadCodes(): void {
    const form = this.cards
    if (!form?.made.length) return
    const lines = ['Code,ValidFrom,ValidTo', ...form.made.map((c) => `${c.Code},${c.ValidFrom},${c.ValidTo}`)]
    this.root.browser.download(`vouchers-${form.plan.Code}.csv`, lines.join('\r\n') + '\r\n', 'text/csv;charset=utf-8')
  }

  setLookupCode(value: string): void {
    this.lookupCode = value
    this.lookupError = ''
  }

  async lookUp(keepNotice = false): Promise<boolean> {
    const code = digitsOf(this.lookupCode)
    if (!keepNotice) this.notice = ''
    this.voiding = false
    if (!/^\d{6,20}$/.test(code)) {
      this.lookupError = this.root.t('coupons.error.cardCode')
      return false
    }
    this.busy = true
    try {
      const res = await this.root.call('StaffCouponCardGet', { Code: code })
      runInAction(() => {
        this.card = res.table1?.[0] ?? null
        this.cardEvents = res.table2 ?? []
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.card = null
        this.cardEvents = []
        this.lookupError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  /** Only an available card can be voided. */
  get canVoid(): boolean {
    return this.card?.Status === 0
  }

  startVoid(): void {
    this.voiding = true
    this.voidReason = ''
    this.voidError = ''
    this.notice = ''
  }

  setVoidReason(value: string): void {
    this.voidReason = value
    this.voidError = ''
  }

  stopVoid(): void {
    this.voiding = false
  }

  async confirmVoid(): Promise<boolean> {
    const card = this.card
    if (!card || this.busy) return false
    const reason = this.voidReason.trim()
    if (!reason) {
      this.voidError = this.root.t('error.reasonRequired')
      return false
    }
    this.busy = true
    try {
      await this.root.call('StaffCouponCardVoid', { Code: card.Code, Reason: reason })
      runInAction(() => {
        this.voiding = false
        this.busy = false
        this.lookupCode = card.Code
      })
      await this.lookUp(true)
      runInAction(() => {
        this.notice = this.root.t('coupons.voided', { code: card.Code })
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.voidError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }
}
