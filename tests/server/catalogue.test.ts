/**
 * The catalogue as a diner's phone sees it: every Goods call and AvailablePromotionGoods on
 * the fixture menu (tests/server/fixtures/menu/tea-house.json, imported for shop S101),
 * names by Accept-Language, prices now, branch scoping, error codes; and the menu cache
 * following imports made through another database handle (another server process, the CLI).
 */
import fs from 'node:fs'
import path from 'node:path'
import { wallClockIn } from '../../src/core/wall-clock'
import { goodsPrice, isPromotionRunning, packUnitPrices, runningByGoods, skuPrices } from '../../src/core/promotion-pricing'
import type { CatalogueGoods, Promotion } from '../../server/src/domain/catalogue/records'
import { menuCache } from '../../server/src/domain/catalogue/menu-cache'
import { importMenu, importMenuFile } from '../../server/src/domain/catalogue/menu-import.service'
import { createTestServer, type TestServer } from './helpers/test-server'

const FIXTURE = path.join(__dirname, 'fixtures', 'menu', 'tea-house.json')
const S101 = { ShopID: 'S101' }
const id = (code: string) => `S101.g.${code}`

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
  await importMenuFile(server.db, FIXTURE, { filesDir: server.config.filesDir })
})
afterAll(() => server.close())

const ok = <T extends { body: { errcode: string; resultcode: string } }>(res: T): T => {
  expect([res.body.errcode, res.body.resultcode]).toEqual(['0', '0'])
  return res
}

describe('GoodsClassAllGet', () => {
  it('lists classes in menu order with their goods counts, leaving out classes without goods', async () => {
    const res = ok(await server.call('GoodsClassAllGet', [S101]))
    expect(res.body.data.table1.map((c) => [c.ClassCode, c.ClassName, c.GoodsCount])).toEqual([
      ['SETS', 'Sets', 1],
      ['DIMSUM', 'Dim sum', 4],
      ['NOODLES', 'Noodles', 2],
      ['DRINKS', 'Drinks', 2],
      ['TAIPA', 'Taipa only', 1]
    ])
    expect(res.body.data.table1[1]).toMatchObject({ ClassID: 'S101.c.DIMSUM', SortNo: 0 })
  })

  it('counts only the goods of the branch asked about', async () => {
    const senado = ok(await server.call('GoodsClassAllGet', [{ ...S101, BaseID: 'B201' }]))
    expect(senado.body.data.table1.map((c) => [c.ClassCode, c.GoodsCount])).toEqual([
      ['SETS', 1],
      ['DIMSUM', 4],
      ['NOODLES', 2],
      ['DRINKS', 2]
    ])
    const taipa = ok(await server.call('GoodsClassAllGet', [{ ...S101, BaseID: 'B202' }]))
    expect(taipa.body.data.table1.find((c) => c.ClassCode === 'NOODLES').GoodsCount).toBe(1)
    expect(taipa.body.data.table1.map((c) => c.ClassCode)).toContain('TAIPA')
  })

  it('names classes in the language of Accept-Language', async () => {
    const tw = ok(await server.call('GoodsClassAllGet', [S101], { lang: 'zh-TW' }))
    expect(tw.body.data.table1.map((c) => c.ClassName)).toEqual(['套餐', '點心', '粉麵', '飲品', '氹仔限定'])
    const cn = ok(await server.call('GoodsClassAllGet', [S101], { lang: 'zh-CN,zh;q=0.9' }))
    expect(cn.body.data.table1[2].ClassName).toBe('粉面')
  })

  it('gives picture URLs on the origin the request came in on, and serves the picture there', async () => {
    const res = ok(await server.call('GoodsClassAllGet', [S101], { headers: { host: 'order.example.mo:8443' } }))
    const url = res.body.data.table1.find((c) => c.ClassCode === 'DIMSUM').ImageUrl as string
    expect(url).toMatch(/^http:\/\/order\.example\.mo:8443\/files\/menu\/E1001\/S101\/dim-sum-[0-9a-f]{10}\.png$/)
    expect(res.body.data.table1.find((c) => c.ClassCode === 'SETS').ImageUrl).toBe('')
    const picture = await server.app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(picture.statusCode).toBe(200)
    expect(picture.rawPayload.equals(fs.readFileSync(path.join(path.dirname(FIXTURE), 'pictures', 'dim-sum.png')))).toBe(true)
  })

  it('answers an empty menu for a shop that has none yet', async () => {
    const res = ok(await server.call('GoodsClassAllGet', [{ ShopID: 'S102' }]))
    expect(res.body.data.table1).toEqual([])
  })

  it('says shop not found (20003) for an unknown shop and branch not found (20004) for a branch of another shop', async () => {
    expect((await server.call('GoodsClassAllGet', [{ ShopID: 'S999' }])).body.resultcode).toBe('20003')
    const foreign = await server.call('GoodsClassAllGet', [{ ShopID: 'S101', BaseID: 'B203' }])
    expect(foreign.body.resultcode).toBe('20004')
    expect(foreign.body.resultmsg).toBe('Branch does not exist')
    expect((await server.call('GoodsClassAllGet', [{ ShopID: 'S101', BaseID: 'B999' }])).body.resultcode).toBe('20004')
  })

  it('names a missing ShopID in its 10007', async () => {
    const res = await server.call('GoodsClassAllGet', [{}])
    expect(res.body.errcode).toBe('10007')
    expect(res.body.errmsg).toContain('ShopID')
  })

  it('treats a disabled shop as not found', async () => {
    await server.db.updateTable('shops').set({ is_enable: 0 }).where('shop_id', '=', 'S101').execute()
    try {
      expect((await server.call('GoodsListByClass', [S101])).body.resultcode).toBe('20003')
    } finally {
      await server.db.updateTable('shops').set({ is_enable: 1 }).where('shop_id', '=', 'S101').execute()
    }
    ok(await server.call('GoodsListByClass', [S101]))
  })
})

