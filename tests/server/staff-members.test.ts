/**
 * The member check at the counter (issue 23): a cashier verifies the member code a diner shows
 * (typed or scanned in the console) and looks a member up by phone; never the full phone; another
 * enterprise's staff learn nothing; a kitchen role cannot.
 */
import { makeMember } from './helpers/member-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'

let server: TestServer
let owner: StaffSession
beforeAll(async () => {
  server = await createTestServer()
  owner = await ownerOf(server)
})
afterAll(() => server.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`

test("a cashier verifies a diner's member code: name, masked phone, balance, points; audited", async () => {
  const member = await makeMember(server.db, { balance: '88.50', name: 'Mei' })
  const { Code } = ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]
  const cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
  const row = ok(await server.call('StaffMemberVerify', [{ Code }], { headers: cashier.headers })).table1[0]
  expect(row).toMatchObject({ VipID: member.vipId, Name: 'Mei', Balance: 'MOP$88.50' })
  expect(row.MaskedPhone).not.toContain(member.phone)
  expect(row.MaskedPhone).toContain(member.phone.slice(-2))
  const tampered = Code.slice(0, -2) + (Code.endsWith('A') ? 'BB' : 'AA')
  expect(codes(await server.call('StaffMemberVerify', [{ Code: tampered }], { headers: cashier.headers }))).toBe('0/20046')
  const looked = ok(await server.call('StaffMemberLookup', [{ AreaCode: '853', Phone: member.phone }], { headers: cashier.headers })).table1
  expect(looked.map((m: { VipID: string }) => m.VipID)).toEqual([member.vipId])
  const audit = ok(await server.call('AuditListByPage', [{ Action: 'member.' }], { headers: owner.headers })).table1
  expect(audit.map((a: { Action: string }) => a.Action)).toEqual(expect.arrayContaining(['member.verify', 'member.lookup']))
  expect(JSON.stringify(audit)).not.toContain(member.phone)
})

test("another enterprise's cashier gets 'invalid' for this enterprise's code and finds no one by its phone; the kitchen may not check", async () => {
  const member = await makeMember(server.db, { balance: '5', name: 'Wing' })
  const { Code } = ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]
  const { token } = await createSetupLink(server.db, new Date())
  const other = ok(
    await server.call('StaffSetupComplete', [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: '66554433', Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }], { entId: '' })
  ).table1[0]
  const headers = { authorization: `Bearer ${other.Token}` }
  expect(codes(await server.call('StaffMemberVerify', [{ Code }], { entId: other.EntID, headers }))).toBe('0/20046')
  expect(ok(await server.call('StaffMemberLookup', [{ AreaCode: '853', Phone: member.phone }], { entId: other.EntID, headers })).table1).toEqual([])
  const kitchen = await personWithRole(server, owner, 'kitchen')
  expect(codes(await server.call('StaffMemberVerify', [{ Code }], { headers: kitchen.headers }))).toBe('10013/')
})
