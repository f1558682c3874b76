/**
 * About how many bytes a plain value keeps alive, for caches bounded by bytes (menu-cache.ts).
 * An estimate on the high side, not a measurement: V8 gives no per-object sizes, and walking
 * once per cached value is cheap next to building it. Strings count their heap copy and the
 * percent-encoded copy a gateway reply of them holds (response.ts keeps the reply with the
 * answer): ASCII 1 + 1 byte a character, other text 2 + 9. Each object is counted once, so
 * shared parts (a goods in several maps) are not counted twice.
 */
const NON_ASCII = /[^\x00-\x7f]/

export function approximateSize(value: unknown, seen: Set<object> = new Set()): number {
  switch (typeof value) {
    case 'string':
      return 16 + (NON_ASCII.test(value) ? 11 : 2) * value.length
    case 'number':
    case 'boolean':
    case 'undefined':
      return 16
    case 'bigint':
    case 'symbol':
    case 'function':
      return 32
    default:
      break
  }
  if (value === null) return 8
  const object = value as object
  if (seen.has(object)) return 8
  seen.add(object)
  if (Array.isArray(object)) {
    let size = 32 + 8 * object.length
    for (const item of object) size += approximateSize(item, seen)
    return size
  }
  if (object instanceof Map) {
    let size = 64 + 24 * object.size
    for (const [k, v] of object) size += approximateSize(k, seen) + approximateSize(v, seen)
    return size
  }
  if (object instanceof Set) {
    let size = 64 + 16 * object.size
    for (const v of object) size += approximateSize(v, seen)
    return size
  }
  if (ArrayBuffer.isView(object)) return 64 + object.byteLength
  if (object instanceof Date) return 48
  let size = 32
  for (const key of Object.keys(object)) {
    size += 8 + key.length + approximateSize((object as Record<string, unknown>)[key], seen)
  }
  return size
}
