/**
 * Pages for the calls no page used (issue 27): recharge records from My account, goods on offer,
 * the shops that sell a goods, a branch's delivery fees and delivering to the diner's place, a
 * coupon plan's details and how a card was issued. Each page over a scripted gateway, as a diner
 * sees it (jsdom over Taro's React components).
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { CARD_STATUS, COUPON_TYPE, VALID_KIND, type CouponCardRow, type CouponPlanRow } from '../../src/gateway/coupon-rows'
import type { BaseDetailRow } from '../../src/gateway/address-rows'
import type { Locale } from '../../src/gateway/contract'
import { createFakeHost, fail, ok } from '../unit/support/fake-host'
import { demoServer, type Script } from '../unit/support/fake-gateway-server'
import { vipRow } from '../unit/support/member-rows'
import { classRow, goodsRow } from '../unit/support/menu-rows'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: mockParams, path: '/pages/x/x' })
  return { ...actual, useRouter, default: { ...actual.default, useRouter } }
})
/* eslint-disable import/first */
import VipBalance from '../../src/pages/vipBalance/vipBalance'
import RechargeRecordList from '../../src/pages/rechargeRecordList/rechargeRecordList'
import PromotionGoods from '../../src/pages/promotionGoods/promotionGoods'
import GoodsShops from '../../src/pages/goodsShops/goodsShops'
import BaseDetails from '../../src/pages/baseDetails/baseDetails'
import CouponPlan from '../../src/pages/couponPlan/couponPlan'
import CouponsList from '../../src/pages/couponsList/couponsList'
import CouponDetails from '../../src/pages/couponDetails/couponDetails'
/* eslint-enable import/first */

async function open(page: () => ReactNode, script: Script, opts: {
    locale?: Locale
    member?: boolean
    params?: Record<string, string>
    locate?: () => Promise<{ Lng: number; Lat: number } | null>
    /** What the page's useSessionPage asks for on load (Taro's onLoad does not run under jsdom). */
    onLoad?: (root: RootStore) => Promise<unknown>
  } = {}
) {
  mockParams = opts.params ?? {}
  const server = demoServer(script, '2026-11-22 12:00:00')
  const locale = opts.locale ?? 'en'
  const host = createFakeHost(server.respond, { deviceLanguage: () => locale, ...(opts.locate ? { locate: opts.locate } : {}) })
  if (opts.member !== false) host.store.set(MEMBER_TOKEN_STORAGE, 'token-1')
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await root.loadFeatures()
  await act(async () => root.i18n.setLocale(locale))
  await root.i18n.loadAll()
  render(<StoreContext.Provider value={root}>{page()}</StoreContext.Provider>)
  if (opts.onLoad) await act(async () => void (await opts.onLoad?.(root)))
  return { root, host, calls: server.calls }
}

const recharge = (RechargeID: string, Status: 0 | 1 | 2, over: Record<string, unknown> = {}) => ({
  RechargeID,
  RuleID: 'R100',
  Amount: '100.00',
  GiftAmount: '10.00',
  Status,
  PayUrl: Status === 0 ? 'http://pay.test/p' : '',
  Provider: 'sandbox',
  CreatedDate: '2026-11-22 11:00:00',
  PaidDate: Status === 1 ? '2026-11-22 11:01:30' : '',
  ...over
})

