/**
 * Seeding: an enterprise described as a typed object (EnterpriseSeed) written to the
 * database. The demo enterprise (server/seed/demo-enterprise.ts) is seeded on first start,
 * and its menus (server/seed/menus/*.json, in the menu import format) are imported for every
 * shop that has no menu yet.
 * Idempotent: an enterprise that exists is left alone, and every insert ignores rows that are
 * already there, so two processes starting together on one PostgreSQL cannot collide.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Insertable, Kysely } from 'kysely'
import type { LocalizedText } from '../../../src/gateway/contract'
import { pickText } from '../../../src/i18n/translate'
import { DEMO_ENT_ID, demoEnterprise } from '../../seed/demo-enterprise'
import { importMenuFile, type MenuImportSummary } from '../domain/catalogue/menu-import.service'
import { findEnterprise, forgetEnterpriseSettings } from './repositories/enterprise.repository'
import { findMenuVersion } from './repositories/menu.repository'
import { flag, namesJson, parseNames } from './repositories/row-mapping'
import type { Database } from './schema'
import type { Base, DiningTable } from '../domain/records'
import { hasToken, newTableCode } from '../domain/entry/table-codes'
import { giftPlan } from '../domain/coupons/recharge-gift-plans'

/** A table as the domain has it, less what its branch gives it. */
export interface TableSeed extends Pick<DiningTable, 'tableId' | 'code' | 'names' | 'qrCode'> {
  /** A sheet open at this table, created this many minutes before seeding. */
  openSheet?: { sheetId: string; minutesAgo: number }
}

/** A branch as the domain has it; its online window is its opening hours. */
export interface BaseSeed extends Omit<Base, 'entId' | 'shopId' | 'onlineBeginTime' | 'onlineEndTime'> {
  params: Record<string, string>
  tables: TableSeed[]
  /** Delivery fee tiers (freight_rules), tried in this order within each kind. */
  freightRules?: { ruleType: 'distance' | 'amount'; upTo: string; fee: string }[]
}

export interface ShopSeed {
  shopId: string
  code: string
  names: LocalizedText
  user: { userId: string; userName: string; userCode: string }
  posType: number
  minaAppId?: string
  minaId?: string
  /** The counter code: resolves to the shop, and to its branch when it has exactly one. */
  qrCode: string
  address: string
  phone: string
  isEnable?: boolean
  params: Record<string, string>
  bases: BaseSeed[]
  /** The shop's merchant account at a payment provider (none: 'payment account not linked'). */
  financeAccount?: { provider: string; accountName: string; accountNo: string }
}

/** A recharge rule: pay amount, get amount + giftAmount on the balance and the gift coupons. */
export interface RechargeRuleSeed {
  ruleId: string
  names: LocalizedText
  amount: string
  giftAmount: string
  giftCoupons: { names: LocalizedText; value: string; minAmount: string; validDays: number; qua: number }[]
  /** '' (default) every shop. */
  shopId?: string
}

export interface EnterpriseSeed {
  entId: string
  names: LocalizedText
  settings: Record<string, string>
  serviceLinks: Partial<Record<'api' | 'h5' | 'image', string>>
  shops: ShopSeed[]
  rechargeRules?: RechargeRuleSeed[]
}

