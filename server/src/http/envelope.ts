/**
 * Reading the gateway envelope (design.md §3): form fields ServerType, KeyName, strJsonData,
 * AuthCode, IsRSA, EntID. Each check throws the EnvelopeError a caller should see.
 */
import crypto, { createHash, timingSafeEqual } from 'node:crypto'
import { ENVELOPE_FIELDS, type OperationName } from '../../../src/gateway/contract'
import { OPERATIONS } from '../../../src/gateway/operation-list'
import { EnvelopeError, invalidInput } from '../domain/errors'

export type EnvelopeField = (typeof ENVELOPE_FIELDS)[number]
export type Envelope = Record<EnvelopeField, string>

export const FORM_TYPE = 'application/x-www-form-urlencoded'

export function isFormContentType(header: string | undefined): boolean {
  return header === FORM_TYPE || (header ?? '').split(';')[0].trim().toLowerCase() === FORM_TYPE
}

/** Every field present as one string; only EntID may be empty (before the client knows it). */
export function readEnvelope(body: unknown): Envelope {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const envelope = {} as Envelope
  for (const field of ENVELOPE_FIELDS) {
    const value = form[field]
    if (Array.isArray(value)) throw new EnvelopeError('UNSUPPORTED_REQUEST', undefined, 400)
    if (typeof value !== 'string' || (field !== 'EntID' && value.trim() === '')) {
      throw new EnvelopeError('MISSING_FIELD', { field })
    }
    envelope[field] = field === 'strJsonData' ? value : value.trim()
  }
  // Encrypted payloads are not supported: IsRSA must be '0'.
  if (envelope.IsRSA !== '0') throw new EnvelopeError('UNSUPPORTED_REQUEST', undefined, 400)
  return envelope
}

/** SHA-256 of the UTF-8 text; crypto.hash (Node ≥ 20.12) does it without a Hash object. */
const digest: (s: string) => Buffer =
  typeof crypto.hash === 'function' ? (s) => crypto.hash('sha256', s, 'buffer') : (s) => createHash('sha256').update(s, 'utf8').digest()

/** The deployment's code is the same on every request: its digest is computed once. */
const expectedDigests = new Map<string, Buffer>()

/** Compares digests in constant time so the code cannot be guessed byte by byte. */
export function checkAuthCode(given: string, expected: string): void {
  let expectedDigest = expectedDigests.get(expected)
  if (!expectedDigest) {
    expectedDigest = digest(expected)
    if (expectedDigests.size >= 100) expectedDigests.clear()
    expectedDigests.set(expected, expectedDigest)
  }
  if (!timingSafeEqual(digest(given), expectedDigest)) throw new EnvelopeError('WRONG_AUTH_CODE')
}

/** The KeyName must be an operation of the ServerType it is sent under. */
export function operationNameOf(envelope: Envelope): OperationName {
  const name = envelope.KeyName
  const known = Object.prototype.hasOwnProperty.call(OPERATIONS, name)
  if (!known || OPERATIONS[name as OperationName] !== envelope.ServerType) {
    throw new EnvelopeError('UNKNOWN_OPERATION', { operation: `${envelope.ServerType}/${name}` })
  }
  return name as OperationName
}

/**
 * How deep a record may nest (a record is depth 1; the deepest real input, a whole setup file with
 * its menus sent from the console, stays near 12). Deeper input is refused before anything walks it: a few
 * thousand levels of brackets once overflowed the stack of a recursive check here (a 500 with a
 * stack trace in the log), and every later walk of the input is bounded by this.
 */
export const MAX_RECORD_DEPTH = 32

/**
 * The first place a record breaks the two rules every field has (NUL, which PostgreSQL cannot
 * store in text; nesting past MAX_RECORD_DEPTH), named as schema failures are ('Delivery.Contact',
 * 'Lines[2].Remarks'), or null. Iterative, depth-first in field order, so no input can overflow it.
 */
function pathOfBadField(record: unknown, at: string): string | null {
  const stack: { value: unknown; at: string; depth: number }[] = [{ value: record, at, depth: 1 }]
  while (stack.length > 0) {
    const { value, at: here, depth } = stack.pop()!
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return here
      continue
    }
    if (!value || typeof value !== 'object') continue
    if (depth > MAX_RECORD_DEPTH) return here
    const child = (key: string | number): string => (typeof key === 'number' ? `${here}[${key}]` : here ? `${here}.${key}` : key)
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value)
    // Pushed last first, so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], at: child(entries[i][0]), depth: depth + 1 })
  }
  return null
}

/**
 * Whether the JSON text can hold what pathOfBadField looks for. JSON text carries a NUL only
 * as the escape \u0000 (JSON.parse refuses a raw one), and a record nested past
 * MAX_RECORD_DEPTH needs more than that many opening brackets in the whole text. Every real
 * request has neither (an order holds about a dozen brackets), so the walk, which builds a
 * path for every field, runs only for text that may fail it.
 */
function mayHoldBadField(text: string): boolean {
  if (text.includes('\\u0000')) return true
  let brackets = 0
  for (const open of ['{', '[']) {
    for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, at + 1)) {
      if (++brackets > MAX_RECORD_DEPTH) return true
    }
  }
  return false
}

/**
 * strJsonData → its records. Not JSON, or no tableData array → 10002; an empty list or a
 * record that is not an object → 10007; a record's EntID other than the envelope's → 10005.
 */
export function readRecords(envelope: Envelope): Record<string, unknown>[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(envelope.strJsonData)
  } catch {
    throw new EnvelopeError('INVALID_JSON')
  }
  const tableData = parsed && typeof parsed === 'object' ? (parsed as { tableData?: unknown }).tableData : undefined
  if (!Array.isArray(tableData)) throw new EnvelopeError('INVALID_JSON')
  if (tableData.length === 0) throw invalidInput('tableData')
  // NUL (PostgreSQL cannot store it in text: a 5xx deep inside an operation) and nesting past
  // MAX_RECORD_DEPTH are refused here, naming the field as schema failures are: the first
  // record's fields bare, later ones 'tableData[i].…'.
  if (mayHoldBadField(envelope.strJsonData)) {
    tableData.forEach((record, index) => {
      const bad = pathOfBadField(record, index === 0 ? '' : `tableData[${index}]`)
      if (bad !== null) throw invalidInput(bad || `tableData[${index}]`)
    })
  }
  return tableData.map((record, index) => {
    if (!record || typeof record !== 'object' || Array.isArray(record)) throw invalidInput(`tableData[${index}]`)
    const entId = (record as { EntID?: unknown }).EntID
    if (entId === undefined || entId === null) throw invalidInput(index === 0 ? 'EntID' : `tableData[${index}].EntID`)
    if (String(entId).trim() !== envelope.EntID) throw new EnvelopeError('ENT_ID_MISMATCH')
    return record as Record<string, unknown>
  })
}