describe('recharge records (RechargeRecordList)', () => {
  it('My account leads to them', async () => {
    const { host } = await open(() => <VipBalance />, { VipDetailGet: () => ok({ table1: [vipRow({ Balance: '110.00' })] }) }, { onLoad: (root) => root.wallet.loadAccount() })
    const entry = await screen.findByTestId('entry-recharge-records')
    expect(entry.textContent).toContain('Recharge records')
    await act(async () => fireEvent.click(entry))
    expect(host.navigations).toContain('/pages/rechargeRecordList/rechargeRecordList')
  })

  it.each([
    ['en', 'Recharge of MOP$100.00', 'MOP$10.00 gift', 'Paid', 'Awaiting payment', 'Check'],
    ['zh-CN', '充值 MOP$100.00', '赠送 MOP$10.00', '已到账', '待支付', '查看'],
    ['zh-TW', '充值 MOP$100.00', '贈送 MOP$10.00', '已到帳', '待支付', '查看']
  ] as [Locale, string, string, string, string, string][])('lists each recharge, its gift and state; one awaiting payment is checked (%s)', async (locale, of, gift, paid, pending, check) => {
    const { host, calls } = await open(() => <RechargeRecordList />, {
      RechargeRecordList: () => ok({ table1: [recharge('RC2', 0, { GiftAmount: '0.00' }), recharge('RC1', 1), recharge('RC0', 2)], table2: [{ Total: 3 }] })
    }, { locale, onLoad: (root) => root.wallet.rechargeRecords.refresh() })
    const rows = await screen.findAllByTestId('recharge-record')
    expect(calls).toContain('RechargeRecordList')
    expect(rows).toHaveLength(3)
    // A declined recharge gave no gift.
    expect(within(rows[2]).queryByTestId('recharge-record-gift')).toBeNull()
    expect(rows[1].textContent).toContain(of)
    expect(within(rows[1]).getByTestId('recharge-record-gift').textContent).toBe(gift)
    expect(within(rows[1]).getByTestId('recharge-record-status').textContent).toBe(paid)
    expect(rows[1].textContent).toContain(locale === 'en' ? '22 Nov 2026, 11:01' : '2026年11月22日 11:01')
    // No gift on the pending one, and Check opens rechargeResult for it.
    expect(within(rows[0]).queryByTestId('recharge-record-gift')).toBeNull()
    expect(within(rows[0]).getByTestId('recharge-record-status').textContent).toBe(pending)
    expect(within(rows[1]).queryByTestId('recharge-record-check')).toBeNull()
    const button = within(rows[0]).getByTestId('recharge-record-check')
    expect(button.textContent).toBe(check)
    await act(async () => fireEvent.click(button))
    expect(host.navigations).toContain('/pages/rechargeResult/rechargeResult?RechargeID=RC2')
  })

  it('says when there are none', async () => {
    await open(() => <RechargeRecordList />, { RechargeRecordList: () => ok({ table1: [], table2: [{ Total: 0 }] }) }, { onLoad: (root) => root.wallet.rechargeRecords.refresh() })
    expect(await screen.findByText('No recharges yet')).toBeTruthy()
  })
})

const MENU: Script = {
  GoodsClassAllGet: () => ok({ table1: [classRow('C1', 1, { ClassName: 'Noodles' })] }),
  GoodsListByClass: () =>
    ok({
      table1: [
        goodsRow('G1', 'C1', { GoodsName: 'Brisket noodles', Price: '58', SalesPrice: '48', SaleType: 2 }),
        goodsRow('G2', 'C1', { GoodsName: 'Milk tea', Price: '20', SalesPrice: '16', SaleType: 3 }),
        goodsRow('G3', 'C1', { GoodsName: 'Egg tart', Price: '12', SalesPrice: '12' })
      ],
      table2: [{ Total: 3 }]
    })
}

const promo = (PromotionID: string, PromotionName: string, GoodsID: string, over: Record<string, unknown> = {}) => ({
  PromotionID,
  PromotionName,
  GoodsID,
  SaleType: 2,
  Price: '48',
  Discount: '',
  BeginDate: '',
  EndDate: '',
  BeginTime: '',
  EndTime: '',
  ...over
})

