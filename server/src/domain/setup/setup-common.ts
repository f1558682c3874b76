/**
 * What the setup services share (enterprise-setup, shop-setup, tables-setup, setup-file): the zod
 * pieces their inputs are checked with, problems named by their place ('shops[0] "101"
 * branches[1] "202" hours.begin: bad time …'), the one error a refused setup throws, and new ids.
 *
 * A refused input is a SetupError (resultcode SETUP_INVALID, 21100) listing every problem, so the
 * console can show them all at once and a setup file is rejected whole, as a menu file is.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { LOCALES, type LocalizedText } from '../../../../src/gateway/contract'
import { Decimal } from '../../../../src/core/money'
import { DomainError } from '../errors'

/** A refused setup input or file: every problem found, each naming its field. */
export class SetupError extends DomainError {
  constructor(readonly problems: string[]) {
    super('SETUP_INVALID', { detail: problems.length === 1 ? problems[0] : problems.map((p, i) => `${i + 1}. ${p}`).join('\n') })
  }
}

// ---------- problems ----------

export type PathPart = string | number

/**
 * A path inside `raw` as people read it: list items carry their code when they have one.
 *   ['shops', 0, 'branches', 1, 'hours', 'begin'] → 'shops[0] "101" branches[1] "202" hours.begin'
 */
export function pathText(raw: unknown, parts: readonly PathPart[]): string {
  let out = ''
  let node: unknown = raw
  let labelled = false
  for (const part of parts) {
    if (typeof part === 'number') {
      out += `[${part}]`
      node = Array.isArray(node) ? node[part] : undefined
      const code = node && typeof node === 'object' ? (node as Record<string, unknown>).code : undefined
      labelled = typeof code === 'string' && code !== ''
      if (labelled) out += ` ${JSON.stringify(code)}`
    } else {
      out += out === '' ? part : labelled ? ` ${part}` : `.${part}`
      labelled = false
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
    }
  }
  return out
}

function zodMessage(issue: z.ZodIssue): string {
  if (/^[a-z"]/.test(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type':
      if (issue.received === 'undefined') return 'is required'
      if (issue.expected === 'integer') return 'must be a whole number'
      return `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}, got ${issue.received}`
    case 'invalid_enum_value':
      return `must be one of ${issue.options.map((o) => JSON.stringify(o)).join(', ')}`
    case 'invalid_literal':
      return `must be ${JSON.stringify(issue.expected)}`
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1)
  }
}

/** Collects problems in the order they are found. */
export class Problems {
  readonly list: string[] = []

  add(raw: unknown, path: readonly PathPart[], message: string): void {
    const where = pathText(raw, path)
    this.list.push(where ? `${where}: ${message}` : message)
  }

  addZod(raw: unknown, error: z.ZodError, prefix: readonly PathPart[] = []): void {
    for (const issue of error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) this.add(raw, [...prefix, ...issue.path, key], 'unknown field')
      } else if (issue.code === 'invalid_union' && issue.unionErrors.length > 0) {
        this.add(raw, [...prefix, ...issue.path], zodMessage(issue.unionErrors[0].issues[0] ?? issue))
      } else {
        this.add(raw, [...prefix, ...issue.path], zodMessage(issue))
      }
    }
  }

  get count(): number {
    return this.list.length
  }

  /** Throws a SetupError when anything was found. */
  check(): void {
    if (this.list.length > 0) throw new SetupError([...this.list])
  }
}

/** Parses with `schema` or throws a SetupError naming every problem (paths start at `prefix`). */
export function parseOrRefuse<T extends z.ZodTypeAny>(schema: T, raw: unknown, prefix: readonly PathPart[] = []): z.output<T> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const problems = new Problems()
  problems.addZod(prefix.length ? nest(prefix, raw) : raw, parsed.error, prefix)
  throw new SetupError(problems.list)
}

/** `raw` placed at `prefix` in an otherwise empty object, so labels can be read along the path. */
function nest(prefix: readonly PathPart[], raw: unknown): unknown {
  return prefix.reduceRight<unknown>((inner, part) => (typeof part === 'number' ? Object.assign([], { [part]: inner }) : { [part]: inner }), raw)
}

// ---------- zod pieces ----------

const text = z.string({ invalid_type_error: 'must be text' })

