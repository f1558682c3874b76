/**
 * The console's setup operations (issue 23): the enterprise, shops and branches, the shop page
 * config, recharge rules, renaming and removing tables, the setup file's export and import, and
 * the table-bill rule about lowering what went to the kitchen; scope per role, audit entries,
 * problems by field. Through the real gateway on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { listTableCodes, rotateTableCode } from '../../server/src/domain/entry/table-codes'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { B201, clientLine, device, openAllDay, requestKey } from './helpers/order-fixtures'
import { newPhone, ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { tableCode } from './helpers/table-codes'
import { createTestServer, ok, type GatewayResult, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
}, 60_000)
afterAll(() => server?.close())

const codes = (res: GatewayResult) => `${res.body.errcode}/${res.body.resultcode}`
const as = (who: StaffSession) => ({ entId: who.entId, headers: who.headers })

async function auditActions(entId: string, action: string) {
  return server.db.selectFrom('audit_log').selectAll().where('ent_id', '=', entId).where('action', '=', action).orderBy('audit_id').execute()
}

/** A new restaurant with its own owner (nothing of the demo's changes). */
async function newRestaurant(): Promise<StaffSession> {
  const { token } = await createSetupLink(server.db, new Date())
  const row = ok(
    await server.call(
      'StaffSetupComplete',
      [{ SetupToken: token, OwnerName: 'Ming', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '阿明面家', 'zh-TW': '阿明麵家', en: 'Ming Noodles' }, Currency: 'MOP$', TimeZone: 'Asia/Macau', Languages: 'zh-TW,en', Locale: 'en' }],
      { entId: '' }
    )
  ).table1[0]
  return { staffId: row.StaffID, entId: row.EntID, token: row.Token, role: 'owner', headers: { authorization: `Bearer ${row.Token}` } }
}

describe('the enterprise', () => {
  test('a new enterprise reads with its defaults: quantities not editable, what went to the kitchen not lowered', async () => {
    const ming = await newRestaurant()
    const row = ok(await server.call('EnterpriseGet', [{}], as(ming))).table1[0]
    expect(row).toMatchObject({ entId: ming.entId, currency: 'MOP$', timeZone: 'Asia/Macau', languages: ['zh-TW', 'en'], quantityEditAllowed: false, lowerSentAllowed: false, amoPoint: 2 })
    expect(row.names.en).toBe('Ming Noodles')
  })

  test('an update changes what is given, is audited with before and after, and a refused one lists every problem by its field', async () => {
    const ming = await newRestaurant()
    const changed = ok(
      await server.call('EnterpriseUpdate', [{ Changes: { currency: 'HK$', quantityEditAllowed: true, settings: { MaxLineQuantity: '20' } }, Reason: 'opening' }], as(ming))
    ).table1[0]
    expect(changed).toMatchObject({ currency: 'HK$', quantityEditAllowed: true, lowerSentAllowed: false, settings: expect.objectContaining({ MaxLineQuantity: '20' }) })
    const [entry] = await auditActions(ming.entId, 'enterprise.update')
    expect(entry.reason).toBe('opening')
    expect(JSON.parse(entry.detail)).toEqual({ before: { currency: 'MOP$', quantityEditAllowed: false, settings: expect.any(Object) }, after: { currency: 'HK$', quantityEditAllowed: true, settings: expect.objectContaining({ MaxLineQuantity: '20' }) } })

    const refused = await server.call('EnterpriseUpdate', [{ Changes: { timeZone: 'Mars/Olympus', amoPoint: 12, languages: [] }, Reason: '' }], { ...as(ming), lang: 'en' })
    expect(codes(refused)).toBe(`0/${RESULTCODES.SETUP_INVALID}`)
    const problems = refused.body.data.table1.map((r: { Problem: string }) => r.Problem)
    expect(problems).toHaveLength(3)
    expect(problems.join('\n')).toMatch(/timeZone: unknown time zone "Mars\/Olympus"/)
    expect(problems.join('\n')).toMatch(/amoPoint: must be at most 8/)
    expect(problems.join('\n')).toMatch(/languages: must name at least one language/)
    // The message says them all too, numbered, in the caller's language.
    expect(refused.body.resultmsg).toMatch(/^The setup was not saved: 1\. .*\n2\. .*\n3\. /s)
    const zh = await server.call('EnterpriseUpdate', [{ Changes: { timeZone: 'Mars/Olympus' }, Reason: '' }], { ...as(ming), lang: 'zh-TW' })
    expect(zh.body.resultmsg).toMatch(/^設定未儲存：timeZone: unknown time zone/)
    // Nothing was written by the refused ones.
    expect(ok(await server.call('EnterpriseGet', [{}], as(ming))).table1[0].timeZone).toBe('Asia/Macau')
  })

  test('only the owner: a manager is refused (10013); reserved settings go through their field', async () => {
    const manager = await personWithRole(server, owner, 'manager')
    expect(codes(await server.call('EnterpriseGet', [{}], as(manager)))).toBe('10013/')
    expect(codes(await server.call('EnterpriseUpdate', [{ Changes: { currency: '$' }, Reason: '' }], as(manager)))).toBe('10013/')
    const ming = await newRestaurant()
    const res = await server.call('EnterpriseUpdate', [{ Changes: { settings: { CYSheetSentQuaLower: '1' } }, Reason: '' }], as(ming))
    expect(res.body.data.table1[0].Problem).toBe('settings.CYSheetSentQuaLower: set with the field "lowerSentAllowed", not as a param')
  })
})

