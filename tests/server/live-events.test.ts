/**
 * The live event outbox and stream (issue 23 sold-out, issue 24 item 1; docs/live-events.md),
 * on SQLite and (with DATABASE_URL) PostgreSQL:
 *   - ids increase; a reader resuming after its cursor loses nothing and repeats nothing, also
 *     while many transactions append at once (on PostgreSQL they would commit out of order with
 *     a sequence);
 *   - the sold-out switch: GoodsListByClass / GoodsDetailGet / AttachmentChargingList show it
 *     (on a second app with its own connections too), orders naming the goods or the add-on are
 *     refused with GOODS_OFF_SALE, and switched back they are taken again;
 *   - the SSE stream of a SECOND app on the same database (its own connections, its own hub and
 *     wake-up) receives the event written through the first; Last-Event-ID resumes; a pruned
 *     cursor gets 'reset'; only diners' kinds of the shop asked about are sent; the poll call
 *     mini-programs use; connections bounded per client.
 * Arrival is asserted with a generous timeout; the time it took is printed, not judged.
 */
import path from 'node:path'
import { sql } from 'kysely'
import Fastify from 'fastify'
import { RESULTCODES } from '../../src/gateway/codes'
import { appendEvent, appendEventNow, inEventTransaction, pruneEvents, readEvents } from '../../server/src/live/outbox'
import { setAddOnSoldOut, setGoodsSoldOut } from '../../server/src/domain/catalogue/sold-out.service'
import { liveRoutes } from '../../server/src/http/live.route'
import { B201, clientLine, device, gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, ok, runCli, type SecondInstance, type TestServer } from './helpers/test-server'
import { listen, openStream } from './helpers/sse-client'

const ENT = 'E1001'
const SHOP = 'S101'
const SOUP = gid('F01')
const WONTON_NOODLES = gid('C01')
const WONTON3 = `${WONTON_NOODLES}.o.WONTON3`

let server: TestServer
let second: SecondInstance
let firstUrl: string
let secondUrl: string

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  second = await server.openSecondInstance()
  firstUrl = await listen(server.app)
  secondUrl = await listen(second.app)
}, 60_000)
afterAll(() => server?.close())


const soldOut = (goodsId: string, flag: boolean) =>
  server.db.transaction().execute((trx) => setGoodsSoldOut(trx, { entId: ENT, shopId: SHOP, goodsId, soldOut: flag }))
const addOnSoldOut = (goodsId: string, optionId: string, flag: boolean) =>
  server.db.transaction().execute((trx) => setAddOnSoldOut(trx, { entId: ENT, shopId: SHOP, goodsId, optionId, soldOut: flag }))
const lastId = async () => Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', ENT).executeTakeFirst())?.last_id ?? 0)


const streamUrl = (base: string, query = '') => `${base}/live/events?ent=${ENT}&shop=${SHOP}${query}`

