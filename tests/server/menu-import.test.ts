/**
 * Importing menu files: what a re-import keeps (ids, members' reviews), where pictures go,
 * every kind of problem named by item and field, and nothing half-imported after a rejected
 * file or a failed write.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { menuIds } from '../../server/src/domain/catalogue/ids'
import * as menuRepository from '../../server/src/storage/repositories/menu.repository'
import { MenuImportError, importMenu, importMenuFile, planMenuImport } from '../../server/src/domain/catalogue/menu-import.service'
import { summaryText } from '../../server/src/cli/menu-import'
import { DEMO_MENUS_DIR, seedMenus } from '../../server/src/storage/seed'
import { createTestServer, rowCounts, type TestServer } from './helpers/test-server'

const FIXTURE_DIR = path.join(__dirname, 'fixtures', 'menu')
const FIXTURE = path.join(FIXTURE_DIR, 'tea-house.json')

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any
const fixture = (): Json => JSON.parse(fs.readFileSync(FIXTURE, 'utf8'))
const goodsIndex = (menu: Json, code: string): number => menu.goods.findIndex((g: Json) => g.code === code)

let server: TestServer
const pictureDir = () => path.join(server.config.filesDir, 'menu', 'E1001', 'S101')
const options = () => ({ filesDir: server.config.filesDir })

/** The problems a menu is rejected with (fails the test when it is accepted). */
async function problemsOf(menu: Json, baseDir = FIXTURE_DIR): Promise<string[]> {
  try {
    await planMenuImport(server.db, menu, baseDir)
  } catch (error) {
    if (error instanceof MenuImportError) return error.problems
    throw error
  }
  throw new Error('the menu was accepted')
}

beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

