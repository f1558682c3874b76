/**
 * How PostgreSQL finds an order by its id (issue 28 item 6). A new database has no statistics
 * yet: with `ent_id = … and order_id = …` the planner took the (ent_id, request_key) index for
 * ent_id and read every order of the enterprise, filtering on the id (on the heavy night 1 ms and
 * about 1 100 buffers a read, growing with the orders). By the key alone it reads one row; the
 * enterprise is checked on the row. Only with DATABASE_URL.
 */
import pg from 'pg'
import { findOrder } from '../../server/src/storage/repositories/order.repository'
import { findOrder as findPayableOrder } from '../../server/src/domain/payments/payment.service'
import { loadOrderRows } from '../../server/src/domain/counter/counter-view'
import { DomainError } from '../../server/src/domain/errors'
import { device, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, DEMO_ENT, type TestServer } from './helpers/test-server'

const pgOnly = process.env.DATABASE_URL ? describe : describe.skip

pgOnly('finding an order on PostgreSQL without statistics', () => {
  let server: TestServer
  let orderId = ''
  const seen: { text: string; values: unknown[] }[] = []
  let listening = false
  const query = pg.Client.prototype.query

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      // A text with its values, or a named (prepared) statement's config (named-statements.ts).
      const [first, second] = args as [string | { text?: string; values?: unknown[] }, unknown[] | undefined]
      const text = typeof first === 'string' ? first : first?.text
      const values = typeof first === 'string' ? second : first?.values
      if (listening && typeof text === 'string' && /from "orders"/.test(text)) seen.push({ text, values: values ?? [] })
      return (query as (...a: unknown[]) => unknown).apply(this, args)
    } as typeof query
    server = await createTestServer({}, { demoMenus: true })
    await openAllDay(server.db)
    const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: device().headers })
    orderId = placed.body.data.table1[0].SheetID
    // A busy first hour: a few hundred orders of the one enterprise, and no ANALYZE yet.
    const template = await server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
    const copies = Array.from({ length: 600 }, (_, i) => ({ ...template, order_id: `${orderId}-${i}`, request_key: `${template.request_key}-${i}` }))
    for (let i = 0; i < copies.length; i += 100) await server.db.insertInto('orders').values(copies.slice(i, i + 100)).execute()
  }, 60_000)
  afterAll(async () => {
    pg.Client.prototype.query = query
    await server?.close()
  })

  const plan = async (text: string, values: unknown[]): Promise<string> => {
    const { rows } = await server.database.db.executeQuery<{ 'QUERY PLAN': string }>({ sql: `explain ${text}`, parameters: values } as never)
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  }
  const statementsOf = async (work: () => Promise<unknown>) => {
    seen.length = 0
    listening = true
    try {
      await work()
    } finally {
      listening = false
    }
    return [...seen]
  }

  it('the trap is real here: with ent_id in the statement the planner reads the enterprise’s orders', async () => {
    const text = 'select * from "orders" where "ent_id" = $1 and "order_id" = $2'
    expect(await plan(text, [DEMO_ENT, orderId])).toMatch(/orders_request_key/)
  })

  it('an order, a payable order and the counter’s rows are read by the key, and another enterprise’s order is not found', async () => {
    const reads = [
      ...(await statementsOf(() => findOrder(server.db, DEMO_ENT, orderId))),
      ...(await statementsOf(() => findPayableOrder(server.db, DEMO_ENT, orderId))),
      ...(await statementsOf(() => loadOrderRows(server.db, DEMO_ENT, [orderId])))
    ].filter((s) => /^select \* from "orders"/.test(s.text))
    expect(reads).toHaveLength(3)
    for (const read of reads) {
      const shown = await plan(read.text, read.values)
      expect(shown).toMatch(/orders_pkey/)
      expect(shown).not.toMatch(/orders_request_key/)
    }
    expect((await findOrder(server.db, DEMO_ENT, orderId))?.order_id).toBe(orderId)
    expect(await findOrder(server.db, 'E-other', orderId)).toBeNull()
    await expect(findPayableOrder(server.db, 'E-other', orderId)).rejects.toEqual(new DomainError('ORDER_NOT_FOUND'))
    expect(await loadOrderRows(server.db, 'E-other', [orderId])).toEqual([])
    expect((await loadOrderRows(server.db, DEMO_ENT, [orderId])).map((r) => r.OrderID)).toEqual([orderId])
  })
})
