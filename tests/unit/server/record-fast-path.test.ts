/**
 * The gateway's fast paths give zod's and encodeStrings' answers: the compiled record
 * validation (compiled-schema.ts) on valid and invalid records of every operation, and the
 * one-pass answer writer (encoded-json.ts) on every kind of value.
 */
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { encodeStrings } from '../../../src/gateway/form'
import { compileSchema, UNSURE } from '../../../server/src/http/compiled-schema'
import { encodedJson } from '../../../server/src/http/encoded-json'
import { safeParseRecord } from '../../../server/src/http/record-parse'
import { successReply } from '../../../server/src/http/response'
import { keepAnswer } from '../../../server/src/http/kept-answers'
import { baseRecordSchema } from '../../../server/src/operations/fields'
import { operationList } from '../../../server/src/operations/registry'
import OrderPricePreview from '../../../server/src/operations/retail/OrderPricePreview'
import OrderSubmit from '../../../server/src/operations/retail/OrderSubmit'

// ---------- sample records, from the schemas themselves ----------

const odd = [undefined, null, '', ' ', 0, -1, 1.5, true, false, 'abc', ' a b ', '12', '2.50', '-3', '1e3', 'NaN', [], {}, [1], ['7'], { a: 1 }, '蓮香茶室', 'x'.repeat(129)]

/** Values worth trying for one schema node: edge cases of its checks and the odd kinds. */
function candidates(schema: z.ZodTypeAny, depth = 0): unknown[] {
  const def = schema._def as Record<string, unknown> & { typeName?: string }
  switch (schema.constructor) {
    case z.ZodString: {
      const checks = (def as unknown as z.ZodStringDef).checks
      const out: unknown[] = ['S101', ' S101 ', 'a-b_c.d:e', 'a b', 7, 7.5, '123456', '66123456', '853', '+853', 'abcdefgh']
      for (const c of checks) {
        if (c.kind === 'min' || c.kind === 'max' || c.kind === 'length') {
          out.push('y'.repeat(c.value), 'y'.repeat(Math.max(0, c.value - 1)), 'y'.repeat(c.value + 1), ` ${'y'.repeat(c.value)} `)
        }
      }
      return [...out, ...odd]
    }
    case z.ZodNumber:
      return [0, 1, 2, 99, 100, -0, 0.5, '3', ' 4 ', '5.5', 1e400, -1e400, NaN, Number.MAX_SAFE_INTEGER + 2, 1000, 1001, ...odd]
    case z.ZodLiteral:
      return [(def as unknown as z.ZodLiteralDef).value, ...odd]
    case z.ZodEnum:
      return [...(def as unknown as z.ZodEnumDef).values, 'TAKEAWAY', ...odd]
    case z.ZodOptional:
    case z.ZodNullable:
    case z.ZodDefault:
      return candidates(def.innerType as z.ZodTypeAny, depth)
    case z.ZodEffects:
      return candidates(def.schema as z.ZodTypeAny, depth)
    case z.ZodArray: {
      const element = def.type as z.ZodTypeAny
      const good = goodValue(element, depth + 1)
      const max = (def as unknown as z.ZodArrayDef).maxLength?.value ?? 3
      const some = depth < 2 ? candidates(element, depth + 1).map((c) => [c]) : []
      return [[], [good], [good, good], Array.from({ length: max }, () => good), Array.from({ length: max + 1 }, () => good), ...some, ...odd]
    }
    case z.ZodObject:
      return depth < 2 ? [...records(schema as z.AnyZodObject, depth + 1, {}), ...odd] : [goodValue(schema, depth), ...odd]
    default:
      return odd
  }
}

/** The first candidate zod takes (a record's "valid" value for the field). */
function goodValue(schema: z.ZodTypeAny, depth: number): unknown {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>
    return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, goodValue(s, depth + 1)]))
  }
  const found = (depth < 3 ? candidates(schema, depth) : [...odd, 'S101', 1]).find((c) => schema.safeParse(c).success)
  return found
}

