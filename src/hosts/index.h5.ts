/** H5 host: the web app in a phone browser or in a host app's web view. */
import Taro from '@tarojs/taro'
import type { Host, HttpResponse, ShellTexts } from './host'
import { taroNavigation, taroStorage } from './taro-host'
import { domToast, fetchRequest } from './web-io'
import { firstAnswer } from './first-answers.h5'
import { readUserAgent } from './user-agent'
import { parseQuery } from '../core/entry-params'

export type { Host, HttpRequest, HttpResponse, KeyValueStorage, SubHost, ClientType, ShellTexts } from './host'

/** issue 17: photos — the picker and the upload load on first use (photos.h5.ts). */
const photos = () => import(/* webpackChunkName: "host-photos" */ './photos.h5')

const ua = readUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent)

/** Spec §2 / §9. */
const PLACEHOLDER_DELAY_MS = 600
const PAGE_LOAD_TIMEOUT_MS = 60000
const DOUBLE_TAP_MS = 500

/**
 * Taro's router starts before the stores are built (src/root-store-boot.h5.ts builds them a few
 * tasks later) and so before installShell: what it says until then (a route it cannot find, the
 * first page's load starting and ending) is kept here and handed to the shell's listeners when
 * they are installed (the first page's loading placeholder is timed from then, a few tasks late;
 * index.html's own spinner shows meanwhile).
 */
type RouterEvent = '__taroRouterNotFound' | '__taroRouterChange' | '__afterTaroRouterChange'
const ROUTER_EVENTS: RouterEvent[] = ['__taroRouterNotFound', '__taroRouterChange', '__afterTaroRouterChange']
const heardEarly: [RouterEvent, unknown][] = []
const keepEarly = ROUTER_EVENTS.map((name) => [name, (event: unknown) => void heardEarly.push([name, event])] as const)
for (const [name, keep] of keepEarly) Taro.eventCenter.on(name, keep)

/** The shell's router listeners, then what was heard before them. */
function listenToRouter(listeners: Record<RouterEvent, (event: any) => void>): void {
  for (const [name, keep] of keepEarly) Taro.eventCenter.off(name, keep)
  for (const name of ROUTER_EVENTS) Taro.eventCenter.on(name, listeners[name])
  for (const [name, event] of heardEarly.splice(0)) listeners[name](event)
}

export const host: Host = {
  kind: 'h5',
  subHost: ua.subHost,
  clientType: ua.clientType,
  forcedLocale: ua.forcedLocale,
  deviceLanguage: () => (typeof navigator === 'undefined' ? null : navigator.language || null),
  // Both the search part (?QRCode=… before the hash) and the hash route's query count.
  entryQuery: () => parseQuery(window.location.href),
  isTestEnvironment: () => parseQuery(window.location.href).test === '1' || /test/i.test(window.location.pathname),
  defaultGatewayOrigin: () => window.location.origin,
  // The entry URL's HTML may bring the first calls' answers (issue 28 item 2).
  request: (req) => {
    // Handed over in a task of its own, as an answer from the network would be: the entry page,
    // the hand-over to Home and Home's first render stay separate tasks instead of one long one
    // that keeps the phone from answering a tap (Lighthouse's Total Blocking Time).
    const hand = (answer: HttpResponse | null): Promise<HttpResponse> => (answer ? new Promise((resolve) => setTimeout(resolve, 0, answer)) : fetchRequest(req))
    const answer = firstAnswer(req)
    return answer instanceof Promise ? answer.then(hand) : hand(answer)
  },
  storage: taroStorage,
  toast: domToast,
  onGlobalError(listener) {
    window.addEventListener('error', (e) => {
      const err = e.error as Error | undefined
      listener(err ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : `${e.message} @ ${e.filename}:${e.lineno}`)
    })
    window.addEventListener('unhandledrejection', (e) => {
      const r = e.reason as Error | undefined
      listener(r instanceof Error ? `${r.name}: ${r.message}\n${r.stack ?? ''}` : `Unhandled rejection: ${String(r)}`)
    })
  },
  installShell(texts) {
    const pageLoads = watchPageLoads(texts)
    pressWithKeys()
    if (ua.isIOS) ignoreDoubleTaps()
    listenToRouter({
      ...pageLoads,
      __taroRouterNotFound: (e: { path?: string } | undefined) => {
        console.error('找不到路由', e?.path)
        taroNavigation.reLaunch('/pages/scanCodeEntry/scanCodeEntry')
      }
    })
  },
  applyLocale(locale) {
    document.documentElement.lang = locale === 'en' ? 'en' : locale === 'zh-CN' ? 'zh-Hans' : 'zh-Hant'
  },
  // What Taro.setNavigationBarTitle does on H5 (its router sets document.title and keeps it for the
  // page), without the API's argument checks that every page's script carried a copy of.
  setTitle: (title) => void Taro.eventCenter.trigger('__taroH5SetNavigationBarTitle', title),
  // The viewer loads on the first tap on a picture: no diner pays for it on the first screen.
  previewImage: (urls, current) => void import(/* webpackChunkName: "web-preview" */ './web-preview').then((m) => m.domPreviewImage(urls, current)),
  // replace, not assign: Back from the provider's page returns to the page before paymentTransfer
  // (which would only send the diner off again).
  leaveTo(url) {
    window.location.replace(url)
    return true
  },
  // Same origin and path, hash route (the app's router is in hash mode, base '/').
  appUrl: (route) => `${window.location.origin}${window.location.pathname}#${route.startsWith('/') ? route : `/${route}`}`,
  // The browser's geolocation, asked only by pages past Home (./dom-locate.h5.ts); null as when refused if its script fails.
  locate: () => import(/* webpackChunkName: "dom-locate" */ './dom-locate.h5').then((m) => m.domLocate(), () => null),
  // Safari has no requestIdleCallback: the next task there.
  whenIdle: (run) => void (window.requestIdleCallback || setTimeout)(run),
  // A browser has no app identity to offer: diners log in by phone or, in a plain browser, as a guest.
  loginCode: async () => null,
  hostLogin: () => import(/* webpackChunkName: "host-login" */ './host-login-web.h5').then((m) => m.hostLoginFor(ua.subHost)),
  choosePhotos: (n) => photos().then((m) => m.choosePhotos(n)),
  uploadPhoto: (t, p) => photos().then((m) => m.uploadPhoto(t, p)),
  cashier: () => import(/* webpackChunkName: "host-pay" */ './pay.h5').then((m) => m.browserCashier(ua.subHost, ua.clientType)),
  ...taroNavigation,
  // Taro's modal comes with the first page that asks (./taro-confirm.ts).
  confirm: (texts) => import(/* webpackChunkName: "taro-confirm" */ './taro-confirm').then((m) => m.taroConfirm(texts))
}

