/**
 * Ready-time estimates (issue 26 item 3): the queue model and the learning from bumps
 * (src/core/ready-estimate.ts; docs/estimates.md).
 */
import {
  DEFAULT_PREP_MINUTES,
  estimateReadyMinutes,
  learnFromBump,
  nextPrepMinutes,
  observedPrepMinutes,
  prepMinutesOf,
  queueMinutes,
  slotHasRoom,
  workStart,
  type PrepFigures
} from '../../src/core/ready-estimate'

const figures = (learned: Record<string, number>, defaultMinutes = 5): PrepFigures => ({ learned: new Map(Object.entries(learned)), defaultMinutes })

describe('preparation figures', () => {
  it('a learned figure wins; a goods never bumped takes the branch default, else the built-in one', () => {
    expect(prepMinutesOf(figures({ soup: 3 }), 'soup')).toBe(3)
    expect(prepMinutesOf(figures({ soup: 3 }), 'rice')).toBe(5)
    expect(prepMinutesOf(figures({}, 0), 'rice')).toBe(DEFAULT_PREP_MINUTES)
  })
})

describe('the estimate', () => {
  it('an idle kitchen: the order’s own work, rounded up', () => {
    const e = estimateReadyMinutes(figures({ soup: 2.5 }), [], new Map([['', [{ goodsId: 'soup', quantity: 2 }]]]))
    expect(e.minutes).toBe(5)
    const odd = estimateReadyMinutes(figures({ soup: 2.2 }), [], new Map([['', [{ goodsId: 'soup', quantity: 1 }]]]))
    expect(odd.minutes).toBe(3)
  })

  it('tickets ahead at the station add their work; the one on the fire only what is left of it', () => {
    const f = figures({ soup: 4, rice: 2 })
    const queue = [{ lines: [{ goodsId: 'soup', quantity: 1 }], elapsedMinutes: 3 }, { lines: [{ goodsId: 'rice', quantity: 2 }], elapsedMinutes: 0 }]
    expect(queueMinutes(f, queue)).toBe(1 + 4)
    const e = estimateReadyMinutes(f, [{ stationId: '', tickets: queue }], new Map([['', [{ goodsId: 'rice', quantity: 1 }]]]))
    expect(e.minutes).toBe(7)
    // A ticket overdue counts nothing more, never less than nothing.
    expect(queueMinutes(f, [{ lines: [{ goodsId: 'soup', quantity: 1 }], elapsedMinutes: 30 }])).toBe(0)
  })

  it('an order is ready when its slowest station is: stations it does not need play no part', () => {
    const f = figures({ soup: 4, tea: 1 })
    const queues = [
      { stationId: 'wok', tickets: [{ lines: [{ goodsId: 'soup', quantity: 5 }], elapsedMinutes: 0 }] },
      { stationId: 'bar', tickets: [{ lines: [{ goodsId: 'tea', quantity: 2 }], elapsedMinutes: 0 }] }
    ]
    const teaOnly = estimateReadyMinutes(f, queues, new Map([['bar', [{ goodsId: 'tea', quantity: 1 }]]]))
    expect(teaOnly).toMatchObject({ minutes: 3, stationId: 'bar' })
    const both = estimateReadyMinutes(f, queues, new Map([['bar', [{ goodsId: 'tea', quantity: 1 }]], ['wok', [{ goodsId: 'soup', quantity: 1 }]]]))
    expect(both).toMatchObject({ minutes: 24, stationId: 'wok' })
    expect(both.byStation).toEqual({ bar: 3, wok: 24 })
  })

  it('nothing to cook: 0; a tiny order still says about 1 minute', () => {
    expect(estimateReadyMinutes(figures({}), [], new Map()).minutes).toBe(0)
    expect(estimateReadyMinutes(figures({ tea: 0.3 }), [], new Map([['', [{ goodsId: 'tea', quantity: 1 }]]])).minutes).toBe(1)
  })
})

describe('learning from bumps', () => {
  it('the rolling figure moves 30% of the way to what was seen, within bounds', () => {
    expect(nextPrepMinutes(10, 20)).toBeCloseTo(13)
    expect(nextPrepMinutes(undefined, 6)).toBe(6)
    expect(nextPrepMinutes(10, 1000)).toBeCloseTo(10 + 0.3 * 80)
    expect(nextPrepMinutes(10, 0)).toBeCloseTo(10 + 0.3 * (0.25 - 10))
  })

  it('a ticket’s time is shared among its goods as the figures expected them, per unit', () => {
    const f = figures({ soup: 4, rice: 2 })
    // Expected 2×4 + 1×2 = 10; seen 15: soup's share 8/10 of 15 over 2 units, rice 2/10 of 15.
    const seen = observedPrepMinutes(f, [{ goodsId: 'soup', quantity: 2 }, { goodsId: 'rice', quantity: 1 }], 15)
    expect(seen.get('soup')).toBeCloseTo(6)
    expect(seen.get('rice')).toBeCloseTo(3)
    const learned = learnFromBump(f, [{ goodsId: 'soup', quantity: 2 }, { goodsId: 'rice', quantity: 1 }], 15)
    expect(learned.get('soup')).toBeCloseTo(4 + 0.3 * 2)
    expect(learned.get('rice')).toBeCloseTo(2 + 0.3 * 1)
  })

  it('a goods never bumped starts from the default; a forgotten ticket teaches nothing', () => {
    expect(learnFromBump(figures({}, 5), [{ goodsId: 'noodles', quantity: 1 }], 9).get('noodles')).toBeCloseTo(5 + 0.3 * 4)
    expect(learnFromBump(figures({}, 5), [{ goodsId: 'noodles', quantity: 1 }], 240).size).toBe(0)
    expect(learnFromBump(figures({}, 5), [{ goodsId: 'noodles', quantity: 1 }], 0).size).toBe(0)
  })

  it('converges on a kitchen that takes the same time each time', () => {
    let f = figures({}, 10)
    for (let i = 0; i < 20; i++) f = { ...f, learned: new Map([...f.learned, ...learnFromBump(f, [{ goodsId: 'soup', quantity: 1 }], 3)]) }
    expect(prepMinutesOf(f, 'soup')).toBeCloseTo(3, 1)
  })

  it('work starts when the station finished the ticket before, if that was later than the send', () => {
    expect(workStart(1000, 5000)).toBe(5000)
    expect(workStart(5000, 1000)).toBe(5000)
    expect(workStart(5000, null)).toBe(5000)
  })
})

describe('slot capacity', () => {
  it('0 is no limit; otherwise fewer taken than the capacity', () => {
    expect(slotHasRoom(0, 100)).toBe(true)
    expect(slotHasRoom(3, 2)).toBe(true)
    expect(slotHasRoom(3, 3)).toBe(false)
  })
})
