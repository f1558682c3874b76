/**
 * The session (spec §3 "Session state"): who and where the diner is. Initialised from the
 * entry query: enterprise by code → shop, user, branch, table and open sheet → params.
 * The resolved entry is kept in local storage so a reload lands in the same place.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Host } from '../../hosts/host'
import type { Gateway } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import { type LocalizedText } from '../../gateway/contract'
import { QR_CODE_INVALID, SHOP_NOT_FOUND } from '../../gateway/entry-codes'
import type { BaseRow, ServiceLinkRow, ShopRow, TableExtrasRow } from '../../gateway/operations'
import { hasEntryTarget, readEntryParams, type EntryParams } from '../../core/entry-params'
import { addMilliseconds, parseWallClock, type WallClock } from '../../core/wall-clock'
import { clockText, inDailyWindow, isWholeDayText, parseClock } from '../../core/daily-window'
import { orderingRefusal, type OrderingRefusal } from '../../core/ordering-allowed'
import { isBusinessDistrictPosType } from '../../core/shop-type'

export const SESSION_STORAGE_KEY = 'scanorder.entry'
export const VIP_STORAGE_KEY = 'scanorder.vipId'
/** The launch timer's step (spec §4): the session clock moves at least once a minute. */
export const LAUNCH_TIMER_MS = 60_000

export interface SessionParams {
  EntID: string
  UserID: string
  EntName: string
  UserName: string
  ShopID: string
  BaseID: string
  VipID: string
  VipName: string
  QRCode: string
  TableID: string
  PosSignSheetID: string
  BusinessMode: string
}

/**
 * The walk-in customer label (spec §3: both default names are it). It is data, as the spec's
 * params hold it; a page that shows a name shows the catalogue's 'member.guestName' instead.
 */
export const WALK_IN = '散客'

/**
 * The default guest identity (spec §3: ENTID, USERID, ENTNAME, USERNAME, both names the walk-in
 * label) until the entry resolves; a shop that names no user for the diner keeps the walk-in user.
 */
export const GUEST_PARAMS: SessionParams = {
  EntID: '',
  UserID: '',
  EntName: WALK_IN,
  UserName: WALK_IN,
  ShopID: '',
  BaseID: '',
  VipID: '',
  VipName: '',
  QRCode: '',
  TableID: '',
  PosSignSheetID: '',
  BusinessMode: '0'
}

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'no-entry' | 'failed'

export interface SessionFailure {
  /** resultcode/errcode when the gateway said why, '' for network trouble. */
  code: string
  message: string
}

export interface SheetData {
  SheetID: string
  CreatedDate: string
  Status: number
}

export class SessionStore {
  status: SessionStatus = 'idle'
  failure: SessionFailure | null = null
  params: SessionParams = { ...GUEST_PARAMS }
  entNames: LocalizedText | null = null
  shopInfo: ShopRow | null = null
  baseInfo: BaseRow | null = null
  table: TableExtrasRow | null = null
  /** Tables of the branch when the entry named none (Home offers choosing one); 0 otherwise. */
  tableCount = 0
  sheet: SheetData | null = null
  entSysParams: Record<string, string> = {}
  shopParams: Record<string, string> = {}
  /** Per branch (spec §3): OpeningHours and IsPayLaterOnlineCheckout. */
  openingHours: Record<string, string> = {}
  isPayLaterOnlineCheckout: Record<string, string> = {}
  serviceLinks: Record<string, string> = {}
  hideTabBar = false
  /** The entry's SheetID (spec §2), for the entry page to open or refuse; '' without one. */
  entrySheetId = ''
  /**
   * The shop and branch the code names, known after the first round trip while the rest of the
   * session is still on its way: the menu starts loading with it, one round trip earlier
   * (the goods list's first picture was Lighthouse's late LCP). Null once failed or before.
   */
  earlyScope: { ShopID: string; BaseID: string } | null = null
  /** The enterprise's wall clock when the server answered, and the device time then. */
  private serverClock: { wall: WallClock; at: number } | null = null
  /** Ticks so observers of `now` re-evaluate. */
  private tick = 0
  private ticker: ReturnType<typeof setInterval> | null = null
  /** The launch timer (spec §4): started at launch and on show, stopped on hide. */
  private launchTicker: ReturnType<typeof setInterval> | null = null
  /** The entry being resolved, for ensureReady to wait on. */
  private pending: Promise<void> | null = null

