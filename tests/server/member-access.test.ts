/**
 * Who may do what (issue 5): the test walks the operation registry.
 *   - Every 'member' operation refuses a call without a session token, with a token that is not a
 *     session, with a revoked one, and with a token of another enterprise: errcode 10010.
 *   - With another member's token, nothing of member A can be read or changed: every operation that
 *     names a member's thing (an order, a payment, a recharge) refuses B, and the operations that
 *     answer "my …" answer B's, never A's.
 * A new member operation, or a new operation taking SheetID / PayID / RechargeID, fails the
 * coverage tests below until it has its case here.
 */
import { randomBytes } from 'node:crypto'
import type { OperationName } from '../../src/gateway/contract'
import { OPERATION_REGISTRY } from '../../server/src/operations/registry'
import type { AnyOperation } from '../../server/src/operations/operation'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { insertAwaitingOrder, makeMember, type TestMember } from './helpers/member-fixtures'
import { openAllDay, soupLine, takeaway } from './helpers/order-fixtures'

const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const RECHARGE_RETURN = '/#/pages/rechargeResult/rechargeResult'
const key = () => `rk-${randomBytes(8).toString('hex')}`

let server: TestServer
let a: TestMember
let b: TestMember
/** A's things. */
let aOrder: string
let aPayment: string
let aRecharge: string
let ruleId: string
/** A's welcome voucher (claimed in the app) and its code. */
let aCard: string
let aCardCode: string
const WELCOME = 'E1001-CP-WELCOME5'
/** A's saved delivery address (issue 16). */
let aAddress: string
const ADDRESS = { Contact: 'Alice', AreaNo: '853', Phone: '66001234', RegionCode: '820004', Street: 'Rua Central 5', Lat: 22.194, Lng: 113.541 }
const addressOf = (id: string) => server.db.selectFrom('vip_addresses').selectAll().where('address_id', '=', id).executeTakeFirstOrThrow()

beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: 'member-access-secret' }, { demoMenus: true })
  a = await makeMember(server.db, { balance: '500', name: 'Alice' })
  b = await makeMember(server.db, { balance: '500', name: 'Bob' })
  await server.db.insertInto('enterprises').values({ ent_id: 'E7007', names: '{"zh-CN":"其他","zh-TW":"其他","en":"Other"}', created_at: new Date().toISOString() }).execute()

  aOrder = await insertAwaitingOrder(server.db, a.ownerKey)
  const pay = await server.call('PaySubmit', [{ SheetID: await insertAwaitingOrder(server.db, a.ownerKey), RequestKey: key(), ReturnUrl: RETURN }], { headers: a.headers })
  expect(pay.body.resultcode).toBe('0')
  aPayment = pay.body.data.table1[0].PayID
  const rules = await server.call('RechargeRuleList', [{}], { headers: a.headers })
  expect(rules.body.resultcode).toBe('0')
  ruleId = rules.body.data.table1[0].RuleID
  const recharge = await server.call('RechargeSubmit', [{ RuleID: ruleId, ShopID: 'S101', RequestKey: key(), ReturnUrl: RECHARGE_RETURN }], { headers: a.headers })
  expect(recharge.body.resultcode).toBe('0')
  aRecharge = recharge.body.data.table1[0].RechargeID
  await openAllDay(server.db)
  const claimed = ok(await server.call('CouponCardProvide', [{ PlanID: WELCOME, RequestKey: key() }], { headers: a.headers })).table1[0]
  aCard = claimed.CardID
  aCardCode = claimed.CardCode
  aAddress = ok(await server.call('VipAddressAdd', [ADDRESS], { headers: a.headers })).table1[0].AddressID
})
afterAll(() => server.close())