describe('the outbox', () => {
  it('gives increasing ids; reading from a cursor in pages loses nothing and repeats nothing', async () => {
    const start = await lastId()
    const written: number[] = []
    for (let i = 0; i < 7; i++) {
      const e = await server.db.transaction().execute((trx) => appendEventNow(trx, { entId: ENT, shopId: SHOP, kind: 'test.step', payload: { i } }))
      written.push(e.id)
    }
    expect(written).toEqual(written.map((_, i) => start + 1 + i))
    const read: number[] = []
    let cursor = start
    for (;;) {
      const page = await readEvents(server.db, { entId: ENT, afterId: cursor, limit: 3 })
      expect(page.reset).toBe(false)
      read.push(...page.events.map((e) => e.id))
      expect(page.position).toBeGreaterThanOrEqual(cursor)
      if (page.position === cursor) break
      cursor = page.position
    }
    expect(read).toEqual(written)
    expect((await readEvents(server.db, { entId: ENT, afterId: start + 3, limit: 100 })).events.map((e) => e.payload.i)).toEqual([3, 4, 5, 6])
    // A rolled-back event leaves no id behind: the next one takes it.
    await expect(
      server.db.transaction().execute(async (trx) => {
        await appendEventNow(trx, { entId: ENT, shopId: SHOP, kind: 'test.step', payload: { i: 'gone' } })
        throw new Error('rolled back')
      })
    ).rejects.toThrow('rolled back')
    const next = await server.db.transaction().execute((trx) => appendEventNow(trx, { entId: ENT, kind: 'test.step', payload: { i: 7 } }))
    expect(next.id).toBe(start + 8)
  })

  it('a reader polling while 40 transactions append at once (each waiting before its commit) sees every id once, in order', async () => {
    const start = await lastId()
    const seen: number[] = []
    let cursor = start
    let writing = true
    const reader = (async () => {
      while (writing || cursor < (await lastId())) {
        const page = await readEvents(server.db, { entId: ENT, afterId: cursor, limit: 7 })
        seen.push(...page.events.map((e) => e.id))
        cursor = page.position
        await new Promise((r) => setTimeout(r, 2))
      }
    })()
    // On PostgreSQL a second pool writes too, as another process would. (Not on SQLite: a second
    // handle in this process would wait for the file's write lock synchronously, blocking the
    // event loop the first handle's open transaction needs to commit.)
    const pg = Boolean(process.env.DATABASE_URL)
    const writers = Array.from({ length: 40 }, (_, i) =>
      (pg && i % 2 ? second.db : server.db).transaction().execute(async (trx) => {
        await appendEventNow(trx, { entId: ENT, shopId: SHOP, kind: 'test.burst', payload: { i } })
        // Hold the transaction open a while after appending (a slow writer).
        await new Promise((r) => setTimeout(r, (i * 7) % 13))
        await trx.selectFrom('shops').select('shop_id').where('shop_id', '=', SHOP).execute()
      })
    )
    try {
      await Promise.all(writers)
    } finally {
      writing = false
      await reader
    }
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => start + 1 + i))
  })

  it('writes the events of an event transaction at its end, in order, with consecutive ids; none on rollback', async () => {
    const start = await lastId()
    await expect(
      inEventTransaction(server.db, async (trx) => {
        await appendEvent(trx, { entId: ENT, shopId: SHOP, kind: 'test.rolledBack', payload: {} })
        throw new Error('changed my mind')
      })
    ).rejects.toThrow('changed my mind')
    expect(await lastId()).toBe(start)
    let counterInside = -1
    await inEventTransaction(server.db, async (trx) => {
      for (let i = 0; i < 3; i++) await appendEvent(trx, { entId: ENT, shopId: SHOP, kind: 'test.batch', payload: { i } })
      // Not written yet: the counter is untouched until the work is done.
      counterInside = Number((await trx.selectFrom('event_counters').select('last_id').where('ent_id', '=', ENT).executeTakeFirst())?.last_id ?? 0)
      await trx.selectFrom('shops').select('shop_id').where('shop_id', '=', SHOP).execute()
    })
    expect(counterInside).toBe(start)
    const page = await readEvents(server.db, { entId: ENT, afterId: start, limit: 10 })
    expect(page.events.map((e) => [e.id, e.kind, e.payload.i])).toEqual([
      [start + 1, 'test.batch', 0],
      [start + 2, 'test.batch', 1],
      [start + 3, 'test.batch', 2]
    ])
  })

  it('(PostgreSQL) does not hold the enterprise\'s event lock while an event transaction is still working', async () => {
    if (!process.env.DATABASE_URL) return // SQLite: one connection, writers queue anyway
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let appended!: () => void
    const hasAppended = new Promise<void>((r) => (appended = r))
    const slow = inEventTransaction(server.db, async (trx) => {
      await appendEvent(trx, { entId: ENT, shopId: SHOP, kind: 'test.slow', payload: {} })
      appended()
      await held
    })
    await hasAppended
    // Another process's writer commits while the slow one is still at work (with appendEvent
    // written at once it would wait for the slow transaction's row lock, and this would time out).
    const other = await Promise.race([
      second.db.transaction().execute((trx) => appendEventNow(trx, { entId: ENT, shopId: SHOP, kind: 'test.quick', payload: {} })),
      new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000))
    ])
    release()
    await slow
    expect(other).not.toBe('blocked')
    const quickId = (other as { id: number }).id
    const page = await readEvents(server.db, { entId: ENT, afterId: quickId - 1, limit: 10 })
    expect(page.events.map((e) => e.kind)).toEqual(['test.quick', 'test.slow'])
  })

  it('prunes old events; a cursor below what was pruned is told to reset', async () => {
    const before = await lastId()
    await server.db.transaction().execute((trx) => appendEventNow(trx, { entId: ENT, shopId: SHOP, kind: 'test.old', payload: {} }, new Date(Date.now() - 2 * 86_400_000)))
    const pruned = await pruneEvents(server.db, new Date(Date.now() - 86_400_000))
    expect(pruned).toBeGreaterThanOrEqual(1)
    const stale = await readEvents(server.db, { entId: ENT, afterId: before, limit: 10 })
    expect(stale).toMatchObject({ reset: true, events: [], position: before + 1 })
    // A cursor from another database (beyond the last id) too.
    expect((await readEvents(server.db, { entId: ENT, afterId: before + 1000, limit: 10 })).reset).toBe(true)
    expect((await readEvents(server.db, { entId: ENT, afterId: before + 1, limit: 10 })).reset).toBe(false)
  })
})

