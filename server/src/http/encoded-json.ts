/**
 * JSON.stringify(encodeStrings(value)) in one pass, without the encoded copy: the gateway's
 * answer, every string percent-encoded (spec §7). An order placement's answer holds about a
 * hundred strings; copying it (Object.entries per row) and then serialising the copy cost
 * 30–50 µs an order, most of it garbage.
 *
 * Strings of only the characters encodeURIComponent leaves alone are written as they are (the
 * same text), the others encoded; neither kind needs JSON escaping, as percent-encoded text is
 * all [A-Za-z0-9%-_.!~*'()]. Numbers, booleans and null are written as JSON.stringify writes
 * them; an object's undefined fields are left out, an array's are null, as JSON.stringify does.
 * Anything else (class instances, Dates, functions, bigints, symbols) gives null: the caller
 * then takes the long way, encodeStrings and JSON.stringify, so the text is always theirs.
 */

/** What encodeURIComponent leaves as it is. */
const UNRESERVED = /^[A-Za-z0-9\-_.!~*'()]*$/

/** A key as JSON writes it, with its quotes (column names repeat in every row). */
const quotedKeys = new Map<string, string>()

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key)
  if (quoted === undefined) {
    quoted = JSON.stringify(key)
    if (quotedKeys.size >= 10000) quotedKeys.clear()
    quotedKeys.set(key, quoted)
  }
  return quoted
}

/**
 * Frozen arrays are written once: a frozen array of frozen rows cannot change, and some are
 * sent again and again (a table's bill rows, kept while the bill is unchanged and polled by
 * every phone at the table: table-sheet.answers.ts freezes them). By identity; nothing is kept
 * alive by it.
 */
const writtenFrozen = new WeakMap<readonly unknown[], string>()

/** Thrown inside when the value holds something only the long way writes. */
const NOT_PLAIN = Symbol('not plain')

function write(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return UNRESERVED.test(value) ? `"${value}"` : `"${encodeURIComponent(value)}"`
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'boolean':
      return value ? 'true' : 'false'
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value)) {
        const frozen = Object.isFrozen(value) && value.length > 0
        if (frozen) {
          const written = writtenFrozen.get(value)
          if (written !== undefined) return written
        }
        let out = '['
        for (let i = 0; i < value.length; i++) {
          const item = value[i]
          if (i > 0) out += ','
          out += item === undefined ? 'null' : write(item)
        }
        out += ']'
        if (frozen) writtenFrozen.set(value, out)
        return out
      }
      const proto = Object.getPrototypeOf(value)
      if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN
      const record = value as Record<string, unknown>
      let out = '{'
      let first = true
      // for-in, not Object.keys: no array per object, and V8 reads record[key] through the
      // object's enum cache (the prototype is Object.prototype or null: nothing inherited is enumerable).
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue
        const field = record[key]
        if (field === undefined) continue
        out += first ? quotedKey(key) : `,${quotedKey(key)}`
        out += `:${write(field)}`
        first = false
      }
      return `${out}}`
    }
    default:
      // undefined at the top, functions, bigints, symbols.
      throw NOT_PLAIN
  }
}

/** The JSON text of encodeStrings(value), or null when only the long way can write it. */
export function encodedJson(value: unknown): string | null {
  try {
    return write(value)
  } catch (error) {
    if (error === NOT_PLAIN) return null
    throw error
  }
}