describe('shops and branches', () => {
  test('the owner adds a shop and a branch open past midnight with delivery tiers; diners find them; all audited', async () => {
    const ming = await newRestaurant()
    const shop = ok(
      await server.call('ShopSave', [{ ShopID: '', Shop: { names: { 'zh-TW': '阿明麵家', en: 'Ming Noodles' }, bagFee: '1', notice: 'Open till 2', pageConfig: 'notice, order,language, recommended' }, Reason: 'opening' }], as(ming))
    ).table1[0]
    expect(shop).toMatchObject({ code: '101', bagFee: '1', notice: 'Open till 2', pageConfig: 'notice,order,language,recommended', enabled: true })
    expect(shop.counterCode).toMatch(/^QR-S101-[A-Za-z0-9_-]{22}$/)
    const branch = ok(
      await server.call(
        'BranchSave',
        [
          {
            BaseID: '',
            ShopID: shop.shopId,
            Branch: {
              names: { en: 'Ming Noodles (Rua dos Mercadores)' },
              address: 'Rua dos Mercadores 8',
              lat: 22.1975,
              lng: 113.5389,
              hours: { begin: '18:00', end: '02:00' },
              weekdays: [2, 3, 4, 5, 6, 7],
              services: 'all',
              tableService: 'dinein',
              cookingTimeDuration: 10,
              deliveryRange: 3000,
              deliveryFees: [
                { by: 'distance', upTo: '1000', fee: '5' },
                { by: 'distance', upTo: '3000', fee: '10' }
              ]
            },
            Reason: ''
          }
        ],
        as(ming)
      )
    ).table1[0]
    expect(branch).toMatchObject({ code: '201', hours: { begin: '18:00', end: '02:00' }, openingHoursText: '18:00-02:00', weekdays: [2, 3, 4, 5, 6, 7], deliveryRange: 3000 })
    const list = ok(await server.call('ShopList', [{}], as(ming)))
    expect(list.table1.map((s: { shopId: string }) => s.shopId)).toEqual([shop.shopId])
    expect(list.table2.map((b: { baseId: string }) => b.baseId)).toEqual([branch.baseId])
    // The diner's side: the counter code finds the shop and its one branch; the params carry the page config.
    const entry = ok(await server.call('EntIDGet', [{ QRCode: shop.counterCode }], { entId: '' })).table1[0]
    expect(entry).toMatchObject({ EntID: ming.entId, ShopID: shop.shopId, BaseID: branch.baseId })
    const params = ok(await server.call('ShopParamsGet', [{ ShopID: shop.shopId }], { entId: ming.entId })).table1
    expect(Object.fromEntries(params.map((p: { ParmID: string; ParmValue: string }) => [p.ParmID, p.ParmValue]))).toMatchObject({ ShopPageConfig: 'notice,order,language,recommended', ShopNotice: 'Open till 2' })
    expect((await auditActions(ming.entId, 'shop.save')).map((a) => a.target_id)).toEqual([shop.shopId])
    expect((await auditActions(ming.entId, 'branch.save')).map((a) => a.target_id)).toEqual([branch.baseId])

    // A change: only what changed is in the entry; '' for the page config goes back to the default Home.
    ok(await server.call('ShopSave', [{ ShopID: shop.shopId, Shop: { pageConfig: '' }, Reason: 'default home' }], as(ming)))
    const params2 = ok(await server.call('ShopParamsGet', [{ ShopID: shop.shopId }], { entId: ming.entId })).table1
    expect(params2.map((p: { ParmID: string }) => p.ParmID)).not.toContain('ShopPageConfig')
    const entries = await auditActions(ming.entId, 'shop.save')
    expect(JSON.parse(entries[1].detail)).toEqual({ before: { pageConfig: 'notice,order,language,recommended' }, after: {} })
  })

  test('bad input names each field: hours, tiers, an unknown Home section, the language switch left out', async () => {
    const ming = await newRestaurant()
    const shopRes = await server.call('ShopSave', [{ ShopID: '', Shop: { names: { en: 'X' }, pageConfig: 'order,banner,order' }, Reason: '' }], as(ming))
    expect(codes(shopRes)).toBe(`0/${RESULTCODES.SETUP_INVALID}`)
    expect(shopRes.body.data.table1.map((r: { Problem: string }) => r.Problem)).toEqual([
      'pageConfig: unknown section "banner": use notice, order, byNumber, links, language, recommended',
      'pageConfig: names "order" twice',
      'pageConfig: must show "language": diners choose their language on Home'
    ])
    const shop = ok(await server.call('ShopSave', [{ ShopID: '', Shop: { names: { en: 'X' } }, Reason: '' }], as(ming))).table1[0]
    const branch = (Branch: Record<string, unknown>) => server.call('BranchSave', [{ BaseID: '', ShopID: shop.shopId, Branch: { names: { en: 'X' }, ...Branch }, Reason: '' }], as(ming))
    const res = await branch({ hours: { begin: '25:00', end: '2' }, weekdays: [1, 1], lat: 91 })
    expect(codes(res)).toBe(`0/${RESULTCODES.SETUP_INVALID}`)
    expect(res.body.data.table1.map((r: { Problem: string }) => r.Problem)).toEqual([
      'lat: must be from -90 to 90',
      'hours.begin: bad time: must be "HH:mm" from "00:00" to "23:59"',
      'hours.end: bad time: must be "HH:mm" from "00:00" to "23:59"',
      'weekdays: must not name a day twice'
    ])
    const tiers = await branch({ hours: { begin: '18:00', end: '02:00' }, deliveryFees: [{ by: 'distance', upTo: '3000', fee: '5' }, { by: 'distance', upTo: '1000', fee: '9' }] })
    expect(tiers.body.data.table1.map((r: { Problem: string }) => r.Problem)).toEqual(['deliveryFees[1].upTo: "distance" tiers must go up: 1000 is not above the tier before it (3000)'])
    expect(ok(await server.call('ShopList', [{}], as(ming))).table2).toEqual([])
  })

  test('scope: a manager of one shop cannot add a shop or touch another; a manager of one branch changes it only; money accounts are the owner’s', async () => {
    const s101 = await personWithRole(server, owner, 'manager', { shopIds: 'S101' })
    expect(codes(await server.call('ShopSave', [{ ShopID: '', Shop: { names: { en: 'Mine' } }, Reason: '' }], as(s101)))).toBe('10013/')
    expect(codes(await server.call('ShopSave', [{ ShopID: 'S102', Shop: { notice: 'x' }, Reason: '' }], as(s101)))).toBe('10013/')
    expect(codes(await server.call('ShopSave', [{ ShopID: 'S101', Shop: { financeAccount: null }, Reason: '' }], as(s101)))).toBe('10013/')
    const list = ok(await server.call('ShopList', [{}], as(s101)))
    expect(list.table1.map((s: { shopId: string }) => s.shopId)).toEqual(['S101'])
    expect(new Set(list.table2.map((b: { shopId: string }) => b.shopId))).toEqual(new Set(['S101']))

    const b201 = await personWithRole(server, owner, 'manager', { shopIds: 'S101', baseIds: 'B201' })
    const changed = ok(await server.call('BranchSave', [{ BaseID: 'B201', ShopID: '', Branch: { phone: '+853 2835 0000' }, Reason: '' }], as(b201))).table1[0]
    expect(changed.phone).toBe('+853 2835 0000')
    expect(codes(await server.call('BranchSave', [{ BaseID: 'B202', ShopID: '', Branch: { phone: '1' }, Reason: '' }], as(b201)))).toBe('10013/')
    expect(codes(await server.call('BranchSave', [{ BaseID: '', ShopID: 'S101', Branch: { names: { en: 'New' }, hours: { begin: '08:00', end: '20:00' } }, Reason: '' }], as(b201)))).toBe('10013/')
    expect(codes(await server.call('ShopSave', [{ ShopID: 'S101', Shop: { notice: 'x' }, Reason: '' }], as(b201)))).toBe('10013/')
    // Another enterprise's shop or branch is not found for an owner either.
    const ming = await newRestaurant()
    expect(codes(await server.call('ShopSave', [{ ShopID: 'S101', Shop: { notice: 'x' }, Reason: '' }], as(ming)))).toBe(`0/${RESULTCODES.SHOP_NOT_FOUND}`)
    expect(codes(await server.call('BranchSave', [{ BaseID: 'B201', ShopID: '', Branch: { phone: '1' }, Reason: '' }], as(ming)))).toBe(`0/${RESULTCODES.BASE_NOT_FOUND}`)
    expect(codes(await server.call('BranchRemove', [{ BaseID: 'B201', Reason: '' }], as(ming)))).toBe(`0/${RESULTCODES.BASE_NOT_FOUND}`)
  })

  test('removing a branch: refused while it has orders (21105); an empty one goes with its tables, audited', async () => {
    expect(codes(await server.call('BranchRemove', [{ BaseID: 'B201', Reason: 'no' }], as(owner)))).toBe(`0/${RESULTCODES.BASE_IN_USE}`)
    const ming = await newRestaurant()
    const shop = ok(await server.call('ShopSave', [{ ShopID: '', Shop: { names: { en: 'X' } }, Reason: '' }], as(ming))).table1[0]
    const branch = ok(await server.call('BranchSave', [{ BaseID: '', ShopID: shop.shopId, Branch: { names: { en: 'X' }, hours: { begin: '08:00', end: '20:00' } }, Reason: '' }], as(ming))).table1[0]
    const tables = ok(await server.call('TablesAdd', [{ BaseID: branch.baseId, Pattern: 'A01-A03', Area: '' }], as(ming))).table1
    ok(await server.call('BranchRemove', [{ BaseID: branch.baseId, Reason: 'moved' }], as(ming)))
    expect(ok(await server.call('ShopList', [{}], as(ming))).table2).toEqual([])
    const qr = new URL(tables[0].EntryUrl).searchParams.get('QRCode')
    expect(codes(await server.call('EntIDGet', [{ QRCode: qr }], { entId: '' }))).toBe(`0/${RESULTCODES.QR_CODE_INVALID}`)
    const [entry] = await auditActions(ming.entId, 'branch.remove')
    expect(entry).toMatchObject({ target_id: branch.baseId, reason: 'moved' })
  })
})

