/**
 * The chat-app mini-program's phone (issue 25, spec §4 RegisterType 0): the getPhoneNumber button's
 * code goes with the wx.login code to ThirdPartyAccessTokenGet (PhoneCode); the server asks WeChat
 * (POST /wxa/business/getuserphonenumber with the mini-program's access token from
 * /cgi-bin/stable_token, kept until it expires) and signs the number WeChat verified into the
 * AccessToken, which VipRegister RegisterType 0 then registers or logs in with. Against the loopback
 * fake of WeChat's API (tests/support/fake-wechat-auth.ts). The development provider vouches for no
 * phone. SQLite by default; PostgreSQL with DATABASE_URL. docs/host-sign-in.md "Phones".
 */
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { identitySettings } from '../../server/src/providers/identity/identity.settings'
import { WechatMiniIdentityProvider } from '../../server/src/providers/identity/wechat.provider'
import { FakeWechatAuth } from '../support/fake-wechat-auth'

const MINI = { appId: 'wx00112233445566aa', secret: 'mini-secret-phone-0123456789abcdef' }
const OA = { appId: 'wx99887766554433bb', secret: 'oa-secret-phone-0123456789abcdef0' }

let wechat: FakeWechatAuth
let server: TestServer

beforeAll(async () => {
  wechat = await new FakeWechatAuth(MINI, OA).start()
  server = await createTestServer({
    identityProvider: 'wechat',
    identity: identitySettings({ WECHAT_MINI_APPID: MINI.appId, WECHAT_MINI_SECRET: MINI.secret, WECHAT_API_BASE_URL: wechat.baseUrl, IDENTITY_TIMEOUT_MS: '800' })
  })
})
afterAll(async () => {
  await server?.close()
  await wechat?.close()
})

const tokenCalls = () => wechat.requests.filter((r) => r.path === '/cgi-bin/stable_token').length

async function phoneToken(openId: string, phoneCode: string) {
  return server.call('ThirdPartyAccessTokenGet', [{ Code: wechat.issueCode('mini', { openId }), PhoneCode: phoneCode }])
}

describe('a phone WeChat verified signs a diner up or in (RegisterType 0)', () => {
  test('the button\'s code → getuserphonenumber → the number in the AccessToken; VipRegister 0 makes the member with it, and logs the same member in next time', async () => {
    const res = await phoneToken('oPhone-amy-0001', wechat.issuePhoneCode('86', '13800138001'))
    const token = ok(res).table1[0]
    expect(token).toMatchObject({ OpenID: 'oPhone-amy-0001', Provider: 'weapp' })
    // What reached WeChat: the phone code with the mini-program's access token from stable_token.
    const asked = wechat.phoneRequests.at(-1)!
    expect(wechat.accessTokens.has(asked.accessToken)).toBe(true)
    const info = ok(await server.call('ThirdPartyUserInfoGet', [{ OpenID: token.OpenID, AccessToken: token.AccessToken }])).table1[0]
    expect(info).toMatchObject({ AreaNo: '86', Phone: '13800138001' })

    const reg = ok(await server.call('VipRegister', [{ RegisterType: 0, OpenID: token.OpenID, AccessToken: token.AccessToken, VipName: 'Amy' }]))
    expect(reg.table2[0]).toMatchObject({ Phone: '13800138001' })
    const vipId = reg.table2[0].VipID
    const row = await server.db.selectFrom('members').select(['area_no', 'phone', 'register_type']).where('vip_id', '=', vipId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ area_no: '86', phone: '13800138001', register_type: 0 })

    // Another WeChat identity proving the same number reaches the same member (one phone, one member), now linked.
    const other = ok(await phoneToken('oPhone-amy-0002', wechat.issuePhoneCode('86', '13800138001'))).table1[0]
    const again = ok(await server.call('VipRegister', [{ RegisterType: 0, OpenID: other.OpenID, AccessToken: other.AccessToken }]))
    expect(again.table2[0].VipID).toBe(vipId)
    expect(again.table1[0]).toMatchObject({ IsNew: 0 })
  })

  test('a Macau number keeps its country code', async () => {
    const token = ok(await phoneToken('oPhone-mo-0001', wechat.issuePhoneCode('853', '66123456'))).table1[0]
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 0, OpenID: token.OpenID, AccessToken: token.AccessToken }]))
    expect(reg.table2[0]).toMatchObject({ Phone: '66123456' })
    expect(await server.db.selectFrom('members').select('area_no').where('vip_id', '=', reg.table2[0].VipID).executeTakeFirstOrThrow()).toEqual({ area_no: '853' })
  })
})

