/**
 * Setup from nothing (issue 23, server/src/domain/setup): an enterprise, a shop, a branch whose
 * hours cross midnight and eight tables made by the services answer diners through the real
 * gateway; a menu imported for the new shop (menu:import) is listed; the setup file round-trips
 * the demo enterprise into a new one; 'replace' keeps what it matches; bad input is refused
 * with every problem named by its field.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Transaction } from 'kysely'
import { DomainError } from '../../server/src/domain/errors'
import { readEvents } from '../../server/src/live/outbox'
import { requireFinanceAccount } from '../../server/src/domain/payments/payment.service'
import { createEnterprise, readEnterpriseSetup, updateEnterprise } from '../../server/src/domain/setup/enterprise-setup.service'
import { SetupError } from '../../server/src/domain/setup/setup-common'
import { exportSetup, importSetup, SETUP_FORMAT, type SetupFile } from '../../server/src/domain/setup/setup-file'
import { listRechargeRules, removeBranch, saveBranch, saveRechargeRule, saveShop } from '../../server/src/domain/setup/shop-setup.service'
import { addTablesInBulk, listTables, parseTablePattern, removeTable, renameTable } from '../../server/src/domain/setup/tables-setup.service'
import type { Database } from '../../server/src/storage/schema'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

let server: TestServer
const inTrx = <T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> => server.db.transaction().execute(fn)

/** The problems a SetupError lists (fails the test when `run` succeeds or throws something else). */
async function problemsOf(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run()
  } catch (error) {
    if (error instanceof SetupError) {
      expect(error.code).toBe('SETUP_INVALID')
      expect(error.resultcode).toBe('21100')
      return error.problems
    }
    throw error
  }
  throw new Error('the input was accepted')
}

async function domainErrorOf(run: () => Promise<unknown>): Promise<DomainError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('no DomainError')
}

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
})
afterAll(() => server.close())

/** The noodle bar of the first test: the ids its services answered. */
const bar = { entId: '', shopId: '', baseId: '', counterCode: '', tables: [] as { tableId: string; code: string; qrCode: string }[] }

