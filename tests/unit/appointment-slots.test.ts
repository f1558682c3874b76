/**
 * Business days for opening hours that cross midnight (issue 12 item 10): a night market open
 * 18:00–02:00 lists tonight's small hours under 'Today', never the closing minute, refuses 'as soon
 * as possible' while closed, and the server's check (isAppointmentAllowed) takes the calendar time.
 */
import { appointmentSlots, isAfterMidnight, isAppointmentAllowed, isOpenNow, openBusinessDay, slotDateTime, type SlotRules } from '../../src/core/appointment-slots'
import { parseWallClock } from '../../src/core/wall-clock'

// 2026-11-23 is a Monday.
const night = (now: string, extra: Partial<SlotRules> = {}): SlotRules => ({
  now: parseWallClock(now)!,
  beginTime: '18:00',
  endTime: '02:00',
  weekday: '',
  cookingMinutes: 0,
  dtbMinutes: 0,
  delivery: false,
  ...extra
})

describe('a night market open 18:00–02:00', () => {
  it("at 14:00 'Today' lists 18:00 … 23:45 then tonight's 00:00 … 01:45, never 02:00", () => {
    const [today, tomorrow] = appointmentSlots(night('2026-11-23 14:00:00'))
    expect(today).toMatchObject({ date: '2026-11-23', offset: 0, weekday: 1 })
    expect(today.slots[0]).toBe('18:00')
    expect(today.slots.slice(-3)).toEqual(['01:15', '01:30', '01:45'])
    expect(today.slots).not.toContain('02:00')
    expect(today.slots).toHaveLength(32) // 8 hours of 15-minute slots
    expect(today.slots[today.nextDayFrom]).toBe('00:00')
    expect(isAfterMidnight(today, '00:30')).toBe(true)
    expect(isAfterMidnight(today, '23:45')).toBe(false)
    // Tomorrow's list starts at its own evening; the small hours of Tuesday morning are today's.
    expect(tomorrow).toMatchObject({ date: '2026-11-24', offset: 1 })
    expect(tomorrow.slots[0]).toBe('18:00')
  })

  it('a slot after midnight goes to the server on the next calendar date, which accepts it', () => {
    const rules = night('2026-11-23 14:00:00')
    const [today] = appointmentSlots(rules)
    expect(slotDateTime(today, '00:30')).toBe('2026-11-24 00:30')
    expect(slotDateTime(today, '18:00')).toBe('2026-11-23 18:00')
    expect(isAppointmentAllowed(rules, '2026-11-24 00:30')).toBe(true)
    expect(isAppointmentAllowed(rules, '2026-11-24 01:45')).toBe(true)
    expect(isAppointmentAllowed(rules, '2026-11-24 02:00')).toBe(false) // the closing minute
    expect(isAppointmentAllowed(rules, '2026-11-23 00:30')).toBe(false) // last night's, already past
    expect(isAppointmentAllowed(rules, '2026-11-23 15:00')).toBe(false) // closed in the afternoon
  })

  it("is closed at 14:00 and at 02:00 sharp; open at 18:00 and in tonight's small hours", () => {
    expect(isOpenNow(night('2026-11-23 14:00:00'))).toBe(false)
    expect(isOpenNow(night('2026-11-23 17:59:59'))).toBe(false)
    expect(isOpenNow(night('2026-11-23 18:00:00'))).toBe(true)
    expect(isOpenNow(night('2026-11-24 01:59:00'))).toBe(true)
    expect(isOpenNow(night('2026-11-24 02:00:00'))).toBe(false)
    expect(openBusinessDay(night('2026-11-24 01:00:00'))).toBe('2026-11-23')
  })

  it("at 01:00 the night's last slots come first, as yesterday's business day", () => {
    const days = appointmentSlots(night('2026-11-24 01:00:00'))
    expect(days[0]).toMatchObject({ date: '2026-11-23', offset: -1, slots: ['01:15', '01:30', '01:45'], nextDayFrom: 0 })
    expect(slotDateTime(days[0], '01:15')).toBe('2026-11-24 01:15')
    expect(days[1]).toMatchObject({ date: '2026-11-24', offset: 0 })
    expect(days[1].slots[0]).toBe('18:00')
  })

  it('the allowed weekday is the one the service begins on', () => {
    // Monday evenings only: Tuesday 01:00 still serves Monday's night, Tuesday 20:00 does not.
    expect(isOpenNow(night('2026-11-24 01:00:00', { weekday: '1' }))).toBe(true)
    expect(isOpenNow(night('2026-11-24 20:00:00', { weekday: '1' }))).toBe(false)
    const days = appointmentSlots(night('2026-11-23 14:00:00', { weekday: '1' }))
    expect(days.map((d) => d.date)).toEqual(['2026-11-23'])
    expect(days[0].slots.at(-1)).toBe('01:45')
  })

  it('an ordinary day never offers its closing minute either', () => {
    const [today] = appointmentSlots(night('2026-11-23 08:00:00', { beginTime: '09:00', endTime: '12:00' }))
    expect(today.slots.at(-1)).toBe('11:45')
    expect(today.nextDayFrom).toBe(today.slots.length)
    expect(isOpenNow(night('2026-11-23 12:00:00', { beginTime: '09:00', endTime: '12:00' }))).toBe(false)
  })
})