/** A valid record for each member operation (valid, so only the session decides). */
const SAMPLES: Partial<Record<OperationName, () => Record<string, unknown>>> = {
  VipDetailGet: () => ({}),
  VipProfileUpdate: () => ({ VipName: 'Changed', Sex: '2', Birthy: '1990-01-02' }),
  VipBindPhone: () => ({ Phone: '66001122', AreaNo: '853', Code: '123456', SourceType: 'VipBindPhone' }),
  VipHostPhoneBind: () => ({ OpenID: 'dev-open-id', AccessToken: 'x'.repeat(40) }),
  VipPhoneChange: () => ({ Type: 1, Phone: '66001122', AreaNo: '853', Code: '123456' }),
  VipLogout: () => ({}),
  VipScoreRecordByPage: () => ({ PageIndex: 1, PageSize: 10 }),
  VipBalanceRecordByPage: () => ({ PageIndex: 1, PageSize: 10 }),
  VipQrCodeGet: () => ({}),
  BalancePay: () => ({ SheetID: aOrder, RequestKey: key() }),
  RechargeSubmit: () => ({ RuleID: ruleId, ShopID: 'S101', RequestKey: key(), ReturnUrl: RECHARGE_RETURN }),
  RechargeRecordList: () => ({ PageIndex: 1, PageSize: 10 }),
  RechargeStatusGet: () => ({ RechargeID: aRecharge }),
  CouponCardProvide: () => ({ PlanID: WELCOME, RequestKey: key() }),
  CouponCardList: () => ({ PageIndex: 1, PageSize: 10 }),
  CouponCardDetail: () => ({ CardID: aCard }),
  CouponIssueCardDetail: () => ({ CardID: aCard }),
  CouponCardsForOrder: () => ({ ...takeaway([soupLine('2')]) }),
  VoucherQuery: () => ({ Code: aCardCode }),
  VoucherVerify: () => ({ Code: aCardCode }),
  VipAddressListByPage: () => ({ PageIndex: 1, PageSize: 999 }),
  VipAddressAdd: () => ({ ...ADDRESS, RequestKey: key() }),
  VipAddressGet: () => ({ AddressID: aAddress }),
  VipAddressUpdate: () => ({ ...ADDRESS, AddressID: aAddress, Contact: 'Changed' }),
  VipAddressDelete: () => ({ AddressID: aAddress }),
  // issue 17: uploads, reviews, after-sale, avatar
  FileBatchNameGet: () => ({ Purpose: 'review', Files: [{ FileName: 'dish.jpg', FileSize: 1000, FileType: 'image/jpeg' }] }),
  OrderCommentsGet: () => ({ SheetID: aOrder }),
  GoodsCommentSubmit: () => ({ SheetID: aOrder, Comments: [{ LineNo: 1, Stars: 5, Content: 'Good' }], RequestKey: key() }),
  AfterSaleSubmit: () => ({ SheetID: aOrder, Amount: '1.00', Reason: 'quality', RequestKey: key() }),
  AfterSaleDetailGet: () => ({ SheetID: aOrder }),
  AfterSaleListByPage: () => ({ PageIndex: 1, PageSize: 10 }),
  AfterSaleWithdraw: () => ({ AfterSaleID: 'AS-none' }),
  VipAvatarUpdate: () => ({ FileID: '' }),
  // issue 27: the terms agreement kept per member
  TermsAgreementGet: () => ({}),
  TermsAgreementSave: () => ({ TermsVersion: '2026-11-24', Agreed: 1 })
}

const operations = Object.entries(OPERATION_REGISTRY) as [OperationName, AnyOperation][]
const memberOperations = operations.filter(([, op]) => op.auth === 'member').map(([name]) => name)
/** Operations whose record names a member's thing. */
const OWNED_FIELDS = ['SheetID', 'PayID', 'RechargeID']
const namingOperations = operations
  .filter(([, op]) => Object.keys(op.input.shape).some((field) => OWNED_FIELDS.includes(field)))
  .map(([name]) => name)

/**
 * Table-sheet operations: a sheet belongs to its table (anyone who scanned it), not to a member
 * (docs/table-sheets.md); table-access.test and table-bills.test refuse strangers without the code.
 */
