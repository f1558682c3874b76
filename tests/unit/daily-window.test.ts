import { clockText, inDailyWindow, isWholeDayText, parseClock } from '../../src/core/daily-window'

const at = (hhmm: string): number => parseClock(hhmm)!

describe('daily windows (opening hours, sale windows)', () => {
  it('is open inside a same-day window and closed outside it', () => {
    expect(inDailyWindow('08:00', '22:00', at('08:00'))).toBe(true)
    expect(inDailyWindow('08:00', '22:00', at('21:59'))).toBe(true)
    expect(inDailyWindow('08:00', '22:00', at('07:59'))).toBe(false)
    expect(inDailyWindow('08:00', '22:00', at('22:01'))).toBe(false)
  })

  it('crosses midnight when the end is before the start', () => {
    expect(inDailyWindow('18:00', '02:00', at('23:30'))).toBe(true)
    expect(inDailyWindow('18:00', '02:00', at('01:30'))).toBe(true)
    expect(inDailyWindow('18:00', '02:00', at('02:30'))).toBe(false)
    expect(inDailyWindow('18:00', '02:00', at('12:00'))).toBe(false)
  })

  it('treats empty, 00:00–00:00 and 00:00–23:59 as the whole day', () => {
    for (const [b, e] of [['', ''], ['00:00', '00:00'], ['00:00', '23:59'], [null, null]] as const) {
      expect(isWholeDayText(b, e)).toBe(true)
      expect(inDailyWindow(b, e, at('03:17'))).toBe(true)
      expect(inDailyWindow(b, e, parseClock('23:59:59')!)).toBe(true)
    }
    expect(isWholeDayText('08:00', '22:00')).toBe(false)
  })

  it('reads an end of 00:00 after a later start as the end of the day', () => {
    expect(inDailyWindow('10:00', '00:00', parseClock('23:59:30')!)).toBe(true)
    expect(inDailyWindow('10:00', '00:00', at('09:00'))).toBe(false)
  })

  it('parses times with seconds and rejects malformed ones', () => {
    expect(parseClock('08:30:15')).toBe(8 * 3600 + 30 * 60 + 15)
    expect(parseClock('25:00')).toBeNull()
    expect(parseClock('8h')).toBeNull()
    expect(clockText('08:30:00')).toBe('08:30')
  })
})