describe('importing a menu', () => {
  it('imports the fixture and says what it imported', async () => {
    const summary = await importMenuFile(server.db, FIXTURE, options())
    expect(summary).toEqual({
      entId: 'E1001',
      shopId: 'S101',
      version: 1,
      classes: 6,
      goods: 10,
      skus: 6,
      packUnits: 3,
      addOns: 2,
      combos: 1,
      promotions: 5,
      reviews: 4,
      pictures: 10,
      picturesCopied: 10
    })
    expect(summaryText('tea-house.json', summary)).toBe(
      [
        'tea-house.json: imported the menu of shop S101 (enterprise E1001), now version 1:',
        '  6 classes, 10 goods (6 skus, 3 pack units, 2 add-ons, 1 combo),',
        '  5 promotions, 4 reviews, 10 pictures (10 new).'
      ].join('\n')
    )
    expect(fs.readdirSync(pictureDir()).sort()).toEqual(
      ['dim-sum', 'dim-sum-set', 'egg-tart', 'har-gow', 'har-gow-2', 'milk-tea', 'review-1', 'roast-goose', 'siu-mai', 'wonton-noodles'].map(
        (name) => expect.stringMatching(new RegExp(`^${name}-[0-9a-f]{10}\\.png$`))
      )
    )
  })

  it('replaces the whole menu on re-import, keeping ids, members’ reviews and unchanged pictures', async () => {
    const member = {
      review_id: 'member-review-1',
      ent_id: 'E1001',
      shop_id: 'S101',
      goods_id: menuIds.goodsId('S101', 'C02'),
      vip_id: 'V1',
      vip_name: 'A member',
      head_img: '',
      stars: 5,
      content: 'Refreshing',
      images: '[]',
      created_at: new Date().toISOString(),
      is_imported: 0
    }
    await server.db.insertInto('goods_reviews').values(member).execute()
    const before = await rowCounts(server.db)
    const skuIds = await server.db.selectFrom('skus').select('sku_id').orderBy('sku_id').execute()

    const menu = fixture()
    menu.goods = menu.goods.filter((g: Json) => g.code !== 'T01')
    menu.classes = menu.classes.filter((c: Json) => c.code !== 'TAIPA')
    const summary = await importMenu(server.db, menu, FIXTURE_DIR, options())
    expect(summary).toMatchObject({ version: 2, goods: 9, picturesCopied: 0 })

    const after = await rowCounts(server.db)
    expect(after).toMatchObject({ goods: before.goods - 1, goods_classes: before.goods_classes - 1, goods_reviews: before.goods_reviews, menus: 1 })
    expect(await server.db.selectFrom('skus').select('sku_id').orderBy('sku_id').execute()).toEqual(skuIds)
    const reviews = await server.db.selectFrom('goods_reviews').select(['review_id', 'is_imported']).execute()
    expect(reviews.filter((r) => Number(r.is_imported) === 0).map((r) => r.review_id)).toEqual(['member-review-1'])
    expect(reviews).toHaveLength(5)
    const res = await server.call('GoodsListByClass', [{ ShopID: 'S101', ClassID: menuIds.classId('S101', 'DRINKS') }])
    expect(res.body.data.table1.find((g: Json) => g.GoodsCode === 'C02').CommentCount).toBe(1)
  })

  it('copies a changed picture under a new name and removes the one no longer used', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-pictures-'))
    try {
      fs.cpSync(path.join(FIXTURE_DIR, 'pictures'), path.join(tmp, 'pictures'), { recursive: true })
      fs.appendFileSync(path.join(tmp, 'pictures', 'milk-tea.png'), Buffer.from('changed'))
      const old = fs.readdirSync(pictureDir()).find((f) => f.startsWith('milk-tea-'))
      const summary = await importMenu(server.db, fixture(), tmp, options())
      expect(summary.picturesCopied).toBe(1)
      const now = fs.readdirSync(pictureDir()).find((f) => f.startsWith('milk-tea-'))
      expect(now).not.toBe(old)
      expect(fs.readdirSync(pictureDir()).filter((f) => f.startsWith('milk-tea-'))).toEqual([now])
      const res = await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'C01') }])
      expect(res.body.data.table1[0].ImageUrl).toBe(`http://localhost/files/menu/E1001/S101/${now}`)
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true })
    }
    await importMenuFile(server.db, FIXTURE, options())
  })
})