describe('a restaurant from nothing', () => {
  it('creates an enterprise, a shop, a branch open past midnight and tables A01–A08 that a diner’s scan resolves', async () => {
    await inTrx(async (trx) => {
      const { entId } = await createEnterprise(trx, {
        names: { 'zh-TW': '阿明麵家', en: 'Ming’s Noodle Bar' },
        currency: 'MOP$',
        timeZone: 'Asia/Macau',
        languages: ['zh-TW', 'en']
      })
      bar.entId = entId
      const shop = await saveShop(trx, entId, { names: { 'zh-TW': '阿明麵家', en: 'Ming’s Noodle Bar' }, address: '澳門草堆街 8 號', phone: '+853 2892 0000', bagFee: '2', notice: 'Open till late' })
      bar.shopId = shop.shopId
      bar.counterCode = shop.counterCode
      const branch = await saveBranch(trx, entId, {
        shopId: shop.shopId,
        names: { 'zh-TW': '阿明麵家（草堆街）', en: 'Ming’s Noodle Bar (Rua dos Mercadores)' },
        hours: { begin: '18:00', end: '02:00' },
        lat: 22.1975,
        lng: 113.5389,
        payLaterOnlineCheckout: true,
        deliveryRange: 3000,
        deliveryFees: [
          { by: 'distance', upTo: '1000', fee: '5' },
          { by: 'distance', upTo: '3000', fee: '10' }
        ]
      })
      bar.baseId = branch.baseId
      const tables = await addTablesInBulk(trx, { entId, baseId: branch.baseId, pattern: 'A01–A08', area: 'Floor 1' })
      bar.tables = tables.map((t) => ({ tableId: t.tableId, code: t.code, qrCode: t.qrCode }))
    })

    // New ids, never the demo's.
    expect(bar.entId).toMatch(/^E[A-Z][0-9A-Z]{10}$/)
    expect(bar.shopId).toMatch(/^S[A-Z][0-9A-Z]{8}$/)
    expect(bar.baseId).toMatch(/^B[A-Z][0-9A-Z]{8}$/)
    expect(bar.counterCode).toMatch(/^QR-S101-[A-Za-z0-9_-]{22}$/)
    expect(bar.tables.map((t) => t.code)).toEqual(['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07', 'A08'])
    for (const t of bar.tables) expect(t.qrCode).toMatch(new RegExp(`^QR-${t.code}-[A-Za-z0-9_-]{22}$`))
    expect(new Set(bar.tables.map((t) => t.qrCode)).size).toBe(8)

    // A diner scans A03: the gateway knows the enterprise, shop, branch and table.
    const a03 = bar.tables[2]
    const scan = ok(await server.call('EntIDGet', [{ QRCode: a03.qrCode }], { entId: '' }))
    expect(scan.table1[0]).toMatchObject({ EntID: bar.entId, EntName: 'Ming’s Noodle Bar', ShopID: bar.shopId, BaseID: bar.baseId, TableID: a03.tableId, QRCode: a03.qrCode })
    // The counter code names the shop's only branch.
    const counter = ok(await server.call('EntIDGet', [{ QRCode: bar.counterCode }], { entId: '' }))
    expect(counter.table1[0]).toMatchObject({ EntID: bar.entId, ShopID: bar.shopId, BaseID: bar.baseId, TableID: '' })

    // Settings a working enterprise needs, as the demo's.
    const params = Object.fromEntries(ok(await server.call('EntSysParamsGet', [{ Other_EntID: bar.entId }], { entId: bar.entId })).table1.map((r: Json) => [r.ParmID, r.ParmValue]))
    expect(params).toMatchObject({ AmoPoint: '2', PricePoint: '2', QuaPoint: '0', Currency: 'MOP$', TimeZone: 'Asia/Macau', AppLanguage: '1', CYSheetGoodsQuaEdit: '0' })

    // The branch page: hours across midnight, delivery range, tables.
    const detail = ok(await server.call('ShopBaseDetailGet', [{ BaseID: bar.baseId }], { entId: bar.entId })).table1[0]
    expect(detail).toMatchObject({ BeginTime: '18:00', EndTime: '02:00', OpeningHours: '18:00-02:00', DeliveryRange: 3000 })
    const tiers = ok(await server.call('FreightRuleGet', [{ BaseID: bar.baseId }], { entId: bar.entId })).table1
    expect(tiers.map((r: Json) => [r.RuleType, r.UpTo, r.Fee])).toEqual([
      ['distance', '1000', '5'],
      ['distance', '3000', '10']
    ])
    const listed = ok(await server.call('TableListByPage', [{ BaseID: bar.baseId, PageSize: 50 }], { entId: bar.entId })).table1
    expect(listed.map((r: Json) => r.TableName)).toEqual(['Table A01', 'Table A02', 'Table A03', 'Table A04', 'Table A05', 'Table A06', 'Table A07', 'Table A08'])
    const shopParams = Object.fromEntries(ok(await server.call('ShopParamsGet', [{ ShopID: bar.shopId }], { entId: bar.entId })).table1.map((r: Json) => [r.ParmID, r.ParmValue]))
    expect(shopParams).toMatchObject({ BagFee: '2', ShopNotice: 'Open till late' })

    // Payments go to the sandbox by default; the areas are kept.
    expect(await requireFinanceAccount(server.db, bar.entId, bar.shopId)).toMatchObject({ provider: 'sandbox' })
    expect((await listTables(server.db, bar.entId, { baseId: bar.baseId })).every((t) => t.area === 'Floor 1')).toBe(true)
  })

  it('imports a menu for the new shop with `npm run menu:import`, and the goods are listed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-menu-'))
    const names = (en: string, zh: string) => ({ 'zh-CN': zh, 'zh-TW': zh, en })
    const menu = {
      format: 'scanorder-menu/1',
      EntID: bar.entId,
      ShopID: bar.shopId,
      classes: [{ code: 'NOODLES', names: names('Noodles', '麵') }],
      goods: ['Wonton noodles', 'Beef brisket noodles', 'Fish ball noodles', 'Dumpling noodles', 'Pork chop noodles', 'Veggie noodles'].map((en, i) => ({
        code: `N0${i + 1}`,
        class: 'NOODLES',
        names: names(en, `麵 ${i + 1}`),
        unit: names('bowl', '碗'),
        type: 5,
        price: String(38 + i),
        bases: i === 5 ? ['__BASE__'] : undefined
      }))
    }
    const file = path.join(dir, 'noodles.json')
    fs.writeFileSync(file, JSON.stringify(menu).replace('__BASE__', bar.baseId))
    const result = await runCli(server, 'menu-import', file)
    fs.rmSync(dir, { recursive: true, force: true })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`imported the menu of shop ${bar.shopId} (enterprise ${bar.entId}), now version 1`)

    const goods = ok(await server.call('GoodsListByClass', [{ ShopID: bar.shopId, BaseID: bar.baseId, PageSize: 50 }], { entId: bar.entId })).table1
    expect(goods.map((g: Json) => [g.GoodsID, g.GoodsName, g.SalesPrice])).toEqual([
      [`${bar.shopId}.g.N01`, 'Wonton noodles', '38'],
      [`${bar.shopId}.g.N02`, 'Beef brisket noodles', '39'],
      [`${bar.shopId}.g.N03`, 'Fish ball noodles', '40'],
      [`${bar.shopId}.g.N04`, 'Dumpling noodles', '41'],
      [`${bar.shopId}.g.N05`, 'Pork chop noodles', '42'],
      [`${bar.shopId}.g.N06`, 'Veggie noodles', '43']
    ])
  })

  it('changes the enterprise, the branch and the tables, and removes what nothing names', async () => {
    await inTrx(async (trx) => {
      await updateEnterprise(trx, bar.entId, { quantityEditAllowed: true, settings: { MaxLineQuantity: '20' } })
      await saveBranch(trx, bar.entId, { baseId: bar.baseId, hours: { begin: '17:30', end: '01:30' }, weekdays: [2, 3, 4, 5, 6, 7] })
      await renameTable(trx, bar.entId, bar.tables[7].tableId, { code: 'B01', area: 'Terrace' })
      await removeTable(trx, bar.entId, bar.tables[6].tableId)
    })
    const setup = await readEnterpriseSetup(server.db, bar.entId)
    expect(setup).toMatchObject({ quantityEditAllowed: true, settings: { MaxLineQuantity: '20', QuaPoint: '0' }, timeZone: 'Asia/Macau', languages: ['zh-TW', 'en'] })
    const detail = ok(await server.call('ShopBaseDetailGet', [{ BaseID: bar.baseId }], { entId: bar.entId })).table1[0]
    // The hours text followed the new hours (the shop had not written its own).
    expect(detail).toMatchObject({ BeginTime: '17:30', EndTime: '01:30', OpeningHours: '17:30-01:30', Weekday: '2,3,4,5,6,7' })
    const tables = await listTables(server.db, bar.entId, { baseId: bar.baseId })
    expect(tables.map((t) => [t.code, t.names.en, t.area])).toEqual([
      ...['A01', 'A02', 'A03', 'A04', 'A05', 'A06'].map((c) => [c, `Table ${c}`, 'Floor 1']),
      ['B01', 'Table B01', 'Terrace']
    ])
    // The renamed table keeps its printed code; the removed one's code is void.
    expect(ok(await server.call('EntIDGet', [{ QRCode: bar.tables[7].qrCode }], { entId: '' })).table1[0].TableID).toBe(bar.tables[7].tableId)
    expect((await server.call('EntIDGet', [{ QRCode: bar.tables[6].qrCode }], { entId: '' })).body.resultcode).toBe('20002')
    // A07 had nothing: deleted, and the code can be used again.
    const again = await inTrx((trx) => addTablesInBulk(trx, { entId: bar.entId, baseId: bar.baseId, pattern: 'A07', area: 'Floor 1' }))
    expect(again[0].tableId).toBe(bar.tables[6].tableId)
  })

  it('keeps a removed table that an order names, out of service', async () => {
    const [table] = await inTrx((trx) => addTablesInBulk(trx, { entId: bar.entId, baseId: bar.baseId, pattern: ['C01'] }))
    const now = new Date().toISOString()
    await server.db
      .insertInto('table_sheets')
      .values({ sheet_id: `SH-${table.tableId}`, ent_id: bar.entId, shop_id: bar.shopId, base_id: bar.baseId, table_id: table.tableId, status: 0, created_at: now })
      .execute()
    const open = await domainErrorOf(() => inTrx((trx) => removeTable(trx, bar.entId, table.tableId)))
    expect(open.code).toBe('TABLE_IN_USE')
    expect(open.params).toEqual({ table: 'C01' })
    await server.db.updateTable('table_sheets').set({ status: 2, closed_at: now }).where('table_id', '=', table.tableId).execute()
    expect(await inTrx((trx) => removeTable(trx, bar.entId, table.tableId))).toEqual({ tableId: table.tableId, removed: 'retired' })
    expect((await server.call('EntIDGet', [{ QRCode: table.qrCode }], { entId: '' })).body.resultcode).toBe('20002')
    const all = await listTables(server.db, bar.entId, { baseId: bar.baseId, includeRemoved: true })
    expect(all.find((t) => t.tableId === table.tableId)).toMatchObject({ enabled: false, qrCode: '' })
    // C01 again is a new table with an id of its own.
    const [again] = await inTrx((trx) => addTablesInBulk(trx, { entId: bar.entId, baseId: bar.baseId, pattern: 'C01' }))
    expect(again.tableId).not.toBe(table.tableId)
    expect(again.tableId.startsWith(`${table.tableId}-`)).toBe(true)
    // A branch with bills is not removed.
    expect((await domainErrorOf(() => inTrx((trx) => removeBranch(trx, bar.entId, bar.baseId)))).code).toBe('BASE_IN_USE')
  })

  it('saves and lists recharge rules; changing the gifts of a rule that gave some makes a new rule', async () => {
    const gift = { names: { en: '10 off 50', 'zh-TW': '滿 50 減 10' }, value: '10', minAmount: '50', validDays: 30, qua: 1 }
    const first = await inTrx((trx) => saveRechargeRule(trx, bar.entId, { names: { en: 'Top up 100, get 10' }, amount: '100', giftAmount: '10', giftCoupons: [gift] }))
    const second = await inTrx((trx) => saveRechargeRule(trx, bar.entId, { names: { en: 'Top up 300, get 50' }, amount: '300.00', giftAmount: '50', shopId: bar.shopId }))
    expect(await listRechargeRules(server.db, bar.entId)).toEqual([
      { ...first, sort: 1, giftCoupons: [{ ...gift, names: { 'zh-CN': '', 'zh-TW': '滿 50 減 10', en: '10 off 50' } }] },
      { ...second, amount: '300', sort: 2, shopId: bar.shopId, enabled: true }
    ])
    ok(await server.call('RechargeRuleList', [{}], { entId: bar.entId }))
    // The gift became a plan (as the first recharge makes it): new gifts make a new rule.
    await server.db
      .insertInto('coupon_plans')
      .values({ plan_id: 'CP-T1', ent_id: bar.entId, code: `recharge-gift:${first.ruleId}:1`, names: '{}', coupon_type: 1, total_qua: null, claim_from: null, claim_to: null, valid_kind: 1, created_at: '', updated_at: '' })
      .execute()
    const changed = await inTrx((trx) => saveRechargeRule(trx, bar.entId, { ruleId: first.ruleId, giftCoupons: [{ ...gift, value: '15' }] }))
    expect(changed.ruleId).not.toBe(first.ruleId)
    const rules = await listRechargeRules(server.db, bar.entId)
    expect(rules.find((r) => r.ruleId === first.ruleId)?.enabled).toBe(false)
    expect(rules.find((r) => r.ruleId === changed.ruleId)).toMatchObject({ enabled: true, amount: '100', giftCoupons: [{ value: '15' }] })
    // A change of names only stays in place.
    const renamed = await inTrx((trx) => saveRechargeRule(trx, bar.entId, { ruleId: second.ruleId, names: { en: 'Top up 300' } }))
    expect(renamed.ruleId).toBe(second.ruleId)
  })
})

