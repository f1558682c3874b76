/**
 * Issue 14: the H5 host browsers' login. The development authorise page (DEVELOPMENT, choose a test
 * user), its one-time codes (single use, expiry), the state and redirect checks, the GET user-info
 * calls of spec §7 in each host's shape, the super-app / third-party exchange through
 * ThirdPartyAccessTokenGet, member login by the identity they prove, and production refusing the
 * development provider. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { loadConfig } from '../../server/src/config'
import { buildHostLoginProviders } from '../../server/src/providers/identity/registry'
import { DevelopmentProvidersRefused } from '../../server/src/providers/run-mode'
import { hashDevCode } from '../../server/src/providers/identity/development-host-login.provider'
import { usablePicture } from '../../server/src/domain/members/host-login.service'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const ORIGIN = 'http://localhost:8080'
const STATE = 'st4te-0123456789abcdef'
const RETURN = `${ORIGIN}/#/pages/mine/mine`

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080', ...headers } })
  let body: any = null
  try {
    body = JSON.parse(res.body)
  } catch {
    body = null
  }
  return { status: res.statusCode, body, text: res.body, headers: res.headers }
}

async function authorize(kind: string, redirect = RETURN, state = STATE) {
  const q = new URLSearchParams({ EntID: 'E1001', redirect_uri: redirect, state })
  return get(`/host-auth/${kind}/authorize?${q}`)
}

/** Walks the development authorise page as a tester would: open it, choose the user, continue. */
async function devCode(kind: string, user = 'dev-amy'): Promise<string> {
  const start = await authorize(kind)
  expect(start.body.code).toBe(0)
  const url = new URL(start.body.data.AuthorizeUrl)
  const pageRes = await get(url.pathname + url.search)
  expect(pageRes.status).toBe(200)
  const res = await server.app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ user, decision: 'allow' }).toString()
  })
  expect(res.statusCode).toBe(303)
  const back = new URL(res.headers.location as string)
  expect(back.searchParams.get('state')).toBe(STATE)
  expect(`${back.origin}${back.pathname}${back.hash}`).toBe(`${ORIGIN}/#/pages/mine/mine`)
  return back.searchParams.get('code') as string
}

describe('authorise', () => {
  test('answers the host authorise URL and app id; the development one is a page on this server marked DEVELOPMENT', async () => {
    const res = await authorize('wechat')
    expect(res.body).toMatchObject({ code: 0, data: { AppID: 'dev-wechat' } })
    const url = new URL(res.body.data.AuthorizeUrl)
    expect(url.origin).toBe(ORIGIN)
    expect(url.searchParams.get('redirect_uri')).toBe(RETURN)
    expect(url.searchParams.get('state')).toBe(STATE)
    const pageRes = await get(url.pathname + url.search, { 'accept-language': 'en' })
    expect(pageRes.text).toContain('DEVELOPMENT')
    expect(pageRes.text).toContain('WeChat was not asked')
    expect(pageRes.text).toContain('dev-amy')
    const zh = await get(url.pathname + url.search, { 'accept-language': 'zh-CN' })
    expect(zh.text).toContain('没有询问微信')
  })

  test('an unknown host, a missing or short state, or a return address elsewhere is refused', async () => {
    expect((await authorize('myspace')).body.code).toBe(40001)
    expect((await authorize('wechat', RETURN, 'short')).body.code).toBe(40001)
    expect((await authorize('wechat', 'https://evil.example/#/pages/mine/mine')).body.code).toBe(40001)
    expect((await get(`/host-auth/wechat/authorize?EntID=E1001&redirect_uri=${encodeURIComponent(RETURN)}`)).body.code).toBe(40001)
    expect((await get(`/host-auth/wechat/authorize?EntID=NOPE&state=${STATE}&redirect_uri=${encodeURIComponent(RETURN)}`)).body.code).toBe(40001)
    // The development page itself checks the same: it never sends a code to a stranger.
    const q = new URLSearchParams({ app_id: 'dev-wechat', redirect_uri: 'https://evil.example/', state: STATE })
    const evil = await server.app.inject({
      method: 'POST',
      url: `/dev-auth/wechat/authorize?${q}`,
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'user=dev-amy&decision=allow'
    })
    expect(evil.statusCode).toBe(400)
    expect(evil.headers.location).toBeUndefined()
    expect((await get('/dev-auth/nohost/authorize?' + q)).status).toBe(400)
  })

  test('refusing on the development page sends back error=access_denied and no code', async () => {
    const start = await authorize('alipay')
    const url = new URL(start.body.data.AuthorizeUrl)
    const res = await server.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=refuse'
    })
    const back = new URL(res.headers.location as string)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('code')).toBeNull()
    expect(back.searchParams.get('state')).toBe(STATE)
  })
})