/** Free text of at most `max` characters, trimmed; control characters other than tab and newlines refused. */
export const freeText = (max: number) =>
  text
    .max(max, `must be at most ${max} characters`)
    .refine((t) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(t), 'must not contain control characters')
    .transform((t) => t.trim())

/**
 * A name per language. At least one must be given; a language left out is stored as '' and
 * shows another language's name (src/i18n/text.ts pickText), as the diner's app does already.
 */
export const namesSchema = z
  .object({ 'zh-CN': freeText(200).optional(), 'zh-TW': freeText(200).optional(), en: freeText(200).optional() }, { invalid_type_error: 'must be names {"zh-CN", "zh-TW", "en"}' })
  .strict()
  .refine((n) => LOCALES.some((l) => (n[l] ?? '') !== ''), 'must give a name in at least one language')
  .transform((n): LocalizedText => ({ 'zh-CN': n['zh-CN'] ?? '', 'zh-TW': n['zh-TW'] ?? '', en: n.en ?? '' }))

/** Short codes people type and read (shop, branch, table codes): letters, digits, '_' and '-'. */
export const SHORT_CODE = /^[A-Za-z0-9_-]{1,16}$/
export const shortCode = text.regex(SHORT_CODE, 'bad code: use 1–16 letters, digits, "_" or "-"')

/** 'HH:mm' from 00:00 to 23:59. */
export const clockSchema = text.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'bad time: must be "HH:mm" from "00:00" to "23:59"')

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/

/** A decimal string ('12.5'), never a JSON number; normalised ('12.50' → '12.5'). */
export const decimalSchema = (what: 'any' | 'positive' = 'any') =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === undefined) return void ctx.addIssue({ code: 'custom', message: 'is required' })
      if (typeof value !== 'string') return void ctx.addIssue({ code: 'custom', message: `must be a decimal string such as "12.5", got the ${typeof value} ${String(value)}` })
      if (!DECIMAL.test(value)) return void ctx.addIssue({ code: 'custom', message: `bad decimal ${JSON.stringify(value)}: write digits with at most 8 decimals, such as "12.5"` })
      if (what === 'positive' && new Decimal(value).lte(0)) ctx.addIssue({ code: 'custom', message: `must be greater than 0, got ${JSON.stringify(value)}` })
    })
    .transform((value) => new Decimal(value as string).toFixed())

export const wholeNumber = (min: number, max: number) =>
  z
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)

export const flagSchema = z.boolean({ invalid_type_error: 'must be true or false' })

/** Names of settings and params: 'BagFee', 'MaxLineQuantity'. */
export const paramKey = text.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'bad name: use a letter, then letters, digits or "_" (at most 64)')

const paramsError = { invalid_type_error: 'must be an object of name → text' }
/** Extra settings or params: name → value. */
export const paramsSchema = z.record(paramKey, freeText(2000), paramsError)
/** Changes to extra settings or params: name → value, or null to remove it. */
export const paramChangesSchema = z.record(paramKey, freeText(2000).nullable(), paramsError)

/** Refuses params that have a field of their own (the field is the one way to set them). */
export function refuseReserved(problems: Problems, raw: unknown, path: readonly PathPart[], params: Record<string, unknown> | undefined, reserved: Record<string, string>): void {
  for (const key of Object.keys(params ?? {})) {
    if (key in reserved) problems.add(raw, [...path, key], `set with the field "${reserved[key]}", not as a param`)
  }
}

// ---------- ids ----------

const ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const ID_LETTERS = 'ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A new id: `prefix`, a letter, then random characters ('E' → 'EK7Q2M9XA4F0'). The letter after
 * the prefix keeps it apart from the demo's ids (E1001, S101, B201: prefix and digits only).
 * Letters and digits only, so it is safe in paths (menu pictures) and derived ids (S….g.A01).
 */
export function newId(prefix: string, length = 10): string {
  const bytes = randomBytes(length + 1)
  let out = prefix + ID_LETTERS[bytes[0] % ID_LETTERS.length]
  for (let i = 1; i <= length; i++) out += ID_ALPHABET[bytes[i] & 31]
  return out
}

/** Next free number-like code: one above the largest numeric code, at least `first`. */
export function nextNumericCode(taken: readonly string[], first: number): string {
  let max = first - 1
  for (const code of taken) if (/^\d{1,9}$/.test(code)) max = Math.max(max, Number(code))
  return String(max + 1)
}
