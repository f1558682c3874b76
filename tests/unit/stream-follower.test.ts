/**
 * The helper the kitchen board and front of house both follow their branch's staff stream with
 * (src/console/live/stream-follower.ts): read, then the stream from the read's position; each event
 * once and in order; events during a read applied on top of it; a failed read tried again with a
 * growing wait; a read overtaken by a newer one; reset, 401, stop, and another branch meanwhile.
 * Fakes for the stream, the timers and the screen; no browser.
 */
import type { StaffCredentials } from '../../src/console/api/staff-client'
import type { StaffStreamEvent, StaffStreamHandlers, StaffStreamOptions, StreamState } from '../../src/console/live/staff-stream'
import { READ_RETRY_MAX_MS, READ_RETRY_MS, StreamFollower, streamHeaders } from '../../src/console/live/stream-follower'

interface Answer {
  position: number
  rows: string[]
}

/** A read the test answers (or refuses) when it likes. */
interface PendingRead {
  answer(a: Answer): Promise<void>
  refuse(): Promise<void>
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0))

function setUp() {
  const log: string[] = []
  const streams: { options: StaffStreamOptions; handlers: StaffStreamHandlers; stopped: boolean }[] = []
  const timers: { id: number; ms: number; fn: () => void }[] = []
  let seq = 0
  const reads: PendingRead[] = []
  let signedOut = 0
  const who: StaffCredentials = { locale: 'zh-TW', entId: 'E1001', token: 'st_cook', deviceToken: 'sd_pass', staffId: 'P1' }
  const follower = new StreamFollower<Answer>(
    {
      openStream: (options, handlers) => {
        const s = { options, handlers, stopped: false }
        streams.push(s)
        return { stop: () => void (s.stopped = true) }
      },
      timers: {
        setTimeout: (fn, ms) => {
          const id = ++seq
          timers.push({ id, ms, fn })
          return id
        },
        clearTimeout: (id) => {
          const i = timers.findIndex((t) => t.id === id)
          if (i >= 0) timers.splice(i, 1)
        }
      },
      credentials: () => who,
      signedOut: () => void (signedOut += 1)
    },
    {
      read: () =>
        new Promise<Answer>((resolve, reject) => {
          log.push('read')
          reads.push({
            answer: async (a) => {
              resolve(a)
              await flush()
            },
            refuse: async () => {
              reject(new Error('offline'))
              await flush()
            }
          })
        }),
      positionOf: (a) => a.position,
      show: (a) => void log.push(`show ${a.rows.join(',')}@${a.position}`),
      failed: () => void log.push('failed'),
      apply: (e) => void log.push(`apply ${e.kind}#${e.id}`),
      connection: (state: StreamState | 'idle') => void log.push(`state ${state}`)
    }
  )
  const event = (id: number, kind = 'ticket.sent'): StaffStreamEvent => ({ id, kind, data: {} })
  /** Runs the timer that is due next (as the clock would). */
  const fireNext = async () => {
    const next = timers.shift()
    if (!next) throw new Error('no timer')
    next.fn()
    await flush()
    return next.ms
  }
  return { follower, log, streams, timers, reads, event, fireNext, signedOut: () => signedOut, who }
}

