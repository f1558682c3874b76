/**
 * The console's coupon, review, after-sale and order operations (issue 23 item 4) through the real
 * gateway on the demo menus, SQLite and (with DATABASE_URL) PostgreSQL: each works for the roles
 * that have its permission and calls the same domain services as the CLIs; the wrong role gets
 * 10013; another enterprise's ids and branches outside a person's scope are not found; every change
 * leaves an audit entry (with its reason) written in the change's transaction.
 */
import { randomBytes } from 'node:crypto'
import { AFTERSALE_STATUS } from '../../src/gateway/after-rows'
import { CARD_STATUS } from '../../src/gateway/coupon-rows'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { newPhone, ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let manager: StaffSession
let cashier: StaffSession
let kitchen: StaffSession
let other: StaffSession

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
  manager = await personWithRole(server, owner, 'manager')
  cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
  kitchen = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  // Another restaurant's owner.
  const { token } = await createSetupLink(server.db, new Date())
  const row = ok(
    await server.call(
      'StaffSetupComplete',
      [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }],
      { entId: '' }
    )
  ).table1[0]
  other = { staffId: row.StaffID, entId: row.EntID, token: row.Token, role: 'owner', headers: { authorization: `Bearer ${row.Token}` } }
}, 60_000)
afterAll(() => server?.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })

/** Audit entries of an action (newest first), as the owner reads them. */
async function audit(action: string): Promise<{ Action: string; TargetID: string; Reason: string; Detail: string; StaffID: string }[]> {
  return ok(await as(owner, 'AuditListByPage', { Action: action, PageSize: 200 })).table1
}

/** A member's paid takeaway order at S101/B201 (two soups, paid from the balance). */
async function paidOrder(m: TestMember, baseId = 'B201', shopId = 'S101'): Promise<{ sheetId: string; amount: string }> {
  const order = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('2')], { ShopID: shopId, BaseID: baseId }), RequestKey: requestKey() }], { headers: m.headers })).table1[0]
  ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: `bp-${randomBytes(6).toString('hex')}` }], { headers: m.headers }))
  return { sheetId: order.SheetID, amount: order.Amount }
}

const balanceOf = async (m: TestMember) => (await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()).balance

