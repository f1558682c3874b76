/**
 * Issue 11 finding 1: the identity provider never vouches for a phone it did not check. The
 * DEVELOPMENT identity provider checks nothing, so a phone written into its code must never reach
 * a member (before the fix, `dev:x:853-<phone>` + VipRegister type 0 logged in as that phone's
 * SMS member). RegisterType 0 needs a provider that says it verified the phone.
 */
import { makeMember } from './helpers/member-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { issueAccessToken, vouchedIdentity } from '../../server/src/domain/members/identity-token'
import type { IdentityProvider } from '../../server/src/providers/identity/identity-provider'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

describe('the development identity provider vouches for no phone', () => {
  test("'dev:x:853-<phone>' + VipRegister type 0 does not log in as the phone's member", async () => {
    const victim = await makeMember(server.db, { balance: '100' })
    const openId = `x${Date.now().toString(36)}`
    const exchanged = await server.call('ThirdPartyAccessTokenGet', [{ Code: `dev:${openId}:853-${victim.phone}` }])
    const token = exchanged.body.data?.table1?.[0]?.AccessToken as string | undefined
    const res = await server.call('VipRegister', [{ RegisterType: 0, OpenID: openId, AccessToken: token ?? '' }])
    // No session for anyone, least of all the phone's member.
    expect(res.body.resultcode).not.toBe('0')
    expect(JSON.stringify(res.body.data ?? {})).not.toContain(victim.vipId)
    const linked = await server.db.selectFrom('member_identities').select('vip_id').where('open_id', '=', openId).execute()
    expect(linked).toEqual([])
  })

  test('a dev identity registering with type 0 is told the app could not confirm the phone (in its language)', async () => {
    const openId = `y${Date.now().toString(36)}`
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: `dev:${openId}` }])).table1[0]
    expect(ok(await server.call('ThirdPartyUserInfoGet', [{ OpenID: openId, AccessToken: token.AccessToken }])).table1[0]).toMatchObject({ AreaNo: '', Phone: '' })
    const en = await server.call('VipRegister', [{ RegisterType: 0, OpenID: openId, AccessToken: token.AccessToken, AreaNo: '853', Phone: '66123456' }])
    expect(en.body.resultcode).toBe('20047')
    expect(en.body.resultmsg).toBe('This app could not confirm your mobile number. Please log in with an SMS code.')
    const zh = await server.call('VipRegister', [{ RegisterType: 0, OpenID: openId, AccessToken: token.AccessToken }], { lang: 'zh-TW' })
    expect(zh.body.resultmsg).toBe('此應用未能確認您的手機號碼，請用短訊驗證碼登入')
    // Type 2 (no phone) still works; the phone is bound by SMS afterwards like anyone's.
    const made = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: openId, AccessToken: token.AccessToken }]))
    expect(made.table2[0]).toMatchObject({ Phone: '', IsGuest: 0 })
  })
})

/** A host that checks phones (as a real chat-app's phone grant does): 'host:<openid>:<areaNo>-<phone>'. */
const verifying: IdentityProvider = {
  name: 'test-host',
  verifiesPhones: true,
  async exchangeCode(code) {
    const m = /^host:([A-Za-z0-9_-]+)(?::(\d+)-(\d+))?$/.exec(code)
    return m ? { openId: m[1], areaNo: m[2] ?? '', phone: m[3] ?? '' } : null
  },
  async userInfo() {
    return { nickname: 'Host user', picture: '', areaNo: '', phone: '' }
  }
}

describe('a provider that verifies phones', () => {
  const unchecked: IdentityProvider = { ...verifying, name: 'test-unchecked', verifiesPhones: false }

  test('its verified phone is vouched for; the same answer from a provider that does not verify is not', async () => {
    const now = new Date()
    const good = await issueAccessToken(server.db, verifying, 'E1001', 'host:h1:853-66111222', now)
    expect(await vouchedIdentity(server.db, { identity: verifying }, 'E1001', 'h1', good.AccessToken, now)).toMatchObject({ areaNo: '853', phone: '66111222' })
    const bad = await issueAccessToken(server.db, unchecked, 'E1001', 'host:h2:853-66111222', now)
    expect(await vouchedIdentity(server.db, { identity: unchecked }, 'E1001', 'h2', bad.AccessToken, now)).toMatchObject({ areaNo: '', phone: '' })
  })
})

describe('RegisterType 0 with a host that verified the phone', () => {
  let host: TestServer
  beforeAll(async () => {
    host = await createTestServer({}, { identity: verifying })
  })
  afterAll(() => host.close())
  let seq = 0
  const token = async (code: string) => ok(await host.call('ThirdPartyAccessTokenGet', [{ Code: code }])).table1[0] as { AccessToken: string }

  test("registers with the host's phone, not one the client sends; a phone member gets the identity linked", async () => {
    const phone = `6${String(4000000 + ++seq * 17).padStart(7, '0')}`
    const carol = await token(`host:carol03:853-${phone}`)
    expect(ok(await host.call('ThirdPartyUserInfoGet', [{ OpenID: 'carol03', AccessToken: carol.AccessToken }])).table1[0]).toMatchObject({ AreaNo: '853', Phone: phone })
    const made = ok(await host.call('VipRegister', [{ RegisterType: 0, OpenID: 'carol03', AccessToken: carol.AccessToken, Phone: '69999999', AreaNo: '853' }]))
    expect(made.table2[0]).toMatchObject({ Phone: phone, AreaNo: '853' })
    // The host verified no phone for this one: type 0 is refused.
    const dave = await token('host:dave04')
    expect((await host.call('VipRegister', [{ RegisterType: 0, OpenID: 'dave04', AccessToken: dave.AccessToken }])).body.resultcode).toBe('20047')
    // A phone member opening the mini-program: the host verified the same phone.
    const member = await makeMember(host.db)
    const erin = await token(`host:erin05:853-${member.phone}`)
    expect(ok(await host.call('VipRegister', [{ RegisterType: 0, OpenID: 'erin05', AccessToken: erin.AccessToken }])).table1[0]).toMatchObject({ VipID: member.vipId, IsNew: 0 })
    expect(ok(await host.call('VipLoginByOpenID', [{ OpenID: 'erin05', AccessToken: erin.AccessToken, LoginType: 0 }])).table1[0].VipID).toBe(member.vipId)
  })

  test('the phone is stored as an SMS login stores it (Taiwan 0912… is 912…), so the same phone logs in to the same member', async () => {
    const national = `9${String(10000000 + ++seq * 53).slice(-8)}`
    const tw = await token(`host:tw${seq}:886-0${national}`)
    const made = ok(await host.call('VipRegister', [{ RegisterType: 0, OpenID: `tw${seq}`, AccessToken: tw.AccessToken }]))
    expect(made.table2[0]).toMatchObject({ AreaNo: '886', Phone: national })
    ok(await host.call('SmsVerifySend', [{ Phone: national, AreaNo: '886', SourceType: 'VipLogin' }]))
    const login = ok(await host.call('VipLoginGet', [{ Phone: national, AreaNo: '886', Code: host.providers.sms.lastCode('886', national) }]))
    expect(login.table1[0].VipID).toBe(made.table1[0].VipID)
  })

  test('a verified number that is no mobile number of its area → 20036, no member made', async () => {
    const bad = await token('host:bad01:853-1234')
    expect((await host.call('VipRegister', [{ RegisterType: 0, OpenID: 'bad01', AccessToken: bad.AccessToken }])).body.resultcode).toBe('20036')
    expect(await host.db.selectFrom('members').select('vip_id').where('phone', '=', '1234').execute()).toEqual([])
  })
})