  constructor(
    private readonly gateway: Gateway,
    private readonly host: Pick<Host, 'storage' | 'entryQuery'> & Partial<Pick<Host, 'miniProgramAppId'>>,
    private readonly clock: () => number = () => Date.now()
  ) {
    makeAutoObservable<SessionStore, 'gateway' | 'host' | 'clock' | 'ticker' | 'pending' | 'launchTicker'>(this, {
      launchTicker: false,
      gateway: false,
      host: false,
      clock: false,
      ticker: false,
      pending: false
    })
  }

  get isReady(): boolean {
    return this.status === 'ready'
  }

  /** Where the menu is read: the session's shop and branch, or before it is ready the code's own. */
  get menuScope(): { ShopID: string; BaseID: string } | null {
    if (this.isReady) return { ShopID: this.params.ShopID, BaseID: this.params.BaseID }
    return this.status === 'loading' ? this.earlyScope : null
  }

  /** The enterprise's wall clock now (spec §4: times in the enterprise's time zone). */
  get now(): WallClock | null {
    void this.tick
    if (!this.serverClock) return null
    return addMilliseconds(this.serverClock.wall, this.clock() - this.serverClock.at)
  }

  /**
   * Which cart and checkout the diner uses (spec §1): at a dine-in table (a table of a branch
   * whose CYType is not '1' fast food) the order is sent first and paid later (postpay);
   * fast food, counters and shops without a table pay first (prepay). So does a table chosen by
   * hand (an entry by TableID, no QRCode): without the table's code its sheet is not open to the
   * diner (the server's TABLE_CODE_REQUIRED), so orders are paid first, to that table (issue 16).
   */
  get payMode(): 'postpay' | 'prepay' {
    return this.params.TableID && this.params.QRCode && this.baseInfo && this.baseInfo.CYType !== '1' ? 'postpay' : 'prepay'
  }

  /** At a table chosen by hand (no QR code of it): orders prepay and its sheet stays closed. */
  get tableByHand(): boolean {
    return Boolean(this.params.TableID && !this.params.QRCode)
  }

  /**
   * Spec §3 APIEntID: the enterprise the gateway's calls are made for (every envelope's EntID),
   * as the entry's code resolved it (EntIDGet); '' before.
   */
  get APIEntID(): string {
    return this.params.EntID
  }

  /**
   * Spec §3 isOwnMina: the app runs as this shop's own mini-program (the host's app id is the
   * shop's MinaAppID), so the host identity it signs in with is the shop's own (MinaID). False on
   * H5 and in another mini-program.
   */
  get isOwnMina(): boolean {
    const appId = this.host.miniProgramAppId?.() ?? null
    return Boolean(appId && this.shopInfo?.MinaAppID && appId === this.shopInfo.MinaAppID)
  }

  /** Spec §4: the shop is a business-district one (PosType 5: a food court or market of stalls). */
  get isBusinessDistrict(): boolean {
    return this.shopInfo !== null && isBusinessDistrictPosType(this.shopInfo.PosType)
  }

  /** Whether an earlier entry that worked is kept (a way on after a refused code). */
  hasStoredEntry(): boolean {
    return hasEntryTarget(this.storedEntry())
  }

  /** BeginTime/EndTime with the defaults 00:00–23:59 and midnight crossing (spec §4). */
  get openState(): { open: boolean; allDay: boolean; begin: string; end: string } | null {
    const base = this.baseInfo
    const now = this.now
    if (!base || !now) return null
    const begin = parseClock(base.BeginTime) === null ? '00:00' : clockText(base.BeginTime)
    const end = parseClock(base.EndTime) === null ? '23:59' : clockText(base.EndTime)
    return {
      open: inDailyWindow(base.BeginTime, base.EndTime, now.secondsOfDay),
      allDay: isWholeDayText(base.BeginTime, base.EndTime),
      begin,
      end
    }
  }

  /**
   * Why the table's open sheet takes no more rounds now (spec §4 "Ordering allowed"), or null
   * when it does or there is no sheet. Spec §2: then the app goes to orderEntry.
   */
  get sheetRefusal(): OrderingRefusal | null {
    const base = this.baseInfo
    const now = this.now
    const sheet = this.sheet
    if (!sheet || !sheet.SheetID || !base || !now) return null
    const created = parseWallClock(sheet.CreatedDate)
    const seconds = (w: WallClock) => Date.UTC(+w.date.slice(0, 4), +w.date.slice(5, 7) - 1, +w.date.slice(8, 10)) / 1000 + w.secondsOfDay
    return orderingRefusal({
      beginTime: base.BeginTime,
      endTime: base.EndTime,
      nowSecondsOfDay: now.secondsOfDay,
      webOrderDuration: base.WebOrderDuration,
      sheetAgeSeconds: created ? Math.max(0, seconds(now) - seconds(created)) : null,
      sheetStatus: sheet.Status
    })
  }

