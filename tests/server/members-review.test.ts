/**
 * Review of issue 5's member server: cases the first tests did not reach (concurrency on SMS
 * codes and the like). Each test uses its own client address and phones.
 */
import { SMS_RULES } from '../../src/gateway/member-rows'
import { createTestServer, type GatewayResult, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ trustProxy: true })
})
afterAll(() => server.close())

let ipSeq = 0
let phoneSeq = 0
const client = (): Record<string, string> => ({ 'X-Forwarded-For': `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}` })
/** One phone walking between networks: the same device on a fresh address (an SMS code belongs to the device that asked). */
const roaming = (key: string) => (): Record<string, string> => ({ ...client(), 'X-Device-Key': key })
const macauPhone = (): string => `6${String(3000000 + ++phoneSeq * 41).padStart(7, '0')}`
const code = (res: GatewayResult) => res.body.resultcode
const ok = (res: GatewayResult) => {
  expect({ errcode: res.body.errcode, resultcode: res.body.resultcode, msg: res.body.errmsg || res.body.resultmsg }).toMatchObject({ errcode: '0', resultcode: '0' })
  return res.body.data
}
const lastCode = (phone: string) => server.providers.sms.lastCode('853', phone)
const wrongCodes = (right: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 10 ** SMS_RULES.codeLength).padStart(SMS_RULES.codeLength, '0'))

describe('SMS codes under concurrency', () => {
  test(`guesses sent at once from many addresses get no more than ${SMS_RULES.maxTries} tries in all: the rest are refused as expired, and the code is burned`, async () => {
    const phone = macauPhone()
    const device = roaming(`review-roaming-${phone}`)
    ok(await server.call('SmsVerifySend', [{ Phone: phone, AreaNo: '853', SourceType: 'VipLogin' }], { headers: device() }))
    const right = lastCode(phone)
    const answers = await Promise.all(
      wrongCodes(right, 40).map((guess) => server.call('VipLoginGet', [{ Phone: phone, AreaNo: '853', Code: guess }], { headers: device() }).then(code))
    )
    expect(answers.filter((c) => c === '20034').length).toBeLessThanOrEqual(SMS_RULES.maxTries)
    expect(answers.every((c) => c === '20034' || c === '20035')).toBe(true)
    const row = await server.db.selectFrom('sms_codes').select(['tries', 'ended_at']).where('phone', '=', phone).executeTakeFirstOrThrow()
    expect(row.tries).toBe(SMS_RULES.maxTries)
    expect(row.ended_at).not.toBeNull()
    expect(code(await server.call('VipLoginGet', [{ Phone: phone, AreaNo: '853', Code: right }], { headers: device() }))).toBe('20035')
  })

  test('a right code among concurrent wrong ones is not burned by its own check (4 wrong + right → 42000, code still usable)', async () => {
    const phone = macauPhone()
    const device = roaming(`review-roaming-${phone}`)
    ok(await server.call('SmsVerifySend', [{ Phone: phone, AreaNo: '853', SourceType: 'VipLogin' }], { headers: device() }))
    const right = lastCode(phone)
    for (const guess of wrongCodes(right, SMS_RULES.maxTries - 1)) {
      expect(code(await server.call('VipLoginGet', [{ Phone: phone, AreaNo: '853', Code: guess }], { headers: device() }))).toBe('20034')
    }
    expect(code(await server.call('VipLoginGet', [{ Phone: phone, AreaNo: '853', Code: right }], { headers: device() }))).toBe('42000')
    // The right check did not count as a try: registering with the same code still works.
    const data = ok(await server.call('VipRegister', [{ RegisterType: 1, Phone: phone, AreaNo: '853', Code: right }], { headers: device() }))
    expect(data.table1[0].IsNew).toBe(1)
  })
})

describe('SMS sends under concurrency', () => {
  test('one phone from one client address, asked 10 times at once: exactly one send', async () => {
    const phone = macauPhone()
    const headers = client()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server.call('SmsVerifySend', [{ Phone: phone, AreaNo: '853', SourceType: 'VipLogin' }], { headers }).then(code))
    )
    expect(answers.filter((c) => c === '0').length).toBe(1)
    expect(answers.filter((c) => c !== '0').every((c) => c === '20032')).toBe(true)
  })

  test(`one client address to many phones at once: exactly ${SMS_RULES.perClientPerMinute} sends`, async () => {
    const headers = client()
    const answers = await Promise.all(
      Array.from({ length: SMS_RULES.perClientPerMinute + 6 }, () => server.call('SmsVerifySend', [{ Phone: macauPhone(), AreaNo: '853', SourceType: 'VipLogin' }], { headers }).then(code))
    )
    expect(answers.filter((c) => c === '0').length).toBe(SMS_RULES.perClientPerMinute)
    expect(answers.filter((c) => c !== '0').every((c) => c === '20032')).toBe(true)
  })
})

describe('open id registration under concurrency', () => {
  test('the same open id registering twice at once makes one member, and both answers log it in', async () => {
    const openId = `race${Date.now().toString(36)}`
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: `dev:${openId}` }], { headers: client() })).table1[0]
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call('VipRegister', [{ RegisterType: 2, OpenID: openId, AccessToken: token.AccessToken }], { headers: client() })
      )
    )
    const vipIds = answers.map((res) => ok(res).table1[0].VipID as string)
    expect(new Set(vipIds).size).toBe(1)
    const identities = await server.db.selectFrom('member_identities').select('vip_id').where('open_id', '=', openId).execute()
    expect(identities.map((i) => i.vip_id)).toEqual([vipIds[0]])
  })
})