/** Menu picture paths (they name the enterprise's folder) as the hash of the picture's content. */
function withPictureHashes(file: Json, filesDir: string): Json {
  const hash = (p: string) => createHash('sha256').update(fs.readFileSync(path.join(filesDir, p))).digest('hex')
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk)
    if (!node || typeof node !== 'object') return node
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, k === 'image' && typeof v === 'string' ? hash(v) : k === 'images' && Array.isArray(v) ? v.map((p) => hash(p as string)) : walk(v)])
    )
  }
  return { ...file, shops: file.shops.map((shop: Json) => ({ ...shop, menu: walk(shop.menu) })) }
}

describe('the setup file', () => {
  let demo: SetupFile
  let copyEntId = ''

  it('exports the demo enterprise without its codes, and imports it as a new enterprise that exports the same', async () => {
    demo = await exportSetup(server.db, 'E1001')
    const text = JSON.stringify(demo)
    expect(text).not.toMatch(/QR-[A-Z]\d+-/)
    expect(demo.format).toBe(SETUP_FORMAT)
    expect(demo.shops.map((s) => [s.code, s.branches.map((b) => [b.code, b.hours, (b.tables ?? []).length])])).toEqual([
      ['101', [['201', { begin: '08:00', end: '22:00' }, 6], ['202', { begin: '07:00', end: '21:00' }, 2]]],
      ['102', [['203', { begin: '18:00', end: '02:00' }, 4]]]
    ])
    expect(demo.shops.every((s) => s.menu && s.menu.goods.length > 0)).toBe(true)
    expect(demo.rechargeRules).toHaveLength(3)

    // Through text, as a file on disk would come.
    const summary = await inTrx((trx) => importSetup(trx, JSON.parse(text), { mode: 'new-enterprise', filesDir: server.config.filesDir }))
    copyEntId = summary.entId
    expect(summary).toMatchObject({ tables: 12, rechargeRules: 3 })
    expect(summary.shops.map((s) => [s.code, s.menuVersion])).toEqual([
      ['101', 1],
      ['102', 1]
    ])
    const again = await exportSetup(server.db, copyEntId)
    expect(withPictureHashes(again, server.config.filesDir)).toEqual(withPictureHashes(demo, server.config.filesDir))

    // The copy's tables have codes of their own, and a diner's scan finds the copy.
    const demoCodes = new Set((await listTables(server.db, 'E1001')).map((t) => t.qrCode))
    const copyTables = await listTables(server.db, copyEntId)
    expect(copyTables).toHaveLength(12)
    for (const t of copyTables) expect(demoCodes.has(t.qrCode)).toBe(false)
    const night = copyTables.find((t) => t.code === 'N01')!
    expect(ok(await server.call('EntIDGet', [{ QRCode: night.qrCode }], { entId: '' })).table1[0]).toMatchObject({ EntID: copyEntId, TableID: night.tableId })
    const copiedShop = summary.shops[0].shopId
    const goods = ok(await server.call('GoodsListByClass', [{ ShopID: copiedShop, BaseID: summary.shops[0].branches[0].baseId, PageSize: 5 }], { entId: copyEntId })).table1
    expect(goods.length).toBeGreaterThan(0)
    expect(goods[0].GoodsID.startsWith(`${copiedShop}.g.`)).toBe(true)
  })

  it('keeps the codes only when asked, and never takes another enterprise’s', async () => {
    const withCodes = await exportSetup(server.db, 'E1001', { keepCodes: true, menus: false })
    expect(withCodes.shops[0].counterCode).toBe('QR-S101')
    expect(withCodes.shops[0].branches[0].tables?.[0].qrCode).toMatch(/^QR-A01-[A-Za-z0-9_-]{22}$/)
    const problems = await problemsOf(() => inTrx((trx) => importSetup(trx, withCodes, { mode: 'new-enterprise', keepCodes: true })))
    expect(problems).toContain('shops[0] "101" counterCode: "QR-S101" has no random token (a kept code ends in "-" and 22 random characters)')
    expect(problems).toContain('table shops[0] "101" branches[0] "201" tables[0] "A01" qrCode: the code is in use by another enterprise\'s shop or table')
  })

  it("'replace' makes an enterprise like the file, keeping the tables it matches and their codes", async () => {
    const before = await listTables(server.db, copyEntId)
    const file: Json = await exportSetup(server.db, copyEntId, { menus: false })
    const taipa = file.shops[0].branches[1]
    taipa.hours = { begin: '06:30', end: '23:00' }
    taipa.tables = [{ code: 'T01', area: 'Ground floor' }, { code: 'T03' }]
    file.shops = [file.shops[0]]
    file.rechargeRules = [{ ...file.rechargeRules[0], giftAmount: '12' }]
    await inTrx((trx) => importSetup(trx, file, { mode: 'replace', entId: copyEntId }))
    const after = await exportSetup(server.db, copyEntId, { menus: false })
    expect(after.shops.map((s) => [s.code, s.enabled])).toEqual([
      ['101', true],
      ['102', false]
    ])
    expect(after.shops[0].branches[1]).toMatchObject({ hours: { begin: '06:30', end: '23:00' }, openingHoursText: '07:00-21:00' })
    // By area, then code.
    expect(after.shops[0].branches[1].tables).toEqual([
      { code: 'T03', area: '' },
      { code: 'T01', area: 'Ground floor' }
    ])
    const t01Before = before.find((t) => t.code === 'T01')!
    const tables = await listTables(server.db, copyEntId)
    expect(tables.find((t) => t.code === 'T01')).toMatchObject({ tableId: t01Before.tableId, qrCode: t01Before.qrCode })
    expect(tables.some((t) => t.code === 'T02')).toBe(false)
    const rules = await listRechargeRules(server.db, copyEntId)
    expect(rules.filter((r) => r.enabled).map((r) => [r.amount, r.giftAmount])).toEqual([['100', '12']])

    // A replaced menu: a new version, and open menus are told to read it again.
    const withMenu: Json = await exportSetup(server.db, copyEntId)
    withMenu.shops[0].menu.goods[0].salesPrice = '1'
    delete withMenu.shops[1].menu
    const replaced = await inTrx((trx) => importSetup(trx, withMenu, { mode: 'replace', entId: copyEntId, filesDir: server.config.filesDir }))
    // A shop without a menu in the file keeps its menu.
    expect(replaced.shops.map((s) => s.menuVersion)).toEqual([2, null])
    expect((await exportSetup(server.db, copyEntId)).shops[1].menu).toBeDefined()
    const { events } = await readEvents(server.db, { entId: copyEntId, afterId: 0, limit: 100 })
    expect(events.map((e) => [e.kind, e.shopId, e.payload])).toEqual([['menu.changed', replaced.shops[0].shopId, { version: 2 }]])
  })

  it('imports the example of docs/setup.md', async () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'setup.md'), 'utf8')
    const example = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(doc)![1])
    const summary = await inTrx((trx) => importSetup(trx, example, { mode: 'new-enterprise' }))
    expect(summary).toMatchObject({ tables: 3, rechargeRules: 1, shops: [{ code: '101', menuVersion: 1, branches: [{ code: '201', tables: 3 }] }] })
    const vip = (await listTables(server.db, summary.entId)).find((t) => t.code === 'VIP')!
    expect(vip).toMatchObject({ area: 'Floor 2', names: { en: 'Private room' } })
    expect(ok(await server.call('EntIDGet', [{ QRCode: vip.qrCode }], { entId: '' })).table1[0]).toMatchObject({ EntID: summary.entId, TableID: vip.tableId })
  })

  it('refuses a bad file whole, naming every problem by its place', async () => {
    const bad: Json = JSON.parse(JSON.stringify(demo))
    bad.shops[0].branches[0].hours.begin = '8:00'
    bad.shops[0].branches[0].deliveryFees[2].upTo = '2000'
    bad.shops[0].branches[1].code = '201'
    bad.shops[1].branches[0].tables[1].code = 'N01'
    bad.shops[1].salesPrice = '1'
    bad.shops[0].params = { BagFee: '3' }
    bad.rechargeRules[0].shop = '999'
    const shape = await problemsOf(() => inTrx((trx) => importSetup(trx, bad, { mode: 'new-enterprise' })))
    expect(shape).toEqual(['shops[0] "101" branches[0] "201" hours.begin: bad time: must be "HH:mm" from "00:00" to "23:59"', 'shops[1] "102" salesPrice: unknown field'])
    bad.shops[0].branches[0].hours.begin = '08:00'
    delete bad.shops[1].salesPrice
    const enterprises = await server.db.selectFrom('enterprises').select('ent_id').execute()
    const refs = await problemsOf(() => inTrx((trx) => importSetup(trx, bad, { mode: 'new-enterprise' })))
    expect(refs).toEqual([
      'shops[0] "101" params.BagFee: set with the field "bagFee", not as a param',
      'shops[0] "101" branches[0] "201" deliveryFees[2].upTo: "distance" tiers must go up: 2000 is not above the tier before it (3000)',
      'shops[0] "101" branches[1] "201" code: duplicate branch code "201" (also shops[0] "101" branches[0] "201"): branch codes are unique in the enterprise',
      'shops[1] "102" branches[0] "203" tables[1] "N01" code: duplicate table code "N01" (also tables[0])',
      'rechargeRules[0].shop: no shop "999" in this file'
    ])
    // A menu problem comes from the menu importer, under its shop; nothing of the file stays.
    const menuBad: Json = JSON.parse(JSON.stringify(demo))
    menuBad.shops[1].menu.goods[0].price = 12
    const menu = await problemsOf(() => inTrx((trx) => importSetup(trx, menuBad, { mode: 'new-enterprise', filesDir: server.config.filesDir })))
    expect(menu).toEqual([`shops[1] "102" menu goods[0] "${menuBad.shops[1].menu.goods[0].code}" price: must be a decimal string such as "12.5", got the number 12`])
    expect(await server.db.selectFrom('enterprises').select('ent_id').execute()).toEqual(enterprises)
    expect(await problemsOf(() => inTrx((trx) => importSetup(trx, { format: 'scanorder-menu/1' }, { mode: 'new-enterprise' })))).toEqual([
      'format: must be "scanorder-setup/1"',
      'enterprise: is required',
      'shops: is required'
    ])
  })
})

