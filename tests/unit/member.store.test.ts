/**
 * The member store through the real gateway client over a scripted server: login by SMS code
 * (42000 → register with the same code), the resend countdown, the 10010 prompt → login → back,
 * the guest identity, the host identity, the name rule, change phone, logout.
 */
import { vipRow as baseVip } from './support/member-rows'
import { Gateway } from '../../src/gateway/gateway-client'
import { MemberStore, type MemberStoreDeps } from '../../src/features/member/member.store'
import type { Ticker } from '../../src/features/member/code-form'
import { MEMBER_TOKEN_STORAGE, readMemberToken } from '../../src/gateway/member-token'
import { isValidMemberName } from '../../src/core/member-name'
import type { SmsAreaRow, VipRow } from '../../src/gateway/member-rows'
import type { Host, HttpRequest, HttpResponse } from '../../src/hosts/host'
import { CATALOGUES } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

const en = CATALOGUES.en

const vipRow = (over: Partial<VipRow> = {}): VipRow => baseVip({ Phone: '66123456', Balance: '0.00', Score: 0, CreatedDate: '2026-11-22 12:00:00', ...over })
const session = (Token: string, VipID = 'V1', IsNew = 0) => ({ Token, ExpiresDate: '2026-12-22 12:00:00', VipID, IsNew })
const AREAS: SmsAreaRow[] = [
  { AreaNo: '853', AreaName: 'Macau', MinLength: 8, MaxLength: 8 },
  { AreaNo: '86', AreaName: 'Mainland China', MinLength: 11, MaxLength: 11 }
]

type Handler = (record: Record<string, unknown>, req: HttpRequest) => HttpResponse
const t = (key: keyof typeof en, params?: Record<string, string | number>) => translate('en', key, params)

class ManualTicker implements Ticker {
  private fns = new Set<() => void>()
  every(_ms: number, fn: () => void) {
    this.fns.add(fn)
    return () => void this.fns.delete(fn)
  }
  get running() {
    return this.fns.size
  }
  tick(n = 1) {
    for (let i = 0; i < n; i++) for (const fn of [...this.fns]) fn()
  }
}

function setup(script: Record<string, Handler>, opts: { host?: Partial<Host>; confirm?: boolean; here?: string } = {}) {
  const calls: { op: string; record: Record<string, unknown>; auth: string }[] = []
  const fakeHost = createFakeHost((req) => {
    const { fields, records } = envelopeOf(req)
    calls.push({ op: fields.KeyName, record: records[0], auth: req.headers.Authorization ?? '' })
    const handler = script[fields.KeyName]
    return handler ? handler(records[0], req) : fail('10003', '0', `unknown ${fields.KeyName}`, 404)
  }, opts.host)
  const gateway = new Gateway({
    host: fakeHost,
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: '',
    locale: () => 'en',
    networkErrorText: () => en['network.error'],
    identity: () => ({ EntID: 'E1001', UserID: 'U1' }),
    token: () => readMemberToken(fakeHost.storage)
  })
  const ticker = new ManualTicker()
  const prompts: string[] = []
  const logins: { mode: string; back: string }[] = []
  const deps: MemberStoreDeps = {
    t,
    confirm: async ({ content }) => {
      prompts.push(content)
      if (!(opts.confirm ?? true)) throw new ConfirmCancelled()
    },
    openLogin: (mode, back) => void logins.push({ mode, back }),
    here: () => opts.here ?? '/pages/orderDetails/orderDetails?SheetID=O1',
    place: () => ({ ShopName: 'Tea House', ShopCode: '101', BaseName: 'Senado', BaseCode: '201' }),
    minaId: () => 'mina-1',
    ticker
  }
  const member = new MemberStore(gateway, fakeHost, deps)
  return { member, gateway, host: fakeHost, calls, ticker, prompts, logins, ops: () => calls.map((c) => c.op) }
}

const sent = (ResendIn = 60) => () => ok({ table1: [{ AreaNo: '853', MaskedPhone: '66***456', ExpiresIn: 300, ResendIn }] })
const settle = () => new Promise((r) => setImmediate(r))