describe('coupons (coupons.manage)', () => {
  const plan = {
    Code: 'STAFF8',
    Names: { 'zh-CN': '员工 8 元券', 'zh-TW': '員工 8 元券', en: 'Staff 8 off' },
    CouponType: 1,
    Amount: '8',
    DiscountRate: '',
    MinAmount: '40',
    MaxOff: '',
    ValidKind: 1,
    ValidDays: 14,
    ValidFrom: '',
    ValidTo: '',
    Claimable: 0,
    TotalQua: 10,
    PerMemberQua: 1,
    ShopIDs: 'S101',
    BaseIDs: '',
    ServiceTypes: '',
    GoodsIDs: '',
    ClassIDs: '',
    Reason: 'lunch promotion'
  }

  test('a manager creates, pauses and resumes a plan, issues a card to a member by phone, prints vouchers, looks one up and voids it; all audited', async () => {
    const made = ok(await as(manager, 'StaffCouponPlanCreate', plan)).table1[0]
    expect(made).toMatchObject({ Code: 'STAFF8', Amount: '8', MinAmount: '40', TotalQua: 10, IssuedQua: 0, Status: 1, ShopIDs: 'S101', CanManage: 1 })
    expect(codes(await as(manager, 'StaffCouponPlanCreate', plan))).toBe('10007/')
    expect((await as(manager, 'StaffCouponPlanCreate', { ...plan, Code: 'BAD%' })).body.errmsg).toContain('plan code')
    expect((await as(manager, 'StaffCouponPlanCreate', { ...plan, Code: 'BADPCT', CouponType: 2, DiscountRate: '120' })).body.errmsg).toContain('between 0 and 100')
    const listed = ok(await as(manager, 'StaffCouponPlanList')).table1
    expect(listed.map((p: { Code: string }) => p.Code)).toEqual(expect.arrayContaining(['STAFF8', 'WELCOME5']))

    const m = await makeMember(server.db, { name: 'Lam' })
    expect(ok(await as(manager, 'StaffCouponPlanStatusSet', { PlanID: made.PlanID, Running: 0, Reason: 'sold out of soup' })).table1[0].Status).toBe(0)
    expect(codes(await as(manager, 'StaffCouponIssue', { PlanID: made.PlanID, AreaCode: '853', Phone: m.phone, Qua: 1 }))).toBe('0/20058')
    expect(ok(await as(manager, 'StaffCouponPlanStatusSet', { PlanID: made.PlanID, Running: 1, Reason: '' })).table1[0].Status).toBe(1)

    const issued = ok(await as(manager, 'StaffCouponIssue', { PlanID: made.PlanID, AreaCode: '853', Phone: m.phone, Qua: 2, Reason: 'regular' })).table1
    expect(issued).toHaveLength(2)
    expect(issued[0]).toMatchObject({ PlanCode: 'STAFF8', HolderVipID: m.vipId, HolderName: 'Lam', Status: CARD_STATUS.AVAILABLE })
    expect(issued[0].HolderMaskedPhone).not.toContain(m.phone)
    // The member sees them, as cards the shop issued.
    const cards = ok(await server.call('CouponCardList', [{ Status: 0 }], { headers: m.headers })).table1
    expect(cards.map((c: { CardCode: string; Source: string }) => [c.CardCode, c.Source]).sort()).toEqual(issued.map((c: { Code: string }) => [c.Code, 'issue']).sort())
    expect(codes(await as(manager, 'StaffCouponIssue', { PlanID: made.PlanID, AreaCode: '853', Phone: newPhone(), Qua: 1 }))).toBe('0/42000')

    const printed = ok(await as(manager, 'StaffVoucherPrint', { PlanID: made.PlanID, Qua: 3, Reason: 'flyers' })).table1
    expect(printed).toHaveLength(3)
    expect(printed[0].HolderVipID).toBe('')
    expect(codes(await as(manager, 'StaffVoucherPrint', { PlanID: made.PlanID, Qua: 6 }))).toBe('0/20056')

    const typed = `${printed[0].Code.slice(0, 4)}-${printed[0].Code.slice(4, 8)} ${printed[0].Code.slice(8)}`
    const look = ok(await as(manager, 'StaffCouponCardGet', { Code: typed }))
    expect(look.table1[0]).toMatchObject({ Code: printed[0].Code, Status: CARD_STATUS.AVAILABLE, HolderVipID: '' })
    expect(look.table2.map((e: { Action: string; Actor: string }) => [e.Action, e.Actor])).toEqual([['voucher', `staff:${manager.staffId}`]])
    expect(look.table3[0].Code).toBe('STAFF8')

    expect(codes(await as(manager, 'StaffCouponCardVoid', { Code: printed[0].Code, Reason: '' }))).toBe('10007/')
    expect(ok(await as(manager, 'StaffCouponCardVoid', { Code: printed[0].Code, Reason: 'torn voucher' })).table1[0].Status).toBe(CARD_STATUS.RETURNED)
    expect(codes(await as(manager, 'StaffCouponCardVoid', { Code: printed[0].Code, Reason: 'again' }))).toBe('0/20055')
    expect(codes(await as(manager, 'StaffCouponCardGet', { Code: '000000000000' }))).toBe('0/20054')
    expect((await server.call('VoucherVerify', [{ Code: printed[0].Code }], { headers: m.headers })).body.resultcode).toBe('20055')

    const created = await audit('coupon.plan.create')
    expect(created[0]).toMatchObject({ TargetID: 'STAFF8', Reason: 'lunch promotion', StaffID: manager.staffId })
    expect((await audit('coupon.plan.pause'))[0]).toMatchObject({ TargetID: 'STAFF8', Reason: 'sold out of soup' })
    expect(await audit('coupon.plan.resume')).toHaveLength(1)
    expect((await audit('coupon.card.issue'))[0]).toMatchObject({ TargetID: m.vipId, Reason: 'regular' })
    const print = (await audit('coupon.voucher.print'))[0]
    expect(print.Reason).toBe('flyers')
    // The voucher codes are the vouchers: never in the log.
    expect(print.Detail).not.toContain(printed[1].Code)
    const voided = await audit('coupon.card.void')
    expect(voided).toHaveLength(1)
    expect(voided[0]).toMatchObject({ TargetID: printed[0].CardID, Reason: 'torn voucher' })
  })

  test('cashiers and the kitchen may not; a manager of one shop runs only its plans; another enterprise finds nothing', async () => {
    for (const who of [cashier, kitchen]) {
      for (const op of ['StaffCouponPlanList', 'StaffCouponPlanCreate', 'StaffCouponIssue', 'StaffVoucherPrint', 'StaffCouponCardGet', 'StaffCouponCardVoid', 'StaffCouponPlanStatusSet']) {
        expect(`${op} ${codes(await as(who, op, plan))}`).toBe(`${op} 10013/`)
      }
    }
    const welcome = (await server.db.selectFrom('coupon_plans').select(['plan_id']).where('code', '=', 'WELCOME5').executeTakeFirstOrThrow()).plan_id
    const s102 = await personWithRole(server, owner, 'manager', { shopIds: 'S102' })
    const listed = ok(await as(s102, 'StaffCouponPlanList')).table1
    expect(listed.find((p: { Code: string }) => p.Code === 'WELCOME5').CanManage).toBe(0)
    expect(codes(await as(s102, 'StaffCouponPlanStatusSet', { PlanID: welcome, Running: 0, Reason: '' }))).toBe('10013/')
    expect(codes(await as(s102, 'StaffCouponPlanCreate', { ...plan, Code: 'S101ONLY', ShopIDs: 'S101' }))).toBe('10013/')
    expect(codes(await as(s102, 'StaffCouponPlanCreate', { ...plan, Code: 'EVERYWHERE', ShopIDs: '' }))).toBe('10013/')
    ok(await as(s102, 'StaffCouponPlanCreate', { ...plan, Code: 'NIGHT5', ShopIDs: 'S102' }))
    const staffPlan = (await server.db.selectFrom('coupon_plans').select('plan_id').where('code', '=', 'STAFF8').executeTakeFirstOrThrow()).plan_id
    const printed = ok(await as(manager, 'StaffVoucherPrint', { PlanID: staffPlan, Qua: 1 })).table1[0]
    expect(codes(await as(s102, 'StaffCouponCardGet', { Code: printed.Code }))).toBe('0/20054')
    expect(codes(await as(s102, 'StaffCouponCardVoid', { Code: printed.Code, Reason: 'x' }))).toBe('0/20054')

    expect(ok(await as(other, 'StaffCouponPlanList')).table1).toEqual([])
    expect(codes(await as(other, 'StaffCouponPlanStatusSet', { PlanID: welcome, Running: 0, Reason: '' }))).toBe('0/20054')
    expect(codes(await as(other, 'StaffCouponIssue', { PlanID: welcome, AreaCode: '853', Phone: '61234567' }))).toBe('0/20054')
    expect(codes(await as(other, 'StaffCouponCardGet', { Code: printed.Code }))).toBe('0/20054')
    expect(codes(await as(other, 'StaffCouponCardVoid', { Code: printed.Code, Reason: 'x' }))).toBe('0/20054')
    expect(codes(await as(other, 'StaffCouponPlanCreate', { ...plan, Code: 'THEIRS', ShopIDs: 'S101' }))).toBe('0/20003')
    // Their own id in the envelope with E1001's session: refused whole.
    expect(codes(await server.call('StaffCouponPlanList', [{}], { entId: other.entId, headers: manager.headers }))).toBe('10013/')
  })
})

