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
