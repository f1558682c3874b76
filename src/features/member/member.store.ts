/**
 * The diner as a member (spec §1, §4 Login, §5, §6; issue 5): signed in or not, the member row
 * (VipDetailGet), login by phone + SMS code (registering on 42000 with the same code), the guest
 * identity of a plain browser, login by the host app's identity, binding a phone, the profile,
 * changing phone, logging out.
 *
 * Protected actions: the gateway answers 10010 when a member operation came without a valid
 * session; this store forgets the stale token and asks 'Operation not allowed without
 * logging-in.', whose confirm opens loginByCode with a `back` to where the diner was. Likewise
 * PHONE_NOT_BOUND ('Please bind your mobile number first') opens it in bind mode.
 *
 * Gateway and host come through the constructor; the modal, the texts, the route to the login
 * page and where the diner is come as deps (the composition root has them), so this stays testable.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes, MemberPlace } from '../../gateway/operations'
import type { CodeHandler, RequestOptions } from '../../gateway/gateway-client'
import { ERRCODES, RESULTCODES } from '../../gateway/codes'
import {
  PHONE_CHANGE_TYPE,
  REGISTER_TYPE,
  type MemberSessionRow,
  type SmsAreaRow,
  type VipRow
} from '../../gateway/member-rows'
import { MEMBER_TOKEN_STORAGE, readMemberToken } from '../../gateway/member-token'
import type { Host } from '../../hosts/host'
import { isValidMemberName } from '../../core/member-name'
import { CodeForm, codeOf, messageOf, realTicker, type Ticker, type Translate } from './code-form'
import type { HostUserRow } from '../../gateway/host-login-rows'
import { HostLoginError, hostLoginKindOf, type AuthorizeReturn, type HostLogin, type HostLoginKind } from '../../hosts/host-login'
import { authorizeAt, checkReturn, exchangeByUserInfo, savePending, takePending, type ExchangeDeps } from './host-login'
import { wasConfirmed, type Confirm } from '../../hosts/confirm-signal'

type MemberOps =
  | 'SmsAreaList'
  | 'SmsVerifySend'
  | 'VipLoginGet'
  | 'VipRegister'
  | 'VipBindPhone'
  | 'VipHostPhoneBind'
  | 'GuestLogin'
  | 'GuestRegister'
  | 'VipLoginByOpenID'
  | 'ThirdPartyAccessTokenGet'
  | 'ThirdPartyUserInfoGet'
  | 'VipDetailGet'
  | 'VipProfileUpdate'
  | 'VipPhoneChange'
  | 'VipLogout'
  | 'UserPayInfoGet'

/** The part of the gateway client this store uses. */
export interface MemberGateway {
  request<K extends MemberOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
  onErrcode(code: string, handler: CodeHandler): () => void
  onResultcode(code: string, handler: CodeHandler): () => void
}

export type MemberHost = Pick<Host, 'storage' | 'subHost' | 'loginCode' | 'hostLogin' | 'request' | 'appUrl' | 'defaultGatewayOrigin' | 'toast'>

export type LoginMode = 'login' | 'bind'

/**
 * Spec §3 openUserInfo: who the host app says the diner is, from the last host sign-in (mini-program
 * login code or host browser OAuth, checked by our server). Kept in memory only, never in storage:
 * accessToken is our server's signed proof of the open id (2 hours), which a page must not leak.
 * unionid and sex are '' : the providers here do not pass them on (docs/host-sign-in.md).
 */
export interface OpenUserInfo {
  openid: string
  unionid: string
  /** The mini-program the identity belongs to (the shop's MinaID; '' in a host browser). */
  MinaID: string
  nickname: string
  sex: string
  headimgurl: string
  accessToken: string
}