describe('GoodsListByClass', () => {
  it('lists one class in goods order with prices now, counts and flags', async () => {
    const res = ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.DIMSUM' }]))
    const rows = res.body.data.table1
    expect(rows.map((g) => g.GoodsCode)).toEqual(['A01', 'A02', 'A10', 'W01'])
    expect(res.body.data.table2).toEqual([{ Total: 4 }])
    expect(rows[0]).toEqual({
      GoodsID: 'S101.g.A01',
      GoodsCode: 'A01',
      ShopID: 'S101',
      BaseID: '',
      ClassID: 'S101.c.DIMSUM',
      GoodsName: 'Har gow',
      Unit: 'basket',
      GoodsType: 5,
      SkuType: 0,
      // Its promotions have ended (OLD) or not begun (SOON).
      Price: '38',
      SalesPrice: '38',
      SaleType: 0,
      PUnitCount: 0,
      HasOptions: 0,
      StepQua: '1',
      OnSaleTime: '',
      OffSaleTime: '',
      SalesQua: 120,
      ImageUrl: expect.stringMatching(/^http:\/\/localhost\/files\/menu\/E1001\/S101\/har-gow-[0-9a-f]{10}\.png$/),
      SortNo: 0,
      IsRecommend: 1,
      CommentCount: 3,
      // The shop's sold-out switch (docs/live-events.md): on sale.
      SoldOut: 0,
      // Allergens and dietary marks (docs/allergens.md): the fixture gives none.
      Allergens: '',
      Diets: ''
    })
    // In a 15%-off discount (30.175 → 30.18) and a 29.9 lunch price: the lower price wins.
    expect(rows[1]).toMatchObject({ GoodsCode: 'A02', Price: '35.5', SalesPrice: '29.9', SaleType: 2, PUnitCount: 1, HasOptions: 1 })
    expect(rows[2]).toMatchObject({ GoodsCode: 'A10', Price: '12', SalesPrice: '12', PUnitCount: 1, HasOptions: 1 })
    expect(rows[3]).toMatchObject({ GoodsCode: 'W01', GoodsType: 7, StepQua: '0.5', HasOptions: 1, Unit: 'catty' })
  })

  it("lists the whole menu for ClassID '' in class order, then goods order", async () => {
    const res = ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: '' }]))
    expect(res.body.data.table1.map((g) => g.GoodsCode)).toEqual(['S01', 'A01', 'A02', 'A10', 'W01', 'B01', 'B02', 'C01', 'C02', 'T01'])
    expect(res.body.data.table2).toEqual([{ Total: 10 }])
  })

  it('shows goods with skus at their cheapest sku, discounted exactly (half-up) and flagged with options', async () => {
    const res = ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.DRINKS' }]))
    expect(res.body.data.table1.map((g) => [g.GoodsCode, g.SkuType, g.Price, g.SalesPrice, g.SaleType, g.HasOptions, g.CommentCount])).toEqual([
      ['C01', 2, '28', '23.8', 3, 1, 1],
      ['C02', 0, '20', '20', 0, 0, 0]
    ])
  })

  it('lists goods outside their sale hours too, with the hours', async () => {
    const res = ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.NOODLES' }]))
    expect(res.body.data.table1.find((g) => g.GoodsCode === 'B02')).toMatchObject({ OnSaleTime: '11:00', OffSaleTime: '14:00' })
  })

  it('keeps to the branch asked about and says which', async () => {
    const senado = ok(await server.call('GoodsListByClass', [{ ...S101, BaseID: 'B201' }]))
    expect(senado.body.data.table1.map((g) => g.GoodsCode)).not.toContain('T01')
    expect(senado.body.data.table1.every((g) => g.BaseID === 'B201')).toBe(true)
    const taipa = ok(await server.call('GoodsListByClass', [{ ...S101, BaseID: 'B202' }]))
    expect(taipa.body.data.table1.map((g) => g.GoodsCode)).toEqual(['S01', 'A01', 'A02', 'A10', 'W01', 'B01', 'C01', 'C02', 'T01'])
    expect(taipa.body.data.table2).toEqual([{ Total: 9 }])
  })

  it('finds goods numbers by prefix first, then names containing the keyword, each by goods number', async () => {
    const search = async (Keyword: string, lang = 'en') =>
      ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: '', Keyword }], { lang })).body.data.table1.map((g) => g.GoodsCode)
    // A01 A02 A10 by number; then Milk tea, Lemon tea, Taipa egg roll, Roast goose by name.
    expect(await search('a')).toEqual(['A01', 'A02', 'A10', 'C01', 'C02', 'T01', 'W01'])
    expect(await search('c0')).toEqual(['C01', 'C02'])
    expect(await search('A1')).toEqual(['A10'])
    expect(await search('TEA')).toEqual(['C01', 'C02'])
    // Any language's name matches, whatever the interface language.
    expect(await search('奶茶')).toEqual(['C01'])
    expect(await search('雲吞', 'zh-CN')).toEqual(['B01'])
    expect(await search('zzz')).toEqual([])
  })

  it('searches within a class when both are given', async () => {
    const res = ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.DRINKS', Keyword: 'a' }]))
    expect(res.body.data.table1.map((g) => g.GoodsCode)).toEqual(['C01', 'C02'])
  })

  it('pages when PageSize is given; Total counts every match', async () => {
    const res = ok(await server.call('GoodsListByClass', [{ ...S101, PageIndex: 2, PageSize: 2 }]))
    expect(res.body.data.table1.map((g) => g.GoodsCode)).toEqual(['A02', 'A10'])
    expect(res.body.data.table2).toEqual([{ Total: 10 }])
  })

  it('answers in the language of Accept-Language', async () => {
    const res = ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.DIMSUM' }], { lang: 'zh-CN' }))
    expect(res.body.data.table1[0]).toMatchObject({ GoodsName: '虾饺', Unit: '笼' })
  })

  it('says class not found (20008) for an unknown ClassID, and lists nothing for a class without goods', async () => {
    const res = await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.NOPE' }])
    expect([res.body.resultcode, res.body.resultmsg]).toEqual(['20008', 'Menu category not found'])
    const tw = await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.NOPE' }], { lang: 'zh-TW' })
    expect(tw.body.resultmsg).toBe('商品分類不存在')
    const empty = ok(await server.call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.EMPTY' }]))
    expect(empty.body.data).toEqual({ table1: [], table2: [{ Total: 0 }] })
  })
})

