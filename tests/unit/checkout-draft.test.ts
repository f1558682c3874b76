/**
 * What the confirm page keeps on the device (issue 12 items 8, 9, 10): the unsent choices per
 * place and mode survive a reload (a new store on the same storage), the last order placed is
 * offered again on an empty cart, the privacy-policy agreement is remembered per terms version,
 * and a night market's small-hours slot goes to the server on the next calendar date.
 */
import { observable, runInAction } from 'mobx'
import { Gateway } from '../../src/gateway/gateway-client'
import type { HttpRequest } from '../../src/hosts/host'
import type { BaseRow } from '../../src/gateway/operations'
import type { OrderRow } from '../../src/gateway/order-rows'
import { completeLine, type CartEntry } from '../../src/core/cart'
import { parseWallClock, type WallClock } from '../../src/core/wall-clock'
import { CheckoutStore, PLACED_OFFER_MS, type CheckoutPlace } from '../../src/features/checkout/checkout.store'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { BASE } from './support/fake-gateway-server'
import { lineInput } from './support/menu-rows'

const ORDER = { SheetID: 'O77', Amount: '20.00', GoodsAmount: '20.00', BagFee: '0.00', Freight: '0.00' } as OrderRow

function entry(): CartEntry {
  return {
    goodsDetails: { GoodsID: 'G1', ShopID: 'S101', BaseID: 'B201', Ref: '6', GoodsName: 'Goods G1', GoodsType: 0, Unit: 'bowl', ImageUrl: '', StepQua: '1' },
    lines: [completeLine(lineInput({ mQua: '1' }), '1700000000000aaaaaaaaaa')],
    businessMode: '0'
  }
}

/** One device: its storage outlives the stores made on it (a reload makes a new store). */
function device() {
  const calls: { op: string; record: Record<string, unknown> }[] = []
  const host = createFakeHost((req: HttpRequest) => {
    const { fields, records } = envelopeOf(req)
    calls.push({ op: fields.KeyName, record: records[0] })
    if (fields.KeyName === 'OrderPricePreview' || fields.KeyName === 'OrderSubmit') return ok({ table1: [ORDER], table2: [] })
    return fail('10003', '0', 'unknown', 404)
  })
  let ms = 1_800_000_000_000
  const open = (opts: { base?: Partial<BaseRow>; now?: string; baseId?: string; termsVersion?: string; placeLater?: boolean } = {}) => {
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
    const place: CheckoutPlace = { ShopID: 'S101', BaseID: opts.baseId ?? 'B201', TableID: '', SheetID: '', QRCode: '', base: { ...BASE, ...opts.base } as BaseRow }
    const state = observable({
      now: parseWallClock(opts.now ?? '2026-11-22 12:00:00') as WallClock | null,
      entries: [entry()] as CartEntry[],
      place: opts.placeLater ? null : place
    })
    const checkout = new CheckoutStore(gateway, {
      place: () => state.place,
      now: () => state.now,
      entries: () => state.entries,
      previewDelayMs: 0,
      storage: host.storage,
      termsVersion: opts.termsVersion,
      clock: () => ms
    })
    const arrive = () => runInAction(() => (state.place = place))
    const empty = () => runInAction(() => (state.entries = []))
    return { checkout, arrive, empty }
  }
  return { open, calls, host, later: (n: number) => (ms += n) }
}

