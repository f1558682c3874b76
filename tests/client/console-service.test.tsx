/**
 * The console's orders, after-sale, reviews, coupons and members pages (issue 23 item 4), rendered
 * in the console frame with a fake StaffApi and browser handed in through the root store's
 * constructor: what each role sees and may do, what each action sends, how refusals and the camera
 * are told. The camera module is checked on its own with a fake camera, BarcodeDetector and a real
 * QR code decoded by jsQR.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import qrcode from 'qrcode-generator'
import { StaffError } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { translate } from '../../src/console/i18n'
import { chooseDecoder, jsQrDecoder, problemOf, startScan, type CameraEnv } from '../../src/console/qr-camera'
import { ConsoleStore, STORAGE_KEYS } from '../../src/console/stores/console-store'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import type { OrderRow } from '../../src/gateway/order-rows'
import type { StaffAfterSaleRow, StaffCouponPlanRow, StaffReviewRow, StaffSessionRow } from '../../src/gateway/staff-contract'
import { FakeStaffApi } from './support/fake-staff-api'


class FakeBrowser implements ConsoleBrowser {
  readonly saved = new Map<string, string>()
  readonly downloads: { fileName: string; text: string; mimeType: string }[] = []
  hashValue = ''
  private readonly listeners = new Set<() => void>()
  storage = {
    get: (key: string) => this.saved.get(key) ?? null,
    set: (key: string, value: string) => void this.saved.set(key, value),
    remove: (key: string) => void this.saved.delete(key)
  }
  hash = () => this.hashValue
  setHash = (hash: string) => {
    this.hashValue = hash
    this.listeners.forEach((l) => l())
  }
  replaceHash = (hash: string) => this.setHash(hash)
  path = () => '/console/'
  search = () => ''
  onHashChange = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  download = (fileName: string, text: string, mimeType: string) => void this.downloads.push({ fileName, text, mimeType })
  languages = () => ['en-GB']
  setDocumentLanguage = () => undefined
  setTitle = () => undefined
  now = () => new Date('2026-11-28T02:00:00.000Z')
  every = () => () => undefined
}

const T = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params)

const SCOPE = [
  { ShopID: 'S101', BaseID: '', Names: { 'zh-CN': '茶楼', 'zh-TW': '茶樓', en: 'Tea House' } },
  { ShopID: 'S101', BaseID: 'B201', Names: { 'zh-CN': '堂食', 'zh-TW': '堂食', en: 'Dine-in' } }
]

/** A console signed in as `role`, on the page of `hash`. */
async function open(role: StaffRole, hash: string, setUpApi: (api: FakeStaffApi) => void = () => undefined) {
  const api = new FakeStaffApi()
  const browser = new FakeBrowser()
  browser.hashValue = hash
  const me: StaffSessionRow = {
    Token: `st_${role}`,
    StaffID: `P-${role}`,
    EntID: 'E1001',
    Name: `${role} person`,
    Role: role,
    Permissions: ROLE_PERMISSIONS[role].join(','),
    Locale: 'en',
    DeviceID: '',
    DeviceName: '',
    ExpiresAt: '2026-11-29T02:00:00.000Z'
  }
  api.on('StaffMe', () => ({ table1: [{ ...me, Token: '' }], table2: SCOPE }))
  browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: me.Token, entId: 'E1001' }))
  setUpApi(api)
  const store = new ConsoleStore({ api, browser })
  await store.start()
  render(<App store={store} />)
  return { api, browser, store }
}

const order = (extra: Partial<OrderRow> = {}): OrderRow =>
  ({
    SheetID: '2611280001',
    ShopID: 'S101',
    ShopName: 'Tea House',
    BaseID: 'B201',
    BaseName: 'Dine-in',
    TableID: '',
    TableName: '',
    PayMode: 'prepay',
    ServiceType: 'takeaway',
    PosiType: 0,
    Status: 1,
    PickupNo: '12',
    BusinessDay: '2026-11-28',
    AppointedTime: '',
    Remarks: '',
    GoodsAmount: '44.00',
    BagQua: 0,
    BagFee: '0',
    Freight: '0',
    CardID: '',
    CouponName: '',
    CouponAmount: '0',
    Amount: '44.00',
    PaidAmount: '44.00',
    RefundedAmount: '0',
    CreatedDate: '2026-11-28 10:00:00',
    ExpireDate: '',
    PaidDate: '2026-11-28 10:01:00',
    ReadyDate: '',
    CompletedDate: '',
    CancelledDate: '',
    TableSheetID: '',
    RoundNo: 0,
    Contact: '',
    Phone: '',
    Address: '',
    DeliveryLat: 0,
    DeliveryLng: 0,
    AddressID: '',
    RegionName: '',
    DeliveryDistance: -1,
    LineCount: 1,
    CanCancel: 0,
    CanPay: 0,
    ...extra
  }) as OrderRow