describe('GoodsDetailGet', () => {
  const detail = async (GoodsID: string, extra: Record<string, string> = {}, lang = 'en') =>
    server.call('GoodsDetailGet', [{ ...S101, GoodsID, ...extra }], { lang })

  it('gives a goods with every name, its description and all its pictures', async () => {
    const res = ok(await detail(id('A01')))
    const [row] = res.body.data.table1
    expect(row).toMatchObject({
      GoodsID: id('A01'),
      GoodsName: 'Har gow',
      GoodsNames: { 'zh-CN': '虾饺', 'zh-TW': '蝦餃', en: 'Har gow' },
      Description: 'Shrimp dumplings',
      GoodsRemarks: '',
      CommentCount: 3
    })
    expect(row.Images).toHaveLength(2)
    expect(row.Images[0]).toBe(row.ImageUrl)
    expect(row.Images[1]).toMatch(/\/files\/menu\/E1001\/S101\/har-gow-2-[0-9a-f]{10}\.png$/)
    expect([res.body.data.table2, res.body.data.table3, res.body.data.table4, res.body.data.table5]).toEqual([[], [], [], []])
  })

  it('gives sku attributes, values and skus with exact discounted prices and their stock', async () => {
    const res = ok(await detail(id('C01')))
    const { table1, table2, table3, table4 } = res.body.data
    expect(table1[0]).toMatchObject({ SkuType: 2, Price: '28', SalesPrice: '23.8', SaleType: 3 })
    expect(table2).toEqual([
      { AttrID: 'S101.g.C01.a.temp', AttrName: 'Temperature', SortNo: 0 },
      { AttrID: 'S101.g.C01.a.size', AttrName: 'Size', SortNo: 1 }
    ])
    expect(table3.map((v) => [v.AttrID, v.ValueID, v.ValueName])).toEqual([
      ['S101.g.C01.a.temp', 'S101.g.C01.a.temp.v.HOT', 'Hot'],
      ['S101.g.C01.a.temp', 'S101.g.C01.a.temp.v.ICED', 'Iced'],
      ['S101.g.C01.a.size', 'S101.g.C01.a.size.v.M', 'Medium'],
      ['S101.g.C01.a.size', 'S101.g.C01.a.size.v.L', 'Large']
    ])
    // 30.5 × 0.85 = 25.925 → 25.93 and 34.5 × 0.85 = 29.325 → 29.33 (floating point gives 25.92).
    expect(table4.map((s) => [s.SkuCode, s.SkuName, s.Price, s.SalesPrice, s.Qua])).toEqual([
      ['HM', 'Hot / Medium', '28', '23.8', -1],
      ['HL', 'Hot / Large', '32', '27.2', -1],
      ['IM', 'Iced / Medium', '30.5', '25.93', -1],
      ['IL', 'Iced / Large', '34.5', '29.33', 0]
    ])
    expect(table4[2]).toMatchObject({ SkuID: 'S101.g.C01.k.IM', SkuItems: 'S101.g.C01.a.temp.v.ICED,S101.g.C01.a.size.v.M' })
    const tw = ok(await detail(id('C01'), {}, 'zh-TW'))
    expect(tw.body.data.table4[3].SkuName).toBe('凍 / 大')
  })

  it('splits sku stock into whole packs and main units, and lists pack units and remarks', async () => {
    const res = ok(await detail(id('B01')))
    const { table1, table4, table5 } = res.body.data
    expect(table1[0]).toMatchObject({ SkuType: 1, PUnitCount: 1, HasOptions: 1, GoodsRemarks: 'Spice:None;Mild；Hot\nNoodles:Thin，Thick' })
    expect(table4.map((s) => [s.SkuCode, s.Qua, s.PQua, s.MQua])).toEqual([
      ['S', -1, -1, -1],
      ['L', 22, 5, 2]
    ])
    expect(table5).toEqual([{ PCode: 'FAMILY', PUnit: 'family pack', Ref: '4', Price: '150', SalesPrice: '150' }])
  })

  it('prices pack units under the running promotion', async () => {
    const res = ok(await detail(id('A02')))
    // The 29.9 lunch price per basket makes a tray of 3 cost 89.7.
    expect(res.body.data.table5).toEqual([{ PCode: 'TRAY3', PUnit: 'tray of 3', Ref: '3', Price: '100', SalesPrice: '89.7' }])
  })

  it('says goods not found (20007) for an unknown goods or one not sold on the branch', async () => {
    expect((await detail('S101.g.NOPE')).body.resultcode).toBe('20007')
    expect((await detail(id('B02'), { BaseID: 'B202' })).body.resultcode).toBe('20007')
    ok(await detail(id('B02'), { BaseID: 'B201' }))
    const res = await detail('S101.g.NOPE', {}, 'zh-TW')
    expect(res.body.resultmsg).toBe('商品不存在')
    expect((await server.call('GoodsDetailGet', [{ ShopID: 'S102', GoodsID: id('A01') }])).body.resultcode).toBe('20007')
  })
})

