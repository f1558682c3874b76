/**
 * The order placement thread (server/src/domain/orders/placement-thread.ts; SQLite only): orders
 * placed there while the main thread writes too, refusals in the caller's language, retries by
 * RequestKey, the live bell rung on the main thread after the commit, a thread that stops, and the
 * write turn the two threads share (server/src/storage/write-turn.ts). orders.test.ts runs the
 * whole order suite through the thread as well.
 */
import type { Worker } from 'node:worker_threads'
import { RESULTCODES } from '../../src/gateway/codes'
import type { OrderPlacementInput } from '../../src/gateway/order-rows'
import { openWakeup } from '../../server/src/live/wakeup'
import { WriteTurn } from '../../server/src/storage/write-turn'
import { forgetPlaceNames } from '../../server/src/storage/repositories/order.repository'
import { clientLine, device, openAllDay, orderCounts, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, DEMO_ENT, type TestServer } from './helpers/test-server'

const sqlite = process.env.DATABASE_URL ? describe.skip : describe

sqlite('orders on the placement thread', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await createTestServer({}, { demoMenus: true, placementThread: true })
    await openAllDay(server.db)
  })

  afterAll(async () => {
    await server?.close()
  })

  const submit = (input: OrderPlacementInput, headers: Record<string, string>, key = requestKey(), lang = 'en') =>
    server.call('OrderSubmit', [{ ...input, RequestKey: key }], { headers, lang })

  it('twelve phones order at once while the main thread writes: every order placed once, on the thread, and every write of the main thread done', async () => {
    const before = await orderCounts(server.db)
    const answeredBefore = server.placements!.answered
    const phones = Array.from({ length: 12 }, () => device())
    // The main thread's writes meanwhile: a transaction and single statements, as a round or a staff edit makes.
    const mainWrites = Array.from({ length: 12 }, (_, i) =>
      i % 2
        ? server.db.transaction().execute((trx) => trx.updateTable('bases').set({ end_time: '23:59' }).where('base_id', '=', 'B201').execute())
        : server.db.updateTable('bases').set({ begin_time: '00:00' }).where('base_id', '=', 'B202').execute()
    )
    const answers = await Promise.all([...phones.map((p) => submit(takeaway([soupLine('2')]), p.headers)), ...mainWrites])
    const placed = answers.slice(0, phones.length) as Awaited<ReturnType<typeof submit>>[]
    expect(placed.map((r) => r.body.resultcode)).toEqual(phones.map(() => '0'))
    const sheetIds = placed.map((r) => r.body.data.table1[0].SheetID)
    expect(new Set(sheetIds).size).toBe(phones.length)
    expect(placed.every((r) => r.body.data.table1[0].Amount === '44.00')).toBe(true)
    expect(server.placements!.answered - answeredBefore).toBe(phones.length)
    const after = await orderCounts(server.db)
    expect(after.orders - before.orders).toBe(phones.length)
    expect(after.lines - before.lines).toBe(phones.length)
    // Each phone reads its order back on the main thread's connection.
    const detail = await server.call('OrderDetailGet', [{ SheetID: sheetIds[3] }], { headers: phones[3].headers })
    expect(detail.body.data.table1[0]).toMatchObject({ SheetID: sheetIds[3], Amount: '44.00' })
  })

  it("a refusal on the thread comes back with its code, in the caller's language, and writes nothing", async () => {
    const me = device()
    const line = await clientLine(server, { code: 'C01', sku: 'LARGE' })
    const name = (await server.call('GoodsDetailGet', [{ ShopID: 'S101', BaseID: 'B201', GoodsID: line.input.GoodsID }], { lang: 'zh-TW' })).body.data.table1[0].GoodsName
    const before = await orderCounts(server.db)
    const res = await submit(takeaway([soupLine(), { ...line.input, Amount: '1' }]), me.headers, requestKey(), 'zh-TW')
    expect(res.status).toBe(200)
    expect(res.body.resultcode).toBe(RESULTCODES.PRICE_CHANGED)
    expect(res.body.resultmsg).toContain(name)
    expect(await orderCounts(server.db)).toEqual(before)
    // An envelope-level refusal from the domain (no device key) keeps its errcode and HTTP status, as on the main thread.
    const anonymous = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }])
    const onMainThread = await server.call('OrderDetailGet', [{ SheetID: 'S1' }])
    expect(anonymous.status).toBe(onMainThread.status)
    expect(anonymous.body.errcode).toBe(onMainThread.body.errcode)
    expect(anonymous.body.errcode).not.toBe('0')
  })

  it('the same RequestKey again answers the first order; with other content it is REQUEST_KEY_REUSED', async () => {
    const me = device()
    const key = requestKey()
    const first = await submit(takeaway([soupLine()]), me.headers, key)
    const again = await submit(takeaway([soupLine()]), me.headers, key)
    expect(again.body.resultcode).toBe('0')
    expect(again.body.data.table1[0].SheetID).toBe(first.body.data.table1[0].SheetID)
    const other = await submit(takeaway([soupLine('3')]), me.headers, key)
    expect(other.body.resultcode).toBe(RESULTCODES.REQUEST_KEY_REUSED)
  })

  it('a branch renamed on the main thread is named so in the next order placed on the thread', async () => {
    const first = await submit(takeaway([soupLine()]), device().headers)
    const { names } = await server.db.selectFrom('bases').select('names').where('base_id', '=', 'B201').executeTakeFirstOrThrow()
    expect(first.body.data.table1[0].BaseName).toBe(JSON.parse(names).en)
    const renamed = { ...JSON.parse(names), en: 'Harbour Front (renamed)' }
    try {
      // As the console's branch edit does: the row, then this process's kept names forgotten.
      await server.db.updateTable('bases').set({ names: JSON.stringify(renamed) }).where('base_id', '=', 'B201').execute()
      forgetPlaceNames()
      const next = await submit(takeaway([soupLine()]), device().headers)
      expect(next.body.data.table1[0].BaseName).toBe('Harbour Front (renamed)')
    } finally {
      await server.db.updateTable('bases').set({ names }).where('base_id', '=', 'B201').execute()
      forgetPlaceNames()
    }
  })

  it("rings this thread's live bell for the order's event before the phone has its answer", async () => {
    const rings: [string | null, number][] = []
    const bell = await openWakeup(server.db, { databaseUrl: null, onBell: (entId, id) => rings.push([entId, id]) })
    try {
      const res = await submit(takeaway([soupLine()]), device().headers)
      expect(res.body.resultcode).toBe('0')
      const { last_id } = await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', DEMO_ENT).executeTakeFirstOrThrow()
      expect(rings).toContainEqual([DEMO_ENT, Number(last_id)])
    } finally {
      await bell.close()
    }
  })

  it('a thread that stops loses the placement it held, not the next: a new thread places it, and the main thread can write', async () => {
    const thread = server.placements!
    // The running worker, as a crash would end it.
    const worker = (thread as unknown as { worker: Worker }).worker
    const me = device()
    const key = requestKey()
    const before = await orderCounts(server.db)
    const lost = submit(takeaway([soupLine()]), me.headers, key)
    await worker.terminate()
    const answer = await lost
    if (answer.body.resultcode === '0') {
      // The thread answered before it stopped: the order is there.
      expect((await orderCounts(server.db)).orders).toBe(before.orders + 1)
    } else {
      // It stopped first: a server error, and nothing of the order was written.
      expect(answer.status).toBeGreaterThanOrEqual(500)
      expect(await orderCounts(server.db)).toEqual(before)
    }
    // The phone retries with the same key: placed (or answered as placed), on a new thread.
    const retry = await submit(takeaway([soupLine()]), me.headers, key)
    expect(retry.body.resultcode).toBe('0')
    expect((thread as unknown as { worker: Worker }).worker).not.toBe(worker)
    expect((await orderCounts(server.db)).orders).toBe(before.orders + 1)
    await server.db.updateTable('bases').set({ end_time: '23:59' }).where('base_id', '=', 'B201').execute()
  })
})

