/**
 * config/query-string.js stands in for query-string in the H5 build (Taro's router and taro-h5
 * call parse and stringify). The expected values are query-string 9.5.1's own answers to the same
 * calls, written down (the package is an ES module jest does not load here).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse, stringify } = require('../../config/query-string.js')

const CASES: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['?a=1&b=x%20y&a=2', { a: ['1', '2'], b: 'x y' }, { a: ['1', '2'], b: 'x%20y' }],
  ['', {}, {}],
  ['#x=1', { x: '1' }, { x: '1' }],
  ['a', { a: null }, { a: null }],
  ['a=&b', { a: '', b: null }, { a: '', b: null }],
  ['?QRCode=QR-T01-abc&test=1', { QRCode: 'QR-T01-abc', test: '1' }, { QRCode: 'QR-T01-abc', test: '1' }],
  ['?x=a+b%2Bc', { x: 'a b+c' }, { x: 'a+b%2Bc' }],
  ['?%E4%B8%AD=%E6%96%87', { 中: '文' }, { '%E4%B8%AD': '%E6%96%87' }],
  ['?bad=%E4%', { bad: '%E4%' }, { bad: '%E4%' }],
  ['&&a=1&&', { a: '1' }, { a: '1' }],
  ['?b=2&a=1&c=%2F', { a: '1', b: '2', c: '/' }, { a: '1', b: '2', c: '%2F' }]
]

describe("config/query-string.js answers as query-string does for Taro's calls", () => {
  it.each(CASES)('parse(%j)', (query, decoded, kept) => {
    const a = parse(query)
    expect({ ...a }).toEqual(decoded)
    expect(Object.keys(a)).toEqual(Object.keys(decoded))
    expect({ ...parse(query, { decode: false }) }).toEqual(kept)
  })

  it('stringify sorts keys, skips what it is told to, and writes arrays both ways', () => {
    expect(stringify({ a: 1, b: [1, 2], c: null, d: undefined, e: 'x y' }, { arrayFormat: 'comma', skipNull: true })).toBe('a=1&b=1,2&e=x%20y')
    expect(stringify({ z: '1', a: ['x', 'y'], n: null })).toBe('a=x&a=y&n&z=1')
  })
})