describe('GoodsBOMListGet', () => {
  it('gives the combo classes and the goods to pick in each', async () => {
    const res = ok(await server.call('GoodsBOMListGet', [{ ...S101, GoodsID: id('S01') }]))
    expect(res.body.data.table1).toEqual([
      { BOMClassID: 'S101.g.S01.b.MAIN', BOMClassName: 'Two dim sum', Qua: 2, SelectType: 0, SortNo: 0 },
      { BOMClassID: 'S101.g.S01.b.DRINK', BOMClassName: 'Drink', Qua: 1, SelectType: 1, SortNo: 1 }
    ])
    expect(res.body.data.table2.map((i) => [i.BOMClassID.split('.').pop(), i.GoodsID, i.GoodsName, i.BOMQua, i.BOMGoodsPUnit, i.Price, i.IsDefault])).toEqual([
      ['MAIN', id('A01'), 'Har gow', '1', 'basket', '0', 0],
      ['MAIN', id('A02'), 'Siu mai', '1', 'basket', '0', 1],
      ['MAIN', id('A10'), 'Egg tart', '2', 'piece', '3', 0],
      ['DRINK', id('C02'), 'Lemon tea', '1', 'glass', '0', 0],
      ['DRINK', id('C01'), 'Milk tea', '1', 'cup', '4', 0]
    ])
    expect(res.body.data.table2[0].ImageUrl).toMatch(/har-gow-[0-9a-f]{10}\.png$/)
  })

  it('answers empty tables for a goods that is not a combo, 20007 for an unknown one', async () => {
    const plain = ok(await server.call('GoodsBOMListGet', [{ ...S101, GoodsID: id('A01') }]))
    expect(plain.body.data).toEqual({ table1: [], table2: [] })
    expect((await server.call('GoodsBOMListGet', [{ ...S101, GoodsID: 'S101.g.ZZ' }])).body.resultcode).toBe('20007')
  })
})

