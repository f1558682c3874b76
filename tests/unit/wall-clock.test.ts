import { addMilliseconds, formatWallClock, isTimeZone, parseWallClock, wallClockIn } from '../../src/core/wall-clock'

describe('wall clock of the enterprise time zone', () => {
  it('reads Asia/Macau (UTC+8) whatever the machine zone', () => {
    const w = wallClockIn('Asia/Macau', new Date('2026-11-22T16:30:05Z'))
    expect(formatWallClock(w)).toBe('2026-11-23 00:30:05')
    expect(w.weekday).toBe(1) // Monday
    expect(w.secondsOfDay).toBe(30 * 60 + 5)
  })

  it('moves a wall clock across midnight', () => {
    const w = parseWallClock('2026-11-22 23:59:30')!
    expect(formatWallClock(addMilliseconds(w, 45000))).toBe('2026-11-23 00:00:15')
    expect(parseWallClock('not a date')).toBeNull()
  })

  it('keeps each time zone apart when reading several in turn, and knows unknown zones', () => {
    const instant = new Date('2026-11-22T16:30:05Z')
    for (let i = 0; i < 2; i++) {
      expect(formatWallClock(wallClockIn('Asia/Macau', instant))).toBe('2026-11-23 00:30:05')
      expect(formatWallClock(wallClockIn('UTC', instant))).toBe('2026-11-22 16:30:05')
      expect(formatWallClock(wallClockIn('America/New_York', instant))).toBe('2026-11-22 11:30:05')
    }
    expect(isTimeZone('Asia/Macau')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(() => wallClockIn('Mars/Olympus_Mons', instant)).toThrow(RangeError)
  })
})

// wallClockIn remembers the last second it read per time zone: what it answers from that memory
// must be what Intl would answer for the instant asked.
describe('wallClockIn from the second it last read', () => {
  test('every instant of a second reads that second; the next millisecond past it reads the next', () => {
    const start = Date.UTC(2026, 11, 4, 15, 59, 59)
    expect(wallClockIn('Asia/Macau', new Date(start))).toMatchObject({ date: '2026-12-04', time: '23:59:59', weekday: 5 })
    expect(wallClockIn('Asia/Macau', new Date(start + 999))).toMatchObject({ date: '2026-12-04', time: '23:59:59', weekday: 5 })
    expect(wallClockIn('Asia/Macau', new Date(start + 1000))).toMatchObject({ date: '2026-12-05', time: '00:00:00', secondsOfDay: 0, weekday: 6 })
    // Back to the earlier second after the later one was read.
    expect(wallClockIn('Asia/Macau', new Date(start + 500)).time).toBe('23:59:59')
  })

  test('the same instant in another zone reads that zone, before and after it was read in the first', () => {
    const at = new Date(Date.UTC(2026, 6, 1, 12, 0, 0))
    expect(wallClockIn('Asia/Macau', at).time).toBe('20:00:00')
    expect(wallClockIn('Europe/London', at).time).toBe('13:00:00')
    expect(wallClockIn('America/New_York', at)).toMatchObject({ date: '2026-07-01', time: '08:00:00' })
    expect(wallClockIn('Asia/Macau', at).time).toBe('20:00:00')
  })

  test('an instant before 1970 and a daylight-saving change read right', () => {
    expect(wallClockIn('UTC', new Date(-500)).time).toBe('23:59:59')
    expect(wallClockIn('UTC', new Date(-1000)).date).toBe('1969-12-31')
    // London went to summer time at 01:00 UTC on 29 March 2026.
    expect(wallClockIn('Europe/London', new Date(Date.UTC(2026, 2, 29, 0, 59, 59))).time).toBe('00:59:59')
    expect(wallClockIn('Europe/London', new Date(Date.UTC(2026, 2, 29, 1, 0, 0))).time).toBe('02:00:00')
  })

  test('what it hands back cannot be changed under the next caller', () => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, 0))
    const clock = wallClockIn('UTC', at)
    expect(() => Object.assign(clock, { time: '12:00:00' })).toThrow(TypeError)
    expect(wallClockIn('UTC', at).time).toBe('00:00:00')
  })

  test('an unknown zone and an invalid date still throw', () => {
    expect(() => wallClockIn('Not/AZone', new Date())).toThrow(RangeError)
    expect(() => wallClockIn('UTC', new Date(Number.NaN))).toThrow(RangeError)
  })
})
