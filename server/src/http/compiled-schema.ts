/**
 * A fast path for zod record schemas. zod stays the source of truth (the schemas are the
 * operations' documentation and give every 10007 error), but walking a nested record through
 * zod's generic machinery costs far more than the checks themselves: an OrderSubmit placement
 * record (two lines with remarks and add-ons) took 65–100 µs, mostly in zod's contexts,
 * statuses and issue bookkeeping.
 *
 * compileSchema(schema) reads the schema's definition once and writes plain functions for it
 * (Writer, below) that do the same checks in the same order and build the same value zod would
 * (the same keys in the same order, defaults, preprocessing by the schema's own functions,
 * trimmed strings, coerced numbers). They never decide that a value is invalid: whenever a
 * check fails, or the value is anything they were not written for, they answer UNSURE and the caller asks
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

/** What zod's getParsedType calls an object (not an array, null, promise, Map, Set or Date). */
function isZodObjectValue(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const v = value as { then?: unknown; catch?: unknown }
  if (v.then && typeof v.then === 'function' && v.catch && typeof v.catch === 'function') return false
  return !(value instanceof Map || value instanceof Set || value instanceof Date)
}

/**
 * Writes a schema's parse as JavaScript source, one function per schema node, made into code
 * once with `new Function`. Closures built per node kind (the first version of this file) share
 * one set of inline caches among every schema in the app, so in a running server each check
 * saw dozens of record shapes and ran megamorphic: an order's record took 40–60 µs there
 * against 4 µs in a loop on its own. Functions written per schema see their own shapes only.
 * The source holds no input: keys are written with JSON.stringify, every other value the
 * schema holds (regexes, enum sets, literals, defaults, its own functions) is passed in.
 */
class Writer {
  private readonly refs: unknown[] = []
  private readonly functions: string[] = []

  /** A value the code reads: a constant of the generated module (`r3`). */
  ref(value: unknown): string {
    this.refs.push(value)
    return `r${this.refs.length - 1}`
  }

  /** A number in the source: finite ones as they are, others (Infinity) as a constant. */
  number(value: number): string {
    return Number.isFinite(value) && !Object.is(value, -0) ? String(value) : this.ref(value)
  }

  /** A function of one argument `v` with this body; returns its name. */
  add(lines: string[]): string {
    const name = `p${this.functions.length}`
    this.functions.push(`function ${name}(v) {\n  ${lines.join('\n  ')}\n}`)
    return name
  }

  build(root: string): CompiledParse {
    const constants = this.refs.map((_, i) => `const r${i} = r[${i}];`).join('\n')
    const source = `'use strict';\n${constants}\n${this.functions.join('\n')}\nreturn ${root};`
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, no-new-func
    return new Function('r', 'U', 'c', 'isObject', source)(this.refs, UNSURE, effectContext, isZodObjectValue) as CompiledParse
  }
}

/** The source lines of one check of a string or number schema, by its kind. */
type CheckWriter<C> = (w: Writer, check: C) => string[]

const STRING_CHECKS: Record<string, CheckWriter<z.ZodStringCheck>> = {
  min: (w, c) => [`if (v.length < ${w.number((c as { value: number }).value)}) return U;`],
  max: (w, c) => [`if (v.length > ${w.number((c as { value: number }).value)}) return U;`],
  length: (w, c) => [`if (v.length !== ${w.number((c as { value: number }).value)}) return U;`],
  regex: (w, c) => {
    const regex = w.ref((c as { regex: RegExp }).regex)
    return [`${regex}.lastIndex = 0;`, `if (!${regex}.test(v)) return U;`]
  },
  trim: () => ['v = v.trim();'],
  toLowerCase: () => ['v = v.toLowerCase();'],
  toUpperCase: () => ['v = v.toUpperCase();']
}

const NUMBER_CHECKS: Record<string, CheckWriter<z.ZodNumberCheck>> = {
  int: () => ['if (!Number.isInteger(v)) return U;'],
  min: (w, c) => [`if (v ${(c as { inclusive: boolean }).inclusive ? '<' : '<='} ${w.number((c as { value: number }).value)}) return U;`],
  max: (w, c) => [`if (v ${(c as { inclusive: boolean }).inclusive ? '>' : '>='} ${w.number((c as { value: number }).value)}) return U;`],
  finite: () => ['if (!Number.isFinite(v)) return U;']
}

/** A string or number node: its coercion, its type check, then each check in the schema's order. */
function writeChecked<C extends { kind: string }>(w: Writer, head: string[], checks: readonly C[], writers: Record<string, CheckWriter<C>>): string {
  const lines = [...head]
  for (const check of checks) {
    const write = Object.prototype.hasOwnProperty.call(writers, check.kind) ? writers[check.kind] : undefined
    if (!write) throw new Unsupported(check.kind)
    lines.push(...write(w, check))
  }
  lines.push('return v;')
  return w.add(lines)
}