describe('user-info calls (spec §7)', () => {
  test('chat-app: code + appid → code 0 and the identity, signed; the same code again → non-zero (authorise again)', async () => {
    const code = await devCode('wechat', 'dev-amy')
    const first = await get(`/host-auth/wechat/userinfo?code=${code}&appid=dev-wechat&EntID=E1001`)
    expect(first.body).toMatchObject({ code: 0, data: { OpenID: 'dev-amy', NikeName: 'Amy', Provider: 'dev-wechat', Phone: '', AreaNo: '' } })
    expect(first.body.data.Pic).toBe(`${ORIGIN}/dev-auth/avatar/dev-amy.svg`)
    expect((await get(first.body.data.Pic.slice(ORIGIN.length))).headers['content-type']).toContain('image/svg+xml')
    const again = await get(`/host-auth/wechat/userinfo?code=${code}&appid=dev-wechat&EntID=E1001`)
    expect(again.body.code).toBe(40029)
    expect(again.body.data).toBeUndefined()
  })

  test('chat-app: another app id is refused and does not use the code up', async () => {
    const code = await devCode('wechat')
    expect((await get(`/host-auth/wechat/userinfo?code=${code}&appid=someone-else&EntID=E1001`)).body.code).toBe(40001)
    expect((await get(`/host-auth/wechat/userinfo?code=${code}&appid=dev-wechat&EntID=E1001`)).body.code).toBe(0)
  })

  test('a code of one host is no code at another', async () => {
    const code = await devCode('wechat')
    expect((await get(`/host-auth/wallet/userinfo?code=${code}&EntID=E1001`)).body.errcode).toBe(40029)
  })

  test('an expired code is refused', async () => {
    const code = await devCode('alipay')
    await server.db.updateTable('dev_host_login_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('code_hash', '=', hashDevCode(code)).execute()
    const res = await get(`/host-auth/alipay/userinfo?code=${code}&IsDebug=0&EntID=E1001&lang=en`)
    expect(res.body.code).toBe(40029)
    // transit-payment shows the server's message: it is in the caller's language.
    expect(res.body.msg).toMatch(/sign|log|identity|authoris/i)
  })

  test('transit-payment (and HK) and wallet answer in their own shapes', async () => {
    const a = await get(`/host-auth/alipayhk/userinfo?code=${await devCode('alipayhk', 'dev-ben')}&IsDebug=1&EntID=E1001`)
    expect(a.body).toMatchObject({ code: 0, msg: '', data: { OpenID: 'dev-ben', NikeName: 'Ben', Pic: '' } })
    const w = await get(`/host-auth/wallet/userinfo?code=${await devCode('wallet', 'dev-chloe')}&EntID=E1001`)
    expect(w.body).toMatchObject({ errcode: 0, errmsg: '', data: { OpenID: 'dev-chloe', Provider: 'dev-wallet' } })
    const bad = await get(`/host-auth/wallet/userinfo?code=nonsense-code-that-was-never-issued&EntID=E1001`)
    expect(bad.body.errcode).toBe(40029)
  })

  test('the identity logs a member in: 42000 first, then VipRegister with what the host gave, then VipLoginByOpenID', async () => {
    const row = (await get(`/host-auth/wechat/userinfo?code=${await devCode('wechat', 'dev-chloe')}&appid=dev-wechat&EntID=E1001`)).body.data
    const first = await server.call('VipLoginByOpenID', [{ OpenID: row.OpenID, AccessToken: row.AccessToken, LoginType: 0 }])
    expect(first.body.resultcode).toBe('42000')
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: row.OpenID, AccessToken: row.AccessToken, VipName: row.NikeName, HeadImg: row.Pic }]))
    // The host's picture is copied into our storage, never kept as the host's URL; this one (an SVG on
    // this machine) cannot be copied, so the avatar is empty (spec §8; issue 17).
    expect(row.Pic).not.toBe('')
    expect(reg.table2[0]).toMatchObject({ VipName: 'Chloe', HeadImg: '' })
    const row2 = (await get(`/host-auth/wechat/userinfo?code=${await devCode('wechat', 'dev-chloe')}&appid=dev-wechat&EntID=E1001`)).body.data
    const again = ok(await server.call('VipLoginByOpenID', [{ OpenID: row2.OpenID, AccessToken: row2.AccessToken, LoginType: 0 }]))
    expect(again.table2[0].VipID).toBe(reg.table2[0].VipID)
    // The chat-app browser's identity is not the wallet's: same test user, another host, another member.
    const w = (await get(`/host-auth/wallet/userinfo?code=${await devCode('wallet', 'dev-chloe')}&EntID=E1001`)).body.data
    expect((await server.call('VipLoginByOpenID', [{ OpenID: w.OpenID, AccessToken: w.AccessToken, LoginType: 0 }])).body.resultcode).toBe('42000')
  })
})