describe('recharge rules', () => {
  test('add, change, list; a rule of every shop needs every shop; audited', async () => {
    const ming = await newRestaurant()
    const rule = ok(await server.call('StaffRechargeRuleSave', [{ RuleID: '', Rule: { names: { en: 'Top up 100, get 10' }, amount: '100', giftAmount: '10' }, Reason: '' }], as(ming))).table1[0]
    expect(rule).toMatchObject({ amount: '100', giftAmount: '10', shopId: '', enabled: true })
    const changed = ok(await server.call('StaffRechargeRuleSave', [{ RuleID: rule.ruleId, Rule: { giftAmount: '12', enabled: false }, Reason: 'spring' }], as(ming))).table1[0]
    expect(changed).toMatchObject({ ruleId: rule.ruleId, giftAmount: '12', enabled: false })
    expect(ok(await server.call('StaffRechargeRuleList', [{}], as(ming))).table1).toHaveLength(1)
    const entries = await auditActions(ming.entId, 'recharge.rule.save')
    expect(JSON.parse(entries[1].detail)).toEqual({ before: { giftAmount: '10', enabled: true }, after: { giftAmount: '12', enabled: false } })

    const s101 = await personWithRole(server, owner, 'manager', { shopIds: 'S101' })
    expect(codes(await server.call('StaffRechargeRuleSave', [{ RuleID: '', Rule: { names: { en: 'x' }, amount: '50' }, Reason: '' }], as(s101)))).toBe('10013/')
    const own = ok(await server.call('StaffRechargeRuleSave', [{ RuleID: '', Rule: { names: { en: 'S101 only' }, amount: '50', shopId: 'S101' }, Reason: '' }], as(s101))).table1[0]
    expect(own.shopId).toBe('S101')
    expect(codes(await server.call('StaffRechargeRuleSave', [{ RuleID: own.ruleId, Rule: { shopId: 'S102' }, Reason: '' }], as(s101)))).toBe('10013/')
    const demoRules = ok(await server.call('StaffRechargeRuleList', [{}], as(s101))).table1 as { shopId: string }[]
    expect(demoRules.every((r) => r.shopId === '' || r.shopId === 'S101')).toBe(true)
    expect(codes(await server.call('StaffRechargeRuleSave', [{ RuleID: rule.ruleId, Rule: {}, Reason: '' }], as(owner)))).toBe(`0/${RESULTCODES.RECHARGE_RULE_NOT_FOUND}`)
  })
})