export interface MemberStoreDeps {
  t: Translate
  /** The host's confirmation modal; true on confirm. */
  /** The host's confirm: rejects with the cancel signal on cancel (hosts/confirm-signal). */
  confirm: Confirm
  /** Opens loginByCode (mode, and the route to return to). */
  openLogin(mode: LoginMode, back: string): void
  /** The route the diner is on now, with its query ('' unknown). */
  here(): string
  /** Shop and branch names and codes a registration records (spec §7). */
  place(): MemberPlace
  /** The shop's mini-program id, for a host identity login. */
  minaId(): string
  /** The enterprise (the host browsers' user-info calls name it; '' none yet). */
  entId?(): string
  /** The app's language, for the server's messages. */
  locale?(): string
  /** Opens browserPrompt: this page needs the `kind` host browser. */
  openBrowserPrompt?(kind: HostLoginKind, back: string): void
  ticker?: Ticker
  /** The pause between a busy host answer and the next try (core/wait, 1000 ms); tests pass their own. */
  wait?: () => Promise<void>
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

export interface ProfileInput {
  VipName: string
  Sex: string
  Birthy: string
}

export class MemberStore {
  /** The session token ('' signed out). */
  token = ''
  vip: VipRow | null = null
  detailState: LoadState = 'idle'

  areas: SmsAreaRow[] = []
  areasState: LoadState = 'idle'

  /** loginByCode (login or bind). */
  readonly loginForm: CodeForm
  /** changeByCode: step 1 the current phone, step 2 the new one. */
  readonly changeForm: CodeForm
  changeStep: 1 | 2 = 1
  private changeTicket = ''
  changeDone = false

  /** Spec §3 openUserInfo: the host identity of the last host sign-in (memory only); null none. */
  openUserInfo: OpenUserInfo | null = null
  /**
   * Spec §3 QFOpenid: the payer's id at the payment provider (UserPayInfoGet with a fresh host
   * login code, after a mini-program sign-in); '' unknown. Memory only.
   */
  QFOpenid = ''
  guestBusy = false
  openIdBusy = false
  /** A host browser's sign-in is exchanging its code. */
  hostBusy = false
  savingProfile = false
  profileError = ''
  loggingOut = false

  /** A login prompt is on screen (several refused calls at once ask once). */
  private prompting = false
  private openIdTried = false

  constructor(
    private readonly gateway: MemberGateway,
    private readonly host: MemberHost,
    private readonly deps: MemberStoreDeps
  ) {
    const ticker = deps.ticker ?? realTicker
    const area = (no: string) => this.areas.find((a) => a.AreaNo === no)
    this.loginForm = new CodeForm(gateway, ticker, deps.t, area)
    this.changeForm = new CodeForm(gateway, ticker, deps.t, area)
    this.token = readMemberToken(host.storage) ?? ''
    makeAutoObservable<MemberStore, 'gateway' | 'host' | 'deps' | 'prompting' | 'changeTicket' | 'openIdTried'>(this, {
      gateway: false,
      host: false,
      deps: false,
      prompting: false,
      changeTicket: false,
      openIdTried: false,
      loginForm: false,
      changeForm: false
    })
    gateway.onErrcode(ERRCODES.LOGIN_REQUIRED, () => this.loginRequired())
    gateway.onResultcode(RESULTCODES.PHONE_NOT_BOUND, () => void this.promptBind())
  }

  get signedIn(): boolean {
    return this.token !== ''
  }

  get isGuest(): boolean {
    return this.vip?.IsGuest === 1
  }

  /** A phone is bound (recharge and balance payment need one). */
  get hasPhone(): boolean {
    return !!this.vip?.Phone
  }

  /** Spec §4: guest login exists for plain browsers. */
  get guestOffered(): boolean {
    return this.host.subHost === 'plain'
  }

  /** The host app can vouch for the diner (chat-app and payment-app mini-programs). */
  get openIdOffered(): boolean {
    return this.hostLoginKind !== null || (typeof this.host.loginCode === 'function' && this.host.subHost !== 'plain')
  }

  /** The host browser whose own identity signs the diner in here (H5), else null. */
  get hostLoginKind(): HostLoginKind | null {
    return typeof this.host.hostLogin === 'function' ? hostLoginKindOf(this.host.subHost) : null
  }

  // ---------- the member ----------

  /** The member row again (mine on show). A stale session is forgotten quietly: mine shows 'log in'. */
  async loadDetail(): Promise<void> {
    if (!this.signedIn) {
      this.vip = null
      this.detailState = 'idle'
      return
    }
    if (!this.vip) this.detailState = 'loading'
    try {
      const res = await this.gateway.request('VipDetailGet', [{}], { silent: true })
      runInAction(() => {
        const row = res.table1?.[0]
        if (row) this.vip = row
        this.detailState = row ? 'ready' : 'failed'
      })
    } catch (e) {
      runInAction(() => {
        if (codeOf(e) === ERRCODES.LOGIN_REQUIRED) this.forget()
        else this.detailState = 'failed'
      })
    }
  }

