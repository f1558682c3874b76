import { CouponsStore, type CouponsStoreDeps } from '../../src/features/coupons/coupons.store'
import { CARD_STATUS, COUPON_TYPE, VALID_KIND, type AvailableCardRow, type CouponCardRow, type CouponPlanRow, type CouponTerms } from '../../src/gateway/coupon-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import type { OrderPlacementInput } from '../../src/gateway/order-rows'
import { fakeGateway, networkDown, refused, type Script } from './support/orders-fakes'

const TERMS: CouponTerms = {
  PlanID: 'P1',
  CouponName: 'Welcome 10 off 50',
  Description: '',
  CouponType: COUPON_TYPE.CASH,
  Amount: '10.00',
  MinAmount: '50.00',
  DiscountRate: '0',
  MaxOff: '0',
  ShopIDs: '',
  BaseIDs: '',
  ServiceTypes: '',
  GoodsIDs: '',
  ClassIDs: '',
  ScopeNames: '',
  PlaceNames: ''
}

function card(CardID: string, over: Partial<CouponCardRow> = {}): CouponCardRow {
  return {
    ...TERMS,
    CardID,
    CardCode: `CODE${CardID}`,
    Status: CARD_STATUS.AVAILABLE,
    ValidFrom: '2026-11-22',
    ValidTo: '2026-12-22',
    Source: 'claim',
    ClaimedDate: '2026-11-22 12:00:00',
    UsedDate: '',
    SheetID: '',
    ...over
  }
}

function plan(over: Partial<CouponPlanRow> = {}): CouponPlanRow {
  return {
    ...TERMS,
    PlanCode: 'WELCOME',
    ValidKind: VALID_KIND.FROM_COLLECTION,
    ValidDays: 30,
    ValidFrom: '',
    ValidTo: '',
    ClaimBegin: '',
    ClaimEnd: '',
    TotalQua: 100,
    IssuedQua: 0,
    LeftQua: 100,
    PerMemberQua: 1,
    HeldQua: 0,
    CanClaim: 1,
    Reason: '',
    Status: 1,
    ...over
  }
}

function available(CardID: string, over: Partial<AvailableCardRow> = {}): AvailableCardRow {
  return { ...card(CardID), Applies: 1, Reason: '', OffAmount: '10.00', EligibleAmount: '64.00', ...over }
}

/** A server holding one member's cards and a claimable plan. */
function couponServer() {
  const cards: CouponCardRow[] = [card('C1'), card('C2', { Status: CARD_STATUS.USED, SheetID: 'S9' })]
  const byKey = new Map<string, CouponCardRow>()
  let p = plan()
  const script: Script = {
    CouponCardList: ({ Status }) => ({
      table1: cards.filter((c) => Status === undefined || c.Status === Status),
      table2: [{ Total: cards.filter((c) => c.Status === Status).length }],
      table3: [CARD_STATUS.AVAILABLE, CARD_STATUS.USED].map((s) => ({ Status: s, Qua: cards.filter((c) => c.Status === s).length }))
    }),
    CouponPlanList: () => ({ table1: [p], table2: [{ Total: 1 }] }),
    CouponCardProvide: ({ PlanID, RequestKey }) => {
      let c = byKey.get(RequestKey)
      if (!c) {
        if (p.HeldQua >= p.PerMemberQua) return refused('CouponCardProvide', RESULTCODES.COUPON_LIMIT_REACHED, 'You already hold as many of these coupons as allowed')
        c = card(`N${byKey.size + 1}`, { PlanID })
        byKey.set(RequestKey, c)
        cards.unshift(c)
        p = plan({ HeldQua: p.HeldQua + 1, LeftQua: p.LeftQua - 1, CanClaim: 0, Reason: 'limit' })
      }
      return { table1: [c], table2: [p] }
    }
  }
  return { script, cards, byKey }
}

function setup(script: Script, over: Partial<CouponsStoreDeps> = {}) {
  const gateway = fakeGateway(script)
  const asked: string[] = []
  let r = 0
  const coupons = new CouponsStore(gateway, {
    signedIn: () => true,
    shopId: () => 'S101',
    askLogin: () => void asked.push('login'),
    now: () => 1763800000000,
    random: () => (r = (r + 0.37) % 1),
    ...over
  })
  return { coupons, gateway, asked }
}

