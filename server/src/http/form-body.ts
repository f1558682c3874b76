/**
 * The gateway's one body shape, application/x-www-form-urlencoded, read from the raw text. The
 * route keeps the text (kept answers are keyed on it) and parses it only when it has to, with
 * the semantics of @fastify/formbody's parser (fast-querystring), which it replaced: pairs split on '&', key and
 * value on the first '=', '+' is a space, %XX sequences are decoded as UTF-8 and a value that
 * does not decode stays as sent; a key given twice gives a list (which readEnvelope rejects).
 */

/** Field name → value, or values when the name is repeated. No prototype: any name is data. */
export type FormFields = Record<string, string | string[]>

function decode(text: string, plus: boolean, percent: boolean): string {
  if (plus) text = text.replace(/\+/g, ' ')
  if (!percent) return text
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

export function parseForm(input: string): FormFields {
  const fields = Object.create(null) as FormFields
  let start = 0
  const length = input.length
  while (start <= length) {
    let end = input.indexOf('&', start)
    if (end === -1) end = length
    if (end > start) {
      const equals = input.indexOf('=', start)
      const hasValue = equals !== -1 && equals < end
      const keyEnd = hasValue ? equals : end
      const rawKey = input.slice(start, keyEnd)
      const rawValue = hasValue ? input.slice(equals + 1, end) : ''
      const key = decode(rawKey, rawKey.includes('+'), rawKey.includes('%'))
      // A second '=' in the value made fast-querystring decode it; decoding '=' is a no-op.
      const value = hasValue ? decode(rawValue, rawValue.includes('+'), rawValue.includes('%')) : ''
      const current = fields[key]
      if (current === undefined) fields[key] = value
      else if (Array.isArray(current)) current.push(value)
      else fields[key] = [current, value]
    }
    start = end + 1
  }
  return fields
}