describe('super-app and third-party login through ThirdPartyAccessTokenGet', () => {
  test('HostKind takes its own host code once; the user info has no phone from a development provider', async () => {
    const code = await devCode('thirdparty', 'dev-ben')
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: code, HostKind: 'thirdparty' }])).table1[0]
    expect(token).toMatchObject({ OpenID: 'dev-ben', Provider: 'dev-thirdparty' })
    const user = ok(await server.call('ThirdPartyUserInfoGet', [{ AccessToken: token.AccessToken, OpenID: 'dev-ben' }])).table1[0]
    expect(user).toMatchObject({ NikeName: 'Ben', Phone: '', AreaNo: '' })
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: code, HostKind: 'thirdparty' }])).body.resultcode).toBe('20040')
    // A super-app code is not a third-party one, and neither is a mini-program's dev code.
    const s = await devCode('superapp')
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: s, HostKind: 'thirdparty' }])).body.resultcode).toBe('20040')
    expect(ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: s, HostKind: 'superapp' }])).table1[0].Provider).toBe('dev-superapp')
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: 'dev:someone', HostKind: 'superapp' }])).body.resultcode).toBe('20040')
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: s, HostKind: 'wechat' }])).body.errcode).toBe('10007')
  })
})

describe('production', () => {
  test('refuses the development host login unless ALLOW_DEVELOPMENT_PROVIDERS names identity', () => {
    const prod = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }, {})
    expect(() => buildHostLoginProviders(prod, server.db)).toThrow(DevelopmentProvidersRefused)
    const allowed = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', ALLOW_DEVELOPMENT_PROVIDERS: 'identity' }, {})
    expect(buildHostLoginProviders(allowed, server.db).wechat.name).toBe('dev-wechat')
  })
})

test('a host picture that is no http(s) address falls back to empty (spec §8)', () => {
  expect(usablePicture('https://cdn.host.example/a.png', ORIGIN)).toBe('https://cdn.host.example/a.png')
  expect(usablePicture('/dev-auth/avatar/dev-amy.svg', ORIGIN)).toBe(`${ORIGIN}/dev-auth/avatar/dev-amy.svg`)
  expect(usablePicture('javascript:alert(1)', ORIGIN)).toBe('')
  expect(usablePicture('data:image/png;base64,AAAA', ORIGIN)).toBe('')
  expect(usablePicture('http://[bad', ORIGIN)).toBe('')
})