describe('CouponsStore: couponsList', () => {
  it('lists the available cards with the counts per state and this shop’s plans; another tab loads its own cards', async () => {
    const { script } = couponServer()
    const { coupons, gateway } = setup(script)
    await coupons.refresh()
    expect(coupons.list.rows.map((c) => c.CardID)).toEqual(['C1'])
    expect(coupons.counts).toEqual({ [CARD_STATUS.AVAILABLE]: 1, [CARD_STATUS.USED]: 1 })
    expect(coupons.plans.map((p) => p.PlanID)).toEqual(['P1'])
    expect(gateway.callsOf('CouponPlanList')[0].record).toMatchObject({ ShopID: 'S101' })

    coupons.chooseTab(CARD_STATUS.USED)
    await Promise.resolve()
    await new Promise((r) => setTimeout(r, 0))
    expect(coupons.list.rows.map((c) => c.CardID)).toEqual(['C2'])
    expect(gateway.callsOf('CouponCardList').map((c) => c.record.Status)).toEqual([CARD_STATUS.AVAILABLE, CARD_STATUS.USED])
  })

  it('without a member shows no cards, asks for nothing of the member, and still lists the plans', async () => {
    const { script } = couponServer()
    const { coupons, gateway, asked } = setup(script, { signedIn: () => false })
    await coupons.refresh()
    expect(gateway.callsOf('CouponCardList')).toHaveLength(0)
    expect(coupons.plans).toHaveLength(1)
    // Claiming asks for a login instead of calling the server.
    expect(await coupons.claim('P1')).toBe(false)
    expect(asked).toEqual(['login'])
    expect(gateway.callsOf('CouponCardProvide')).toHaveLength(0)
  })
})

describe('CouponsStore: claiming', () => {
  it('claims once: a lost answer is retried with the same request key, and the new card is listed', async () => {
    const server = couponServer()
    let lose = true
    const provide = server.script.CouponCardProvide!
    server.script.CouponCardProvide = (record, options) => {
      const answer = provide(record, options)
      if (lose) {
        lose = false
        return networkDown('CouponCardProvide')
      }
      return answer
    }
    const { coupons, gateway } = setup(server.script)
    await coupons.refresh()
    expect(await coupons.claim('P1')).toBe(false)
    expect(coupons.claimProblem.P1).toEqual({ code: '', message: '' })
    expect(await coupons.claim('P1')).toBe(true)
    const keys = gateway.callsOf('CouponCardProvide').map((c) => c.record.RequestKey)
    expect(keys[0]).toBe(keys[1])
    // One card made for both calls.
    expect(server.byKey.size).toBe(1)
    expect(coupons.list.rows.map((c) => c.CardID)).toEqual(['N1', 'C1'])
    expect(coupons.counts[CARD_STATUS.AVAILABLE]).toBe(2)
    // The plan as the server now says: the member holds the most allowed.
    expect(coupons.plans[0]).toMatchObject({ CanClaim: 0, Reason: 'limit', HeldQua: 1 })
  })

  it('a refusal shows the server’s message and the next attempt is a new one', async () => {
    const server = couponServer()
    const { coupons, gateway } = setup(server.script)
    expect(await coupons.claim('P1')).toBe(true)
    expect(await coupons.claim('P1')).toBe(false)
    expect(coupons.claimProblem.P1).toEqual({ code: RESULTCODES.COUPON_LIMIT_REACHED, message: 'You already hold as many of these coupons as allowed' })
    const keys = gateway.callsOf('CouponCardProvide').map((c) => c.record.RequestKey)
    expect(keys[0]).not.toBe(keys[1])
  })
})

