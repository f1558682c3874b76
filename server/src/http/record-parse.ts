/**
 * Record validation with a memo. Validating a record with zod costs more than the rest of a
 * cached menu read together (≈20 µs for the base fields and an operation's input), and diners
 * send the same few records over and over (the same shop, branch and class). Our record
 * schemas are pure (their preprocessing reads nothing but the value), so a z.object in strip
 * mode gives the same answer for the same values of its own fields: the answer for a record
 * whose fields are all plain values (string, number, boolean, null) is kept under those values
 * and handed out as a fresh copy. Anything else (nested values, other object modes, records
 * that fail) goes through zod every time, so errors are zod's own.
 *
 * Schemas the fast path compiles (compiled-schema.ts: every operation's input today) skip the
 * memo: their closures check a record in about the time the memo takes to build its key.
 */
import { z } from 'zod'
import { compileSchema, UNSURE } from './compiled-schema'

/** Answers kept per schema; beyond this many they start over. */
const MEMO_LIMIT = 1000

interface Memo {
  /** The shape's keys, in order; null when the schema's answer may depend on other keys. */
  keys: string[] | null
  answers: Map<string, Record<string, unknown>>
}

const memos = new WeakMap<z.ZodTypeAny, Memo>()

function memoOf(schema: z.ZodTypeAny): Memo {
  let memo = memos.get(schema)
  if (!memo) {
    const def = schema._def as { typeName?: unknown; unknownKeys?: unknown; catchall?: unknown }
    const memoisable =
      schema instanceof z.ZodObject && def.unknownKeys === 'strip' && def.catchall instanceof z.ZodNever
    memo = { keys: memoisable ? Object.keys((schema as z.AnyZodObject).shape) : null, answers: new Map() }
    memos.set(schema, memo)
  }
  return memo
}

/**
 * The memo key: each field's presence, type and value, without ambiguity (strings carry their
 * length). null when a field holds something other than a plain value.
 */
function keyOf(keys: string[], record: Record<string, unknown>): string | null {
  let key = ''
  for (const name of keys) {
    const value = record[name]
    switch (typeof value) {
      case 'string':
        key += `s${value.length}:${value}`
        break
      case 'number':
        if (Object.is(value, -0)) return null
        key += `d${value};`
        break
      case 'boolean':
        key += value ? 't' : 'f'
        break
      case 'undefined':
        key += name in record ? 'u' : 'x'
        break
      default:
        if (value !== null) return null
        key += 'n'
    }
  }
  return key
}

const isPlain = (answer: Record<string, unknown>): boolean =>
  Object.values(answer).every((v) => v === null || (typeof v !== 'object' && typeof v !== 'function'))

/**
 * schema.safeParse(record): from the schema's compiled fast path (compiled-schema.ts) when it
 * vouches for the record, else from the memo when the same values were seen before, else zod.
 */
export function safeParseRecord<S extends z.ZodTypeAny>(schema: S, record: Record<string, unknown>): z.SafeParseReturnType<unknown, z.infer<S>> {
  const fast = compileSchema(schema)
  if (fast) {
    const data = fast(record)
    if (data !== UNSURE) return { success: true, data: data as z.infer<S> }
    return schema.safeParse(record)
  }
  const memo = memoOf(schema)
  const key = memo.keys ? keyOf(memo.keys, record) : null
  if (key !== null) {
    const answer = memo.answers.get(key)
    if (answer) return { success: true, data: { ...answer } as z.infer<S> }
  }
  const result = schema.safeParse(record)
  if (key !== null && result.success && result.data && typeof result.data === 'object' && isPlain(result.data)) {
    if (memo.answers.size >= MEMO_LIMIT) memo.answers.clear()
    memo.answers.set(key, { ...result.data })
  }
  return result
}
