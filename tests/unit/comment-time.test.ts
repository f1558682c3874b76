import { commentTimeText } from '../../src/core/comment-time'

const NOW = '2024-03-15 10:00:00'

describe('comment time text (spec §4)', () => {
  it('shows the time for a comment made today', () => {
    expect(commentTimeText('2024-03-15 08:05:09', NOW)).toEqual({ kind: 'today', time: '08:05' })
    expect(commentTimeText('2024-03-15 00:00:00', NOW)).toEqual({ kind: 'today', time: '00:00' })
  })

  it('counts calendar days, not 24-hour periods', () => {
    // Two minutes apart, but on different days.
    expect(commentTimeText('2024-03-14 23:59:00', '2024-03-15 00:01:00')).toEqual({ kind: 'yesterday' })
    // Almost 48 hours apart, two calendar days.
    expect(commentTimeText('2024-03-13 00:01:00', '2024-03-15 23:59:00')).toEqual({ kind: 'daysAgo', days: 2 })
  })

  it('says yesterday, then n days ago for 2 to 6 days', () => {
    expect(commentTimeText('2024-03-14 18:00:00', NOW)).toEqual({ kind: 'yesterday' })
    expect(commentTimeText('2024-03-13 18:00:00', NOW)).toEqual({ kind: 'daysAgo', days: 2 })
    expect(commentTimeText('2024-03-09 18:00:00', NOW)).toEqual({ kind: 'daysAgo', days: 6 })
  })

  it("says '7 days ago' from 7 to 29 days", () => {
    expect(commentTimeText('2024-03-08 18:00:00', NOW)).toEqual({ kind: 'weekAgo' })
    expect(commentTimeText('2024-02-15 10:00:00', NOW)).toEqual({ kind: 'weekAgo' }) // 29 days (leap February)
  })

  it('shows the full date from 30 days on', () => {
    expect(commentTimeText('2024-02-14 10:00:00', NOW)).toEqual({ kind: 'date', date: '2024-02-14' })
    expect(commentTimeText('2022-01-01 10:00:00', NOW)).toEqual({ kind: 'date', date: '2022-01-01' })
  })

  it('counts across month and year boundaries', () => {
    expect(commentTimeText('2023-12-31 23:00:00', '2024-01-01 08:00:00')).toEqual({ kind: 'yesterday' })
    expect(commentTimeText('2023-12-28 12:00:00', '2024-01-02 12:00:00')).toEqual({ kind: 'daysAgo', days: 5 })
    expect(commentTimeText('2024-02-28 12:00:00', '2024-03-01 12:00:00')).toEqual({ kind: 'daysAgo', days: 2 })
    expect(commentTimeText('2023-02-28 12:00:00', '2023-03-01 12:00:00')).toEqual({ kind: 'yesterday' })
    expect(commentTimeText('2023-12-02 12:00:00', '2024-01-01 12:00:00')).toEqual({ kind: 'date', date: '2023-12-02' })
  })

  it('shows a future or unparsable time as a date, an unparsable text as given', () => {
    expect(commentTimeText('2024-03-16 09:00:00', NOW)).toEqual({ kind: 'date', date: '2024-03-16' })
    expect(commentTimeText('last week', NOW)).toEqual({ kind: 'date', date: 'last week' })
    expect(commentTimeText('2024-02-30 10:00:00', NOW)).toEqual({ kind: 'date', date: '2024-02-30 10:00:00' })
    expect(commentTimeText('2024-03-10 10:00:00', 'garbage')).toEqual({ kind: 'date', date: '2024-03-10' })
  })
})