/** Writes an enterprise in one transaction; rows that exist already are kept as they are. */
export async function seedEnterprise(db: Kysely<Database>, seed: EnterpriseSeed, now: Date = new Date()): Promise<void> {
  const entId = seed.entId
  const createdAt = now.toISOString()
  await db.transaction().execute(async (trx) => {
    const insert = async <T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]): Promise<void> => {
      if (rows.length === 0) return
      // Kysely cannot relate a generic table name to its row type; the rows are typed above.
      await trx
        .insertInto(table)
        .values(rows as never)
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    const pairs = (values: Record<string, string>) => Object.entries(values)
    const bases = seed.shops.flatMap((shop) => shop.bases.map((base) => ({ shop, base })))
    const tables = bases.flatMap(({ shop, base }) => base.tables.map((table) => ({ shop, base, table })))

    await insert('enterprises', [{ ent_id: entId, names: namesJson(seed.names), created_at: createdAt }])
    await insert(
      'enterprise_settings',
      pairs(seed.settings).map(([parm_id, parm_value]) => ({ ent_id: entId, parm_id, parm_value }))
    )
    forgetEnterpriseSettings(trx)
    await insert(
      'service_links',
      pairs(seed.serviceLinks as Record<string, string>).map(([link_type, url]) => ({ ent_id: entId, link_type, url }))
    )
    await insert(
      'shops',
      seed.shops.map((s) => ({
        shop_id: s.shopId,
        ent_id: entId,
        code: s.code,
        names: namesJson(s.names),
        user_id: s.user.userId,
        user_name: s.user.userName,
        user_code: s.user.userCode,
        pos_type: s.posType,
        mina_app_id: s.minaAppId ?? '',
        mina_id: s.minaId ?? '',
        qr_code: s.qrCode,
        address: s.address,
        phone: s.phone,
        is_enable: flag(s.isEnable ?? true)
      }))
    )
    await insert(
      'shop_params',
      seed.shops.flatMap((s) => pairs(s.params).map(([parm_id, parm_value]) => ({ shop_id: s.shopId, parm_id, parm_value })))
    )
    await insert(
      'bases',
      bases.map(({ shop, base: b }) => ({
        base_id: b.baseId,
        ent_id: entId,
        shop_id: shop.shopId,
        code: b.code,
        names: namesJson(b.names),
        business_mode: b.businessMode,
        cy_type: b.cyType,
        weekday: b.weekday,
        online_begin_time: b.beginTime,
        online_end_time: b.endTime,
        begin_time: b.beginTime,
        end_time: b.endTime,
        dtb_duration: b.dtbDuration,
        cooking_time_duration: b.cookingTimeDuration,
        web_order_duration: b.webOrderDuration,
        address: b.address,
        phone: b.phone,
        lng: b.lng,
        lat: b.lat
      }))
    )
    await insert(
      'base_params',
      bases.flatMap(({ base }) => pairs(base.params).map(([parm_id, parm_value]) => ({ base_id: base.baseId, parm_id, parm_value })))
    )
    await insert(
      'freight_rules',
      bases.flatMap(({ base }) =>
        (base.freightRules ?? []).map((r, i) => ({ base_id: base.baseId, sort_no: i + 1, rule_type: r.ruleType, up_to: r.upTo, fee: r.fee }))
      )
    )
    // A table's code is its diners' key to the sheet: a random token per install, never the
    // readable code in the seed file. Read back, so a second process seeding at the same moment
    // (its insert ignored) files the winner's code, not its own.
    await insert(
      'dining_tables',
      tables.map(({ shop, base, table: t }) => ({
        table_id: t.tableId,
        ent_id: entId,
        shop_id: shop.shopId,
        base_id: base.baseId,
        code: t.code,
        names: namesJson(t.names),
        qr_code: hasToken(t.qrCode) ? t.qrCode : newTableCode(t.code)
      }))
    )
    const tableCodes = new Map(
      (await trx.selectFrom('dining_tables').select(['table_id', 'qr_code']).where('ent_id', '=', entId).execute()).map((r) => [r.table_id, r.qr_code ?? ''])
    )
    await insert('qr_codes', [
      ...seed.shops.map((s) => ({
        code: s.qrCode,
        ent_id: entId,
        shop_id: s.shopId,
        base_id: s.bases.length === 1 ? s.bases[0].baseId : null,
        table_id: null,
        expires_at: null,
        is_enable: 1
      })),
      ...tables.map(({ shop, base, table }) => ({
        code: tableCodes.get(table.tableId) ?? table.qrCode,
        ent_id: entId,
        shop_id: shop.shopId,
        base_id: base.baseId,
        table_id: table.tableId,
        expires_at: null,
        is_enable: 1
      }))
    ])
    await insert('finance_accounts', financeAccountRows(seed))
    await insert('recharge_rules', rechargeRuleRows(seed))
    await insert(
      'table_sheets',
      tables.flatMap(({ shop, base, table }) =>
        table.openSheet
          ? [
              {
                sheet_id: table.openSheet.sheetId,
                ent_id: entId,
                shop_id: shop.shopId,
                base_id: base.baseId,
                table_id: table.tableId,
                status: 0,
                created_at: new Date(now.getTime() - table.openSheet.minutesAgo * 60_000).toISOString()
              }
            ]
          : []
      )
    )
  })
}

function financeAccountRows(seed: EnterpriseSeed): Insertable<Database['finance_accounts']>[] {
  return seed.shops.flatMap((s) =>
    s.financeAccount
      ? [{ shop_id: s.shopId, ent_id: seed.entId, provider: s.financeAccount.provider, account_name: s.financeAccount.accountName, account_no: s.financeAccount.accountNo, is_enable: 1 }]
      : []
  )
}