  // ---------- logging in ----------

  /** Login by phone + SMS code; an unknown phone registers with the same code (RegisterType 1). */
  async loginByCode(): Promise<boolean> {
    const f = this.loginForm
    return f.submit(async () => {
      const who = { Phone: f.phone, AreaNo: f.areaNo, Code: f.code }
      let res: Partial<OperationTypes['VipLoginGet']['output']>
      try {
        res = await this.gateway.request('VipLoginGet', [who], { silent: true })
      } catch (e) {
        if (codeOf(e) !== RESULTCODES.MEMBER_NOT_REGISTERED) throw e
        // 42000 leaves the code unused, so it makes the member now.
        res = await this.gateway.request('VipRegister', [{ ...this.deps.place(), RegisterType: REGISTER_TYPE.PHONE_AND_CODE, ...who }], { silent: true })
      }
      this.signIn(res)
      runInAction(() => f.reset('', f.areaNo))
    })
  }

  /** Binds the phone of the login form to the signed-in member (a guest or an open-id member). */
  async bindPhone(): Promise<boolean> {
    const f = this.loginForm
    return f.submit(async () => {
      const res = await this.gateway.request('VipBindPhone', [{ Phone: f.phone, AreaNo: f.areaNo, Code: f.code, SourceType: 'VipBindPhone' }], { silent: true })
      runInAction(() => {
        const row = res.table1?.[0]
        if (row) this.vip = row
        f.reset('', f.areaNo)
      })
    })
  }

  /** The device's walk-in guest identity (plain browsers): GuestLogin, or GuestRegister on 42000. */
  async guestLogin(): Promise<boolean> {
    if (this.guestBusy) return false
    this.guestBusy = true
    this.loginForm.error = ''
    const place = this.deps.place()
    try {
      let res: Partial<OperationTypes['GuestLogin']['output']>
      try {
        res = await this.gateway.request('GuestLogin', [place], { silent: true })
      } catch (e) {
        if (codeOf(e) !== RESULTCODES.MEMBER_NOT_REGISTERED) throw e
        res = await this.gateway.request('GuestRegister', [place], { silent: true })
      }
      this.signIn(res)
      return true
    } catch (e) {
      runInAction(() => {
        this.loginForm.error = messageOf(e, this.deps.t)
      })
      return false
    } finally {
      runInAction(() => {
        this.guestBusy = false
      })
    }
  }

  /**
   * Login by the phone the host verified (the chat-app mini-program's getPhoneNumber button gave
   * `phoneCode`; spec §4 RegisterType 0): a fresh login code and the phone code to
   * ThirdPartyAccessTokenGet, then VipRegister 0, which logs in the member who has the open id or
   * that phone, else registers one with it. A refused phone code says "log in with an SMS code".
   */
  async phoneLogin(phoneCode: string): Promise<boolean> {
    if (this.signedIn) return false
    return this.withHostPhone(phoneCode, async ({ OpenID, AccessToken }) => {
      const MinaID = this.deps.minaId()
      const res = await this.gateway.request('VipRegister', [{ ...this.deps.place(), RegisterType: REGISTER_TYPE.PHONE_ONLY, OpenID, AccessToken, MinaID }], { silent: true })
      this.signIn(res)
      runInAction(() => {
        this.openUserInfo = { openid: OpenID, unionid: '', MinaID, nickname: '', sex: '', headimgurl: '', accessToken: AccessToken }
      })
      void this.loadPayerId()
    })
  }

  /** Binds the phone the host verified (getPhoneNumber's `phoneCode`) to the signed-in member (VipHostPhoneBind). */
  async bindHostPhone(phoneCode: string): Promise<boolean> {
    if (!this.signedIn) return false
    return this.withHostPhone(phoneCode, async ({ OpenID, AccessToken }) => {
      const res = await this.gateway.request('VipHostPhoneBind', [{ OpenID, AccessToken }], { silent: true })
      runInAction(() => {
        const row = res.table1?.[0]
        if (row) this.vip = row
      })
    })
  }