describe('reviews (reviews.manage)', () => {
  async function review(shopId = 'S101', goods = gid('F01')): Promise<string> {
    const id = `RV${randomBytes(6).toString('hex')}`
    await server.db
      .insertInto('goods_reviews')
      .values({ review_id: id, ent_id: 'E1001', shop_id: shopId, goods_id: goods, vip_id: null, vip_name: 'Ho', head_img: '', stars: 2, content: 'Too salty', images: '[]', created_at: new Date().toISOString(), is_imported: 0 })
      .execute()
    return id
  }

  test('a manager lists, reads, replies to, hides and shows again a review; the public list follows; audited', async () => {
    const id = await review()
    const list = ok(await as(manager, 'StaffReviewList', { ShopID: 'S101', Stars: 2 }))
    expect(list.table1.map((r: { ReviewID: string }) => r.ReviewID)).toContain(id)
    expect(list.table2[0].Total).toBeGreaterThanOrEqual(1)
    const row = ok(await as(manager, 'StaffReviewGet', { ReviewID: id })).table1[0]
    expect(row).toMatchObject({ ReviewID: id, ShopID: 'S101', Stars: 2, Content: 'Too salty', Hidden: 0, Reply: '' })
    expect(row.GoodsNames.en).toBeTruthy()

    expect(ok(await as(manager, 'StaffReviewReply', { ReviewID: id, Reply: 'Sorry, we will tell the kitchen.' })).table1[0].Reply).toBe('Sorry, we will tell the kitchen.')
    expect(codes(await as(manager, 'StaffReviewReply', { ReviewID: id, Reply: 'x'.repeat(501) }))).toBe('10007/')
    const publicList = async () => ok(await server.call('GoodsCommentListByPage', [{ ShopID: 'S101', GoodsID: gid('F01'), PageIndex: 1, PageSize: 100 }])).table1
    expect((await publicList()).find((r: { CommentID: string }) => r.CommentID === id).Reply).toBe('Sorry, we will tell the kitchen.')

    expect(ok(await as(manager, 'StaffReviewHiddenSet', { ReviewID: id, Hidden: 1, Reason: 'a competitor' })).table1[0].Hidden).toBe(1)
    expect((await publicList()).find((r: { CommentID: string }) => r.CommentID === id)).toBeUndefined()
    expect(ok(await as(manager, 'StaffReviewList', { Hidden: 1 })).table1.map((r: { ReviewID: string }) => r.ReviewID)).toContain(id)
    ok(await as(manager, 'StaffReviewHiddenSet', { ReviewID: id, Hidden: 1, Reason: 'twice' }))
    expect(ok(await as(manager, 'StaffReviewHiddenSet', { ReviewID: id, Hidden: 0, Reason: 'checked' })).table1[0].Hidden).toBe(0)
    expect((await publicList()).find((r: { CommentID: string }) => r.CommentID === id)).toBeDefined()

    expect((await audit('review.reply'))[0]).toMatchObject({ TargetID: id })
    expect(JSON.parse((await audit('review.reply'))[0].Detail)).toMatchObject({ before: '', after: 'Sorry, we will tell the kitchen.' })
    expect(await audit('review.hide')).toEqual([expect.objectContaining({ TargetID: id, Reason: 'a competitor' })])
    expect(await audit('review.unhide')).toEqual([expect.objectContaining({ TargetID: id, Reason: 'checked' })])
  })

  test('cashiers may not; a manager of another shop and another enterprise find no such review', async () => {
    const id = await review()
    for (const op of ['StaffReviewList', 'StaffReviewGet', 'StaffReviewReply', 'StaffReviewHiddenSet']) expect(`${op} ${codes(await as(cashier, op, { ReviewID: id }))}`).toBe(`${op} 10013/`)
    const s102 = await personWithRole(server, owner, 'manager', { shopIds: 'S102' })
    expect(codes(await as(s102, 'StaffReviewGet', { ReviewID: id }))).toBe('10007/')
    expect(codes(await as(s102, 'StaffReviewHiddenSet', { ReviewID: id, Hidden: 1, Reason: '' }))).toBe('10007/')
    expect(ok(await as(s102, 'StaffReviewList')).table1.map((r: { ReviewID: string }) => r.ReviewID)).not.toContain(id)
    expect(codes(await as(s102, 'StaffReviewList', { ShopID: 'S101' }))).toBe('10013/')
    expect(codes(await as(other, 'StaffReviewReply', { ReviewID: id, Reply: 'spam' }))).toBe('10007/')
    expect(ok(await as(other, 'StaffReviewList')).table1).toEqual([])
    expect((await server.db.selectFrom('goods_reviews').select('reply').where('review_id', '=', id).executeTakeFirstOrThrow()).reply).toBe('')
  })
})