describe('tables: rename and remove', () => {
  test('rename keeps the code working; a removed table (kept for its orders) is gone from every list, lookup and rotation', async () => {
    const added = ok(await server.call('TablesAdd', [{ BaseID: B201, Pattern: 'Z01-Z02', Area: 'Terrace' }], as(owner))).table1
    const [z01, z02] = added
    const QRCode = new URL(z01.EntryUrl).searchParams.get('QRCode') as string
    const renamed = ok(await server.call('TableRename', [{ TableID: z01.TableID, Table: { code: 'Y01', area: 'Garden' }, Reason: 'moved' }], as(owner))).table1[0]
    expect(renamed).toMatchObject({ Code: 'Y01', Area: 'Garden', Names: { en: 'Table Y01' }, EntryUrl: z01.EntryUrl })
    expect(ok(await server.call('EntIDGet', [{ QRCode }], { entId: '' })).table1[0]).toMatchObject({ TableID: z01.TableID })
    expect(JSON.parse((await auditActions('E1001', 'table.rename'))[0].detail)).toMatchObject({ before: { code: 'Z01', area: 'Terrace' }, after: { code: 'Y01', area: 'Garden' } })

    // Z01 gets a history: a round, whose sheet is then closed.
    const diner = device()
    const tea = await clientLine(server, { code: 'H03', qua: '1' })
    const placed = ok(
      await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: z01.TableID, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [tea.input] }], { headers: diner.headers })
    )
    expect(codes(await server.call('TableRemove', [{ TableID: z01.TableID, Reason: '' }], as(owner)))).toBe(`0/${RESULTCODES.TABLE_IN_USE}`)
    await server.db.updateTable('table_sheets').set({ status: ORDER_STATUS.CANCELLED }).where('sheet_id', '=', placed.table1[0].SheetID).execute()

    expect(ok(await server.call('TableRemove', [{ TableID: z01.TableID, Reason: 'broken' }], as(owner))).table1[0]).toEqual({ TableID: z01.TableID, Removed: 'retired' })
    expect(ok(await server.call('TableRemove', [{ TableID: z02.TableID, Reason: '' }], as(owner))).table1[0]).toEqual({ TableID: z02.TableID, Removed: 'deleted' })
    const kept = await server.db.selectFrom('dining_tables').select(['is_enable', 'qr_code']).where('table_id', '=', z01.TableID).executeTakeFirstOrThrow()
    expect(kept).toEqual({ is_enable: 0, qr_code: null })

    // Gone for diners: choosing by hand, Home's count, EntIDGet by TableID or by its old code, a new round.
    const byHand = ok(await server.call('TableListByPage', [{ BaseID: B201, PageIndex: 1, PageSize: 500 }])).table1.map((t: { TableID: string }) => t.TableID)
    expect(byHand).not.toContain(z01.TableID)
    expect(byHand).toContain('B201-A01')
    const total = Number(ok(await server.call('TableListByPage', [{ BaseID: B201, PageIndex: 1, PageSize: 500 }])).table2[0].Total)
    expect(total).toBe(byHand.length)
    expect(codes(await server.call('EntIDGet', [{ TableID: z01.TableID }], { entId: '' }))).toBe(`0/${RESULTCODES.TABLE_NOT_FOUND}`)
    expect(codes(await server.call('EntIDGet', [{ QRCode }], { entId: '' }))).toBe(`0/${RESULTCODES.QR_CODE_INVALID}`)
    const again = await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: z01.TableID, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [tea.input] }], { headers: device().headers })
    expect(codes(again)).not.toBe('0/0')
    // Gone for the shop: the staff list, the CLI's list, rotation by id.
    const staffList = ok(await server.call('StaffTableList', [{ ShopID: 'S101', BaseID: B201 }], as(owner))).table1.map((t: { TableID: string }) => t.TableID)
    expect(staffList).not.toContain(z01.TableID)
    expect((await listTableCodes(server.db, 'E1001')).map((t) => t.tableId)).not.toContain(z01.TableID)
    await expect(rotateTableCode(server.db, z01.TableID)).rejects.toMatchObject({ code: 'TABLE_NOT_FOUND' })
    expect(codes(await server.call('TableRotate', [{ TableID: z01.TableID, Reason: '' }], as(owner)))).toBe(`0/${RESULTCODES.TABLE_NOT_FOUND}`)
    expect(codes(await server.call('TableRename', [{ TableID: z01.TableID, Table: { code: 'Q1' }, Reason: '' }], as(owner)))).toBe(`0/${RESULTCODES.TABLE_NOT_FOUND}`)
    // The past round still names its table.
    const round = await server.db.selectFrom('orders').select('table_id').where('order_id', '=', placed.table2[0].SheetID).executeTakeFirstOrThrow()
    expect(round.table_id).toBe(z01.TableID)
    const removals = await auditActions('E1001', 'table.remove')
    expect(removals.map((a) => [a.target_id, JSON.parse(a.detail).removed])).toEqual([
      [z01.TableID, 'retired'],
      [z02.TableID, 'deleted']
    ])
  }, 60_000)

  test("outside the caller's branches a table is not found", async () => {
    const b202 = await personWithRole(server, owner, 'manager', { shopIds: 'S101', baseIds: 'B202' })
    expect(codes(await server.call('TableRename', [{ TableID: 'B201-A02', Table: { area: 'x' }, Reason: '' }], as(b202)))).toBe(`0/${RESULTCODES.TABLE_NOT_FOUND}`)
    expect(codes(await server.call('TableRemove', [{ TableID: 'B201-A02', Reason: '' }], as(b202)))).toBe(`0/${RESULTCODES.TABLE_NOT_FOUND}`)
  })
})