  /** A fresh login code with the phone code → an AccessToken carrying the phone the host verified, then `use` it. */
  private async withHostPhone(phoneCode: string, use: (access: { OpenID: string; AccessToken: string }) => Promise<void>): Promise<boolean> {
    if (this.openIdBusy || !this.openIdOffered || this.hostLoginKind) return false
    this.openIdBusy = true
    this.loginForm.setError('')
    try {
      const code = await this.host.loginCode?.()
      if (!code) return false
      const access = (await this.gateway.request('ThirdPartyAccessTokenGet', [{ Code: code, PhoneCode: phoneCode }], { silent: true })).table1?.[0]
      if (!access) return false
      await use(access)
      return true
    } catch (e) {
      runInAction(() => {
        this.loginForm.error = messageOf(e, this.deps.t)
      })
      return false
    } finally {
      runInAction(() => {
        this.openIdBusy = false
      })
    }
  }

  /**
   * Login by the host app's identity (spec §4: reuse a known member, else log in by open id and
   * register when none exists). False where the host offers no login code or the diner refused.
   * `quiet`: once per app run, without showing an error (mine tries it on its own).
   */
  async openIdLogin(quiet = false): Promise<boolean> {
    if (this.hostLoginKind) return this.hostBrowserLogin(quiet)
    if (this.signedIn || this.openIdBusy || !this.openIdOffered) return false
    if (quiet && this.openIdTried) return false
    this.openIdTried = true
    this.openIdBusy = true
    try {
      const code = await this.host.loginCode?.()
      if (!code) return false
      const access = (await this.gateway.request('ThirdPartyAccessTokenGet', [{ Code: code }], { silent: true })).table1?.[0]
      if (!access) return false
      const { OpenID, AccessToken } = access
      const MinaID = this.deps.minaId()
      let hostName = ''
      let hostPic = ''
      let res: Partial<OperationTypes['VipLoginByOpenID']['output']>
      try {
        res = await this.gateway.request('VipLoginByOpenID', [{ OpenID, AccessToken, MinaID, LoginType: 0 }], { silent: true })
      } catch (e) {
        if (codeOf(e) !== RESULTCODES.MEMBER_NOT_REGISTERED) throw e
        // Not registered yet: with the phone the provider vouches for (type 0), else none (type 2).
        const user = (await this.gateway.request('ThirdPartyUserInfoGet', [{ AccessToken, OpenID }], { silent: true })).table1?.[0]
        hostName = user?.NikeName ?? ''
        hostPic = user?.Pic ?? ''
        const vouched = user?.Phone ? { RegisterType: REGISTER_TYPE.PHONE_ONLY, Phone: user.Phone, AreaNo: user.AreaNo } : { RegisterType: REGISTER_TYPE.NEITHER }
        res = await this.gateway.request(
          'VipRegister',
          [{ ...this.deps.place(), ...vouched, OpenID, AccessToken, MinaID, VipName: user?.NikeName ?? '', HeadImg: user?.Pic ?? '' }],
          { silent: true }
        )
      }
      this.signIn(res)
      runInAction(() => {
        this.openUserInfo = { openid: OpenID, unionid: '', MinaID, nickname: hostName, sex: '', headimgurl: hostPic, accessToken: AccessToken }
      })
      void this.loadPayerId()
      return true
    } catch (e) {
      if (!quiet) {
        runInAction(() => {
          this.loginForm.error = messageOf(e, this.deps.t)
        })
      }
      return false
    } finally {
      runInAction(() => {
        this.openIdBusy = false
      })
    }
  }

  // ---------- the H5 host browsers (issue 14): OAuth there and back ----------

  /**
   * Finishes a host sign-in whose code came back in the address, or (not signed in) starts one:
   * to the host's authorise page and back to `back`. `quiet`: Mine's own try, once per app run.
   * False while leaving for the host or when nothing signed the diner in.
   */
  async hostBrowserLogin(quiet = false, back = this.deps.here()): Promise<boolean> {
    const adapter = await this.host.hostLogin?.()
    if (!adapter) return false
    const ret = adapter.takeReturn()
    if (ret && !this.signedIn) return this.finishHostLogin(adapter, ret)
    if (this.signedIn || this.hostBusy || (quiet && this.openIdTried)) return false
    this.openIdTried = true
    await this.startAuthorize(adapter, back)
    return false
  }

