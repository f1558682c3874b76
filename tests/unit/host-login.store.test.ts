/**
 * Issue 14: the member store's host-browser login with a fake host (its HostLogin adapter
 * scripted) and a scripted server: the authorise round trip (state kept and checked), each host's
 * user-info rule (chat-app non-zero → authorise again; transit-payment → the server's message;
 * wallet → asked again, a bounded number of times), the super-app's instance, the third-party
 * access token, 42000 → registration with what the host gave, and the wrong browser → browserPrompt.
 */
import { Gateway } from '../../src/gateway/gateway-client'
import { MemberStore, type MemberStoreDeps } from '../../src/features/member/member.store'
import { HOST_LOGIN_PENDING, WALLET_TRIES } from '../../src/features/member/host-login'
import { readMemberToken } from '../../src/gateway/member-token'
import type { HostUserRow } from '../../src/gateway/host-login-rows'
import type { HttpRequest, HttpResponse, SubHost } from '../../src/hosts/host'
import { HostLoginError, type AuthorizeReturn, type HostLogin, type HostLoginKind } from '../../src/hosts/host-login'
import { CATALOGUES } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'
import { vipRow } from './support/member-rows'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

const en = CATALOGUES.en
const t = (key: keyof typeof en, params?: Record<string, string | number>) => translate('en', key, params)
const user: HostUserRow = { OpenID: 'dev-amy', AccessToken: 'tok', ExpiresIn: 7200, Provider: 'dev-wechat', NikeName: 'Amy', Pic: 'http://shop.test/a.svg', AreaNo: '', Phone: '' }
const json = (data: unknown): HttpResponse => ({ statusCode: 200, data })

interface Setup {
  kind: HostLoginKind
  returned?: AuthorizeReturn | null
  /** Answers of GET calls by path, in order (the last repeats). */
  gets?: Record<string, unknown[]>
  posts?: Record<string, (record: Record<string, unknown>) => HttpResponse>
  confirm?: boolean
  prepare?: () => Promise<void>
  subHost?: SubHost
}

function setup(s: Setup) {
  const gets: { path: string; query: URLSearchParams }[] = []
  const posts: { op: string; record: Record<string, unknown> }[] = []
  const left: string[] = []
  let returned = s.returned ?? null
  const adapter: HostLogin = {
    kind: s.kind,
    takeReturn: () => {
      const r = returned
      returned = null
      return r
    },
    newState: () => 'state-0123456789abcdef',
    prepare: s.prepare ?? (async () => undefined),
    leaveTo: (url) => void left.push(url)
  }
  const host = createFakeHost(
    (req: HttpRequest) => {
      if (req.method === 'GET') {
        const url = new URL(req.url)
        gets.push({ path: url.pathname, query: url.searchParams })
        const list = s.gets?.[url.pathname] ?? [{ code: 40001, msg: 'unscripted' }]
        const n = gets.filter((g) => g.path === url.pathname).length
        return json(list[Math.min(n, list.length) - 1])
      }
      const { fields, records } = envelopeOf(req)
      posts.push({ op: fields.KeyName, record: records[0] })
      const handler = s.posts?.[fields.KeyName]
      return handler ? handler(records[0]) : fail('10003', '0', `unknown ${fields.KeyName}`, 404)
    },
    { subHost: s.subHost ?? (s.kind as SubHost), hostLogin: async () => adapter }
  )
  const gateway = new Gateway({
    host,
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: '',
    locale: () => 'en',
    networkErrorText: () => en['network.error'],
    identity: () => ({ EntID: 'E1001', UserID: 'U1' }),
    token: () => readMemberToken(host.storage)
  })
  const prompts: string[] = []
  const browserPrompts: { kind: string; back: string }[] = []
  const deps: MemberStoreDeps = {
    t,
    confirm: async ({ content }) => {
      prompts.push(content)
      if (!(s.confirm ?? false)) throw new ConfirmCancelled()
    },
    openLogin: () => undefined,
    here: () => '/pages/mine/mine',
    place: () => ({ ShopName: 'Tea House', ShopCode: '101', BaseName: 'Senado', BaseCode: '201' }),
    minaId: () => '',
    entId: () => 'E1001',
    locale: () => 'en',
    openBrowserPrompt: (kind, back) => void browserPrompts.push({ kind, back }),
    // The pause between busy answers (1000 ms in the app): recorded, not waited for.
    wait: async () => void waits.push(gets.length)
  }
  const waits: number[] = []
  const member = new MemberStore(gateway, host, deps)
  return { member, host, gets, posts, left, prompts, browserPrompts, waits }
}

