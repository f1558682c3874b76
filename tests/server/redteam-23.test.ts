/**
 * Red team of issue 23's new surfaces, kept as tests: privilege escalation, cross-enterprise
 * access, PIN and device-token guessing, tokens of one kind passed as another, cross-site requests
 * against staff operations, script and control characters in staff-entered names, setup-link
 * replay under a race, and the audit log's survival of every staff action.
 */
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { makeMember } from './helpers/member-fixtures'
import { addPerson, newPhone, ownerOf, pairDevice, PASSWORD, personWithRole, signIn, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
beforeAll(async () => {
  server = await createTestServer({ allowedOrigins: ['https://diners.example'] })
  owner = await ownerOf(server)
})
afterAll(() => server.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const person = (fields: Record<string, unknown>) => ({ StaffID: '', Name: 'X', AreaCode: '853', Phone: newPhone(), Role: 'cashier', ShopIDs: 'S101', BaseIDs: '', Locale: 'en', Password: '', Pin: '', Reason: '', ...fields })

describe('privilege escalation', () => {
  test('a manager cannot raise themselves, widen their own scope, or edit another manager', async () => {
    const { staffId, phone } = await addPerson(server, owner, 'manager', { shopIds: 'S101' })
    const manager = await signIn(server, 'E1001', phone, 'manager')
    for (const fields of [
      { StaffID: staffId, Phone: phone, Role: 'owner', ShopIDs: '' },
      { StaffID: staffId, Phone: phone, Role: 'manager', ShopIDs: '' },
      { StaffID: staffId, Phone: phone, Role: 'manager', ShopIDs: 'S101,S102' }
    ]) {
      expect(codes(await server.call('StaffSave', [person(fields)], { headers: manager.headers }))).toBe('0/21010')
    }
    const other = await addPerson(server, owner, 'manager', { shopIds: 'S101' })
    expect(codes(await server.call('StaffSave', [person({ StaffID: other.staffId, Phone: other.phone, Role: 'cashier' })], { headers: manager.headers }))).toBe('0/21010')
    expect(codes(await server.call('StaffRemove', [{ StaffID: other.staffId, Reason: '' }], { headers: manager.headers }))).toBe('0/21010')
    const stored = await server.db.selectFrom('staff_members').select(['role', 'shop_ids']).where('staff_id', '=', staffId).executeTakeFirstOrThrow()
    expect(stored).toEqual({ role: 'manager', shop_ids: 'S101' })
  })

  test('a manager cannot take over a colleague outside their shop by giving them a new password', async () => {
    const manager = await personWithRole(server, owner, 'manager', { shopIds: 'S101' })
    const elsewhere = await addPerson(server, owner, 'cashier', { shopIds: 'S102' })
    expect(codes(await server.call('StaffSave', [person({ StaffID: elsewhere.staffId, Phone: elsewhere.phone, ShopIDs: 'S101', Password: 'taken over now' })], { headers: manager.headers }))).toBe('0/21010')
    expect(codes(await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: elsewhere.phone, Password: 'taken over now' }], { entId: '' }))).toBe('0/21001')
  })

  test("changing one's own password needs the current one (a signed-in tablet left alone is not an account)", async () => {
    const { phone } = await addPerson(server, owner, 'manager')
    const manager = await signIn(server, 'E1001', phone, 'manager')
    expect(codes(await server.call('StaffProfileUpdate', [{ Password: 'new password 1', CurrentPassword: 'wrong' }], { headers: manager.headers }))).toBe('0/21001')
    ok(await server.call('StaffProfileUpdate', [{ Password: 'new password 1', CurrentPassword: PASSWORD }], { headers: manager.headers }))
    ok(await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: phone, Password: 'new password 1' }], { entId: '' }))
  })
})

describe('tokens of one kind passed as another', () => {
  test("a member's token is no staff session; a staff token is no member session; a device token is no bearer", async () => {
    const member = await makeMember(server.db, {})
    expect(codes(await server.call('StaffMe', [{}], { headers: member.headers }))).toBe('10012/')
    expect(codes(await server.call('VipDetailGet', [{}], { headers: owner.headers }))).toBe('10010/')
    const { deviceToken } = await pairDevice(server, owner)
    expect(codes(await server.call('StaffMe', [{}], { headers: { authorization: `Bearer ${deviceToken}` } }))).toBe('10012/')
    // A session token in the device header pairs nothing.
    expect(codes(await server.call('StaffDeviceInfo', [{}], { headers: { 'x-staff-device': owner.token } }))).toBe('0/21009')
  })

  test('made-up device tokens and ids get nowhere, and say nothing about which part was wrong', async () => {
    for (const token of ['sd_' + 'A'.repeat(43), 'sd_', 'x'.repeat(5000), "sd_' or 1=1 --"]) {
      expect(codes(await server.call('StaffPinLogin', [{ StaffID: owner.staffId, Pin: '1234' }], { headers: { 'x-staff-device': token } }))).toBe('0/21009')
    }
  })
})