describe('orders', () => {
  it('the kitchen sees its orders with their state in words, marks one ready, and is offered no cancel', async () => {
    const { api } = await open('kitchen', '#/orders', (api) => {
      api.on('StaffOrderList', () => ({ table1: [order()], table2: [{ Total: 1 }] }))
      api.on('StaffOrderReady', () => ({ table1: [order({ Status: 5 })] }))
    })
    const row = (await screen.findByText('#12')).closest('tr')!
    expect(within(row).getByText(T('orderStatus.1'))).toBeTruthy()
    expect(within(row).queryByRole('button', { name: `${T('orders.cancel')} #12 (2611280001)` })).toBeNull()
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: `${T('orders.ready')} #12 (2611280001)` }))
    })
    expect(api.inputsOf('StaffOrderReady')).toEqual([{ SheetID: '2611280001' }])
    expect(await screen.findByText(T('orders.movedReady', { order: '#12 (2611280001)' }))).toBeTruthy()
  })

  it('filters by branch, state and day; a manager cancels a paid order only with a reason, and hears it was refunded', async () => {
    const { api } = await open('manager', '#/orders', (api) => {
      api.on('StaffOrderList', () => ({ table1: [order()], table2: [{ Total: 1 }] }))
      api.on('StaffOrderCancel', () => ({ table1: [order({ Status: 3, RefundedAmount: '44.00' })] }))
    })
    await screen.findByText('#12')
    fireEvent.change(screen.getByLabelText(T('orders.branch')), { target: { value: 'B201' } })
    fireEvent.change(screen.getByLabelText(T('orders.status')), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText(T('orders.day'), { exact: false }), { target: { value: '2026-11-28' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('list.apply') }))
    })
    expect(api.inputsOf('StaffOrderList').at(-1)).toEqual({ BaseID: 'B201', Status: 1, Day: '2026-11-28', PageIndex: 1, PageSize: 20 })

    fireEvent.click(screen.getByRole('button', { name: `${T('orders.cancel')} #12 (2611280001)` }))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T('orders.cancelTitle', { order: '#12 (2611280001)' }))
    expect(screen.getByText(T('orders.cancelRefundBody', { amount: '44.00' }))).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('orders.cancelRefund') }))
    })
    expect(screen.getByRole('alert').textContent).toContain(T('error.reasonRequired'))
    expect(api.inputsOf('StaffOrderCancel')).toEqual([])
    fireEvent.change(screen.getByLabelText(T('field.reason')), { target: { value: 'Out of soup' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('orders.cancelRefund') }))
    })
    expect(api.inputsOf('StaffOrderCancel')).toEqual([{ SheetID: '2611280001', Reason: 'Out of soup' }])
    expect(await screen.findByText(T('orders.cancelledRefunded', { order: '#12 (2611280001)', amount: '44.00' }))).toBeTruthy()
  })

  it("an order's details list what was ordered; a refusal is announced", async () => {
    await open('cashier', '#/orders', (api) => {
      api.on('StaffOrderList', () => ({ table1: [order({ Status: 5 })], table2: [{ Total: 1 }] }))
      api.on('StaffOrderGet', () => ({ table1: [order({ Status: 5 })], table2: [{ SheetID: '2611280001', LineNo: 1, GoodsName: 'Wonton soup', SkuName: '', RemarkText: 'Spice: Mild', AddOnText: '', BomText: '', Qua: '2', Unit: 'bowl', Amount: '44.00', RoundNo: 0 } as never] }))
      api.on('StaffOrderComplete', () => {
        throw new StaffError('business', 'The order is not in a state that allows this.', 'StaffOrderComplete', '0', '20018')
      })
    })
    await screen.findByText('#12')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `${T('orders.details')} #12 (2611280001)` }))
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T('orders.orderTitle', { order: '#12 (2611280001)' }))
    expect(screen.getByText('Wonton soup')).toBeTruthy()
    expect(screen.getByText('Spice: Mild')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `${T('orders.complete')} #12 (2611280001)` }))
    })
    expect(screen.getByRole('alert').textContent).toContain('not in a state')
  })
})

