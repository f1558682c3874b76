import { observable, runInAction } from 'mobx'
import { Gateway } from '../../src/gateway/gateway-client'
import type { HttpRequest, HttpResponse } from '../../src/hosts/host'
import type { BaseRow } from '../../src/gateway/operations'
import type { OrderRow, TableSheetRow } from '../../src/gateway/order-rows'
import { completeLine, lineAmount, type CartEntry } from '../../src/core/cart'
import { parseWallClock, type WallClock } from '../../src/core/wall-clock'
import { CheckoutStore, hashText, orderLineInputs, type CheckoutPlace } from '../../src/features/checkout/checkout.store'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { BASE } from './support/fake-gateway-server'
import { lineInput } from './support/menu-rows'

// ---------- rows ----------

function order(over: Partial<OrderRow> = {}): OrderRow {
  return {
    SheetID: 'O1', ShopID: 'S101', ShopName: '', BaseID: 'B201', BaseName: '', TableID: '', TableName: '', PayMode: 'prepay',
    ServiceType: 'takeaway', PosiType: 7, Status: 0, PickupNo: '', BusinessDay: '2026-11-22', AppointedTime: '', Remarks: '',
    GoodsAmount: '20.00', BagQua: 0, BagFee: '0.00', Freight: '0.00', Amount: '20.00', PaidAmount: '0.00', RefundedAmount: '0',
    CreatedDate: '2026-11-22 12:00:00', ExpireDate: '', PaidDate: '', ReadyDate: '', CompletedDate: '', CancelledDate: '',
    TableSheetID: '', RoundNo: 0, Contact: '', Phone: '', Address: '', DeliveryLat: 0, DeliveryLng: 0, AddressID: '', RegionName: '', DeliveryDistance: -1, LineCount: 1, CanCancel: 1, CanPay: 1, ProgressRef: '',
    CardID: '', CouponName: '', CouponAmount: '0',
    ...over
  }
}

function sheet(over: Partial<TableSheetRow> = {}): TableSheetRow {
  return {
    SheetID: 'SH1', ShopID: 'S101', BaseID: 'B201', BaseName: '', TableID: 'A03', TableName: 'A03', PosiType: 2, Status: 0,
    CreatedDate: '2026-11-22 11:50:00', SecondsLeft: -1, RoundCount: 1, Amount: '20.00', PaidAmount: '0.00', SettlementID: '',
    ClosedDate: '', QuaEditable: 0, OrderingAllowed: 1,
    ...over
  }
}

function entry(GoodsID: string, lines: CartEntry['lines']): CartEntry {
  return {
    goodsDetails: { GoodsID, ShopID: 'S101', BaseID: 'B201', Ref: '6', GoodsName: `Goods ${GoodsID}`, GoodsType: 0, Unit: 'bowl', ImageUrl: '', StepQua: '1' },
    lines,
    businessMode: '0'
  }
}

const PLAIN = entry('G1', [completeLine(lineInput({ mQua: '2' }), '1700000000000aaaaaaaaaa')])

// ---------- a scripted server and a store ----------

type Handler = (record: Record<string, unknown>) => HttpResponse | Promise<HttpResponse>

