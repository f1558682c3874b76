/**
 * Shops and branches (issue 23): each shop's names, address, notice, bag fee and the page its
 * diners' Home is (ShopSave; the customised shop page config, src/core/shop-page.ts), each
 * branch's address and map pin, opening hours (past midnight too), weekdays, service styles,
 * times, delivery range and fee tiers (BranchSave, BranchRemove), and the recharge rules
 * (StaffRechargeRuleList / StaffRechargeRuleSave). Owners and managers ('shops.manage'), within
 * their shops and branches; the server checks every one again.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { DEFAULT_HOME, HOME_SECTIONS, type HomeSection } from '../../core/shop-page'
import type { BranchChanges, BranchSetupView, RechargeRuleChanges, RechargeRuleView, Services, ShopChanges, ShopSetupView, TableService } from '../../gateway/setup-contract'
import { decimalOf, emptyNames, failureOf, hasName, isClock, namesOf, numberOf, problemFor, trimNames, wholeOf, type Names, type SetupRoot } from './setup-forms'

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** A section of Home as the page config editor shows it. */
export interface HomeSectionChoice {
  section: HomeSection
  shown: boolean
}

/** Order by number sits beside Order now wherever that is: its row follows Order now's. */
function byNumberAfterOrder(rows: HomeSectionChoice[]): HomeSectionChoice[] {
  const byNumber = rows.find((r) => r.section === 'byNumber')
  const rest = rows.filter((r) => r.section !== 'byNumber')
  if (!byNumber) return rest
  const at = rest.findIndex((r) => r.section === 'order')
  rest.splice(at + 1, 0, byNumber)
  return rest
}

/** The editor's rows from a stored config: the shown ones in their order, then the others. */
export function homeChoices(config: string | undefined): HomeSectionChoice[] {
  const shown = (config || DEFAULT_HOME).split(',').filter((s): s is HomeSection => (HOME_SECTIONS as readonly string[]).includes(s))
  return byNumberAfterOrder([...shown.map((section) => ({ section, shown: true })), ...HOME_SECTIONS.filter((s) => !shown.includes(s)).map((section) => ({ section, shown: false }))])
}

/** The config the rows say (the language switch always shown; Order by number only with Order now, right after it). */
export function homeConfigOf(rows: readonly HomeSectionChoice[]): string {
  const order = rows.some((r) => r.section === 'order' && r.shown)
  return byNumberAfterOrder([...rows])
    .filter((r) => r.section === 'language' || (r.shown && (r.section !== 'byNumber' || order)))
    .map((r) => r.section)
    .join(',')
}

type ShopField = 'code' | 'names' | 'bagFee' | 'pageConfig'

export class ShopForm {
  shopId: string
  code: string
  names: Names
  address: string
  phone: string
  enabled: boolean
  bagFee: string
  notice: string
  home: HomeSectionChoice[]
  reason = ''
  errors: Partial<Record<ShopField, string>> = {}

  constructor(readonly from: ShopSetupView | null) {
    this.shopId = from?.shopId ?? ''
    this.code = from?.code ?? ''
    this.names = from ? namesOf(from.names) : emptyNames()
    this.address = from?.address ?? ''
    this.phone = from?.phone ?? ''
    this.enabled = from?.enabled ?? true
    this.bagFee = from?.bagFee ?? ''
    this.notice = from?.notice ?? ''
    this.home = homeChoices(from?.pageConfig)
    makeAutoObservable(this, { from: false })
  }

  get adding(): boolean {
    return this.shopId === ''
  }

  set(field: 'code' | 'address' | 'phone' | 'bagFee' | 'notice' | 'reason', value: string): void {
    this[field] = value
    if (field === 'code' || field === 'bagFee') this.errors[field] = undefined
  }

  setName(locale: keyof Names, value: string): void {
    this.names[locale] = value
    this.errors.names = undefined
  }

  setEnabled(on: boolean): void {
    this.enabled = on
  }

  showSection(section: HomeSection, shown: boolean): void {
    const row = this.home.find((r) => r.section === section)
    if (row && section !== 'language') row.shown = shown
  }