const request = (extra: Partial<StaffAfterSaleRow> = {}): StaffAfterSaleRow => ({
  AfterSaleID: 'AS1',
  SheetID: '2611280001',
  Status: 0,
  WholeOrder: 0,
  Reason: 'quality',
  Content: 'Cold soup',
  Amount: '10.00',
  RefundedAmount: '0',
  Images: [{ FileID: 'F1', Url: 'https://x/f1.jpg', ThumbUrl: 'https://x/f1-t.jpg', Width: 100, Height: 100 }],
  ShopNote: '',
  CreatedDate: '2026-11-28 11:00:00',
  DecidedDate: '',
  RefundedDate: '',
  CanWithdraw: 1,
  ShopID: 'S101',
  BaseID: 'B201',
  OrderPaidAmount: '44.00',
  OrderStatus: 2,
  PickupNo: '12',
  MemberName: 'Mei',
  MemberMaskedPhone: '+853 66****56',
  ...extra
})

describe('after-sale', () => {
  it('a manager opens a waiting request (photo with its text alternative) and approves it with a note: the refund is announced', async () => {
    const { api } = await open('manager', '#/aftersale', (api) => {
      api.on('StaffAfterSaleList', () => ({ table1: [request()], table2: [{ Total: 1 }] }))
      api.on('StaffAfterSaleGet', () => ({ table1: [request()], table2: [{ AfterSaleID: 'AS1', LineNo: 1, GoodsID: 'g', GoodsName: 'Wonton soup', Qua: 1, Amount: '22.00' }], table3: [] }))
      api.on('StaffAfterSaleApprove', () => ({ table1: [request({ Status: 3, RefundedAmount: '10.00', ShopNote: 'Sorry' })], table2: [], table3: [{ PayID: 'P1', Provider: 'balance', Amount: '10.00', RefundRef: 'AS1', CreatedAt: '2026-11-28T03:00:00.000Z' }] }))
    })
    expect(api.inputsOf('StaffAfterSaleList')[0]).toMatchObject({ Status: 0 })
    const openButton = await screen.findByRole('button', { name: `${T('aftersale.decide')} 2611280001` })
    await act(async () => {
      fireEvent.click(openButton)
    })
    expect(screen.getByRole('img', { name: T('aftersale.photoAlt', { n: 1, total: 1 }) })).toBeTruthy()
    expect(screen.getByText('Cold soup')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: T('aftersale.approve') }))
    fireEvent.change(screen.getByLabelText(T('aftersale.note')), { target: { value: 'Sorry' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('aftersale.approveConfirm', { amount: '10.00' }) }))
    })
    expect(api.inputsOf('StaffAfterSaleApprove')).toEqual([{ AfterSaleID: 'AS1', Note: 'Sorry' }])
    expect(await screen.findByText(T('aftersale.approved', { amount: '10.00', order: '2611280001' }))).toBeTruthy()
    expect(screen.getByText(T('aftersaleStatus.3'), { selector: '.badge' })).toBeTruthy()
    expect(screen.getByText(new RegExp(`^10\\.00 ${T('aftersale.toBalance')}, `))).toBeTruthy()
  })

  it('a rejection needs the reason the member reads', async () => {
    const { api } = await open('owner', '#/aftersale', (api) => {
      api.on('StaffAfterSaleList', () => ({ table1: [request()], table2: [{ Total: 1 }] }))
      api.on('StaffAfterSaleGet', () => ({ table1: [request()], table2: [], table3: [] }))
      api.on('StaffAfterSaleReject', (input) => ({ table1: [request({ Status: 2, ShopNote: input.Reason })], table2: [], table3: [] }))
    })
    const openButton = await screen.findByRole('button', { name: `${T('aftersale.decide')} 2611280001` })
    await act(async () => {
      fireEvent.click(openButton)
    })
    fireEvent.click(screen.getByRole('button', { name: T('aftersale.reject') }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('aftersale.rejectConfirm') }))
    })
    expect(screen.getByRole('alert').textContent).toContain(T('aftersale.rejectReasonRequired'))
    fireEvent.change(screen.getByLabelText(T('aftersale.rejectReason')), { target: { value: 'The soup left hot' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('aftersale.rejectConfirm') }))
    })
    expect(api.inputsOf('StaffAfterSaleReject')).toEqual([{ AfterSaleID: 'AS1', Reason: 'The soup left hot' }])
  })

  it('a cashier cannot open the page', async () => {
    const { store } = await open('cashier', '#/aftersale')
    expect(store.view).toEqual({ name: 'not-permitted', page: 'aftersale' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T('shell.notPermitted.title'))
  })
})