describe('the setup file from the console', () => {
  test('export (owner), change, import as replace: the restaurant follows the file; codes kept; audited', async () => {
    const ming = await newRestaurant()
    const shop = ok(await server.call('ShopSave', [{ ShopID: '', Shop: { names: { en: 'Ming' }, pageConfig: 'recommended,language' }, Reason: '' }], as(ming))).table1[0]
    const branch = ok(await server.call('BranchSave', [{ BaseID: '', ShopID: shop.shopId, Branch: { names: { en: 'Ming 1' }, hours: { begin: '18:00', end: '02:00' } }, Reason: '' }], as(ming))).table1[0]
    const [a01] = ok(await server.call('TablesAdd', [{ BaseID: branch.baseId, Pattern: 'A01-A04', Area: 'Floor 1' }], as(ming))).table1
    const exported = ok(await server.call('SetupExport', [{}], as(ming))).table1[0]
    expect(exported.FileName).toMatch(new RegExp(`^scanorder-setup-${ming.entId}-\\d{4}-\\d{2}-\\d{2}\\.json$`))
    const file = JSON.parse(exported.Json)
    expect(file.format).toBe('scanorder-setup/1')
    expect(file.enterprise).toMatchObject({ lowerSentAllowed: false, quantityEditAllowed: false })
    expect(file.shops[0]).toMatchObject({ code: '101', pageConfig: 'recommended,language' })
    expect(JSON.stringify(file)).not.toContain(new URL(a01.EntryUrl).searchParams.get('QRCode'))

    file.enterprise.lowerSentAllowed = true
    file.shops[0].branches[0].hours = { begin: '17:00', end: '01:00' }
    file.shops[0].branches[0].tables = file.shops[0].branches[0].tables.filter((t: { code: string }) => t.code !== 'A04')
    file.shops[0].branches[0].tables.push({ code: 'B01', area: 'Floor 2' })
    const summary = ok(await server.call('SetupImport', [{ File: JSON.stringify(file), KeepCodes: 0, Reason: 'new season' }], as(ming))).table1[0]
    expect(summary).toEqual({ EntID: ming.entId, Shops: 1, Branches: 1, Tables: 4, RechargeRules: 0, Menus: 0 })
    expect(ok(await server.call('EnterpriseGet', [{}], as(ming))).table1[0].lowerSentAllowed).toBe(true)
    const after = ok(await server.call('ShopList', [{}], as(ming))).table2[0]
    expect(after).toMatchObject({ baseId: branch.baseId, hours: { begin: '17:00', end: '01:00' } })
    const tables = ok(await server.call('StaffTableList', [{ ShopID: shop.shopId, BaseID: '' }], as(ming))).table1
    expect(tables.map((t: { Code: string }) => t.Code).sort()).toEqual(['A01', 'A02', 'A03', 'B01'])
    // A01 kept its id and code: its printed QR still works.
    expect(tables.find((t: { Code: string }) => t.Code === 'A01').EntryUrl).toBe(a01.EntryUrl)
    expect((await auditActions(ming.entId, 'setup.export')).length).toBe(1)
    const [imported] = await auditActions(ming.entId, 'setup.import')
    expect(imported).toMatchObject({ reason: 'new season' })
    expect(JSON.parse(imported.detail)).toEqual({ mode: 'replace', shops: 1, keepCodes: false })
  })

  test('a bad file is refused whole with every problem named; a file that is no JSON says so; a manager may not', async () => {
    const ming = await newRestaurant()
    const bad = { format: 'scanorder-setup/1', enterprise: { names: { en: 'X' }, currency: 'MOP$', timeZone: 'Asia/Macau' }, shops: [{ code: '101', names: { en: 'A' }, branches: [{ code: '201', names: { en: 'B' }, hours: { begin: '9', end: '18:00' } }] }, { code: '101', names: { en: 'C' }, branches: [] }] }
    const res = await server.call('SetupImport', [{ File: JSON.stringify(bad), KeepCodes: 0, Reason: '' }], as(ming))
    expect(codes(res)).toBe(`0/${RESULTCODES.SETUP_INVALID}`)
    expect(res.body.data.table1.map((r: { Problem: string }) => r.Problem)).toEqual(['shops[0] "101" branches[0] "201" hours.begin: bad time: must be "HH:mm" from "00:00" to "23:59"'])
    const dup = { ...bad, shops: [bad.shops[0], { ...bad.shops[1] }].map((s, i) => (i === 0 ? { ...s, branches: [{ ...s.branches[0], hours: { begin: '09:00', end: '18:00' } }] } : s)) }
    const res2 = await server.call('SetupImport', [{ File: JSON.stringify(dup), KeepCodes: 0, Reason: '' }], as(ming))
    expect(res2.body.data.table1.map((r: { Problem: string }) => r.Problem)).toEqual(['shops[1] "101" code: duplicate shop code "101" (also shops[0])'])
    const notJson = await server.call('SetupImport', [{ File: '{"format": ', KeepCodes: 0, Reason: '' }], as(ming))
    expect(codes(notJson)).toBe(`0/${RESULTCODES.SETUP_INVALID}`)
    expect(notJson.body.data.table1[0].Problem).toMatch(/^file: not JSON/)
    expect(ok(await server.call('ShopList', [{}], as(ming))).table1).toEqual([])
    expect(await auditActions(ming.entId, 'setup.import')).toEqual([])
    const manager = await personWithRole(server, owner, 'manager')
    expect(codes(await server.call('SetupExport', [{}], as(manager)))).toBe('10013/')
    expect(codes(await server.call('SetupImport', [{ File: JSON.stringify(bad), KeepCodes: 0, Reason: '' }], as(manager)))).toBe('10013/')
  })
})