describe('login by SMS code', () => {
  it('a known member logs in: the token is kept and sent with the next call', async () => {
    const { member, calls, host } = setup({
      SmsVerifySend: sent(),
      VipLoginGet: (r) => (r.Code === '123456' ? ok({ table1: [session('tok-1')], table2: [vipRow()] }) : fail('0', '20034', 'The verification code is wrong')),
      VipDetailGet: (_r, req) => (req.headers.Authorization === 'Bearer tok-1' ? ok({ table1: [vipRow({ Balance: '12.50' })] }) : fail('10010', '0', 'no'))
    })
    member.loginForm.setPhone('6612 3456')
    expect(await member.loginForm.send('VipLogin')).toBe(true)
    expect(calls[0].record).toMatchObject({ Phone: '66123456', AreaNo: '853', SourceType: 'VipLogin' })
    member.loginForm.setCode('123456')
    expect(await member.loginByCode()).toBe(true)
    expect(member.signedIn).toBe(true)
    expect(member.vip?.VipName).toBe('Ada')
    expect(host.store.get(MEMBER_TOKEN_STORAGE)).toBe('tok-1')
    await member.loadDetail()
    expect(member.vip?.Balance).toBe('12.50')
  })

  it('an unknown phone (42000) registers with the same code, type 1, with the shop and branch', async () => {
    const { member, calls, ops } = setup({
      VipLoginGet: () => fail('0', '42000', 'Member not registered'),
      VipRegister: () => ok({ table1: [session('tok-new', 'V9', 1)], table2: [vipRow({ VipID: 'V9', VipName: '' })] })
    })
    member.loginForm.setPhone('66123456')
    member.loginForm.setCode('654321')
    expect(await member.loginByCode()).toBe(true)
    expect(ops()).toEqual(['VipLoginGet', 'VipRegister'])
    expect(calls[1].record).toMatchObject({ RegisterType: 1, Phone: '66123456', AreaNo: '853', Code: '654321', ShopName: 'Tea House', BaseCode: '201' })
    expect(member.token).toBe('tok-new')
  })

  it('a wrong code is shown under the form in the server\'s words; nothing is kept', async () => {
    const { member, host } = setup({ VipLoginGet: () => fail('0', '20034', 'The verification code is wrong') })
    member.loginForm.setPhone('66123456')
    member.loginForm.setCode('000000')
    expect(await member.loginByCode()).toBe(false)
    expect(member.loginForm.error).toBe('The verification code is wrong')
    expect(member.signedIn).toBe(false)
    expect(host.toasts).toEqual([])
    expect(host.store.has(MEMBER_TOKEN_STORAGE)).toBe(false)
  })

  it('checks the number against the area\'s length and the code\'s length before asking', async () => {
    const { member, calls } = setup({ SmsAreaList: () => ok({ table1: AREAS }) })
    await member.loadAreas()
    member.loginForm.setArea('86')
    member.loginForm.setPhone('66123456')
    expect(await member.loginForm.send('VipLogin')).toBe(false)
    expect(member.loginForm.error).toBe('Please enter a valid mobile number')
    member.loginForm.setPhone('13800138000')
    member.loginForm.setCode('12')
    expect(await member.loginByCode()).toBe(false)
    expect(member.loginForm.error).toBe('Please enter the 6-digit code')
    expect(calls.map((c) => c.op)).toEqual(['SmsAreaList'])
  })
})