describe('after-sale (aftersale.decide)', () => {
  const ask = async (m: TestMember, sheetId: string, amount: string) =>
    ok(await server.call('AfterSaleSubmit', [{ SheetID: sheetId, Amount: amount, Reason: 'quality', Content: 'Cold soup', RequestKey: requestKey() }], { headers: m.headers }))

  test('a manager approves one request (refunded to the balance at once) and rejects another with a reason; audited', async () => {
    const m = await makeMember(server.db, { balance: '200' })
    const order = await paidOrder(m)
    const afterPay = Number(await balanceOf(m))
    const request = (await ask(m, order.sheetId, '10')).table1[0]
    const listed = ok(await as(manager, 'StaffAfterSaleList', { Status: 0 }))
    const row = listed.table1.find((r: { AfterSaleID: string }) => r.AfterSaleID === request.AfterSaleID)
    expect(row).toMatchObject({ SheetID: order.sheetId, ShopID: 'S101', BaseID: 'B201', Amount: '10.00', Status: AFTERSALE_STATUS.SUBMITTED, Content: 'Cold soup' })
    expect(row.MemberMaskedPhone).not.toContain(m.phone)
    ok(await as(manager, 'StaffAfterSaleGet', { AfterSaleID: request.AfterSaleID }))

    const approved = ok(await as(manager, 'StaffAfterSaleApprove', { AfterSaleID: request.AfterSaleID, Note: 'Sorry about that' }))
    expect(approved.table1[0]).toMatchObject({ Status: AFTERSALE_STATUS.REFUNDED, RefundedAmount: '10.00', ShopNote: 'Sorry about that' })
    expect(approved.table3).toEqual([expect.objectContaining({ Provider: 'balance', Amount: '10.00' })])
    expect(Number(await balanceOf(m))).toBeCloseTo(afterPay + 10, 6)
    // Again: nothing more is refunded, no second entry.
    ok(await as(manager, 'StaffAfterSaleApprove', { AfterSaleID: request.AfterSaleID, Note: '' }))
    expect(Number(await balanceOf(m))).toBeCloseTo(afterPay + 10, 6)
    const approvals = (await audit('aftersale.approve')).filter((a) => a.TargetID === request.AfterSaleID)
    expect(approvals).toHaveLength(1)
    expect(approvals[0].Reason).toBe('Sorry about that')
    expect(JSON.parse(approvals[0].Detail)).toMatchObject({ order: order.sheetId, amount: '10.00' })

    const second = (await ask(m, order.sheetId, '5')).table1[0]
    expect(codes(await as(manager, 'StaffAfterSaleReject', { AfterSaleID: second.AfterSaleID, Reason: '' }))).toBe('10007/')
    const rejected = ok(await as(owner, 'StaffAfterSaleReject', { AfterSaleID: second.AfterSaleID, Reason: 'The soup was fine on our side' })).table1[0]
    expect(rejected).toMatchObject({ Status: AFTERSALE_STATUS.REJECTED, ShopNote: 'The soup was fine on our side' })
    expect(codes(await as(manager, 'StaffAfterSaleApprove', { AfterSaleID: second.AfterSaleID, Note: '' }))).toBe('0/20074')
    expect(Number(await balanceOf(m))).toBeCloseTo(afterPay + 10, 6)
    expect((await audit('aftersale.reject')).filter((a) => a.TargetID === second.AfterSaleID)).toEqual([expect.objectContaining({ Reason: 'The soup was fine on our side', StaffID: owner.staffId })])
    // The member reads the decision.
    expect(ok(await server.call('AfterSaleDetailGet', [{ AfterSaleID: second.AfterSaleID }], { headers: m.headers })).table1[0].ShopNote).toBe('The soup was fine on our side')
  })

  test('cashiers may not; a manager of another shop and another enterprise find no such request', async () => {
    const m = await makeMember(server.db, { balance: '200' })
    const order = await paidOrder(m)
    const request = (await ask(m, order.sheetId, '3')).table1[0]
    for (const op of ['StaffAfterSaleList', 'StaffAfterSaleGet', 'StaffAfterSaleApprove', 'StaffAfterSaleReject']) expect(`${op} ${codes(await as(cashier, op, { AfterSaleID: request.AfterSaleID }))}`).toBe(`${op} 10013/`)
    const s102 = await personWithRole(server, owner, 'manager', { shopIds: 'S102' })
    expect(codes(await as(s102, 'StaffAfterSaleGet', { AfterSaleID: request.AfterSaleID }))).toBe('0/20073')
    expect(codes(await as(s102, 'StaffAfterSaleApprove', { AfterSaleID: request.AfterSaleID, Note: '' }))).toBe('0/20073')
    expect(ok(await as(s102, 'StaffAfterSaleList')).table1.map((r: { AfterSaleID: string }) => r.AfterSaleID)).not.toContain(request.AfterSaleID)
    const b202 = await personWithRole(server, owner, 'manager', { shopIds: 'S101', baseIds: 'B202' })
    expect(codes(await as(b202, 'StaffAfterSaleReject', { AfterSaleID: request.AfterSaleID, Reason: 'no' }))).toBe('0/20073')
    expect(codes(await as(other, 'StaffAfterSaleApprove', { AfterSaleID: request.AfterSaleID, Note: '' }))).toBe('0/20073')
    expect(ok(await as(other, 'StaffAfterSaleList')).table1).toEqual([])
    expect(ok(await server.call('AfterSaleDetailGet', [{ AfterSaleID: request.AfterSaleID }], { headers: m.headers })).table1[0].Status).toBe(AFTERSALE_STATUS.SUBMITTED)
  })
})

