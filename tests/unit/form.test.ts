import { decodeStrings, encodeStrings, formEncode } from '../../src/gateway/form'

describe('envelope encoding', () => {
  it('form-encodes fields, JSON included', () => {
    expect(formEncode({ KeyName: 'EntIDGet', strJsonData: '{"a":"b c&d"}' })).toBe(
      'KeyName=EntIDGet&strJsonData=%7B%22a%22%3A%22b%20c%26d%22%7D'
    )
  })

  it('round-trips every string of a nested response, numbers untouched', () => {
    const value = { name: '蓮香茶室 & 50%=', list: [{ n: 2, s: 'a b' }], nested: { x: null } }
    const encoded = encodeStrings(value)
    expect(encoded.name).toBe(encodeURIComponent(value.name))
    expect(decodeStrings(encoded)).toEqual(value)
  })

  it('leaves a string that is not valid percent-encoding as it is', () => {
    expect(decodeStrings({ s: '100%' })).toEqual({ s: '100%' })
  })
})

describe('decodeStrings on a whole answer', () => {
  it('decodes strings inside arrays of objects and keeps plain text, empty strings and non-strings as they are', () => {
    const answer = { errcode: '0', data: [{ GoodsName: '%E7%89%9B%E8%82%89%E9%BA%B5', Price: 38.5, Tags: ['a%20b', 'plain', ''], Pic: null, Sold: false }] }
    expect(decodeStrings(answer)).toEqual({ errcode: '0', data: [{ GoodsName: '牛肉麵', Price: 38.5, Tags: ['a b', 'plain', ''], Pic: null, Sold: false }] })
  })

  it('returns a new object and leaves the answer it was given untouched', () => {
    const answer = { list: [{ name: 'a%2Bb' }] }
    const decoded = decodeStrings(answer)
    expect(decoded.list[0].name).toBe('a+b')
    expect(answer.list[0].name).toBe('a%2Bb')
  })
})