describe('resend countdown', () => {
  it('counts down the server\'s ResendIn; the button is back at 0', async () => {
    const { member, ticker, ops } = setup({ SmsVerifySend: sent(60) })
    const f = member.loginForm
    f.setPhone('66123456')
    await f.send('VipLogin')
    expect(f.countdown).toBe(60)
    expect(f.canSend).toBe(false)
    expect(await f.send('VipLogin')).toBe(false)
    ticker.tick(59)
    expect(f.countdown).toBe(1)
    ticker.tick()
    expect(f.countdown).toBe(0)
    expect(f.canSend).toBe(true)
    expect(ticker.running).toBe(0)
    expect(ops()).toEqual(['SmsVerifySend'])
  })

  it('too frequent (20032): the message says how long and the button waits as long', async () => {
    const { member } = setup({ SmsVerifySend: () => fail('0', '20032', 'Codes are sent at most once a minute, please try again in 42 s') })
    member.loginForm.setPhone('66123456')
    expect(await member.loginForm.send('VipLogin')).toBe(false)
    expect(member.loginForm.error).toBe('Codes are sent at most once a minute, please try again in 42 s')
    expect(member.loginForm.countdown).toBe(42)
  })

  it('too frequent: the "try again in 42 s" message goes when the wait is over; another error stays', async () => {
    const { member, ticker } = setup({ SmsVerifySend: () => fail('0', '20032', 'Codes are sent at most once a minute, please try again in 42 s') })
    const f = member.loginForm
    f.setPhone('66123456')
    await f.send('VipLogin')
    ticker.tick(41)
    expect(f.error).toContain('42 s')
    ticker.tick()
    expect(f.countdown).toBe(0)
    expect(f.error).toBe('')
    // A problem found meanwhile is not the wait's message: it stays.
    await f.send('VipLogin')
    f.setError('Please read and agree to the privacy policy')
    ticker.tick(42)
    expect(f.error).toBe('Please read and agree to the privacy policy')
  })
})

describe('protected actions (10010)', () => {
  it('a stale token is forgotten, the diner is asked once, and confirming opens login with the way back', async () => {
    const { member, gateway, host, prompts, logins } = setup({
      BalancePay: () => fail('10010', '0', 'Operation not allowed without logging-in.', 401)
    })
    host.store.set(MEMBER_TOKEN_STORAGE, 'stale')
    const fresh = new MemberStore(gateway, host, (member as unknown as { deps: MemberStoreDeps }).deps)
    expect(fresh.signedIn).toBe(true)
    await Promise.allSettled([
      gateway.request('BalancePay', [{ SheetID: 'O1', RequestKey: 'k1' }]),
      gateway.request('BalancePay', [{ SheetID: 'O1', RequestKey: 'k2' }])
    ])
    await settle()
    expect(fresh.signedIn).toBe(false)
    expect(host.store.has(MEMBER_TOKEN_STORAGE)).toBe(false)
    expect(prompts).toEqual(['Please log in first.'])
    expect(logins).toEqual([{ mode: 'login', back: '/pages/orderDetails/orderDetails?SheetID=O1' }])
    // The gateway showed no toast: the prompt says it.
    expect(host.toasts).toEqual([])
  })

  it('cancelling the prompt stays put', async () => {
    const { member, gateway, logins, prompts } = setup({ VipQrCodeGet: () => fail('10010', '0', 'x', 401) }, { confirm: false })
    await gateway.request('VipQrCodeGet', [{}]).catch(() => undefined)
    await settle()
    expect(prompts).toHaveLength(1)
    expect(logins).toEqual([])
    expect(member.signedIn).toBe(false)
  })

  it('prompt → login → the next call carries the new token', async () => {
    const { member, gateway, logins } = setup({
      VipLoginGet: () => ok({ table1: [session('tok-2')], table2: [vipRow()] }),
      VipQrCodeGet: (_r, req) =>
        req.headers.Authorization === 'Bearer tok-2' ? ok({ table1: [{ Code: 'C', Number: '4821930017', ExpiresIn: 120, RefreshIn: 60 }] }) : fail('10010', '0', 'x', 401)
    })
    await gateway.request('VipQrCodeGet', [{}]).catch(() => undefined)
    await settle()
    expect(logins[0].back).toBe('/pages/orderDetails/orderDetails?SheetID=O1')
    member.loginForm.setPhone('66123456')
    member.loginForm.setCode('123456')
    expect(await member.loginByCode()).toBe(true)
    const res = await gateway.request('VipQrCodeGet', [{}])
    expect(res.table1?.[0].Code).toBe('C')
  })

  it("'Please bind your mobile number first' (20038) opens login in bind mode; binding replaces the member", async () => {
    const { member, gateway, host, prompts, logins, calls } = setup({
      RechargeSubmit: () => fail('0', '20038', 'Please bind your mobile number first'),
      VipBindPhone: () => ok({ table1: [vipRow({ IsGuest: 0, Phone: '66123456' })] })
    }, { here: '/pages/vipBalanceRecharge/vipBalanceRecharge' })
    host.store.set(MEMBER_TOKEN_STORAGE, 'guest-tok')
    const m = new MemberStore(gateway, host, (member as unknown as { deps: MemberStoreDeps }).deps)
    await gateway.request('RechargeSubmit', [{ RuleID: 'R1', ShopID: 'S101', RequestKey: 'k', ReturnUrl: '' }]).catch(() => undefined)
    await settle()
    expect(prompts).toEqual(['Please bind your mobile number first'])
    expect(logins).toEqual([{ mode: 'bind', back: '/pages/vipBalanceRecharge/vipBalanceRecharge' }])
    m.loginForm.setPhone('66123456')
    m.loginForm.setCode('111111')
    expect(await m.bindPhone()).toBe(true)
    expect(calls.at(-1)?.record).toMatchObject({ Phone: '66123456', AreaNo: '853', Code: '111111', SourceType: 'VipBindPhone' })
    expect(calls.at(-1)?.auth).toBe('Bearer guest-tok')
    expect(m.hasPhone).toBe(true)
  })

  it('mine finds the session gone: signed out quietly, no prompt', async () => {
    const { member, gateway, host, prompts } = setup({ VipDetailGet: () => fail('10010', '0', 'x', 401) })
    host.store.set(MEMBER_TOKEN_STORAGE, 'old')
    const m = new MemberStore(gateway, host, (member as unknown as { deps: MemberStoreDeps }).deps)
    await m.loadDetail()
    expect(m.signedIn).toBe(false)
    expect(prompts).toEqual([])
  })
})