describe('goods on offer (AvailablePromotionGoods)', () => {
  it.each([
    ['en', 'Until 31 Dec 2026', 'Daily 14:00–17:00', '20% off'],
    ['zh-CN', '截至 2026年12月31日', '每天 14:00–17:00', '减 20%'],
    ['zh-TW', '截至 2026年12月31日', '每天 14:00–17:00', '減 20%']
  ] as [Locale, string, string, string][])('each promotion with what it gives, when, and its goods from the menu (%s)', async (locale, until, daily, off) => {
    const { host } = await open(() => <PromotionGoods />, {
      ...MENU,
      AvailablePromotionGoods: (r) =>
        r[0].BaseID === 'B201'
          ? ok({
              table1: [
                promo('P1', 'Lunch deal', 'G1', { EndDate: '2026-12-31' }),
                promo('P2', 'Tea time', 'G2', { SaleType: 3, Price: '', Discount: '0.8', BeginTime: '14:00', EndTime: '17:00' }),
                // A goods this branch's menu does not list is left out.
                promo('P2', 'Tea time', 'G9', { SaleType: 3, Price: '', Discount: '0.8', BeginTime: '14:00', EndTime: '17:00' })
              ]
            })
          : fail('0', '20004', 'no branch')
    }, { locale, member: false })
    const sections = await screen.findAllByTestId('promotion')
    expect(sections.map((s) => within(s).getByTestId('promotion-name').textContent)).toEqual(['Lunch deal', 'Tea time'])
    expect(within(sections[0]).getByTestId('promotion-when').textContent).toBe(until)
    expect(within(sections[1]).getByTestId('promotion-what').textContent).toBe(off)
    expect(within(sections[1]).getByTestId('promotion-when').textContent).toBe(daily)
    expect(within(sections[0]).getAllByTestId('goods-name').map((n) => n.textContent)).toEqual(['Brisket noodles'])
    expect(within(sections[1]).getAllByTestId('goods-name').map((n) => n.textContent)).toEqual(['Milk tea'])
    // The promotion's price beside the list price (as the menu formats prices).
    expect(within(sections[0]).getByTestId('goods-price').textContent).toMatch(/^MOP\$48(\.00)?$/)
    expect(within(sections[0]).getByTestId('goods-was').textContent).toMatch(/^MOP\$58(\.00)?$/)
    await act(async () => fireEvent.click(within(sections[1]).getByTestId('goods-name')))
    expect(host.navigations).toContain('/pages/goodsDetails/goodsDetails?GoodsID=G2')
  })

  it('says when nothing is on offer', async () => {
    await open(() => <PromotionGoods />, { ...MENU, AvailablePromotionGoods: () => ok({ table1: [] }) }, { member: false })
    expect(await screen.findByText('No goods are on offer right now')).toBeTruthy()
  })
})

describe('shops selling a goods (GroundingShopList)', () => {
  const rows = [
    { ShopID: 'S101', ShopName: 'Lotus Tea House', BaseID: 'B201', BaseName: 'Senado Square' },
    { ShopID: 'S101', ShopName: 'Lotus Tea House', BaseID: 'B202', BaseName: 'Taipa' },
    { ShopID: 'S102', ShopName: 'Night Market', BaseID: 'B301', BaseName: 'Cotai' }
  ]
  it.each([
    ['en', 'Available at these shops', 'You are here'],
    ['zh-CN', '有售门店', '你所在的门店'],
    ['zh-TW', '有售門店', '你所在的門店']
  ] as [Locale, string, string][])('shops with their branches, this one marked; a branch opens its page (%s)', async (locale, heading, here) => {
    const { host } = await open(() => <GoodsShops />, { GroundingShopList: (r) => ok({ table1: r[0].GoodsID === 'G1' ? rows : [] }) }, { locale, params: { GoodsID: 'G1' }, member: false })
    const shops = await screen.findAllByTestId('goods-shop')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading)
    expect(shops.map((s) => within(s).getByRole('heading').textContent)).toEqual(['Lotus Tea House', 'Night Market'])
    const branches = within(shops[0]).getAllByTestId('goods-shop-branch')
    expect(branches.map((b) => b.getAttribute('data-base-id'))).toEqual(['B201', 'B202'])
    expect(branches[0].textContent).toContain(here)
    expect(branches[1].textContent).not.toContain(here)
    await act(async () => fireEvent.click(within(shops[1]).getByTestId('goods-shop-branch')))
    expect(host.navigations).toContain('/pages/baseDetails/baseDetails?BaseID=B301')
  })

  it('a goods the server does not know: not on the menu, a way on, no retry', async () => {
    await open(() => <GoodsShops />, { GroundingShopList: () => fail('0', '20007', 'unknown goods') }, { params: { GoodsID: 'NOPE' }, member: false })
    expect(await screen.findByText('This item is not on the menu')).toBeTruthy()
    expect(screen.queryByText('Retry')).toBeNull()
  })
})

