import { hasEntryTarget, parseQuery, readEntryParams } from '../../src/core/entry-params'

describe('entry parameters', () => {
  it('reads the entry keys from the query and ignores others', () => {
    expect(readEntryParams({ QRCode: 'QR-A01', hideTabBar: '1', other: 'x' })).toEqual({ QRCode: 'QR-A01', hideTabBar: '1' })
  })

  it('expands a q value holding an encoded URL', () => {
    const q = encodeURIComponent('https://order.example/?QRCode=QR-A03&VipID=V9#/pages/home/home?hideTabBar=1')
    expect(readEntryParams({ q })).toEqual({ QRCode: 'QR-A03', VipID: 'V9', hideTabBar: '1' })
  })

  it('prefers the outer query over the q URL', () => {
    const q = 'https://order.example/?TableID=T1&ShopID=S1'
    expect(readEntryParams({ q, TableID: 'T2' })).toEqual({ TableID: 'T2', ShopID: 'S1' })
  })

  it('parses search and hash queries alike', () => {
    expect(parseQuery('https://x/?a=1#/pages/p/p?b=2%203')).toEqual({ a: '1', b: '2 3' })
  })

  it('knows when there is something to resolve', () => {
    expect(hasEntryTarget({ VipID: 'V1', hideTabBar: '1' })).toBe(false)
    expect(hasEntryTarget({ ShopID: 'S101' })).toBe(true)
  })
})