describe('AttachmentChargingList', () => {
  it('lists the priced add-ons of a goods', async () => {
    const res = ok(await server.call('AttachmentChargingList', [{ ...S101, GoodsID: id('B01') }], { lang: 'zh-TW' }))
    expect(res.body.data.table1).toEqual([
      { GoodsID: id('B01'), OptionID: 'S101.g.B01.o.egg', Value: '加蛋', Value2: '5', Value3: '5', SortNo: 0, SoldOut: 0, Allergens: '', Diets: '' },
      { GoodsID: id('B01'), OptionID: 'S101.g.B01.o.wonton', Value: '加雲吞', Value2: '8', Value3: '6', SortNo: 1, SoldOut: 0, Allergens: '', Diets: '' }
    ])
  })

  it('lists nothing for a goods without add-ons, 20007 for an unknown goods', async () => {
    expect(ok(await server.call('AttachmentChargingList', [{ ...S101, GoodsID: id('A01') }])).body.data.table1).toEqual([])
    expect((await server.call('AttachmentChargingList', [{ ...S101, GoodsID: 'nope' }])).body.resultcode).toBe('20007')
  })
})

describe('ShopHomeGoodsByPage', () => {
  it('lists the recommended goods in menu order, paged, with the total', async () => {
    const all = ok(await server.call('ShopHomeGoodsByPage', [{ ...S101, PageIndex: 1, PageSize: 10 }]))
    expect(all.body.data.table1.map((g) => g.GoodsCode)).toEqual(['S01', 'A01', 'A02', 'T01'])
    expect(all.body.data.table1[0]).toMatchObject({ SalesPrice: '78', SaleType: 2, GoodsType: 3, HasOptions: 1 })
    expect(all.body.data.table2).toEqual([{ Total: 4 }])
    const page2 = ok(await server.call('ShopHomeGoodsByPage', [{ ...S101, PageIndex: 2, PageSize: 1 }]))
    expect(page2.body.data.table1.map((g) => g.GoodsCode)).toEqual(['A01'])
    expect(page2.body.data.table2).toEqual([{ Total: 4 }])
  })

  it('keeps to the branch', async () => {
    const res = ok(await server.call('ShopHomeGoodsByPage', [{ ...S101, BaseID: 'B201' }]))
    expect(res.body.data.table1.map((g) => g.GoodsCode)).toEqual(['S01', 'A01', 'A02'])
    expect(res.body.data.table2).toEqual([{ Total: 3 }])
  })
})