describe('the checkout draft survives a reload', () => {
  it('service style, day and slot, remark and delivery details come back on the same branch', () => {
    const d = device()
    const first = d.open().checkout
    first.begin('prepay')
    first.chooseService('delivery')
    first.chooseTime('2026-11-23', '09:15')
    first.setRemarks('No coriander please')
    first.setContact('Ana Lei')
    first.setPhone('66123456')
    first.setAddress('Rua do Cunha 10, Taipa')
    first.end()

    // A reload: a new store on the same device, the session arriving after the page.
    const { checkout, arrive } = d.open({ placeLater: true })
    checkout.begin('prepay')
    expect(checkout.remarks).toBe('')
    arrive()
    expect(checkout.serviceType).toBe('delivery')
    expect(checkout.appointed).toBe('2026-11-23 09:15')
    expect(checkout.remarks).toBe('No coriander please')
    expect([checkout.contact, checkout.phone, checkout.address]).toEqual(['Ana Lei', '66123456', 'Rua do Cunha 10, Taipa'])
    checkout.end()
  })

  it('a kept time that has passed since is dropped, the rest kept', () => {
    const d = device()
    const first = d.open().checkout
    first.begin('prepay')
    first.chooseTime('2026-11-22', '12:30')
    first.setRemarks('Less ice')
    first.end()
    const later = d.open({ now: '2026-11-22 15:00:00' }).checkout
    later.begin('prepay')
    expect(later.appointed).toBe('')
    expect(later.remarks).toBe('Less ice')
    expect(later.problems).not.toContain('checkout.outsideHours')
    later.end()
  })

  it('another branch, or the other payment mode, starts fresh', () => {
    const d = device()
    const first = d.open().checkout
    first.begin('prepay')
    first.setRemarks('Extra napkins')
    first.end()
    const other = d.open({ baseId: 'B202' }).checkout
    other.begin('prepay')
    expect(other.remarks).toBe('')
    other.end()
    const postpay = d.open().checkout
    postpay.begin('postpay')
    expect(postpay.remarks).toBe('')
    postpay.end()
  })

  it('after placing, the next order starts without the time and remark, and the placed order is offered for a while', async () => {
    const d = device()
    const { checkout, empty } = d.open()
    checkout.begin('prepay')
    checkout.chooseService('takeaway')
    checkout.chooseTime('2026-11-23', '09:15')
    checkout.setRemarks('Less sugar')
    checkout.setAgreed(true)
    const result = await checkout.submit()
    expect(result.ok).toBe(true)
    empty()
    checkout.end()

    const again = d.open().checkout
    again.begin('prepay')
    expect(again.serviceType).toBe('takeaway')
    expect(again.appointed).toBe('')
    expect(again.remarks).toBe('')
    expect(again.placed).toMatchObject({ SheetID: 'O77', mode: 'prepay' })
    again.end()

    d.later(PLACED_OFFER_MS + 1)
    expect(d.open().checkout.loadPlaced()).toBeNull()
  })
})

describe('the privacy-policy agreement', () => {
  it('is asked once per terms version on this device', () => {
    const d = device()
    const first = d.open({ termsVersion: 'v1' }).checkout
    first.begin('prepay')
    expect(first.problems).toContain('checkout.agreePrivacy')
    first.setAgreed(true)
    first.end()

    const next = d.open({ termsVersion: 'v1' }).checkout
    next.begin('postpay')
    expect(next.agreed).toBe(true)
    expect(next.problems).not.toContain('checkout.agreePrivacy')
    next.end()

    const changed = d.open({ termsVersion: 'v2' }).checkout
    changed.begin('prepay')
    expect(changed.agreed).toBe(false)
    expect(changed.problems).toContain('checkout.agreePrivacy')
    changed.end()
  })
})

describe('a night market (18:00–02:00) at 14:00', () => {
  const night = { BeginTime: '18:00', EndTime: '02:00' }

  it('asks for a time instead of fetching totals that the server would refuse', async () => {
    const d = device()
    const { checkout } = d.open({ base: night, now: '2026-11-23 14:00:00' })
    checkout.begin('prepay')
    checkout.setAgreed(true)
    await new Promise((r) => setTimeout(r, 10))
    expect(checkout.asapOffered).toBe(false)
    expect(checkout.previewBlockedBy).toBe('checkout.chooseTimeFirst')
    expect(checkout.previewProblem).toBeNull()
    expect(d.calls.filter((c) => c.op === 'OrderPricePreview')).toHaveLength(0)
    expect(checkout.problems[0]).toBe('checkout.closedNow')
    checkout.end()
  })

  it("offers tonight's small hours under today and sends them on the next calendar date", async () => {
    const d = device()
    const { checkout } = d.open({ base: night, now: '2026-11-23 14:00:00' })
    checkout.begin('prepay')
    checkout.setAgreed(true)
    const today = checkout.slotDays[0]
    expect(today.offset).toBe(0)
    expect(today.slots.at(-1)).toBe('01:45')
    checkout.chooseTime(today.date, '00:30')
    expect(checkout.appointed).toBe('2026-11-24 00:30')
    expect(checkout.problems).toEqual([])
    await checkout.submit()
    expect(d.calls.find((c) => c.op === 'OrderSubmit')!.record.AppointedTime).toBe('2026-11-24 00:30')
    checkout.end()
  })
})
