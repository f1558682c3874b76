/**
 * TEST DOUBLE of the mini-program hosts (the chat-app's `wx`, the payment-app's `my`): runs a
 * weapp or alipay build in Node, in a fresh VM context per launch, with the globals the vendors'
 * runtimes give a mini-program (App, Page, Component, getApp, getCurrentPages and the host API).
 * It keeps a real page stack, calls the lifecycles as the hosts do, applies setData to a tree a
 * test reads as text, dispatches taps through the page's own `eh` handler, keeps storage across
 * relaunches, sends requests and opens sockets (a SocketTask per connection) to a real server,
 * records modals, toasts, logins and payments.
 * It is not the vendors' client: no renderer, layout, native components or real cashier and
 * login (docs/hosts.md "The headless mini-program harness").
 */
import { readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import WebSocket from 'ws'
import { WxmlView } from './wxml-view'
import { applySetData, findByText, readTemplateFacts, tapChain, treeText, walkTree, type TemplateFacts, type ViewNode } from './view-tree'
import { allPages, packageOf, readAppJson, subpackageNamed, type AppJson } from './app-json'

export type MiniKind = 'weapp' | 'alipay'

export interface ModalCall {
  content: string
  confirmText?: string
  cancelText?: string
  showCancel: boolean
  /** What the test (or the default answer) chose. */
  confirmed: boolean
}

export interface PaymentCall {
  api: 'requestPayment' | 'tradePay'
  params: Record<string, unknown>
  /** The sandbox cashier's answer (POST /sandbox-pay/cashier), when a decision was set. */
  answer?: { status: number; body: Record<string, unknown> }
}

export interface LaunchOptions {
  /** The entry page, 'pages/scanCodeEntry/scanCodeEntry' by default (app.json entryPagePath). */
  path?: string
  query?: Record<string, string>
  /** The device's language (getSystemInfoSync().language): 'zh_CN', 'zh_TW', 'en'. */
  systemLanguage?: string
}

interface PageRecord {
  route: string
  query: Record<string, string>
  instance: Record<string, any>
  data: Record<string, unknown>
  /** Bumped by every setData: the rendered view redraws only when it changed. */
  version: number
  unloaded: boolean
}

const TAB_FREE = Symbol('no tab bar')

/**
 * One device: storage lives here, so `launch()` again is a relaunch of the same installed app
 * (what a diner who closed and reopened it sees). Each launch gets a fresh VM context.
 */
export class MiniHostDouble {
  readonly kind: MiniKind
  readonly buildDir: string
  readonly storage = new Map<string, string>()
  readonly modals: ModalCall[] = []
  readonly toasts: string[] = []
  /** No network: every request fails as the host fails it (weapp `request:fail`, alipay error 19). */
  offline = false
  readonly payments: PaymentCall[] = []
  readonly logins: string[] = []
  /** Errors the app reported (console.error, App onError, uncaught in a callback) and host calls the double does not know. */
  readonly errors: string[] = []
  readonly unknownApis = new Set<string>()
  /**
   * issue 24: the app's sockets (wx.connectSocket; my.connectSocket with multiple: true), real
   * WebSockets to the server: the address asked and the frames received.
   */
  readonly sockets: { url: string; frames: string[]; ws: WebSocket; app: vm.Context | null }[] = []
  /**
   * issue 24: whether the base library gives a SocketTask per connection (the chat-app's from
   * 1.7.0, the payment-app's with multiple: true). false: an old payment-app base library —
   * my.canIUse('connectSocket.object.multiple') says no, and only the app's one global socket
   * exists, which this double does not simulate (an app that opens it gets an error recorded).
   */
  socketTasks = true
  /** issue 24: where the app's sockets go instead of the server (a proxy that refuses the upgrade); null: the server. */
  socketOrigin: string | null = null
  /** Every request the app sent (request, not uploads), as the server's path and query. */
  readonly requests: string[] = []
  /** issue 24: how often the app asked for a short vibration (an order ready for pickup). */
  vibrations = 0
  readonly titles: string[] = []
  /**
   * issue 28: the subpackages the host downloaded, in order: when a page of one first opened, or
   * ahead of it by the preload rule of a page that opened (`from`). Kept by the device, as the
   * hosts keep downloaded packages.
   */
  readonly downloads: { root: string; by: 'open' | 'preload'; from?: string }[] = []
  /** Every page opened since the double was made, in order (its onLoad ran). */
  readonly opened: string[] = []
  /** Answer to the next modals: true = confirm. Tests push answers; when empty, confirm. */
  readonly modalAnswers: boolean[] = []
  /** The host user behind login / getAuthCode: the development identity provider's `dev:<openid>`. */
  openId: string | null = 'mini-tester'
  /** issue 16: map — the hosts' place picker and map: every call, with what the app passed. */
  readonly locationCalls: { api: 'chooseLocation' | 'openLocation'; params: Record<string, unknown> }[] = []
  /**
   * What the host's place picker answers next (chooseLocation, in the host's GCJ-02 as the real
   * hosts give it); null = the diner cancels. Taken once per call; empty = cancel.
   */
  readonly placeAnswers: ({ name: string; address: string; latitude: number; longitude: number } | null)[] = []
  /**
   * issue 17: uploads — what the host's photo picker answers next (wx.chooseMedia, my.chooseImage):
   * temp files with their bytes; null or nothing left = the diner cancels. Taken once per call.
   */
  readonly photoAnswers: ({ path: string; body: Buffer; width?: number; height?: number }[] | null)[] = []
  /** issue 17: uploads — every uploadFile: where, the form fields, the file field's name, the status. */
  readonly uploads: { url: string; name: string; formData: Record<string, string>; fileType?: string; status: number }[] = []
  /** The temp files the picker handed out, by path. */
  private readonly tempFiles = new Map<string, Buffer>()
  /** What the cashier stand-in decides for the next payment; null = only record it and report a cancel. */
  cashierDecision: 'approve' | 'decline' | 'cancel' | null = null
  /**
   * issue 25: the host's own sign-in, when set: what wx.login / my.getAuthCode answer for the host
   * user `openId` (a fake of the vendor's sign-in issues the code). Unset: `dev:<openId>`.
   */
  loginCode: ((openId: string) => string) | null = null
  /** issue 25: what my.getPhoneNumber answers next (`response`, Alipay's JSON text); null: it fails. Set by tapPhoneButton. */
  phoneNumberAnswer: string | null = null
  /** issue 25: every my.getPhoneNumber call (alipay). */
  phoneNumberCalls = 0
  /**
   * issue 25: the host's own cashier, when set (instead of the sandbox cashier): it gets what the
   * app handed requestPayment / tradePay, checks it as the vendor would, and says what the host
   * reports to the app (success or fail, and the result object).
   */
  cashier: ((api: PaymentCall['api'], params: Record<string, unknown>) => Promise<{ ok: boolean; result: Record<string, unknown> }>) | null = null

  private readonly facts: TemplateFacts
  /** weapp: the page drawn by WeChat's WXML compiler and j-component; alipay: none (the tree is read). */
  private view: WxmlView | null = null
  readonly rendered: boolean
  private readonly appJson: AppJson
  private context: vm.Context | null = null
  private modules = new Map<string, { exports: unknown }>()
  private pageConfigs = new Map<string, Record<string, any>>()
  private loadingRoute: string | null = null
  private app: Record<string, any> | null = null
  private stack: PageRecord[] = []
  private launchOptions: { path: string; query: Record<string, string>; scene: number } = { path: '', query: {}, scene: 1011 }
  private systemLanguage = 'zh_CN'
  private pending = 0
  private timers = new Set<NodeJS.Timeout>()

  constructor(
    kind: MiniKind,
    buildDir: string,
    /** The test server's origin: requests to the build's MINI_GATEWAY_URL go there. */
    private readonly serverOrigin: string,
    /** The origin baked into the build (config/index.ts MINI_GATEWAY_URL). */
    private readonly builtGatewayOrigin = process.env.MINI_GATEWAY_URL ?? 'http://localhost:8080',
    /** 'tree' reads the setData tree even where a renderer exists (MINI_VIEW=tree). */
    viewMode: 'rendered' | 'tree' = process.env.MINI_VIEW === 'tree' ? 'tree' : 'rendered'
  ) {
    this.kind = kind
    this.buildDir = path.resolve(buildDir)
    if (!existsSync(path.join(this.buildDir, 'app.js'))) throw new Error(`no ${kind} build at ${this.buildDir}: build it first (TARO_OUTPUT_ROOT=${buildDir} npx taro build --type ${kind})`)
    this.appJson = readAppJson(this.buildDir)
    this.facts = readTemplateFacts(this.buildDir, kind)
    this.rendered = kind === 'weapp' && viewMode === 'rendered'
  }

  /** What the host's network stack says it is (requests and sockets carry it): the server can tell the builds apart. */
  get userAgent(): string {
    return this.kind === 'weapp' ? 'Mozilla/5.0 MicroMessenger/8.0.50 miniProgram (ScanOrder host double)' : 'Mozilla/5.0 AlipayClient/10.6.0 (ScanOrder host double)'
  }

  /** Every page: the main package's, then the subpackages'. */
  get pages(): string[] {
    return allPages(this.appJson)
  }

  /** Starts the app as the host would on a cold start (or a relaunch: storage is kept). */
  launch(opts: LaunchOptions = {}): void {
    this.close()
    this.systemLanguage = opts.systemLanguage ?? 'zh_CN'
    const entry = opts.path ?? this.appJson.entryPagePath ?? this.appJson.pages[0]
    this.launchOptions = { path: entry, query: { ...(opts.query ?? {}) }, scene: 1011 }
    this.context = this.makeContext()
    this.modules = new Map()
    this.pageConfigs = new Map()
    this.require('app.js', '')
    if (!this.app) throw new Error('app.js did not call App()')
    const launch = { path: entry, query: { ...this.launchOptions.query }, scene: 1011, referrerInfo: {} }
    this.app.onLaunch?.call(this.app, launch)
    this.app.onShow?.call(this.app, launch)
    this.openPage(entry, this.launchOptions.query)
  }

  /** Ends the running app (its pages unload, timers stop); storage stays. */
  close(): void {
    while (this.stack.length) this.unloadTop()
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    // The host closes the app's sockets with it.
    for (const s of this.sockets) if (s.ws.readyState === WebSocket.OPEN || s.ws.readyState === WebSocket.CONNECTING) s.ws.terminate()
    this.context = null
    this.app = null
  }

  /** Ends the app and removes the rendered view (call once per double, at the end). */
  dispose(): void {
    this.close()
    this.view?.dispose()
    this.view = null
  }

  /** The page on top of the stack. */
  get current(): PageRecord {
    const top = this.stack[this.stack.length - 1]
    if (!top) throw new Error('no page is open')
    return top
  }

  /** Routes on the stack, bottom first. */
  get routes(): string[] {
    return this.stack.map((p) => p.route)
  }

  /**
   * The open page's text, one text node per line: on weapp as WeChat's templates render it, on
   * alipay as its setData tree holds it.
   */
  text(): string {
    const page = this.current
    if (!this.rendered) return treeText(page.data.root as ViewNode, this.facts)
    this.view ??= new WxmlView(this.buildDir)
    this.view.render(page, page.data.root, page.version)
    return this.view.text()
  }

  /** The open page's text from its setData tree (both hosts). */
  treeText(): string {
    return treeText(this.current.data.root as ViewNode, this.facts)
  }

  /** Waits until `test` holds (requests and timers run meanwhile); fails with the page's text. */
  async waitFor(test: () => boolean, what: string, limitMs = 15000): Promise<void> {
    const started = Date.now()
    for (;;) {
      if (this.errors.length) throw new Error(`${this.kind}: the app reported an error while waiting for ${what}:\n${this.errors.join('\n')}`)
      try {
        if (test()) return
      } catch {
        // the page may not be there yet
      }
      if (Date.now() - started > limitMs) {
        throw new Error(`${this.kind}: gave up waiting for ${what} on ${this.routes.join(' > ') || '(no page)'}; the page reads:\n${this.safeText()}`)
      }
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  /** Waits for the open page's text to contain `s` (a string or a pattern). */
  waitForText(s: string | RegExp, limitMs?: number): Promise<void> {
    return this.waitFor(() => (typeof s === 'string' ? this.text().includes(s.trim()) : s.test(this.text())), `text ${String(s)}`, limitMs)
  }

  /** Waits for `route` to be the open page. */
  waitForRoute(route: string, limitMs?: number): Promise<void> {
    return this.waitFor(() => this.stack.length > 0 && this.current.route === route.replace(/^\//, ''), `page ${route}`, limitMs)
  }

  /**
   * Taps the element whose own text is `label` (or matches it): the host calls the page's `eh`
   * for it and for every ancestor whose template binds tap, innermost first.
   */
  async tap(label: string | RegExp, index = 0): Promise<void> {
    const page = this.current
    if (this.rendered) {
      this.text()
      const tapped = await this.view!.tap(label, index, (event) => this.guard(() => page.instance.eh.call(page.instance, event), `tap on ${page.route}`))
      if (!tapped) throw new Error(`${this.kind}: nothing rendered reads ${String(label)} on ${page.route}; the page reads:\n${this.text()}`)
      return
    }
    const hits = findByText(page.data.root as ViewNode, this.facts, label)
    const hit = hits[index]
    if (!hit) throw new Error(`${this.kind}: nothing reads ${String(label)} on ${page.route}; the page reads:\n${this.text()}`)
    this.tapPath(hit)
  }

  /**
   * The chat-app's getPhoneNumber button (weapp, rendered): the diner taps the button reading
   * `label`, WeChat asks for consent and the button reports `getphonenumber` with the code
   * `phoneCode` gives (a fake of WeChat issues it), or the refusal when it gives null.
   */
  async tapPhoneButton(label: string | RegExp, phoneCode: () => string | null): Promise<void> {
    const page = this.current
    if (this.kind === 'alipay') return this.tapAuthorizeButton(label, phoneCode)
    if (!this.rendered) throw new Error(`${this.kind}: the phone button is the chat-app mini-program's (rendered weapp) only`)
    this.text()
    const code = phoneCode()
    const detail = code ? { code, errMsg: 'getPhoneNumber:ok' } : { errMsg: 'getPhoneNumber:fail user deny' }
    const handler = (event: unknown) => this.guard(() => page.instance.eh.call(page.instance, event), `getphonenumber on ${page.route}`)
    const tapped = await this.view!.tap(label, 0, handler, { type: 'getphonenumber', detail })
    if (!tapped) throw new Error(`${this.kind}: no button reads ${String(label)} on ${page.route}; the page reads:\n${this.text()}`)
  }

  /**
   * issue 25: the payment-app's phone button (alipay, from the tree): the diner taps the
   * `<button open-type="getAuthorize" scope="phoneNumber">` reading `label`; Alipay shows its consent
   * sheet. Consent: the button reports `getAuthorize` and my.getPhoneNumber then answers `response`,
   * the JSON text `answer` gives (a fake of Alipay makes it: signed, AES-encrypted). `answer` null:
   * the diner declines, the button reports `error` and my.getPhoneNumber is never reached.
   */
  private async tapAuthorizeButton(label: string | RegExp, answer: () => string | null): Promise<void> {
    const page = this.current
    const hit = findByText(page.data.root as ViewNode, this.facts, label)[0]
    const button = hit ? [...hit].reverse().find((n) => this.facts.tags.get(String(n.nn)) === 'button') : undefined
    if (!button) throw new Error(`${this.kind}: no button reads ${String(label)} on ${page.route}; the page reads:\n${this.text()}`)
    // Alipay gives the number only to its own authorise button: open-type getAuthorize, scope phoneNumber.
    const props = Object.values(button)
    if (!props.includes('getAuthorize') || !props.includes('phoneNumber')) throw new Error(`${this.kind}: the button reading ${String(label)} is no open-type="getAuthorize" scope="phoneNumber" button`)
    const text = answer()
    this.phoneNumberAnswer = text
    const id = String(button.uid || button.sid)
    const target = { id, dataset: { sid: String(button.sid) } }
    const event = text
      ? { type: 'getAuthorize', timeStamp: Date.now(), detail: {}, target, currentTarget: target }
      : { type: 'error', timeStamp: Date.now(), detail: { type: 'getAuthorize', errorMessage: '用户取消授权', error: 11 }, target, currentTarget: target }
    this.guard(() => page.instance.eh.call(page.instance, event), `${event.type} on ${page.route}`)
  }

  /** Taps the first element a predicate picks from the tree (for controls without text: steppers, icons). */
  tapWhere(pick: (node: ViewNode, ancestors: ViewNode[]) => boolean, what: string): void {
    for (const trail of walkTree(this.current.data.root as ViewNode)) {
      if (pick(trail[trail.length - 1], trail)) return this.tapPath(trail)
    }
    throw new Error(`${this.kind}: no ${what} on ${this.current.route}`)
  }

  /** Whether any element of the open page carries `value` in one of its props (an aria-label, a class). */
  findProp(test: (value: unknown, key: string) => boolean): ViewNode | null {
    for (const trail of walkTree(this.current.data.root as ViewNode)) {
      const n = trail[trail.length - 1]
      for (const [k, v] of Object.entries(n)) if (k !== 'cn' && test(v, k)) return n
    }
    return null
  }

  private tapPath(trail: ViewNode[]): void {
    const page = this.current
    const chain = tapChain(trail, this.facts)
    if (!chain.length) throw new Error(`${this.kind}: ${treeText(trail[trail.length - 1], this.facts)} on ${page.route} is not tappable (no template on its way up binds tap)`)
    const target = trail[trail.length - 1]
    for (const id of chain) {
      const node = trail.find((n) => String(n.uid || n.sid) === id)!
      const currentTarget = { id, dataset: { sid: String(node.sid) } }
      const event = {
        type: 'tap',
        timeStamp: Date.now(),
        detail: { x: 0, y: 0 },
        target: { id: String(target.uid || target.sid), dataset: { sid: String(target.sid) } },
        currentTarget
      }
      this.guard(() => page.instance.eh.call(page.instance, event), `tap on ${page.route}`)
    }
  }

  /** Types into the input whose props hold `placeholder` (Taro's input event through `eh`). */
  input(placeholder: string | RegExp, value: string): void {
    const page = this.current
    for (const trail of walkTree(page.data.root as ViewNode)) {
      const n = trail[trail.length - 1]
      const tag = this.facts.tags.get(String(n.nn))
      if (tag !== 'input' && tag !== 'textarea') continue
      const props = Object.values(n).filter((v) => typeof v === 'string') as string[]
      if (!props.some((p) => (typeof placeholder === 'string' ? p === placeholder : placeholder.test(p)))) continue
      const id = String(n.uid || n.sid)
      const ev = { type: 'input', timeStamp: Date.now(), detail: { value, cursor: value.length }, target: { id, dataset: { sid: String(n.sid) } }, currentTarget: { id, dataset: { sid: String(n.sid) } } }
      this.guard(() => page.instance.eh.call(page.instance, ev), `input on ${page.route}`)
      return
    }
    throw new Error(`${this.kind}: no input with ${String(placeholder)} on ${page.route}`)
  }

  /** The host's pull-down refresh on the open page. */
  pullDownRefresh(): void {
    const p = this.current
    this.guard(() => p.instance.onPullDownRefresh?.call(p.instance), 'onPullDownRefresh')
  }

  /** The host's reach-bottom on the open page. */
  reachBottom(): void {
    const p = this.current
    this.guard(() => p.instance.onReachBottom?.call(p.instance), 'onReachBottom')
  }

  /** The host's back button (the page's navigation bar). */
  back(): void {
    this.navigateBack(1)
  }

  /** Waits until no request is in flight. */
  async idle(limitMs = 15000): Promise<void> {
    await this.waitFor(() => this.pending === 0, 'requests to finish', limitMs)
  }

  private safeText(): string {
    try {
      return this.text()
    } catch {
      return '(no page)'
    }
  }

  private guard(fn: () => unknown, where: string): void {
    try {
      const r = fn() as { then?: unknown; catch?: (f: (e: unknown) => void) => void } | undefined
      if (r && typeof r.then === 'function') r.catch?.((e: unknown) => this.errors.push(`${where}: ${describe(e)}`))
    } catch (e) {
      this.errors.push(`${where}: ${describe(e)}`)
    }
  }

  // ——— loading the build ———

  private require(file: string, from: string): unknown {
    const resolved = this.resolve(file, from)
    // The hosts: a package's code may require the main package's files and its own, no other
    // subpackage's (and the main package none of a subpackage's).
    const target = packageOf(this.appJson, resolved)
    if (target && target !== packageOf(this.appJson, from)) {
      throw new Error(`${resolved} is in subpackage ${target}: ${from || 'the main package'} may not require it`)
    }
    const cached = this.modules.get(resolved)
    if (cached) return cached.exports
    const module = { exports: {} as unknown }
    this.modules.set(resolved, module)
    const source = readFileSync(path.join(this.buildDir, resolved), 'utf8')
    const fn = vm.runInContext(`(function (require, module, exports) {${source}\n})`, this.context!, { filename: path.join(this.buildDir, resolved) })
    fn((f: string) => this.require(f, path.dirname(resolved)), module, module.exports)
    return module.exports
  }

  private resolve(file: string, from: string): string {
    let p = file.startsWith('/') ? file.slice(1) : path.posix.normalize(path.posix.join(from, file))
    if (!p.endsWith('.js')) p += '.js'
    return p
  }

  private makeContext(): vm.Context {
    const self = this
    const api = this.hostApi()
    const globals: Record<string, unknown> = {
      console: {
        log: () => undefined,
        info: () => undefined,
        debug: () => undefined,
        warn: () => undefined,
        error: (...args: unknown[]) => self.errors.push(`console.error: ${args.map(describe).join(' ')}`)
      },
      setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const t = setTimeout(() => {
          self.timers.delete(t)
          // A closed app's code never runs again (a request of it answered after the close may have set this timer).
          if (self.context === ctx) self.guard(() => fn(...args), 'timer')
        }, ms)
        self.timers.add(t)
        return t
      },
      clearTimeout: (t: NodeJS.Timeout) => {
        self.timers.delete(t)
        clearTimeout(t)
      },
      setInterval: (fn: () => void, ms?: number) => {
        const t = setInterval(() => self.context === ctx && self.guard(fn, 'interval'), ms)
        self.timers.add(t)
        return t
      },
      clearInterval: (t: NodeJS.Timeout) => {
        self.timers.delete(t)
        clearInterval(t)
      },
      queueMicrotask,
      App: (config: Record<string, any>) => {
        self.app = config
      },
      Page: (config: Record<string, any>) => {
        if (!self.loadingRoute) throw new Error('Page() called outside a page file')
        self.pageConfigs.set(self.loadingRoute, config)
      },
      Component: (config: Record<string, any>) => {
        // Taro's comp.js (the recursive template's custom component): its data comes from the
        // page's tree, which is all this double reads.
        void config
      },
      getApp: () => self.app,
      getCurrentPages: () => self.stack.map((p) => p.instance),
      requirePlugin: () => ({}),
      [this.kind === 'weapp' ? 'wx' : 'my']: api
    }
    // The payment app's JS engine has a navigator (Taro's alipay runtime reads its userAgent).
    if (this.kind === 'alipay') globals.navigator = { userAgent: this.userAgent }
    const ctx = vm.createContext(globals)
    vm.runInContext('globalThis.global = globalThis; globalThis.self = globalThis;', ctx)
    return ctx
  }

  // ——— pages ———

  private loadPage(route: string): Record<string, any> {
    const known = this.pageConfigs.get(route)
    if (known) return known
    if (!this.pages.includes(route)) throw new Error(`${route} is not in app.json`)
    this.download(packageOf(this.appJson, route), 'open')
    this.loadingRoute = route
    try {
      // The host loads the page's own file (from its own package).
      this.require(`${path.posix.basename(route)}.js`, path.posix.dirname(route))
    } finally {
      this.loadingRoute = null
    }
    const config = this.pageConfigs.get(route)
    if (!config) throw new Error(`${route}.js did not call Page()`)
    return config
  }

  private openPage(url: string, extraQuery: Record<string, string> = {}): void {
    const [rawPath, search = ''] = url.replace(/^\//, '').split('?')
    const query: Record<string, string> = { ...extraQuery }
    for (const [k, v] of new URLSearchParams(search)) query[k] = v
    const config = this.loadPage(rawPath)
    const previous = this.stack[this.stack.length - 1]
    if (previous) this.guard(() => previous.instance.onHide?.call(previous.instance), `onHide ${previous.route}`)
    const record: PageRecord = { route: rawPath, query, instance: {}, data: JSON.parse(JSON.stringify(config.data ?? {})), version: 0, unloaded: false }
    const instance: Record<string, any> = Object.create(null)
    for (const [k, v] of Object.entries(config)) if (k !== 'data') instance[k] = v
    instance.route = rawPath
    instance.__route__ = rawPath
    instance.options = query
    instance.data = record.data
    instance.setData = (patch: Record<string, unknown>, callback?: () => void) => {
      if (record.unloaded) return
      applySetData(record.data, patch)
      record.version++
      if (callback) queueMicrotask(() => this.guard(callback, `setData callback ${rawPath}`))
    }
    if (this.kind === 'alipay') {
      instance.$spliceData = (patch: Record<string, [number, number, ...unknown[]]>) => {
        for (const [key, [start, count, ...items]] of Object.entries(patch)) {
          const arr = [...key.matchAll(/\[(\d+)\]|[^.[\]]+/g)].reduce<any>((o, m) => o?.[m[1] ?? m[0]], record.data) as unknown[] | undefined
          arr?.splice(start, count, ...JSON.parse(JSON.stringify(items)))
        }
        record.version++
      }
    }
    record.instance = instance
    this.stack.push(record)
    this.opened.push(rawPath)
    for (const p of this.appJson.preloadRule[rawPath]?.packages ?? []) {
      const sub = subpackageNamed(this.appJson, p)
      if (!sub) throw new Error(`app.json preloadRule of ${rawPath} names ${p}, no subpackage`)
      this.download(sub.root, 'preload', rawPath)
    }
    this.guard(() => instance.onLoad?.call(instance, { ...query }), `onLoad ${rawPath}`)
    this.guard(() => instance.onShow?.call(instance), `onShow ${rawPath}`)
    this.guard(() => instance.onReady?.call(instance), `onReady ${rawPath}`)
  }

  /** A subpackage fetched once per device (root '' is the main package, there from the start). */
  private download(root: string, by: 'open' | 'preload', from?: string): void {
    if (root && !this.downloads.some((d) => d.root === root)) this.downloads.push({ root, by, ...(from ? { from } : {}) })
  }

  private unloadTop(): void {
    const top = this.stack.pop()
    if (!top) return
    this.guard(() => top.instance.onUnload?.call(top.instance), `onUnload ${top.route}`)
    top.unloaded = true
  }

  private showTop(): void {
    const top = this.stack[this.stack.length - 1]
    if (top) this.guard(() => top.instance.onShow?.call(top.instance), `onShow ${top.route}`)
  }

  private isTab(route: string): boolean | typeof TAB_FREE {
    const list = this.appJson.tabBar?.list
    if (!list) return TAB_FREE
    return list.some((t) => t.pagePath === route)
  }

  private navigateBack(delta: number): void {
    const n = Math.min(Math.max(1, delta), this.stack.length - 1)
    for (let i = 0; i < n; i++) this.unloadTop()
    this.showTop()
  }

  // ——— the host API ———

  /** Calls an async host API's callbacks the way the vendors do (success/fail, then complete), on a later turn. */
  private answer(opts: any, ok: boolean, res: Record<string, unknown>): void {
    setImmediate(() => {
      this.guard(() => (ok ? opts?.success?.(res) : opts?.fail?.(res)), 'host callback')
      this.guard(() => opts?.complete?.(res), 'host callback')
    })
  }

  private hostApi(): Record<string, unknown> {
    const self = this
    const weapp = this.kind === 'weapp'
    const ok = (name: string) => ({ errMsg: `${name}:ok` })
    const nav = (name: string, fn: (url: string) => void) => (opts: { url: string }) => {
      try {
        fn(opts.url)
        self.answer(opts, true, ok(name))
      } catch (e) {
        self.errors.push(`${name}(${opts.url}): ${describe(e)}`)
        self.answer(opts, false, { errMsg: `${name}:fail ${describe(e)}` })
      }
    }
    const systemInfo = () => ({
      language: self.systemLanguage,
      platform: 'devtools',
      system: 'test double',
      brand: 'test double',
      model: 'test double',
      pixelRatio: 2,
      screenWidth: 390,
      screenHeight: 844,
      windowWidth: 390,
      windowHeight: 844,
      statusBarHeight: 20,
      safeArea: { top: 20, bottom: 844, left: 0, right: 390, width: 390, height: 824 },
      version: weapp ? '8.0.50' : '10.6.0',
      SDKVersion: '3.5.0'
    })
    const storage = {
      get: (key: string): unknown => {
        const raw = self.storage.get(key)
        return raw === undefined ? undefined : JSON.parse(raw)
      },
      set: (key: string, data: unknown) => void self.storage.set(key, JSON.stringify(data ?? null))
    }
    const api: Record<string, unknown> = {
      // Everything, but an old payment-app base library has no SocketTask per connection.
      canIUse: (schema: string) => weapp || schema !== 'connectSocket.object.multiple' || self.socketTasks,
      nextTick: (fn: () => void) => setImmediate(() => self.guard(fn, 'nextTick')),
      getSystemInfoSync: systemInfo,
      getSystemInfo: (o: any) => self.answer(o, true, systemInfo()),
      getWindowInfo: systemInfo,
      getDeviceInfo: systemInfo,
      getAppBaseInfo: systemInfo,
      getLaunchOptionsSync: () => ({ ...self.launchOptions, query: { ...self.launchOptions.query } }),
      getEnterOptionsSync: () => ({ ...self.launchOptions, query: { ...self.launchOptions.query } }),
      onError: (fn: (e: unknown) => void) => void fn,
      onUnhandledRejection: () => undefined,
      onAppShow: () => undefined,
      onAppHide: () => undefined,
      onWindowResize: () => undefined,
      getMenuButtonBoundingClientRect: () => ({ top: 24, bottom: 56, left: 300, right: 380, width: 80, height: 32 }),
      // Navigation: a real page stack.
      navigateTo: nav('navigateTo', (url) => {
        if (self.stack.length >= 10) throw new Error('webview count limit exceed')
        self.openPage(url)
      }),
      redirectTo: nav('redirectTo', (url) => {
        self.unloadTop()
        self.openPage(url)
      }),
      reLaunch: nav('reLaunch', (url) => {
        while (self.stack.length) self.unloadTop()
        self.openPage(url)
      }),
      switchTab: nav('switchTab', (url) => {
        if (self.isTab(url.replace(/^\//, '').split('?')[0]) === false) throw new Error('can not switch to a page that is not a tab')
        while (self.stack.length) self.unloadTop()
        self.openPage(url)
      }),
      navigateBack: (opts: { delta?: number } = {}) => {
        if (self.stack.length <= 1) return self.answer(opts, false, { errMsg: 'navigateBack:fail cannot navigate back at first page.' })
        self.navigateBack(opts.delta ?? 1)
        self.answer(opts, true, ok('navigateBack'))
      },
      // Storage: kept by the device (this double), across launches.
      getStorageSync: weapp ? (key: string) => storage.get(key) ?? '' : (o: { key: string }) => ({ data: storage.get(o.key) ?? null }),
      setStorageSync: weapp ? (key: string, data: unknown) => storage.set(key, data) : (o: { key: string; data: unknown }) => storage.set(o.key, o.data),
      removeStorageSync: weapp ? (key: string) => void self.storage.delete(key) : (o: { key: string }) => void self.storage.delete(o.key),
      clearStorageSync: () => self.storage.clear(),
      getStorage: (o: any) => self.answer(o, self.storage.has(o.key), { data: storage.get(o.key) }),
      setStorage: (o: any) => {
        storage.set(o.key, o.data)
        self.answer(o, true, ok('setStorage'))
      },
      removeStorage: (o: any) => {
        self.storage.delete(o.key)
        self.answer(o, true, ok('removeStorage'))
      },
      // Network: the real server.
      request: (o: any) => self.request(o),
      // UI the host draws: recorded.
      showToast: (o: any) => {
        self.toasts.push(String(weapp ? o.title : o.content))
        self.answer(o, true, ok('showToast'))
      },
      hideToast: (o: any) => self.answer(o, true, ok('hideToast')),
      showLoading: (o: any) => self.answer(o, true, ok('showLoading')),
      hideLoading: (o: any) => self.answer(o, true, ok('hideLoading')),
      setNavigationBarTitle: (o: any) => {
        self.titles.push(String(o.title))
        self.answer(o, true, ok('setNavigationBarTitle'))
      },
      setNavigationBar: (o: any) => {
        if (o.title !== undefined) self.titles.push(String(o.title))
        self.answer(o, true, ok('setNavigationBar'))
      },
      setNavigationBarColor: (o: any) => self.answer(o, true, ok('setNavigationBarColor')),
      stopPullDownRefresh: (o: any) => self.answer(o, true, ok('stopPullDownRefresh')),
      startPullDownRefresh: (o: any) => self.answer(o, true, ok('startPullDownRefresh')),
      pageScrollTo: (o: any) => self.answer(o, true, ok('pageScrollTo')),
      hideTabBar: (o: any) => self.answer(o, true, ok('hideTabBar')),
      hideHomeButton: (o: any) => self.answer(o, true, ok('hideHomeButton')),
      previewImage: (o: any) => self.answer(o, true, ok('previewImage')),
      vibrateShort: (o: any) => {
        self.vibrations++
        self.answer(o, true, ok('vibrateShort'))
      },
      getLocation: (o: any) => self.answer(o, false, { errMsg: 'getLocation:fail auth deny' }),
      scanCode: (o: any) => self.answer(o, false, { errMsg: 'scanCode:fail cancel' }),
      // issue 16: map — the host's own place picker (answers from placeAnswers) and map (recorded).
      chooseLocation: (o: any) => {
        self.locationCalls.push({ api: 'chooseLocation', params: plain(o) })
        const place = self.placeAnswers.length ? self.placeAnswers.shift()! : null
        if (place) self.answer(o, true, { ...place, ...(weapp ? { errMsg: 'chooseLocation:ok' } : {}) })
        else self.answer(o, false, weapp ? { errMsg: 'chooseLocation:fail cancel' } : { error: 11, errorMessage: 'user cancelled' })
      },
      openLocation: (o: any) => {
        self.locationCalls.push({ api: 'openLocation', params: plain(o) })
        self.answer(o, true, ok('openLocation'))
      },
      // issue 17: uploads — the host's photo picker (answers from photoAnswers) and uploadFile (a real multipart POST).
      uploadFile: (o: any) => self.uploadFile(o),
      createSelectorQuery: () => selectorQuery(),
      createIntersectionObserver: () => ({ relativeToViewport: function () { return this }, observe: () => undefined, disconnect: () => undefined })
    }
    if (weapp) {
      api.showModal = (o: any) => self.modal(o, { content: o.content, confirmText: o.confirmText, cancelText: o.cancelText, showCancel: o.showCancel !== false }, (c) => ({ confirm: c, cancel: !c, errMsg: 'showModal:ok' }))
      api.login = (o: any) => {
        const code = self.openId ? self.hostCode(self.openId) : null
        self.logins.push(code ?? '(refused)')
        self.answer(o, !!code, code ? { code, errMsg: 'login:ok' } : { errMsg: 'login:fail' })
      }
      api.requestPayment = (o: any) => void self.pay('requestPayment', o)
      api.connectSocket = (o: any) => self.connectSocket(o)
      api.chooseMedia = (o: any) => {
        const files = self.takePhotos()
        if (!files) return self.answer(o, false, { errMsg: 'chooseMedia:fail cancel' })
        const tempFiles = files.slice(0, o.count ?? 9).map((f) => ({ tempFilePath: f.path, size: f.body.length, fileType: 'image', width: f.width ?? 0, height: f.height ?? 0 }))
        self.answer(o, true, { tempFiles, type: 'image', errMsg: 'chooseMedia:ok' })
      }
    } else {
      api.confirm = (o: any) => self.modal(o, { content: o.content, confirmText: o.confirmButtonText, cancelText: o.cancelButtonText, showCancel: true }, (c) => ({ confirm: c }))
      api.alert = (o: any) => self.modal(o, { content: o.content, confirmText: o.buttonText, showCancel: false }, () => ({}))
      api.getAuthCode = (o: any) => {
        const code = self.openId ? self.hostCode(self.openId) : null
        self.logins.push(code ?? '(refused)')
        self.answer(o, !!code, code ? { authCode: code } : { error: 11, errorMessage: 'user cancelled' })
      }
      api.tradePay = (o: any) => void self.pay('tradePay', o)
      // issue 25: 获取会员手机号 — after the getAuthorize button's consent, Alipay's signed and encrypted answer.
      api.getPhoneNumber = (o: any) => {
        self.phoneNumberCalls++
        const response = self.phoneNumberAnswer
        self.phoneNumberAnswer = null
        if (response) self.answer(o, true, { response })
        else self.answer(o, false, { error: 3, errorMessage: 'getPhoneNumber fail' })
      }
      api.connectSocket = (o: any) => self.connectSocket(o)
      api.chooseImage = (o: any) => {
        const files = self.takePhotos()
        if (!files) return self.answer(o, false, { error: 11, errorMessage: 'user cancelled' })
        const paths = files.slice(0, o.count ?? 9).map((f) => f.path)
        self.answer(o, true, { apFilePaths: paths, tempFilePaths: paths })
      }
      api.getFileInfo = (o: any) => {
        const body = self.tempFiles.get(String(o.apFilePath ?? o.filePath))
        if (!body) return self.answer(o, false, { error: 12, errorMessage: 'file not found' })
        self.answer(o, true, { size: body.length })
      }
    }
    if (weapp) {
      // WeChat's async APIs called without success/fail/complete return a Promise (base library
      // 2.10.2+); Taro passes some straight through (Taro.requestPayment) and relies on it.
      for (const [name, fn] of Object.entries(api)) {
        if (typeof fn !== 'function' || SYNC_APIS.test(name)) continue
        api[name] = (o?: any, ...rest: unknown[]) => {
          if (o && typeof o === 'object' && (o.success || o.fail || o.complete)) return (fn as (...a: unknown[]) => unknown)(o, ...rest)
          return new Promise((resolve, reject) => (fn as (...a: unknown[]) => unknown)({ ...(o ?? {}), success: resolve, fail: reject }, ...rest))
        }
      }
    }
    return new Proxy(api, {
      get(target, key) {
        if (typeof key !== 'string') return undefined
        if (key in target) return target[key]
        // A host API this double does not offer: undefined (Taro checks for what exists), and a
        // test sees the name in unknownApis.
        if (key !== 'webpackJsonp') self.unknownApis.add(key)
        return undefined
      },
      set(target, key, value) {
        target[key as string] = value
        return true
      }
    })
  }

  /** The login code the host hands out for its user (recorded in `logins` by the caller). */
  private hostCode(openId: string): string {
    return this.loginCode ? this.loginCode(openId) : `dev:${openId}`
  }

  private modal(o: any, call: Omit<ModalCall, 'confirmed'>, result: (confirmed: boolean) => Record<string, unknown>): void {
    const confirmed = call.showCancel ? (this.modalAnswers.length ? this.modalAnswers.shift()! : true) : true
    this.modals.push({ ...call, confirmed })
    this.answer(o, true, result(confirmed))
  }

  /** requestPayment / tradePay: recorded; with a decision set, the sandbox cashier decides it. */
  private async pay(api: PaymentCall['api'], o: any): Promise<void> {
    const params: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(o ?? {})) if (typeof v !== 'function') params[k] = v
    const call: PaymentCall = { api, params }
    this.payments.push(call)
    if (this.cashier) {
      this.pending++
      try {
        const { ok, result } = await this.cashier(api, params)
        call.answer = { status: ok ? 200 : 400, body: result }
        this.answer(o, ok, result)
      } catch (e) {
        this.errors.push(`cashier: ${describe(e)}`)
      } finally {
        this.pending--
      }
      return
    }
    const decision = this.cashierDecision
    if (!decision) {
      // No cashier decision: the payer closed the cashier.
      return this.answer(o, false, api === 'requestPayment' ? { errMsg: 'requestPayment:fail cancel' } : { resultCode: '6001' })
    }
    this.pending++
    try {
      const res = await fetch(`${this.serverOrigin}/sandbox-pay/cashier`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision, ...params }) })
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
      call.answer = { status: res.status, body }
      if (api === 'requestPayment') {
        const paid = res.status === 200 && body.result === 'paid'
        this.answer(o, paid, { errMsg: String(body.errMsg ?? 'requestPayment:fail') })
      } else {
        // tradePay calls success with the result code whatever it is (the payment app's way).
        this.answer(o, true, { resultCode: String(body.resultCode ?? '4000') })
      }
    } catch (e) {
      this.errors.push(`cashier: ${describe(e)}`)
    } finally {
      this.pending--
    }
  }

  private takePhotos(): { path: string; body: Buffer; width?: number; height?: number }[] | null {
    const files = this.photoAnswers.length ? this.photoAnswers.shift()! : null
    if (!files || files.length === 0) return null
    for (const f of files) this.tempFiles.set(f.path, f.body)
    return files
  }

  /**
   * uploadFile as the hosts do it: a multipart form of formData then the temp file under `name`
   * (weapp) / `fileName` (alipay, with fileType), POSTed to the url; success with the status,
   * whatever it is (the app decides what counts), fail when it could not be sent.
   */
  private uploadFile(o: any): { abort(): void; onProgressUpdate(): void } {
    const weapp = this.kind === 'weapp'
    const name = String((weapp ? o.name : o.fileName) ?? '')
    const body = this.tempFiles.get(String(o.filePath))
    const formData: Record<string, string> = { ...(o.formData ?? {}) }
    let url = String(o.url)
    if (url.startsWith(this.builtGatewayOrigin)) url = this.serverOrigin + url.slice(this.builtGatewayOrigin.length)
    const record = { url, name, formData, ...(weapp ? {} : { fileType: String(o.fileType ?? '') }), status: 0 }
    this.uploads.push(record)
    const fail = (message: string) => this.answer(o, false, weapp ? { errMsg: `uploadFile:fail ${message}` } : { error: 12, errorMessage: message })
    if (!body || !name || (!weapp && !o.fileType)) {
      fail(!body ? 'file not found' : 'parameter error')
      return { abort: () => undefined, onProgressUpdate: () => undefined }
    }
    const form = new FormData()
    for (const [k, v] of Object.entries(formData)) form.append(k, String(v))
    form.append(name, new Blob([new Uint8Array(body)]), String(o.filePath).split('/').pop())
    this.pending++
    fetch(url, { method: 'POST', body: form })
      .then(async (res) => {
        record.status = res.status
        const data = await res.text()
        this.answer(o, true, weapp ? { statusCode: res.status, data, errMsg: 'uploadFile:ok' } : { statusCode: res.status, data })
      })
      .catch((e) => fail(describe(e)))
      .finally(() => setImmediate(() => this.pending--))
    return { abort: () => undefined, onProgressUpdate: () => undefined }
  }

  /**
   * wx.connectSocket, my.connectSocket({ multiple: true }): a SocketTask over a real WebSocket to
   * the server (the build's gateway origin, ws/wss), in each host's shapes (the payment app:
   * messages { data, isBuffer }, failures { error, errorMessage }). Five at once per app, as both
   * hosts allow. The payment app without multiple (or with a base library that has no tasks)
   * opens its one global socket: not simulated, recorded as an error, no task returned.
   */
  private connectSocket(o: any): Record<string, (...a: any[]) => void> | undefined {
    const weapp = this.kind === 'weapp'
    const fail = (errMsg: string) => this.answer(o, false, weapp ? { errMsg: `connectSocket:fail ${errMsg}` } : { error: 1, errorMessage: errMsg })
    if (!weapp && (o?.multiple !== true || !this.socketTasks)) {
      this.errors.push(`my.connectSocket without a SocketTask (multiple: ${String(o?.multiple)}, base library tasks: ${this.socketTasks}): the app's one global socket`)
      this.answer(o, true, {})
      return undefined
    }
    const app = this.context
    const open = this.sockets.filter((s) => s.app === app && (s.ws.readyState === WebSocket.OPEN || s.ws.readyState === WebSocket.CONNECTING))
    if (open.length >= 5) {
      this.errors.push(`socket to ${o.url}: a sixth socket at once (the hosts allow five)`)
      fail('too many sockets')
      return undefined
    }
    const built = this.builtGatewayOrigin.replace(/^http/, 'ws')
    let url = String(o.url)
    if (url.startsWith(built)) url = (this.socketOrigin ?? this.serverOrigin).replace(/^http/, 'ws') + url.slice(built.length)
    else this.errors.push(`socket to ${url}: not the build's gateway (${built})`)
    const ws = new WebSocket(url, { headers: { 'user-agent': this.userAgent } })
    const record = { url: String(o.url), frames: [] as string[], ws, app }
    this.sockets.push(record)
    const on = { open: [] as ((r: object) => void)[], message: [] as ((r: object) => void)[], close: [] as ((r: object) => void)[], error: [] as ((r: object) => void)[] }
    // A closed (or relaunched) app hears nothing more from its sockets, as on the hosts.
    const live = () => this.context === app && app !== null
    ws.on('open', () => live() && on.open.forEach((l) => this.guard(() => l({}), 'socket open')))
    ws.on('message', (data) => {
      record.frames.push(String(data))
      const res = weapp ? { data: String(data) } : { data: String(data), isBuffer: false }
      if (live()) on.message.forEach((l) => this.guard(() => l(res), 'socket message'))
    })
    ws.on('close', (code, reason) => live() && on.close.forEach((l) => this.guard(() => l({ code, reason: String(reason) }), 'socket close')))
    ws.on('error', (e) => live() && on.error.forEach((l) => this.guard(() => l(weapp ? { errMsg: describe(e) } : { error: 1, errorMessage: describe(e) }), 'socket error')))
    this.answer(o, true, weapp ? { errMsg: 'connectSocket:ok' } : {})
    return {
      onOpen: (l: (r: object) => void) => void on.open.push(l),
      onMessage: (l: (r: object) => void) => void on.message.push(l),
      onClose: (l: (r: object) => void) => void on.close.push(l),
      onError: (l: (r: object) => void) => void on.error.push(l),
      send: (m: { data: string }) => ws.send(m.data),
      close: () => ws.close()
    }
  }

  private request(o: any): { abort(): void } {
    const controller = new AbortController()
    let url = String(o.url)
    if (url.startsWith(this.builtGatewayOrigin)) url = this.serverOrigin + url.slice(this.builtGatewayOrigin.length)
    else if (/^https?:/.test(url)) {
      this.errors.push(`request to ${url}: not the build's gateway (${this.builtGatewayOrigin})`)
    }
    if (url.startsWith(this.serverOrigin)) this.requests.push(url.slice(this.serverOrigin.length))
    if (this.offline) {
      this.answer(o, false, this.kind === 'weapp' ? { errMsg: 'request:fail net::ERR_INTERNET_DISCONNECTED' } : { error: 19, errorMessage: 'http status error' })
      return { abort: () => undefined }
    }
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...(o.header ?? {}), ...(o.headers ?? {}) }
    const method = String(o.method ?? 'GET').toUpperCase()
    const body = method === 'GET' ? undefined : typeof o.data === 'string' ? o.data : o.data === undefined ? undefined : headers['content-type']?.includes('json') ? JSON.stringify(o.data) : new URLSearchParams(o.data).toString()
    this.pending++
    fetch(url, { method, headers, body, signal: controller.signal })
      .then(async (res) => {
        const text = await res.text()
        let data: unknown = text
        if ((o.dataType ?? 'json') === 'json') {
          try {
            data = JSON.parse(text)
          } catch {
            data = text
          }
        }
        const head: Record<string, string> = {}
        res.headers.forEach((v, k) => (head[k] = v))
        this.answer(o, true, this.kind === 'weapp' ? { statusCode: res.status, data, header: head, errMsg: 'request:ok' } : { status: res.status, data, headers: head })
      })
      .catch((e) => this.answer(o, false, this.kind === 'weapp' ? { errMsg: `request:fail ${describe(e)}` } : { error: 12, errorMessage: describe(e) }))
      .finally(() => {
        // after the callbacks ran
        setImmediate(() => this.pending--)
      })
    return { abort: () => controller.abort() }
  }
}

/** A call's options without its callbacks. */
function plain(o: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries((o ?? {}) as Record<string, unknown>)) if (typeof v !== 'function') out[k] = v
  return out
}

/** Host APIs that answer at once (no callbacks, no Promise). */
const SYNC_APIS = /Sync$|^(canIUse|nextTick|request|getWindowInfo|getDeviceInfo|getAppBaseInfo|getMenuButtonBoundingClientRect|create[A-Z]\w*|on[A-Z]\w*|off[A-Z]\w*)$/

function selectorQuery() {
  const q = {
    in: () => q,
    select: () => q,
    selectAll: () => q,
    selectViewport: () => q,
    boundingClientRect: () => q,
    scrollOffset: () => q,
    fields: () => q,
    exec: (cb?: (r: unknown[]) => void) => setImmediate(() => cb?.([null]))
  }
  return q
}

function describe(e: unknown): string {
  if (e instanceof Error || (e && typeof e === 'object' && 'message' in (e as object))) {
    const err = e as Error
    return `${err.name ?? 'Error'}: ${err.message}${err.stack ? '\n' + err.stack.split('\n').slice(1, 4).join('\n') : ''}`
  }
  return typeof e === 'string' ? e : JSON.stringify(e)
}