describe('GroundingShopList', () => {
  it('lists every branch whose menu has the goods, with its shop', async () => {
    const res = ok(await server.call('GroundingShopList', [{ GoodsID: id('A01') }], { lang: 'zh-TW' }))
    expect(res.body.data.table1).toEqual([
      { ShopID: 'S101', ShopName: '蓮香茶室', BaseID: 'B201', BaseName: '蓮香茶室（議事亭前地店）' },
      { ShopID: 'S101', ShopName: '蓮香茶室', BaseID: 'B202', BaseName: '蓮香茶室（氹仔店）' }
    ])
    const limited = ok(await server.call('GroundingShopList', [{ GoodsID: id('B02') }]))
    expect(limited.body.data.table1.map((r) => r.BaseID)).toEqual(['B201'])
  })

  it('says goods not found (20007) for an unknown goods', async () => {
    expect((await server.call('GroundingShopList', [{ GoodsID: 'S101.g.NOPE' }])).body.resultcode).toBe('20007')
  })
})

describe('GoodsCommentListByPage', () => {
  it('lists reviews newest first on the enterprise clock, with the count and average of all', async () => {
    const today = wallClockIn('Asia/Macau', new Date()).date
    const daysAgo = (n: number) => {
      const [y, m, d] = today.split('-').map(Number)
      return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10)
    }
    const res = ok(await server.call('GoodsCommentListByPage', [{ GoodsID: id('A01'), PageIndex: 1, PageSize: 10 }]))
    expect(res.body.data.table1.map((r) => [r.VipName, r.Stars, r.Content, r.CreatedDate])).toEqual([
      ['陳小姐', 5, '蝦餃皮薄餡靚', `${daysAgo(1)} 12:30:00`],
      ['Ana', 4, 'Bom!', `${daysAgo(3)} 19:05:00`],
      ['Mr Lee', 4, 'Good, a bit slow.', '2024-05-01 10:00:00']
    ])
    expect(res.body.data.table1[0]).toMatchObject({ GoodsID: id('A01'), HeadImg: '', Images: [expect.stringMatching(/^http:\/\/localhost\/files\/menu\/E1001\/S101\/review-1-[0-9a-f]{10}\.png$/)] })
    // (5 + 4 + 4) / 3 = 4.33… → '4.3'
    expect(res.body.data.table2).toEqual([{ Total: 3, AvgStars: '4.3' }])
  })

  it('pages; the summary still covers every review', async () => {
    const res = ok(await server.call('GoodsCommentListByPage', [{ GoodsID: id('A01'), PageIndex: 2, PageSize: 1 }]))
    expect(res.body.data.table1.map((r) => r.VipName)).toEqual(['Ana'])
    expect(res.body.data.table2).toEqual([{ Total: 3, AvgStars: '4.3' }])
  })

  it("answers no reviews with a '0' average, and 20007 for an unknown goods", async () => {
    const none = ok(await server.call('GoodsCommentListByPage', [{ GoodsID: id('C02') }]))
    expect(none.body.data).toEqual({ table1: [], table2: [{ Total: 0, AvgStars: '0' }] })
    expect((await server.call('GoodsCommentListByPage', [{ GoodsID: 'S101.g.NOPE' }])).body.resultcode).toBe('20007')
  })
})