  /** Moves a section up (-1) or down (+1) on Home; Order by number moves with Order now. */
  moveSection(section: HomeSection, by: -1 | 1): void {
    if (section === 'byNumber') return
    const rows = this.home.filter((r) => r.section !== 'byNumber')
    const i = rows.findIndex((r) => r.section === section)
    const j = i + by
    if (i < 0 || j < 0 || j >= rows.length) return
    ;[rows[i], rows[j]] = [rows[j], rows[i]]
    this.home = byNumberAfterOrder([...rows, ...this.home.filter((r) => r.section === 'byNumber')])
  }

  /** Whether a section can move up (-1) or down (+1). */
  canMove(section: HomeSection, by: -1 | 1): boolean {
    if (section === 'byNumber') return false
    const rows = this.home.filter((r) => r.section !== 'byNumber')
    const j = rows.findIndex((r) => r.section === section) + by
    return j >= 0 && j < rows.length
  }
}

type BranchField = 'code' | 'names' | 'lat' | 'lng' | 'hours' | 'weekdays' | 'dtbDuration' | 'cookingTimeDuration' | 'webOrderDuration' | 'deliveryRange' | 'deliveryFees'

export interface FeeRow {
  by: 'distance' | 'amount'
  upTo: string
  fee: string
}

export class BranchForm {
  baseId: string
  shopId: string
  code: string
  names: Names
  address: string
  phone: string
  lat: string
  lng: string
  begin: string
  end: string
  weekdays: number[]
  services: Services
  tableService: TableService
  dtbDuration: string
  cookingTimeDuration: string
  webOrderDuration: string
  openingHoursText: string
  payLaterOnlineCheckout: boolean
  deliveryRange: string
  fees: FeeRow[]
  reason = ''
  errors: Partial<Record<BranchField, string>> = {}

  constructor(
    readonly from: BranchSetupView | null,
    shopId: string
  ) {
    this.baseId = from?.baseId ?? ''
    this.shopId = from?.shopId ?? shopId
    this.code = from?.code ?? ''
    this.names = from ? namesOf(from.names) : emptyNames()
    this.address = from?.address ?? ''
    this.phone = from?.phone ?? ''
    this.lat = from && from.lat !== 0 ? String(from.lat) : ''
    this.lng = from && from.lng !== 0 ? String(from.lng) : ''
    this.begin = from?.hours.begin ?? '09:00'
    this.end = from?.hours.end ?? '21:00'
    this.weekdays = from ? [...from.weekdays] : [1, 2, 3, 4, 5, 6, 7]
    this.services = from?.services ?? 'all'
    this.tableService = from?.tableService ?? 'dinein'
    this.dtbDuration = String(from?.dtbDuration ?? 0)
    this.cookingTimeDuration = String(from?.cookingTimeDuration ?? 15)
    this.webOrderDuration = String(from?.webOrderDuration ?? 120)
    this.openingHoursText = from?.openingHoursText ?? ''
    this.payLaterOnlineCheckout = from?.payLaterOnlineCheckout ?? false
    this.deliveryRange = String(from?.deliveryRange ?? 0)
    this.fees = (from?.deliveryFees ?? []).map((f) => ({ ...f }))
    makeAutoObservable(this, { from: false })
  }

  get adding(): boolean {
    return this.baseId === ''
  }

  /** Open past midnight: the end comes before the begin ('18:00'–'02:00'). */
  get pastMidnight(): boolean {
    return isClock(this.begin) && isClock(this.end) && this.end < this.begin
  }

  set(field: 'code' | 'address' | 'phone' | 'lat' | 'lng' | 'begin' | 'end' | 'dtbDuration' | 'cookingTimeDuration' | 'webOrderDuration' | 'openingHoursText' | 'deliveryRange' | 'reason', value: string): void {
    this[field] = value
    const key = field === 'begin' || field === 'end' ? 'hours' : field
    if (key in this.errors) this.errors = { ...this.errors, [key]: undefined }
  }

  setName(locale: keyof Names, value: string): void {
    this.names[locale] = value
    this.errors.names = undefined
  }

  setServices(value: Services): void {
    this.services = value
  }

  setTableService(value: TableService): void {
    this.tableService = value
  }

  setPayLater(on: boolean): void {
    this.payLaterOnlineCheckout = on
  }

  toggleDay(day: number, on: boolean): void {
    this.weekdays = on ? [...new Set([...this.weekdays, day])].sort() : this.weekdays.filter((d) => d !== day)
    this.errors.weekdays = undefined
  }

