/**
 * The terms agreement kept per member on the server (issue 27), not per device: a member who agreed
 * on one phone is not asked again on another; a new terms version asks again; withdrawing removes
 * it; another member's agreement is not theirs. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { startSession } from '../../server/src/domain/members/member-session'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { makeMember, type TestMember } from './helpers/member-fixtures'

let server: TestServer
let m: TestMember
beforeAll(async () => {
  server = await createTestServer()
  m = await makeMember(server.db, { name: 'Mei' })
})
afterAll(() => server.close())

/** The same member signed in on another phone: a session of their own and another device key. */
async function anotherPhone(member: TestMember): Promise<Record<string, string>> {
  const { token } = await startSession(server.db, 'E1001', member.vipId, new Date())
  return { Authorization: `Bearer ${token}`, 'X-Device-Key': 'b'.repeat(32) }
}

const versions = async (headers: Record<string, string>) => ok(await server.call('TermsAgreementGet', [{}], { headers })).table1.map((r: { TermsVersion: string }) => r.TermsVersion)

test('agreed on one phone: the other phone of the same member knows it; a new version is not agreed', async () => {
  expect(await versions(m.headers)).toEqual([])
  const saved = ok(await server.call('TermsAgreementSave', [{ TermsVersion: '2026-11-24', Agreed: 1 }], { headers: m.headers })).table1
  expect(saved).toHaveLength(1)
  expect(saved[0].TermsVersion).toBe('2026-11-24')
  expect(saved[0].AgreedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  const other = await anotherPhone(m)
  expect(await versions(other)).toEqual(['2026-11-24'])
  // Agreeing again keeps the first time.
  const again = ok(await server.call('TermsAgreementSave', [{ TermsVersion: '2026-11-24', Agreed: '1' }], { headers: other })).table1
  expect(again).toEqual(saved)
  // A new version: not agreed until the diner agrees to it; then both are kept, newest first.
  await new Promise((r) => setTimeout(r, 5))
  ok(await server.call('TermsAgreementSave', [{ TermsVersion: '2027-01-10', Agreed: 1 }], { headers: other }))
  expect(await versions(m.headers)).toEqual(['2027-01-10', '2026-11-24'])
})

test('withdrawing (the box unticked) removes that version on every phone', async () => {
  const w = await makeMember(server.db)
  ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'v7', Agreed: 1 }], { headers: w.headers }))
  ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'v7', Agreed: 0 }], { headers: await anotherPhone(w) }))
  expect(await versions(w.headers)).toEqual([])
})

test("one member's agreement is not another's; a guest member's is their own", async () => {
  const a = await makeMember(server.db)
  const guest = await makeMember(server.db, { guest: true })
  ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'v1', Agreed: 1 }], { headers: a.headers }))
  expect(await versions(guest.headers)).toEqual([])
  ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'v1', Agreed: 1 }], { headers: guest.headers }))
  expect(await versions(guest.headers)).toEqual(['v1'])
  // A VipID in the record names nobody: the member comes from the token.
  const b = await makeMember(server.db)
  ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'v9', Agreed: 1, VipID: a.vipId }], { headers: b.headers }))
  expect(await versions(a.headers)).toEqual(['v1'])
  expect(await versions(b.headers)).toEqual(['v9'])
})

test('without a session: login required (10010); a malformed version or answer: invalid input (10007)', async () => {
  for (const name of ['TermsAgreementGet', 'TermsAgreementSave'] as const) {
    const res = await server.call(name, [{ TermsVersion: 'v1', Agreed: 1 }])
    expect(res.body.errcode).toBe('10010')
  }
  for (const record of [{ TermsVersion: '', Agreed: 1 }, { TermsVersion: 'a b', Agreed: 1 }, { TermsVersion: 'x'.repeat(33), Agreed: 1 }, { TermsVersion: 'v1', Agreed: 2 }, { TermsVersion: 'v1' }]) {
    const res = await server.call('TermsAgreementSave', [record], { headers: m.headers })
    expect({ record, errcode: res.body.errcode }).toEqual({ record, errcode: '10007' })
  }
})