  /**
   * A page that needs the `kind` host (loginByCode?host=…): in that host's browser it signs in;
   * in any other the diner is told which browser to open it in (browserPrompt).
   */
  async requireHostLogin(kind: HostLoginKind, back: string): Promise<boolean> {
    if (this.hostLoginKind !== kind) {
      this.deps.openBrowserPrompt?.(kind, back)
      return false
    }
    return this.hostBrowserLogin(false, back)
  }

  private exchangeDeps(): ExchangeDeps {
    return { request: (r) => this.host.request(r), base: this.host.defaultGatewayOrigin(), entId: this.deps.entId?.() ?? '', lang: this.deps.locale?.() ?? '', wait: this.deps.wait }
  }

  private tell(message: string): void {
    runInAction(() => {
      this.loginForm.error = message
    })
    this.host.toast(message)
  }

  private async startAuthorize(adapter: HostLogin, back: string): Promise<void> {
    const redirect = this.host.appUrl(back)
    const deps = this.exchangeDeps()
    if (!redirect || !deps.entId) return
    try {
      const state = adapter.newState()
      const at = await authorizeAt(deps, adapter.kind, redirect, state)
      if (!at) throw new Error(this.deps.t('network.error'))
      await adapter.prepare(at.AppID)
      savePending(this.host.storage, { kind: adapter.kind, state, appId: at.AppID, back, at: Date.now() })
      adapter.leaveTo(at.AuthorizeUrl)
    } catch (e) {
      // Spec §8: the super-app's SDK missing or failing → 'failed to create instance'.
      this.tell(e instanceof HostLoginError ? this.deps.t('hostLogin.failedInstance') : messageOf(e, this.deps.t))
    }
  }

  /** '检测到未授权，是否重新授权': the host refused or the code is spent; confirm goes to authorise again. */
  private async offerReauthorize(adapter: HostLogin, back: string): Promise<boolean> {
    const ok = await wasConfirmed(this.deps.confirm({ content: this.deps.t('hostLogin.reauthorize'), confirm: this.deps.t('hostLogin.reauthorizeButton'), cancel: this.deps.t('common.cancel') }))
    if (ok) await this.startAuthorize(adapter, back)
    return false
  }

  private async finishHostLogin(adapter: HostLogin, ret: AuthorizeReturn): Promise<boolean> {
    const pending = takePending(this.host.storage, Date.now())
    const checked = checkReturn(ret, pending, adapter.kind)
    const back = pending?.back || this.deps.here()
    if ('problem' in checked) {
      // Not started here (another tab, a forged link): nothing is exchanged.
      if (checked.problem === 'state') {
        this.tell(this.deps.t('hostLogin.stateMismatch'))
        return false
      }
      return this.offerReauthorize(adapter, back)
    }
    this.openIdTried = true
    this.hostBusy = true
    try {
      let user: HostUserRow
      if (adapter.kind === 'superapp' || adapter.kind === 'thirdparty') {
        const access = await this.gateway
          .request('ThirdPartyAccessTokenGet', [{ Code: checked.code, HostKind: adapter.kind }], { silent: true })
          .then((r) => r.table1?.[0])
          .catch(() => undefined)
        if (!access) {
          // Spec §8: 'failed to get accesstoken'; the diner may authorise again.
          this.tell(this.deps.t('hostLogin.failedToken'))
          return await this.offerReauthorize(adapter, back)
        }
        const info = (await this.gateway.request('ThirdPartyUserInfoGet', [{ AccessToken: access.AccessToken, OpenID: access.OpenID }], { silent: true })).table1?.[0]
        user = { ...access, NikeName: info?.NikeName ?? '', Pic: info?.Pic ?? '', AreaNo: info?.AreaNo ?? '', Phone: info?.Phone ?? '' }
      } else {
        const out = await exchangeByUserInfo(this.exchangeDeps(), adapter.kind, checked.code, pending?.appId ?? '')
        if (!out.ok) {
          if (out.reauthorize) return await this.offerReauthorize(adapter, back)
          this.tell(out.message)
          return false
        }
        user = out.user
      }
      await this.loginAsHostUser(user)
      return true
    } catch (e) {
      this.tell(messageOf(e, this.deps.t))
      return false
    } finally {
      runInAction(() => {
        this.hostBusy = false
      })
    }
  }

