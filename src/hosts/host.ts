/**
 * The host adapter seam: everything that differs between the H5 web app, the chat-app
 * mini-program (weapp) and the payment-app mini-program (alipay). Only src/hosts knows
 * which host it runs on; the rest of the app talks to this interface.
 */
import type { Locale } from '../gateway/contract'
import type { HostCashier } from './cashier'

/** The browser or app the H5 build finds itself in (spec §1 "Host environments"). */
export type SubHost =
  | 'wechat' // chat-app browser
  | 'alipay' // payment-app browser
  | 'alipayhk' // its Hong Kong variant
  | 'wallet' // payment-wallet browser ("mobile payment")
  | 'superapp' // super-app browser
  | 'thirdparty' // third-party member-login browser
  | 'weapp' // chat-app mini-program
  | 'alipay-mini' // payment-app mini-program
  | 'plain' // any other browser

/** The client type names of spec §1. */
export type ClientType = 'alipay' | 'alipay HK' | 'mobile payment' | 'wechat' | 'mini program' | 'web'

export interface HttpRequest {
  url: string
  method: 'POST' | 'GET'
  headers: Record<string, string>
  body: string
  timeoutMs: number
}

export interface HttpResponse {
  statusCode: number
  /** Parsed JSON when the body was JSON, else the raw text. */
  data: unknown
}