describe('guest identity', () => {
  it('a plain browser offers it: GuestLogin, then GuestRegister on 42000', async () => {
    const { member, ops, calls } = setup({
      GuestLogin: () => fail('0', '42000', 'Member not registered'),
      GuestRegister: () => ok({ table1: [session('g-tok', 'G1', 1)], table2: [vipRow({ VipID: 'G1', IsGuest: 1, Phone: '', VipName: '' })] })
    })
    expect(member.guestOffered).toBe(true)
    expect(await member.guestLogin()).toBe(true)
    expect(ops()).toEqual(['GuestLogin', 'GuestRegister'])
    expect(calls[1].record).toMatchObject({ ShopName: 'Tea House', BaseName: 'Senado' })
    expect(member.isGuest).toBe(true)
    expect(member.hasPhone).toBe(false)
  })

  it('an app browser does not offer it', () => {
    const { member } = setup({}, { host: { subHost: 'wechat' } })
    expect(member.guestOffered).toBe(false)
  })
})

describe('host identity (mini-programs)', () => {
  it('login code → access token → not registered → registers with the vouched phone (type 0)', async () => {
    const { member, ops, calls } = setup(
      {
        ThirdPartyAccessTokenGet: (r) => ok({ table1: [{ AccessToken: `at-${r.Code}`, OpenID: 'o-1', ExpiresIn: 600, Provider: 'dev' }] }),
        VipLoginByOpenID: () => fail('0', '42000', 'Member not registered'),
        ThirdPartyUserInfoGet: () => ok({ table1: [{ OpenID: 'o-1', AreaNo: '853', Phone: '66000000', Pic: '', NikeName: 'Bo' }] }),
        VipRegister: () => ok({ table1: [session('o-tok')], table2: [vipRow({ VipName: 'Bo' })] })
      },
      { host: { subHost: 'weapp', kind: 'weapp', loginCode: async () => 'wx-code' } }
    )
    expect(member.openIdOffered).toBe(true)
    expect(await member.openIdLogin()).toBe(true)
    // Then the payer id (QFOpenid) with a fresh code: the next test.
    expect(ops().slice(0, 4)).toEqual(['ThirdPartyAccessTokenGet', 'VipLoginByOpenID', 'ThirdPartyUserInfoGet', 'VipRegister'])
    expect(calls[1].record).toMatchObject({ OpenID: 'o-1', AccessToken: 'at-wx-code', MinaID: 'mina-1', LoginType: 0 })
    expect(calls[3].record).toMatchObject({ RegisterType: 0, Phone: '66000000', OpenID: 'o-1', AccessToken: 'at-wx-code', VipName: 'Bo' })
    expect(member.token).toBe('o-tok')
  })

  it('keeps openUserInfo (memory only) and the payer id (QFOpenid) of the sign-in; logging out forgets them (spec §3)', async () => {
    let codes = 0
    const written: string[] = []
    const { member, ops, calls, host } = setup(
      {
        ThirdPartyAccessTokenGet: (r) => ok({ table1: [{ AccessToken: `at-${r.Code}`, OpenID: 'o-1', ExpiresIn: 600, Provider: 'dev' }] }),
        VipLoginByOpenID: () => fail('0', '42000', 'Member not registered'),
        ThirdPartyUserInfoGet: () => ok({ table1: [{ OpenID: 'o-1', AreaNo: '', Phone: '', Pic: 'https://img.test/bo.png', NikeName: 'Bo' }] }),
        VipRegister: () => ok({ table1: [session('o-tok')], table2: [vipRow({ VipName: 'Bo' })] }),
        UserPayInfoGet: (r) => ok({ table1: [{ PayerID: `payer-of-${r.Code}`, Provider: 'sandbox' }] }),
        VipLogout: () => ok({})
      },
      { host: { subHost: 'weapp', kind: 'weapp', loginCode: async () => `wx-code-${++codes}` } }
    )
    const set = host.storage.set
    host.storage.set = (k, v) => (written.push(`${k}=${v}`), set(k, v))
    expect(member.openUserInfo).toBeNull()
    expect(await member.openIdLogin()).toBe(true)
    expect(member.openUserInfo).toEqual({ openid: 'o-1', unionid: '', MinaID: 'mina-1', nickname: 'Bo', sex: '', headimgurl: 'https://img.test/bo.png', accessToken: 'at-wx-code-1' })
    // The payer id is asked for with a fresh code of its own (a code is good once).
    await new Promise((r) => setTimeout(r, 0))
    expect(ops()).toContain('UserPayInfoGet')
    expect(calls.find((c) => c.op === 'UserPayInfoGet')?.record).toMatchObject({ Code: 'wx-code-2' })
    expect(member.QFOpenid).toBe('payer-of-wx-code-2')
    // Never in storage: the access token proves the open id.
    expect(written.join('\n')).not.toContain('at-wx-code-1')
    expect(written.join('\n')).not.toContain('payer-of')
    await member.logout()
    expect(member.openUserInfo).toBeNull()
    expect(member.QFOpenid).toBe('')
  })

  it('no code from the host (refused): nothing is asked', async () => {
    const { member, ops } = setup({}, { host: { subHost: 'weapp', loginCode: async () => null } })
    expect(await member.openIdLogin(true)).toBe(false)
    expect(ops()).toEqual([])
  })
})