  /** Spec §4: log in by open id; 42000 registers with what the host gave (a phone only when vouched for). */
  private async loginAsHostUser(user: HostUserRow): Promise<void> {
    const { OpenID, AccessToken } = user
    let res: Partial<OperationTypes['VipLoginByOpenID']['output']>
    try {
      res = await this.gateway.request('VipLoginByOpenID', [{ OpenID, AccessToken, MinaID: '', LoginType: 0 }], { silent: true })
    } catch (e) {
      if (codeOf(e) !== RESULTCODES.MEMBER_NOT_REGISTERED) throw e
      const vouched = user.Phone ? { RegisterType: REGISTER_TYPE.PHONE_ONLY, Phone: user.Phone, AreaNo: user.AreaNo } : { RegisterType: REGISTER_TYPE.NEITHER }
      res = await this.gateway.request('VipRegister', [{ ...this.deps.place(), ...vouched, OpenID, AccessToken, VipName: user.NikeName, HeadImg: user.Pic }], { silent: true })
    }
    this.signIn(res)
    runInAction(() => {
      this.openUserInfo = { openid: OpenID, unionid: '', MinaID: '', nickname: user.NikeName, sex: '', headimgurl: user.Pic, accessToken: AccessToken }
    })
  }

  private signIn(res: { table1?: MemberSessionRow[]; table2?: VipRow[] }): void {
    const session = res.table1?.[0]
    if (!session?.Token) throw new Error('login answered without a session')
    this.host.storage.set(MEMBER_TOKEN_STORAGE, session.Token)
    runInAction(() => {
      this.token = session.Token
      this.vip = res.table2?.[0] ?? null
      this.detailState = this.vip ? 'ready' : 'idle'
    })
  }

  /** Signed out here (the server's session ended, or was never valid). */
  private forget(): void {
    this.host.storage.remove(MEMBER_TOKEN_STORAGE)
    this.token = ''
    this.vip = null
    this.detailState = 'idle'
    this.changeStep = 1
    this.changeTicket = ''
    this.openUserInfo = null
    this.QFOpenid = ''
  }

  /**
   * Spec §3 QFOpenid (§7 Bank 'user pay info'): the payer's id at the deployment's payment
   * provider, from a fresh host login code (mini-programs). Quiet: a provider that gives none from
   * a code (WeChat Pay pays by the sign-in's open id) or no code leaves it ''.
   */
  async loadPayerId(): Promise<string> {
    try {
      const code = await this.host.loginCode?.()
      if (!code) return this.QFOpenid
      const row = (await this.gateway.request('UserPayInfoGet', [{ Code: code }], { silent: true })).table1?.[0]
      runInAction(() => {
        this.QFOpenid = row?.PayerID ?? ''
      })
    } catch {
      // None: the payment goes on with what the server knows of the member.
    }
    return this.QFOpenid
  }

  /** Ends the session on the server and here; here even when the server cannot be reached. */
  async logout(): Promise<void> {
    if (!this.signedIn || this.loggingOut) return
    this.loggingOut = true
    try {
      await this.gateway.request('VipLogout', [{}], { silent: true })
    } catch {
      // A session already gone (10010) or no connection: this device forgets it all the same.
    } finally {
      runInAction(() => {
        this.loggingOut = false
        this.forget()
      })
    }
  }

  // ---------- protected actions ----------

  private loginRequired(): void {
    this.forget()
    void this.promptLogin()
  }

  /** 'Operation not allowed without logging-in.': confirm opens loginByCode, returning here after. */
  async promptLogin(back = this.deps.here()): Promise<boolean> {
    return this.prompt(this.deps.t('errcode.10010'), this.deps.t('member.goLogin'), 'login', back)
  }

  /** 'Please bind your mobile number first': confirm opens loginByCode in bind mode. */
  async promptBind(back = this.deps.here()): Promise<boolean> {
    return this.prompt(this.deps.t('resultcode.20038'), this.deps.t('member.goBind'), 'bind', back)
  }

  private async prompt(content: string, confirm: string, mode: LoginMode, back: string): Promise<boolean> {
    if (this.prompting) return false
    this.prompting = true
    let ok = false
    try {
      ok = await wasConfirmed(this.deps.confirm({ content, confirm, cancel: this.deps.t('common.cancel') }))
    } finally {
      this.prompting = false
    }
    if (ok) this.deps.openLogin(mode, back)
    return ok
  }

