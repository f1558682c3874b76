/** The gateway's shortcuts give the answers of the long way round. */
import { z } from 'zod'
import { safeParseRecord } from '../../server/src/http/record-parse'
import { baseRecordSchema } from '../../server/src/operations/fields'
import GoodsListByClass from '../../server/src/operations/goods/GoodsListByClass'
import { findEnterprise } from '../../server/src/storage/repositories/enterprise.repository'
import { createTestServer, DEMO_ENT, type TestServer } from './helpers/test-server'

describe('record validation memo', () => {
  const records: Record<string, unknown>[] = [
    { EntID: 'E1001', UserID: 'u1', AppName: 'app', ShopID: 'S101', BaseID: 'B201', ClassID: 'c1' },
    { EntID: 'E1001', UserID: 'u1', AppName: 'app', ShopID: 'S101', BaseID: 'B201', ClassID: 'c1' },
    { EntID: 1001, UserID: null, AppName: '  ', ShopID: 101, BaseID: '', ClassID: null, Keyword: 7, PageSize: '20' },
    { EntID: 1001, UserID: null, AppName: '  ', ShopID: 101, BaseID: '', ClassID: null, Keyword: 7, PageSize: '20' },
    { EntID: 'E1001', ShopID: ' S101 ', PageSize: 20, PageIndex: '2' },
    { EntID: 'E1001', ShopID: 'S101', BaseID: undefined },
    { EntID: 'E1001', ShopID: 'S101' },
    { EntID: 'E1001', ShopID: 'S101', PageSize: 0 },
    { EntID: 'E1001', ShopID: 'S101', PageSize: 0 },
    { EntID: 'E1001', ShopID: '' },
    { EntID: 'E1001', ShopID: 'S101', ClassID: { nested: true } },
    { EntID: 'x'.repeat(129), UserID: true, ShopID: 'S101' }
  ]

  it.each([baseRecordSchema, GoodsListByClass.input])('answers like zod, again and again (%#)', (schema) => {
    for (let round = 0; round < 3; round++) {
      for (const record of records) expect(safeParseRecord(schema, record)).toEqual(schema.safeParse(record))
    }
  })

  it('hands out a copy: changing an answer does not change the next one', () => {
    const record = { EntID: 'E1001', ShopID: 'S101', ClassID: 'c9' }
    const first = safeParseRecord(GoodsListByClass.input, record)
    if (!first.success) throw new Error('expected success')
    first.data.ClassID = 'changed'
    expect(safeParseRecord(GoodsListByClass.input, record)).toEqual(GoodsListByClass.input.safeParse(record))
  })

  it('leaves schemas that read other keys to zod', () => {
    const strict = z.object({ A: z.string() }).strict()
    expect(safeParseRecord(strict, { A: 'a' }).success).toBe(true)
    expect(safeParseRecord(strict, { A: 'a', B: 'b' }).success).toBe(false)
    const passthrough = z.object({ A: z.string() }).passthrough()
    expect(safeParseRecord(passthrough, { A: 'a' })).toEqual({ success: true, data: { A: 'a' } })
    expect(safeParseRecord(passthrough, { A: 'a', B: 'b' })).toEqual({ success: true, data: { A: 'a', B: 'b' } })
  })
})

describe('hot reads beside a transaction', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it("never see a transaction's uncommitted rows", async () => {
    const original = await findEnterprise(server.db, DEMO_ENT)
    expect(original).not.toBeNull()
    let inside!: () => void
    const reached = new Promise<void>((resolve) => (inside = resolve))
    let finish!: () => void
    const release = new Promise<void>((resolve) => (finish = resolve))
    const names = JSON.stringify({ 'zh-CN': '改名', 'zh-TW': '改名', en: 'Renamed' })
    const transaction = server.db.transaction().execute(async (trx) => {
      await trx.updateTable('enterprises').set({ names }).where('ent_id', '=', DEMO_ENT).execute()
      inside()
      await release
      throw new Error('roll back')
    })
    await reached
    // Read while the transaction is open (SQLite: on the one connection the transaction holds,
    // so the read must wait for it; PostgreSQL: on another connection).
    const during = findEnterprise(server.db, DEMO_ENT)
    finish()
    await expect(transaction).rejects.toThrow('roll back')
    expect(await during).toEqual(original)
    expect(await findEnterprise(server.db, DEMO_ENT)).toEqual(original)
  })
})