function rechargeRuleRows(seed: EnterpriseSeed): Insertable<Database['recharge_rules']>[] {
  return (seed.rechargeRules ?? []).map((r, i) => ({
    rule_id: r.ruleId,
    ent_id: seed.entId,
    shop_id: r.shopId ?? '',
    names: namesJson(r.names),
    amount: r.amount,
    gift_amount: r.giftAmount,
    gift_coupons: JSON.stringify(r.giftCoupons),
    sort_no: i + 1,
    is_enable: 1
  }))
}

/** The demo menus, one file per shop. */
export const DEMO_MENUS_DIR = path.resolve(__dirname, '..', '..', 'seed', 'menus')

export interface SeedDemoOptions {
  /**
   * FILES_DIR, where menu pictures are copied. Without it no menu is imported (the demo
   * enterprise alone is seeded).
   */
  filesDir?: string
  /** Where the demo menu files are (default server/seed/menus). */
  menusDir?: string
}

/**
 * Seeds the demo enterprise unless it is there already, then imports each demo menu whose
 * shop has no menu yet; true when the enterprise was written now.
 */
export async function seedDemo(db: Kysely<Database>, now: Date = new Date(), options: SeedDemoOptions = {}): Promise<boolean> {
  const seeded = !(await findEnterprise(db, DEMO_ENT_ID))
  if (seeded) await seedEnterprise(db, demoEnterprise, now)
  // Demo databases made before payments existed gain the demo shops' sandbox accounts (kept when present).
  else {
    await db.insertInto('finance_accounts').values(financeAccountRows(demoEnterprise)).onConflict((oc) => oc.doNothing()).execute()
    // Demo databases made before recharge existed gain the demo rules, unless the enterprise has rules of its own.
    const hasRules = await db.selectFrom('recharge_rules').select('rule_id').where('ent_id', '=', DEMO_ENT_ID).limit(1).executeTakeFirst()
    const rules = rechargeRuleRows(demoEnterprise)
    if (!hasRules && rules.length > 0) await db.insertInto('recharge_rules').values(rules).onConflict((oc) => oc.doNothing()).execute()
  }
  await seedDemoCouponPlans(db, now)
  if (options.filesDir) await seedMenus(db, options.menusDir ?? DEMO_MENUS_DIR, options.filesDir, now)
  return seeded
}

/** Codes of the demo coupon plans (issue 15). */
export const DEMO_COUPON_PLANS = { welcome: 'WELCOME5', signatures: 'SIGNATURE20' } as const

/**
 * The demo enterprise's coupon plans, each written once (a plan the shop changed is kept): a
 * welcome voucher any member claims once (5 off, no minimum, 30 days from collection), 20 % off
 * Lotus's Chef's Signatures (spend 30 in that class, 7 days), and the recharge rules' gift plans.
 */
export async function seedDemoCouponPlans(db: Kysely<Database>, now: Date): Promise<void> {
  const at = now.toISOString()
  // Every column in both rows: a multi-row insert writes NULL, not the default, for a missing one.
  const common = {
    ent_id: DEMO_ENT_ID, claimable: 1, status: 1, total_qua: null, claim_from: null, claim_to: null, valid_kind: 1, valid_from: '', valid_to: '',
    amount: '0', discount_rate: '0', max_off: '0', shop_ids: '[]', base_ids: '[]', service_types: '[]', goods_ids: '[]', class_ids: '[]', issued_qua: 0,
    created_at: at, updated_at: at
  }
  await db
    .insertInto('coupon_plans')
    .values([
      {
        ...common,
        plan_id: 'E1001-CP-WELCOME5',
        code: DEMO_COUPON_PLANS.welcome,
        names: namesJson({ 'zh-CN': '新人礼 5 元代金券', 'zh-TW': '新人禮 5 元代金券', en: 'Welcome voucher: 5 off' }),
        descriptions: namesJson({ 'zh-CN': '每位会员限领 1 张，全店通用。', 'zh-TW': '每位會員限領 1 張，全店通用。', en: 'One per member, on anything in our shops.' }),
        coupon_type: 1,
        amount: '5',
        min_amount: '0',
        per_member_qua: 1,
        valid_days: 30,
        sort_no: 1
      },
      {
        ...common,
        plan_id: 'E1001-CP-SIGNATURE20',
        code: DEMO_COUPON_PLANS.signatures,
        names: namesJson({ 'zh-CN': '招牌推介 8 折券', 'zh-TW': '招牌推介 8 折券', en: '20% off Chef’s Signatures' }),
        descriptions: namesJson({ 'zh-CN': '招牌推介满 30 可用。', 'zh-TW': '招牌推介滿 30 可用。', en: 'On Chef’s Signatures when they come to 30 or more.' }),
        coupon_type: 2,
        discount_rate: '20',
        min_amount: '30',
        shop_ids: JSON.stringify(['S101']),
        class_ids: JSON.stringify(['S101.c.SIGNATURE']),
        per_member_qua: 1,
        valid_days: 7,
        sort_no: 2
      }
    ])
    .onConflict((oc) => oc.columns(['ent_id', 'code']).doNothing())
    .execute()
  for (const rule of demoEnterprise.rechargeRules ?? []) {
    for (const [i, gift] of rule.giftCoupons.entries()) await giftPlan(db, DEMO_ENT_ID, rule.ruleId, i + 1, gift, now)
  }
}