describe('the write turn', () => {
  const pair = () => {
    const main = WriteTurn.create()
    return { main, placement: WriteTurn.join(main.buffer) }
  }
  const settled = async (promise: Promise<void>): Promise<boolean> => {
    let done = false
    void promise.then(() => (done = true))
    // Two turns of the event loop: a free turn is taken at once.
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    return done
  }

  it('one side at a time: the main thread waits while the placement thread writes, and goes when it is given', async () => {
    const { main, placement } = pair()
    await placement.take()
    const waiting = main.take()
    expect(await settled(waiting)).toBe(false)
    placement.give()
    await waiting
    expect(main.held).toBe(true)
    expect(placement.held).toBe(false)
    main.give()
  })

  it('the main thread goes first: the placement thread does not take a free turn while the main thread waits', async () => {
    const { main, placement } = pair()
    await placement.take()
    const mainWaits = main.take()
    placement.give()
    const placementAgain = placement.take()
    await mainWaits
    expect(await settled(placementAgain)).toBe(false)
    main.give()
    await placementAgain
    expect(placement.held).toBe(true)
    placement.give()
  })

  it("a stopped thread's turn is reclaimed; the main thread's is not", async () => {
    const { main, placement } = pair()
    await placement.take()
    main.reclaim()
    expect(placement.held).toBe(false)
    await main.take()
    main.reclaim()
    expect(main.held).toBe(true)
    main.give()
  })
})
