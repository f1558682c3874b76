/**
 * A fast path for zod record schemas. zod stays the source of truth (the schemas are the
 * operations' documentation and give every 10007 error), but walking a nested record through
 * zod's generic machinery costs far more than the checks themselves: an OrderSubmit placement
 * record (two lines with remarks and add-ons) took 65–100 µs, mostly in zod's contexts,
 * statuses and issue bookkeeping.
 *
 * compileSchema(schema) reads the schema's definition once and builds plain closures that do
 * the same checks in the same order and build the same value zod would (the same keys in the
 * same order, defaults, preprocessing by the schema's own functions, trimmed strings, coerced
 * numbers). A closure never decides that a value is invalid: whenever a check fails, or the
 * value is anything the closures were not written for, it answers UNSURE and the caller asks
 * zod, so every error (and its field names) is zod's own. Schemas using anything beyond the
 * kinds below are not compiled at all (null): zod answers every time.
 *
 * Supported: z.object (strip mode, no catchall), z.string (min, max, length, regex, trim,
 * toLowerCase, toUpperCase; coerce), z.number (int, min, max, finite; coerce), z.boolean,
 * z.enum, z.literal, z.array (min, max, length), .optional(), .nullable(), .default(),
 * z.preprocess and .refine/.superRefine (a refinement that reports any issue → UNSURE).
 */
import { z } from 'zod'

/** "Ask zod": the value may be invalid, or is something the fast path does not judge. */
export const UNSURE: unique symbol = Symbol('unsure')

export type CompiledParse = (value: unknown) => unknown

/** Thrown while compiling: the schema uses something the fast path does not cover. */
class Unsupported extends Error {}

/**
 * The context zod hands preprocess and refinement functions. Any issue they report makes the
 * answer UNSURE (zod then reports it itself); reading the path, which the fast path does not
 * track, does too. One context serves every call: a call is UNSURE when the count moved.
 */
const effectContext = {
  doubts: 0,
  addIssue(): void {
    effectContext.doubts++
  },
  get path(): (string | number)[] {
    effectContext.doubts++
    return []
  }
}
type EffectContext = typeof effectContext

/** What zod's getParsedType calls an object (not an array, null, promise, Map, Set or Date). */
function isZodObjectValue(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const v = value as { then?: unknown; catch?: unknown }
  if (v.then && typeof v.then === 'function' && v.catch && typeof v.catch === 'function') return false
  return !(value instanceof Map || value instanceof Set || value instanceof Date)
}

function compileString(def: z.ZodStringDef): CompiledParse {
  const checks = def.checks
  for (const check of checks) {
    if (!['min', 'max', 'length', 'regex', 'trim', 'toLowerCase', 'toUpperCase'].includes(check.kind)) throw new Unsupported(check.kind)
  }
  const coerce = def.coerce
  // The common shapes without a loop over the checks.
  if (checks.length === 1 && checks[0].kind === 'max') {
    const max = checks[0].value
    return (value) => {
      if (coerce) value = String(value)
      return typeof value === 'string' && value.length <= max ? value : UNSURE
    }
  }
  return (value) => {
    if (coerce) value = String(value)
    if (typeof value !== 'string') return UNSURE
    let s: string = value
    for (const check of checks) {
      switch (check.kind) {
        case 'min':
          if (s.length < check.value) return UNSURE
          break
        case 'max':
          if (s.length > check.value) return UNSURE
          break
        case 'length':
          if (s.length !== check.value) return UNSURE
          break
        case 'regex':
          check.regex.lastIndex = 0
          if (!check.regex.test(s)) return UNSURE
          break
        case 'trim':
          s = s.trim()
          break
        case 'toLowerCase':
          s = s.toLowerCase()
          break
        case 'toUpperCase':
          s = s.toUpperCase()
          break
      }
    }
    return s
  }
}

function compileNumber(def: z.ZodNumberDef): CompiledParse {
  const checks = def.checks
  for (const check of checks) {
    if (!['int', 'min', 'max', 'finite'].includes(check.kind)) throw new Unsupported(check.kind)
  }
  const coerce = def.coerce
  return (value) => {
    if (coerce) {
      if (typeof value === 'symbol') return UNSURE
      value = Number(value)
    }
    if (typeof value !== 'number' || Number.isNaN(value)) return UNSURE
    const n: number = value
    for (const check of checks) {
      switch (check.kind) {
        case 'int':
          if (!Number.isInteger(n)) return UNSURE
          break
        case 'min':
          if (check.inclusive ? n < check.value : n <= check.value) return UNSURE
          break
        case 'max':
          if (check.inclusive ? n > check.value : n >= check.value) return UNSURE
          break
        case 'finite':
          if (!Number.isFinite(n)) return UNSURE
          break
      }
    }
    return n
  }
}