describe('sold out', () => {
  afterEach(async () => {
    await soldOut(SOUP, false)
    await addOnSoldOut(WONTON_NOODLES, WONTON3, false)
  })

  const soupRow = async (call = server.call) =>
    ok(await call('GoodsListByClass', [{ ShopID: SHOP, BaseID: B201, ClassID: '' }])).table1.find((g: any) => g.GoodsID === SOUP)

  it('shows in the goods list and details (on a second app too) and refuses orders, until switched back', async () => {
    expect((await soupRow()).SoldOut).toBe(0)
    // Read once on the second app, so its menu cache holds the menu before the switch.
    expect((await soupRow(second.call)).SoldOut).toBe(0)
    const change = await soldOut(SOUP, true)
    expect(change).toMatchObject({ changed: true, soldOut: true, goodsId: SOUP })
    expect(change.eventId).toBeGreaterThan(0)
    expect((await soupRow()).SoldOut).toBe(1)
    expect((await soupRow(second.call)).SoldOut).toBe(1)
    const detail = ok(await server.call('GoodsDetailGet', [{ ShopID: SHOP, BaseID: B201, GoodsID: SOUP }]))
    expect(detail.table1[0].SoldOut).toBe(1)

    const refused = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: device().headers })
    expect(refused.body).toMatchObject({ resultcode: RESULTCODES.GOODS_OFF_SALE })
    expect(refused.body.resultmsg).toContain('Soup of the Day')
    const preview = await second.call('OrderPricePreview', [{ ...takeaway([soupLine()]) }])
    expect(preview.body.resultcode).toBe(RESULTCODES.GOODS_OFF_SALE)

    // Switching to the state it is in changes nothing and tells no one.
    const again = await soldOut(SOUP, true)
    expect(again).toMatchObject({ changed: false, eventId: null })

    await soldOut(SOUP, false)
    expect((await soupRow(second.call)).SoldOut).toBe(0)
    const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: device().headers })
    ok(placed)
  })

  it('an add-on sold out is marked and cannot be ordered; the goods without it can', async () => {
    const withAddOn = await clientLine(server, { code: 'C01', sku: 'SMALL', addOns: ['WONTON3'] })
    const plain = await clientLine(server, { code: 'C01', sku: 'SMALL' })
    await addOnSoldOut(WONTON_NOODLES, WONTON3, true)
    const addOns = ok(await second.call('AttachmentChargingList', [{ ShopID: SHOP, BaseID: B201, GoodsID: WONTON_NOODLES }])).table1
    expect(addOns.find((a: any) => a.OptionID === WONTON3)).toMatchObject({ SoldOut: 1 })
    expect(ok(await server.call('GoodsDetailGet', [{ ShopID: SHOP, BaseID: B201, GoodsID: WONTON_NOODLES }])).table1[0].SoldOut).toBe(0)
    const refused = await server.call('OrderSubmit', [{ ...takeaway([withAddOn.input]), RequestKey: requestKey() }], { headers: device().headers })
    expect(refused.body.resultcode).toBe(RESULTCODES.GOODS_OFF_SALE)
    expect(refused.body.resultmsg).toContain('Three more wontons')
    ok(await server.call('OrderSubmit', [{ ...takeaway([plain.input]), RequestKey: requestKey() }], { headers: device().headers }))
    await addOnSoldOut(WONTON_NOODLES, WONTON3, false)
    ok(await server.call('OrderSubmit', [{ ...takeaway([withAddOn.input]), RequestKey: requestKey() }], { headers: device().headers }))
  })

  it('unknown goods or add-ons, or another shop’s, are GOODS_NOT_FOUND and write nothing', async () => {
    const before = await lastId()
    await expect(soldOut(gid('NOPE'), true)).rejects.toMatchObject({ code: 'GOODS_NOT_FOUND' })
    await expect(
      server.db.transaction().execute((trx) => setGoodsSoldOut(trx, { entId: ENT, shopId: 'S102', goodsId: SOUP, soldOut: true }))
    ).rejects.toMatchObject({ code: 'GOODS_NOT_FOUND' })
    await expect(addOnSoldOut(SOUP, WONTON3, true)).rejects.toMatchObject({ code: 'GOODS_NOT_FOUND' })
    expect(await lastId()).toBe(before)
  })
})

