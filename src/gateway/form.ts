/** application/x-www-form-urlencoded, without URLSearchParams (mini-program engines may lack it). */
export function formEncode(fields: Record<string, string>): string {
  return Object.keys(fields)
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(fields[k])}`)
    .join('&')
}

/** Recursively percent-decodes every string of a gateway response (spec §7). */
export function decodeStrings<T>(value: T): T {
  if (typeof value === 'string') {
    try {
      return decodeURIComponent(value) as unknown as T
    } catch {
      return value
    }
  }
  if (Array.isArray(value)) return value.map((v) => decodeStrings(v)) as unknown as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = decodeStrings(v)
    return out as T
  }
  return value
}

/** The server's side of decodeStrings. */
export function encodeStrings<T>(value: T): T {
  if (typeof value === 'string') return encodeURIComponent(value) as unknown as T
  if (Array.isArray(value)) return value.map((v) => encodeStrings(v)) as unknown as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = encodeStrings(v)
    return out as T
  }
  return value
}
