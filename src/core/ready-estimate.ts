/**
 * Ready-time estimates (issue 26 item 3; docs/estimates.md): how long until an order is ready,
 * from the kitchen's queue at each station and each goods' preparation time learned from bumps.
 *
 * The model: a station cooks its tickets one after another, oldest first (a queue with one
 * server), and a ticket takes the sum over its lines of quantity × the goods' preparation time per
 * unit. An order is ready when its last station is done with it, so its wait is, over the
 * stations it needs, the most of (what is still to do ahead of it there + its own work there).
 *
 * The learning keeps to the same model: a bumped ticket's work time is bump − start, where start
 * is the later of when it reached the kitchen and when its station bumped the ticket before it;
 * that time is shared among its goods in proportion to what the model expected of each, and each
 * goods' figure moves towards what it was seen to take by an exponentially weighted mean.
 *
 * Pure: no clock, no I/O; callers pass minutes and counts.
 */

/** Weight of the newest observation in the rolling figure. */
export const PREP_LEARNING_RATE = 0.3
/** Used when the branch sets none. */
export const DEFAULT_PREP_MINUTES = 8
/** An observation is kept within these bounds (a ticket bumped late, or at once by mistake, moves a figure only so far). */
export const MIN_OBSERVED_PREP_MINUTES = 0.25
export const MAX_OBSERVED_PREP_MINUTES = 90
/** A ticket that took longer than this (forgotten on the board) teaches nothing. */
export const MAX_LEARNED_TICKET_MINUTES = 180
/** The least an estimate says ('about 1 min'): food is never ready at once. */
export const MIN_ESTIMATE_MINUTES = 1

/** One line of work: a goods and how many of it. */
export interface WorkLine {
  goodsId: string
  /** Units (or packs) to make; 0 or less counts nothing. */
  quantity: number
}

/** A ticket on the board, in the station's queue. */
export interface QueuedTicket {
  /** Lines still to make (lines marked done left out). */
  lines: WorkLine[]
  /** Minutes the station has already spent on it (only the first in its queue is being cooked; 0 for the others). */
  elapsedMinutes: number
}

export interface StationQueue {
  stationId: string
  /** Open tickets ahead, oldest first. */
  tickets: QueuedTicket[]
}

export interface PrepFigures {
  /** Learned minutes per unit by goods. */
  learned: ReadonlyMap<string, number>
  /** The branch's default for a goods never bumped yet. */
  defaultMinutes: number
}

/** Minutes per unit of a goods: learned, else the default (else DEFAULT_PREP_MINUTES). */
export function prepMinutesOf(figures: PrepFigures, goodsId: string): number {
  const learned = figures.learned.get(goodsId)
  if (learned !== undefined && Number.isFinite(learned) && learned > 0) return learned
  return figures.defaultMinutes > 0 ? figures.defaultMinutes : DEFAULT_PREP_MINUTES
}

/** Minutes of work in some lines. */
export function workMinutes(figures: PrepFigures, lines: readonly WorkLine[]): number {
  let sum = 0
  for (const l of lines) if (l.quantity > 0) sum += l.quantity * prepMinutesOf(figures, l.goodsId)
  return sum
}

/** What a station still has to do before it reaches a new ticket: the one on the fire less what is done of it, then the rest. */
export function queueMinutes(figures: PrepFigures, tickets: readonly QueuedTicket[]): number {
  let sum = 0
  for (const t of tickets) sum += Math.max(0, workMinutes(figures, t.lines) - Math.max(0, t.elapsedMinutes))
  return sum
}

export interface ReadyEstimate {
  /** Whole minutes from now, rounded up (at least MIN_ESTIMATE_MINUTES); 0 when there is nothing to cook. */
  minutes: number
  /** The station that decides it ('' the implicit one, or none). */
  stationId: string
  /** Unrounded minutes per station the order needs. */
  byStation: Record<string, number>
}

/**
 * How long until an order with `mine` (its lines by the station that cooks them) is ready, given
 * each station's queue ahead of it. A station the order does not need plays no part.
 */
export function estimateReadyMinutes(figures: PrepFigures, queues: readonly StationQueue[], mine: ReadonlyMap<string, readonly WorkLine[]>): ReadyEstimate {
  const byStation: Record<string, number> = {}
  let worst = 0
  let stationId = ''
  for (const [station, lines] of mine) {
    const own = workMinutes(figures, lines)
    if (own <= 0) continue
    const ahead = queueMinutes(figures, queues.find((q) => q.stationId === station)?.tickets ?? [])
    const total = ahead + own
    byStation[station] = total
    if (total > worst) {
      worst = total
      stationId = station
    }
  }
  if (worst <= 0) return { minutes: 0, stationId: '', byStation }
  return { minutes: Math.max(MIN_ESTIMATE_MINUTES, Math.ceil(worst - 1e-9)), stationId, byStation }
}

/** One goods' rolling figure after a new observation (the first observation starts from the default). */
export function nextPrepMinutes(previous: number | undefined, observed: number, rate = PREP_LEARNING_RATE): number {
  const seen = Math.min(MAX_OBSERVED_PREP_MINUTES, Math.max(MIN_OBSERVED_PREP_MINUTES, observed))
  if (previous === undefined || !Number.isFinite(previous) || previous <= 0) return seen
  return previous + rate * (seen - previous)
}

/**
 * What a bumped ticket teaches: its work time (bump − start, minutes) shared among its goods in
 * proportion to what the current figures expected of each line, per unit. A goods on two lines
 * of the ticket is seen once (its lines together). Nothing when the time is not usable.
 */
export function observedPrepMinutes(figures: PrepFigures, lines: readonly WorkLine[], workTime: number): Map<string, number> {
  const out = new Map<string, number>()
  if (!Number.isFinite(workTime) || workTime <= 0 || workTime > MAX_LEARNED_TICKET_MINUTES) return out
  const byGoods = new Map<string, number>()
  for (const l of lines) if (l.quantity > 0) byGoods.set(l.goodsId, (byGoods.get(l.goodsId) ?? 0) + l.quantity)
  const expected = workMinutes(
    figures,
    [...byGoods].map(([goodsId, quantity]) => ({ goodsId, quantity }))
  )
  if (expected <= 0) return out
  for (const [goodsId, quantity] of byGoods) {
    const share = (quantity * prepMinutesOf(figures, goodsId)) / expected
    out.set(goodsId, (workTime * share) / quantity)
  }
  return out
}

/**
 * The figures after a bump: each goods of the ticket moved towards what it was seen to take.
 * Answers the new figures of the goods seen (minutes per unit).
 */
export function learnFromBump(figures: PrepFigures, lines: readonly WorkLine[], workTime: number, rate = PREP_LEARNING_RATE): Map<string, number> {
  const seen = observedPrepMinutes(figures, lines, workTime)
  const out = new Map<string, number>()
  for (const [goodsId, observed] of seen) {
    const before = figures.learned.get(goodsId)
    // A goods never bumped starts from the default, so one odd first ticket does not set it alone.
    out.set(goodsId, nextPrepMinutes(before ?? prepMinutesOf(figures, goodsId), observed, rate))
  }
  return out
}

/** A ticket's start for the learning: the later of when it was sent and when its station bumped the one before (ms). */
export const workStart = (sentAt: number, previousBumpAt: number | null): number => (previousBumpAt !== null && previousBumpAt > sentAt ? previousBumpAt : sentAt)

/** Whether a slot has room: capacity 0 is no limit. */
export const slotHasRoom = (capacity: number, taken: number): boolean => capacity <= 0 || taken < capacity