function setup(handlers: Record<string, Handler> = {}, opts: { base?: Partial<BaseRow>; sheetId?: string; tableId?: string; now?: string } = {}) {
  const calls: { op: string; record: Record<string, unknown> }[] = []
  const all: Record<string, Handler> = {
    OrderPricePreview: () => ok({ table1: [order()], table2: [] }),
    OrderSubmit: () => ok({ table1: [order()], table2: [] }),
    ...handlers
  }
  const host = createFakeHost((req: HttpRequest) => {
    const { fields, records } = envelopeOf(req)
    calls.push({ op: fields.KeyName, record: records[0] })
    const h = all[fields.KeyName]
    return h ? h(records[0]) : fail('10003', '0', `unknown ${fields.KeyName}`, 404)
  })
  const gateway = new Gateway({
    host,
    identity: () => ({ EntID: 'E1001', UserID: 'U1' }),
    locale: () => 'en',
    networkErrorText: () => 'Network connection error',
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: ''
  })
  const state = observable({
    now: parseWallClock(opts.now ?? '2026-11-22 12:00:00') as WallClock | null,
    entries: [PLAIN] as CartEntry[],
    place: {
      ShopID: 'S101',
      BaseID: 'B201',
      TableID: opts.tableId ?? '',
      SheetID: opts.sheetId ?? '',
      QRCode: opts.tableId ? `QR-${opts.tableId}-token` : '',
      base: { ...BASE, ...opts.base } as BaseRow
    } as CheckoutPlace
  })
  const checkout = new CheckoutStore(gateway, {
    place: () => state.place,
    now: () => state.now,
    entries: () => state.entries,
    previewDelayMs: 0
  })
  const ops = () => calls.map((c) => c.op)
  const callsOf = (op: string) => calls.filter((c) => c.op === op)
  const setNow = (text: string) => runInAction(() => (state.now = parseWallClock(text)))
  const setEntries = (e: CartEntry[]) => runInAction(() => (state.entries = e))
  return { checkout, calls, ops, callsOf, setNow, setEntries, host }
}

/** Lets timers (the preview's delay) and answers run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 2))
}

/** Makes the store ready to submit. */
function fillIn(checkout: CheckoutStore): void {
  checkout.setAgreed(true)
}

afterEach(() => undefined)