  /** The table's sheet after a round was placed on it (or null once it is closed). */
  setSheet(sheet: SheetData | null): void {
    this.sheet = sheet
    this.params = { ...this.params, PosSignSheetID: sheet?.SheetID ?? '' }
  }

  /** Keeps `now` moving while a page shows it; the page stops it when hidden. */
  startClock(intervalMs = 30000): void {
    this.stopClock()
    this.ticker = setInterval(() => this.bumpTick(), intervalMs)
  }

  stopClock(): void {
    if (this.ticker) clearInterval(this.ticker)
    this.ticker = null
  }

  /**
   * Spec §4 "A launch timer can be started and stopped": from launch, while the app is shown, the
   * session's clock (`now`, the enterprise's wall clock from the server's NowDate) moves once a
   * minute on every page, so a page without a clock of its own (startClock) never shows or checks
   * against a time more than a minute old (opening hours, sale windows). The app stops it when
   * hidden and starts it again when shown (src/app.tsx); starting again restarts it.
   */
  startLaunchTimer(intervalMs = LAUNCH_TIMER_MS): void {
    this.stopLaunchTimer()
    this.launchTicker = setInterval(() => this.bumpTick(), intervalMs)
  }

  stopLaunchTimer(): void {
    if (this.launchTicker) clearInterval(this.launchTicker)
    this.launchTicker = null
  }

  /** Whether the launch timer runs (not observable: the timer's handle is not state). */
  launchTimerRunning(): boolean {
    return this.launchTicker !== null
  }

  private bumpTick(): void {
    this.tick++
  }

  /**
   * Resolves the entry. With no code in the query it reuses the stored entry (a reload),
   * and with nothing stored it ends in 'no-entry'.
   */
  initialise(query?: Record<string, string>): Promise<void> {
    const run = this.run(query)
    this.pending = run
    return run
  }

  private async run(query?: Record<string, string>): Promise<void> {
    const fromQuery = readEntryParams(query ?? this.host.entryQuery())
    if (fromQuery.VipID) this.host.storage.set(VIP_STORAGE_KEY, fromQuery.VipID)
    const entry: EntryParams = hasEntryTarget(fromQuery) ? fromQuery : { ...this.storedEntry(), ...pickHideTabBar(fromQuery) }
    this.entrySheetId = fromQuery.SheetID ?? ''
    this.status = 'loading'
    this.failure = null
    this.earlyScope = null
    if (!hasEntryTarget(entry)) {
      this.status = 'no-entry'
      return
    }
    try {
      await this.resolve(entry)
    } catch (e) {
      runInAction(() => {
        this.status = 'failed'
        this.failure =
          e instanceof GatewayError
            ? { code: e.resultcode && e.resultcode !== '0' ? e.resultcode : e.errcode, message: e.message }
            : { code: '', message: String((e as Error)?.message ?? e) }
      })
    }
  }

  /**
   * Re-runs the stored entry, e.g. on a page opened directly after a reload; while one is on its
   * way (App.beforePage starts it with the page's code), it is the one waited for.
   */
  async ensureReady(): Promise<void> {
    if (this.status === 'ready') return
    if (this.status === 'loading' && this.pending) return this.pending
    await this.initialise({})
  }

  private storedEntry(): EntryParams {
    try {
      const text = this.host.storage.get(SESSION_STORAGE_KEY)
      return text ? (JSON.parse(text) as EntryParams) : {}
    } catch {
      return {}
    }
  }