describe('bad input', () => {
  it('names the field of every problem', async () => {
    expect(
      await problemsOf(() => inTrx((trx) => createEnterprise(trx, { names: {}, currency: '', timeZone: 'Mars/Olympus', languages: ['en', 'en'], settings: { TimeZone: 'UTC' } } as Json)))
    ).toEqual([
      'names: must give a name in at least one language',
      'currency: must not be empty',
      'timeZone: unknown time zone "Mars/Olympus": use an IANA name such as "Asia/Macau"',
      'languages: must not name a language twice'
    ])
    expect(await problemsOf(() => inTrx((trx) => createEnterprise(trx, { names: { en: 'X' }, currency: '$', timeZone: 'UTC', settings: { TimeZone: 'UTC' } })))).toEqual([
      'settings.TimeZone: set with the field "timeZone", not as a param'
    ])
    expect(
      await problemsOf(() =>
        inTrx((trx) =>
          saveBranch(trx, bar.entId, {
            shopId: bar.shopId,
            names: { en: 'Late' },
            hours: { begin: '25:00', end: '02:00' },
            weekdays: [0],
            deliveryFees: [
              { by: 'amount', upTo: '100', fee: '5' },
              { by: 'amount', upTo: '50', fee: 'free' }
            ]
          } as Json)
        )
      )
    ).toEqual([
      'hours.begin: bad time: must be "HH:mm" from "00:00" to "23:59"',
      'weekdays[0]: must be at least 1',
      'deliveryFees[1].fee: bad decimal "free": write digits with at most 8 decimals, such as "12.5"'
    ])
    expect(await problemsOf(() => inTrx((trx) => saveBranch(trx, bar.entId, { shopId: bar.shopId, names: { en: 'Late' } })))).toEqual(['hours: is required for a new branch'])
    expect(await problemsOf(() => inTrx((trx) => saveShop(trx, bar.entId, { address: 'x' })))).toEqual(['names: is required for a new shop'])
  })

  it('reads table patterns and refuses bad ones', async () => {
    expect(parseTablePattern('A01-A03')).toEqual(['A01', 'A02', 'A03'])
    expect(parseTablePattern('A8 – A10')).toEqual(['A8', 'A9', 'A10'])
    expect(parseTablePattern('1-3, VIP-1、B01～B02')).toEqual(['1', '2', '3', 'VIP-1', 'B01', 'B02'])
    expect(parseTablePattern(['T1', 'T2'])).toEqual(['T1', 'T2'])
    expect(await problemsOf(async () => parseTablePattern('A10-A01'))).toEqual(['pattern: "A10-A01" ends before it starts'])
    expect(await problemsOf(async () => parseTablePattern('A01–B05'))).toEqual(['pattern: the ends of "A01–B05" must share their letters ("A")'])
    expect(await problemsOf(async () => parseTablePattern('A01-A03, A02'))).toEqual(['pattern: names A02 twice'])
    expect(await problemsOf(async () => parseTablePattern('A1-A999'))).toEqual(['pattern: "A1-A999" makes more than 500 tables'])
    expect(await problemsOf(async () => parseTablePattern('桌 1'))).toEqual(['pattern: bad table code "桌": use 1–16 letters, digits, "_" or "-"'])
  })

  it('refuses codes that are taken, with the codes', async () => {
    const taken = await domainErrorOf(() => inTrx((trx) => addTablesInBulk(trx, { entId: bar.entId, baseId: bar.baseId, pattern: 'A05–A10' })))
    expect(taken.code).toBe('TABLE_CODE_TAKEN')
    expect(taken.resultcode).toBe('21101')
    expect(taken.params).toEqual({ codes: 'A05, A06, A07' })
    expect((await listTables(server.db, bar.entId, { baseId: bar.baseId })).some((t) => t.code === 'A09')).toBe(false)
    const shop = await domainErrorOf(() => inTrx((trx) => saveShop(trx, bar.entId, { code: '101', names: { en: 'Second' } })))
    expect([shop.code, shop.params]).toEqual(['SHOP_CODE_TAKEN', { code: '101' }])
    // Another enterprise's branch is not found.
    expect((await domainErrorOf(() => inTrx((trx) => addTablesInBulk(trx, { entId: bar.entId, baseId: 'B201', pattern: 'Z1' })))).code).toBe('BASE_NOT_FOUND')
    expect((await domainErrorOf(() => inTrx((trx) => removeTable(trx, bar.entId, 'B201-A01')))).code).toBe('TABLE_NOT_FOUND')
  })
})