describe('checkout store', () => {
  describe('cart lines as the server is asked to price them', () => {
    it('turns every line into an OrderLineInput with its amount', () => {
      const pack = completeLine(
        lineInput({
          sku: { SkuID: 'K2', SkuCode: 'K2', SkuItems: 'v1', SkuName: 'Large' },
          PUnit: 'box',
          PCode: 'P6',
          Ref: '6',
          pQua: '2',
          mQua: '1',
          PSalesPrice: '55',
          PUnitPrice: '60',
          remarkList: [{ name: 'Spice', option: 'Mild' }],
          attachmentList: [{ OptionID: 'A1', Value: 'Egg', Value2: '4', Value3: '3' }],
          bomList: [{ BOMClassID: 'BC1', GoodsID: 'G9', GoodsName: 'Tea', BOMQua: '1', BOMGoodsPUnit: '', Price: '2' }]
        }),
        'u2'
      )
      const inputs = orderLineInputs([entry('G1', [PLAIN.lines[0]]), entry('G2', [pack])])
      expect(inputs).toEqual([
        { GoodsID: 'G1', SkuID: '', PCode: '', MQua: '2', PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: '20' },
        {
          GoodsID: 'G2',
          SkuID: 'K2',
          PCode: 'P6',
          MQua: '1',
          PQua: '2',
          Remarks: [{ name: 'Spice', option: 'Mild' }],
          AddOns: ['A1'],
          Bom: [{ BOMClassID: 'BC1', GoodsID: 'G9' }],
          Amount: lineAmount(pack)
        }
      ])
      // 2 × (55 + 3 + 2) + 1 × (10 + 3 + 2)
      expect(inputs[1].Amount).toBe('135')
    })
  })

  describe('service styles', () => {
    it('offers what the branch offers (BusinessMode, CYType)', () => {
      expect(setup().checkout.serviceOptions).toEqual(['dinein', 'takeaway', 'delivery'])
      expect(setup({}, { base: { CYType: '1' } }).checkout.serviceOptions).toEqual(['fastfood', 'takeaway', 'delivery'])
      expect(setup({}, { base: { BusinessMode: '1' } }).checkout.serviceOptions).toEqual(['takeaway'])
      expect(setup({}, { base: { BusinessMode: '2' } }).checkout.serviceOptions).toEqual(['delivery'])
    })

    it('never offers delivery for a table round, and ignores a style the branch does not offer', () => {
      const { checkout } = setup({}, { base: { BusinessMode: '1' } })
      checkout.begin('postpay')
      expect(checkout.serviceOptions).toEqual(['takeaway'])
      checkout.chooseService('delivery')
      expect(checkout.serviceType).toBe('takeaway')
      checkout.end()
      const s = setup()
      s.checkout.begin('postpay')
      expect(s.checkout.serviceOptions).toEqual(['dinein', 'takeaway'])
      s.checkout.end()
    })
  })

  describe('appointed time', () => {
    it('lists today and the next days on the enterprise clock; first slot after the cooking lead, on the quarter hour', () => {
      const { checkout } = setup()
      checkout.begin('prepay')
      checkout.end()
      const days = checkout.slotDays
      expect(days).toHaveLength(7)
      expect(days[0]).toMatchObject({ date: '2026-11-22', offset: 0 })
      // 12:00 + 15 min cooking → 12:15, then 15-minute steps
      expect(days[0].slots.slice(0, 3)).toEqual(['12:15', '12:30', '12:45'])
      expect(days[0].slots.at(-1)).toBe('21:45')
      expect(days[1].slots[0]).toBe('08:00')
      expect(checkout.asapOffered).toBe(true)
      expect(checkout.problems).not.toContain('checkout.outsideHours')
    })

    it('adds the delivery time for delivery, and drops a chosen time that is no longer offered', () => {
      const { checkout } = setup()
      checkout.begin('prepay')
      checkout.end()
      checkout.chooseTime('2026-11-22', '12:30')
      expect(checkout.appointed).toBe('2026-11-22 12:30')
      checkout.chooseService('delivery')
      // 15 cooking + 30 delivery → 12:45
      expect(checkout.slotDays[0].slots[0]).toBe('12:45')
      expect(checkout.appointed).toBe('')
    })

    it('keeps to the allowed weekdays', () => {
      // 2026-11-22 is a Sunday (7): only Mondays and Wednesdays allowed
      const { checkout } = setup({}, { base: { weekday: '1,3' } })
      checkout.begin('prepay')
      checkout.end()
      expect(checkout.slotDays.map((d) => d.date)).toEqual(['2026-11-23', '2026-11-25'])
      expect(checkout.asapOffered).toBe(false)
    })

    it('says the appointed time is outside business hours when closed now with no time chosen, or when a chosen time has passed', () => {
      const { checkout, setNow } = setup({}, { now: '2026-11-22 23:00:00' })
      checkout.begin('prepay')
      checkout.end()
      fillIn(checkout)
      expect(checkout.asapOffered).toBe(false)
      // Closed now and no time chosen: the diner is asked to choose one (not told a time is wrong).
      expect(checkout.problems).toEqual(['checkout.closedNow'])
      checkout.chooseTime('2026-11-23', '08:00')
      expect(checkout.problems).toEqual([])
      setNow('2026-11-23 09:00:00')
      expect(checkout.problems).toEqual(['checkout.outsideHours'])
    })

    it('sends the appointed time, or nothing for as soon as possible', async () => {
      const { checkout, callsOf } = setup()
      checkout.begin('prepay')
      fillIn(checkout)
      await checkout.submit()
      expect(callsOf('OrderSubmit')[0].record.AppointedTime).toBe('')
      checkout.chooseTime('2026-11-23', '09:15')
      await checkout.submit()
      expect(callsOf('OrderSubmit')[1].record.AppointedTime).toBe('2026-11-23 09:15')
      checkout.end()
    })
  })

  describe('rules before submitting', () => {
    it('requires agreeing to the privacy policy and sends nothing until then', async () => {
      const { checkout, ops } = setup()
      checkout.begin('prepay')
      await settle()
      const result = await checkout.submit()
      expect(result).toEqual({ ok: false, problem: 'checkout.agreePrivacy', server: null })
      expect(ops()).not.toContain('OrderSubmit')
      checkout.setAgreed(true)
      expect((await checkout.submit()).ok).toBe(true)
      checkout.end()
    })

    it('asks for contact and phone, then the address, for delivery', () => {
      const { checkout } = setup()
      checkout.begin('prepay')
      checkout.end()
      fillIn(checkout)
      checkout.chooseService('delivery')
      expect(checkout.problems).toEqual(['checkout.fillContact'])
      checkout.setContact('Ana')
      checkout.setPhone('6612 3456')
      expect(checkout.problems).toEqual(['checkout.chooseAddress'])
      checkout.setAddress('Rua Central 1')
      expect(checkout.problems).toEqual([])
      expect(checkout.placement?.Delivery).toEqual({ Contact: 'Ana', Phone: '6612 3456', Address: 'Rua Central 1', Lng: 0, Lat: 0 })
    })

    it('asks for a payment method on a prepay order and reports an empty cart', () => {
      const { checkout, setEntries } = setup()
      checkout.begin('prepay')
      checkout.end()
      fillIn(checkout)
      checkout.choosePayment('')
      expect(checkout.problems).toEqual(['checkout.selectPayment'])
      setEntries([])
      expect(checkout.problems[0]).toBe('checkout.cartEmpty')
    })
  })

  describe('totals from the server', () => {
    it('shows the server preview and fetches it again when a choice changes', async () => {
      const { checkout, callsOf } = setup({
        OrderPricePreview: (r) => ok({ table1: [order({ BagQua: Number(r.BagQua), BagFee: `${Number(r.BagQua)}.00`, Amount: `${20 + Number(r.BagQua)}.00` })], table2: [] })
      })
      checkout.begin('prepay')
      await settle()
      expect(callsOf('OrderPricePreview')).toHaveLength(1)
      expect(callsOf('OrderPricePreview')[0].record).toMatchObject({ ShopID: 'S101', BaseID: 'B201', ServiceType: 'dinein', BagQua: 0, Lines: orderLineInputs([PLAIN]) })
      expect(checkout.preview?.Amount).toBe('20.00')
      checkout.setBags(2)
      await settle()
      expect(callsOf('OrderPricePreview')).toHaveLength(2)
      expect(checkout.preview?.Amount).toBe('22.00')
      // Remarks are free text: no new price.
      checkout.setRemarks('no onion')
      await settle()
      expect(callsOf('OrderPricePreview')).toHaveLength(2)
      checkout.end()
    })

    it('keeps the newest answer when an older one arrives late', async () => {
      let release: (r: HttpResponse) => void = () => undefined
      let n = 0
      const { checkout } = setup({
        OrderPricePreview: () => {
          n++
          if (n === 1) return new Promise<HttpResponse>((r) => (release = r))
          return ok({ table1: [order({ Amount: '21.00' })], table2: [] })
        }
      })
      checkout.begin('prepay')
      await settle()
      checkout.setBags(1)
      await settle()
      release(ok({ table1: [order({ Amount: '20.00' })], table2: [] }))
      await settle()
      expect(checkout.preview?.Amount).toBe('21.00')
      checkout.end()
    })

    it('shows the server message naming the goods and offers to go back to the cart', async () => {
      const { checkout, host } = setup({ OrderPricePreview: () => fail('0', '20010', 'The price of Congee has changed; please check your cart and order again') })
      checkout.begin('prepay')
      await settle()
      expect(checkout.previewState).toBe('failed')
      expect(checkout.previewProblem).toEqual({ code: '20010', message: 'The price of Congee has changed; please check your cart and order again', backToCart: true })
      expect(host.toasts).toEqual([])
      checkout.end()
    })

    it.each([
      ['20048', 'Only 40 left of Hong Kong Milk Tea (Large / Iced)'],
      ['20049', 'At most 99 of Char Siu Bao in one order'],
      ['20050', 'At most 50 lines in one order']
    ])('a stock or cap refusal (%s) leads back to the cart, where it can be fixed, not to a Retry', async (resultcode, message) => {
      const { checkout } = setup({ OrderPricePreview: () => fail('0', resultcode, message) })
      checkout.begin('prepay')
      await settle()
      expect(checkout.previewProblem).toEqual({ code: resultcode, message, backToCart: true })
      checkout.end()
    })

    it('shows the sheet total with this round when the table has an open sheet', async () => {
      const { checkout, callsOf } = setup({ MergeOrderPreview: () => ok({ table1: [sheet({ Amount: '58.00' })], table2: [] }) }, { sheetId: 'SH1', tableId: 'A03' })
      checkout.begin('postpay')
      await settle()
      // The table's code rides along: the server shows the sheet only to whoever scanned it.
      expect(callsOf('MergeOrderPreview')[0].record).toMatchObject({ SheetID: 'SH1', TableID: 'A03', QRCode: 'QR-A03-token' })
      expect(checkout.mergePreview?.Amount).toBe('58.00')
      checkout.end()
    })
  })

  describe('submitting', () => {
    it('a double tap sends one request; a retry after a failure sends the same request key', async () => {
      let attempt = 0
      const { checkout, callsOf } = setup({
        OrderSubmit: () => {
          attempt++
          if (attempt === 1) throw new Error('socket hang up')
          return ok({ table1: [order({ SheetID: 'O77' })], table2: [] })
        }
      })
      checkout.begin('prepay')
      fillIn(checkout)
      const [a, b] = [checkout.submit(), checkout.submit()]
      expect(a).toBe(b)
      const first = await a
      expect(first.ok).toBe(false)
      if (!first.ok) expect(first.server?.message).toBe('Network connection error')
      const second = await checkout.submit()
      expect(second).toMatchObject({ ok: true, mode: 'prepay', order: { SheetID: 'O77' } })
      const keys = callsOf('OrderSubmit').map((c) => c.record.RequestKey)
      expect(keys).toHaveLength(2)
      expect(keys[0]).toBe(keys[1])
      expect(String(keys[0]).startsWith('1700000000000aaaaaaaaaa-')).toBe(true)
      checkout.end()
    })

    it('a different cart or choice is a different attempt with a different key', () => {
      const { checkout, setEntries } = setup()
      checkout.begin('prepay')
      checkout.end()
      const k1 = checkout.requestKey
      checkout.setBags(1)
      const k2 = checkout.requestKey
      expect(k2).not.toBe(k1)
      checkout.setBags(0)
      expect(checkout.requestKey).toBe(k1)
      setEntries([entry('G1', [completeLine(lineInput({ mQua: '3' }), '1700000000000aaaaaaaaaa')])])
      expect(checkout.requestKey).not.toBe(k1)
      expect(hashText('a')).not.toBe(hashText('b'))
    })

    it('shows why the server refused, offering the cart for goods that went off sale', async () => {
      const { checkout } = setup({ OrderSubmit: () => fail('0', '20009', 'Congee is not on sale now; please remove it from the cart') })
      checkout.begin('prepay')
      fillIn(checkout)
      const result = await checkout.submit()
      expect(result).toEqual({
        ok: false,
        problem: null,
        server: { code: '20009', message: 'Congee is not on sale now; please remove it from the cart', backToCart: true }
      })
      expect(checkout.submitProblem?.code).toBe('20009')
      expect(checkout.submitting).toBe(false)
      checkout.end()
    })

    it('postpay: merges the round into the open sheet', async () => {
      const { checkout, ops, callsOf } = setup(
        { MergeOrderPreview: () => ok({ table1: [sheet()], table2: [] }), MergeOrderSubmit: () => ok({ table1: [sheet({ RoundCount: 2 })], table2: [order({ RoundNo: 2 })] }) },
        { sheetId: 'SH1', tableId: 'A03' }
      )
      checkout.begin('postpay')
      fillIn(checkout)
      const result = await checkout.submit()
      expect(result).toMatchObject({ ok: true, mode: 'postpay', sheet: { SheetID: 'SH1', RoundCount: 2 }, round: { RoundNo: 2 } })
      expect(ops()).not.toContain('OrderSubmit')
      expect(callsOf('MergeOrderSubmit')[0].record).toMatchObject({ SheetID: 'SH1', TableID: 'A03', QRCode: 'QR-A03-token', ServiceType: 'dinein', AppointedTime: '' })
      checkout.end()
    })

    it('postpay without an open sheet: a meal sheet at a dine-in branch, a pos sheet at a fast-food one', async () => {
      const meal = setup({ MealPosOrderSubmit: () => ok({ table1: [sheet()], table2: [order()] }) }, { tableId: 'A01' })
      meal.checkout.begin('postpay')
      fillIn(meal.checkout)
      expect((await meal.checkout.submit()).ok).toBe(true)
      expect(meal.ops()).toContain('MealPosOrderSubmit')
      expect(meal.callsOf('MealPosOrderSubmit')[0].record.QRCode).toBe('QR-A01-token')
      meal.checkout.end()

      const fast = setup({ PosOrderSubmit: () => ok({ table1: [sheet({ PosiType: 4 })], table2: [order()] }) }, { tableId: 'T01', base: { CYType: '1' } })
      fast.checkout.begin('postpay')
      fillIn(fast.checkout)
      expect((await fast.checkout.submit()).ok).toBe(true)
      expect(fast.ops()).toContain('PosOrderSubmit')
      expect(fast.callsOf('PosOrderSubmit')[0].record.ServiceType).toBe('fastfood')
      expect(fast.callsOf('PosOrderSubmit')[0].record.QRCode).toBe('QR-T01-token')
      fast.checkout.end()

      // A takeaway round at a dine-in table opens a takeaway sheet: the meal call refuses it (20027).
      const takeaway = setup({ PosOrderSubmit: () => ok({ table1: [sheet({ PosiType: 7 })], table2: [order()] }) }, { tableId: 'A01' })
      takeaway.checkout.begin('postpay')
      fillIn(takeaway.checkout)
      takeaway.checkout.chooseService('takeaway')
      expect((await takeaway.checkout.submit()).ok).toBe(true)
      expect(takeaway.ops()).not.toContain('MealPosOrderSubmit')
      expect(takeaway.callsOf('PosOrderSubmit')[0].record.ServiceType).toBe('takeaway')
      takeaway.checkout.end()
    })
  })
})