function detail(over: Partial<BaseDetailRow> = {}): BaseDetailRow {
  return {
    ShopID: 'S101',
    ShopName: 'Lotus Tea House',
    BaseID: 'B201',
    BaseCode: '201',
    BaseName: 'Senado Square',
    Address: 'G/F, 14 Largo do Senado, Macau',
    Phone: '+853 2835 6721',
    Lat: 22.1936,
    Lng: 113.5399,
    BeginTime: '08:00',
    EndTime: '22:00',
    Weekday: '1,2,3,4,5,6,7',
    OpeningHours: '08:00-22:00',
    BusinessMode: '0',
    CYType: '0',
    DeliveryRange: 5000,
    TableCount: 6,
    ...over
  }
}

describe("the branch page's delivery (FreightRuleGet, DispatchInfoGet)", () => {
  const distanceTiers = [
    { BaseID: 'B201', RuleType: 'distance', UpTo: '1000', Fee: '5', SortNo: 1 },
    { BaseID: 'B201', RuleType: 'distance', UpTo: '3000', Fee: '10', SortNo: 2 }
  ]
  it.each([
    ['en', ['Within 1 km: MOP$5.00', 'Within 3 km: MOP$10.00'], '1.2 km from you', 'Delivers to your location', 'Delivery fee MOP$10.00', 'Delivery adds about 30 min'],
    ['zh-CN', ['1 公里内：MOP$5.00', '3 公里内：MOP$10.00'], '距离你 1.2 公里', '可以配送到你的位置', '配送费 MOP$10.00', '配送约需多 30 分钟'],
    ['zh-TW', ['1 公里內：MOP$5.00', '3 公里內：MOP$10.00'], '距離你 1.2 公里', '可以配送到你的位置', '配送費 MOP$10.00', '配送約需多 30 分鐘']
  ] as [Locale, string[], string, string, string, string][])('the fee tiers, and delivering to where the diner is (%s)', async (locale, tiers, distance, inRange, fee, time) => {
    const asked: Record<string, unknown>[] = []
    await open(() => <BaseDetails />, {
      ShopBaseDetailGet: () => ok({ table1: [detail()] }),
      FreightRuleGet: () => ok({ table1: distanceTiers }),
      DispatchInfoGet: (r) => {
        asked.push(r[0])
        return ok({ table1: [{ BaseID: 'B201', Distance: 1200, MaxDistance: 5000, InRange: 1, Freight: '10.00', DtbDuration: 30 }] })
      }
    }, { locale, params: { BaseID: 'B201' }, member: false, locate: async () => ({ Lng: 113.55, Lat: 22.19 }) })
    const freight = await screen.findByTestId('branch-freight')
    expect((await within(freight).findAllByTestId('freight-tier')).map((t) => t.textContent)).toEqual(tiers)
    await act(async () => fireEvent.click(within(freight).getByTestId('delivery-check')))
    expect(asked).toEqual([expect.objectContaining({ BaseID: 'B201', Lng: 113.55, Lat: 22.19, Amount: '0' })])
    expect((await screen.findByTestId('delivery-distance')).textContent).toBe(distance)
    expect(screen.getByTestId('delivery-in-range').textContent).toBe(inRange)
    expect(screen.getByTestId('delivery-fee').textContent).toBe(fee)
    expect(screen.getByTestId('delivery-time').textContent).toBe(time)
  })

  it('goods-amount tiers, out of range, and no place from the host', async () => {
    let place: { Lng: number; Lat: number } | null = { Lng: 113.6, Lat: 22.3 }
    await open(() => <BaseDetails />, {
      ShopBaseDetailGet: () => ok({ table1: [detail()] }),
      FreightRuleGet: () =>
        ok({
          table1: [
            { BaseID: 'B201', RuleType: 'amount', UpTo: '100', Fee: '12', SortNo: 1 },
            { BaseID: 'B201', RuleType: 'amount', UpTo: '200', Fee: '6', SortNo: 2 }
          ]
        }),
      DispatchInfoGet: () => ok({ table1: [{ BaseID: 'B201', Distance: 9100, MaxDistance: 5000, InRange: 0, Freight: '0.00', DtbDuration: 30 }] })
    }, { params: { BaseID: 'B201' }, member: false, locate: async () => place })
    const tiers = await screen.findAllByTestId('freight-tier')
    expect(tiers.map((t) => t.textContent)).toEqual(['Goods up to MOP$100.00: MOP$12.00', 'Goods up to MOP$200.00: MOP$6.00', 'Goods over MOP$200.00: free delivery'])
    await act(async () => fireEvent.click(screen.getByTestId('delivery-check')))
    expect((await screen.findByTestId('delivery-out-of-range')).textContent).toBe('Too far to deliver to you (delivers within 5 km)')
    expect(screen.queryByTestId('delivery-fee')).toBeNull()
    place = null
    await act(async () => fireEvent.click(screen.getByTestId('delivery-check')))
    expect(screen.getByTestId('delivery-result').textContent).toBe('Your location is not available. Allow location and try again.')
  })

  it('a branch that does not deliver shows no delivery fees', async () => {
    const { calls } = await open(() => <BaseDetails />, { ShopBaseDetailGet: () => ok({ table1: [detail({ BusinessMode: '1' })] }) }, { params: { BaseID: 'B201' }, member: false })
    await screen.findByTestId('branch-details')
    expect(screen.queryByTestId('branch-freight')).toBeNull()
    expect(calls).not.toContain('FreightRuleGet')
  })
})