describe('binding the phone WeChat verified to the signed-in member (VipHostPhoneBind)', () => {
  async function signedInByOpenId(openId: string) {
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: wechat.issueCode('mini', { openId }) }])).table1[0]
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: token.OpenID, AccessToken: token.AccessToken, VipName: 'Eve' }]))
    return { vipId: reg.table2[0].VipID as string, headers: { authorization: `Bearer ${reg.table1[0].Token as string}` } }
  }

  test('the member the app signed in by open id (no phone) gets the number WeChat verified; another member cannot use that identity; a token without a phone binds nothing', async () => {
    const eve = await signedInByOpenId('oPhone-eve-0001')
    const plain = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: wechat.issueCode('mini', { openId: 'oPhone-eve-0001' }) }])).table1[0]
    expect((await server.call('VipHostPhoneBind', [{ OpenID: plain.OpenID, AccessToken: plain.AccessToken }], { headers: eve.headers })).body.resultcode).toBe('20047')

    const proof = ok(await phoneToken('oPhone-eve-0001', wechat.issuePhoneCode('86', '13900139001'))).table1[0]
    // Another member signed in elsewhere cannot bind Eve's verified number with her identity.
    const mallory = await signedInByOpenId('oPhone-mal-0001')
    expect((await server.call('VipHostPhoneBind', [{ OpenID: proof.OpenID, AccessToken: proof.AccessToken }], { headers: mallory.headers })).body.resultcode).toBe('20040')

    const bound = ok(await server.call('VipHostPhoneBind', [{ OpenID: proof.OpenID, AccessToken: proof.AccessToken }], { headers: eve.headers }))
    expect(bound.table1[0]).toMatchObject({ VipID: eve.vipId, Phone: '13900139001' })
    expect(await server.db.selectFrom('members').select(['area_no', 'phone']).where('vip_id', '=', eve.vipId).executeTakeFirstOrThrow()).toEqual({ area_no: '86', phone: '13900139001' })

    // Mallory proving the same number with her own identity: the number is Eve's (20037).
    const hers = ok(await phoneToken('oPhone-mal-0001', wechat.issuePhoneCode('86', '13900139001'))).table1[0]
    expect((await server.call('VipHostPhoneBind', [{ OpenID: hers.OpenID, AccessToken: hers.AccessToken }], { headers: mallory.headers })).body.resultcode).toBe('20037')
    // A member with a phone already changes it with VipPhoneChange (20041).
    const other = ok(await phoneToken('oPhone-eve-0001', wechat.issuePhoneCode('86', '13900139002'))).table1[0]
    expect((await server.call('VipHostPhoneBind', [{ OpenID: other.OpenID, AccessToken: other.AccessToken }], { headers: eve.headers })).body.resultcode).toBe('20041')
  })
})