describe('StreamFollower', () => {
  it('reads, then follows the branch from the read’s position with the caller’s headers; each event once and in order', async () => {
    const { follower, log, streams, reads, event } = setUp()
    const following = follower.follow('B201')
    expect(log).toEqual(['state idle', 'read'])
    await reads[0].answer({ position: 40, rows: ['K1'] })
    await following
    expect(streams).toHaveLength(1)
    expect(streams[0].options).toMatchObject({ baseId: 'B201', after: 40 })
    expect(streams[0].options.headers()).toEqual({ 'Accept-Language': 'zh-TW', Authorization: 'Bearer st_cook', 'X-Staff-Device': 'sd_pass' })
    streams[0].handlers.onState('connected')
    for (const id of [39, 40, 41, 41, 43, 42]) streams[0].handlers.onEvent(event(id))
    expect(log.slice(2)).toEqual(['show K1@40', 'state connected', 'apply ticket.sent#41', 'apply ticket.sent#43'])
    expect(follower.position).toBe(43)
  })

  it('a read again (a reset): events meanwhile wait and go on top of it, those the read holds left out; the stream goes on', async () => {
    const { follower, log, streams, reads, event } = setUp()
    const following = follower.follow('B201')
    await reads[0].answer({ position: 10, rows: ['K1'] })
    await following
    log.length = 0
    streams[0].handlers.onReset(0)
    streams[0].handlers.onEvent(event(12))
    streams[0].handlers.onEvent(event(15))
    expect(log).toEqual(['read'])
    await reads[1].answer({ position: 12, rows: ['K1', 'K2'] })
    expect(log).toEqual(['read', 'show K1,K2@12', 'apply ticket.sent#15'])
    expect(streams).toHaveLength(1)
    expect(streams[0].stopped).toBe(false)
  })

  it('a read that fails says so, is tried again after 3 s, then twice as long up to 30 s, and opens the stream once it answers', async () => {
    const { follower, log, streams, reads, fireNext, timers } = setUp()
    const following = follower.follow('B201')
    await reads[0].refuse()
    await following
    expect(log).toEqual(['state idle', 'read', 'failed', 'state reconnecting'])
    expect(streams).toHaveLength(0)
    const waits: number[] = []
    for (let i = 1; i <= 5; i++) {
      waits.push(await fireNext())
      await reads[i].refuse()
    }
    expect(waits).toEqual([READ_RETRY_MS, 2 * READ_RETRY_MS, 4 * READ_RETRY_MS, 8 * READ_RETRY_MS, READ_RETRY_MAX_MS])
    expect(await fireNext()).toBe(READ_RETRY_MAX_MS)
    await reads[6].answer({ position: 7, rows: [] })
    expect(streams).toHaveLength(1)
    expect(streams[0].options.after).toBe(7)
    expect(timers).toHaveLength(0)
    // A read again that fails (a reset) keeps the stream: nothing to retry.
    streams[0].handlers.onReset(0)
    await reads[7].refuse()
    expect(timers).toHaveLength(0)
    expect(streams[0].stopped).toBe(false)
  })

  it('a read overtaken by a newer one shows nothing and answers what the newer one does', async () => {
    const { follower, log, reads } = setUp()
    void follower.follow('B201')
    await reads[0].answer({ position: 1, rows: [] })
    log.length = 0
    const first = follower.reload()
    const second = follower.reload()
    await reads[2].answer({ position: 5, rows: ['new'] })
    await reads[1].answer({ position: 3, rows: ['old'] })
    expect(await first).toBe(true)
    expect(await second).toBe(true)
    expect(log).toEqual(['read', 'read', 'show new@5'])
  })

  it('401 on the stream ends the session; stop closes the stream, cancels a retry, and a read under way shows nothing', async () => {
    const { follower, log, streams, reads, timers, signedOut } = setUp()
    void follower.follow('B201')
    await reads[0].answer({ position: 1, rows: [] })
    streams[0].handlers.onState('signedOut')
    expect(signedOut()).toBe(1)
    const reading = follower.reload()
    follower.stop()
    expect(streams[0].stopped).toBe(true)
    await reads[1].answer({ position: 9, rows: ['late'] })
    expect(await reading).toBe(false)
    expect(log).not.toContain('show late@9')
    expect(log.at(-1)).toBe('state idle')

    // A failed read's retry is cancelled by stop.
    void follower.follow('B201')
    await reads[2].refuse()
    expect(timers).toHaveLength(1)
    follower.stop()
    expect(timers).toHaveLength(0)
  })

  it('another branch chosen while a read is under way: only the newer branch’s stream opens', async () => {
    const { follower, streams, reads } = setUp()
    const a = follower.follow('B201')
    const b = follower.follow('B202')
    await reads[1].answer({ position: 20, rows: [] })
    await reads[0].answer({ position: 10, rows: [] })
    await Promise.all([a, b])
    expect(streams.map((s) => [s.options.baseId, s.options.after])).toEqual([['B202', 20]])
    // Following the same branch again replaces the stream (the old one stops).
    const again = follower.follow('B202')
    await reads[2].answer({ position: 21, rows: [] })
    await again
    expect(streams.map((s) => s.stopped)).toEqual([true, false])
    // Asked twice at once for one branch (the scope came while the page opened): one stream, not two.
    const twice = [follower.follow('B203'), follower.follow('B203')]
    await reads[4].answer({ position: 30, rows: [] })
    await reads[3].answer({ position: 29, rows: [] })
    await Promise.all(twice)
    expect(streams.filter((s) => s.options.baseId === 'B203')).toHaveLength(1)
    expect(streams.filter((s) => !s.stopped)).toHaveLength(1)
  })

  it('headers: a personal sign-in has no device header; a device alone no Authorization', () => {
    expect(streamHeaders({ locale: 'en', entId: 'E1', token: 'st_x', deviceToken: null, staffId: 'P' })).toEqual({ 'Accept-Language': 'en', Authorization: 'Bearer st_x' })
    expect(streamHeaders({ locale: 'zh-CN', entId: 'E1', token: null, deviceToken: 'sd_y', staffId: '' })).toEqual({ 'Accept-Language': 'zh-CN', 'X-Staff-Device': 'sd_y' })
  })
})
