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