describe('orders (orders.work; cancelling: orders.void)', () => {
  test('the kitchen of B201 lists its orders and moves one on to ready and completed; audited', async () => {
    const m = await makeMember(server.db, { balance: '200' })
    const order = await paidOrder(m)
    const listed = ok(await as(kitchen, 'StaffOrderList', { Status: ORDER_STATUS.PAID }))
    expect(listed.table1.map((o: { SheetID: string }) => o.SheetID)).toContain(order.sheetId)
    expect(listed.table1.every((o: { BaseID: string }) => o.BaseID === 'B201')).toBe(true)
    const detail = ok(await as(kitchen, 'StaffOrderGet', { SheetID: order.sheetId }))
    expect(detail.table1[0]).toMatchObject({ SheetID: order.sheetId, Status: ORDER_STATUS.PAID })
    expect(detail.table2[0]).toMatchObject({ GoodsID: gid('F01') })
    expect(ok(await as(kitchen, 'StaffOrderReady', { SheetID: order.sheetId })).table1[0].Status).toBe(ORDER_STATUS.READY)
    expect(codes(await as(kitchen, 'StaffOrderReady', { SheetID: order.sheetId }))).toBe('0/20018')
    expect(ok(await as(cashier, 'StaffOrderComplete', { SheetID: order.sheetId })).table1[0].Status).toBe(ORDER_STATUS.COMPLETED)
    // The diner sees it.
    expect(ok(await server.call('OrderDetailGet', [{ SheetID: order.sheetId }], { headers: m.headers })).table1[0].Status).toBe(ORDER_STATUS.COMPLETED)
    expect((await audit('order.ready')).filter((a) => a.TargetID === order.sheetId)).toEqual([expect.objectContaining({ StaffID: kitchen.staffId })])
    expect((await audit('order.complete')).filter((a) => a.TargetID === order.sheetId)).toEqual([expect.objectContaining({ StaffID: cashier.staffId })])
  })

  test('cancelling a paid order needs orders.void and a reason, refunds it to the balance and is audited with the reason', async () => {
    const m = await makeMember(server.db, { balance: '200' })
    const order = await paidOrder(m)
    const paidBalance = Number(await balanceOf(m))
    expect(codes(await as(cashier, 'StaffOrderCancel', { SheetID: order.sheetId, Reason: 'x' }))).toBe('10013/')
    expect(codes(await as(kitchen, 'StaffOrderCancel', { SheetID: order.sheetId, Reason: 'x' }))).toBe('10013/')
    expect(codes(await as(manager, 'StaffOrderCancel', { SheetID: order.sheetId, Reason: '  ' }))).toBe('10007/')
    const cancelled = ok(await as(manager, 'StaffOrderCancel', { SheetID: order.sheetId, Reason: 'Out of soup' })).table1[0]
    expect(cancelled).toMatchObject({ Status: ORDER_STATUS.CANCELLED, RefundedAmount: order.amount })
    expect(Number(await balanceOf(m))).toBeCloseTo(paidBalance + Number(order.amount), 6)
    const entry = (await audit('order.cancel')).find((a) => a.TargetID === order.sheetId)!
    expect(entry.Reason).toBe('Out of soup')
    expect(JSON.parse(entry.Detail)).toMatchObject({ from: ORDER_STATUS.PAID, to: ORDER_STATUS.CANCELLED, refunded: true })
    expect(codes(await as(manager, 'StaffOrderCancel', { SheetID: order.sheetId, Reason: 'again' }))).toBe('0/20018')
  })

  test("orders of a branch outside one's scope, or of another enterprise, are not found", async () => {
    const m = await makeMember(server.db, { balance: '200' })
    const order = await paidOrder(m)
    const s102 = await personWithRole(server, owner, 'cashier', { shopIds: 'S102' })
    expect(codes(await as(s102, 'StaffOrderGet', { SheetID: order.sheetId }))).toBe('0/20016')
    expect(codes(await as(s102, 'StaffOrderReady', { SheetID: order.sheetId }))).toBe('0/20016')
    expect(ok(await as(s102, 'StaffOrderList')).table1.map((o: { SheetID: string }) => o.SheetID)).not.toContain(order.sheetId)
    expect(codes(await as(s102, 'StaffOrderList', { BaseID: 'B201' }))).toBe('10013/')
    const b202 = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B202' })
    expect(codes(await as(b202, 'StaffOrderComplete', { SheetID: order.sheetId }))).toBe('0/20016')
    expect(codes(await as(other, 'StaffOrderGet', { SheetID: order.sheetId }))).toBe('0/20016')
    expect(codes(await as(other, 'StaffOrderCancel', { SheetID: order.sheetId, Reason: 'sabotage' }))).toBe('0/20016')
    expect(codes(await as(other, 'StaffOrderList', { BaseID: 'B201' }))).toBe('0/20004')
    expect(ok(await as(other, 'StaffOrderList')).table1).toEqual([])
    expect(ok(await as(owner, 'StaffOrderGet', { SheetID: order.sheetId })).table1[0].Status).toBe(ORDER_STATUS.PAID)
  })
})