const AUTHORIZE = (kind: string) => ({ [`/host-auth/${kind}/authorize`]: [{ code: 0, data: { AuthorizeUrl: `http://shop.test/dev-auth/${kind}/authorize?x=1`, AppID: `dev-${kind}` } }] })
const pending = (kind: HostLoginKind, state = 'state-0123456789abcdef') => JSON.stringify({ kind, state, appId: `dev-${kind}`, back: '/pages/mine/mine', at: Date.now() })
const loggedIn = () => ok({ table1: [{ Token: 'T1', ExpiresDate: '', VipID: 'V1', IsNew: 0 }], table2: [vipRow({ VipName: 'Amy' })] })

test('signed out in the chat-app browser: off to the authorise page with a state kept for the return', async () => {
  const { member, gets, left, host } = setup({ kind: 'wechat', gets: AUTHORIZE('wechat') })
  expect(member.openIdOffered).toBe(true)
  expect(await member.openIdLogin(true)).toBe(false)
  expect(gets[0].path).toBe('/host-auth/wechat/authorize')
  expect(gets[0].query.get('redirect_uri')).toBe('http://shop.test/#/pages/mine/mine')
  expect(gets[0].query.get('EntID')).toBe('E1001')
  expect(left).toEqual(['http://shop.test/dev-auth/wechat/authorize?x=1'])
  expect(JSON.parse(host.storage.get(HOST_LOGIN_PENDING) ?? '{}')).toMatchObject({ kind: 'wechat', state: 'state-0123456789abcdef', appId: 'dev-wechat' })
  // Mine's own try happens once per run.
  expect(await member.openIdLogin(true)).toBe(false)
  expect(left).toHaveLength(1)
})

test('back with a code: the chat-app user-info call (code, appid), 42000, then registration with the nickname and picture', async () => {
  const { member, gets, posts, host } = setup({
    kind: 'wechat',
    returned: { code: 'C1', state: 'state-0123456789abcdef' },
    gets: { '/host-auth/wechat/userinfo': [{ code: 0, msg: '', data: user }] },
    posts: { VipLoginByOpenID: () => fail('0', '42000', 'Member not registered'), VipRegister: loggedIn }
  })
  host.storage.set(HOST_LOGIN_PENDING, pending('wechat'))
  expect(await member.openIdLogin(true)).toBe(true)
  expect(gets[0].query.get('code')).toBe('C1')
  expect(gets[0].query.get('appid')).toBe('dev-wechat')
  expect(posts.map((p) => p.op)).toEqual(['VipLoginByOpenID', 'VipRegister'])
  expect(posts[1].record).toMatchObject({ OpenID: 'dev-amy', AccessToken: 'tok', RegisterType: 2, VipName: 'Amy', HeadImg: 'http://shop.test/a.svg' })
  expect(member.signedIn).toBe(true)
  expect(member.vip?.VipName).toBe('Amy')
  expect(host.storage.get(HOST_LOGIN_PENDING)).toBeNull()
})

test('a code whose state is not the one kept is not exchanged', async () => {
  const { member, gets, host } = setup({ kind: 'wechat', returned: { code: 'C1', state: 'someone-elses-state-000' } })
  host.storage.set(HOST_LOGIN_PENDING, pending('wechat'))
  expect(await member.openIdLogin(true)).toBe(false)
  expect(gets).toEqual([])
  expect(host.toasts).toContain(en['hostLogin.stateMismatch'])
  expect(member.signedIn).toBe(false)
})

test('chat-app non-zero code: 检测到未授权，是否重新授权; confirming goes to authorise again', async () => {
  const { member, left, prompts, host } = setup({
    kind: 'wechat',
    confirm: true,
    returned: { code: 'C1', state: 'state-0123456789abcdef' },
    gets: { '/host-auth/wechat/userinfo': [{ code: 40029, msg: 'refused' }], ...AUTHORIZE('wechat') }
  })
  host.storage.set(HOST_LOGIN_PENDING, pending('wechat'))
  expect(await member.openIdLogin(true)).toBe(false)
  expect(prompts).toEqual([en['hostLogin.reauthorize']])
  expect(left).toHaveLength(1)
  expect(translate('zh-CN', 'hostLogin.reauthorize')).toBe('检测到未授权，是否重新授权')
})

test('refused on the host page: the re-authorise offer, cancel stays signed out', async () => {
  const { member, left, prompts, host } = setup({ kind: 'alipay', returned: { error: 'access_denied', state: 'state-0123456789abcdef' } })
  host.storage.set(HOST_LOGIN_PENDING, pending('alipay'))
  expect(await member.openIdLogin(true)).toBe(false)
  expect(prompts).toHaveLength(1)
  expect(left).toEqual([])
})

