/**
 * The member's wallet (spec §2 vipBalance, vipBalanceRecordList, vipBalanceRecharge,
 * rechargeResult, vipScoreRecordList, vipQrCode; §7 Members, Recharge; issue 5): the balance,
 * the balance and points records, recharge rules with their gifts, recharging through the
 * payment provider's page and checking the recharge afterwards, the member code kept fresh, and
 * paying an order from the balance.
 *
 * Who the member is comes from the session token the gateway sends; this store only asks.
 * Gateway, storage, the way out to the provider's page and the login / bind prompts come through
 * the constructor (the member feature owns those prompts; the composition root wires them).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import { ERRCODES, RESULTCODES } from '../../gateway/codes'
import {
  RECHARGE_STATUS,
  type BalanceRecordRow,
  type GiftCouponRow,
  type MemberCodeRow,
  type RechargeRow,
  type RechargeRuleRow,
  type ScoreRecordRow,
  type VipRow
} from '../../gateway/member-rows'
import { PAYMENT_STATUS, type OrderRow } from '../../gateway/order-rows'
import type { KeyValueStorage } from '../../hosts/host'
import type { HostCashier } from '../../hosts/cashier'
import type { PayInvocationRow } from '../../gateway/pay-invocation'
import { toDecimal } from '../../core/money'
import { Poller, realScheduler, type Scheduler } from '../../core/polling'
import { newRequestKey } from '../../core/request-key'
import { PagedList } from '../../stores/paged-list'

type WalletOps =
  | 'VipDetailGet'
  | 'VipBalanceRecordByPage'
  | 'VipScoreRecordByPage'
  | 'RechargeRuleList'
  | 'RechargeRuleDetail'
  | 'RechargeSubmit'
  | 'RechargeStatusGet'
  | 'RechargeRecordList'
  | 'VipQrCodeGet'
  | 'BalancePay'

/** The part of the gateway client this store uses. */
export interface WalletGateway {
  request<K extends WalletOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

export interface WalletStoreDeps {
  storage: KeyValueStorage
  /** A member session exists on this device (the member feature keeps it). */
  signedIn(): boolean
  /** The shop the recharge is made at. */
  shopId(): string
  /**
   * The app's own URL of rechargeResult for the provider's page to send the member back to
   * ('{RechargeID}' in it stands for the new recharge), or null where the app cannot be left
   * for a web page (mini-programs).
   */
  rechargeReturnUrl(): string | null
  /** Leaves the app for the provider's page; false when the host cannot. */
  leaveTo(url: string): boolean
  /** The host's own cashier, where it has one (host.cashier); else the provider's page. */
  cashier?(): Promise<HostCashier | null>
  /** 'Operation not allowed without logging-in.' → loginByCode. */
  askLogin(): void
  /** 'Please bind your mobile number first' → loginByCode in bind mode. */
  askBind(): void
  /** An order paid from the balance: lets the order views catch up. */
  onOrder?(order: OrderRow): void
  /** The language on screen: gift coupons read in another are read again (issue 27 item 18). */
  locale?(): string
  scheduler?: Scheduler
  now?: () => number
  random?: () => number
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'
/** The account: 'signedOut' when there is no member session (the page offers to log in). */
export type AccountState = LoadState | 'signedOut'

/**
 * vipBalanceRecharge: 'submitting' → 'leaving' (on the way to the provider's page), or with a host
 * cashier 'inCashier' → 'checking' (rechargeResult asks the server what happened). Or it stops:
 * 'paid' (already paid), 'bindPhone' / 'login' (asked for), 'unsupported' (this host has no way
 * to pay online), 'cancelled' (the member left the cashier; the same attempt can pay later),
 * 'failed' (say why; a retry sends the same key).
 */
export type RechargeSubmitState = 'idle' | 'submitting' | 'leaving' | 'inCashier' | 'checking' | 'paid' | 'bindPhone' | 'login' | 'unsupported' | 'cancelled' | 'failed'

/** rechargeResult: 'checking' until the provider has decided. */
export type RechargeCheckState = 'idle' | 'checking' | 'paid' | 'declined' | 'notFound'

/** Paying an order from the balance. */
export type BalancePayState = 'idle' | 'paying' | 'paid' | 'insufficient' | 'bindPhone' | 'login' | 'notPayable' | 'failed'

export type MemberCodeState = 'idle' | 'loading' | 'ready' | 'failed'

export const RECORD_PAGE_SIZE = 20
export const RECHARGE_POLL_MS = 2000
/** A member code that could not be fetched is asked for again this soon. */
export const CODE_RETRY_MS = 5000
/** Never ask for a new member code more often than this, whatever RefreshIn says. */
export const CODE_MIN_REFRESH_MS = 10000
export const RECHARGE_ATTEMPT_STORAGE = 'scanorder.rechargeAttempt'
export const RECHARGE_PENDING_STORAGE = 'scanorder.rechargePending'
export const BALANCE_ATTEMPT_STORAGE = 'scanorder.balanceAttempt.'

const isNetwork = (e: unknown): boolean => e instanceof GatewayError && (e.kind === 'network' || e.kind === 'timeout')
const codeOf = (e: unknown): string => {
  if (!(e instanceof GatewayError)) return ''
  return e.errcode && e.errcode !== '0' ? e.errcode : e.resultcode
}
const messageOf = (e: unknown): string => (e instanceof GatewayError && !isNetwork(e) ? e.message : '')

const ORDER_REFUSALS: string[] = [RESULTCODES.ORDER_EXPIRED, RESULTCODES.ORDER_STATUS_CONFLICT, RESULTCODES.ORDER_NOT_FOUND, RESULTCODES.ORDER_NOT_YOURS]

export class WalletStore {
  // ---------- the account ----------
  vip: VipRow | null = null
  accountState: AccountState = 'idle'