/** Imports every menu file of `dir` whose shop has no menu yet; returns what was imported. */
export async function seedMenus(db: Kysely<Database>, dir: string, filesDir: string, now: Date = new Date()): Promise<MenuImportSummary[]> {
  let files: string[]
  try {
    files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  } catch {
    return []
  }
  const imported: MenuImportSummary[] = []
  for (const name of files) {
    const file = path.join(dir, name)
    let shopId: unknown
    try {
      shopId = (JSON.parse(fs.readFileSync(file, 'utf8')) as { ShopID?: unknown }).ShopID
    } catch {
      shopId = undefined
    }
    // A shop that has a menu keeps it; a broken file is reported by the import itself.
    if (typeof shopId === 'string' && (await findMenuVersion(db, shopId)) > 0) continue
    imported.push(await importMenuFile(db, file, { filesDir, now }))
  }
  return imported
}

export interface DemoEntryPoint {
  kind: 'table' | 'shop'
  qrCode: string
  entId: string
  shopId: string
  /** '' for a shop counter code of a shop with several branches. */
  baseId: string
  /** '' for a shop counter code. */
  tableId: string
  /** 'Lotus Tea House (Senado Square) · Table A01' in each language. */
  names: LocalizedText
  /** The entry query string the app reads: 'QRCode=QR-A01-<token>'. */
  query: string
}

/** Every QR code of the demo enterprise (shops first, then tables by branch), read from the database. */
export async function demoEntryPoints(db: Kysely<Database>): Promise<DemoEntryPoint[]> {
  const rows = await db
    .selectFrom('qr_codes as q')
    .innerJoin('shops as s', 's.shop_id', 'q.shop_id')
    .leftJoin('bases as b', 'b.base_id', 'q.base_id')
    .leftJoin('dining_tables as t', 't.table_id', 'q.table_id')
    .select([
      'q.code',
      'q.ent_id',
      'q.shop_id',
      'q.base_id',
      'q.table_id',
      's.names as shop_names',
      's.code as shop_code',
      'b.names as base_names',
      'b.code as base_code',
      't.names as table_names',
      't.code as table_code'
    ])
    .where('q.ent_id', '=', DEMO_ENT_ID)
    .where('q.is_enable', '=', 1)
    .execute()
  const sortKey = (r: (typeof rows)[number]) => `${r.table_id ? 1 : 0}|${r.shop_code}|${r.base_code ?? ''}|${r.table_code ?? ''}`
  return rows
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)))
    .map((r) => {
      const place = parseNames(r.table_id && r.base_names ? r.base_names : r.shop_names)
      const table = r.table_names ? parseNames(r.table_names) : null
      const names = {} as LocalizedText
      for (const locale of ['zh-CN', 'zh-TW', 'en'] as const) {
        names[locale] = table ? `${pickText(place, locale)} · ${pickText(table, locale)}` : pickText(place, locale)
      }
      return {
        kind: r.table_id ? 'table' : 'shop',
        qrCode: r.code,
        entId: r.ent_id,
        shopId: r.shop_id,
        baseId: r.base_id ?? '',
        tableId: r.table_id ?? '',
        names,
        query: `QRCode=${encodeURIComponent(r.code)}`
      }
    })
}