describe('profile', () => {
  it.each(['陳大文', 'Chan_Tai-Man', '【VIP】(2)'])('"%s" keeps to the name rule', (name) => expect(isValidMemberName(name)).toBe(true))
  // English names: single inner spaces and apostrophes (typed or a phone's curly one) join the parts.
  it.each(['Chan Tai Man', 'Ana Lei', "O'Brien", 'O’Brien', "Mary-Jane O'Neil"])('"%s" keeps to it too', (name) => expect(isValidMemberName(name)).toBe(true))
  it.each(['a!', 'x😀', 'Ana  Lei', ' Ana', 'Ana ', "'Ana", "Ana'", "O''Brien", "O' Brien", 'Ana\tLei', '<b>'])('"%s" does not', (name) =>
    expect(isValidMemberName(name)).toBe(false)
  )

  it("an invalid name says 'Name contains invalid characters' and is not sent", async () => {
    const { member, ops } = setup({})
    expect(await member.saveProfile({ VipName: 'Ada!', Sex: '2', Birthy: '' })).toBe(false)
    expect(member.profileError).toBe('Name contains invalid characters')
    expect(ops()).toEqual([])
  })

  it('a valid profile is saved and replaces the member', async () => {
    const { member, calls } = setup({ VipProfileUpdate: (r) => ok({ table1: [vipRow({ VipName: String(r.VipName), Sex: String(r.Sex), Birthy: String(r.Birthy) })] }) })
    expect(await member.saveProfile({ VipName: ' 陳大文 ', Sex: '1', Birthy: '1990-05-01' })).toBe(true)
    expect(calls[0].record).toMatchObject({ VipName: '陳大文', Sex: '1', Birthy: '1990-05-01' })
    expect(member.vip?.VipName).toBe('陳大文')
  })
})

