/**
 * The two calls Taro's H5 router and taro-h5 make of `query-string` (parse, stringify), aliased in
 * for the H5 build (config/index.ts): the package and its three dependencies were about 3 KB
 * gzipped of the first screen's script (issue 28 item 3). Same results for what Taro asks:
 * parse('?a=1&b=x%20y&a=2') → { a: ['1', '2'], b: 'x y' } ('+' is a space, a key alone is null,
 * { decode: false } keeps the text as it came, keys in sorted order as query-string gives them);
 * stringify(object, { skipNull }) sorts the keys, skips undefined (and null with skipNull), and
 * writes arrays with arrayFormat 'comma' as 'a=1,2', otherwise as repeated keys.
 */
function decode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch (e) {
    return text
  }
}

function parse(query, options) {
  const keep = options && options.decode === false
  const out = Object.create(null)
  if (typeof query !== 'string') return out
  const text = query.trim().replace(/^[?#&]/, '')
  if (!text) return out
  for (const part of text.split('&')) {
    if (!part) continue
    const at = part.indexOf('=')
    const rawKey = at < 0 ? part : part.slice(0, at)
    const rawValue = at < 0 ? null : part.slice(at + 1)
    const key = keep ? rawKey : decode(rawKey)
    const value = rawValue === null ? null : keep ? rawValue : decode(rawValue)
    if (key in out) out[key] = [].concat(out[key], value)
    else out[key] = value
  }
  const sorted = Object.create(null)
  for (const key of Object.keys(out).sort()) sorted[key] = out[key]
  return sorted
}

function stringify(object, options) {
  const opts = options || {}
  const pairs = []
  for (const key of Object.keys(object || {}).sort()) {
    const value = object[key]
    if (value === undefined || (value === null && opts.skipNull)) continue
    const name = encodeURIComponent(key)
    if (value === null) pairs.push(name)
    else if (Array.isArray(value)) {
      const items = value.filter((v) => v !== undefined && !(v === null && opts.skipNull))
      if (opts.arrayFormat === 'comma') pairs.push(`${name}=${items.map((v) => (v === null ? '' : encodeURIComponent(v))).join(',')}`)
      else for (const v of items) pairs.push(v === null ? name : `${name}=${encodeURIComponent(v)}`)
    } else pairs.push(`${name}=${encodeURIComponent(value)}`)
  }
  return pairs.join('&')
}

module.exports = { parse, stringify }