describe('lowering what went to the kitchen (CYSheetSentQuaLower)', () => {
  async function openSheet(tableId: string, qua: string) {
    await server.db.updateTable('table_sheets').set({ status: ORDER_STATUS.CANCELLED }).where('table_id', '=', tableId).where('status', '=', ORDER_STATUS.AWAITING_PAYMENT).execute()
    const QRCode = await tableCode(server.db, tableId)
    const diner = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua })
    const data = ok(await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [noodles.input] }], { headers: diner.headers }))
    return { QRCode, diner, sheetId: data.table1[0].SheetID as string, roundId: data.table2[0].SheetID as string }
  }
  const edit = (s: Awaited<ReturnType<typeof openSheet>>, Qua: number, lang = 'en') =>
    server.call('PosSheetGoodsQuaEdit', [{ SheetID: s.sheetId, RoundID: s.roundId, LineNo: 1, Qua, QRCode: s.QRCode }], { headers: s.diner.headers, lang })
  const setLowering = (allowed: boolean) => server.call('EnterpriseUpdate', [{ Changes: { lowerSentAllowed: allowed }, Reason: 'test' }], as(owner))

  afterAll(async () => {
    ok(await setLowering(true))
  })

  test('the demo allows it (QuaEditable 1); turned off, lowering is refused in three languages, raising still works (QuaEditable 2)', async () => {
    const s = await openSheet('B201-A05', '3')
    const detail = async () => ok(await server.call('PosSheetDetailGet', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table1[0]
    expect((await detail()).QuaEditable).toBe(1)
    ok(await setLowering(false))
    expect((await detail()).QuaEditable).toBe(2)
    const before = await server.db.selectFrom('order_lines').select(['m_qua', 'amount']).where('order_id', '=', s.roundId).executeTakeFirstOrThrow()
    const refused = { en: await edit(s, 2, 'en'), 'zh-CN': await edit(s, 1, 'zh-CN'), 'zh-TW': await edit(s, 2, 'zh-TW') }
    for (const res of Object.values(refused)) expect(codes(res)).toBe(`0/${RESULTCODES.QUANTITY_SENT_TO_KITCHEN}`)
    expect(refused.en.body.resultmsg).toMatch(/has gone to the kitchen: you can add more, but not take any off\. Please ask the staff\.$/)
    expect(refused['zh-CN'].body.resultmsg).toMatch(/已送厨房：可以加量，不能减少/)
    expect(refused['zh-TW'].body.resultmsg).toMatch(/已送廚房：可以加量，不可減少/)
    expect(await server.db.selectFrom('order_lines').select(['m_qua', 'amount']).where('order_id', '=', s.roundId).executeTakeFirstOrThrow()).toEqual(before)
    // Raising is sent to the kitchen too: it cannot be taken back either.
    ok(await edit(s, 5))
    expect(codes(await edit(s, 4))).toBe(`0/${RESULTCODES.QUANTITY_SENT_TO_KITCHEN}`)
    ok(await setLowering(true))
    expect((await detail()).QuaEditable).toBe(1)
    expect(ok(await edit(s, 1)).table2[0].MQua).toBe('1')
    const entries = await auditActions('E1001', 'enterprise.update')
    expect(entries.map((e) => JSON.parse(e.detail).after)).toEqual(expect.arrayContaining([{ lowerSentAllowed: false }, { lowerSentAllowed: true }]))
  }, 60_000)

  test('with quantity changes off altogether QuaEditable is 0 and CYSheetGoodsQuaEdit still refuses first (20025)', async () => {
    const s = await openSheet('B201-A06', '2')
    ok(await server.call('EnterpriseUpdate', [{ Changes: { quantityEditAllowed: false, lowerSentAllowed: false }, Reason: '' }], as(owner)))
    try {
      expect(ok(await server.call('PosSheetDetailGet', [{ SheetID: s.sheetId, QRCode: s.QRCode }], { headers: s.diner.headers })).table1[0].QuaEditable).toBe(0)
      expect(codes(await edit(s, 1))).toBe(`0/${RESULTCODES.QUANTITY_EDIT_NOT_ALLOWED}`)
      expect(codes(await edit(s, 3))).toBe(`0/${RESULTCODES.QUANTITY_EDIT_NOT_ALLOWED}`)
    } finally {
      ok(await server.call('EnterpriseUpdate', [{ Changes: { quantityEditAllowed: true, lowerSentAllowed: true }, Reason: '' }], as(owner)))
    }
  }, 60_000)
})