describe('the stream', () => {
  it('a second app on the same database streams a sold-out written through the first', async () => {
    const stream = openStream(streamUrl(secondUrl))
    await stream.opened
    expect(stream.status).toBe(200)
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(stream.headers['content-security-policy']).toContain("connect-src 'self'")
    const ready = await stream.next((m) => m.event === 'ready')
    const startedAt = Date.now()
    const change = await soldOut(SOUP, true)
    const message = await stream.next((m) => m.event === 'goods.soldOut', 10_000)
    console.log(`live-events: event ${change.eventId} arrived on the second app ${Date.now() - startedAt} ms after the commit (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`)
    expect(Number(message.id)).toBe(change.eventId)
    expect(Number(message.id)).toBeGreaterThan(Number(ready.id))
    expect(message.data).toMatchObject({ kind: 'goods.soldOut', shopId: SHOP, goodsId: SOUP, soldOut: true })
    stream.close()
    await soldOut(SOUP, false)
  })

  it('resumes after Last-Event-ID (or ?after) with exactly the events missed, then goes on live', async () => {
    const from = await lastId()
    await soldOut(SOUP, true)
    await addOnSoldOut(WONTON_NOODLES, WONTON3, true)
    await soldOut(SOUP, false)
    const stream = openStream(streamUrl(firstUrl, '&after=0'), { 'Last-Event-ID': String(from) })
    const back = await stream.next((m) => m.event === 'goods.soldOut' && m.data.soldOut === false)
    const missed = stream.messages.filter((m) => m.data?.kind)
    expect(missed.map((m) => [m.event, m.data.soldOut])).toEqual([
      ['goods.soldOut', true],
      ['addOn.soldOut', true],
      ['goods.soldOut', false]
    ])
    expect(missed.map((m) => Number(m.id))).toEqual([from + 1, from + 2, from + 3])
    expect(stream.messages[0]).toMatchObject({ event: 'ready', id: String(from) })
    // Live from there, nothing twice.
    await addOnSoldOut(WONTON_NOODLES, WONTON3, false)
    await stream.next((m) => m.event === 'addOn.soldOut' && m.data.soldOut === false)
    const ids = stream.messages.filter((m) => m.data?.kind).map((m) => Number(m.id))
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b))
    expect(Number(back.id)).toBe(from + 3)
    stream.close()
  })

  it('carries only diners’ kinds of the shop asked about; passed-over events still move the id on', async () => {
    const stream = openStream(streamUrl(firstUrl))
    await stream.next((m) => m.event === 'ready')
    const staffOnly = await server.db.transaction().execute((trx) => appendEventNow(trx, { entId: ENT, shopId: SHOP, kind: 'order.placed', payload: { secret: 1 } }))
    const otherShop = await server.db.transaction().execute((trx) => appendEventNow(trx, { entId: ENT, shopId: 'S102', kind: 'goods.soldOut', payload: { goodsId: 'x', soldOut: true } }))
    const marker = await soldOut(SOUP, true)
    await stream.next((m) => m.event === 'goods.soldOut' && m.data.goodsId === SOUP)
    expect(stream.messages.some((m) => m.event === 'order.placed' || m.data?.secret || m.data?.goodsId === 'x')).toBe(false)
    expect(Number(stream.messages[stream.messages.length - 1].id)).toBe(marker.eventId)
    expect(otherShop.id).toBeGreaterThan(staffOnly.id)
    stream.close()
    await soldOut(SOUP, false)
  })

  it('a cursor that was pruned past gets reset (reload), then live events', async () => {
    await server.db.transaction().execute((trx) => appendEventNow(trx, { entId: ENT, shopId: SHOP, kind: 'test.old', payload: {} }, new Date(Date.now() - 3 * 86_400_000)))
    await pruneEvents(server.db, new Date(Date.now() - 86_400_000))
    const stream = openStream(streamUrl(secondUrl, '&after=1'))
    const reset = await stream.next((m) => m.event === 'reset')
    expect(Number(reset.id)).toBe(await lastId())
    await soldOut(SOUP, true)
    await stream.next((m) => m.event === 'goods.soldOut')
    stream.close()
    await soldOut(SOUP, false)
  })

  it('refuses an unknown shop or a malformed cursor; polls for hosts without EventSource', async () => {
    const unknown = await server.app.inject({ url: '/live/events?ent=E1001&shop=S999' })
    expect(unknown.statusCode).toBe(404)
    const bad = await server.app.inject({ url: '/live/events?ent=E1001&shop=S101&after=abc' })
    expect(bad.statusCode).toBe(400)
    const first = (await server.app.inject({ url: '/live/poll?ent=E1001&shop=S101' })).json()
    expect(first).toMatchObject({ position: await lastId(), reset: false, events: [] })
    await soldOut(SOUP, true)
    const polled = (await second.app.inject({ url: `/live/poll?ent=E1001&shop=S101&after=${first.position}` })).json()
    expect(polled.events).toEqual([{ id: first.position + 1, kind: 'goods.soldOut', data: expect.objectContaining({ goodsId: SOUP, soldOut: true }) }])
    expect(polled.position).toBe(first.position + 1)
    await soldOut(SOUP, false)
  })

  it('hears a write of another process (the menu import CLI): menu.changed', async () => {
    const stream = openStream(`${secondUrl}/live/events?ent=${ENT}&shop=S102`)
    await stream.next((m) => m.event === 'ready')
    const imported = await runCli(server, 'menu-import', path.join(__dirname, '..', '..', 'server', 'seed', 'menus', 'menu-S102.json'))
    expect(imported.code).toBe(0)
    const t = Date.now()
    const changed = await stream.next((m) => m.event === 'menu.changed', 15_000)
    console.log(`live-events: the CLI's menu.changed arrived ${Date.now() - t} ms after the CLI exited`)
    expect(changed.data).toMatchObject({ kind: 'menu.changed', shopId: 'S102' })
    expect(changed.data.version).toBeGreaterThan(0)
    stream.close()
  }, 60_000)

  const pgOnly = process.env.DATABASE_URL ? it : it.skip
  pgOnly('PostgreSQL: a lost listening connection comes back, and nothing written meanwhile is lost', async () => {
    const stream = openStream(streamUrl(secondUrl))
    await stream.next((m) => m.event === 'ready')
    const ours = `scanorder live ${server.database.schema}`
    const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = ${ours}`.execute(server.db)
    expect(killed.rows[0].n).toBeGreaterThanOrEqual(1)
    // Written while no one listens: the hub polls more often meanwhile, and looks again on reconnect.
    const change = await soldOut(SOUP, true)
    const heard = await stream.next((m) => Number(m.id) === change.eventId, 10_000)
    expect(heard.event).toBe('goods.soldOut')
    await soldOut(SOUP, false)
    await stream.next((m) => m.event === 'goods.soldOut' && m.data.soldOut === false, 10_000)
    // Listening again.
    for (let i = 0; i < 100; i++) {
      const back = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${ours}`.execute(server.db)
      if (back.rows[0].n >= 2) break
      await new Promise((r) => setTimeout(r, 50))
    }
    const back = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${ours}`.execute(server.db)
    expect(back.rows[0].n).toBeGreaterThanOrEqual(2)
    stream.close()
  })

  it('sends a heartbeat; bounds the connections of one client address (503, Retry-After)', async () => {
    const bounded = Fastify()
    await bounded.register(liveRoutes, { db: server.db, config: server.config, maxPerClient: 2, heartbeatMs: 100 })
    const url = await listen(bounded as unknown as TestServer['app'])
    const a = openStream(streamUrl(url))
    const b = openStream(streamUrl(url))
    await Promise.all([a.next((m) => m.event === 'ready'), b.next((m) => m.event === 'ready')])
    for (let i = 0; i < 100 && !a.raw.includes(': ping\n\n'); i++) await new Promise((r) => setTimeout(r, 20))
    expect(a.raw).toContain(': ping\n\n')
    expect(a.raw.startsWith('retry: 2000\n')).toBe(true)
    const c = openStream(streamUrl(url))
    await c.opened
    expect(c.status).toBe(503)
    a.close()
    // The closed one's place is free again.
    let d = openStream(streamUrl(url))
    for (let i = 0; i < 50; i++) {
      await d.opened
      if (d.status === 200) break
      await new Promise((r) => setTimeout(r, 20))
      d = openStream(streamUrl(url))
    }
    expect(d.status).toBe(200)
    b.close()
    c.close()
    d.close()
    await bounded.close()
  })
})