  addFee(): void {
    const last = this.fees[this.fees.length - 1]
    this.fees.push({ by: last?.by ?? 'distance', upTo: '', fee: '' })
  }

  setFee(index: number, field: keyof FeeRow, value: string): void {
    ;(this.fees[index] as unknown as Record<string, string>)[field] = value
    this.errors.deliveryFees = undefined
  }

  removeFee(index: number): void {
    this.fees.splice(index, 1)
  }
}

type RuleField = 'names' | 'amount' | 'giftAmount' | 'giftCoupons'

export interface GiftRow {
  names: Names
  value: string
  minAmount: string
  validDays: string
  qua: string
}

export class RuleForm {
  ruleId: string
  names: Names
  amount: string
  giftAmount: string
  gifts: GiftRow[]
  /** '' every shop. */
  shopId: string
  enabled: boolean
  reason = ''
  errors: Partial<Record<RuleField, string>> = {}

  constructor(readonly from: RechargeRuleView | null) {
    this.ruleId = from?.ruleId ?? ''
    this.names = from ? namesOf(from.names) : emptyNames()
    this.amount = from?.amount ?? ''
    this.giftAmount = from?.giftAmount ?? '0'
    this.gifts = (from?.giftCoupons ?? []).map((g) => ({ names: namesOf(g.names), value: g.value, minAmount: g.minAmount, validDays: String(g.validDays), qua: String(g.qua) }))
    this.shopId = from?.shopId ?? ''
    this.enabled = from?.enabled ?? true
    makeAutoObservable(this, { from: false })
  }

  get adding(): boolean {
    return this.ruleId === ''
  }

  set(field: 'amount' | 'giftAmount' | 'shopId' | 'reason', value: string): void {
    this[field] = value
    if (field === 'amount' || field === 'giftAmount') this.errors[field] = undefined
  }

  setName(locale: keyof Names, value: string): void {
    this.names[locale] = value
    this.errors.names = undefined
  }

  setEnabled(on: boolean): void {
    this.enabled = on
  }

  addGift(): void {
    this.gifts.push({ names: emptyNames(), value: '', minAmount: '0', validDays: '30', qua: '1' })
  }

  setGift(index: number, field: Exclude<keyof GiftRow, 'names'>, value: string): void {
    this.gifts[index][field] = value
    this.errors.giftCoupons = undefined
  }

  setGiftName(index: number, locale: keyof Names, value: string): void {
    this.gifts[index].names[locale] = value
    this.errors.giftCoupons = undefined
  }

  removeGift(index: number): void {
    this.gifts.splice(index, 1)
  }
}

/** What is open on the page: the list, or one form. */
export type BranchesView = { kind: 'list' } | { kind: 'shop'; form: ShopForm } | { kind: 'branch'; form: BranchForm } | { kind: 'rule'; form: RuleForm } | { kind: 'remove'; branch: BranchSetupView }

export class BranchesStore {
  shops: ShopSetupView[] = []
  branches: BranchSetupView[] = []
  rules: RechargeRuleView[] = []
  loading = false
  loaded = false
  busy = false
  error = ''
  problems: string[] = []
  notice = ''
  view: BranchesView = { kind: 'list' }
  removeReason = ''