const review = (extra: Partial<StaffReviewRow> = {}): StaffReviewRow => ({
  ReviewID: 'RV1',
  ShopID: 'S101',
  GoodsID: 'S101.g.F01',
  GoodsNames: { 'zh-CN': '云吞汤', 'zh-TW': '雲吞湯', en: 'Wonton soup' },
  SheetID: '2611280001',
  LineNo: 1,
  VipName: 'Ho',
  Anonymous: 0,
  Imported: 0,
  Stars: 2,
  Content: 'Too salty',
  Photos: [],
  Reply: '',
  RepliedAt: '',
  Hidden: 0,
  CreatedAt: '2026-11-28T02:00:00.000Z',
  UpdatedAt: '',
  ...extra
})

describe('reviews', () => {
  it('a manager replies (counted, at most 500 characters), hides a review only with a reason, and shows it again', async () => {
    const { api } = await open('manager', '#/reviews', (api) => {
      api.on('StaffReviewList', () => ({ table1: [review()], table2: [{ Total: 1 }] }))
      api.on('StaffReviewReply', (input) => ({ table1: [review({ Reply: input.Reply })] }))
      api.on('StaffReviewHiddenSet', (input) => ({ table1: [review({ Hidden: input.Hidden, Reply: 'Thanks' })] }))
    })
    const card = (await screen.findByRole('heading', { level: 2, name: 'Wonton soup' })).closest('article')!
    expect(within(card).getByText(T('reviews.starsOf', { n: 2 }))).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: `${T('reviews.reply')} Wonton soup` }))
    const box = within(card).getByLabelText(T('reviews.replyLabel'))
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } })
    expect(within(card).getByText(T('reviews.replyCount', { n: 501, max: 500 }))).toBeTruthy()
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: T('reviews.sendReply') }))
    })
    expect(within(card).getByText(T('reviews.replyTooLong', { max: 500 }))).toBeTruthy()
    fireEvent.change(box, { target: { value: 'Thanks' } })
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: T('reviews.sendReply') }))
    })
    expect(api.inputsOf('StaffReviewReply')).toEqual([{ ReviewID: 'RV1', Reply: 'Thanks' }])
    expect(await screen.findByText(T('reviews.replied'))).toBeTruthy()

    fireEvent.click(within(card).getByRole('button', { name: `${T('reviews.hide')} Wonton soup` }))
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: T('reviews.hideConfirm') }))
    })
    expect(within(card).getByText(T('error.reasonRequired'))).toBeTruthy()
    fireEvent.change(within(card).getByLabelText(T('field.reason'), { exact: false }), { target: { value: 'A competitor' } })
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: T('reviews.hideConfirm') }))
    })
    expect(api.inputsOf('StaffReviewHiddenSet')).toEqual([{ ReviewID: 'RV1', Hidden: 1, Reason: 'A competitor' }])
    expect(within(card).getByText(T('reviews.hiddenBadge'))).toBeTruthy()
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: `${T('reviews.show')} Wonton soup` }))
    })
    expect(api.inputsOf('StaffReviewHiddenSet').at(-1)).toEqual({ ReviewID: 'RV1', Hidden: 0, Reason: '' })
  })
})

