/**
 * The member code (issue 5): VipQrCodeGet signs the member's code_ref (never the VipID) with the
 * 'member-code' server secret and an expiry of 120 s; verifyMemberCode and `npm run member --
 * verify` accept it, and refuse it expired or tampered with. SQLite by default; PostgreSQL with
 * DATABASE_URL (the CLI runs as its own process on the same database and secret).
 */
import { maskedPhone } from '../../src/core/phone-mask'
import { verifyMemberCode } from '../../server/src/domain/wallet/member-code'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'
import { makeMember, type TestMember } from './helpers/member-fixtures'

let server: TestServer
let m: TestMember
beforeAll(async () => {
  server = await createTestServer()
  m = await makeMember(server.db, { balance: '88.50', name: 'Mei' })
  await server.db.updateTable('members').set({ score: 42 }).where('vip_id', '=', m.vipId).execute()
})
afterAll(() => server.close())

const codeOf = async (member: TestMember) => ok(await server.call('VipQrCodeGet', [{}], { headers: member.headers })).table1[0]

const cli = (...args: string[]) => runCli(server, 'member', ...args)

test('a code valid 120 s, refreshed every 60, holding the code_ref and never the VipID', async () => {
  const row = await codeOf(m)
  expect(row).toMatchObject({ ExpiresIn: 120, RefreshIn: 60 })
  const member = await server.db.selectFrom('members').select('code_ref').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
  expect(row.Code).toContain(member.code_ref)
  expect(row.Code).not.toContain(m.vipId)
  const checked = await verifyMemberCode(server.db, row.Code, new Date())
  expect(checked.ok && checked.member.vip_id).toBe(m.vipId)
})

test('expired after 120 s; tampered or made up → invalid', async () => {
  // The expiry is read from the code (whole seconds), so a slow machine between the call and the
  // check cannot move the edges; that it is 120 s from the call is checked against the clock around it.
  const before = Math.floor(Date.now() / 1000)
  const { Code } = await codeOf(m)
  const after = Math.ceil(Date.now() / 1000)
  const [v, ref, exp, sig] = Code.split('.')
  const expiry = parseInt(exp, 36)
  expect(expiry).toBeGreaterThanOrEqual(before + 120)
  expect(expiry).toBeLessThanOrEqual(after + 120)
  expect((await verifyMemberCode(server.db, Code, new Date((expiry - 1) * 1000))).ok).toBe(true)
  expect(await verifyMemberCode(server.db, Code, new Date((expiry + 1) * 1000))).toEqual({ ok: false, reason: 'expired' })
  // Another member's reference under this signature, a later expiry, a changed signature: all invalid.
  const other = await makeMember(server.db)
  const otherRef = (await server.db.selectFrom('members').select('code_ref').where('vip_id', '=', other.vipId).executeTakeFirstOrThrow()).code_ref
  for (const forged of [
    [v, otherRef, exp, sig].join('.'),
    [v, ref, (parseInt(exp, 36) + 3600).toString(36), sig].join('.'),
    [v, ref, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`].join('.'),
    'not a code',
    ''
  ]) {
    expect({ forged, result: await verifyMemberCode(server.db, forged, new Date()) }).toEqual({ forged, result: { ok: false, reason: 'invalid' } })
  }
})

test('npm run member -- verify prints the member (masked phone) and exits 0; invalid or expired → exit 1', async () => {
  const { Code } = await codeOf(m)
  const good = await cli('verify', Code)
  expect(good.code).toBe(0)
  expect(good.stdout).toContain('Member:  Mei')
  expect(good.stdout).toContain(`Phone:   ${maskedPhone('853', m.phone)}`)
  expect(good.stdout).not.toContain(m.phone)
  expect(good.stdout).toContain('Balance: MOP$88.50')
  expect(good.stdout).toContain('Points:  42')
  const bad = await cli('verify', `${Code.slice(0, -2)}xx`)
  expect(bad.code).toBe(1)
  expect(bad.stderr).toContain('invalid')
  const shown = await cli('show', m.phone, '--area', '853')
  expect(shown.code).toBe(0)
  expect(shown.stdout).toContain('Member:  Mei')
  expect((await cli('show', '60000000')).code).toBe(1)
  expect((await cli('frobnicate')).code).toBe(2)
}, 60_000)
