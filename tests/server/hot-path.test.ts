/** The gateway's shortcuts give the answers of the long way round. */
import { z } from 'zod'
import { safeParseRecord } from '../../server/src/http/record-parse'
import { baseRecordSchema } from '../../server/src/operations/fields'
import GoodsListByClass from '../../server/src/operations/goods/GoodsListByClass'

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