describe('change phone', () => {
  it('verify the current phone (type 1) → ticket → the new phone (type 2) replaces the member', async () => {
    const { member, gateway, host, calls } = setup({
      VipLoginGet: () => ok({ table1: [session('tok')], table2: [vipRow()] }),
      SmsVerifySend: sent(),
      VipPhoneChange: (r) =>
        r.Type === 1 ? ok({ table1: [{ ChangeTicket: 'T1', ExpiresIn: 600 }] }) : r.ChangeTicket === 'T1' ? ok({ table2: [vipRow({ Phone: '66999999' })] }) : fail('0', '20041', 'verify again')
    })
    void gateway
    void host
    member.loginForm.setPhone('66123456')
    member.loginForm.setCode('123456')
    await member.loginByCode()
    member.startChange()
    const f = member.changeForm
    expect(f.phone).toBe('66123456')
    await f.send(member.changeSourceType)
    expect(calls.at(-1)?.record).toMatchObject({ Phone: '66123456', SourceType: 'VipPhoneVerify' })
    f.setCode('111111')
    expect(await member.submitChange()).toBe(true)
    expect(member.changeStep).toBe(2)
    expect(f.phone).toBe('')
    expect(f.countdown).toBe(0)
    f.setPhone('66999999')
    await f.send(member.changeSourceType)
    expect(calls.at(-1)?.record).toMatchObject({ Phone: '66999999', SourceType: 'VipPhoneChange' })
    f.setCode('222222')
    expect(await member.submitChange()).toBe(true)
    expect(calls.at(-1)?.record).toMatchObject({ Type: 2, Phone: '66999999', Code: '222222', ChangeTicket: 'T1' })
    expect(member.vip?.Phone).toBe('66999999')
    expect(member.changeDone).toBe(true)
  })

  it('an expired ticket goes back to step 1 with the reason', async () => {
    const { member } = setup({
      VipLoginGet: () => ok({ table1: [session('tok')], table2: [vipRow()] }),
      VipPhoneChange: (r) => (r.Type === 1 ? ok({ table1: [{ ChangeTicket: 'T1', ExpiresIn: 600 }] }) : fail('0', '20041', 'Please verify your current mobile number again'))
    })
    member.loginForm.setPhone('66123456')
    member.loginForm.setCode('123456')
    await member.loginByCode()
    member.startChange()
    member.changeForm.setCode('111111')
    await member.submitChange()
    member.changeForm.setPhone('66999999')
    member.changeForm.setCode('222222')
    expect(await member.submitChange()).toBe(false)
    expect(member.changeStep).toBe(1)
    expect(member.changeForm.phone).toBe('66123456')
    expect(member.changeForm.error).toBe('Please verify your current mobile number again')
  })
})

describe('logout', () => {
  it('ends the session on the server and forgets it here, even when the server is unreachable', async () => {
    const { member, host, ops } = setup({
      VipLoginGet: () => ok({ table1: [session('tok')], table2: [vipRow()] }),
      VipLogout: () => {
        throw new Error('offline')
      }
    })
    member.loginForm.setPhone('66123456')
    member.loginForm.setCode('123456')
    await member.loginByCode()
    await member.logout()
    expect(ops()).toContain('VipLogout')
    expect(member.signedIn).toBe(false)
    expect(member.vip).toBeNull()
    expect(host.store.has(MEMBER_TOKEN_STORAGE)).toBe(false)
  })
})