/**
 * Pages load on demand; when one takes over 600 ms a placeholder shows, and after 60 s
 * an error with a reload button. Taro's router signals the start and the end of a change.
 */
function watchPageLoads(texts: ShellTexts): Record<'__taroRouterChange' | '__afterTaroRouterChange', () => void> {
  let placeholderTimer: ReturnType<typeof setTimeout> | undefined
  let failTimer: ReturnType<typeof setTimeout> | undefined
  const overlay = (): HTMLElement => {
    let el = document.getElementById('so-page-loading')
    if (!el) {
      el = document.createElement('div')
      el.id = 'so-page-loading'
      el.setAttribute('role', 'status')
      document.body.appendChild(el)
    }
    return el
  }
  const clear = (): void => {
    clearTimeout(placeholderTimer)
    clearTimeout(failTimer)
    document.getElementById('so-page-loading')?.remove()
    // The first page has arrived: the static placeholder of index.html is no longer needed.
    document.getElementById('so-boot')?.remove()
  }
  const started = (): void => {
    clear()
    placeholderTimer = setTimeout(() => {
      const el = overlay()
      el.className = 'so-page-loading'
      el.innerHTML = '<i class="so-spinner"></i><span></span>'
      el.querySelector('span')!.textContent = texts.loading()
    }, PLACEHOLDER_DELAY_MS)
    failTimer = setTimeout(() => {
      const el = overlay()
      el.className = 'so-page-loading so-page-loading--failed'
      // The diner must act: said at once (alert), and the way on takes the focus.
      el.setAttribute('role', 'alert')
      el.innerHTML = '<span></span><button type="button"></button>'
      el.querySelector('span')!.textContent = texts.loadFailed()
      const button = el.querySelector('button')!
      button.textContent = texts.reload()
      button.onclick = () => window.location.reload()
      button.focus()
    }, PAGE_LOAD_TIMEOUT_MS)
  }
  return { __taroRouterChange: started, __afterTaroRouterChange: clear }
}

/**
 * Our buttons, tabs and toggles are Views with a role and tabIndex 0: Enter and Space press them
 * as they press a native button (WCAG 2.1.1), one listener for the whole app.
 */
function pressWithKeys(): void {
  document.addEventListener('keydown', (e) => {
    const el = e.target as HTMLElement
    if ((e.key === 'Enter' || e.key === ' ') && !/^(BUTTON|A|INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && /^(button|tab|checkbox|radio|switch|option|menuitem|menuitemradio|link)$/.test(el.getAttribute('role') ?? '')) {
      e.preventDefault()
      el.click()
    }
  })
}

/** iOS web views deliver a quick second tap as another click: ignore it within 500 ms. */
function ignoreDoubleTaps(): void {
  let last = 0
  document.addEventListener(
    'click',
    (e) => {
      const now = Date.now()
      if (now - last < DOUBLE_TAP_MS) {
        e.preventDefault()
        e.stopImmediatePropagation()
        return
      }
      last = now
    },
    true
  )
}
