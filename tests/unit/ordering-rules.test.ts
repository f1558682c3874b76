/**
 * The pure ordering rules of src/core, with the spec's own examples (§4): appointment slots,
 * ordering allowed, sheet position type, and the order state table.
 */
import { appointmentSlots, isAppointmentAllowed, isOpenNow, leadMinutes, openWindows, type SlotRules } from '../../src/core/appointment-slots'
import { isQuantityEditAllowed, orderingRefusal, sheetSecondsLeft } from '../../src/core/ordering-allowed'
import { canTransition, isFinal, stopsOrdering, transition } from '../../src/core/order-status'
import { positionTypeOf, servicesOffered, sheetPositionType } from '../../src/core/sheet-position'
import { parseWallClock } from '../../src/core/wall-clock'
import { ORDER_STATUS } from '../../src/gateway/order-rows'

// 2026-11-23 is a Monday.
const at = (text: string) => parseWallClock(text)!
const rules = (now: string, extra: Partial<SlotRules> = {}): SlotRules => ({
  now: at(now),
  beginTime: '08:00',
  endTime: '22:00',
  weekday: '',
  cookingMinutes: 0,
  dtbMinutes: 0,
  delivery: false,
  ...extra
})

describe('appointment slots', () => {
  it('start at now + the cooking lead (15 min by default), rounded up to the quarter hour, then every 15 minutes (issue 27 item 19)', () => {
    const [today] = appointmentSlots(rules('2026-11-23 10:03:00'))
    expect(today).toMatchObject({ date: '2026-11-23', offset: 0, weekday: 1 })
    // 10:03 + 15 → 10:18 → 10:30, then 10:45, 11:00 … (the spec's 10-minute rounding gave 10:20, 10:35 …)
    expect(today.slots.slice(0, 4)).toEqual(['10:30', '10:45', '11:00', '11:15'])
    expect(today.slots[today.slots.length - 1]).toBe('21:45')
  })

  it('use the cooking duration as the lead, and delivery adds the distribution duration (30 min by default)', () => {
    expect(leadMinutes({ cookingMinutes: 0, dtbMinutes: 0, delivery: false })).toBe(15)
    expect(leadMinutes({ cookingMinutes: 20, dtbMinutes: 0, delivery: false })).toBe(20)
    expect(leadMinutes({ cookingMinutes: 0, dtbMinutes: 0, delivery: true })).toBe(45)
    expect(leadMinutes({ cookingMinutes: 10, dtbMinutes: 25, delivery: true })).toBe(35)
    const [today] = appointmentSlots(rules('2026-11-23 10:03:00', { delivery: true }))
    expect(today.slots[0]).toBe('11:00') // 10:03 + 45 = 10:48 → 11:00
  })

  it('offer 7 days from today on the allowed weekdays only; later days start at opening', () => {
    const all = appointmentSlots(rules('2026-11-23 10:03:00'))
    expect(all.map((d) => d.offset)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(all[1].slots[0]).toBe('08:00')
    const weekends = appointmentSlots(rules('2026-11-23 10:03:00', { weekday: '6,7' }))
    expect(weekends.map((d) => [d.date, d.weekday])).toEqual([
      ['2026-11-28', 6],
      ['2026-11-29', 7]
    ])
  })

  it('treat an end of 00:00 as 23:59:59 and support hours crossing midnight', () => {
    expect(openWindows('18:00', '00:00')).toEqual([[18 * 3600, 24 * 3600]])
    const untilMidnight = appointmentSlots(rules('2026-11-23 23:00:00', { beginTime: '18:00', endTime: '00:00' }))[0]
    expect(untilMidnight.slots).toEqual(['23:15', '23:30', '23:45'])
    const night = appointmentSlots(rules('2026-11-23 12:00:00', { beginTime: '18:00', endTime: '02:00' }))
    // Business days: tonight's small hours belong to today's service (tests/unit/appointment-slots.test.ts).
    expect(night[0].slots[0]).toBe('18:00')
    expect(night[0].slots).not.toContain('12:15')
    expect(night[0].slots.slice(-2)).toEqual(['01:30', '01:45'])
    expect(night[0].slots).not.toContain('02:00')
  })

  it('accept only a listed slot', () => {
    const r = rules('2026-11-23 10:03:00')
    expect(isAppointmentAllowed(r, '2026-11-23 10:30')).toBe(true)
    expect(isAppointmentAllowed(r, '2026-11-23 10:20')).toBe(false) // off the quarter-hour grid
    expect(isAppointmentAllowed(r, '2026-11-23 10:25')).toBe(false)
    expect(isAppointmentAllowed(r, '2026-11-23 10:15')).toBe(false) // inside the lead
    expect(isAppointmentAllowed(r, '2026-11-23 23:00')).toBe(false) // after closing
    expect(isAppointmentAllowed(r, '2026-11-30 10:30')).toBe(false) // 8th day
    expect(isAppointmentAllowed(r, 'tomorrow')).toBe(false)
  })

  it('keep a slot the diner picked while it is still beyond the lead (the grid stays on the quarter hour)', () => {
    // At 10:03 the page lists 10:30, 10:45 …; at 10:11 too; at 10:16 it starts at 10:45.
    expect(appointmentSlots(rules('2026-11-23 10:11:00'))[0].slots.slice(0, 2)).toEqual(['10:30', '10:45'])
    const later = rules('2026-11-23 10:16:00')
    expect(isAppointmentAllowed(later, '2026-11-23 10:45')).toBe(true)
    expect(isAppointmentAllowed(later, '2026-11-23 11:00')).toBe(true)
    expect(isAppointmentAllowed(later, '2026-11-23 10:30')).toBe(false) // now inside the lead (earliest 10:31)
    // Across midnight: a slot listed at 23:55 on the night market's grid is still good at 00:02.
    const night = { beginTime: '18:00', endTime: '02:00' }
    const before = appointmentSlots(rules('2026-11-23 23:55:00', night))[0]
    const picked = before.slots[1]
    expect(isAppointmentAllowed(rules('2026-11-24 00:02:00', night), `2026-11-24 ${picked}`)).toBe(true)
  })

  it('know when the shop is open now', () => {
    expect(isOpenNow(rules('2026-11-23 10:03:00'))).toBe(true)
    expect(isOpenNow(rules('2026-11-23 07:59:00'))).toBe(false)
    expect(isOpenNow(rules('2026-11-23 01:00:00', { beginTime: '18:00', endTime: '02:00' }))).toBe(true)
    expect(isOpenNow(rules('2026-11-23 10:03:00', { weekday: '2,3' }))).toBe(false)
  })
})

describe('ordering allowed', () => {
  const open = { beginTime: '08:00', endTime: '22:00', nowSecondsOfDay: 12 * 3600 }

  it('needs the shop open: defaults 00:00–23:59, and hours may cross midnight', () => {
    expect(orderingRefusal(open)).toBeNull()
    expect(orderingRefusal({ ...open, nowSecondsOfDay: 23 * 3600 })).toBe('SHOP_CLOSED')
    expect(orderingRefusal({ beginTime: '', endTime: '', nowSecondsOfDay: 3 * 3600 })).toBeNull()
    expect(orderingRefusal({ beginTime: '18:00', endTime: '02:00', nowSecondsOfDay: 1 * 3600 })).toBeNull()
    expect(orderingRefusal({ beginTime: '18:00', endTime: '02:00', nowSecondsOfDay: 3 * 3600 })).toBe('SHOP_CLOSED')
  })

  it('counts WebOrderDuration in minutes against the sheet age in seconds; 0 or absent is unlimited', () => {
    expect(sheetSecondsLeft(120, 60)).toBe(120 * 60 - 60)
    expect(sheetSecondsLeft(120, 120 * 60)).toBe(0)
    expect(sheetSecondsLeft(0, 99999)).toBe(-1)
    expect(sheetSecondsLeft(null, 99999)).toBe(-1)
    expect(orderingRefusal({ ...open, webOrderDuration: 120, sheetAgeSeconds: 120 * 60 - 1 })).toBeNull()
    expect(orderingRefusal({ ...open, webOrderDuration: 120, sheetAgeSeconds: 120 * 60 })).toBe('SHEET_EXPIRED')
    expect(orderingRefusal({ ...open, webOrderDuration: 0, sheetAgeSeconds: 10 ** 6 })).toBeNull()
  })

  it('stops on status 2 and 3 only', () => {
    for (const status of [0, 1, 4, 5]) expect(orderingRefusal({ ...open, sheetStatus: status })).toBeNull()
    expect(orderingRefusal({ ...open, sheetStatus: 2 })).toBe('SHEET_CLOSED')
    expect(orderingRefusal({ ...open, sheetStatus: 3 })).toBe('SHEET_CLOSED')
  })

  it('allows editing ordered quantities only when CYSheetGoodsQuaEdit is 1', () => {
    expect(isQuantityEditAllowed('1')).toBe(true)
    expect(isQuantityEditAllowed(1)).toBe(true)
    for (const v of ['0', '', null, undefined, '2']) expect(isQuantityEditAllowed(v)).toBe(false)
  })
})

describe('sheet position type', () => {
  it('is takeaway (7) when the mode is takeout, else fast food (4) for CYType 1, else meal (2)', () => {
    expect(sheetPositionType('1', '1')).toBe(7)
    expect(sheetPositionType('1', '0')).toBe(7)
    expect(sheetPositionType('0', '1')).toBe(4)
    expect(sheetPositionType('0', '0')).toBe(2)
    expect(sheetPositionType('2', '')).toBe(2)
  })

  it('matches the service styles a branch offers', () => {
    expect(servicesOffered('0', '0')).toEqual(['dinein', 'takeaway', 'delivery'])
    expect(servicesOffered('0', '1')).toEqual(['fastfood', 'takeaway', 'delivery'])
    expect(servicesOffered('1', '0')).toEqual(['takeaway'])
    expect(servicesOffered('2', '0')).toEqual(['delivery'])
    expect(servicesOffered('0', '0').map(positionTypeOf)).toEqual([2, 7, 0])
  })
})

describe('order state table', () => {
  const { AWAITING_PAYMENT, PAID, COMPLETED, CANCELLED, EXPIRED, READY } = ORDER_STATUS

  it('moves awaiting payment → paid → ready for pickup → completed', () => {
    expect(transition(AWAITING_PAYMENT, 'pay')).toBe(PAID)
    expect(transition(PAID, 'ready')).toBe(READY)
    expect(transition(READY, 'complete')).toBe(COMPLETED)
  })

  it('expires or cancels unpaid orders, and never moves an ended order', () => {
    expect(transition(AWAITING_PAYMENT, 'expire')).toBe(EXPIRED)
    expect(transition(AWAITING_PAYMENT, 'cancel')).toBe(CANCELLED)
    for (const ended of [COMPLETED, CANCELLED, EXPIRED]) {
      expect(isFinal(ended)).toBe(true)
      for (const action of ['pay', 'ready', 'complete', 'cancel', 'expire'] as const) expect(canTransition(ended, action)).toBe(false)
    }
    expect(transition(PAID, 'pay')).toBeNull() // never paid twice
    expect(transition(READY, 'cancel')).toBeNull()
    expect(transition(PAID, 'expire')).toBeNull()
  })

  it('stops further ordering on codes 2 and 3', () => {
    expect([0, 1, 2, 3, 4, 5].filter(stopsOrdering)).toEqual([2, 3])
  })
})