  readonly balanceRecords: PagedList<BalanceRecordRow>
  readonly scoreRecords: PagedList<ScoreRecordRow>
  /** The member's recharges, newest first (rechargeRecordList; issue 27). */
  readonly rechargeRecords: PagedList<RechargeRow>

  // ---------- recharge ----------
  rules: RechargeRuleRow[] = []
  rulesState: LoadState = 'idle'
  chosenRuleId = ''
  /** Gift coupons by RuleID (RechargeRuleDetail), once fetched. */
  gifts: Record<string, GiftCouponRow[]> = {}
  giftsState: Record<string, LoadState> = {}
  /** The language `gifts` were read in. */
  private giftsLocale = ''
  submitState: RechargeSubmitState = 'idle'
  submitError = ''

  // ---------- rechargeResult ----------
  checkState: RechargeCheckState = 'idle'
  recharge: RechargeRow | null = null
  checkingId = ''
  /** True while the last status check did not reach the server (checking goes on). */
  offline = false

  // ---------- member code ----------
  code: MemberCodeRow | null = null
  codeState: MemberCodeState = 'idle'
  /** When the code shown was received (ms), and the clock the countdown reads. */
  codeAt = 0
  clock = 0

  // ---------- balance payment ----------
  payState: BalancePayState = 'idle'
  paySheetId = ''
  payError = ''
  paidOrder: OrderRow | null = null

  private readonly scheduler: Scheduler
  private readonly rechargePoller: Poller
  private accountSeq = 0
  private rulesSeq = 0
  private checkGen = 0
  private codeGen = 0
  /** Bumped by every watchMemberCode: a page's stop ends its own watch only. */
  private codeWatch = 0
  private codeTimers: (() => void)[] = []
  private paySeq = 0