test("transit-payment non-zero code shows the server's message", async () => {
  const { member, host } = setup({ kind: 'alipayhk', returned: { code: 'C1', state: 'state-0123456789abcdef' }, gets: { '/host-auth/alipayhk/userinfo': [{ code: 40029, msg: '登入已過期' }] } })
  host.storage.set(HOST_LOGIN_PENDING, pending('alipayhk'))
  expect(await member.openIdLogin(true)).toBe(false)
  expect(host.toasts).toContain('登入已過期')
  expect(member.loginForm.error).toBe('登入已過期')
})

test('wallet errcode ≠ 0 is asked again; success on a later try signs in', async () => {
  const { member, gets, host, waits } = setup({
    kind: 'wallet',
    returned: { code: 'C1', state: 'state-0123456789abcdef' },
    gets: { '/host-auth/wallet/userinfo': [{ errcode: 45009, errmsg: 'busy' }, { errcode: 0, errmsg: '', data: user }] },
    posts: { VipLoginByOpenID: loggedIn }
  })
  host.storage.set(HOST_LOGIN_PENDING, pending('wallet'))
  expect(await member.openIdLogin(true)).toBe(true)
  expect(gets.filter((g) => g.path === '/host-auth/wallet/userinfo')).toHaveLength(2)
  // One wait (spec §9: 1000 ms) after the busy answer, before the next try.
  expect(waits).toEqual([1])
})

test('wallet: retries are bounded, then the re-authorise offer', async () => {
  const { member, gets, prompts, host, waits } = setup({ kind: 'wallet', returned: { code: 'C1', state: 'state-0123456789abcdef' }, gets: { '/host-auth/wallet/userinfo': [{ errcode: 45009, errmsg: 'busy' }] } })
  host.storage.set(HOST_LOGIN_PENDING, pending('wallet'))
  expect(await member.openIdLogin(true)).toBe(false)
  expect(gets).toHaveLength(WALLET_TRIES)
  // A wait between tries, none after the last.
  expect(waits).toEqual(Array.from({ length: WALLET_TRIES - 1 }, (_, i) => i + 1))
  expect(prompts).toEqual([en['hostLogin.reauthorize']])
})

test("super-app without its SDK instance: 'failed to create instance', and no leaving", async () => {
  const { member, left, host } = setup({
    kind: 'superapp',
    gets: AUTHORIZE('superapp'),
    prepare: async () => {
      throw new HostLoginError('instance')
    }
  })
  expect(await member.openIdLogin(false)).toBe(false)
  expect(left).toEqual([])
  expect(host.toasts).toContain(en['hostLogin.failedInstance'])
  expect(host.storage.get(HOST_LOGIN_PENDING)).toBeNull()
})

test("third-party login: ThirdPartyAccessTokenGet with HostKind; a refused code → 'failed to get accesstoken'", async () => {
  const good = setup({
    kind: 'thirdparty',
    returned: { code: 'C1', state: 'state-0123456789abcdef' },
    posts: {
      ThirdPartyAccessTokenGet: () => ok({ table1: [{ AccessToken: 'tok', OpenID: 'dev-ben', ExpiresIn: 7200, Provider: 'dev-thirdparty' }] }),
      ThirdPartyUserInfoGet: () => ok({ table1: [{ OpenID: 'dev-ben', AreaNo: '', Phone: '', Pic: '', NikeName: 'Ben' }] }),
      VipLoginByOpenID: loggedIn
    }
  })
  good.host.storage.set(HOST_LOGIN_PENDING, pending('thirdparty'))
  expect(await good.member.openIdLogin(true)).toBe(true)
  expect(good.posts[0].record).toMatchObject({ Code: 'C1', HostKind: 'thirdparty' })

  const bad = setup({ kind: 'thirdparty', returned: { code: 'C1', state: 'state-0123456789abcdef' }, posts: { ThirdPartyAccessTokenGet: () => fail('0', '20040', 'refused') } })
  bad.host.storage.set(HOST_LOGIN_PENDING, pending('thirdparty'))
  expect(await bad.member.openIdLogin(true)).toBe(false)
  expect(bad.host.toasts).toContain(en['hostLogin.failedToken'])
  expect(bad.prompts).toEqual([en['hostLogin.reauthorize']])
})

test('a page that needs the chat-app, opened in another browser, opens browserPrompt', async () => {
  const { member, browserPrompts, left } = setup({ kind: 'wallet', subHost: 'plain' })
  expect(await member.requireHostLogin('wechat', '/pages/loginByCode/loginByCode?host=wechat')).toBe(false)
  expect(browserPrompts).toEqual([{ kind: 'wechat', back: '/pages/loginByCode/loginByCode?host=wechat' }])
  expect(left).toEqual([])
})