/** A valid record, then the record with each field changed to each of its candidates (or left out). */
function records(schema: z.AnyZodObject, depth: number, base: Record<string, unknown>): Record<string, unknown>[] {
  const shape = schema.shape as Record<string, z.ZodTypeAny>
  const valid: Record<string, unknown> = { ...base }
  for (const [key, field] of Object.entries(shape)) {
    const value = goodValue(field, depth)
    if (value !== undefined) valid[key] = value
  }
  const out: Record<string, unknown>[] = [valid, { ...valid, Extra: 'ignored' }]
  for (const [key, field] of Object.entries(shape)) {
    const without = { ...valid }
    delete without[key]
    out.push(without)
    for (const c of candidates(field, depth)) out.push({ ...valid, [key]: c })
  }
  return out
}

const ENVELOPE_FIELDS = { EntID: 'E1001', UserID: 'u1', AppName: 'app' }

/** safeParseRecord answers as zod does, and the compiled path never vouches for what zod refuses. */
function expectAgreement(schema: z.ZodTypeAny, record: Record<string, unknown>): 'fast' | 'zod' {
  const zod = schema.safeParse(record)
  expect(safeParseRecord(schema, record)).toStrictEqual(zod)
  const fast = compileSchema(schema)?.(record) ?? UNSURE
  if (fast === UNSURE) return 'zod'
  if (!zod.success || !isDeepStrictEqual(fast, zod.data)) {
    throw new Error(`fast path differs from zod on ${JSON.stringify(record)}: ${JSON.stringify(fast)} vs ${JSON.stringify(zod)}`)
  }
  return 'fast'
}

// ---------- compiled validation ----------