const TABLE_SCOPED: OperationName[] = ['MergeOrderPreview', 'MergeOrderSubmit', 'PosSheetDetailGet', 'PosSheetClose', 'PayLaterUpdate', 'PosSheetGoodsQuaEdit', 'BillSplitGet', 'BillShareStart']

/** What B gets when reaching for A's things: each case asserts it. */
const OTHER_MEMBER: Partial<Record<OperationName, () => Promise<void>>> = {
  async VipDetailGet() {
    const row = ok(await server.call('VipDetailGet', [{}], { headers: b.headers })).table1[0]
    expect(row).toMatchObject({ VipID: b.vipId, VipName: 'Bob' })
  },
  async VipProfileUpdate() {
    ok(await server.call('VipProfileUpdate', [{ VipName: 'Bobby', Sex: '1', Birthy: '' }], { headers: b.headers }))
    const alice = await server.db.selectFrom('members').select('vip_name').where('vip_id', '=', a.vipId).executeTakeFirstOrThrow()
    expect(alice.vip_name).toBe('Alice')
    ok(await server.call('VipProfileUpdate', [{ VipName: 'Bob', Sex: '1', Birthy: '' }], { headers: b.headers }))
  },
  async VipBindPhone() {
    // A's phone cannot be taken, even with a right code for it.
    const sent = await server.call('SmsVerifySend', [{ Phone: a.phone, AreaNo: '853', SourceType: 'VipBindPhone' }], { headers: b.headers })
    ok(sent)
    const code = smsOutbox().lastCode('853', a.phone)
    const res = await server.call('VipBindPhone', [{ Phone: a.phone, AreaNo: '853', Code: code, SourceType: 'VipBindPhone' }], { headers: b.headers })
    expect(res.body.resultcode).toBe('20037')
  },
  async VipHostPhoneBind() {
    // A's host identity (its AccessToken) binds nothing to B: it is A's.
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: 'dev:member-access-a-host' }])).table1[0]
    await server.db.insertInto('member_identities').values({ ent_id: 'E1001', provider: token.Provider, open_id: token.OpenID, vip_id: a.vipId, created_at: new Date().toISOString() }).execute()
    const res = await server.call('VipHostPhoneBind', [{ OpenID: token.OpenID, AccessToken: token.AccessToken }], { headers: b.headers })
    expect(res.body.resultcode).toBe('20040')
    const bob = await server.db.selectFrom('members').select('phone').where('vip_id', '=', b.vipId).executeTakeFirstOrThrow()
    expect(bob.phone).toBe(b.phone)
  },
  async VipPhoneChange() {
    // Step 2 without B's own step-1 ticket (or with a made-up one) changes nothing.
    const res = await server.call('VipPhoneChange', [{ Type: 2, Phone: '66009988', AreaNo: '853', Code: '123456', ChangeTicket: 'made-up-ticket' }], { headers: b.headers })
    expect(res.body.resultcode).toBe('20041')
  },
  async VipLogout() {
    const c = await makeMember(server.db)
    ok(await server.call('VipLogout', [{}], { headers: c.headers }))
    expect((await server.call('VipDetailGet', [{}], { headers: c.headers })).body.errcode).toBe('10010')
    // Only that session ended.
    ok(await server.call('VipDetailGet', [{}], { headers: a.headers }))
  },
  async VipScoreRecordByPage() {
    const rows = ok(await server.call('VipScoreRecordByPage', [{ PageIndex: 1, PageSize: 50 }], { headers: b.headers })).table1
    const aRows = await server.db.selectFrom('score_ledger').select('entry_id').where('vip_id', '=', a.vipId).execute()
    for (const row of rows) expect(aRows.map((r) => r.entry_id)).not.toContain(row.RecordID)
  },
  async CouponCardProvide() {
    // B's claim makes B's own card; A's stays A's.
    const card = ok(await server.call('CouponCardProvide', [{ PlanID: WELCOME, RequestKey: key() }], { headers: b.headers })).table1[0]
    expect(card.CardID).not.toBe(aCard)
    const aRow = await server.db.selectFrom('coupon_cards').select('vip_id').where('card_id', '=', aCard).executeTakeFirstOrThrow()
    expect(aRow.vip_id).toBe(a.vipId)
  },
  async CouponCardList() {
    const rows = ok(await server.call('CouponCardList', [{ PageIndex: 1, PageSize: 50 }], { headers: b.headers })).table1
    expect(rows.map((r: { CardID: string }) => r.CardID)).not.toContain(aCard)
  },
  async CouponCardDetail() {
    expect((await server.call('CouponCardDetail', [{ CardID: aCard }], { headers: b.headers })).body.resultcode).toBe('20054')
  },
  async CouponIssueCardDetail() {
    expect((await server.call('CouponIssueCardDetail', [{ CardID: aCard }], { headers: b.headers })).body.resultcode).toBe('20054')
  },
  async CouponCardsForOrder() {
    const rows = ok(await server.call('CouponCardsForOrder', [{ ...takeaway([soupLine('2')]) }], { headers: b.headers })).table1
    expect(rows.map((r: { CardID: string }) => r.CardID)).not.toContain(aCard)
  },
  async VoucherQuery() {
    // A code someone holds is never B's to redeem.
    const res = await server.call('VoucherQuery', [{ Code: aCardCode }], { headers: b.headers })
    if (res.body.resultcode === '0') expect(res.body.data.table1[0]).toMatchObject({ IsMine: 0, Redeemable: 0 })
    else expect(res.body.resultcode).toMatch(/^2005[45]$/)
  },
  async VoucherVerify() {
    expect((await server.call('VoucherVerify', [{ Code: aCardCode }], { headers: b.headers })).body.resultcode).toBe('20055')
    const aRow = await server.db.selectFrom('coupon_cards').select(['vip_id', 'status']).where('card_id', '=', aCard).executeTakeFirstOrThrow()
    expect(aRow.vip_id).toBe(a.vipId)
  },
  async VipBalanceRecordByPage() {
    const rows = ok(await server.call('VipBalanceRecordByPage', [{ PageIndex: 1, PageSize: 50 }], { headers: b.headers })).table1
    expect(rows.map((r: { RecordID: string }) => r.RecordID)).toEqual([`LT${b.vipId}`])
  },
  async VipQrCodeGet() {
    const mine = ok(await server.call('VipQrCodeGet', [{}], { headers: b.headers })).table1[0]
    const theirs = ok(await server.call('VipQrCodeGet', [{}], { headers: a.headers })).table1[0]
    expect(mine.Code).not.toBe(theirs.Code)
    expect(mine.Code).not.toContain(b.vipId)
  },
  async BalancePay() {
    const res = await server.call('BalancePay', [{ SheetID: aOrder, RequestKey: key() }], { headers: b.headers })
    // Another's order is answered as an unknown one (issue 27).
    expect(res.body.resultcode).toBe('20016')
    await expectBalance(b, '500')
  },
  async RechargeSubmit() {
    // B's recharge is B's: it shows in B's records, not in A's.
    const res = ok(await server.call('RechargeSubmit', [{ RuleID: ruleId, ShopID: 'S101', RequestKey: key(), ReturnUrl: RECHARGE_RETURN }], { headers: b.headers }))
    const id = res.table1[0].RechargeID
    const aList = ok(await server.call('RechargeRecordList', [{ PageIndex: 1, PageSize: 50 }], { headers: a.headers })).table1
    expect(aList.map((r: { RechargeID: string }) => r.RechargeID)).not.toContain(id)
  },
  async TermsAgreementGet() {
    // A agreed to one version; B's session reads only B's agreements.
    ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'access-a', Agreed: 1 }], { headers: a.headers }))
    const rows = ok(await server.call('TermsAgreementGet', [{}], { headers: b.headers })).table1
    expect(rows.map((r: { TermsVersion: string }) => r.TermsVersion)).not.toContain('access-a')
  },
  async TermsAgreementSave() {
    // B withdrawing a version withdraws B's agreement only, never A's.
    ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'access-b', Agreed: 1 }], { headers: a.headers }))
    ok(await server.call('TermsAgreementSave', [{ TermsVersion: 'access-b', Agreed: 0 }], { headers: b.headers }))
    const rows = ok(await server.call('TermsAgreementGet', [{}], { headers: a.headers })).table1
    expect(rows.map((r: { TermsVersion: string }) => r.TermsVersion)).toContain('access-b')
  },
  async RechargeRecordList() {
    const rows = ok(await server.call('RechargeRecordList', [{ PageIndex: 1, PageSize: 50 }], { headers: b.headers })).table1
    expect(rows.map((r: { RechargeID: string }) => r.RechargeID)).not.toContain(aRecharge)
  },
  async RechargeStatusGet() {
    const res = await server.call('RechargeStatusGet', [{ RechargeID: aRecharge }], { headers: b.headers })
    expect(res.body.resultcode).toBe('20044')
  },
  async OrderDetailGet() {
    expect((await server.call('OrderDetailGet', [{ SheetID: aOrder }], { headers: b.headers })).body.resultcode).toBe('20016')
  },
  // issue 17: uploads, reviews, after-sale, avatar, reorder
  async OrderReorderGet() {
    expect((await server.call('OrderReorderGet', [{ SheetID: aOrder }], { headers: b.headers })).body.resultcode).toBe('20016')
  },
  // issue 26: an order's ready-time estimate is its owner's, as its details are.
  async OrderReadyEstimateGet() {
    expect((await server.call('OrderReadyEstimateGet', [{ SheetID: aOrder }], { headers: b.headers })).body.resultcode).toBe('20016')
  },
  async FileBatchNameGet() {
    // B's upload is recorded as B's.
    const id = ok(await server.call('FileBatchNameGet', [{ Purpose: 'avatar', Files: [{ FileName: 'b.jpg', FileSize: 1000, FileType: 'image/jpeg' }] }], { headers: b.headers })).table1[0].FileID
    const row = await server.db.selectFrom('uploads').select(['vip_id', 'user_id']).where('file_id', '=', id).executeTakeFirstOrThrow()
    expect(row).toEqual({ vip_id: b.vipId, user_id: b.vipId })
  },
  async VipAvatarUpdate() {
    // A's upload is not B's to use; B removing B's avatar leaves A's.
    const aFile = ok(await server.call('FileBatchNameGet', [{ Purpose: 'avatar', Files: [{ FileName: 'a.jpg', FileSize: 1000, FileType: 'image/jpeg' }] }], { headers: a.headers })).table1[0].FileID
    expect((await server.call('VipAvatarUpdate', [{ FileID: aFile }], { headers: b.headers })).body.resultcode).toBe('20067')
    await server.db.updateTable('members').set({ head_img: 'http://localhost/storage/images/a.jpg' }).where('vip_id', '=', a.vipId).execute()
    expect(ok(await server.call('VipAvatarUpdate', [{ FileID: '' }], { headers: b.headers })).table1[0]).toMatchObject({ VipID: b.vipId, HeadImg: '' })
    const alice = await server.db.selectFrom('members').select('head_img').where('vip_id', '=', a.vipId).executeTakeFirstOrThrow()
    expect(alice.head_img).toBe('http://localhost/storage/images/a.jpg')
  },
  async OrderCommentsGet() {
    expect((await server.call('OrderCommentsGet', [{ SheetID: aOrder }], { headers: b.headers })).body.resultcode).toBe('20068') // REVIEW_NOT_ALLOWED
  },
  async GoodsCommentSubmit() {
    expect((await server.call('GoodsCommentSubmit', [{ SheetID: aOrder, Comments: [{ LineNo: 1, Stars: 5, Content: 'Mine now' }], RequestKey: key() }], { headers: b.headers })).body.resultcode).toBe('20068') // REVIEW_NOT_ALLOWED
  },
  async AfterSaleSubmit() {
    expect((await server.call('AfterSaleSubmit', [{ SheetID: aOrder, Amount: '1.00', Reason: 'quality', RequestKey: key() }], { headers: b.headers })).body.resultcode).toBe('20070') // AFTERSALE_NOT_ALLOWED
  },
  async AfterSaleDetailGet() {
    expect((await server.call('AfterSaleDetailGet', [{ SheetID: aOrder }], { headers: b.headers })).body.resultcode).toBe('20073') // AFTERSALE_NOT_FOUND
  },
  async AfterSaleListByPage() {
    expect(ok(await server.call('AfterSaleListByPage', [{ PageIndex: 1, PageSize: 100 }], { headers: b.headers })).table1.filter((r: { SheetID: string }) => r.SheetID === aOrder)).toEqual([])
  },
  async AfterSaleWithdraw() {
    expect((await server.call('AfterSaleWithdraw', [{ AfterSaleID: 'AS-none' }], { headers: b.headers })).body.resultcode).toBe('20073') // AFTERSALE_NOT_FOUND
  },
  async OrderCancel() {
    expect((await server.call('OrderCancel', [{ SheetID: aOrder }], { headers: b.headers })).body.resultcode).toBe('20016')
    // Nor from A's own phone without A's session: the order is A's, not the device's.
    expect((await server.call('OrderCancel', [{ SheetID: aOrder }], { headers: { 'X-Device-Key': a.headers['X-Device-Key'] } })).body.resultcode).toBe('20016')
  },
  async OrderListByPage() {
    const rows = ok(await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 50 }], { headers: b.headers })).table1
    expect(rows.map((r: { SheetID: string }) => r.SheetID)).not.toContain(aOrder)
    const mine = ok(await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 50 }], { headers: a.headers })).table1
    expect(mine.map((r: { SheetID: string }) => r.SheetID)).toContain(aOrder)
  },
  async PaySubmit() {
    const res = await server.call('PaySubmit', [{ SheetID: aOrder, RequestKey: key(), ReturnUrl: RETURN }], { headers: b.headers })
    expect(res.body.resultcode).toBe('20016')
  },
  async PaymentStatusUpdate() {
    expect((await server.call('PaymentStatusUpdate', [{ PayID: aPayment }], { headers: b.headers })).body.resultcode).toBe('20022')
  },
  async VipAddressListByPage() {
    const rows = ok(await server.call('VipAddressListByPage', [{ PageIndex: 1, PageSize: 999 }], { headers: b.headers })).table1
    expect(rows.map((r: { AddressID: string }) => r.AddressID)).not.toContain(aAddress)
    // Naming A's VipID lists nothing of A's: refused.
    const named = await server.call('VipAddressListByPage', [{ VipID: a.vipId }], { headers: b.headers })
    expect([named.body.errcode, named.body.data.table1]).toEqual(['10007', undefined])
  },
  async VipAddressAdd() {
    // B's add makes B's own address; A's book is as it was.
    const row = ok(await server.call('VipAddressAdd', [{ ...ADDRESS, RequestKey: key() }], { headers: b.headers })).table1[0]
    expect(row.VipID).toBe(b.vipId)
    const aRows = ok(await server.call('VipAddressListByPage', [{}], { headers: a.headers })).table1
    expect(aRows.map((r: { AddressID: string }) => r.AddressID)).toEqual([aAddress])
  },
  async VipAddressGet() {
    expect((await server.call('VipAddressGet', [{ AddressID: aAddress }], { headers: b.headers })).body.resultcode).toBe('20061')
  },
  async VipAddressUpdate() {
    const before = await addressOf(aAddress)
    const res = await server.call('VipAddressUpdate', [{ ...ADDRESS, AddressID: aAddress, Contact: 'Bob was here', IsDefault: 1 }], { headers: b.headers })
    expect(res.body.resultcode).toBe('20061')
    expect(await addressOf(aAddress)).toEqual(before)
  },
  async VipAddressDelete() {
    expect((await server.call('VipAddressDelete', [{ AddressID: aAddress }], { headers: b.headers })).body.resultcode).toBe('20061')
    expect((await addressOf(aAddress)).vip_id).toBe(a.vipId)
  }
}