  constructor(
    private readonly gateway: WalletGateway,
    private readonly deps: WalletStoreDeps
  ) {
    this.scheduler = deps.scheduler ?? realScheduler
    this.rechargePoller = new Poller(this.scheduler, RECHARGE_POLL_MS)
    this.balanceRecords = new PagedList(
      async (PageIndex, PageSize) => {
        const res = await this.gateway.request('VipBalanceRecordByPage', [{ PageIndex, PageSize }])
        return { rows: res.table1 ?? [], total: res.table2?.[0]?.Total ?? res.table1?.length ?? 0 }
      },
      (r) => r.RecordID,
      RECORD_PAGE_SIZE
    )
    this.scoreRecords = new PagedList(
      async (PageIndex, PageSize) => {
        const res = await this.gateway.request('VipScoreRecordByPage', [{ PageIndex, PageSize }])
        return { rows: res.table1 ?? [], total: res.table2?.[0]?.Total ?? res.table1?.length ?? 0 }
      },
      (r) => r.RecordID,
      RECORD_PAGE_SIZE
    )
    this.rechargeRecords = new PagedList(
      async (PageIndex, PageSize) => {
        const res = await this.gateway.request('RechargeRecordList', [{ PageIndex, PageSize }])
        return { rows: res.table1 ?? [], total: res.table2?.[0]?.Total ?? res.table1?.length ?? 0 }
      },
      (r) => r.RechargeID,
      RECORD_PAGE_SIZE
    )
    makeAutoObservable<
      WalletStore,
      'gateway' | 'deps' | 'scheduler' | 'rechargePoller' | 'accountSeq' | 'rulesSeq' | 'checkGen' | 'codeGen' | 'codeWatch' | 'codeTimers' | 'paySeq'
    >(this, {
      gateway: false,
      deps: false,
      scheduler: false,
      rechargePoller: false,
      accountSeq: false,
      rulesSeq: false,
      checkGen: false,
      codeGen: false,
      codeWatch: false,
      codeTimers: false,
      paySeq: false,
      balanceRecords: false,
      scoreRecords: false,
      rechargeRecords: false,
      // Read from storage every time: as a computed (storage is not observable) the recharge page,
      // which watches it, kept its first value, '', and a recharge paid in the host's cashier never
      // reached rechargeResult.
      pendingRechargeId: false
    })
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }

  // ---------- the account ----------

  get signedIn(): boolean {
    return this.deps.signedIn()
  }

  /** Exact decimal text, '' before it is known. */
  get balance(): string {
    return this.vip?.Balance ?? ''
  }

  /** A phone is bound: recharge and balance payment need one. */
  get hasPhone(): boolean {
    return !!this.vip && this.vip.IsGuest !== 1 && !!this.vip.Phone
  }

  /**
   * The member row again (the balance and points). `quiet` (the confirm page): no prompt, no
   * toast when it cannot; a page of the wallet itself lets the gateway prompt for a login.
   */
  async loadAccount(quiet = false): Promise<void> {
    const seq = ++this.accountSeq
    if (!this.signedIn) {
      this.forget()
      return
    }
    if (!this.vip) this.accountState = 'loading'
    try {
      const res = await this.gateway.request('VipDetailGet', [{}], { silent: quiet })
      runInAction(() => {
        if (seq !== this.accountSeq) return
        const row = res.table1?.[0] ?? null
        if (row) this.vip = row
        this.accountState = row ? 'ready' : 'failed'
      })
    } catch (e) {
      runInAction(() => {
        if (seq !== this.accountSeq) return
        if (codeOf(e) === ERRCODES.LOGIN_REQUIRED) this.forget()
        else if (!this.vip) this.accountState = 'failed'
      })
    }
  }

  /** Nothing of a member who is no longer signed in stays on screen. */
  private forget(): void {
    this.vip = null
    this.accountState = 'signedOut'
    this.balanceRecords.clear()
    this.scoreRecords.clear()
    this.rechargeRecords.clear()
  }

  askLogin(): void {
    this.deps.askLogin()
  }

  askBind(): void {
    this.deps.askBind()
  }

  // ---------- recharge rules ----------

  get chosenRule(): RechargeRuleRow | null {
    return this.rules.find((r) => r.RuleID === this.chosenRuleId) ?? null
  }

  /** The balance a rule (or a recharge) brings: what is paid plus the gift. */
  creditOf(rule: { Amount: string; GiftAmount: string }): string {
    return toDecimal(rule.Amount).plus(toDecimal(rule.GiftAmount || '0')).toString()
  }