function writeString(w: Writer, def: z.ZodStringDef): string {
  return writeChecked(w, [...(def.coerce ? ['v = String(v);'] : []), "if (typeof v !== 'string') return U;"], def.checks, STRING_CHECKS)
}

function writeNumber(w: Writer, def: z.ZodNumberDef): string {
  const coerce = def.coerce ? ["if (typeof v === 'symbol') return U;", 'v = Number(v);'] : []
  return writeChecked(w, [...coerce, "if (typeof v !== 'number' || v !== v) return U;"], def.checks, NUMBER_CHECKS)
}

function writeObject(w: Writer, schema: z.AnyZodObject): string {
  const def = schema._def
  if (def.unknownKeys !== 'strip' || !(def.catchall instanceof z.ZodNever)) throw new Unsupported('object mode')
  const shape = schema.shape as Record<string, z.ZodTypeAny>
  const lines = ['if (!isObject(v)) return U;', 'const o = {};', 'let x;']
  for (const key of Object.keys(shape)) {
    const k = JSON.stringify(key)
    lines.push(`x = ${writeNode(w, shape[key])}(v[${k}]);`, 'if (x === U) return U;')
    // zod: the key is set when its value is defined or the key is in the input ('in', as zod).
    if (key !== '__proto__') lines.push(`if (x !== undefined || ${k} in v) o[${k}] = x;`)
  }
  lines.push('return o;')
  return w.add(lines)
}

function writeArray(w: Writer, def: z.ZodArrayDef): string {
  const element = writeNode(w, def.type)
  const lines = ['if (!Array.isArray(v)) return U;', 'const n = v.length;']
  if (def.exactLength) lines.push(`if (n !== ${w.number(def.exactLength.value)}) return U;`)
  if (def.minLength) lines.push(`if (n < ${w.number(def.minLength.value)}) return U;`)
  if (def.maxLength) lines.push(`if (n > ${w.number(def.maxLength.value)}) return U;`)
  // Built by push, as zod builds its lists: packed arrays (new Array(n) makes holey ones, and
  // code that had seen zod's lists deoptimised on them, over and over).
  lines.push('const out = [];', `for (let i = 0; i < n; i++) { const x = ${element}(v[i]); if (x === U) return U; out.push(x); }`, 'return out;')
  return w.add(lines)
}

function writeEffects(w: Writer, def: z.ZodEffectsDef): string {
  const inner = writeNode(w, def.schema)
  const effect = def.effect
  if (effect.type === 'preprocess') {
    const transform = w.ref(effect.transform)
    return w.add(['const d = c.doubts;', `const p = ${transform}(v, c);`, `return c.doubts === d ? ${inner}(p) : U;`])
  }
  if (effect.type === 'refinement') {
    const refinement = w.ref(effect.refinement)
    return w.add([`const p = ${inner}(v);`, 'if (p === U) return U;', 'const d = c.doubts;', `const result = ${refinement}(p, c);`, 'return c.doubts !== d || result instanceof Promise ? U : p;'])
  }
  throw new Unsupported(effect.type)
}

function writeNode(w: Writer, schema: z.ZodTypeAny): string {
  // Exact classes only: a subclass may parse differently.
  switch (schema.constructor) {
    case z.ZodString:
      return writeString(w, schema._def as z.ZodStringDef)
    case z.ZodNumber:
      return writeNumber(w, schema._def as z.ZodNumberDef)
    case z.ZodBoolean:
      return w.add([...((schema._def as z.ZodBooleanDef).coerce ? ['v = Boolean(v);'] : []), "return typeof v === 'boolean' ? v : U;"])
    case z.ZodEnum: {
      const values = w.ref(new Set<unknown>((schema._def as z.ZodEnumDef).values))
      return w.add([`return typeof v === 'string' && ${values}.has(v) ? v : U;`])
    }
    case z.ZodLiteral:
      return w.add([`return v === ${w.ref((schema._def as z.ZodLiteralDef).value)} ? v : U;`])
    case z.ZodObject:
      return writeObject(w, schema as z.AnyZodObject)
    case z.ZodArray:
      return writeArray(w, schema._def as z.ZodArrayDef)
    case z.ZodOptional:
      return w.add([`return v === undefined ? undefined : ${writeNode(w, (schema._def as z.ZodOptionalDef).innerType)}(v);`])
    case z.ZodNullable:
      return w.add([`return v === null ? null : ${writeNode(w, (schema._def as z.ZodNullableDef).innerType)}(v);`])
    case z.ZodDefault: {
      const def = schema._def as z.ZodDefaultDef
      const inner = writeNode(w, def.innerType)
      return w.add([`return ${inner}(v === undefined ? ${w.ref(def.defaultValue)}() : v);`])
    }
    case z.ZodEffects:
      return writeEffects(w, schema._def as z.ZodEffectsDef)
    default:
      throw new Unsupported(String((schema._def as { typeName?: unknown }).typeName))
  }
}

function compileNode(schema: z.ZodTypeAny): CompiledParse {
  const writer = new Writer()
  return writer.build(writeNode(writer, schema))
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