function compileObject(schema: z.AnyZodObject): CompiledParse {
  const def = schema._def
  if (def.unknownKeys !== 'strip' || !(def.catchall instanceof z.ZodNever)) throw new Unsupported('object mode')
  const shape = schema.shape as Record<string, z.ZodTypeAny>
  const keys = Object.keys(shape)
  const fields = keys.map((key) => compileNode(shape[key]))
  const count = keys.length
  return (value) => {
    if (!isZodObjectValue(value)) return UNSURE
    const out: Record<string, unknown> = {}
    for (let i = 0; i < count; i++) {
      const key = keys[i]
      const parsed = fields[i](value[key])
      if (parsed === UNSURE) return UNSURE
      // zod: the key is set when its value is defined or the key is in the input ('in', as zod).
      if (key !== '__proto__' && (parsed !== undefined || key in value)) out[key] = parsed
    }
    return out
  }
}

function compileArray(def: z.ZodArrayDef): CompiledParse {
  const element = compileNode(def.type)
  const exact = def.exactLength?.value
  const min = def.minLength?.value
  const max = def.maxLength?.value
  return (value) => {
    if (!Array.isArray(value)) return UNSURE
    const length = value.length
    if ((exact !== undefined && length !== exact) || (min !== undefined && length < min) || (max !== undefined && length > max)) return UNSURE
    const out = new Array<unknown>(length)
    for (let i = 0; i < length; i++) {
      const parsed = element(value[i])
      if (parsed === UNSURE) return UNSURE
      out[i] = parsed
    }
    return out
  }
}

function compileEffects(def: z.ZodEffectsDef): CompiledParse {
  const inner = compileNode(def.schema)
  const effect = def.effect
  if (effect.type === 'preprocess') {
    const transform = effect.transform as (value: unknown, ctx: EffectContext) => unknown
    return (value) => {
      const doubts = effectContext.doubts
      const processed = transform(value, effectContext)
      return effectContext.doubts === doubts ? inner(processed) : UNSURE
    }
  }
  if (effect.type === 'refinement') {
    const refinement = effect.refinement as (value: unknown, ctx: EffectContext) => unknown
    return (value) => {
      const parsed = inner(value)
      if (parsed === UNSURE) return UNSURE
      const doubts = effectContext.doubts
      const result = refinement(parsed, effectContext)
      return effectContext.doubts !== doubts || result instanceof Promise ? UNSURE : parsed
    }
  }
  throw new Unsupported(effect.type)
}

function compileNode(schema: z.ZodTypeAny): CompiledParse {
  // Exact classes only: a subclass may parse differently.
  switch (schema.constructor) {
    case z.ZodString:
      return compileString(schema._def as z.ZodStringDef)
    case z.ZodNumber:
      return compileNumber(schema._def as z.ZodNumberDef)
    case z.ZodBoolean: {
      const coerce = (schema._def as z.ZodBooleanDef).coerce
      return (value) => {
        if (coerce) value = Boolean(value)
        return typeof value === 'boolean' ? value : UNSURE
      }
    }
    case z.ZodEnum: {
      const values = new Set<unknown>((schema._def as z.ZodEnumDef).values)
      return (value) => (typeof value === 'string' && values.has(value) ? value : UNSURE)
    }
    case z.ZodLiteral: {
      const literal = (schema._def as z.ZodLiteralDef).value
      return (value) => (value === literal ? value : UNSURE)
    }
    case z.ZodObject:
      return compileObject(schema as z.AnyZodObject)
    case z.ZodArray:
      return compileArray(schema._def as z.ZodArrayDef)
    case z.ZodOptional: {
      const inner = compileNode((schema._def as z.ZodOptionalDef).innerType)
      return (value) => (value === undefined ? undefined : inner(value))
    }
    case z.ZodNullable: {
      const inner = compileNode((schema._def as z.ZodNullableDef).innerType)
      return (value) => (value === null ? null : inner(value))
    }
    case z.ZodDefault: {
      const def = schema._def as z.ZodDefaultDef
      const inner = compileNode(def.innerType)
      const fallback = def.defaultValue
      return (value) => inner(value === undefined ? fallback() : value)
    }
    case z.ZodEffects:
      return compileEffects(schema._def as z.ZodEffectsDef)
    default:
      throw new Unsupported(String((schema._def as { typeName?: unknown }).typeName))
  }
}

const compiled = new WeakMap<z.ZodTypeAny, CompiledParse | null>()

/**
 * The schema's fast path: the value zod would give for `value`, or UNSURE (ask zod). null
 * when the schema uses something the fast path does not cover.
 */
export function compileSchema(schema: z.ZodTypeAny): CompiledParse | null {
  let parse = compiled.get(schema)
  if (parse === undefined) {
    try {
      parse = compileNode(schema)
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error
      parse = null
    }
    compiled.set(schema, parse)
  }
  return parse
}
