/**
 * Regions (issue 16 item 1): AreaBatchSelect answers the region picker a level at a time —
 * Macau's zones and parishes (Taipa, Cotai and Coloane among them), Hong Kong's 18 districts,
 * mainland provinces, cities and districts (GB/T 2260) — in the request's language, and the
 * dataset helpers the address book uses. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { ERRCODES, RESULTCODES } from '../../src/gateway/codes'
import { findRegion, isLeafRegion, regionChildren, regionPath, regionPathName } from '../../server/src/domain/regions/region-dataset'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const areas = async (parentCodes: unknown, lang = 'en') => ok(await server.call('AreaBatchSelect', [{ ParentCodes: parentCodes }], { lang })).table1

describe('AreaBatchSelect', () => {
  test('level 1: Macau and Hong Kong first, then the mainland provinces by code; Taiwan is not offered', async () => {
    const top = await areas([''])
    expect(top.slice(0, 2)).toEqual([
      { AreaCode: '820000', ParentCode: '', AreaName: 'Macau', Level: 1, HasChildren: 1 },
      { AreaCode: '810000', ParentCode: '', AreaName: 'Hong Kong', Level: 1, HasChildren: 1 }
    ])
    const provinces = top.slice(2)
    expect(provinces.length).toBe(31)
    expect(provinces.map((r) => r.AreaCode)).toEqual([...provinces.map((r) => r.AreaCode)].sort())
    expect(provinces.find((r) => r.AreaCode === '440000')).toMatchObject({ AreaName: '广东省', Level: 1, HasChildren: 1 })
    expect(top.map((r) => r.AreaCode)).not.toContain('710000')
  })

  test("Macau's zones are the peninsula, Taipa, Cotai and Coloane, with their parishes in three languages", async () => {
    expect((await areas(['820000'])).map((r) => r.AreaName)).toEqual(['Macau Peninsula', 'Taipa', 'Cotai', 'Coloane'])
    expect((await areas(['820000'], 'zh-TW')).map((r) => r.AreaName)).toEqual(['澳門半島', '氹仔', '路氹', '路環'])
    expect((await areas(['820000'], 'zh-CN')).map((r) => r.AreaName)).toEqual(['澳门半岛', '氹仔', '路氹', '路环'])
    const zones = await areas(['820000'])
    const parishes = await areas(zones.map((z) => z.AreaCode))
    expect(parishes.every((p) => p.Level === 3 && p.HasChildren === 0)).toBe(true)
    expect(parishes.map((p) => p.AreaName)).toEqual([
      'Nossa Senhora de Fátima',
      'Santo António',
      'São Lázaro',
      'Sé',
      'São Lourenço',
      'Nossa Senhora do Carmo',
      'Cotai reclamation area',
      'São Francisco Xavier'
    ])
    const taipa = zones.find((z) => z.AreaName === 'Taipa')!
    expect((await areas([taipa.AreaCode], 'zh-TW')).map((p) => [p.AreaCode, p.ParentCode, p.AreaName])).toEqual([['820006', taipa.AreaCode, '嘉模堂區']])
    expect((await areas(['820100'], 'zh-CN')).map((p) => p.AreaName)).toEqual(['花地玛堂区', '花王堂区', '望德堂区', '大堂区', '风顺堂区'])
  })

  test('Hong Kong has its 18 districts under Hong Kong Island, Kowloon and the New Territories', async () => {
    const zones = await areas(['810000'], 'zh-TW')
    expect(zones.map((z) => z.AreaName)).toEqual(['香港島', '九龍', '新界'])
    const districts = await areas(zones.map((z) => z.AreaCode), 'zh-TW')
    expect(districts).toHaveLength(18)
    expect(new Set(districts.map((d) => d.AreaCode)).size).toBe(18)
    expect(districts.filter((d) => d.ParentCode === zones[0].AreaCode).map((d) => d.AreaName)).toEqual(['中西區', '灣仔區', '東區', '南區'])
    expect(districts.filter((d) => d.ParentCode === zones[1].AreaCode)).toHaveLength(5)
    expect(districts.filter((d) => d.ParentCode === zones[2].AreaCode)).toHaveLength(9)
    const en = await areas(zones.map((z) => z.AreaCode), 'en')
    expect(en.map((d) => d.AreaName)).toEqual(expect.arrayContaining(['Central and Western', 'Yau Tsim Mong', 'Sha Tin', 'Islands']))
    expect((await areas(['810300'], 'zh-CN')).map((d) => d.AreaName)).toContain('荃湾区')
  })

  test('mainland: 南山区 (440305) under 深圳市 (440300) under 广东省 (440000); a municipality lists its districts directly', async () => {
    const cities = await areas(['440000'], 'zh-CN')
    expect(cities.find((c) => c.AreaCode === '440300')).toEqual({ AreaCode: '440300', ParentCode: '440000', AreaName: '深圳市', Level: 2, HasChildren: 1 })
    // Cities without districts (东莞, 中山) are leaves themselves.
    expect(cities.find((c) => c.AreaCode === '441900')).toMatchObject({ AreaName: '东莞市', HasChildren: 0 })
    const districts = await areas(['440300'], 'zh-CN')
    expect(districts.find((d) => d.AreaCode === '440305')).toEqual({ AreaCode: '440305', ParentCode: '440300', AreaName: '南山区', Level: 3, HasChildren: 0 })
    // Mainland names exist in simplified Chinese only: zh-TW shows them converted to traditional, English shows them as they are.
    expect((await areas(['440300'], 'zh-TW')).find((d) => d.AreaCode === '440305')!.AreaName).toBe('南山區')
    expect((await areas([''], 'zh-TW')).find((p) => p.AreaCode === '440000')!.AreaName).toBe('廣東省')
    expect((await areas(['210000'], 'zh-TW')).find((c) => c.AreaCode === '210100')!.AreaName).toBe('瀋陽市')
    expect((await areas(['440300'], 'en')).find((d) => d.AreaCode === '440305')!.AreaName).toBe('南山区')
    const beijing = await areas(['110000'], 'zh-CN')
    expect(beijing.find((d) => d.AreaCode === '110101')).toEqual({ AreaCode: '110101', ParentCode: '110000', AreaName: '东城区', Level: 2, HasChildren: 0 })
    // The package's '湖北省-自治区直辖县级行政区划' grouping is not a region people write: its cities sit under the province.
    const hubei = (await areas(['420000'], 'zh-CN')).map((c) => c.AreaName)
    expect(hubei).toContain('仙桃市')
    expect(hubei.some((n) => n.includes('直辖'))).toBe(false)
  })

  test('several parents at once come back parent by parent, in the order asked; a parent twice, once', async () => {
    const rows = await areas(['810100', '820200', '810100'])
    expect(rows.map((r) => r.ParentCode)).toEqual(['810100', '810100', '810100', '810100', '820200'])
    // A comma-separated text works too (lenient callers).
    expect((await areas('820200,820300')).map((r) => r.AreaCode)).toEqual(['820006', '820007'])
    // A leaf has no children: nothing for it.
    expect(await areas(['820006'])).toEqual([])
  })

  test('an unknown parent is REGION_NOT_FOUND; too many or too long codes are refused as invalid input', async () => {
    const unknown = await server.call('AreaBatchSelect', [{ ParentCodes: ['820000', '999999'] }])
    expect(unknown.body.resultcode).toBe(RESULTCODES.REGION_NOT_FOUND)
    expect(unknown.body.resultmsg).not.toBe('')
    const many = await server.call('AreaBatchSelect', [{ ParentCodes: Array.from({ length: 11 }, () => '820000') }])
    expect(many.body.errcode).toBe(ERRCODES.INVALID_INPUT)
    const long = await server.call('AreaBatchSelect', [{ ParentCodes: ['8200000000000'] }])
    expect(long.body.errcode).toBe(ERRCODES.INVALID_INPUT)
    const none = await server.call('AreaBatchSelect', [{ ParentCodes: [] }])
    expect(none.body.errcode).toBe(ERRCODES.INVALID_INPUT)
  })

  test('an unknown enterprise is refused before any region is read', async () => {
    const res = await server.call('AreaBatchSelect', [{ ParentCodes: [''] }], { entId: 'E404' })
    expect(res.body.resultcode).toBe(RESULTCODES.ENTERPRISE_NOT_FOUND)
  })

  test('a repeated request gets the same answer, in its own language', async () => {
    const first = await server.call('AreaBatchSelect', [{ ParentCodes: ['820000'] }], { lang: 'zh-TW' })
    const again = await server.call('AreaBatchSelect', [{ ParentCodes: ['820000'] }], { lang: 'zh-TW' })
    expect(again.text).toBe(first.text)
    const en = await server.call('AreaBatchSelect', [{ ParentCodes: ['820000'] }], { lang: 'en' })
    expect(ok(en).table1[0].AreaName).toBe('Macau Peninsula')
  })
})

describe('the dataset helpers the address book uses', () => {
  test('findRegion, isLeafRegion, regionPath, regionPathName', () => {
    expect(findRegion('820006')).toMatchObject({ code: '820006', parentCode: '820200', level: 3, hasChildren: false, names: { 'zh-TW': '嘉模堂區', 'zh-CN': '嘉模堂区', en: 'Nossa Senhora do Carmo' } })
    expect(findRegion('999999')).toBeNull()
    expect(isLeafRegion('820006')).toBe(true)
    expect(isLeafRegion('820200')).toBe(false)
    expect(isLeafRegion('440305')).toBe(true)
    expect(isLeafRegion('440300')).toBe(false)
    expect(isLeafRegion('nope')).toBe(false)
    expect(regionPath('440305').map((r) => r.code)).toEqual(['440000', '440300', '440305'])
    expect(regionPath('nope')).toEqual([])
    expect(regionPathName('820006', 'zh-TW')).toBe('澳門 氹仔 嘉模堂區')
    expect(regionPathName('820006', 'zh-CN')).toBe('澳门 氹仔 嘉模堂区')
    expect(regionPathName('820006', 'en')).toBe('Macau, Taipa, Nossa Senhora do Carmo')
    expect(regionPathName('810016', 'en')).toBe('Hong Kong, New Territories, Sha Tin')
    expect(regionPathName('440305', 'zh-CN')).toBe('广东省 深圳市 南山区')
    expect(regionPathName('nope', 'en')).toBe('')
    expect(regionChildren('').length).toBe(33)
  })

  test('every Macau and Hong Kong leaf has a centroid where it is (the development geocoder needs them)', () => {
    const leaves = ['820000', '810000'].flatMap((top) => regionChildren(top).flatMap((zone) => regionChildren(zone.code)))
    expect(leaves).toHaveLength(8 + 18)
    for (const leaf of leaves) {
      expect(leaf.lat).toBeGreaterThan(22.1)
      expect(leaf.lat).toBeLessThan(22.6)
      expect(leaf.lng).toBeGreaterThan(113.5)
      expect(leaf.lng).toBeLessThan(114.45)
    }
  })
})