const plan = (extra: Partial<StaffCouponPlanRow> = {}): StaffCouponPlanRow => ({
  PlanID: 'CP1',
  Code: 'LUNCH8',
  Names: { 'zh-CN': '午市券', 'zh-TW': '午市券', en: 'Lunch 8 off' },
  Rules: { 'zh-CN': '', 'zh-TW': '', en: '' },
  CouponType: 1,
  Amount: '8',
  DiscountRate: '0',
  MinAmount: '40',
  MaxOff: '0',
  ValidKind: 1,
  ValidDays: 14,
  ValidFrom: '',
  ValidTo: '',
  TotalQua: 100,
  IssuedQua: 3,
  PerMemberQua: 1,
  Claimable: 1,
  Status: 1,
  ShopIDs: 'S101',
  BaseIDs: '',
  ServiceTypes: '',
  GoodsIDs: '',
  ClassIDs: '',
  CanManage: 1,
  CreatedAt: '2026-11-01T00:00:00.000Z',
  ...extra
})

const card = (code: string, extra: Record<string, unknown> = {}) => ({
  CardID: `CC${code}`,
  Code: code,
  PlanID: 'CP1',
  PlanCode: 'LUNCH8',
  PlanNames: plan().Names,
  HolderVipID: '',
  HolderName: '',
  HolderMaskedPhone: '',
  Status: 0,
  ValidFrom: '2026-11-28',
  ValidTo: '2026-12-11',
  Source: 'voucher',
  OrderID: '',
  CreatedAt: '2026-11-28T02:00:00.000Z',
  ...extra
})