const TERMS = {
  PlanID: 'P1',
  CouponName: 'Welcome MOP 10',
  Description: 'One per member. Not with other offers.',
  CouponType: COUPON_TYPE.CASH,
  Amount: '10',
  MinAmount: '50',
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

function plan(over: Partial<CouponPlanRow> = {}): CouponPlanRow {
  return {
    ...TERMS,
    PlanCode: 'WELCOME',
    ValidKind: VALID_KIND.FROM_COLLECTION,
    ValidDays: 30,
    ValidFrom: '',
    ValidTo: '',
    ClaimBegin: '2026-11-01 00:00:00',
    ClaimEnd: '2026-12-31 23:59:59',
    TotalQua: 100,
    IssuedQua: 40,
    LeftQua: 60,
    PerMemberQua: 2,
    HeldQua: 1,
    CanClaim: 1,
    Reason: '',
    Status: 1,
    ...over
  }
}

function card(CardID: string, over: Partial<CouponCardRow> = {}): CouponCardRow {
  return {
    ...TERMS,
    CardID,
    CardCode: `CODE${CardID}`,
    Status: CARD_STATUS.AVAILABLE,
    ValidFrom: '2026-11-22',
    ValidTo: '2026-12-22',
    Source: 'recharge',
    ClaimedDate: '2026-11-22 12:00:00',
    UsedDate: '',
    SheetID: '',
    ...over
  }
}

describe('a coupon plan (CouponPlanDetail) and how a card was issued (CouponIssueCardDetail)', () => {
  it.each([
    ['en', 'Claim period', '1 Nov 2026, 00:00 to 31 Dec 2026, 23:59', '60 cards', '2 cards', '1 card'],
    ['zh-CN', '领取时间', '2026年11月1日 00:00 至 2026年12月31日 23:59', '60 张', '2 张', '1 张'],
    ['zh-TW', '領取時間', '2026年11月1日 00:00 至 2026年12月31日 23:59', '60 張', '2 張', '1 張']
  ] as [Locale, string, string, string, string, string][])('a plan: claim period, cards left, the limit, what the member holds, its rules; Claim (%s)', async (locale, periodLabel, period, left, per, held) => {
    let p = plan()
    const { host } = await open(() => <CouponPlan />, {
      CouponPlanDetail: (r) => (r[0].PlanID === 'P1' ? ok({ table1: [p] }) : fail('0', '20054', 'no plan')),
      CouponPlanList: () => ok({ table1: [p], table2: [{ Total: 1 }] }),
      CouponCardList: () => ok({ table1: [], table2: [{ Total: 0 }], table3: [] }),
      CouponCardProvide: () => {
        p = plan({ HeldQua: 2, LeftQua: 59, CanClaim: 0, Reason: 'limit' })
        return ok({ table1: [card('C9', { Source: 'claim' })], table2: [p] })
      }
    }, { locale, params: { PlanID: 'P1' } })
    await screen.findByTestId('coupon-plan-detail')
    expect(screen.getByTestId('coupon-plan-detail').textContent).toContain(periodLabel)
    expect(screen.getByTestId('coupon-plan-window').textContent).toBe(period)
    expect(screen.getByTestId('coupon-plan-left').textContent).toBe(left)
    expect(screen.getByTestId('coupon-plan-per-member').textContent).toBe(per)
    expect(screen.getByTestId('coupon-plan-held').textContent).toBe(held)
    expect(screen.getByTestId('coupon-plan-description').textContent).toBe('One per member. Not with other offers.')
    expect(screen.queryByTestId('coupon-issue')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('coupon-plan-claim')))
    await act(async () => undefined)
    expect(host.toasts.length).toBe(1)
    expect(screen.queryByTestId('coupon-plan-claim')).toBeNull()
    expect(screen.getByTestId('coupon-plan-left').textContent).not.toBe(left)
    expect(screen.getByTestId('coupon-plan-why')).toBeTruthy()
  })

  it('a card: where it came from and when, with its plan', async () => {
    await open(() => <CouponPlan />, {
      CouponIssueCardDetail: (r) =>
        r[0].CardID === 'C1'
          ? ok({
              table1: [{ CardID: 'C1', CardCode: 'CODEC1', Source: 'recharge', SourceID: 'RC1', IssuedDate: '2026-11-22 11:01:30', IssuedBy: 'system' }],
              table2: [plan({ CanClaim: 0, Reason: 'not-claimable' })]
            })
          : fail('0', '20054', 'Coupon does not exist')
    }, { params: { CardID: 'C1' } })
    await screen.findByTestId('coupon-issue')
    expect(screen.getByTestId('coupon-issue-source').textContent).toBe('Recharge gift')
    expect(screen.getByTestId('coupon-issue-date').textContent).toBe('22 Nov 2026, 11:01')
    expect(screen.getByTestId('coupon-issue-code').textContent).toBe('CODEC1')
    expect(screen.getByTestId('coupon-plan-why').textContent).toBe('Cannot be claimed now: Not claimable in the app')
    expect(screen.queryByTestId('coupon-plan-claim')).toBeNull()
  })

  it('an unknown plan says so and offers the coupons, no retry', async () => {
    const { host } = await open(() => <CouponPlan />, { CouponPlanDetail: () => fail('0', '20054', 'Coupon does not exist') }, { params: { PlanID: 'NOPE' } })
    expect(await screen.findByText('This coupon plan was not found')).toBeTruthy()
    expect(screen.queryByText('Retry')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('state-way-on')))
    expect(host.navigations).toContain('/pages/couponsList/couponsList')
  })

  it('a link with no plan or card says so, and asks nothing', async () => {
    const { calls } = await open(() => <CouponPlan />, {}, { params: {} })
    expect(await screen.findByText('This coupon plan was not found')).toBeTruthy()
    expect(calls).not.toContain('CouponPlanDetail')
    expect(calls).not.toContain('CouponIssueCardDetail')
  })

  it('My coupons opens a plan', async () => {
    const script: Script = {
      CouponPlanList: () => ok({ table1: [plan()], table2: [{ Total: 1 }] }),
      CouponCardList: () => ok({ table1: [card('C1')], table2: [{ Total: 1 }], table3: [{ Status: 0, Qua: 1 }] }),
      CouponCardDetail: () => ok({ table1: [card('C1')], table2: [] })
    }
    const list = await open(() => <CouponsList />, script, { onLoad: (root) => root.coupons.refresh() })
    const ticket = await screen.findByTestId('coupon-plan')
    await act(async () => fireEvent.click(within(ticket).getAllByRole('button')[0]))
    expect(list.host.navigations).toContain('/pages/couponPlan/couponPlan?PlanID=P1')
  })

  it('a card’s details link to its plan and issue', async () => {
    const { host } = await open(
      () => <CouponDetails />,
      { CouponCardDetail: () => ok({ table1: [card('C1')], table2: [] }), CouponCardList: () => ok({ table1: [], table2: [{ Total: 0 }], table3: [] }) },
      { params: { CardID: 'C1' }, onLoad: (root) => root.coupons.loadCard('C1') }
    )
    const link = await screen.findByTestId('coupon-plan-link')
    expect(link.textContent).toBe('Coupon plan and how you got it')
    await act(async () => fireEvent.click(link))
    expect(host.navigations).toContain('/pages/couponPlan/couponPlan?CardID=C1')
  })
})