  async loadRules(): Promise<void> {
    const seq = ++this.rulesSeq
    if (this.rules.length === 0) this.rulesState = 'loading'
    try {
      const res = await this.gateway.request('RechargeRuleList', [{ ShopID: this.deps.shopId() }])
      runInAction(() => {
        if (seq !== this.rulesSeq) return
        this.rules = [...(res.table1 ?? [])].sort((a, b) => a.SortNo - b.SortNo)
        this.rulesState = 'ready'
        // Keep the choice while it is still offered, else the first rule.
        if (!this.chosenRule) this.chosenRuleId = this.rules[0]?.RuleID ?? ''
      })
      const chosen = this.chosenRule
      if (chosen) void this.loadGifts(chosen)
    } catch {
      runInAction(() => {
        if (seq === this.rulesSeq && this.rules.length === 0) this.rulesState = 'failed'
      })
    }
  }

  /** rechargeResult has taken over ('checking' or 'paid'): coming back to the recharge page starts afresh. */
  resultShown(): void {
    if (this.submitState === 'checking' || this.submitState === 'paid') this.submitState = 'idle'
  }

  chooseRule(ruleId: string): void {
    const rule = this.rules.find((r) => r.RuleID === ruleId)
    if (!rule) return
    this.chosenRuleId = ruleId
    if (this.submitState === 'failed' || this.submitState === 'unsupported' || this.submitState === 'cancelled') this.submitState = 'idle'
    void this.loadGifts(rule)
  }

  /** The gift coupons of a rule (RechargeRuleDetail), once; a rule without coupons needs no call. */
  async loadGifts(rule: RechargeRuleRow): Promise<void> {
    const id = rule.RuleID
    // Names come in the language asked in: after a switch, what was read before is read again.
    const locale = this.deps.locale?.() ?? ''
    if (locale !== this.giftsLocale) {
      this.giftsLocale = locale
      this.gifts = {}
      this.giftsState = {}
    }
    if (rule.GiftCouponQua <= 0) {
      this.gifts[id] = []
      this.giftsState[id] = 'ready'
      return
    }
    if (this.giftsState[id] === 'ready' || this.giftsState[id] === 'loading') return
    this.giftsState[id] = 'loading'
    try {
      const res = await this.gateway.request('RechargeRuleDetail', [{ RuleID: id }], { silent: true })
      runInAction(() => {
        this.gifts[id] = res.table2 ?? []
        this.giftsState[id] = 'ready'
      })
    } catch {
      runInAction(() => {
        this.giftsState[id] = 'failed'
      })
    }
  }

  // ---------- recharging: one attempt, one request key ----------

  /**
   * The request key of the current recharge attempt for a rule: made once and kept (in local
   * storage, so a reload or the way back from the provider keeps it) until that recharge is
   * decided or another rule is chosen.
   */
  attemptKey(ruleId: string): string {
    const stored = this.readAttempt()
    if (stored && stored.RuleID === ruleId) return stored.Key
    const Key = newRequestKey('R', this.now(), this.deps.random)
    this.deps.storage.set(RECHARGE_ATTEMPT_STORAGE, JSON.stringify({ RuleID: ruleId, Key }))
    return Key
  }

  private readAttempt(): { RuleID: string; Key: string } | null {
    try {
      const v = JSON.parse(this.deps.storage.get(RECHARGE_ATTEMPT_STORAGE) ?? 'null') as { RuleID?: unknown; Key?: unknown } | null
      return v && typeof v.RuleID === 'string' && typeof v.Key === 'string' ? { RuleID: v.RuleID, Key: v.Key } : null
    } catch {
      return null
    }
  }

  endAttempt(): void {
    this.deps.storage.remove(RECHARGE_ATTEMPT_STORAGE)
  }

  /** The recharge last sent to the provider's page: rechargeResult's fallback when its URL lost the id. */
  get pendingRechargeId(): string {
    return this.deps.storage.get(RECHARGE_PENDING_STORAGE) ?? ''
  }

