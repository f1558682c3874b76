import { hasEntryTarget, parseQuery, readEntryParams } from '../../src/core/entry-params'
import { sheetEntry } from '../../src/core/entry-sheet'

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

describe('entry SheetID (spec §2): what it opens and what it refuses', () => {
  const mine = (TableID: string) => ({ TableID, TableSheetID: '' })

  it("opens the table's open sheet (its own table sheet page)", () => {
    expect(sheetEntry({ sheetId: 'SH1', tableId: 'A01', tableSheetId: 'SH1', order: null })).toEqual({ open: 'tableSheet' })
  })

  it("opens the diner's order: at a table only that table's, at a shop or branch code any of the diner's", () => {
    expect(sheetEntry({ sheetId: 'O1', tableId: 'A01', tableSheetId: 'SH1', order: mine('A01') })).toEqual({ open: 'order', sheetId: 'O1' })
    expect(sheetEntry({ sheetId: 'O1', tableId: '', tableSheetId: '', order: mine('A01') })).toEqual({ open: 'order', sheetId: 'O1' })
    expect(sheetEntry({ sheetId: 'O1', tableId: '', tableSheetId: '', order: mine('') })).toEqual({ open: 'order', sheetId: 'O1' })
  })

  it("refuses another table's order, someone else's and an unknown one", () => {
    expect(sheetEntry({ sheetId: 'O1', tableId: 'A01', tableSheetId: 'SH1', order: mine('A02') })).toEqual({ refuse: 'notThisTable' })
    expect(sheetEntry({ sheetId: 'O1', tableId: 'A01', tableSheetId: '', order: 'notYours' })).toEqual({ refuse: 'notYours' })
    expect(sheetEntry({ sheetId: 'O1', tableId: 'A01', tableSheetId: '', order: 'notFound' })).toEqual({ refuse: 'notFound' })
    expect(sheetEntry({ sheetId: 'SH9', tableId: 'A01', tableSheetId: 'SH1', order: null })).toEqual({ refuse: 'notFound' })
  })

  it('is nothing without a SheetID, and SheetID is an entry key read from the URL', () => {
    expect(sheetEntry({ sheetId: '', tableId: 'A01', tableSheetId: 'SH1', order: null })).toBeNull()
    expect(readEntryParams({ QRCode: 'QR-A01', SheetID: ' SH1 ' })).toEqual({ QRCode: 'QR-A01', SheetID: 'SH1' })
    expect(hasEntryTarget({ SheetID: 'SH1' })).toBe(false)
  })
})