export interface KeyValueStorage {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

export interface ShellTexts {
  loading(): string
  loadFailed(): string
  reload(): string
}

export interface Host {
  readonly kind: 'h5' | 'weapp' | 'alipay'
  readonly subHost: SubHost
  readonly clientType: ClientType
  /** The payment-app browser forces traditional Chinese (spec §1). */
  readonly forcedLocale: Locale | null
  deviceLanguage(): string | null
  /**
   * The entry query: URL search and hash query on H5 (a `q` holding an encoded URL is
   * expanded by src/core/entry-params), launch options on mini-programs.
   */
  entryQuery(): Record<string, string>
  /** Spec §7: test gateway when the page URL has test=1 or a path containing 'test'. */
  isTestEnvironment(): boolean
  /** Origin the H5 app is served from, or the configured server for mini-programs. */
  defaultGatewayOrigin(): string
  request(req: HttpRequest): Promise<HttpResponse>
  storage: KeyValueStorage
  toast(message: string): void
  /** Calls back with every uncaught error / unhandled rejection, as text. */
  onGlobalError(listener: (message: string) => void): void
  /** App-shell behaviours that only some hosts have (H5: lazy-page placeholder, tap guard). */
  installShell(texts: ShellTexts): void
  /** Tells the document its language (H5 sets <html lang>; mini-programs need nothing). */
  applyLocale(locale: Locale): void
  /** The page's title: the document's title on H5 (Taro's router keeps it per page), the navigation bar's on mini-programs. */
  setTitle(title: string): void
  /** Page navigation (Taro's APIs on every host; a seam so stores stay testable). */
  navigateTo(url: string): void
  /** Back one page; with no page to go back to (opened directly), reLaunch `fallbackUrl`. */
  navigateBack(fallbackUrl: string): void
  redirectTo(url: string): void
  reLaunch(url: string): void
  /** The route on show with its query ('/pages/orderDetails/orderDetails?SheetID=…'): where a login sends the diner back to. */
  currentRoute(): string
  /**
   * The host's confirmation modal (spec §8 "Confirm modals reject with a cancel signal"): resolves
   * on confirm and rejects with a ConfirmCancelled (./confirm-signal.ts) on cancel or when the modal
   * could not show; every caller handles that signal (afterConfirm, wasConfirmed). Without `cancel`
   * it only informs (one button) and always resolves once closed.
   * Both button texts come from the catalogues: the hosts' own say 确定/取消 in every language.
   * Button texts must fit 4 Chinese / 8 Latin characters (the hosts show nothing otherwise; a
   * test checks the catalogues' button texts).
   */
  confirm(texts: { content: string; confirm: string; cancel?: string }): Promise<void>
  /** Full-screen image preview (spec §2 "system pages for image preview"). */
  previewImage(urls: string[], current: string): void
  /**
   * Leaves the app for an outside web page (a payment provider's hosted page). False where the
   * host cannot: a mini-program cannot open an outside page; paying there needs the provider's
   * own mini-program integration.
   */
  leaveTo(url: string): boolean
  /**
   * The app's own address of a route ('/pages/paying/paying?SheetID=…'), for an outside page to
   * send the diner back to; null where the app has no web address (mini-programs).
   */
  appUrl(route: string): string | null
  /**
   * The device's location when the diner allows it (nearest branches, delivery fee); null when
   * refused, unavailable or not answered within a few seconds. Never throws.
   */
  locate(): Promise<{ Lng: number; Lat: number } | null>
  /**
   * Runs `run` when the page has nothing more urgent to do (H5: the browser's idle time, within
   * 3 s), for work that must not delay a page's first paint or take its pictures' bandwidth.
   * Mini-programs, whose code is installed: soon after (a timer).
   */
  whenIdle(run: () => void): void
  /**
   * A one-time login code from the host app's own identity (chat-app Taro.login, payment-app
   * my.getAuthCode), which the server exchanges for a checked identity (ThirdPartyAccessTokenGet).
   * Null where the host offers none (a plain browser) or the diner refused. Never throws.
   */
  loginCode?(): Promise<string | null>
  /**
   * The running mini-program's own app id (weapp / alipay getAccountInfoSync), for spec §3
   * isOwnMina: whether the app runs as the shop's own mini-program (ShopRow.MinaAppID). Absent on
   * H5; null when the host does not say.
   */
  miniProgramAppId?(): string | null
  /**
   * Sign in with the host browser's own identity (H5 in the chat-app, payment-app, wallet and
   * super-app browsers, the third-party member login: OAuth there and back), loaded on first use;
   * null or absent where the browser has none (./host-login.ts).
   */
  hostLogin?(): Promise<import('./host-login').HostLogin | null>
  /**
   * The host's own cashier (chat-app requestPayment / JSAPI bridge, payment-app tradePay), loaded
   * when a payment starts; null or absent where only the provider's hosted page works (leaveTo).
   */
  cashier?(): Promise<HostCashier | null>
  /**
   * Scans a QR code with the host's camera (mini-programs) and answers its text; null when the
   * diner cancelled or it failed. Absent where the host cannot scan (a plain browser).
   */
  scanCode?(): Promise<string | null>
  /**
   * The host's own place picker (chat-app and payment-app chooseLocation), opened near `near`
   * when given; null when the diner cancelled or refused. Absent on H5, where the app's own map
   * page (Leaflet) does it.
   */
  chooseLocation?(near?: { Lat: number; Lng: number }): Promise<HostPlace | null>
  /** The host's own map of a place (mini-programs openLocation). Absent on H5 (the app's map page). */
  openLocation?(place: HostPlace): void
  /**
   * Lets the diner pick up to `count` photos (camera or album): H5 a file input, mini-programs
   * chooseMedia / chooseImage. [] when cancelled. Never throws.
   */
  choosePhotos?(count: number): Promise<HostPhoto[]>
  /**
   * Uploads one picked photo as a multipart form (fields first, the file as 'file') straight to
   * object storage: H5 fetch with FormData, mini-programs uploadFile. Answers the HTTP status
   * (spec §5: only 200 is success); 0 when it could not be sent.
   */
  uploadPhoto?(target: { url: string; fields: Record<string, string> }, photo: HostPhoto): Promise<number>
  /**
   * A short vibration (issue 24: the diner's order is ready for pickup): mini-programs
   * vibrateShort. Absent on H5, whose nudge (navigator.vibrate, else a chime) comes with the live
   * stream's code (live.h5.ts liveAlert), not with the first screen.
   */
  vibrate?(): void
}

/** A photo the diner picked: a handle the host can upload, and what the server must be told. */
/**
 * A host button that hands over the phone number the diner verified with the host (the chat-app
 * mini-program's `<Button openType="getPhoneNumber">`, the payment-app's `getAuthorize` button with
 * my.getPhoneNumber): on the diner's tap the host asks for consent and gives a proof for the server
 * (ThirdPartyAccessTokenGet PhoneCode: WeChat's one-time code, Alipay's signed and encrypted answer),
 * or null when the diner refused or the host gave none. Hosts without one export null (./phone-button.tsx).
 */
export interface PhoneButtonProps {
  label: string
  className: string
  disabled: boolean
  testId: string
  onCode(code: string | null): void
}

/** The catalogue keys of the phone button's words (signed out: log in; signed in: bind), naming the host. */
export interface PhoneButtonTexts {
  login: 'member.phoneLogin' | 'member.phoneLoginAlipay'
  bind: 'member.phoneBind' | 'member.phoneBindAlipay'
}

export interface HostPhoto {
  /** H5: an object URL / the File kept by the host; mini-programs: the temp file path. */
  path: string
  name: string
  size: number
  /** MIME type ('' when the host does not say; the server decodes the file anyway). */
  type: string
  width?: number
  height?: number
}

/** A place as the hosts' location APIs give and take it. */
export interface HostPlace {
  Lat: number
  Lng: number
  /** The place's name (a building, a shop) and its address as the host knows them ('' unknown). */
  Name: string
  Address: string
}

// ---------- live events (docs/live-events.md): live.h5.ts (EventSource), live.weapp.ts / live.alipay.ts (the host's socket, else the poll), live.ts (the poll) ----------

/** One message of the server's live stream: an event, or 'ready' / 'reset' with the position as id. */
export interface LiveMessage {
  id: number
  /** 'ready' (connected; go on from id), 'reset' (reload what you show, then go on), or the event's kind. */
  kind: string
  data: Record<string, unknown>
}

export interface LiveRequest {
  /** The server's base ('https://shop.example', no trailing '/'): /live/events and /live/poll hang off it. */
  base: string
  /** The query naming the scope ('ent=E1001&shop=S101&base=B201'), without a cursor. */
  scope: string
  /** The event kinds wanted (EventSource hears only the named ones). */
  kinds: readonly string[]
  /** Resume after this id; null: from now on. */
  afterId: number | null
}

export interface LiveHandlers {
  /** Messages in id order, each once; the subscription resumes from the last id itself. */
  onMessage(message: LiveMessage): void
  /** Connected or not (retrying). */
  onStatus?(connected: boolean): void
}

export interface LiveSubscription {
  close(): void
}

/** Subscribes to the live stream: H5 an EventSource, mini-programs the host's socket, else a cheap poll every few seconds. */
export type LiveSubscribe = (request: LiveRequest, handlers: LiveHandlers) => LiveSubscription

