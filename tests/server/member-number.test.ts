/**
 * The member code as a number staff can type (issue 27 item 22): VipQrCodeGet gives 10 digits with
 * each code; a cashier types them (grouped, full-width, with dashes) and finds the member, as with
 * the scanned code; a number is the enterprise's own, lives as long as its code, and wrong numbers
 * are counted: at the limit the person is refused (21411, in their language), whatever they type.
 * SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { makeMember } from './helpers/member-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { MEMBER_NUMBER_TRIES } from '../../server/src/domain/wallet/member-code'

let server: TestServer
let owner: StaffSession
beforeAll(async () => {
  server = await createTestServer()
  owner = await ownerOf(server)
})
afterAll(() => server.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const grouped = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`
const fullWidth = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))

test('each member code comes with a 10-digit number; the cashier types it (spaces, dashes, full-width digits) and finds the member', async () => {
  const member = await makeMember(server.db, { balance: '12.30', name: 'Ling' })
  const first = ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]
  expect(first.Number).toMatch(/^[0-9]{10}$/)
  const second = ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]
  expect(second.Number).not.toBe(first.Number)
  const cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
  for (const typed of [grouped(first.Number), second.Number, fullWidth(`${second.Number.slice(0, 5)}－${second.Number.slice(5)}`)]) {
    const row = ok(await server.call('StaffMemberVerify', [{ Code: typed }], { headers: cashier.headers })).table1[0]
    expect({ typed, vip: row.VipID, name: row.Name, balance: row.Balance }).toEqual({ typed, vip: member.vipId, name: 'Ling', balance: 'MOP$12.30' })
  }
  // The number is not kept in the clear.
  const stored = await server.db.selectFrom('member_number_codes').selectAll().execute()
  expect(JSON.stringify(stored)).not.toContain(first.Number)
})

test('a number lives as long as its code; an expired one is refused as the code is (20046)', async () => {
  const member = await makeMember(server.db, { name: 'Kit' })
  const { Number: number } = ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]
  const cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
  await server.db.updateTable('member_number_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('vip_id', '=', member.vipId).execute()
  const res = await server.call('StaffMemberVerify', [{ Code: number }], { headers: cashier.headers })
  expect(codes(res)).toBe('0/20046')
  expect(res.body.resultmsg).toBe('This member code is invalid or has expired')
})

test("another enterprise's cashier typing this enterprise's number finds no one", async () => {
  const member = await makeMember(server.db, { name: 'Wai' })
  const { Number: number } = ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]
  const { token } = await createSetupLink(server.db, new Date())
  const other = ok(
    await server.call('StaffSetupComplete', [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: '66554411', Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }], { entId: '' })
  ).table1[0]
  expect(codes(await server.call('StaffMemberVerify', [{ Code: number }], { entId: other.EntID, headers: { authorization: `Bearer ${other.Token}` } }))).toBe('0/20046')
})

test(`after ${MEMBER_NUMBER_TRIES} wrong numbers the cashier is refused (21411, in their language) even for a right one; another cashier is not; a scanned code still works`, async () => {
  const member = await makeMember(server.db, { name: 'Sam' })
  const { Code, Number: number } = ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]
  const guesser = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
  // Numbers next to the right one, never the right one.
  const wrong = (i: number) => String((Number(number) + 1 + i) % 1e10).padStart(10, '0')
  for (let i = 0; i < MEMBER_NUMBER_TRIES; i++) {
    expect(codes(await server.call('StaffMemberVerify', [{ Code: wrong(i) }], { headers: guesser.headers }))).toBe('0/20046')
  }
  const refused = await server.call('StaffMemberVerify', [{ Code: number }], { headers: guesser.headers, lang: 'zh-TW' })
  expect(codes(refused)).toBe('0/21411')
  expect(refused.body.resultmsg).toMatch(/^此處輸錯會員號碼的次數過多，\d\d:\d\d 後才能再輸入會員號碼；掃描會員碼仍可使用。$/)
  expect(ok(await server.call('StaffMemberVerify', [{ Code }], { headers: guesser.headers })).table1[0].VipID).toBe(member.vipId)
  const colleague = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
  expect(ok(await server.call('StaffMemberVerify', [{ Code: number }], { headers: colleague.headers })).table1[0].VipID).toBe(member.vipId)
})