describe('compiled record validation', () => {
  it('covers the base fields and the order placements', () => {
    for (const schema of [baseRecordSchema, OrderSubmit.input, OrderPricePreview.input]) expect(compileSchema(schema)).not.toBeNull()
  })

  const benchLines = [
    { GoodsID: 'S101.g.F01', SkuID: '', PCode: '', MQua: '2', PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: '76' },
    {
      GoodsID: 'S101.g.C01',
      SkuID: 'S101.g.C01.s.LARGE',
      PCode: '',
      MQua: 1,
      PQua: null,
      Remarks: [{ name: '蔥', option: '走蔥' }],
      AddOns: ['S101.g.C01.o.WONTON3'],
      Bom: [{ BOMClassID: 'b1', GoodsID: 'S101.g.X' }],
      Amount: 36
    }
  ]
  const placement = { ...ENVELOPE_FIELDS, ShopID: 'S101', BaseID: 'B201', ServiceType: 'takeaway', AppointedTime: '', BagQua: 1, Remarks: '', Lines: benchLines }

  it.each([
    ['as the bench sends it', { ...placement, RequestKey: 'gw-1a2b3c4d-17' }],
    ['lines without the optional lists', { ...placement, RequestKey: 'k'.repeat(8), Lines: [{ GoodsID: 'G', MQua: '1' }] }],
    ['bags as text, blank and null', { ...placement, RequestKey: 'abcdefgh', BagQua: '3', AppointedTime: null, Remarks: null, TableID: 12 }],
    ['no bags', { ...placement, RequestKey: 'abcdefgh', BagQua: '' }],
    ['a delivery', { ...placement, RequestKey: 'abcdefgh', ServiceType: 'delivery', Delivery: { Contact: 'A', Phone: 853, Address: 'Rua', Lng: '113.5', Lat: null } }],
    ['padded ids', { ...placement, RequestKey: ' abcdefgh ', ShopID: ' S101 ', BaseID: 201 }],
    ['a bad request key', { ...placement, RequestKey: 'has space!' }],
    ['a short request key', { ...placement, RequestKey: 'short' }],
    ['an unknown service', { ...placement, RequestKey: 'abcdefgh', ServiceType: 'drive-through' }],
    ['too many bags', { ...placement, RequestKey: 'abcdefgh', BagQua: 100 }],
    ['a fraction of a bag', { ...placement, RequestKey: 'abcdefgh', BagQua: 1.5 }],
    ['lines not a list', { ...placement, RequestKey: 'abcdefgh', Lines: { 0: benchLines[0] } }],
    ['a line without goods', { ...placement, RequestKey: 'abcdefgh', Lines: [{ ...benchLines[0], GoodsID: ' ' }] }],
    ['a remark without a name', { ...placement, RequestKey: 'abcdefgh', Lines: [{ ...benchLines[1], Remarks: [{ option: 'x' }] }] }],
    ['an add-on that is not text', { ...placement, RequestKey: 'abcdefgh', Lines: [{ ...benchLines[1], AddOns: [5] }] }],
    ['a combo pick without goods', { ...placement, RequestKey: 'abcdefgh', Lines: [{ ...benchLines[1], Bom: [{ BOMClassID: 'b' }] }] }],
    ['a delivery that is not an object', { ...placement, RequestKey: 'abcdefgh', Delivery: 'home' }],
    ['a far-away coordinate', { ...placement, RequestKey: 'abcdefgh', Delivery: { Contact: 'A', Phone: '1', Address: 'x', Lng: 'east', Lat: 0 } }]
  ])('OrderSubmit: %s', (_name, record) => {
    expectAgreement(OrderSubmit.input, record)
    expectAgreement(OrderPricePreview.input, record)
    expectAgreement(baseRecordSchema, record)
  })

  it('names the same fields as zod when a placement fails', () => {
    const record = { ...placement, RequestKey: 'x', BagQua: -1, Lines: [{ ...benchLines[1], Remarks: [{ name: 5 }], AddOns: 'none' }] }
    const result = safeParseRecord(OrderSubmit.input, record)
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.issues.map((i) => i.path.join('.'))).toEqual(['BagQua', 'Lines.0.AddOns', 'RequestKey'])
  })

  const schemas: [string, z.ZodTypeAny][] = [['base record', baseRecordSchema], ...operationList().map((op): [string, z.ZodTypeAny] => [op.name, op.input])]

  it.each(schemas)('%s: answers as zod on valid and invalid records', (_name, schema) => {
    const samples = schema instanceof z.ZodObject ? records(schema, 0, ENVELOPE_FIELDS) : [ENVELOPE_FIELDS]
    const answered = { fast: 0, zod: 0 }
    for (const record of samples) answered[expectAgreement(schema, record)]++
    // The samples hold records the fast path takes, unless the schema is not compiled at all,
    // and (when the record has fields to get wrong) records only zod can answer.
    if (compileSchema(schema)) expect(answered.fast).toBeGreaterThan(0)
    if (schema instanceof z.ZodObject && Object.keys(schema.shape).length > 0) expect(answered.zod).toBeGreaterThan(0)
  })

  it('leaves refinements that report an issue, and kinds it does not know, to zod', () => {
    const refined = z.object({ A: z.string().refine((s) => s.startsWith('a'), 'must start with a') })
    expect(expectAgreement(refined, { A: 'abc' })).toBe('fast')
    expect(expectAgreement(refined, { A: 'xbc' })).toBe('zod')
    const union = z.object({ A: z.union([z.string(), z.number()]) })
    expect(compileSchema(union)).toBeNull()
    expect(safeParseRecord(union, { A: 1 })).toStrictEqual(union.safeParse({ A: 1 }))
    const strict = z.object({ A: z.string() }).strict()
    expect(compileSchema(strict)).toBeNull()
  })

  it('sets a key given as undefined, as zod does, and leaves out one never given', () => {
    const schema = z.object({ A: z.string().optional(), B: z.string().optional() })
    const parsed = compileSchema(schema)!({ A: undefined })
    expect(parsed).toStrictEqual(schema.parse({ A: undefined }))
    expect(Object.keys(parsed as object)).toEqual(['A'])
  })

  it('hands out a new value every time: defaults and lists are not shared', () => {
    const first = safeParseRecord(OrderSubmit.input, { ...placement, RequestKey: 'abcdefgh', Lines: [{ GoodsID: 'G', MQua: '1' }] })
    if (!first.success) throw new Error('expected success')
    first.data.Lines[0].AddOns.push('changed')
    const second = safeParseRecord(OrderSubmit.input, { ...placement, RequestKey: 'abcdefgh', Lines: [{ GoodsID: 'G', MQua: '1' }] })
    if (!second.success) throw new Error('expected success')
    expect(second.data.Lines[0].AddOns).toEqual([])
  })
})

// ---------- the answer writer ----------