describe('AvailablePromotionGoods', () => {
  it('lists the promotions running now, one row per goods, leaving out ended and future ones', async () => {
    const res = ok(await server.call('AvailablePromotionGoods', [{ ...S101, BaseID: 'B201' }], { lang: 'zh-TW' }))
    expect(res.body.data.table1.map((p) => [p.PromotionID, p.PromotionName, p.GoodsID, p.SaleType, p.Price, p.Discount])).toEqual([
      ['S101.p.DISC', '八五折', id('A02'), 3, '', '0.85'],
      ['S101.p.DISC', '八五折', id('C01'), 3, '', '0.85'],
      ['S101.p.LUNCH', '午市特價', id('A02'), 2, '29.9', ''],
      ['S101.p.SETDEAL', '套餐優惠', id('S01'), 2, '78', '']
    ])
    expect(res.body.data.table1[0]).toMatchObject({ BeginDate: '', EndDate: '', BeginTime: '', EndTime: '' })
  })

  it('says shop not found (20003) for an unknown shop', async () => {
    expect((await server.call('AvailablePromotionGoods', [{ ShopID: 'NOPE' }])).body.resultcode).toBe('20003')
  })
})

describe('promotion clock and prices', () => {
  const promotion = (over: Partial<Promotion>): Promotion => ({
    promotionId: 'P',
    code: 'P',
    names: { 'zh-CN': 'P', 'zh-TW': 'P', en: 'P' },
    saleType: 2,
    price: '10',
    discount: '',
    beginDate: '',
    endDate: '',
    beginTime: '',
    endTime: '',
    sortNo: 0,
    goodsIds: ['G'],
    ...over
  })
  const at = (date: string, clock: string) => ({ date, secondsOfDay: Number(clock.slice(0, 2)) * 3600 + Number(clock.slice(3, 5)) * 60 })

  it('runs within its dates (inclusive) and daily hours, also across midnight', () => {
    const dated = promotion({ beginDate: '2025-03-01', endDate: '2025-03-31' })
    expect(isPromotionRunning(dated, at('2025-02-28', '12:00'))).toBe(false)
    expect(isPromotionRunning(dated, at('2025-03-01', '00:00'))).toBe(true)
    expect(isPromotionRunning(dated, at('2025-03-31', '23:59'))).toBe(true)
    expect(isPromotionRunning(dated, at('2025-04-01', '00:00'))).toBe(false)
    const teaTime = promotion({ beginTime: '14:00', endTime: '17:00' })
    expect(isPromotionRunning(teaTime, at('2025-03-05', '13:59'))).toBe(false)
    expect(isPromotionRunning(teaTime, at('2025-03-05', '14:00'))).toBe(true)
    expect(isPromotionRunning(teaTime, at('2025-03-05', '17:00'))).toBe(true)
    expect(isPromotionRunning(teaTime, at('2025-03-05', '17:01'))).toBe(false)
    const lateNight = promotion({ beginTime: '22:00', endTime: '02:00' })
    expect(isPromotionRunning(lateNight, at('2025-03-05', '23:30'))).toBe(true)
    expect(isPromotionRunning(lateNight, at('2025-03-05', '01:30'))).toBe(true)
    expect(isPromotionRunning(lateNight, at('2025-03-05', '12:00'))).toBe(false)
  })

  it('keeps sku markups under a promotion price and multiplies pack units by Ref', () => {
    const goods = {
      goodsId: 'G',
      price: '30',
      salesPrice: '30',
      skus: [
        { skuId: 'S', code: 'S', valueIds: [], price: '30', salesPrice: '30', stock: null, sortNo: 0 },
        { skuId: 'L', code: 'L', valueIds: [], price: '36.5', salesPrice: '35', stock: null, sortNo: 1 }
      ],
      packUnits: [{ code: 'BOX', names: { 'zh-CN': '', 'zh-TW': '', en: '' }, ref: '2.5', price: '70', salesPrice: '70', sortNo: 0 }]
    } as unknown as CatalogueGoods
    const fixed = promotion({ price: '19.99' })
    expect(skuPrices(goods, fixed, 2).map((s) => s.salesPrice)).toEqual(['19.99', '26.49'])
    expect(packUnitPrices(goods, fixed, 2).map((p) => p.salesPrice)).toEqual(['49.98'])
    expect(goodsPrice(goods, runningByGoods([fixed], at('2025-01-01', '12:00')), 2)).toMatchObject({ price: '30', salesPrice: '19.99', saleType: 2 })
    // No promotion: the skus' own now prices; the goods shows the cheapest.
    expect(goodsPrice(goods, new Map(), 2)).toMatchObject({ price: '30', salesPrice: '30', saleType: 0 })
    // PricePoint 1 rounds the discounted 36.5 × 0.85 = 31.025 half-up to 31.
    const discount = promotion({ saleType: 3, price: '', discount: '0.85' })
    expect(skuPrices(goods, discount, 1).map((s) => s.salesPrice)).toEqual(['25.5', '31'])
  })
})