function smsOutbox(): { lastCode(areaNo: string, phone: string): string } {
  const providers = (server as unknown as { providers?: { sms?: { lastCode(areaNo: string, phone: string): string } } }).providers
  if (!providers?.sms) throw new Error('the test server does not expose the SMS provider (providers.sms)')
  return providers.sms
}

async function expectBalance(member: TestMember, balance: string): Promise<void> {
  const row = await server.db.selectFrom('members').select('balance').where('vip_id', '=', member.vipId).executeTakeFirstOrThrow()
  expect(Number(row.balance)).toBe(Number(balance))
}

describe('every member operation needs a session of its enterprise', () => {
  test('the registry has member operations and this file has a sample record for each', () => {
    expect(memberOperations.length).toBeGreaterThan(5)
    expect(memberOperations.filter((name) => !SAMPLES[name])).toEqual([])
  })

  test.each(memberOperations)('%s: refused without a valid session (10010), and the sample passes with one', async (name) => {
    const record = SAMPLES[name]!()
    const device = { 'X-Device-Key': a.headers['X-Device-Key'] }
    const attempts: Record<string, Record<string, string>> = {
      'no token': device,
      'not a session': { ...device, Authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
      'not bearer': { ...device, Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      'a VipID in the record instead': device
    }
    for (const [what, headers] of Object.entries(attempts)) {
      const res = await server.call(name, [{ ...record, ...(what.startsWith('a VipID') ? { VipID: a.vipId } : {}) }], { headers })
      expect({ what, status: res.status, errcode: res.body.errcode }).toEqual({ what, status: 401, errcode: '10010' })
      expect(res.body.errmsg).toBe('Please log in first.')
    }
    // A's token sent to another enterprise is no session there.
    const elsewhere = await server.call(name, [record], { headers: a.headers, entId: 'E7007' })
    expect(elsewhere.body.errcode).toBe('10010')
  })

  test('an expired or revoked session is no session', async () => {
    const c = await makeMember(server.db)
    await server.db.updateTable('member_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('vip_id', '=', c.vipId).execute()
    expect((await server.call('VipDetailGet', [{}], { headers: c.headers })).body.errcode).toBe('10010')
    const d = await makeMember(server.db)
    await server.db.updateTable('member_sessions').set({ revoked_at: new Date().toISOString() }).where('vip_id', '=', d.vipId).execute()
    expect((await server.call('VipDetailGet', [{}], { headers: d.headers })).body.errcode).toBe('10010')
  })

  test('the messages come in the caller’s language', async () => {
    const zh = await server.call('VipDetailGet', [{}], { lang: 'zh-TW' })
    expect(zh.body.errmsg).toBe('請先登入')
  })
})

describe("another member's token reaches nothing of A's", () => {
  test('every member operation and every operation naming an order, payment or recharge has a case', () => {
    const needed = [...new Set([...memberOperations, ...namingOperations, 'OrderListByPage' as OperationName])].filter((name) => !TABLE_SCOPED.includes(name))
    expect(needed.filter((name) => !OTHER_MEMBER[name])).toEqual([])
  })

  test.each(Object.keys(OTHER_MEMBER))('%s', async (name) => {
    await OTHER_MEMBER[name as OperationName]!()
  })

  test("A's things are as they were", async () => {
    const order = await server.db.selectFrom('orders').select(['status', 'owner_key']).where('order_id', '=', aOrder).executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 0, owner_key: a.ownerKey })
    await expectBalance(a, '500')
    ok(await server.call('OrderDetailGet', [{ SheetID: aOrder }], { headers: a.headers }))
    ok(await server.call('RechargeStatusGet', [{ RechargeID: aRecharge }], { headers: a.headers }))
    expect(ok(await server.call('VipAddressGet', [{ AddressID: aAddress }], { headers: a.headers })).table1[0]).toMatchObject({ Contact: 'Alice', VipID: a.vipId })
  })
})
