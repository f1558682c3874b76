import { addMilliseconds, formatWallClock, parseWallClock, wallClockIn } from '../../src/core/wall-clock'

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
})
