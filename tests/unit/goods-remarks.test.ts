import { parseGoodsRemarks } from '../../src/core/goods-remarks'

describe('goods remarks (spec §3 GoodsRemarks)', () => {
  it('reads one group per line: name, colon, options', () => {
    expect(parseGoodsRemarks('Spice:Mild;Medium;Hot\nIce:None;Less')).toEqual([
      { name: 'Spice', options: ['Mild', 'Medium', 'Hot'] },
      { name: 'Ice', options: ['None', 'Less'] }
    ])
  })

  it("accepts the full-width colon and splits on ';', '；' and '，'", () => {
    expect(parseGoodsRemarks('甜度：少甜，正常；多甜;無糖')).toEqual([{ name: '甜度', options: ['少甜', '正常', '多甜', '無糖'] }])
  })

  it("keeps the half-width ',' inside an option", () => {
    expect(parseGoodsRemarks('Sauce:Salt, pepper;None')).toEqual([{ name: 'Sauce', options: ['Salt, pepper', 'None'] }])
  })

  it('trims names and options and drops empty and repeated options', () => {
    expect(parseGoodsRemarks('  Spice : Mild ; ;Hot;；Hot  \r\n')).toEqual([{ name: 'Spice', options: ['Mild', 'Hot'] }])
  })

  it("reads a line without a colon as a group named ''", () => {
    expect(parseGoodsRemarks('No onion;No garlic')).toEqual([{ name: '', options: ['No onion', 'No garlic'] }])
  })

  it('drops blank lines and groups without options', () => {
    expect(parseGoodsRemarks('Spice:\n\n  \nIce:Less')).toEqual([{ name: 'Ice', options: ['Less'] }])
    expect(parseGoodsRemarks('')).toEqual([])
    expect(parseGoodsRemarks(null)).toEqual([])
  })

  it('splits the name at the first colon only', () => {
    expect(parseGoodsRemarks('Time:10:30;11:00')).toEqual([{ name: 'Time', options: ['10:30', '11:00'] }])
  })
})