describe('coupons', () => {
  it('lists plans with worth, days and stock in words; pauses one; a plan of another shop offers no action', async () => {
    const { api } = await open('manager', '#/coupons', (api) => {
      api.on('StaffCouponPlanList', () => ({ table1: [plan(), plan({ PlanID: 'CP2', Code: 'NIGHT', Names: { 'zh-CN': '夜', 'zh-TW': '夜', en: 'Night' }, CanManage: 0, ShopIDs: 'S102' })] }))
      api.on('StaffCouponPlanStatusSet', (input) => ({ table1: [plan({ Status: input.Running })] }))
    })
    const row = (await screen.findByRole('rowheader', { name: /^Lunch 8 off/ })).closest('tr')!
    expect(within(row).getByText(`${T('coupons.cashWorth', { amount: '8' })} · ${T('coupons.fromSpend', { min: '40' })}`)).toBeTruthy()
    expect(within(row).getByText(T('coupons.daysFromCollection', { n: 14 }))).toBeTruthy()
    expect(within(row).getByText(T('coupons.issuedOf', { n: 3, total: 100 }))).toBeTruthy()
    expect(within(screen.getByRole('rowheader', { name: /^Night/ }).closest('tr')!).getByText(T('coupons.notYours'))).toBeTruthy()
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: `${T('coupons.pause')} Lunch 8 off` }))
    })
    expect(api.inputsOf('StaffCouponPlanStatusSet')).toEqual([{ PlanID: 'CP1', Running: 0, Reason: '' }])
    expect(within(row).getByText(T('coupons.pausedState'))).toBeTruthy()
  })

  it('a new plan: the form names every missing field, then sends the plan', async () => {
    const { api } = await open('owner', '#/coupons', (api) => {
      api.on('StaffCouponPlanList', () => ({ table1: [] }))
      api.on('StaffCouponPlanCreate', (input) => ({ table1: [plan({ Code: input.Code })] }))
    })
    fireEvent.click(await screen.findByRole('button', { name: T('coupons.new') }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.create') }))
    })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(T('coupons.error.code'))
    expect(alert.textContent).toContain(T('coupons.error.names'))
    expect(alert.textContent).toContain(T('coupons.error.amount'))
    expect(api.inputsOf('StaffCouponPlanCreate')).toEqual([])
    fireEvent.change(screen.getByLabelText(T('coupons.code'), { exact: false }), { target: { value: 'TEA15' } })
    fireEvent.change(screen.getByLabelText(T('coupons.name.zh-CN')), { target: { value: '茶 85 折' } })
    fireEvent.change(screen.getByLabelText(T('coupons.name.zh-TW')), { target: { value: '茶 85 折' } })
    fireEvent.change(screen.getByLabelText(T('coupons.name.en')), { target: { value: '15% off tea' } })
    fireEvent.click(screen.getByLabelText(T('coupons.kindDiscount')))
    fireEvent.change(screen.getByLabelText(T('coupons.rate')), { target: { value: '15' } })
    fireEvent.change(screen.getByLabelText(T('coupons.maxOff')), { target: { value: '20' } })
    fireEvent.click(screen.getByLabelText('Tea House'))
    fireEvent.click(screen.getByLabelText(T('service.takeaway')))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.create') }))
    })
    expect(api.inputsOf('StaffCouponPlanCreate')).toEqual([
      expect.objectContaining({ Code: 'TEA15', CouponType: 2, DiscountRate: '15', MaxOff: '20', Amount: '', ValidKind: 1, ValidDays: 30, ShopIDs: 'S101', ServiceTypes: 'takeaway', Claimable: 1, TotalQua: null, PerMemberQua: 1 })
    ])
    expect(await screen.findByText(T('coupons.created', { code: 'TEA15' }))).toBeTruthy()
  })

  it('issues cards to a member by phone, prints vouchers and downloads their codes', async () => {
    const { api, browser } = await open('manager', '#/coupons', (api) => {
      api.on('StaffCouponPlanList', () => ({ table1: [plan()] }))
      api.on('StaffCouponIssue', () => ({ table1: [card('111122223333', { HolderVipID: 'V1', Source: 'issue' })] }))
      api.on('StaffVoucherPrint', (input) => ({ table1: Array.from({ length: input.Qua }, (_, i) => card(`99990000000${i}`)) }))
    })
    fireEvent.click(await screen.findByRole('button', { name: `${T('coupons.issue')} Lunch 8 off` }))
    fireEvent.change(screen.getByLabelText(T('field.phone'), { exact: false }), { target: { value: '123' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.issueConfirm') }))
    })
    expect(screen.getByText(T('error.phoneInvalid'))).toBeTruthy()
    fireEvent.change(screen.getByLabelText(T('field.phone'), { exact: false }), { target: { value: '6612 3456' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.issueConfirm') }))
    })
    expect(api.inputsOf('StaffCouponIssue')).toEqual([{ PlanID: 'CP1', AreaCode: '853', Phone: '66123456', Qua: 1, Reason: '' }])
    expect(screen.getByText('111122223333', { exact: false })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: T('list.back') }))

    fireEvent.click(await screen.findByRole('button', { name: `${T('coupons.print')} Lunch 8 off` }))
    fireEvent.change(screen.getByLabelText(T('coupons.qua')), { target: { value: '2' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.printConfirm') }))
    })
    expect(api.inputsOf('StaffVoucherPrint')).toEqual([{ PlanID: 'CP1', Qua: 2, Reason: '' }])
    fireEvent.click(screen.getByRole('button', { name: T('coupons.downloadCodes') }))
    expect(browser.downloads).toEqual([{ fileName: 'vouchers-LUNCH8.csv', text: 'Code,ValidFrom,ValidTo\r\n999900000000,2026-11-28,2026-12-11\r\n999900000001,2026-11-28,2026-12-11\r\n', mimeType: 'text/csv;charset=utf-8' }])
  })

  it('looks a card up by its code (spaces ignored) and voids it only with a reason', async () => {
    let voided = false
    const { api } = await open('manager', '#/coupons', (api) => {
      api.on('StaffCouponPlanList', () => ({ table1: [plan()] }))
      api.on('StaffCouponCardGet', () => ({ table1: [card('123456789012', { Status: voided ? 3 : 0 })], table2: [{ At: '2026-11-28T02:00:00.000Z', Action: 'voucher', FromStatus: 0, ToStatus: 0, Actor: 'staff:P1', RefID: '' }], table3: [plan()] }))
      api.on('StaffCouponCardVoid', () => {
        voided = true
        return { table1: [card('123456789012', { Status: 3 })] }
      })
    })
    fireEvent.change(await screen.findByLabelText(T('coupons.cardCode'), { exact: false }), { target: { value: '1234 5678 9012' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.lookUp') }))
    })
    expect(api.inputsOf('StaffCouponCardGet')).toEqual([{ Code: '123456789012' }])
    expect(screen.getByText(T('coupons.nobody'))).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: T('coupons.void') }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.voidConfirm') }))
    })
    expect(api.inputsOf('StaffCouponCardVoid')).toEqual([])
    fireEvent.change(screen.getByLabelText(T('field.reason'), { exact: false }), { target: { value: 'Torn' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('coupons.voidConfirm') }))
    })
    expect(api.inputsOf('StaffCouponCardVoid')).toEqual([{ Code: '123456789012', Reason: 'Torn' }])
    expect(await screen.findByText(T('coupons.voided', { code: '123456789012' }))).toBeTruthy()
    expect(screen.getByText(T('cardStatus.3'))).toBeTruthy()
  })
})