describe('one-pass answer writer', () => {
  const values: unknown[] = [
    { errcode: '0', errmsg: '', resultcode: '0', resultmsg: '', data: {} },
    {
      errcode: '0',
      errmsg: '',
      resultcode: '0',
      resultmsg: '',
      data: {
        table1: [
          { SheetID: 'O2026', ShopName: '蓮香茶室（議事亭前地店）', Amount: '112.00', Status: 0, CanPay: 1, Created: '2026-11-22 12:20:38', Note: undefined, Empty: null },
          { SheetID: 'O2027', ShopName: 'Lin Heung', Amount: '-3.5', Status: 3, CanPay: 0, Created: '', Note: 'a "quoted" \\ back\nslash', Empty: null }
        ],
        table2: [{ Text: "safe-_.!~*'()", Plus: 'a+b=c&d?e#f/g', Emoji: '🍵', Tab: '\t' }]
      }
    },
    { numbers: [0, -0, 1.5, -2, 1e21, 1e-7, 2 ** 53, NaN, Infinity, -Infinity], flags: [true, false], holes: [undefined, null, 'x'] },
    { 2: 'two', 1: 'one', b: 'b', a: 'a', 'quote"key': 'q', 'ключ': 'значение', '': 'empty key' },
    Object.assign(Object.create(null) as Record<string, unknown>, { bare: 'object without prototype' }),
    [[], {}, [[{}]], ''],
    'top-level text',
    42,
    null
  ]

  it.each(values.map((v, i) => [i, v]))('writes value %i as JSON.stringify(encodeStrings(value))', (_i, value) => {
    expect(encodedJson(value)).toBe(JSON.stringify(encodeStrings(value)))
  })

  it.each([
    ['a Date', { when: new Date(0) }],
    ['a class instance', { row: new (class Row {})() }],
    ['a function', { f: () => 1 }],
    ['a bigint', { n: BigInt(1) }],
    ['undefined alone', undefined]
  ])('leaves %s to the long way', (_name, value) => {
    expect(encodedJson(value)).toBeNull()
  })

  it('writes a frozen array (a kept bill\'s rows) as JSON.stringify(encodeStrings(value)), the same text in every answer it is in', () => {
    const rows = Object.freeze([Object.freeze({ GoodsName: '鮮蝦雲吞麵', Qua: '2', Lines: Object.freeze([Object.freeze({ a: 'x y' })]) }), Object.freeze({ GoodsName: 'Soup', Qua: '1' })])
    const first = { data: { table1: [{ Fresh: 1 }], table2: rows } }
    const second = { data: { table1: [{ Fresh: 2 }], table2: rows } }
    expect(encodedJson(first)).toBe(JSON.stringify(encodeStrings(first)))
    expect(encodedJson(second)).toBe(JSON.stringify(encodeStrings(second)))
    // Another frozen array with other rows is written as itself.
    const other = Object.freeze([Object.freeze({ GoodsName: '是日例湯', Qua: '3' })])
    expect(encodedJson({ table2: other })).toBe(JSON.stringify(encodeStrings({ table2: other })))
  })

  it('fails on a lone surrogate as encodeStrings does', () => {
    const value = { text: '\ud800' }
    expect(() => encodeStrings(value)).toThrow(URIError)
    expect(() => encodedJson(value)).toThrow(URIError)
  })

  it('success replies carry the same body and bytes as before', () => {
    const data = { table1: [{ Name: '鮮蝦雲吞麵', Price: '36.00', Qty: 1 }] }
    const reply = successReply(data)
    const body = encodeStrings({ errcode: '0', errmsg: '', resultcode: '0', resultmsg: '', data })
    expect(reply.status).toBe(200)
    expect(reply.unexpected).toBe(false)
    expect(reply.body).toStrictEqual(body)
    expect(String(reply.payload)).toBe(JSON.stringify(body))
    // An answer that may be kept goes out as bytes, written once.
    const kept = keepAnswer({ table1: [{ Name: '碗' }] }, () => true)
    const keptReply = successReply(kept)
    expect(Buffer.isBuffer(keptReply.payload)).toBe(true)
    expect(successReply(kept)).toBe(keptReply)
    expect(keptReply.payload!.toString('utf8')).toBe(JSON.stringify(encodeStrings({ errcode: '0', errmsg: '', resultcode: '0', resultmsg: '', data: kept })))
  })
})