  /**
   * RechargeSubmit with the chosen rule → the provider's page. Safe to run again: the same
   * attempt sends the same key, so the server answers with the same recharge.
   */
  async submitRecharge(): Promise<void> {
    if (this.submitState === 'submitting' || this.submitState === 'leaving' || this.submitState === 'inCashier') return
    const rule = this.chosenRule
    if (!rule) return
    this.submitError = ''
    this.submitState = 'submitting'
    const cashier = (await this.deps.cashier?.().catch(() => null)) ?? null
    const returnUrl = this.deps.rechargeReturnUrl()
    if (returnUrl === null && !cashier) {
      runInAction(() => (this.submitState = 'unsupported'))
      return
    }
    try {
      // No web address to come back to (a host cashier): '/', which the server accepts and nothing follows.
      let sent = await this.sendRecharge(rule.RuleID, returnUrl ?? '/', cashier)
      // A key whose recharge was declined belongs to an attempt that is over: start a new one.
      if (sent.row && sent.row.Status === RECHARGE_STATUS.DECLINED) {
        this.endAttempt()
        sent = await this.sendRecharge(rule.RuleID, returnUrl ?? '/', cashier)
      }
      const { row, invocation } = sent
      if (!row) throw new Error('RechargeSubmit answered without a recharge')
      this.deps.storage.set(RECHARGE_PENDING_STORAGE, row.RechargeID)
      if (row.Status === RECHARGE_STATUS.PAID) {
        runInAction(() => (this.submitState = 'paid'))
        return
      }
      if (cashier && invocation?.Channel === cashier.channel) return await this.rechargeInCashier(cashier, invocation, row.RechargeID, row.PayUrl)
      if (!row.PayUrl || returnUrl === null) throw new Error('RechargeSubmit answered without a payment page')
      runInAction(() => (this.submitState = 'leaving'))
      if (!this.deps.leaveTo(row.PayUrl)) runInAction(() => (this.submitState = 'unsupported'))
    } catch (e) {
      const code = codeOf(e)
      runInAction(() => {
        if (code === RESULTCODES.PHONE_NOT_BOUND) {
          this.submitState = 'bindPhone'
          this.deps.askBind()
        } else if (code === ERRCODES.LOGIN_REQUIRED) {
          this.submitState = 'login'
          this.deps.askLogin()
        } else {
          this.submitState = 'failed'
          this.submitError = messageOf(e)
          // The rule is gone: show what is offered now.
          if (code === RESULTCODES.RECHARGE_RULE_NOT_FOUND) void this.loadRules()
        }
      })
    }
  }

  /**
   * The host's cashier is open. Its word is not proof: 'done' goes to rechargeResult, which asks
   * the server; a failure asks the server once (the cashier may have declined it there).
   */
  private async rechargeInCashier(cashier: HostCashier, invocation: PayInvocationRow, rechargeId: string, payUrl: string): Promise<void> {
    runInAction(() => (this.submitState = 'inCashier'))
    const outcome = await cashier.pay(invocation, payUrl)
    if (outcome !== 'failed') {
      runInAction(() => (this.submitState = outcome === 'done' ? 'checking' : 'cancelled'))
      return
    }
    const res = await this.gateway.request('RechargeStatusGet', [{ RechargeID: rechargeId }], { silent: true }).catch(() => null)
    const status = res?.table1?.[0]?.Status
    runInAction(() => (this.submitState = status !== undefined && status !== RECHARGE_STATUS.PENDING ? 'checking' : 'failed'))
  }

  private async sendRecharge(ruleId: string, returnUrl: string, cashier: HostCashier | null): Promise<{ row: RechargeRow | null; invocation: PayInvocationRow | null }> {
    const send = async (RequestKey: string) => {
      const res = await this.gateway.request(
        'RechargeSubmit',
        [{ RuleID: ruleId, ShopID: this.deps.shopId(), RequestKey, ReturnUrl: returnUrl, ...(cashier ? { PayChannel: cashier.channel } : {}) }],
        { silent: true }
      )
      return { row: res.table1?.[0] ?? null, invocation: res.table2?.[0] ?? null }
    }
    try {
      return await send(this.attemptKey(ruleId))
    } catch (e) {
      // The server knows this key for something else (storage carried over): a fresh attempt.
      if (codeOf(e) !== RESULTCODES.REQUEST_KEY_REUSED) throw e
      this.endAttempt()
      return await send(this.attemptKey(ruleId))
    }
  }

  // ---------- rechargeResult: 'Recharge being checked' ----------