describe('menu cache', () => {
  const drinks = async (call: TestServer['call']) =>
    ok(await call('GoodsListByClass', [{ ...S101, ClassID: 'S101.c.DRINKS' }])).body.data.table1.map((g) => [g.GoodsCode, g.GoodsName, g.SalesPrice])
  const changedMenu = (lemonTea: string, price: string) => {
    const menu = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'))
    const c02 = menu.goods.find((g: { code: string }) => g.code === 'C02')
    c02.names.en = lemonTea
    c02.price = price
    return menu
  }

  it('serves repeated reads from memory', async () => {
    await drinks(server.call)
    const loads = menuCache(server.db).loads
    await drinks(server.call)
    await server.call('GoodsDetailGet', [{ ...S101, GoodsID: id('C01') }])
    expect(menuCache(server.db).loads).toBe(loads)
  })

  it('shows an import at once, here and on a second server instance on the same database', async () => {
    const second = await server.openSecondInstance()
    expect(await drinks(server.call)).toEqual([
      ['C01', 'Milk tea', '23.8'],
      ['C02', 'Lemon tea', '20']
    ])
    expect(await drinks(second.call)).toEqual(await drinks(server.call))

    // Imported through this instance's database handle.
    await importMenu(server.db, changedMenu('Iced lemon tea', '22'), path.dirname(FIXTURE), { filesDir: server.config.filesDir })
    expect((await drinks(server.call))[1]).toEqual(['C02', 'Iced lemon tea', '22'])
    expect((await drinks(second.call))[1]).toEqual(['C02', 'Iced lemon tea', '22'])

    // Imported through the second instance's handle (as the CLI in its own process would).
    await importMenu(second.db, changedMenu('Lemon tea', '21.5'), path.dirname(FIXTURE), { filesDir: server.config.filesDir })
    expect((await drinks(server.call))[1]).toEqual(['C02', 'Lemon tea', '21.5'])
    expect((await drinks(second.call))[1]).toEqual(['C02', 'Lemon tea', '21.5'])

    await importMenuFile(server.db, FIXTURE, { filesDir: server.config.filesDir })
    expect((await drinks(second.call))[1]).toEqual(['C02', 'Lemon tea', '20'])
  })
})