  private async resolve(entry: EntryParams): Promise<void> {
    const g = this.gateway
    const lookup = { QRCode: entry.QRCode, TableID: entry.TableID, BaseID: entry.BaseID, ShopID: entry.ShopID }
    // Silent: a bad code is shown on the entry screen, not as a toast.
    const ent = (await g.request('EntIDGet', [lookup], { silent: true, entId: '' })).table1?.[0]
    if (!ent) throw new GatewayError('business', '', 'EntIDGet', '0', QR_CODE_INVALID)
    runInAction(() => {
      this.params = { ...this.params, EntID: ent.EntID, EntName: ent.EntName }
      this.entNames = ent.EntNames
      this.earlyScope = ent.ShopID && ent.BaseID ? { ShopID: ent.ShopID, BaseID: ent.BaseID } : null
    })
    const where = { ShopID: ent.ShopID, BaseID: ent.BaseID, TableID: ent.TableID, QRCode: ent.QRCode }
    const shopParamsOf = (ShopID: string) => g.request('ShopParamsGet', [{ ShopID }], { silent: true })
    const baseParamsOf = (BaseID: string) =>
      Promise.all((['OpeningHours', 'IsPayLaterOnlineCheckout'] as const).map((ParmID) => g.request('BaseSysParamGet', [{ BaseID, ParmID }], { silent: true })))
    // The code names its shop and branch: their parameters are asked for with the shop's details,
    // one round trip less before the first screen. Used only if the details name the same ones
    // (the catch only keeps an unused failure from being reported; an awaited one still throws).
    const early = { shop: ent.ShopID ? shopParamsOf(ent.ShopID) : null, base: ent.BaseID ? baseParamsOf(ent.BaseID) : null }
    early.shop?.catch(() => undefined)
    early.base?.catch(() => undefined)
    const [links, sysParams, home] = await Promise.all([
      g.request('ServiceLinkGet', [{}], { silent: true }),
      g.request('EntSysParamsGet', [{ Other_EntID: ent.EntID }], { silent: true }),
      g.request('HomeShopDetailsGet', [where], { silent: true })
    ])
    const shop = home.table1?.[0]
    if (!shop) throw new GatewayError('business', '', 'HomeShopDetailsGet', '0', SHOP_NOT_FOUND)
    const user = home.table2?.[0]
    const base = home.table3?.[0] ?? null
    const extras = home.table5?.[0] ?? null
    const sheet = home.table4?.[0] ?? null

    const [shopParams, baseParams] = await Promise.all([
      early.shop && shop.ShopID === ent.ShopID ? early.shop : shopParamsOf(shop.ShopID),
      base ? (early.base && base.BaseID === ent.BaseID ? early.base : baseParamsOf(base.BaseID)) : []
    ])

    runInAction(() => {
      this.shopInfo = shop
      this.baseInfo = base
      this.table = extras && extras.TableID ? extras : null
      this.tableCount = extras?.TableCount ?? 0
      this.sheet = sheet
      this.entSysParams = toMap(sysParams.table1)
      this.shopParams = toMap(shopParams.table1)
      this.serviceLinks = Object.fromEntries((links.table1 ?? []).map((l: ServiceLinkRow) => [l.LinkType, l.Url]))
      if (base) {
        for (const p of baseParams.flatMap((r) => r.table1 ?? [])) {
          if (p.ParmID === 'OpeningHours') this.openingHours[base.BaseID] = p.ParmValue
          if (p.ParmID === 'IsPayLaterOnlineCheckout') this.isPayLaterOnlineCheckout[base.BaseID] = p.ParmValue
        }
      }
      const wall = extras ? parseWallClock(extras.NowDate) : null
      this.serverClock = wall ? { wall, at: this.clock() } : null
      this.hideTabBar = entry.hideTabBar === '1'
      this.params = {
        ...this.params,
        UserID: user?.UserID || GUEST_PARAMS.UserID,
        UserName: user?.UserName || WALK_IN,
        ShopID: shop.ShopID,
        BaseID: base?.BaseID ?? '',
        TableID: extras?.TableID ?? '',
        QRCode: ent.QRCode ?? '',
        VipID: this.host.storage.get(VIP_STORAGE_KEY) ?? '',
        PosSignSheetID: sheet?.SheetID ?? '',
        // The branch's until the diner's own (features/session/business-mode.store) applies.
        BusinessMode: base?.BusinessMode ?? '0'
      }
      this.status = 'ready'
    })
    const keep: EntryParams = { ...lookup, hideTabBar: entry.hideTabBar }
    this.host.storage.set(SESSION_STORAGE_KEY, JSON.stringify(stripEmpty(keep)))
  }
}

function toMap(rows: { ParmID: string; ParmValue: string }[] | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const r of rows ?? []) out[r.ParmID] = r.ParmValue
  return out
}

function stripEmpty(p: EntryParams): EntryParams {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v)) as EntryParams
}

const pickHideTabBar = (p: EntryParams): EntryParams => (p.hideTabBar ? { hideTabBar: p.hideTabBar } : {})