const memberRow = { VipID: 'V1', EntID: 'E1001', Name: 'Mei', IsGuest: false, MaskedPhone: '+853 66****56', Balance: 'MOP$88.50', Points: 120, UsableCoupons: 2 }

/** A camera double: a stream with a track, a video that plays, a canvas whose pixels come from `frame`. */
function fakeCamera(options: { refuse?: string; detector?: string | null; frame?: { data: Uint8ClampedArray; width: number; height: number } } = {}) {
  const stopped: string[] = []
  const env: CameraEnv = {
    isSecureContext: true,
    mediaDevices: {
      getUserMedia: async () => {
        if (options.refuse) throw Object.assign(new Error('no'), { name: options.refuse })
        return { getTracks: () => [{ stop: () => stopped.push('track') }] } as unknown as MediaStream
      }
    },
    BarcodeDetector:
      options.detector === undefined
        ? undefined
        : (Object.assign(
            class {
              async detect() {
                return options.detector ? [{ rawValue: options.detector }] : []
              }
            },
            { getSupportedFormats: async () => ['qr_code'] }
          ) as never),
    createCanvas: () =>
      ({
        width: 0,
        height: 0,
        getContext: () => ({
          drawImage: () => undefined,
          getImageData: () => options.frame ?? { data: new Uint8ClampedArray(4), width: 1, height: 1 }
        })
      }) as unknown as HTMLCanvasElement,
    setTimer: (fn, ms) => setTimeout(fn, Math.min(ms, 5)),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>)
  }
  return { env, stopped }
}

function fakeVideo(): HTMLVideoElement {
  const video = document.createElement('video')
  Object.defineProperty(video, 'videoWidth', { value: 640 })
  Object.defineProperty(video, 'videoHeight', { value: 480 })
  video.play = async () => undefined
  return video
}

/** The RGBA pixels of a QR code of `text` (4 px a module, a quiet zone of 4 modules). */
function qrPixels(text: string): { data: Uint8ClampedArray; width: number; height: number } {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const modules = qr.getModuleCount()
  const scale = 4
  const size = (modules + 8) * scale
  const data = new Uint8ClampedArray(size * size * 4).fill(255)
  for (let r = 0; r < modules; r++)
    for (let c = 0; c < modules; c++) {
      if (!qr.isDark(r, c)) continue
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const i = (((r + 4) * scale + y) * size + (c + 4) * scale + x) * 4
          data[i] = data[i + 1] = data[i + 2] = 0
        }
    }
  return { data, width: size, height: size }
}

