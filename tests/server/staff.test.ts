/**
 * Staff accounts, roles, devices, PINs, sessions and the audit log (issue 23), through the real
 * gateway on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import { STAFF_ROLES, type StaffRole } from '../../src/core/staff-permissions'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { STAFF_REGISTRY } from '../../server/src/operations/staff/staff-registry'
import { addPerson, newPhone, ownerOf, pairDevice, PASSWORD, personWithRole, signIn, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
beforeAll(async () => {
  server = await createTestServer()
  owner = await ownerOf(server)
})
afterAll(() => server.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`

describe('setup links', () => {
  test('a new restaurant: owner and enterprise made, signed in; the link works once', async () => {
    const { token } = await createSetupLink(server.db, new Date())
    expect(ok(await server.call('StaffSetupCheck', [{ SetupToken: token }], { entId: '' })).table1[0]).toMatchObject({ Valid: true, EntID: '' })
    const record = {
      SetupToken: token,
      OwnerName: 'Noodle Nina',
      AreaCode: '853',
      Phone: newPhone(),
      Password: 'long enough pw',
      EntNames: { 'zh-CN': '面馆', 'zh-TW': '麵館', en: 'Noodle Bar' },
      Currency: 'MOP$',
      TimeZone: 'Asia/Macau',
      Languages: 'zh-TW,en',
      Locale: 'zh-TW'
    }
    const session = ok(await server.call('StaffSetupComplete', [record], { entId: '' })).table1[0]
    expect(session).toMatchObject({ Role: 'owner', Name: 'Noodle Nina', Locale: 'zh-TW' })
    expect(session.EntID).toMatch(/^E/)
    expect(session.EntID).not.toBe('E1001')
    const me = ok(await server.call('StaffMe', [{}], { entId: session.EntID, headers: { authorization: `Bearer ${session.Token}` } }))
    expect(me.table1[0].StaffID).toBe(session.StaffID)
    // Replayed: refused, nothing more made.
    const before = await server.db.selectFrom('enterprises').select('ent_id').execute()
    const replay = await server.call('StaffSetupComplete', [{ ...record, Phone: newPhone() }], { entId: '', lang: 'zh-TW' })
    expect(codes(replay)).toBe('0/21004')
    expect(replay.body.resultmsg).toContain('設定連結')
    expect(await server.db.selectFrom('enterprises').select('ent_id').execute()).toHaveLength(before.length)
    expect(ok(await server.call('StaffSetupCheck', [{ SetupToken: token }], { entId: '' })).table1[0].Valid).toBe(false)
  })

  test('expired and made-up links are refused; a weak password makes nothing', async () => {
    const { token } = await createSetupLink(server.db, new Date(Date.now() - 25 * 3_600_000))
    expect(codes(await server.call('StaffSetupComplete', [{ SetupToken: token, OwnerName: 'X', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', Locale: 'en', EntNames: { 'zh-CN': 'a', 'zh-TW': 'a', en: 'a' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en' }], { entId: '' }))).toBe('0/21004')
    expect(codes(await server.call('StaffSetupComplete', [{ SetupToken: 'su_madeup', OwnerName: 'X', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', Locale: 'en' }], { entId: '' }))).toBe('0/21004')
    const fresh = await createSetupLink(server.db, new Date(), 'E1001')
    const weak = await server.call('StaffSetupComplete', [{ SetupToken: fresh.token, OwnerName: 'X', AreaCode: '853', Phone: newPhone(), Password: 'short', Locale: 'en' }], { entId: '' })
    expect(codes(weak)).toBe('0/21007')
    // The link survives a refused attempt.
    expect(ok(await server.call('StaffSetupCheck', [{ SetupToken: fresh.token }], { entId: '' })).table1[0]).toMatchObject({ Valid: true, EntID: 'E1001' })
  })
})

describe('signing in', () => {
  test('password: right → session; wrong password and unknown phone answer alike; locked after 10 failures', async () => {
    const { phone } = await addPerson(server, owner, 'manager')
    const s = await signIn(server, 'E1001', phone, 'manager')
    expect(s.token).toMatch(/^st_/)
    const wrong = await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: phone, Password: 'nope nope nope' }], { entId: '' })
    const unknown = await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: newPhone(), Password: 'nope nope nope' }], { entId: '' })
    expect(codes(wrong)).toBe('0/21001')
    expect(codes(unknown)).toBe('0/21001')
    expect(wrong.body.resultmsg).toBe(unknown.body.resultmsg)
    for (let i = 0; i < 9; i++) expect(codes(await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: phone, Password: `guess ${i} xx` }], { entId: '' }))).toBe('0/21001')
    // Locked now, even with the right password; the message says until when on the shop's clock.
    const locked = await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: phone, Password: PASSWORD }], { entId: '' })
    expect(codes(locked)).toBe('0/21003')
    expect(locked.body.resultmsg).toMatch(/until \d{2}:\d{2}\.$/)
  })

  test('SMS code: sent only to a staff phone (same answer either way), signs in once', async () => {
    const { phone } = await addPerson(server, owner, 'manager')
    const sent = ok(await server.call('StaffSmsSend', [{ AreaCode: '853', Phone: phone }], { entId: '' })).table1[0]
    const stranger = ok(await server.call('StaffSmsSend', [{ AreaCode: '853', Phone: newPhone() }], { entId: '' })).table1[0]
    expect(Object.keys(sent).sort()).toEqual(Object.keys(stranger).sort())
    // Masked alike and the same wait: nothing tells a colleague's phone from a stranger's.
    expect(sent.MaskedPhone).toMatch(/^\d{2}\*{4}\d{2}$/)
    expect(stranger.MaskedPhone).toMatch(/^\d{2}\*{4}\d{2}$/)
    expect(sent.ResendIn).toBe(stranger.ResendIn)
    const code = server.providers.sms.lastCode('853', phone) as string
    expect(code).toMatch(/^\d{6}$/)
    const row = ok(await server.call('StaffSmsLogin', [{ AreaCode: '853', Phone: phone, Code: code }], { entId: '' })).table1[0]
    expect(row.Role).toBe('manager')
    expect(codes(await server.call('StaffSmsLogin', [{ AreaCode: '853', Phone: phone, Code: code }], { entId: '' }))).not.toBe('0/0')
  })
})

describe('the role matrix', () => {
  // Who may call each staff operation. Written out by hand from issue 23, so the server's table
  // (src/core/staff-permissions.ts) is checked against intent, not against itself.
  const ALL: StaffRole[] = ['owner', 'manager', 'cashier', 'kitchen']
  const MANAGERS: StaffRole[] = ['owner', 'manager']
  const EXPECTED: Record<string, StaffRole[] | 'public' | 'device'> = {
    StaffSetupCheck: 'public',
    StaffSetupComplete: 'public',
    StaffPasswordLogin: 'public',
    StaffSmsSend: 'public',
    StaffSmsLogin: 'public',
    StaffDeviceInfo: 'device',
    StaffPinLogin: 'device',
    StaffSignOut: ALL,
    StaffMe: ALL,
    StaffProfileUpdate: ALL,
    StaffList: MANAGERS,
    StaffSave: MANAGERS,
    StaffRemove: MANAGERS,
    StaffDevicePair: MANAGERS,
    StaffDeviceList: MANAGERS,
    StaffDeviceRemove: MANAGERS,
    AuditListByPage: MANAGERS,
    AuditExport: MANAGERS,
    StaffMenuGet: ALL,
    GoodsSoldOutSet: ALL,
    AddOnSoldOutSet: ALL,
    MenuOutlineGet: MANAGERS,
    MenuClassSave: MANAGERS,
    MenuClassRemove: MANAGERS,
    MenuGoodsGet: MANAGERS,
    MenuGoodsSave: MANAGERS,
    MenuGoodsRemove: MANAGERS,
    MenuStockSet: MANAGERS,
    MenuPictureUploadTicket: MANAGERS,
    StaffTableList: MANAGERS,
    TablesAdd: MANAGERS,
    TableRotate: MANAGERS,
    TableQrSheet: MANAGERS,
    EnterpriseGet: ['owner'],
    EnterpriseUpdate: ['owner'],
    ShopList: MANAGERS,
    ShopSave: MANAGERS,
    PaymentAccountList: MANAGERS,
    PaymentAccountSave: MANAGERS,
    BranchSave: MANAGERS,
    BranchRemove: MANAGERS,
    StaffRechargeRuleList: MANAGERS,
    StaffRechargeRuleSave: MANAGERS,
    TableRename: MANAGERS,
    TableRemove: MANAGERS,
    SetupExport: ['owner'],
    SetupImport: ['owner'],
    StaffMemberVerify: ['owner', 'manager', 'cashier'],
    StaffMemberLookup: ['owner', 'manager', 'cashier'],
    StaffCouponPlanList: MANAGERS,
    StaffCouponPlanCreate: MANAGERS,
    StaffCouponPlanStatusSet: MANAGERS,
    StaffCouponIssue: MANAGERS,
    StaffVoucherPrint: MANAGERS,
    StaffCouponCardGet: MANAGERS,
    StaffCouponCardVoid: MANAGERS,
    StaffReviewList: MANAGERS,
    StaffReviewGet: MANAGERS,
    StaffReviewReply: MANAGERS,
    StaffReviewHiddenSet: MANAGERS,
    StaffAfterSaleList: MANAGERS,
    StaffAfterSaleGet: MANAGERS,
    StaffAfterSaleApprove: MANAGERS,
    StaffAfterSaleReject: MANAGERS,
    StaffOrderList: ALL,
    StaffOrderGet: ALL,
    StaffOrderReady: ALL,
    KitchenBoardGet: ALL,
    KitchenLineDone: ALL,
    KitchenTicketBump: ALL,
    KitchenTicketRecall: ALL,
    KitchenTicketAck: ALL,
    KitchenTicketReprint: ALL,
    KitchenStationList: ALL,
    KitchenStationSave: MANAGERS,
    KitchenStationRemove: MANAGERS,
    KitchenEstimateSettingsGet: MANAGERS,
    KitchenEstimateSettingsSave: MANAGERS,
    StaffOrderComplete: ALL,
    StaffOrderCancel: MANAGERS,
    DayReportGet: MANAGERS,
    DayReportExport: MANAGERS,
    CounterFloorGet: ALL,
    CounterPaymentRecord: ALL,
    CounterBillClose: ALL,
    CounterTableMove: ALL,
    CounterTableMerge: ALL,
    CounterLineCancel: ALL,
    CounterMemberCharge: ['owner', 'manager', 'cashier'],
    CounterVoucherApply: ['owner', 'manager', 'cashier']
  }

  test('every staff operation is in the table', () => {
    expect(Object.keys(STAFF_REGISTRY).sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  test('each role is let in or refused (10013) exactly as the table says; no session → 10012', async () => {
    const sessions: Record<StaffRole, StaffSession> = {
      owner: owner,
      manager: await personWithRole(server, owner, 'manager'),
      cashier: await personWithRole(server, owner, 'cashier'),
      kitchen: await personWithRole(server, owner, 'kitchen')
    }
    const problems: string[] = []
    for (const [op, allowed] of Object.entries(EXPECTED)) {
      if (allowed === 'public' || allowed === 'device') continue
      // StaffSignOut would end the session the rest of the loop needs: it runs last, below.
      if (op === 'StaffSignOut') continue
      const anonymous = await server.call(op, [{}], { entId: 'E1001' })
      if (anonymous.body.errcode !== '10012') problems.push(`${op} without a session: ${codes(anonymous)}`)
      for (const role of STAFF_ROLES) {
        const res = await server.call(op, [{}], { entId: 'E1001', headers: sessions[role].headers })
        const refused = res.body.errcode === '10013'
        if (refused === allowed.includes(role) || res.body.errcode === '10012') problems.push(`${op} as ${role}: ${codes(res)}`)
      }
    }
    expect(problems).toEqual([])
    for (const role of STAFF_ROLES) {
      expect(codes(await server.call('StaffSignOut', [{}], { entId: 'E1001', headers: sessions[role].headers }))).toBe('0/0')
      expect(codes(await server.call('StaffMe', [{}], { entId: 'E1001', headers: sessions[role].headers }))).toBe('10012/')
    }
    owner = await signIn(server, 'E1001', (await server.db.selectFrom('staff_members').select('phone').where('staff_id', '=', owner.staffId).executeTakeFirstOrThrow()).phone, 'owner')
  })

  test('a manager cannot make or change an owner, nor give shops outside their own', async () => {
    const manager = await personWithRole(server, owner, 'manager', { shopIds: 'S101' })
    const save = (session: StaffSession, record: Record<string, unknown>) =>
      server.call('StaffSave', [{ StaffID: '', Name: 'X', AreaCode: '853', Phone: newPhone(), ShopIDs: '', BaseIDs: '', Locale: 'en', Password: '', Pin: '', Reason: '', ...record }], { entId: 'E1001', headers: session.headers })
    expect(codes(await save(manager, { Role: 'owner' }))).toBe('0/21010')
    expect(codes(await save(manager, { Role: 'manager', ShopIDs: 'S101' }))).toBe('0/21010')
    expect(codes(await save(manager, { Role: 'cashier', ShopIDs: 'S102' }))).toBe('0/21010')
    // '' = every shop, wider than S101.
    expect(codes(await save(manager, { Role: 'cashier', ShopIDs: '' }))).toBe('0/21010')
    expect(codes(await save(manager, { Role: 'cashier', ShopIDs: 'S101' }))).toBe('0/0')
    expect(codes(await server.call('StaffRemove', [{ StaffID: owner.staffId, Reason: 'coup' }], { entId: 'E1001', headers: manager.headers }))).toBe('0/21010')
  })

  test('the last owner cannot be removed or demoted', async () => {
    const owners = await server.db.selectFrom('staff_members').select('staff_id').where('ent_id', '=', 'E1001').where('role', '=', 'owner').where('removed_at', 'is', null).execute()
    expect(owners).toHaveLength(1)
    expect(codes(await server.call('StaffRemove', [{ StaffID: owner.staffId, Reason: '' }], { entId: 'E1001', headers: owner.headers }))).toBe('0/21011')
  })
})

describe('another enterprise', () => {
  test("its staff reach nothing of E1001's: envelope refused, shops not found, people not found", async () => {
    const { token } = await createSetupLink(server.db, new Date())
    const other = ok(
      await server.call('StaffSetupComplete', [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }], { entId: '' })
    ).table1[0]
    const headers = { authorization: `Bearer ${other.Token}` }
    expect(codes(await server.call('StaffList', [{}], { entId: 'E1001', headers }))).toBe('10013/')
    expect(codes(await server.call('AuditListByPage', [{}], { entId: 'E1001', headers }))).toBe('10013/')
    expect(codes(await server.call('StaffDevicePair', [{ Name: 'x', Kind: 'counter', ShopID: 'S101', BaseID: '' }], { entId: other.EntID, headers }))).toBe('0/20003')
    expect(codes(await server.call('StaffRemove', [{ StaffID: owner.staffId, Reason: '' }], { entId: other.EntID, headers }))).toBe('0/21005')
    const list = ok(await server.call('StaffList', [{}], { entId: other.EntID, headers })).table1
    expect(list.map((p: { StaffID: string }) => p.StaffID)).toEqual([other.StaffID])
  })
})

describe('devices and PINs', () => {
  test('a paired device lists who may sign in; the right PIN signs in; the session needs the device beside it', async () => {
    const cashier = await addPerson(server, owner, 'cashier', { pin: '4321', shopIds: 'S101', name: 'Cashier Carl' })
    const elsewhere = await addPerson(server, owner, 'cashier', { pin: '1111', shopIds: 'S102', name: 'Other-shop Olga' })
    const { deviceToken } = await pairDevice(server, owner)
    const device = { 'x-staff-device': deviceToken }
    const info = ok(await server.call('StaffDeviceInfo', [{}], { entId: 'E1001', headers: device }))
    const names = info.table2.map((p: { Name: string }) => p.Name)
    expect(names).toContain('Cashier Carl')
    expect(names).not.toContain('Other-shop Olga')
    expect(codes(await server.call('StaffPinLogin', [{ StaffID: elsewhere.staffId, Pin: '1111' }], { entId: 'E1001', headers: device }))).toBe('0/21002')
    const row = ok(await server.call('StaffPinLogin', [{ StaffID: cashier.staffId, Pin: '4321' }], { entId: 'E1001', headers: device })).table1[0]
    expect(row).toMatchObject({ Role: 'cashier', DeviceName: 'Counter tablet' })
    const bearer = { authorization: `Bearer ${row.Token}` }
    expect(codes(await server.call('StaffMe', [{}], { entId: 'E1001', headers: { ...bearer, ...device } }))).toBe('0/0')
    // The same token without the device's: no session.
    expect(codes(await server.call('StaffMe', [{}], { entId: 'E1001', headers: bearer }))).toBe('10012/')
    // A cashier cannot open Staff or pair devices.
    expect(codes(await server.call('StaffList', [{}], { entId: 'E1001', headers: { ...bearer, ...device } }))).toBe('10013/')
    expect(codes(await server.call('StaffDeviceInfo', [{}], { entId: 'E1001', headers: { 'x-staff-device': 'sd_madeup' } }))).toBe('0/21009')
  })

  test('five wrong PINs lock the device, even for the right PIN, and parallel guesses are counted', async () => {
    const cashier = await addPerson(server, owner, 'cashier', { pin: '2580', shopIds: 'S101' })
    const { deviceId, deviceToken } = await pairDevice(server, owner)
    const device = { 'x-staff-device': deviceToken }
    const tries = await Promise.all(['0000', '0001', '0002', '0003', '0004', '0005', '0006', '0007'].map((pin) => server.call('StaffPinLogin', [{ StaffID: cashier.staffId, Pin: pin }], { entId: 'E1001', headers: device })))
    const results = tries.map(codes)
    expect(results.filter((c) => c === '0/21002').length).toBeLessThanOrEqual(4)
    expect(results.filter((c) => c === '0/21003').length).toBeGreaterThanOrEqual(4)
    const right = await server.call('StaffPinLogin', [{ StaffID: cashier.staffId, Pin: '2580' }], { entId: 'E1001', headers: device, lang: 'zh-TW' })
    expect(codes(right)).toBe('0/21003')
    expect(right.body.resultmsg).toContain('鎖定')
    const locked = await server.db.selectFrom('staff_devices').select('locked_until').where('device_id', '=', deviceId).executeTakeFirstOrThrow()
    expect(locked.locked_until! > new Date().toISOString()).toBe(true)
    // Only the locked device: another device still works.
    const other = await pairDevice(server, owner)
    expect(codes(await server.call('StaffPinLogin', [{ StaffID: cashier.staffId, Pin: '2580' }], { entId: 'E1001', headers: { 'x-staff-device': other.deviceToken } }))).toBe('0/0')
    // Audited.
    const failures = await server.db.selectFrom('audit_log').select('action').where('action', '=', 'staff.pinFailed').where('target_id', '=', deviceId).execute()
    expect(failures.length).toBeGreaterThanOrEqual(5)
  })

  test('removing a person or unpairing a device ends their sessions at once', async () => {
    const p = await addPerson(server, owner, 'kitchen', { pin: '9753', shopIds: 'S101' })
    const { deviceId, deviceToken } = await pairDevice(server, owner, 'S101', 'B201', 'kitchen')
    const device = { 'x-staff-device': deviceToken }
    const pin = async () => ok(await server.call('StaffPinLogin', [{ StaffID: p.staffId, Pin: '9753' }], { entId: 'E1001', headers: device })).table1[0].Token
    const t1 = await pin()
    const personal = await signIn(server, 'E1001', p.phone, 'kitchen')
    ok(await server.call('StaffDeviceRemove', [{ DeviceID: deviceId, Reason: 'tablet stolen' }], { entId: 'E1001', headers: owner.headers }))
    expect(codes(await server.call('StaffMe', [{}], { entId: 'E1001', headers: { authorization: `Bearer ${t1}`, ...device } }))).toBe('10012/')
    expect(codes(await server.call('StaffDeviceInfo', [{}], { entId: 'E1001', headers: device }))).toBe('0/21009')
    expect(codes(await server.call('StaffMe', [{}], { entId: 'E1001', headers: personal.headers }))).toBe('0/0')
    ok(await server.call('StaffRemove', [{ StaffID: p.staffId, Reason: 'left the job' }], { entId: 'E1001', headers: owner.headers }))
    expect(codes(await server.call('StaffMe', [{}], { entId: 'E1001', headers: personal.headers }))).toBe('10012/')
    expect(codes(await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: p.phone, Password: PASSWORD }], { entId: '' }))).toBe('0/21001')
  })
})

describe('the audit log', () => {
  test('lists who did what, when, on which device and why; filters; exports CSV safe for spreadsheets', async () => {
    const p = await addPerson(server, owner, 'cashier', { name: '=HYPERLINK("http://evil")', shopIds: 'S101' })
    ok(await server.call('StaffRemove', [{ StaffID: p.staffId, Reason: '+1 stole cash' }], { entId: 'E1001', headers: owner.headers }))
    const page = ok(await server.call('AuditListByPage', [{ Action: 'staff.', PageIndex: 1, PageSize: 5 }], { entId: 'E1001', headers: owner.headers }))
    expect(page.table1[0]).toMatchObject({ Action: 'staff.remove', TargetID: p.staffId, Reason: '+1 stole cash', StaffID: owner.staffId })
    expect(page.table2[0].Total).toBeGreaterThan(5)
    expect(page.table1.every((r: { Action: string }) => r.Action.startsWith('staff.'))).toBe(true)
    const removals = ok(await server.call('AuditListByPage', [{ Action: 'staff.remove', StaffID: owner.staffId }], { entId: 'E1001', headers: owner.headers })).table1
    expect(removals.length).toBeGreaterThan(0)
    const csv: string = ok(await server.call('AuditExport', [{ Action: 'staff.remove' }], { entId: 'E1001', headers: owner.headers })).table1[0].Csv
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('At,StaffName,Role,DeviceName,Action,TargetType,TargetID,Reason,Detail,ClientIp,StaffID,DeviceID,AuditID')
    expect(csv).toContain("'+1 stole cash")
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m)
    // Sign-ins are there too, failed ones with the phone they tried.
    const signIns = ok(await server.call('AuditListByPage', [{ Action: 'staff.signIn' }], { entId: 'E1001', headers: owner.headers })).table1
    expect(signIns.length).toBeGreaterThan(3)
  })
})
