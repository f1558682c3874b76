/** A host for tests: in-memory storage, recorded toasts and navigations, a scripted server. */
import type { Host, HttpRequest, HttpResponse } from '../../../src/hosts/host'
import { encodeStrings } from '../../../src/gateway/form'
import { Gateway } from '../../../src/gateway/gateway-client'
import type { Locale } from '../../../src/gateway/contract'

export interface FakeHost extends Host {
  toasts: string[]
  navigations: string[]
  requests: HttpRequest[]
  store: Map<string, string>
}

export function createFakeHost(
  respond: (req: HttpRequest) => Promise<HttpResponse> | HttpResponse,
  overrides: Partial<Host> = {}
): FakeHost {
  const store = new Map<string, string>()
  const toasts: string[] = []
  const navigations: string[] = []
  const requests: HttpRequest[] = []
  return {
    kind: 'h5',
    subHost: 'plain',
    clientType: 'web',
    forcedLocale: null,
    deviceLanguage: () => 'en-US',
    entryQuery: () => ({}),
    isTestEnvironment: () => false,
    defaultGatewayOrigin: () => 'http://shop.test',
    async request(req) {
      requests.push(req)
      return respond(req)
    },
    storage: {
      get: (k) => store.get(k) ?? null,
      set: (k, v) => void store.set(k, v),
      remove: (k) => void store.delete(k)
    },
    toast: (m) => void toasts.push(m),
    onGlobalError: () => undefined,
    installShell: () => undefined,
    applyLocale: () => undefined,
    setTitle: () => undefined,
    navigateTo: (url) => void navigations.push(url),
    navigateBack: (fallbackUrl) => void navigations.push(`back|${fallbackUrl}`),
    previewImage: (_urls, current) => void navigations.push(`preview|${current}`),
    redirectTo: (url) => void navigations.push(url),
    reLaunch: (url) => void navigations.push(url),
    currentRoute: () => '',
    // Confirms every modal (a cancel would reject with the cancel signal, hosts/confirm-signal).
    confirm: async (texts) => void navigations.push(`confirm|${texts.content}`),
    leaveTo: (url) => (navigations.push(`leave|${url}`), true),
    appUrl: (route) => `http://shop.test/#${route}`,
    locate: async () => null,
    whenIdle: (run) => void setTimeout(run, 0),
    toasts,
    navigations,
    requests,
    store,
    ...overrides
  }
}

/** Parses the form body the gateway client sent. */
export function envelopeOf(req: HttpRequest): { fields: Record<string, string>; records: Record<string, unknown>[] } {
  const fields: Record<string, string> = {}
  for (const pair of req.body.split('&')) {
    const [k, v = ''] = pair.split('=')
    fields[decodeURIComponent(k)] = decodeURIComponent(v)
  }
  return { fields, records: JSON.parse(fields.strJsonData).tableData }
}

/** A gateway response as the server sends it: every string percent-encoded. */
export function ok(data: Record<string, unknown>): HttpResponse {
  return { statusCode: 200, data: encodeStrings({ errcode: '0', errmsg: '', resultcode: '0', resultmsg: '', data }) }
}

export function fail(errcode: string, resultcode: string, message: string, statusCode = 200): HttpResponse {
  const msg = errcode !== '0' ? { errmsg: message, resultmsg: '' } : { errmsg: '', resultmsg: message }
  return { statusCode, data: encodeStrings({ errcode, resultcode, ...msg, data: {} }) }
}

/** The gateway client as the stores' tests build it over a fake host: enterprise E1001, user U1. */
export function testGateway(host: Host, locale: () => Locale = () => 'en'): Gateway {
  return new Gateway({
    host,
    identity: () => ({ EntID: 'E1001', UserID: 'U1' }),
    locale,
    networkErrorText: () => 'Network connection error',
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: ''
  })
}