  /**
   * Back from the provider's page: ask for the recharge's status every RECHARGE_POLL_MS until it
   * is paid or declined; paid brings the new balance. A lost connection keeps asking quietly.
   * Returns the stop of this watch.
   */
  watchRecharge(rechargeId: string): () => void {
    const gen = ++this.checkGen
    this.checkingId = rechargeId
    this.recharge = null
    this.offline = false
    this.checkState = rechargeId ? 'checking' : 'notFound'
    if (rechargeId) this.rechargePoller.start(() => this.checkRecharge(rechargeId))
    return () => {
      if (gen === this.checkGen) this.rechargePoller.stop()
    }
  }

  private async checkRecharge(rechargeId: string): Promise<boolean> {
    try {
      const res = await this.gateway.request('RechargeStatusGet', [{ RechargeID: rechargeId }], { silent: true })
      const row = res.table1?.[0] ?? null
      return runInAction(() => {
        this.offline = false
        if (!row) {
          this.checkState = 'notFound'
          return false
        }
        this.recharge = row
        const vip = res.table2?.[0]
        if (vip) this.vip = vip
        if (row.Status === RECHARGE_STATUS.PENDING) return true
        this.checkState = row.Status === RECHARGE_STATUS.PAID ? 'paid' : 'declined'
        this.endAttempt()
        if (this.pendingRechargeId === row.RechargeID) this.deps.storage.remove(RECHARGE_PENDING_STORAGE)
        // The records gained entries: the next visit shows them.
        if (row.Status === RECHARGE_STATUS.PAID) this.balanceRecords.clear()
        return false
      })
    } catch (e) {
      const code = codeOf(e)
      if (isNetwork(e)) {
        runInAction(() => (this.offline = true))
        return true
      }
      if (code === RESULTCODES.RECHARGE_NOT_FOUND) {
        runInAction(() => (this.checkState = 'notFound'))
        return false
      }
      if (code === ERRCODES.LOGIN_REQUIRED) {
        runInAction(() => (this.checkState = 'notFound'))
        this.deps.askLogin()
        return false
      }
      // Anything else (a server hiccup): keep asking.
      return true
    }
  }

  // ---------- the member code ----------

  /** Seconds the shown code stays valid (0 once expired). */
  get codeSecondsLeft(): number {
    if (!this.code) return 0
    const gone = Math.floor((this.clock - this.codeAt) / 1000)
    return Math.max(0, this.code.ExpiresIn - gone)
  }

  get codeExpired(): boolean {
    return this.code !== null && this.codeSecondsLeft === 0
  }

  /**
   * vipQrCode: fetch the member code, fetch a new one every RefreshIn seconds, and tick the
   * countdown every second. Returns the stop (the page hides or leaves).
   */
  watchMemberCode(): () => void {
    const watch = ++this.codeWatch
    this.restartCode()
    return () => {
      if (watch === this.codeWatch) this.stopMemberCode()
    }
  }

  stopMemberCode(): void {
    this.codeGen++
    this.clearCodeTimers()
  }

  /** The refresh button: a new code now, the same watch going on from there. */
  refreshCode(): void {
    this.restartCode()
  }

  private restartCode(): void {
    const gen = ++this.codeGen
    this.clearCodeTimers()
    this.clock = this.now()
    void this.fetchCode(gen)
    this.tick(gen)
  }

  private clearCodeTimers(): void {
    for (const cancel of this.codeTimers) cancel()
    this.codeTimers = []
  }

  private tick(gen: number): void {
    const cancel = this.scheduler.after(1000, () => {
      if (gen !== this.codeGen) return
      runInAction(() => (this.clock = this.now()))
      this.tick(gen)
    })
    this.codeTimers.push(cancel)
  }