describe('PIN guessing', () => {
  test('after the lock, further guesses compare nothing and the lock holds; the audit log has them', async () => {
    const cashier = await addPerson(server, owner, 'cashier', { pin: '8642', shopIds: 'S101' })
    const { deviceId, deviceToken } = await pairDevice(server, owner)
    const headers = { 'x-staff-device': deviceToken }
    const guesses = Array.from({ length: 40 }, (_, i) => String(1000 + i))
    const answers = []
    for (const pin of guesses) answers.push(codes(await server.call('StaffPinLogin', [{ StaffID: cashier.staffId, Pin: pin }], { headers })))
    expect(answers.slice(0, 4).every((a) => a === '0/21002')).toBe(true)
    expect(answers.slice(5).every((a) => a === '0/21003')).toBe(true)
    expect(codes(await server.call('StaffPinLogin', [{ StaffID: cashier.staffId, Pin: '8642' }], { headers }))).toBe('0/21003')
    const failed = await server.db.selectFrom('audit_log').select('audit_id').where('action', '=', 'staff.pinFailed').where('target_id', '=', deviceId).execute()
    expect(failed.length).toBe(5)
  })
})

describe('cross-site requests', () => {
  test("a page of another site (even one in ALLOWED_ORIGINS for diners) cannot call staff operations; the console's own origin can", async () => {
    const base = { headers: { ...owner.headers } }
    expect(codes(await server.call('StaffList', [{}], { headers: { ...base.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }))).toBe('10011/')
    expect(codes(await server.call('StaffList', [{}], { headers: { ...base.headers, origin: 'https://diners.example', 'sec-fetch-site': 'cross-site' } }))).toBe('10011/')
    expect(codes(await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: '66000000', Password: 'whatever1' }], { entId: '', headers: { origin: 'https://evil.example' } }))).toBe('10011/')
    expect(codes(await server.call('StaffList', [{}], { headers: { ...base.headers, 'sec-fetch-site': 'same-origin' } }))).toBe('0/0')
  })
})

describe('script and control characters in staff-entered text', () => {
  test('names with markup are stored as text (the console renders text), bidi and control characters are refused', async () => {
    const markup = '<img src=x onerror=alert(1)>Ann'
    const saved = ok(await server.call('StaffSave', [person({ Name: markup })], { headers: owner.headers })).table1[0]
    expect(saved.Name).toBe(markup)
    for (const name of ['Ann\u202eevil', 'Ann\u0007', 'Ann\nBob']) expect(codes(await server.call('StaffSave', [person({ Name: name })], { headers: owner.headers }))).toBe('10007/')
    expect(codes(await server.call('StaffDevicePair', [{ Name: 'Tab\u2066let', Kind: 'counter', ShopID: 'S101', BaseID: '' }], { headers: owner.headers }))).toBe('10007/')
  })

  test('odd filters: wildcards in the action, huge pages, impossible dates are refused with 10007', async () => {
    for (const record of [{ Action: '%' }, { Action: "staff.' or 1=1" }, { PageSize: 100000 }, { From: 'yesterday-ish' }]) {
      expect(codes(await server.call('AuditListByPage', [record], { headers: owner.headers }))).toBe('10007/')
    }
  })
})

describe('setup links', () => {
  test('five setups racing on one link make one enterprise and one owner', async () => {
    const { token } = await createSetupLink(server.db, new Date())
    const before = (await server.db.selectFrom('enterprises').select('ent_id').execute()).length
    const attempt = () =>
      server.call('StaffSetupComplete', [{ SetupToken: token, OwnerName: 'Racer', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '赛', 'zh-TW': '賽', en: 'Race' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }], { entId: '' })
    const results = (await Promise.all([attempt(), attempt(), attempt(), attempt(), attempt()])).map(codes)
    expect(results.filter((r) => r === '0/0')).toHaveLength(1)
    expect(results.filter((r) => r === '0/21004')).toHaveLength(4)
    expect((await server.db.selectFrom('enterprises').select('ent_id').execute()).length).toBe(before + 1)
  })

  test('a link for an existing enterprise cannot be turned into a new one, nor into another enterprise', async () => {
    const { token } = await createSetupLink(server.db, new Date(), 'E1001')
    const row = ok(
      await server.call('StaffSetupComplete', [{ SetupToken: token, OwnerName: 'Second owner', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '新', 'zh-TW': '新', en: 'New' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }], { entId: '' })
    ).table1[0]
    expect(row.EntID).toBe('E1001')
    expect(await server.db.selectFrom('enterprises').select('ent_id').where('names', 'like', '%"New"%').execute()).toEqual([])
  })
})

test('the audit log keeps every entry: removing people and devices removes none of theirs', async () => {
  const p = await addPerson(server, owner, 'cashier', { pin: '7531', shopIds: 'S101' })
  const { deviceId, deviceToken } = await pairDevice(server, owner)
  ok(await server.call('StaffPinLogin', [{ StaffID: p.staffId, Pin: '7531' }], { headers: { 'x-staff-device': deviceToken } }))
  const count = async () => (await server.db.selectFrom('audit_log').select('audit_id').where((eb) => eb.or([eb('staff_id', '=', p.staffId), eb('device_id', '=', deviceId), eb('target_id', 'in', [p.staffId, deviceId])])).execute()).length
  const before = await count()
  ok(await server.call('StaffRemove', [{ StaffID: p.staffId, Reason: 'left' }], { headers: owner.headers }))
  ok(await server.call('StaffDeviceRemove', [{ DeviceID: deviceId, Reason: 'broken' }], { headers: owner.headers }))
  expect(await count()).toBe(before + 2)
})
