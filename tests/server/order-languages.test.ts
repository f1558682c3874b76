/**
 * Issue 12 item 14: an order reads in the caller's language. Ordered in Traditional Chinese, the
 * same order read in English names its goods, sku, pack unit, remark options, add-ons and combo
 * picks as the English menu does (the diner's typed remark stays as typed); the kitchen ticket
 * (no caller language) keeps the names as ordered. SQLite; PostgreSQL with DATABASE_URL.
 */
import { B201, S101, clientLine, device, gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'
import { shopOrder } from '../../server/src/domain/orders/order.service'

let server: TestServer

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
})

afterAll(async () => {
  await server.close()
})

const inLanguage = (headers: Record<string, string>, lang: string) => ({ ...headers, 'Accept-Language': lang })

describe('order lines in the language of whoever reads them', () => {
  it('an order placed in zh-TW lists English goods, sku and pack names when read in English', async () => {
    const me = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '1' })
    const basket = await clientLine(server, { code: 'E01', pack: 'BASKET4', qua: '1' })
    const placed = await server.call('OrderSubmit', [{ ...takeaway([noodles.input, basket.input]), RequestKey: requestKey() }], {
      headers: inLanguage(me.headers, 'zh-TW')
    })
    expect(placed.body.resultcode).toBe('0')
    const sheetId = placed.body.data.table1[0].SheetID

    const names = async (lang: string) => {
      const scope = { ShopID: S101, BaseID: B201 }
      const c01 = (await server.call('GoodsDetailGet', [{ ...scope, GoodsID: gid('C01') }], { headers: { 'Accept-Language': lang } })).body.data
      const e01 = (await server.call('GoodsDetailGet', [{ ...scope, GoodsID: gid('E01') }], { headers: { 'Accept-Language': lang } })).body.data
      return [
        { GoodsName: c01.table1[0].GoodsName, SkuName: c01.table4.find((s: any) => s.SkuCode === 'LARGE').SkuName },
        { GoodsName: e01.table1[0].GoodsName, PUnit: e01.table5.find((p: any) => p.PCode.endsWith('BASKET4')).PUnit }
      ]
    }
    const en = await names('en')
    const tw = await names('zh-TW')
    expect(en[0].GoodsName).not.toBe(tw[0].GoodsName)

    const read = async (lang: string) => (await server.call('OrderDetailGet', [{ SheetID: sheetId }], { headers: inLanguage(me.headers, lang) })).body.data.table2
    expect(await read('en')).toEqual([expect.objectContaining(en[0]), expect.objectContaining(en[1])])
    expect(await read('zh-TW')).toEqual([expect.objectContaining(tw[0]), expect.objectContaining(tw[1])])

    // The shop's kitchen ticket keeps what was ordered.
    const ticket = await shopOrder(server.db, sheetId, 'en', new Date())
    expect(ticket.lines.map((l) => l.GoodsName)).toEqual([tw[0].GoodsName, tw[1].GoodsName])
  })

  it('its remark options, add-ons and combo picks too; the typed remark and the kitchen ticket stay as ordered', async () => {
    const me = device()
    // Chosen on the Traditional Chinese menu: 蔥：走蔥, 加三粒雲吞; a combo with 乾炒牛河, 凍檸茶 and 咖喱魚蛋 (辣度：微辣).
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', remarks: [{ name: '蔥', option: '走蔥' }], addOns: ['WONTON3'] })
    const set = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04', 'G03'] }, pickRemarks: { G03: [{ name: '辣度', option: '微辣' }] } })
    const typed = '少辣，唔該'
    const placed = await server.call('OrderSubmit', [{ ...takeaway([noodles.input, set.input], { Remarks: typed }), RequestKey: requestKey() }], {
      headers: inLanguage(me.headers, 'zh-TW')
    })
    expect(placed.body.resultcode).toBe('0')
    const sheetId = placed.body.data.table1[0].SheetID

    const read = async (lang: string) => (await server.call('OrderDetailGet', [{ SheetID: sheetId }], { headers: inLanguage(me.headers, lang) })).body.data
    const en = await read('en')
    expect(en.table2.map((l: any) => [l.RemarkText, l.AddOnText, l.BomText])).toEqual([
      ['Spring onion: No', 'Three more wontons', ''],
      ['', '', 'Dry-fried Beef Ho Fun, Iced Lemon Tea, Curry Fish Balls (Spice: Mild)']
    ])
    expect(en.table1[0].Remarks).toBe(typed)
    const cn = await read('zh-CN')
    expect(cn.table2.map((l: any) => [l.RemarkText, l.AddOnText, l.BomText])).toEqual([
      ['葱：走葱', '加三粒云吞', ''],
      ['', '', '干炒牛河、冻柠茶、咖喱鱼蛋（辣度：微辣）']
    ])
    const tw = await read('zh-TW')
    expect(tw.table2.map((l: any) => [l.RemarkText, l.AddOnText, l.BomText])).toEqual([
      ['蔥：走蔥', '加三粒雲吞', ''],
      ['', '', '乾炒牛河、凍檸茶、咖喱魚蛋（辣度：微辣）']
    ])

    const ticket = await shopOrder(server.db, sheetId, 'en', new Date())
    expect(ticket.lines.map((l) => [l.RemarkText, l.AddOnText, l.BomText])).toEqual(tw.table2.map((l: any) => [l.RemarkText, l.AddOnText, l.BomText]))
  })

  it('a choice the menu no longer has keeps its ordered name', async () => {
    const me = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'SMALL', remarks: [{ name: '蔥', option: '走蔥' }], addOns: ['WONTON3'] })
    const placed = await server.call('OrderSubmit', [{ ...takeaway([noodles.input]), RequestKey: requestKey() }], { headers: inLanguage(me.headers, 'zh-TW') })
    expect(placed.body.resultcode).toBe('0')
    const sheetId = placed.body.data.table1[0].SheetID
    const goods = await server.db.selectFrom('goods').select(['remarks']).where('goods_id', '=', gid('C01')).executeTakeFirstOrThrow()
    const addOn = await server.db.selectFrom('goods_add_ons').selectAll().where('option_id', '=', `${gid('C01')}.o.WONTON3`).executeTakeFirstOrThrow()
    // The shop drops the add-on and rewrites its English remarks to another shape.
    await server.db.deleteFrom('goods_add_ons').where('option_id', '=', `${gid('C01')}.o.WONTON3`).execute()
    await server.db
      .updateTable('goods')
      .set({ remarks: JSON.stringify({ ...JSON.parse(goods.remarks), en: 'Spring onion: Yes; No; Extra' }) })
      .where('goods_id', '=', gid('C01'))
      .execute()
    try {
      const line = (await server.call('OrderDetailGet', [{ SheetID: sheetId }], { headers: inLanguage(me.headers, 'en') })).body.data.table2[0]
      expect([line.GoodsName, line.RemarkText, line.AddOnText]).toEqual(['Shrimp Wonton Noodles', '蔥: 走蔥', '加三粒雲吞'])
    } finally {
      await server.db.updateTable('goods').set({ remarks: goods.remarks }).where('goods_id', '=', gid('C01')).execute()
      await server.db.insertInto('goods_add_ons').values(addOn).execute()
    }
  })
})