describe('members', () => {
  it('a cashier types a member code and sees the member; looks a member up by phone', async () => {
    const { api } = await open('cashier', '#/members', (api) => {
      api.on('StaffMemberVerify', () => ({ table1: [{ ...memberRow, ExpiresAt: '2026-11-28T02:02:00.000Z' }] }))
      api.on('StaffMemberLookup', () => ({ table1: [] }))
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('members.verify') }))
    })
    expect(screen.getByText(T('members.codeRequired'))).toBeTruthy()
    fireEvent.change(screen.getByLabelText(T('members.code')), { target: { value: ' M1.abc.def.ghi ' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('members.verify') }))
    })
    expect(api.inputsOf('StaffMemberVerify')).toEqual([{ Code: 'M1.abc.def.ghi' }])
    expect(screen.getByText('MOP$88.50')).toBeTruthy()
    expect(screen.getByText(T('members.verifiedNotice', { name: 'Mei' }))).toBeTruthy()
    fireEvent.change(screen.getByLabelText(T('field.phone')), { target: { value: '66123456' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('members.lookUp') }))
    })
    expect(api.inputsOf('StaffMemberLookup')).toEqual([{ AreaCode: '853', Phone: '66123456' }])
    expect(screen.getByText(T('members.noneFound'))).toBeTruthy()
  })

  it('the camera refused: said with role=alert, and the typed field still checks a code', async () => {
    const { api, store } = await open('cashier', '#/members', (api) => {
      api.on('StaffMemberVerify', () => ({ table1: [{ ...memberRow, ExpiresAt: '' }] }))
    })
    store.members.cameraEnv = fakeCamera({ refuse: 'NotAllowedError' }).env
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('members.scan') }))
    })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(T('members.cameraDenied')))
    fireEvent.change(screen.getByLabelText(T('members.code')), { target: { value: 'M1.typed' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('members.verify') }))
    })
    expect(api.inputsOf('StaffMemberVerify')).toEqual([{ Code: 'M1.typed' }])
  })

  it('a code the camera reads (BarcodeDetector) is checked at once and the camera stops', async () => {
    const { api, store } = await open('manager', '#/members', (api) => {
      api.on('StaffMemberVerify', () => ({ table1: [{ ...memberRow, ExpiresAt: '' }] }))
    })
    const camera = fakeCamera({ detector: 'M1.scanned.code.sig' })
    store.members.cameraEnv = camera.env
    // jsdom's <video> cannot play: the page's video gets a size and a play that resolves.
    const proto = HTMLMediaElement.prototype as unknown as { play: () => Promise<void> }
    const play = proto.play
    proto.play = async () => undefined
    Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 })
    Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 })
    try {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: T('members.scan') }))
      })
      await waitFor(() => expect(api.inputsOf('StaffMemberVerify')).toEqual([{ Code: 'M1.scanned.code.sig' }]))
      expect((screen.getByLabelText(T('members.code')) as HTMLInputElement).value).toBe('M1.scanned.code.sig')
      expect(camera.stopped).toEqual(['track'])
      expect(screen.queryByLabelText(T('members.cameraLabel'))).toBeNull()
    } finally {
      proto.play = play
      delete (HTMLVideoElement.prototype as unknown as Record<string, unknown>).videoWidth
      delete (HTMLVideoElement.prototype as unknown as Record<string, unknown>).videoHeight
    }
  })
})

describe('qr-camera', () => {
  it('uses BarcodeDetector where it reads QR codes, else jsQR', async () => {
    expect((await chooseDecoder({ BarcodeDetector: fakeCamera({ detector: 'x' }).env.BarcodeDetector })).kind).toBe('native')
    const noQr = Object.assign(class {}, { getSupportedFormats: async () => ['ean_13'] }) as never
    expect((await chooseDecoder({ BarcodeDetector: noQr })).kind).toBe('jsqr')
    expect((await chooseDecoder({})).kind).toBe('jsqr')
  })

  it('jsQR reads a real member code out of a frame', async () => {
    const frame = qrPixels('M1.3f9a0c1d2e.sx1k2.AbCdEfGhIjKlMnOpQrStUv')
    const context = { getImageData: () => frame } as unknown as CanvasRenderingContext2D
    expect(await jsQrDecoder({ width: frame.width, height: frame.height } as HTMLCanvasElement, context)).toBe('M1.3f9a0c1d2e.sx1k2.AbCdEfGhIjKlMnOpQrStUv')
  })

  it('scans frames with jsQR until a code shows, then stops the camera', async () => {
    const camera = fakeCamera({ frame: qrPixels('M1.frame.code') })
    const codes: string[] = []
    await new Promise<void>((resolve, reject) => {
      void startScan(fakeVideo(), camera.env, {
        onScanning: () => undefined,
        onCode: (code) => {
          codes.push(code)
          resolve()
        },
        onProblem: (p) => reject(new Error(p))
      })
    })
    expect(codes).toEqual(['M1.frame.code'])
    expect(camera.stopped).toEqual(['track'])
  })

  it('tells why the camera cannot start', async () => {
    expect(problemOf({ name: 'NotAllowedError' })).toBe('denied')
    expect(problemOf({ name: 'NotFoundError' })).toBe('unavailable')
    expect(problemOf(new Error('x'))).toBe('failed')
    const problems: string[] = []
    const handlers = { onScanning: () => undefined, onCode: () => undefined, onProblem: (p: string) => void problems.push(p) }
    await startScan(fakeVideo(), { ...fakeCamera().env, mediaDevices: undefined, isSecureContext: false }, handlers)
    await startScan(fakeVideo(), { ...fakeCamera().env, mediaDevices: undefined }, handlers)
    await startScan(fakeVideo(), fakeCamera({ refuse: 'NotFoundError' }).env, handlers)
    expect(problems).toEqual(['insecure', 'unavailable', 'unavailable'])
  })
})