  constructor(private readonly root: SetupRoot) {
    makeAutoObservable<BranchesStore, 'root'>(this, { root: false })
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = ''
    try {
      const [list, rules] = await Promise.all([this.root.call('ShopList', {}), this.root.call('StaffRechargeRuleList', {})])
      runInAction(() => {
        this.shops = list.table1 ?? []
        this.branches = list.table2 ?? []
        this.rules = rules.table1 ?? []
        this.loaded = true
      })
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  branchesOf(shopId: string): BranchSetupView[] {
    return this.branches.filter((b) => b.shopId === shopId)
  }

  private open(view: BranchesView): void {
    this.view = view
    this.error = ''
    this.problems = []
    this.notice = ''
  }

  editShop(shop: ShopSetupView | null): void {
    this.open({ kind: 'shop', form: new ShopForm(shop) })
  }

  editBranch(branch: BranchSetupView | null, shopId = ''): void {
    this.open({ kind: 'branch', form: new BranchForm(branch, shopId) })
  }

  editRule(rule: RechargeRuleView | null): void {
    this.open({ kind: 'rule', form: new RuleForm(rule) })
  }

  startRemove(branch: BranchSetupView): void {
    this.open({ kind: 'remove', branch })
    this.removeReason = ''
  }

  setRemoveReason(value: string): void {
    this.removeReason = value
  }

  back(): void {
    this.view = { kind: 'list' }
    this.error = ''
    this.problems = []
  }

  /** A field's problem: found here, else named by the server. */
  problemOf(field: string, local?: string): string | undefined {
    return local ?? problemFor(this.problems, field)
  }

  // ---------- shops ----------

  shopChanges(form: ShopForm): ShopChanges | null {
    const t = this.root.t
    const errors: ShopForm['errors'] = {}
    if (!hasName(form.names)) errors.names = t('branches.error.name')
    if (form.code.trim() && !/^[A-Za-z0-9_-]{1,16}$/.test(form.code.trim())) errors.code = t('branches.error.code')
    if (form.bagFee.trim() && decimalOf(form.bagFee) === null) errors.bagFee = t('branches.error.amount')
    form.errors = errors
    if (Object.keys(errors).length > 0) return null
    const from = form.from
    const all: ShopChanges = {
      names: trimNames(form.names),
      address: form.address.trim(),
      phone: form.phone.trim(),
      enabled: form.enabled,
      notice: form.notice.trim(),
      pageConfig: homeConfigOf(form.home) === DEFAULT_HOME ? '' : homeConfigOf(form.home)
    }
    if (form.code.trim()) all.code = form.code.trim()
    if (form.bagFee.trim()) all.bagFee = decimalOf(form.bagFee)!
    if (!from) return all
    const before: Record<string, unknown> = { ...from, pageConfig: from.pageConfig ?? '', notice: from.notice ?? '' }
    return Object.fromEntries(Object.entries(all).filter(([k, v]) => !same(before[k], v))) as ShopChanges
  }

  async saveShop(): Promise<boolean> {
    if (this.view.kind !== 'shop') return false
    const form = this.view.form
    const changes = this.shopChanges(form)
    if (!changes) return false
    return this.send(async () => {
      const res = await this.root.call('ShopSave', { ShopID: form.shopId, Shop: changes, Reason: form.reason.trim() })
      return this.root.t('branches.shopSaved', { name: this.name(res.table1?.[0]?.names) })
    }, true)
  }

  // ---------- branches ----------

  branchChanges(form: BranchForm): BranchChanges | null {
    const t = this.root.t
    const errors: BranchForm['errors'] = {}
    if (!hasName(form.names)) errors.names = t('branches.error.name')
    if (form.code.trim() && !/^[A-Za-z0-9_-]{1,16}$/.test(form.code.trim())) errors.code = t('branches.error.code')
    const lat = form.lat.trim() ? numberOf(form.lat) : 0
    const lng = form.lng.trim() ? numberOf(form.lng) : 0
    if (lat === null || Math.abs(lat) > 90) errors.lat = t('branches.error.lat')
    if (lng === null || Math.abs(lng) > 180) errors.lng = t('branches.error.lng')
    if (!isClock(form.begin) || !isClock(form.end)) errors.hours = t('branches.error.hours')
    if (form.weekdays.length === 0) errors.weekdays = t('branches.error.weekdays')
    for (const field of ['dtbDuration', 'cookingTimeDuration', 'webOrderDuration', 'deliveryRange'] as const) if (wholeOf(form[field]) === null) errors[field] = t('branches.error.whole')
    if (form.fees.some((f) => decimalOf(f.upTo) === null || decimalOf(f.fee) === null)) errors.deliveryFees = t('branches.error.fees')
    form.errors = errors
    if (Object.keys(errors).length > 0) return null
    const all: BranchChanges = {
      names: trimNames(form.names),
      address: form.address.trim(),
      phone: form.phone.trim(),
      lat: lat!,
      lng: lng!,
      hours: { begin: form.begin, end: form.end },
      weekdays: [...form.weekdays].sort(),
      services: form.services,
      tableService: form.tableService,
      dtbDuration: wholeOf(form.dtbDuration)!,
      cookingTimeDuration: wholeOf(form.cookingTimeDuration)!,
      webOrderDuration: wholeOf(form.webOrderDuration)!,
      openingHoursText: form.openingHoursText.trim(),
      payLaterOnlineCheckout: form.payLaterOnlineCheckout,
      deliveryRange: wholeOf(form.deliveryRange)!,
      deliveryFees: form.fees.map((f) => ({ by: f.by, upTo: decimalOf(f.upTo)!, fee: decimalOf(f.fee)! }))
    }
    if (form.code.trim()) all.code = form.code.trim()
    const from = form.from
    if (!from) return all
    return Object.fromEntries(Object.entries(all).filter(([k, v]) => !same((from as unknown as Record<string, unknown>)[k], v))) as BranchChanges
  }

  async saveBranch(): Promise<boolean> {
    if (this.view.kind !== 'branch') return false
    const form = this.view.form
    const changes = this.branchChanges(form)
    if (!changes) return false
    return this.send(async () => {
      const res = await this.root.call('BranchSave', { BaseID: form.baseId, ShopID: form.adding ? form.shopId : '', Branch: changes, Reason: form.reason.trim() })
      return this.root.t('branches.branchSaved', { name: this.name(res.table1?.[0]?.names) })
    }, true)
  }

  async confirmRemove(): Promise<boolean> {
    if (this.view.kind !== 'remove') return false
    const branch = this.view.branch
    if (!this.removeReason.trim()) {
      this.error = this.root.t('error.reasonRequired')
      return false
    }
    return this.send(async () => {
      await this.root.call('BranchRemove', { BaseID: branch.baseId, Reason: this.removeReason.trim() })
      return this.root.t('branches.branchRemoved', { name: this.name(branch.names) })
    }, true)
  }

  // ---------- recharge rules ----------

  ruleChanges(form: RuleForm): RechargeRuleChanges | null {
    const t = this.root.t
    const errors: RuleForm['errors'] = {}
    if (!hasName(form.names)) errors.names = t('branches.error.name')
    const amount = decimalOf(form.amount)
    if (amount === null || Number(amount) <= 0) errors.amount = t('branches.error.amount')
    if (decimalOf(form.giftAmount || '0') === null) errors.giftAmount = t('branches.error.amount')
    const badGift = form.gifts.some((g) => !hasName(g.names) || decimalOf(g.value) === null || Number(g.value) <= 0 || decimalOf(g.minAmount || '0') === null || !wholeOf(g.validDays) || !wholeOf(g.qua))
    if (badGift) errors.giftCoupons = t('branches.error.gifts')
    form.errors = errors
    if (Object.keys(errors).length > 0) return null
    const all: RechargeRuleChanges = {
      names: trimNames(form.names),
      amount: amount!,
      giftAmount: decimalOf(form.giftAmount || '0')!,
      giftCoupons: form.gifts.map((g) => ({ names: trimNames(g.names), value: decimalOf(g.value)!, minAmount: decimalOf(g.minAmount || '0')!, validDays: wholeOf(g.validDays)!, qua: wholeOf(g.qua)! })),
      shopId: form.shopId,
      enabled: form.enabled
    }
    const from = form.from
    if (!from) return all
    return Object.fromEntries(Object.entries(all).filter(([k, v]) => !same((from as unknown as Record<string, unknown>)[k], v))) as RechargeRuleChanges
  }

  async saveRule(): Promise<boolean> {
    if (this.view.kind !== 'rule') return false
    const form = this.view.form
    const changes = this.ruleChanges(form)
    if (!changes) return false
    return this.send(async () => {
      const res = await this.root.call('StaffRechargeRuleSave', { RuleID: form.ruleId, Rule: changes, Reason: form.reason.trim() })
      return this.root.t('branches.ruleSaved', { name: this.name(res.table1?.[0]?.names) })
    })
  }

  // ---------- shared ----------

  name(names: Parameters<typeof namesOf>[0]): string {
    const n = namesOf(names)
    return n[this.root.locale] || n['zh-TW'] || n.en || n['zh-CN']
  }

  /**
   * Sends a save; on success back to the list (reloaded) with its notice, else the problems stay on
   * the form. A shop or branch made, renamed or removed changes the person's scope: StaffMe is read
   * again, so Tables, Menu, Sold out, Staff and Pair offer it at once, not after a reload.
   */
  private async send(save: () => Promise<string>, scopeChanged = false): Promise<boolean> {
    if (this.busy) return false
    this.busy = true
    this.error = ''
    this.problems = []
    try {
      const notice = await save()
      runInAction(() => {
        this.view = { kind: 'list' }
        this.notice = notice
      })
      await Promise.all([this.load(), scopeChanged ? this.root.loadMe() : null])
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
}