describe('problems, each naming the item and field', () => {
  it('accepts the fixture as it is', async () => {
    await expect(planMenuImport(server.db, fixture(), FIXTURE_DIR)).resolves.toBeDefined()
  })

  it('names an unknown class code, a duplicate goods code and a duplicate class code', async () => {
    const menu = fixture()
    menu.goods[goodsIndex(menu, 'A10')].class = 'PASTRY'
    menu.goods[goodsIndex(menu, 'T01')].code = 'B01'
    menu.classes[5].code = 'DIMSUM'
    expect(await problemsOf(menu)).toEqual([
      'classes[5] "DIMSUM" code: duplicate class code "DIMSUM" (also classes[0])',
      'goods[2] "A10" class: unknown class code "PASTRY"',
      'goods[9] "B01" code: duplicate goods code "B01" (also goods[3])'
    ])
    // A renamed class leaves its goods naming a class that is not there.
    const renamed = fixture()
    renamed.classes[2].code = 'TEA'
    expect(await problemsOf(renamed)).toEqual([
      'goods[5] "C01" class: unknown class code "DRINKS"',
      'goods[6] "C02" class: unknown class code "DRINKS"'
    ])
  })

  it('names sku values that do not fit the attributes, and a sku type that does not match', async () => {
    const menu = fixture()
    const c01 = menu.goods[goodsIndex(menu, 'C01')]
    c01.skus.items[1].values = ['HOT', 'XL']
    c01.skus.items[2].values = ['ICED']
    c01.skus.items[3].values = ['HOT', 'M']
    c01.skuType = 1
    const i = goodsIndex(menu, 'C01')
    expect(await problemsOf(menu)).toEqual([
      `goods[${i}] "C01" skuType: sku type 1 does not match skus with 2 attributes (sku type 2)`,
      `goods[${i}] "C01" skus.items[1].values: unknown value code "XL" (attribute "size" has M, L)`,
      `goods[${i}] "C01" skus.items[2].values: 1 value code for 2 attributes (one per attribute, in order)`,
      `goods[${i}] "C01" skus.items[3].values: same values as skus.items[0]`
    ])
  })

  it('names bad decimals, a pack unit Ref of 0 or less, and bad times', async () => {
    const menu = fixture()
    const a01 = menu.goods[goodsIndex(menu, 'A01')]
    a01.price = 38
    a01.salesPrice = '12,5'
    a01.onSaleTime = '25:00'
    a01.offSaleTime = '9:30'
    const a10 = menu.goods[goodsIndex(menu, 'A10')]
    a10.packUnits[0].ref = '0'
    a10.packUnits.push({ code: 'BOX12', names: a10.packUnits[0].names, ref: '-12', price: '120' })
    expect(await problemsOf(menu)).toEqual([
      'goods[0] "A01" price: must be a decimal string such as "12.5", got the number 38',
      'goods[0] "A01" salesPrice: bad decimal "12,5": write digits with at most 8 decimals, such as "12.5"',
      'goods[0] "A01" onSaleTime: bad time: must be "HH:mm" from "00:00" to "23:59"',
      'goods[0] "A01" offSaleTime: bad time: must be "HH:mm" from "00:00" to "23:59"',
      'goods[2] "A10" packUnits[0].ref: must be greater than 0, got "0"',
      'goods[2] "A10" packUnits[1].ref: bad decimal "-12": write digits with at most 8 decimals, such as "12.5"'
    ])
  })

  it('names combo items that are missing or combos themselves, and combos in the wrong goods type', async () => {
    const menu = fixture()
    const s01 = menu.goods[goodsIndex(menu, 'S01')]
    s01.combo[0].items[0].goods = 'A99'
    s01.combo[1].items.push({ goods: 'S01' })
    s01.combo[0].pick = 4
    const w01 = menu.goods[goodsIndex(menu, 'W01')]
    w01.combo = s01.combo.slice(1)
    const i = goodsIndex(menu, 'S01')
    expect(await problemsOf(menu)).toEqual([
      `goods[${goodsIndex(menu, 'W01')}] "W01" combo: only combo goods (type 3) have combo classes; this goods is type 7`,
      `goods[${goodsIndex(menu, 'W01')}] "W01" combo[0].items[2].goods: goods "S01" is itself a combo`,
      `goods[${i}] "S01" combo[0].items[0].goods: unknown goods code "A99"`,
      `goods[${i}] "S01" combo[0].pick: 4 to pick but only 3 goods to pick from`,
      `goods[${i}] "S01" combo[1].items[2].goods: goods "S01" is itself a combo`
    ])
    const noCombo = fixture()
    delete noCombo.goods[goodsIndex(noCombo, 'S01')].combo
    expect(await problemsOf(noCombo)).toEqual([`goods[${i}] "S01" combo: a combo goods (type 3) needs at least one combo class`])
  })

  it('names a branch of another shop and a missing picture file', async () => {
    const menu = fixture()
    menu.goods[goodsIndex(menu, 'B02')].bases = ['B201', 'B203']
    menu.goods[goodsIndex(menu, 'A01')].images = ['pictures/har-gow-3.png']
    menu.classes[1].image = '../elsewhere/noodles.png'
    expect(await problemsOf(menu)).toEqual([
      'classes[1] "NOODLES" image: picture file "../elsewhere/noodles.png" not found (paths are relative to the menu file)',
      'goods[0] "A01" images[0]: picture file "pictures/har-gow-3.png" not found (paths are relative to the menu file)',
      'goods[4] "B02" bases[1]: "B203" is not a branch of shop S101'
    ])
  })

  it('names unknown fields, bad codes, missing names and unknown goods types', async () => {
    const menu = fixture()
    menu.goods[0].salePrice = '30'
    menu.goods[4].code = 'B 02'
    menu.goods[2].names.en = ''
    delete menu.goods[2].unit
    menu.goods[3].type = 4
    menu.classes.push({ code: 'NEW' })
    expect(await problemsOf(menu)).toEqual([
      'classes[6] "NEW" names: is required',
      'goods[0] "A01" salePrice: unknown field',
      'goods[2] "A10" names.en: must not be empty',
      'goods[2] "A10" unit: is required',
      'goods[3] "B01" type: must be one of 0, 3, 5, 6, 7, 9',
      'goods[4] "B 02" code: bad code: use 1–32 letters, digits, "_" or "-"'
    ])
  })

  it('names promotion and review problems', async () => {
    const menu = fixture()
    delete menu.promotions[0].discount
    menu.promotions[1].goods.push('Z01')
    menu.promotions[2].discount = '1.5'
    menu.promotions[3].beginDate = '2021-02-30'
    menu.promotions[4].endDate = '2998-12-31'
    menu.reviews[0].goods = 'Z02'
    menu.reviews[1].at = 'yesterday'
    menu.reviews[2].stars = 6
    expect(await problemsOf(menu)).toEqual([
      'promotions[0] "DISC" discount: required for a discount (sale type 3)',
      'promotions[1] "LUNCH" goods[1]: unknown goods code "Z01"',
      'promotions[2] "SETDEAL" discount: must be greater than 0 and at most 1 ("0.8" = 20% off), got "1.5"',
      'promotions[3] "OLD" beginDate: bad date: must be a real date "YYYY-MM-DD"',
      'promotions[4] "SOON" endDate: ends (2998-12-31) before it begins (2999-01-01)',
      'reviews[0] (goods "Z02") goods: unknown goods code "Z02"',
      'reviews[1] (goods "A01") at: must be "YYYY-MM-DD HH:mm" or { "daysAgo": n, "time": "HH:mm" }',
      'reviews[2] (goods "A01") stars: must be one of 1, 2, 3, 4, 5'
    ])
  })

  it('names a wrong format, an unknown enterprise or a shop of another enterprise', async () => {
    const menu = fixture()
    menu.format = 'menu/2'
    menu.EntID = 'E9999'
    expect(await problemsOf(menu)).toEqual(['format: must be "scanorder-menu/1"', 'EntID: enterprise "E9999" does not exist'])
    expect(await problemsOf({ ...fixture(), ShopID: 'S999' })).toEqual(['ShopID: shop "S999" does not exist in enterprise "E1001"'])
    expect(await problemsOf([1, 2])).toEqual(['menu file: must be a JSON object with format, EntID, ShopID, classes and goods'])
    expect(await problemsOf({ ...fixture(), goods: 'none' })).toEqual(['goods: must be a list'])
  })

  it('says when the file is not JSON or not there', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-json-'))
    try {
      fs.writeFileSync(path.join(tmp, 'broken.json'), '{ "format": ')
      await expect(importMenuFile(server.db, path.join(tmp, 'broken.json'), options())).rejects.toMatchObject({
        problems: [expect.stringMatching(/^broken\.json: not valid JSON \(/)]
      })
      await expect(importMenuFile(server.db, path.join(tmp, 'absent.json'), options())).rejects.toMatchObject({
        problems: ['absent.json: file not found']
      })
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  })

  it('collects every problem of a file in one numbered list', async () => {
    const menu = fixture()
    menu.goods[0].price = '1.2.3'
    menu.goods[5].class = 'NOPE'
    menu.reviews[3].goods = 'NOPE'
    const error = await importMenu(server.db, menu, FIXTURE_DIR, options()).catch((e) => e)
    expect(error).toBeInstanceOf(MenuImportError)
    expect(error.problems).toHaveLength(3)
    expect(error.message).toBe(
      [
        'The menu was rejected (3 problems):',
        '1. goods[0] "A01" price: bad decimal "1.2.3": write digits with at most 8 decimals, such as "12.5"',
        '2. goods[5] "C01" class: unknown class code "NOPE"',
        '3. reviews[3] (goods "NOPE") goods: unknown goods code "NOPE"'
      ].join('\n')
    )
  })
})

describe('nothing half-imported', () => {
  const state = async () => ({
    counts: await rowCounts(server.db),
    version: await menuRepository.findMenuVersion(server.db, 'S101'),
    pictures: fs.readdirSync(pictureDir()).sort(),
    goods: await server.db.selectFrom('goods').select(['goods_id', 'price', 'names']).orderBy('goods_id').execute()
  })

  it('leaves menu, version and pictures as they were when a file is rejected', async () => {
    const before = await state()
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-rejected-'))
    try {
      fs.cpSync(FIXTURE_DIR, tmp, { recursive: true })
      fs.writeFileSync(path.join(tmp, 'pictures', 'new-dish.png'), Buffer.from('new picture'))
      const menu = fixture()
      menu.goods[0].price = '99'
      menu.goods[0].image = 'pictures/new-dish.png'
      menu.goods[1].class = 'NOPE'
      await expect(importMenu(server.db, menu, tmp, options())).rejects.toBeInstanceOf(MenuImportError)
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true })
    }
    expect(await state()).toEqual(before)
  })

  it('rolls back and removes the new pictures when writing the menu fails', async () => {
    const before = await state()
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-failing-'))
    const replace = menuRepository.replaceShopMenu
    const spy = jest.spyOn(menuRepository, 'replaceShopMenu').mockImplementation(async (trx, menu, reviews) => {
      await replace(trx, menu, reviews)
      throw new Error('disk full')
    })
    try {
      fs.cpSync(FIXTURE_DIR, tmp, { recursive: true })
      // A real picture (a file that is no picture is refused before anything is written).
      fs.writeFileSync(path.join(tmp, 'pictures', 'new-dish.png'), await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer())
      const menu = fixture()
      menu.goods[0].price = '99'
      menu.goods[0].image = 'pictures/new-dish.png'
      await expect(importMenu(server.db, menu, tmp, options())).rejects.toThrow('disk full')
      expect(spy).toHaveBeenCalled()
    } finally {
      spy.mockRestore()
      fs.rmSync(tmp, { recursive: true, force: true })
    }
    expect(await state()).toEqual(before)
    const res = await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'A01') }])
    expect(res.body.data.table1[0].Price).toBe('38')
  })
})

describe('demo menus', () => {
  const demoFiles = fs.existsSync(DEMO_MENUS_DIR) ? fs.readdirSync(DEMO_MENUS_DIR).filter((f) => f.endsWith('.json')) : []
  const maybe = demoFiles.length > 0 ? it : it.skip

  maybe('import without a problem when the demo is seeded, once per shop', async () => {
    const demo = await createTestServer({}, { demoMenus: true })
    try {
      const menus = await demo.db.selectFrom('menus').select(['shop_id', 'version']).orderBy('shop_id').execute()
      expect(menus).toHaveLength(demoFiles.length)
      expect(menus.every((m) => Number(m.version) === 1)).toBe(true)
      // Seeding again leaves shops that have a menu alone.
      expect(await seedMenus(demo.db, DEMO_MENUS_DIR, demo.config.filesDir)).toEqual([])
      for (const { shop_id } of menus) {
        const res = await demo.call('GoodsClassAllGet', [{ ShopID: shop_id }])
        expect(res.body.resultcode).toBe('0')
        expect(res.body.data.table1.length).toBeGreaterThan(0)
      }
    } finally {
      await demo.close()
    }
  })
})