  private async fetchCode(gen: number): Promise<void> {
    if (!this.code) this.codeState = 'loading'
    let next = CODE_RETRY_MS
    try {
      const res = await this.gateway.request('VipQrCodeGet', [{}])
      if (gen !== this.codeGen) return
      const row = res.table1?.[0] ?? null
      runInAction(() => {
        if (!row) {
          this.codeState = 'failed'
          return
        }
        this.code = row
        this.codeAt = this.now()
        this.clock = this.codeAt
        this.codeState = 'ready'
      })
      if (row) next = Math.max(CODE_MIN_REFRESH_MS, Math.min(row.RefreshIn, row.ExpiresIn) * 1000)
    } catch (e) {
      if (gen !== this.codeGen) return
      runInAction(() => {
        if (!this.code || this.codeExpired) this.codeState = 'failed'
      })
      // Not signed in: the gateway has prompted for a login; nothing to ask again for.
      if (codeOf(e) === ERRCODES.LOGIN_REQUIRED) {
        runInAction(() => {
          this.code = null
          this.codeState = 'failed'
        })
        return
      }
    }
    if (gen !== this.codeGen) return
    this.codeTimers.push(this.scheduler.after(next, () => void (gen === this.codeGen && this.fetchCode(gen))))
  }

  // ---------- paying an order from the balance ----------

  /** Why the balance cannot pay `amount` (a message key), or null when it can or it is not yet known. */
  payProblem(amount: string | null | undefined): 'resultcode.20038' | 'resultcode.20042' | 'errcode.10010' | null {
    if (!this.signedIn) return 'errcode.10010'
    if (!this.vip) return null
    if (!this.hasPhone) return 'resultcode.20038'
    if (amount && toDecimal(this.vip.Balance).lt(toDecimal(amount))) return 'resultcode.20042'
    return null
  }

  /** The request key of paying this order from the balance (kept like the online payment's). */
  payKey(sheetId: string): string {
    const stored = this.deps.storage.get(BALANCE_ATTEMPT_STORAGE + sheetId)
    if (stored) return stored
    const key = newRequestKey('B', this.now(), this.deps.random)
    this.deps.storage.set(BALANCE_ATTEMPT_STORAGE + sheetId, key)
    return key
  }

  /**
   * BalancePay: the order is paid at once from the balance, or it says why not (insufficient
   * balance, no phone bound, not signed in, the order cannot be paid). A retry sends the same key.
   */
  async payOrder(sheetId: string): Promise<void> {
    if (this.payState === 'paying' && this.paySheetId === sheetId) return
    const seq = ++this.paySeq
    this.paySheetId = sheetId
    this.payState = 'paying'
    this.payError = ''
    this.paidOrder = null
    const send = () => this.gateway.request('BalancePay', [{ SheetID: sheetId, RequestKey: this.payKey(sheetId) }], { silent: true })
    try {
      let res: Partial<OperationTypes['BalancePay']['output']>
      try {
        res = await send()
      } catch (e) {
        if (codeOf(e) !== RESULTCODES.REQUEST_KEY_REUSED) throw e
        this.deps.storage.remove(BALANCE_ATTEMPT_STORAGE + sheetId)
        res = await send()
      }
      if (seq !== this.paySeq) return
      const payment = res.table1?.[0]
      const order = res.table2?.[0] ?? null
      if (order) this.deps.onOrder?.(order)
      runInAction(() => {
        if (payment && payment.Status === PAYMENT_STATUS.PAID) {
          this.paidOrder = order
          this.payState = 'paid'
          this.deps.storage.remove(BALANCE_ATTEMPT_STORAGE + sheetId)
          this.balanceRecords.clear()
        } else {
          this.payState = 'failed'
        }
      })
      void this.loadAccount(true)
    } catch (e) {
      if (seq !== this.paySeq) return
      const code = codeOf(e)
      runInAction(() => {
        this.payError = messageOf(e)
        if (code === RESULTCODES.INSUFFICIENT_BALANCE) this.payState = 'insufficient'
        else if (code === RESULTCODES.PHONE_NOT_BOUND) this.payState = 'bindPhone'
        else if (code === ERRCODES.LOGIN_REQUIRED) this.payState = 'login'
        else if (ORDER_REFUSALS.includes(code)) this.payState = 'notPayable'
        else this.payState = 'failed'
      })
      if (code === RESULTCODES.PHONE_NOT_BOUND) this.deps.askBind()
      else if (code === ERRCODES.LOGIN_REQUIRED) this.deps.askLogin()
      else if (code === RESULTCODES.INSUFFICIENT_BALANCE) void this.loadAccount(true)
    }
  }
}