  // ---------- area codes ----------

  async loadAreas(): Promise<void> {
    if (this.areasState === 'ready' || this.areasState === 'loading') return
    this.areasState = 'loading'
    try {
      const res = await this.gateway.request('SmsAreaList', [{}], { silent: true })
      runInAction(() => {
        this.areas = res.table1 ?? []
        this.areasState = 'ready'
      })
    } catch {
      runInAction(() => {
        this.areasState = 'failed'
      })
    }
  }

  areaName(areaNo: string): string {
    return this.areas.find((a) => a.AreaNo === areaNo)?.AreaName ?? ''
  }

  // ---------- profile ----------

  /** Saves name, sex and birthday; the name rule of spec §5 is checked here first. */
  async saveProfile(input: ProfileInput): Promise<boolean> {
    if (this.savingProfile) return false
    const VipName = input.VipName.trim()
    const problem = !VipName ? 'member.nameRequired' : !isValidMemberName(VipName) ? 'resultcode.20039' : ''
    if (problem) {
      this.profileError = this.deps.t(problem)
      return false
    }
    this.savingProfile = true
    this.profileError = ''
    try {
      const res = await this.gateway.request('VipProfileUpdate', [{ VipName, Sex: input.Sex, Birthy: input.Birthy }], { silent: true })
      runInAction(() => {
        const row = res.table1?.[0]
        if (row) this.vip = row
      })
      return true
    } catch (e) {
      runInAction(() => {
        if (codeOf(e) === ERRCODES.LOGIN_REQUIRED) this.loginRequired()
        else this.profileError = messageOf(e, this.deps.t)
      })
      return false
    } finally {
      runInAction(() => {
        this.savingProfile = false
      })
    }
  }

  /** issue 17: after — the member as the server answered a change elsewhere (the avatar). */
  applyVip(row: VipRow): void {
    if (this.vip && this.vip.VipID !== row.VipID) return
    this.vip = row
  }

  clearProfileError(): void {
    this.profileError = ''
  }

  // ---------- change phone ----------

  /** changeByCode opens: step 1 with the current phone filled in (not editable). */
  startChange(): void {
    this.changeStep = 1
    this.changeTicket = ''
    this.changeDone = false
    this.changeForm.reset(this.vip?.Phone ?? '', this.vip?.AreaNo || this.changeForm.areaNo)
  }

  get changeSourceType(): 'VipPhoneVerify' | 'VipPhoneChange' {
    return this.changeStep === 1 ? 'VipPhoneVerify' : 'VipPhoneChange'
  }

  /** Step 1 verifies the current phone (a ticket), step 2 moves to the new one (the member row is replaced). */
  async submitChange(): Promise<boolean> {
    const f = this.changeForm
    return f.submit(
      async () => {
        if (this.changeStep === 1) {
          const res = await this.gateway.request('VipPhoneChange', [{ Type: PHONE_CHANGE_TYPE.VERIFY, Phone: f.phone, AreaNo: f.areaNo, Code: f.code }], { silent: true })
          const ticket = res.table1?.[0]?.ChangeTicket
          if (!ticket) throw new Error('no change ticket')
          runInAction(() => {
            this.changeTicket = ticket
            this.changeStep = 2
            // The countdown was for the current phone; the new one may get its code at once.
            f.stop()
            f.countdown = 0
            f.reset('', f.areaNo)
          })
          return
        }
        const res = await this.gateway.request(
          'VipPhoneChange',
          [{ Type: PHONE_CHANGE_TYPE.CHANGE, Phone: f.phone, AreaNo: f.areaNo, Code: f.code, ChangeTicket: this.changeTicket }],
          { silent: true }
        )
        runInAction(() => {
          const row = res.table2?.[0]
          if (row) this.vip = row
          this.changeDone = true
          this.changeTicket = ''
        })
      },
      (e) => {
        const code = codeOf(e)
        if (code === ERRCODES.LOGIN_REQUIRED) {
          this.loginRequired()
          return true
        }
        f.error = messageOf(e, this.deps.t)
        // The ticket ran out: verify the current phone again.
        if (code === RESULTCODES.CHANGE_TICKET_INVALID) {
          const error = f.error
          this.startChange()
          f.error = error
        }
        return true
      }
    )
  }
}