describe('CouponsStore: a typed code', () => {
  it('says what the code is, then puts it in the member’s cards', async () => {
    const server = couponServer()
    const voucher = { ...TERMS, CardCode: 'VOUCH1', Status: CARD_STATUS.AVAILABLE, ValidFrom: '2026-11-22', ValidTo: '2026-12-31', Redeemable: 1 as const, Reason: '' as const, IsMine: 0 as const }
    server.script.VoucherQuery = ({ Code }) => (Code === 'VOUCH1' ? { table1: [voucher] } : refused('VoucherQuery', RESULTCODES.COUPON_NOT_FOUND, 'Coupon does not exist'))
    server.script.VoucherVerify = ({ Code }) => {
      const c = card('V1', { CardCode: Code, Source: 'voucher' })
      server.cards.unshift(c)
      return { table1: [c] }
    }
    const { coupons } = setup(server.script)
    await coupons.queryCode('  NOPE ')
    expect(coupons.voucherState).toBe('failed')
    expect(coupons.voucherProblem).toEqual({ code: RESULTCODES.COUPON_NOT_FOUND, message: 'Coupon does not exist' })

    await coupons.queryCode('VOUCH1')
    expect(coupons.voucherState).toBe('found')
    expect(coupons.voucher?.CardCode).toBe('VOUCH1')
    expect(await coupons.redeem()).toBe(true)
    expect(coupons.voucherState).toBe('redeemed')
    expect(coupons.lists[CARD_STATUS.AVAILABLE].rows.map((c) => c.CardID)).toContain('V1')
  })
})

describe('CouponsStore: cards for an order', () => {
  const placement: OrderPlacementInput = {
    ShopID: 'S101',
    BaseID: 'B202',
    TableID: '',
    ServiceType: 'takeaway',
    AppointedTime: '',
    Remarks: '',
    Lines: [{ GoodsID: 'g1', SkuID: '', PCode: '', MQua: '2', PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: '64' }],
    CardID: 'C1'
  }

  it('asks for the cart without the card chosen, and lists those that apply first', async () => {
    const rows = [available('X', { Applies: 0, Reason: 'min-spend', OffAmount: '0', MinAmount: '100.00' }), available('C1')]
    const { coupons, gateway } = setup({ CouponCardsForOrder: () => ({ table1: rows }) })
    await coupons.loadForOrder(placement)
    expect(gateway.callsOf('CouponCardsForOrder')[0].record).not.toHaveProperty('CardID')
    expect(gateway.callsOf('CouponCardsForOrder')[0].record).toMatchObject({ ShopID: 'S101', ServiceType: 'takeaway' })
    expect(coupons.usableForOrder.map((r) => r.CardID)).toEqual(['C1'])
    expect(coupons.unusableForOrder.map((r) => [r.CardID, r.Reason])).toEqual([['X', 'min-spend']])
    expect(coupons.forOrder.map((r) => r.CardID)).toEqual(['C1', 'X'])
  })

  it('a failure keeps no stale cards and says why', async () => {
    const { coupons } = setup({ CouponCardsForOrder: () => networkDown('CouponCardsForOrder') })
    await coupons.loadForOrder(placement)
    expect(coupons.forOrderState).toBe('failed')
    expect(coupons.forOrder).toEqual([])
  })
})

describe('CouponsStore: a card’s details', () => {
  it('loads the card and its history; an unknown card fails with the server’s word', async () => {
    const { coupons } = setup({
      CouponCardDetail: ({ CardID }) =>
        CardID === 'C1'
          ? { table1: [card('C1')], table2: [{ CardID: 'C1', Seq: 1, Action: 'claim', FromStatus: 0, ToStatus: 0, RefID: '', EventDate: '2026-11-22 12:00:00' }] }
          : refused('CouponCardDetail', RESULTCODES.COUPON_NOT_FOUND, 'Coupon does not exist')
    })
    await coupons.loadCard('C1')
    expect(coupons.cardState).toBe('ready')
    expect(coupons.card?.CardCode).toBe('CODEC1')
    expect(coupons.events.map((e) => e.Action)).toEqual(['claim'])
    await coupons.loadCard('C404')
    expect(coupons.cardState).toBe('failed')
    expect(coupons.card).toBeNull()
    expect(coupons.cardProblem?.message).toBe('Coupon does not exist')
  })
})