describe('checkout store: delivery totals', () => {
  it('waits for the contact, phone and address before asking the server for a delivery total', async () => {
    const { checkout, callsOf } = setup()
    checkout.begin('prepay')
    await settle()
    expect(callsOf('OrderPricePreview')).toHaveLength(1)
    checkout.chooseService('delivery')
    await settle()
    expect(callsOf('OrderPricePreview')).toHaveLength(1)
    expect(checkout.preview).toBeNull()
    expect(checkout.previewBlockedBy).toBe('checkout.fillContact')
    checkout.setContact('Ana')
    checkout.setPhone('66123456')
    checkout.setAddress('Rua Central 1')
    await settle()
    expect(checkout.previewBlockedBy).toBeNull()
    expect(callsOf('OrderPricePreview')).toHaveLength(2)
    expect(callsOf('OrderPricePreview')[1].record.Delivery).toEqual({ Contact: 'Ana', Phone: '66123456', Address: 'Rua Central 1', Lng: 0, Lat: 0 })
    checkout.end()
  })

  it('a coupon card chosen on couponSelect goes with the preview and the order (prepay), prices again, and a new visit starts without one', async () => {
    const { checkout, callsOf } = setup()
    checkout.begin('prepay')
    await settle()
    expect(callsOf('OrderPricePreview')[0].record).not.toHaveProperty('CardID')
    checkout.chooseCard('CARD1')
    await settle()
    expect(callsOf('OrderPricePreview')).toHaveLength(2)
    expect(callsOf('OrderPricePreview')[1].record.CardID).toBe('CARD1')
    fillIn(checkout)
    checkout.chooseService('takeaway')
    await checkout.submit()
    expect(callsOf('OrderSubmit')[0].record.CardID).toBe('CARD1')
    // The order took it: the next one starts without a card, and so does the next visit.
    expect(checkout.cardId).toBe('')
    checkout.chooseCard('CARD2')
    checkout.begin('prepay')
    expect(checkout.placement).not.toHaveProperty('CardID')
    checkout.end()
  })

  it('a table round takes no card', () => {
    const { checkout } = setup({}, { tableId: 'A01', base: { CYType: '0' } })
    checkout.begin('postpay')
    checkout.chooseCard('CARD1')
    expect(checkout.cardId).toBe('')
    expect(checkout.placement).not.toHaveProperty('CardID')
    checkout.end()
  })
})