describe('refusals', () => {
  test('a phone code WeChat refuses (40029: unknown, used, expired) answers 20047, no token; the login code alone still works afterwards', async () => {
    const used = wechat.issuePhoneCode('86', '13800138002')
    ok(await phoneToken('oPhone-ben-0001', used))
    for (const bad of ['never-issued-phone-code', used, wechat.issuePhoneCode('86', '13800138002', { ttlMs: -1 })]) {
      const r = await phoneToken('oPhone-ben-0001', bad)
      expect(r.body.resultcode).toBe('20047')
      expect(r.body.data?.table1 ?? []).toEqual([])
    }
    ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: wechat.issueCode('mini', { openId: 'oPhone-ben-0001' }) }]))
  })

  test('WeChat busy (the number or the access token): 10009, HTTP 503, try again', async () => {
    // The access token is kept: jscode2session answers, getuserphonenumber is busy.
    ok(await phoneToken('oPhone-cat-0001', wechat.issuePhoneCode('86', '13800138003')))
    wechat.next(null, 'busy')
    const busy = await phoneToken('oPhone-cat-0001', wechat.issuePhoneCode('86', '13800138003'))
    expect(busy.status).toBe(503)
    expect(busy.body.errcode).toBe('10009')
    // A provider without a token yet: stable_token busy.
    const fresh = new WechatMiniIdentityProvider(MINI, wechat.baseUrl, 800)
    wechat.next('busy')
    await expect(fresh.phoneFromCode(wechat.issuePhoneCode('86', '13800138003'))).rejects.toThrow(/stable_token: errcode -1/)
  })

  test('PhoneCode with a host browser kind is not the mini-program\'s: 10007', async () => {
    const r = await server.call('ThirdPartyAccessTokenGet', [{ Code: 'x', HostKind: 'superapp', PhoneCode: 'y' }])
    expect(r.body.errcode).toBe('10007')
  })

  test('the development provider vouches for no phone: 20047, whatever the code', async () => {
    const dev = await createTestServer()
    try {
      const r = await dev.call('ThirdPartyAccessTokenGet', [{ Code: 'dev:oDev-phone-1', PhoneCode: 'dev:13800138009' }])
      expect(r.body.resultcode).toBe('20047')
      // Without PhoneCode it signs in as before, with no phone.
      const token = ok(await dev.call('ThirdPartyAccessTokenGet', [{ Code: 'dev:oDev-phone-1' }])).table1[0]
      expect((await dev.call('VipRegister', [{ RegisterType: 0, OpenID: token.OpenID, AccessToken: token.AccessToken }])).body.resultcode).toBe('20047')
    } finally {
      await dev.close()
    }
  })
})

describe('the access token', () => {
  test('fetched once with stable_token (client_credential, never forced) and kept; fetched again when WeChat stops taking it', async () => {
    const before = tokenCalls()
    for (const n of ['4', '5', '6']) ok(await phoneToken(`oPhone-dan-000${n}`, wechat.issuePhoneCode('86', `1380013800${n}`)))
    expect(tokenCalls() - before).toBeLessThanOrEqual(1)
    wechat.expireAccessTokens()
    ok(await phoneToken('oPhone-dan-0007', wechat.issuePhoneCode('86', '13800138007')))
    expect(tokenCalls() - before).toBeLessThanOrEqual(2)
    const last = wechat.requests.filter((r) => r.path === '/wxa/business/getuserphonenumber').at(-1)!
    expect(wechat.accessTokens.get(last.query.get('access_token')!)).toBeGreaterThan(Date.now())
  })

  test('kept until 5 minutes before it expires, by the clock', async () => {
    let now = Date.now()
    const provider = new WechatMiniIdentityProvider(MINI, wechat.baseUrl, 800, () => now)
    wechat.expireAccessTokens()
    const before = tokenCalls()
    expect(await provider.phoneFromCode(wechat.issuePhoneCode('86', '13800138010'))).toEqual({ areaNo: '86', phone: '13800138010' })
    now += (7200 - 301) * 1000
    await provider.phoneFromCode(wechat.issuePhoneCode('86', '13800138011'))
    expect(tokenCalls() - before).toBe(1)
    now += 2000
    await provider.phoneFromCode(wechat.issuePhoneCode('86', '13800138012'))
    expect(tokenCalls() - before).toBe(2)
    expect(await provider.phoneFromCode('unknown-code')).toBeNull()
  })
})
