/**
 * Issue 25 item 4: host sign-in with the real providers (server/src/providers/identity/wechat.provider.ts,
 * alipay.provider.ts) pointed at loopback fakes of the hosts (tests/support/fake-wechat-auth.ts,
 * fake-alipay-auth.ts), through the real gateway and the GET user-info routes. The mini-programs'
 * codes (wx.login: code2Session; my.getAuthCode: alipay.system.oauth.token) sign a member in with the
 * open id linked; the chat-app browser's OAuth and the payment-app browser's authorise round trips;
 * refused, expired and reused codes; a busy host is a retryable answer and the code stays good; the
 * profiles; Alipay's RSA2 signatures both ways. Production refuses a chosen host without its settings,
 * naming them, and starts with them without ALLOW_DEVELOPMENT_PROVIDERS naming identity.
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { loadConfig } from '../../server/src/config'
import { buildProviders } from '../../server/src/http/app'
import { buildHostLoginProviders, buildIdentityProvider } from '../../server/src/providers/identity/registry'
import { identitySettings } from '../../server/src/providers/identity/identity.settings'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { WechatMiniIdentityProvider } from '../../server/src/providers/identity/wechat.provider'
import { FakeWechatAuth } from '../support/fake-wechat-auth'
import { FakeAlipayAuth } from '../support/fake-alipay-auth'

const MINI = { appId: 'wx0123456789abcdef', secret: 'mini-secret-0123456789abcdef0123' }
const OA = { appId: 'wxfedcba9876543210', secret: 'oa-secret-0123456789abcdef012345' }
const ALIPAY_MINI = '2021000000000001'
const ALIPAY_WEB = '2021000000000002'

const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const APP_PRIVATE_PEM = appKeys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
const APP_PUBLIC_PEM = appKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString()

const ORIGIN = 'http://localhost:8080'
const STATE = 'st4te-0123456789abcdef'
const RETURN = `${ORIGIN}/#/pages/mine/mine`

let wechat: FakeWechatAuth
let alipay: FakeAlipayAuth
let server: TestServer
let keyDir: string

function env(): Record<string, string> {
  return {
    WECHAT_MINI_APPID: MINI.appId,
    WECHAT_MINI_SECRET: MINI.secret,
    WECHAT_OA_APPID: OA.appId,
    WECHAT_OA_SECRET: OA.secret,
    WECHAT_API_BASE_URL: wechat.baseUrl,
    WECHAT_OPEN_BASE_URL: 'https://open.weixin.qq.com',
    ALIPAY_MINI_APP_ID: ALIPAY_MINI,
    ALIPAY_LOGIN_APP_ID: ALIPAY_WEB,
    ALIPAY_LOGIN_PRIVATE_KEY_PATH: path.join(keyDir, 'app_private_key.pem'),
    ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH: path.join(keyDir, 'alipay_public_key.pem'),
    ALIPAY_LOGIN_GATEWAY_URL: alipay.gatewayUrl,
    IDENTITY_TIMEOUT_MS: '800'
  }
}

beforeAll(async () => {
  wechat = await new FakeWechatAuth(MINI, OA).start()
  alipay = await new FakeAlipayAuth({ [ALIPAY_MINI]: APP_PUBLIC_PEM, [ALIPAY_WEB]: APP_PUBLIC_PEM }).start()
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-sign-in-'))
  fs.writeFileSync(path.join(keyDir, 'app_private_key.pem'), APP_PRIVATE_PEM)
  fs.writeFileSync(path.join(keyDir, 'alipay_public_key.pem'), alipay.alipayPublicKeyPem)
  server = await createTestServer({ identityProvider: 'wechat,alipay', identity: identitySettings(env()) })
})
afterAll(async () => {
  await server?.close()
  await wechat?.close()
  await alipay?.close()
  fs.rmSync(keyDir, { recursive: true, force: true })
})

async function get(url: string) {
  const res = await server.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } })
  return { status: res.statusCode, body: JSON.parse(res.body), text: res.body }
}

async function linked(openId: string) {
  return server.db.selectFrom('member_identities').select(['provider', 'open_id', 'vip_id']).where('open_id', '=', openId).execute()
}

describe('the chat-app mini-program: wx.login code → code2Session', () => {
  test('a code signs a member in with the open id linked; the session_key reaches no one', async () => {
    const code = wechat.issueCode('mini', { openId: 'oMini-amy-0001', unionId: 'uAmy' })
    const res = await server.call('ThirdPartyAccessTokenGet', [{ Code: code }])
    const token = ok(res).table1[0]
    expect(token).toMatchObject({ OpenID: 'oMini-amy-0001', Provider: 'weapp' })
    const asked = wechat.requests.find((r) => r.path === '/sns/jscode2session' && r.query.get('js_code') === code)
    expect(asked?.query.get('appid')).toBe(MINI.appId)
    expect(asked?.query.get('grant_type')).toBe('authorization_code')
    // WeChat's session key never leaves the exchange.
    for (const key of wechat.sessionKeys) expect(res.text).not.toContain(key)

    const first = await server.call('VipLoginByOpenID', [{ OpenID: token.OpenID, AccessToken: token.AccessToken, LoginType: 0 }])
    expect(first.body.resultcode).toBe('42000')
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: token.OpenID, AccessToken: token.AccessToken, VipName: 'Amy' }]))
    const vipId = reg.table2[0].VipID
    expect(await linked('oMini-amy-0001')).toEqual([{ provider: 'weapp', open_id: 'oMini-amy-0001', vip_id: vipId }])

    // Next launch: a new code, the same member.
    const again = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: wechat.issueCode('mini', { openId: 'oMini-amy-0001' }) }])).table1[0]
    const login = ok(await server.call('VipLoginByOpenID', [{ OpenID: again.OpenID, AccessToken: again.AccessToken, LoginType: 0 }]))
    expect(login.table2[0].VipID).toBe(vipId)
    // The mini-program has no profile API: the user info is empty, and no phone is vouched for.
    const info = ok(await server.call('ThirdPartyUserInfoGet', [{ OpenID: again.OpenID, AccessToken: again.AccessToken }])).table1[0]
    expect(info).toMatchObject({ OpenID: 'oMini-amy-0001', Phone: '', AreaNo: '', NikeName: '' })
  })

  test('an unknown, an expired and a reused code are refused (20040)', async () => {
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: 'never-issued-code' }])).body.resultcode).toBe('20040')
    const expired = wechat.issueCode('mini', { openId: 'oMini-ben-0002' }, { ttlMs: -1 })
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: expired }])).body.resultcode).toBe('20040')
    const once = wechat.issueCode('mini', { openId: 'oMini-ben-0002' })
    ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: once }]))
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: once }])).body.resultcode).toBe('20040')
    // An official-account code is not a mini-program code.
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: wechat.issueCode('oa', { openId: 'oOa-x' }) }])).body.resultcode).toBe('20040')
  })

  test("a wrong secret is this deployment's fault, not a refused code, and the error does not carry the secret", async () => {
    const wrong = new WechatMiniIdentityProvider({ appId: MINI.appId, secret: 'not-the-secret-0123456789abcdef' }, wechat.baseUrl, 800)
    const error = await wrong.exchangeCode(wechat.issueCode('mini', { openId: 'oMini-x' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/errcode 40125/)
    expect((error as Error).message).not.toContain('not-the-secret')
  })

  test('a busy host (-1, 45011, no answer, HTTP 500) is a retryable 10009, and the code still signs in afterwards', async () => {
    const code = wechat.issueCode('mini', { openId: 'oMini-chloe-0003' })
    for (const fault of ['busy', 'rate', 'hang', 'http500'] as const) {
      wechat.next(fault)
      // With both mini-programs configured Alipay is asked too (it refuses a WeChat code): keep it answering.
      const res = await server.call('ThirdPartyAccessTokenGet', [{ Code: code }])
      expect({ fault, status: res.status, errcode: res.body.errcode }).toEqual({ fault, status: 503, errcode: '10009' })
    }
    expect(ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: code }])).table1[0].OpenID).toBe('oMini-chloe-0003')
  })
})

describe('the payment-app mini-program: my.getAuthCode → alipay.system.oauth.token (RSA2)', () => {
  test('a code signs a member in with the open id linked; the profile answers ThirdPartyUserInfoGet', async () => {
    const code = alipay.issueCode(ALIPAY_MINI, { openId: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5', nickName: 'Dora', avatar: 'https://tfs.alipayobjects.com/images/partner/dora.png' })
    const before = alipay.requests.length
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: code }])).table1[0]
    expect(token).toMatchObject({ OpenID: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5', Provider: 'alipay-mini' })
    // Our requests were signed with the app key the test made, as the gateway checks them.
    const ours = alipay.requests.slice(before)
    expect(ours.every((r) => r.params.app_id === ALIPAY_MINI)).toBe(true)
    expect(ours.map((r) => [r.params.method, r.signatureValid, r.params.sign_type])).toEqual([
      ['alipay.system.oauth.token', true, 'RSA2'],
      ['alipay.user.info.share', true, 'RSA2']
    ])
    expect(ours[0].params).toMatchObject({ grant_type: 'authorization_code', code })
    const info = ok(await server.call('ThirdPartyUserInfoGet', [{ OpenID: token.OpenID, AccessToken: token.AccessToken }])).table1[0]
    expect(info).toMatchObject({ NikeName: 'Dora', Pic: 'https://tfs.alipayobjects.com/images/partner/dora.png', Phone: '' })
    expect((await server.call('VipLoginByOpenID', [{ OpenID: token.OpenID, AccessToken: token.AccessToken, LoginType: 0 }])).body.resultcode).toBe('42000')
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: token.OpenID, AccessToken: token.AccessToken, VipName: info.NikeName }]))
    expect(await linked(token.OpenID)).toEqual([{ provider: 'alipay-mini', open_id: token.OpenID, vip_id: reg.table2[0].VipID }])
  })

  test('an old app answering user_id only: the 2088 user id is the open id', async () => {
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: alipay.issueCode(ALIPAY_MINI, { userId: '2088102150477652' }) }])).table1[0]
    expect(token).toMatchObject({ OpenID: '2088102150477652', Provider: 'alipay-mini' })
  })

  test('refused, expired, reused codes → 20040; busy or unanswered → 10009; an answer signed with another key is never believed', async () => {
    const once = alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-erin' })
    ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: once }]))
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: once }])).body.resultcode).toBe('20040')
    const expired = alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-erin' }, { ttlMs: -1 })
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: expired }])).body.resultcode).toBe('20040')

    const code = alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-fay' })
    for (const fault of ['busy', 'hang'] as const) {
      alipay.next(fault)
      const res = await server.call('ThirdPartyAccessTokenGet', [{ Code: code }])
      expect({ fault, status: res.status, errcode: res.body.errcode }).toEqual({ fault, status: 503, errcode: '10009' })
    }
    // A man in the middle answering for Alipay: the forged open id signs no one in.
    const forged = alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-mallory' })
    alipay.next('forge')
    const res = await server.call('ThirdPartyAccessTokenGet', [{ Code: forged }])
    expect(res.body.errcode).toBe('10009')
    expect(res.text).not.toContain('alipay-mallory')
    expect(ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: code }])).table1[0].OpenID).toBe('alipay-fay')
  })
})

describe('the chat-app browser: OAuth web flow of the official account', () => {
  test('authorise URL, code back, the user-info call with the profile, then the member', async () => {
    const q = new URLSearchParams({ EntID: 'E1001', redirect_uri: RETURN, state: STATE })
    const auth = await get(`/host-auth/wechat/authorize?${q}`)
    expect(auth.body.code).toBe(0)
    expect(auth.body.data.AppID).toBe(OA.appId)
    expect(auth.body.data.AuthorizeUrl).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${OA.appId}&redirect_uri=${encodeURIComponent(RETURN)}&response_type=code&scope=snsapi_userinfo&state=${STATE}#wechat_redirect`
    )

    // The diner agrees on WeChat's page, which comes back with a code.
    const code = wechat.issueCode('oa', { openId: 'oOa-gus-0001', nickname: 'Gus', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/gus/132' })
    const info = await get(`/host-auth/wechat/userinfo?code=${code}&appid=${OA.appId}&EntID=E1001`)
    expect(info.body.code).toBe(0)
    expect(info.body.data).toMatchObject({ OpenID: 'oOa-gus-0001', Provider: 'wechat', NikeName: 'Gus', Pic: 'https://thirdwx.qlogo.cn/mmopen/gus/132', Phone: '' })
    const tokenCall = wechat.requests.find((r) => r.path === '/sns/oauth2/access_token' && r.query.get('code') === code)
    expect(tokenCall?.query.get('appid')).toBe(OA.appId)
    expect(wechat.requests.some((r) => r.path === '/sns/userinfo' && r.query.get('openid') === 'oOa-gus-0001')).toBe(true)

    const row = info.body.data
    expect((await server.call('VipLoginByOpenID', [{ OpenID: row.OpenID, AccessToken: row.AccessToken, LoginType: 0 }])).body.resultcode).toBe('42000')
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: row.OpenID, AccessToken: row.AccessToken, VipName: row.NikeName }]))
    expect(await linked('oOa-gus-0001')).toEqual([{ provider: 'wechat', open_id: 'oOa-gus-0001', vip_id: reg.table2[0].VipID }])
    // The token carries the profile: ThirdPartyUserInfoGet answers it later.
    const later = ok(await server.call('ThirdPartyUserInfoGet', [{ OpenID: row.OpenID, AccessToken: row.AccessToken }])).table1[0]
    expect(later).toMatchObject({ NikeName: 'Gus' })

    // The same code again: refused (authorise again).
    expect((await get(`/host-auth/wechat/userinfo?code=${code}&appid=${OA.appId}&EntID=E1001`)).body.code).toBe(40029)
    // Another app id than ours: a bad request, the code not spent.
    const fresh = wechat.issueCode('oa', { openId: 'oOa-gus-0001' })
    expect((await get(`/host-auth/wechat/userinfo?code=${fresh}&appid=wx0000000000000000&EntID=E1001`)).body.code).toBe(40001)
    wechat.next('busy')
    expect((await get(`/host-auth/wechat/userinfo?code=${fresh}&appid=${OA.appId}&EntID=E1001`)).body.code).toBe(45009)
    expect((await get(`/host-auth/wechat/userinfo?code=${fresh}&appid=${OA.appId}&EntID=E1001`)).body.code).toBe(0)
  })

  test('a snsapi_base code gives the open id without asking for the profile', async () => {
    const code = wechat.issueCode('oa', { openId: 'oOa-hal-0002', nickname: 'Hal' }, { scope: 'snsapi_base' })
    const before = wechat.requests.length
    const info = await get(`/host-auth/wechat/userinfo?code=${code}&appid=${OA.appId}&EntID=E1001`)
    expect(info.body.data).toMatchObject({ OpenID: 'oOa-hal-0002', NikeName: '' })
    expect(wechat.requests.slice(before).map((r) => r.path)).toEqual(['/sns/oauth2/access_token'])
  })
})

describe('the payment-app browser: Alipay authorise page and auth_code', () => {
  test('authorise URL, the user-info call, refused and reused codes', async () => {
    const q = new URLSearchParams({ EntID: 'E1001', redirect_uri: RETURN, state: STATE })
    const auth = await get(`/host-auth/alipay/authorize?${q}`)
    const url = new URL(auth.body.data.AuthorizeUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://openauth.alipay.com/oauth2/publicAppAuthorize.htm')
    expect(Object.fromEntries(url.searchParams)).toEqual({ app_id: ALIPAY_WEB, scope: 'auth_user', redirect_uri: RETURN, state: STATE })

    const code = alipay.issueCode(ALIPAY_WEB, { openId: 'alipay-web-ivy', nickName: 'Ivy', avatar: 'https://tfs.alipayobjects.com/images/partner/ivy.png' })
    const info = await get(`/host-auth/alipay/userinfo?code=${code}&IsDebug=0&EntID=E1001`)
    expect(info.body.code).toBe(0)
    expect(info.body.data).toMatchObject({ OpenID: 'alipay-web-ivy', Provider: 'alipay', NikeName: 'Ivy', Pic: 'https://tfs.alipayobjects.com/images/partner/ivy.png' })
    expect((await get(`/host-auth/alipay/userinfo?code=${code}&IsDebug=0&EntID=E1001`)).body.code).toBe(40029)
    // A mini-program's code is another app's: refused here.
    expect((await get(`/host-auth/alipay/userinfo?code=${alipay.issueCode(ALIPAY_MINI, { openId: 'x' })}&IsDebug=0&EntID=E1001`)).body.code).toBe(40029)
    const row = info.body.data
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: row.OpenID, AccessToken: row.AccessToken, VipName: row.NikeName }]))
    expect(await linked('alipay-web-ivy')).toEqual([{ provider: 'alipay', open_id: 'alipay-web-ivy', vip_id: reg.table2[0].VipID }])
  })

  test('a host with no real sign-in here is unavailable, not the development one', async () => {
    const q = new URLSearchParams({ EntID: 'E1001', redirect_uri: RETURN, state: STATE })
    expect((await get(`/host-auth/wallet/authorize?${q}`)).body.code).toBe(40001)
    expect((await get(`/host-auth/wallet/userinfo?code=whatever-code-1234567890&EntID=E1001`)).body.errcode).toBe(40001)
    expect((await server.app.inject({ method: 'GET', url: '/dev-auth/wechat/authorize' })).statusCode).toBe(404)
  })
})

describe('production', () => {
  const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,sandbox-payments,geocoding' }

  test('a chosen host without its settings refuses to start, naming them (and never a secret)', () => {
    const config = loadConfig({ ...base, IDENTITY_PROVIDER: 'wechat,alipay', WECHAT_MINI_APPID: MINI.appId, ALIPAY_LOGIN_PRIVATE_KEY: 'garbage-secret-key-text' })
    let error: unknown
    try {
      buildIdentityProvider(config)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ProviderSettingError)
    const message = (error as Error).message
    for (const setting of ['WECHAT_MINI_SECRET', 'ALIPAY_MINI_APP_ID', 'ALIPAY_LOGIN_PRIVATE_KEY (not an RSA private key', 'ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH']) expect(message).toContain(setting)
    expect(message).not.toContain('garbage-secret')
    expect(message.split('\n')).toHaveLength(1)
    // http base URLs are for the tests only.
    expect(() => buildIdentityProvider(loadConfig({ ...base, IDENTITY_PROVIDER: 'wechat', WECHAT_MINI_APPID: MINI.appId, WECHAT_MINI_SECRET: MINI.secret, WECHAT_API_BASE_URL: wechat.baseUrl }))).toThrow(
      /WECHAT_API_BASE_URL \(https in production\)/
    )
  })

  test('the composition root (buildProviders) refuses to start with a chosen host half configured', async () => {
    const config = loadConfig({ ...base, IDENTITY_PROVIDER: 'alipay', ALIPAY_MINI_APP_ID: ALIPAY_MINI, ALIPAY_LOGIN_PRIVATE_KEY: APP_PRIVATE_PEM })
    await expect(buildProviders(config, server.db, () => {})).rejects.toThrow(
      /^IDENTITY_PROVIDER=alipay needs ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH \(the Alipay public key, PEM\) or ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY$/
    )
  })

  test('with every setting it starts without ALLOW_DEVELOPMENT_PROVIDERS naming identity', () => {
    const e = env()
    delete (e as Record<string, string | undefined>).WECHAT_API_BASE_URL
    delete (e as Record<string, string | undefined>).ALIPAY_LOGIN_GATEWAY_URL
    const config = loadConfig({ ...base, ...e, IDENTITY_PROVIDER: 'wechat,alipay' })
    expect(buildIdentityProvider(config).name).toBe('weapp+alipay-mini')
    const browsers = buildHostLoginProviders(config, server.db)
    expect([browsers.wechat.name, browsers.alipay.name]).toEqual(['wechat', 'alipay'])
    // The development provider stays refused in production.
    expect(() => buildIdentityProvider(loadConfig({ ...base }))).toThrow(/IDENTITY_PROVIDER=development/)
  })
})
