/**
 * One file for a restaurant's whole setup (docs/setup.md): the menu import format
 * (docs/menu-import.md) grown to the enterprise's settings, its shops, branches (hours, service
 * styles, delivery rules and fees), tables with their areas, each shop's menu and the recharge
 * rules. A restaurant is copied, backed up and restored with it.
 *
 *   exportSetup(db, entId)            → the file (a JSON object)
 *   importSetup(trx, file, { mode })  → 'new-enterprise': a new enterprise from the file;
 *                                       'replace': an enterprise made like the file
 *
 * The file names no ids: shops and branches are known by their codes (unique in the
 * enterprise), tables by their code in their branch, and a menu's goods name their branches by
 * code. Table and counter QR codes are left out unless asked for (keepCodes): a restored
 * restaurant gets fresh codes, so a copy never answers to the original's printed codes.
 *
 * An import checks the whole file first (zod, then codes and references) and refuses it with
 * every problem named by its place ('shops[0] "101" branches[1] "202" hours.begin: …'); menus are
 * checked by the menu importer (planMenuImport) once their shop is written, in the same
 * transaction, so a refused menu leaves nothing behind either (the caller's transaction rolls
 * back when this throws). A 'replace' that replaces a menu appends 'menu.changed' as its last
 * write, so open menus read it again as after a menu import.
 */
import type { Kysely, Transaction } from 'kysely'
import { z } from 'zod'
import { MenuImportError, planMenuImport, storePlannedPicture } from '../catalogue/menu-import.service'
import { MENU_FORMAT } from '../catalogue/menu-file'
import { appendEvent } from '../../live/outbox'
import { bumpMenuVersion, replaceShopMenu } from '../../storage/repositories/menu.repository'
import type { Database } from '../../storage/schema'
import { hasToken, replaceTableCode } from '../entry/table-codes'
import { DomainError } from '../errors'
import {
  createEnterprise,
  enterpriseInputSchema,
  readEnterpriseSetup,
  replaceEnterpriseSetup,
  RESERVED_SETTINGS,
  type EnterpriseSetup
} from './enterprise-setup.service'
import { exportShopMenu, type MenuSection } from './menu-export'
import { Problems, SetupError, decimalSchema, freeText, namesSchema, paramsSchema, refuseReserved, shortCode, type PathPart } from './setup-common'
import {
  branchInputSchema,
  checkDeliveryFees,
  listBranchSetups,
  listRechargeRules,
  listShopSetups,
  rechargeRuleInputSchema,
  removeBranch,
  RESERVED_BASE_PARAMS,
  RESERVED_SHOP_PARAMS,
  saveBranch,
  saveRechargeRule,
  saveShop,
  shopInputSchema,
  type BranchSetup,
  type ShopSetup
} from './shop-setup.service'
import { defaultTableNames, insertTables, listTables, removeTable, renameTable, type NewTable } from './tables-setup.service'

export const SETUP_FORMAT = 'scanorder-setup/1'

// ---------- the file's schema ----------

const tableFileSchema = z
  .object({
    code: shortCode,
    /** Default: 'A01 号桌', 'A01 號枱', 'Table A01'. */
    names: namesSchema.optional(),
    area: freeText(64).optional(),
    /** Only read with keepCodes. */
    qrCode: z.string({ invalid_type_error: 'must be text' }).optional()
  })
  .strict()

const branchFileSchema = branchInputSchema
  .omit({ baseId: true, shopId: true, params: true })
  .extend({
    code: shortCode,
    names: namesSchema,
    hours: branchInputSchema.shape.hours.unwrap(),
    params: paramsSchema.optional(),
    tables: z.array(tableFileSchema, { invalid_type_error: 'must be a list' }).max(2000, 'must have at most 2000 tables').optional()
  })
  .strict()

const menuSectionSchema = z
  .object(
    {
      classes: z.array(z.unknown(), { invalid_type_error: 'must be a list' }),
      goods: z.array(z.unknown(), { invalid_type_error: 'must be a list' }),
      promotions: z.array(z.unknown(), { invalid_type_error: 'must be a list' }).optional(),
      reviews: z.array(z.unknown(), { invalid_type_error: 'must be a list' }).optional()
    },
    { invalid_type_error: 'must be a menu { classes, goods, promotions, reviews }' }
  )
  .strict()

const shopFileSchema = shopInputSchema
  .omit({ shopId: true, params: true })
  .extend({
    code: shortCode,
    names: namesSchema,
    params: paramsSchema.optional(),
    /** Only read with keepCodes. */
    counterCode: z.string({ invalid_type_error: 'must be text' }).optional(),
    branches: z.array(branchFileSchema, { invalid_type_error: 'must be a list' }),
    menu: menuSectionSchema.optional()
  })
  .strict()

const rechargeRuleFileSchema = rechargeRuleInputSchema
  .omit({ ruleId: true, shopId: true, names: true, amount: true })
  .extend({
    names: namesSchema,
    amount: decimalSchema('positive'),
    /** The code of the shop it is offered at; absent: every shop. */
    shop: shortCode.optional()
  })
  .strict()

export const setupFileSchema = z
  .object(
    {
      format: z.unknown().refine((v) => v === SETUP_FORMAT, `must be "${SETUP_FORMAT}"`),
      enterprise: enterpriseInputSchema,
      shops: z.array(shopFileSchema, { invalid_type_error: 'must be a list' }),
      rechargeRules: z.array(rechargeRuleFileSchema, { invalid_type_error: 'must be a list' }).optional()
    },
    { invalid_type_error: 'must be a JSON object with format, enterprise and shops' }
  )
  .strict()

/** A setup file as written (export's answer, import's input). */
export type SetupFile = z.input<typeof setupFileSchema>
type ParsedFile = z.output<typeof setupFileSchema>
type ParsedShop = ParsedFile['shops'][number]
type ParsedBranch = ParsedShop['branches'][number]

// ---------- export ----------

export interface ExportSetupOptions {
  /** Also write each table's and shop counter's current QR code (default false: a restore gets fresh ones). */
  keepCodes?: boolean
  /** Include each shop's menu (default true). */
  menus?: boolean
}

/** The enterprise's whole setup as a setup file. ENTERPRISE_NOT_FOUND for an unknown enterprise. */
export async function exportSetup(db: Kysely<Database> | Transaction<Database>, entId: string, options: ExportSetupOptions = {}): Promise<SetupFile> {
  const enterprise = await readEnterpriseSetup(db, entId)
  const shops = await listShopSetups(db, entId)
  const branches = await listBranchSetups(db, entId)
  const tables = await listTables(db, entId)
  const baseCodes = new Map(branches.map((b) => [b.baseId, b.code]))
  const shopCodes = new Map(shops.map((s) => [s.shopId, s.code]))
  const rules = await listRechargeRules(db, entId)

  const shopFiles = []
  for (const shop of shops) {
    const menu = options.menus === false ? null : await exportShopMenu(db, entId, shop.shopId, baseCodes, enterprise.timeZone)
    shopFiles.push({
      ...shopFile(shop, options),
      branches: branches
        .filter((b) => b.shopId === shop.shopId)
        .map((b) => ({
          ...branchFile(b),
          tables: tables
            .filter((t) => t.baseId === b.baseId)
            .map((t) => {
              const named = t.names['zh-CN'] !== defaultTableNames(t.code)['zh-CN'] || t.names['zh-TW'] !== defaultTableNames(t.code)['zh-TW'] || t.names.en !== defaultTableNames(t.code).en
              return { code: t.code, ...(named ? { names: t.names } : {}), area: t.area, ...(options.keepCodes ? { qrCode: t.qrCode } : {}) }
            })
        })),
      ...(menu ? { menu } : {})
    })
  }

  return {
    format: SETUP_FORMAT,
    enterprise: enterpriseFile(enterprise),
    shops: shopFiles,
    rechargeRules: rules.map((r) => ({
      names: r.names,
      amount: r.amount,
      giftAmount: r.giftAmount,
      giftCoupons: r.giftCoupons,
      ...(r.shopId ? { shop: shopCodes.get(r.shopId) ?? r.shopId } : {}),
      enabled: r.enabled,
      sort: r.sort
    }))
  }
}

const enterpriseFile = (e: EnterpriseSetup): SetupFile['enterprise'] => ({
  names: e.names,
  currency: e.currency,
  timeZone: e.timeZone,
  languages: e.languages,
  amoPoint: e.amoPoint,
  pricePoint: e.pricePoint,
  quantityEditAllowed: e.quantityEditAllowed,
  lowerSentAllowed: e.lowerSentAllowed,
  settings: e.settings,
  serviceLinks: e.serviceLinks
})

function shopFile(s: ShopSetup, options: ExportSetupOptions) {
  return {
    code: s.code,
    names: s.names,
    address: s.address,
    phone: s.phone,
    posType: s.posType,
    enabled: s.enabled,
    userName: s.userName,
    userCode: s.userCode,
    minaAppId: s.minaAppId,
    minaId: s.minaId,
    financeAccounts: s.financeAccounts,
    ...(s.bagFee !== undefined ? { bagFee: s.bagFee } : {}),
    ...(s.notice !== undefined ? { notice: s.notice } : {}),
    ...(s.pageConfig !== undefined ? { pageConfig: s.pageConfig } : {}),
    params: s.params,
    ...(options.keepCodes ? { counterCode: s.counterCode } : {})
  }
}

function branchFile(b: BranchSetup) {
  return {
    code: b.code,
    names: b.names,
    address: b.address,
    phone: b.phone,
    lat: b.lat,
    lng: b.lng,
    hours: b.hours,
    weekdays: b.weekdays,
    services: b.services,
    tableService: b.tableService,
    dtbDuration: b.dtbDuration,
    cookingTimeDuration: b.cookingTimeDuration,
    webOrderDuration: b.webOrderDuration,
    openingHoursText: b.openingHoursText,
    payLaterOnlineCheckout: b.payLaterOnlineCheckout,
    deliveryRange: b.deliveryRange,
    deliveryFees: b.deliveryFees,
    params: b.params
  }
}

// ---------- import ----------

export interface ImportSetupOptions {
  /** 'new-enterprise': a new enterprise (new ids); 'replace': make `entId` like the file. */
  mode: 'new-enterprise' | 'replace'
  /** The enterprise a 'replace' changes. */
  entId?: string
  /** Use the file's counterCode and qrCode values (a restore onto a new server); default: fresh codes. */
  keepCodes?: boolean
  /** FILES_DIR: where menu pictures are copied (needed when a menu has pictures). */
  filesDir?: string
  /** Where the file's picture paths start (default filesDir: an export of this server). */
  picturesDir?: string
  now?: Date
}

export interface SetupImportSummary {
  entId: string
  shops: {
    code: string
    shopId: string
    counterCode: string
    /** The menu's version after the import; null: the file had no menu for the shop (kept as it was). */
    menuVersion: number | null
    branches: { code: string; baseId: string; tables: number }[]
  }[]
  tables: number
  rechargeRules: number
}

/**
 * Imports a setup file in the caller's transaction; SetupError (SETUP_INVALID) lists every
 * problem, and nothing the import wrote stays once the caller's transaction rolls back.
 */
export async function importSetup(trx: Transaction<Database>, file: unknown, options: ImportSetupOptions): Promise<SetupImportSummary> {
  const now = options.now ?? new Date()
  const problems = new Problems()
  const parsed = setupFileSchema.safeParse(file)
  if (!parsed.success) {
    problems.addZod(file, parsed.error)
    problems.check()
  }
  const data = (parsed as { data: ParsedFile }).data
  const existing = options.mode === 'replace' ? await requireEnterpriseToReplace(trx, options.entId) : null
  await checkFile(trx, file, data, options, existing, problems)
  problems.check()

  const entId = existing ?? (await createEnterprise(trx, data.enterprise, { now })).entId
  if (existing) await replaceEnterpriseSetup(trx, entId, data.enterprise)

  const summary: SetupImportSummary = { entId, shops: [], tables: 0, rechargeRules: 0 }
  const shopIds = new Map<string, string>()
  const before = existing ? await listShopSetups(trx, entId) : []
  if (existing) await removeWhatTheFileDropped(trx, file, data, entId, before, problems)
  problems.check()

  for (const [i, shopData] of data.shops.entries()) {
    const shop = await upsertShop(trx, entId, shopData, before.find((s) => s.code === shopData.code) ?? null, options)
    shopIds.set(shop.code, shop.shopId)
    const branchesBefore = await listBranchSetups(trx, entId, { shopId: shop.shopId })
    const shopSummary: SetupImportSummary['shops'][number] = { code: shop.code, shopId: shop.shopId, counterCode: shop.counterCode, menuVersion: null, branches: [] }
    for (const [j, branchData] of shopData.branches.entries()) {
      const branch = await upsertBranch(trx, entId, shop.shopId, branchData, branchesBefore.find((b) => b.code === branchData.code) ?? null)
      const count = await upsertTables(trx, entId, branch.baseId, branchData, options, file, ['shops', i, 'branches', j], problems)
      shopSummary.branches.push({ code: branch.code, baseId: branch.baseId, tables: count })
      summary.tables += count
    }
    summary.shops.push(shopSummary)
  }
  problems.check()

  // Menus, now that their shops and branches exist.
  const plans: { index: number; plan: Awaited<ReturnType<typeof planMenuImport>> }[] = []
  for (const [i, shopData] of data.shops.entries()) {
    if (!shopData.menu) continue
    const shopId = shopIds.get(shopData.code)!
    const branches = await listBranchSetups(trx, entId, { shopId })
    const baseIdOf = new Map(branches.map((b) => [b.code, b.baseId]))
    const raw = {
      format: MENU_FORMAT,
      EntID: entId,
      ShopID: shopId,
      ...shopData.menu,
      goods: shopData.menu.goods.map((g) => {
        const item = g as Record<string, unknown>
        return Array.isArray(item.bases) ? { ...item, bases: item.bases.map((code) => (typeof code === 'string' ? baseIdOf.get(code) ?? code : code)) } : item
      })
    }
    try {
      plans.push({ index: i, plan: await planMenuImport(trx, raw, options.picturesDir ?? options.filesDir ?? process.cwd(), now) })
    } catch (error) {
      if (!(error instanceof MenuImportError)) throw error
      const label = `${pathLabel(file, ['shops', i])} menu`
      for (const p of error.problems) problems.list.push(`${label} ${p}`)
    }
  }
  problems.check()
  summary.rechargeRules = await importRechargeRules(trx, entId, data, shopIds, existing !== null)
  for (const { index, plan } of plans) {
    if (plan.pictures.length > 0 && !options.filesDir) throw new SetupError([`${pathLabel(file, ['shops', index])} menu: has pictures, but no filesDir to copy them to was given`])
    // Copied with a photo's variants (docs/uploads.md, Pictures for phones).
    for (const picture of plan.pictures) {
      await storePlannedPicture(options.filesDir!, picture).catch((error: unknown) => {
        throw error instanceof MenuImportError ? new SetupError(error.problems.map((p) => `${pathLabel(file, ['shops', index])} menu ${p}`)) : error
      })
    }
    const version = await bumpMenuVersion(trx, entId, plan.menu.shopId, now, 'setup file')
    await replaceShopMenu(trx, plan.menu, plan.reviews)
    summary.shops[index].menuVersion = version
  }
  // Diners with a replaced menu open read it again (docs/live-events.md); last, as appendEvent asks.
  if (existing) {
    for (const { index } of plans) {
      const shop = summary.shops[index]
      await appendEvent(trx, { entId, shopId: shop.shopId, kind: 'menu.changed', payload: { version: shop.menuVersion } }, now)
    }
  }
  return summary
}

const pathLabel = (raw: unknown, parts: PathPart[]): string => {
  const p = new Problems()
  p.add(raw, parts, '')
  return p.list[0].replace(/: $/, '')
}

async function requireEnterpriseToReplace(trx: Transaction<Database>, entId: string | undefined): Promise<string> {
  if (!entId) throw new SetupError(['entId: the enterprise to replace is required'])
  const row = await trx.selectFrom('enterprises').select('ent_id').where('ent_id', '=', entId).executeTakeFirst()
  if (!row) throw new DomainError('ENTERPRISE_NOT_FOUND')
  return entId
}

/** Codes, references and kept QR codes, before anything is written. */
async function checkFile(trx: Transaction<Database>, raw: unknown, data: ParsedFile, options: ImportSetupOptions, entId: string | null, problems: Problems): Promise<void> {
  refuseReserved(problems, raw, ['enterprise', 'settings'], data.enterprise.settings, RESERVED_SETTINGS)
  const shopAt = new Map<string, number>()
  const branchAt = new Map<string, string>()
  const kept = new Map<string, string>()
  const keep = (code: string | undefined, at: PathPart[], kind: string) => {
    if (!options.keepCodes || code === undefined) return
    if (!hasToken(code)) return problems.add(raw, at, `${JSON.stringify(code)} has no random token (a kept code ends in "-" and 22 random characters)`)
    const first = kept.get(code)
    if (first) return problems.add(raw, at, `the same code as ${first}`)
    kept.set(code, `${kind} ${pathLabel(raw, at)}`)
  }
  data.shops.forEach((shop, i) => {
    const at: PathPart[] = ['shops', i]
    if (shopAt.has(shop.code)) problems.add(raw, [...at, 'code'], `duplicate shop code ${JSON.stringify(shop.code)} (also shops[${shopAt.get(shop.code)}])`)
    else shopAt.set(shop.code, i)
    refuseReserved(problems, raw, [...at, 'params'], shop.params, RESERVED_SHOP_PARAMS)
    keep(shop.counterCode, [...at, 'counterCode'], 'counter')
    const ownBranches = new Set<string>()
    shop.branches.forEach((branch, j) => {
      const bat: PathPart[] = [...at, 'branches', j]
      const first = branchAt.get(branch.code)
      if (first) problems.add(raw, [...bat, 'code'], `duplicate branch code ${JSON.stringify(branch.code)} (also ${first}): branch codes are unique in the enterprise`)
      else branchAt.set(branch.code, pathLabel(raw, bat))
      ownBranches.add(branch.code)
      refuseReserved(problems, raw, [...bat, 'params'], branch.params, RESERVED_BASE_PARAMS)
      if (branch.deliveryFees) checkDeliveryFees(problems, raw, branch.deliveryFees, bat)
      const tableAt = new Map<string, number>()
      ;(branch.tables ?? []).forEach((table, k) => {
        const tat: PathPart[] = [...bat, 'tables', k]
        if (tableAt.has(table.code)) problems.add(raw, [...tat, 'code'], `duplicate table code ${JSON.stringify(table.code)} (also tables[${tableAt.get(table.code)}])`)
        else tableAt.set(table.code, k)
        keep(table.qrCode, [...tat, 'qrCode'], 'table')
      })
    })
    // A menu's goods name branches of their shop by code.
    shop.menu?.goods.forEach((g, k) => {
      const bases = (g as Record<string, unknown> | null)?.bases
      if (!Array.isArray(bases)) return
      bases.forEach((code, n) => {
        if (typeof code === 'string' && !ownBranches.has(code)) problems.add(raw, [...at, 'menu', 'goods', k, 'bases', n], `no branch ${JSON.stringify(code)} in this shop (a menu names branches by code)`)
      })
    })
  })
  ;(data.rechargeRules ?? []).forEach((rule, i) => {
    if (rule.shop !== undefined && !shopAt.has(rule.shop)) problems.add(raw, ['rechargeRules', i, 'shop'], `no shop ${JSON.stringify(rule.shop)} in this file`)
  })
  // Kept codes must be free, or (replace) already this enterprise's.
  if (kept.size > 0) {
    const taken = await trx.selectFrom('qr_codes').select(['code', 'ent_id']).where('code', 'in', [...kept.keys()]).execute()
    for (const row of taken) if (row.ent_id !== entId) problems.list.push(`${kept.get(row.code)}: the code is in use by another enterprise's shop or table`)
  }
}

/** 'replace': shops the file leaves out are disabled (kept); branches and tables it leaves out are removed. */
async function removeWhatTheFileDropped(trx: Transaction<Database>, raw: unknown, data: ParsedFile, entId: string, before: ShopSetup[], problems: Problems): Promise<void> {
  for (const shop of before) {
    const i = data.shops.findIndex((s) => s.code === shop.code)
    if (i < 0) {
      if (shop.enabled) await saveShop(trx, entId, { shopId: shop.shopId, enabled: false })
      continue
    }
    const fileShop = data.shops[i]
    for (const branch of await listBranchSetups(trx, entId, { shopId: shop.shopId })) {
      const j = fileShop.branches.findIndex((b) => b.code === branch.code)
      if (j < 0) {
        try {
          await removeBranch(trx, entId, branch.baseId)
        } catch (error) {
          if (!(error instanceof DomainError) || error.code !== 'BASE_IN_USE') throw error
          problems.add(raw, ['shops', i, 'branches'], `branch ${JSON.stringify(branch.code)} is left out but has orders or open bills, so it cannot be removed: keep it in the file`)
        }
        continue
      }
      const fileTables = new Set((fileShop.branches[j].tables ?? []).map((t) => t.code))
      for (const table of await listTables(trx, entId, { baseId: branch.baseId })) {
        if (fileTables.has(table.code)) continue
        try {
          await removeTable(trx, entId, table.tableId)
        } catch (error) {
          if (!(error instanceof DomainError) || error.code !== 'TABLE_IN_USE') throw error
          problems.add(raw, ['shops', i, 'branches', j, 'tables'], `table ${JSON.stringify(table.code)} is left out but has an open bill, so it cannot be removed now`)
        }
      }
    }
  }
}

async function upsertShop(trx: Transaction<Database>, entId: string, shop: ParsedShop, before: ShopSetup | null, options: ImportSetupOptions): Promise<ShopSetup> {
  const fields = {
    code: shop.code,
    names: shop.names,
    address: shop.address ?? '',
    phone: shop.phone ?? '',
    posType: shop.posType ?? 2,
    enabled: shop.enabled ?? true,
    userName: shop.userName,
    userCode: shop.userCode,
    minaAppId: shop.minaAppId ?? '',
    minaId: shop.minaId ?? '',
    // The old file's single financeAccount still reads: the shop's one account.
    financeAccount: shop.financeAccounts ? undefined : shop.financeAccount,
    financeAccounts: shop.financeAccounts,
    bagFee: shop.bagFee,
    notice: shop.notice,
    pageConfig: shop.pageConfig,
    params: shop.params
  }
  if (!before) return saveShop(trx, entId, fields, { counterCode: options.keepCodes ? shop.counterCode : undefined })
  await saveShop(trx, entId, { shopId: before.shopId, ...fields })
  // The file is the shop's whole list of params.
  const keep = [
    ...Object.keys(shop.params ?? {}),
    ...(shop.bagFee !== undefined ? ['BagFee'] : []),
    ...(shop.notice !== undefined ? ['ShopNotice'] : []),
    ...(shop.pageConfig ? ['ShopPageConfig'] : [])
  ]
  let drop = trx.deleteFrom('shop_params').where('shop_id', '=', before.shopId)
  if (keep.length > 0) drop = drop.where('parm_id', 'not in', keep)
  await drop.execute()
  if (options.keepCodes && shop.counterCode && shop.counterCode !== before.counterCode) {
    await trx.deleteFrom('qr_codes').where('code', '=', before.counterCode).execute()
    await trx.insertInto('qr_codes').values({ code: shop.counterCode, ent_id: entId, shop_id: before.shopId, base_id: null, table_id: null, expires_at: null, is_enable: 1 }).execute()
    await trx.updateTable('shops').set({ qr_code: shop.counterCode }).where('shop_id', '=', before.shopId).execute()
    const bases = await trx.selectFrom('bases').select('base_id').where('shop_id', '=', before.shopId).execute()
    if (bases.length === 1) await trx.updateTable('qr_codes').set({ base_id: bases[0].base_id }).where('code', '=', shop.counterCode).execute()
  }
  const [after] = await listShopSetups(trx, entId, before.shopId)
  return after
}

async function upsertBranch(trx: Transaction<Database>, entId: string, shopId: string, branch: ParsedBranch, before: BranchSetup | null): Promise<BranchSetup> {
  const fields = {
    code: branch.code,
    names: branch.names,
    address: branch.address ?? '',
    phone: branch.phone ?? '',
    lat: branch.lat ?? 0,
    lng: branch.lng ?? 0,
    hours: branch.hours,
    weekdays: branch.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
    services: branch.services ?? 'all',
    tableService: branch.tableService ?? 'dinein',
    dtbDuration: branch.dtbDuration ?? 0,
    cookingTimeDuration: branch.cookingTimeDuration ?? 15,
    webOrderDuration: branch.webOrderDuration ?? 120,
    openingHoursText: branch.openingHoursText ?? '',
    payLaterOnlineCheckout: branch.payLaterOnlineCheckout ?? false,
    deliveryRange: branch.deliveryRange ?? 0,
    deliveryFees: branch.deliveryFees ?? [],
    params: branch.params
  }
  if (!before) return saveBranch(trx, entId, { shopId, ...fields })
  await saveBranch(trx, entId, { baseId: before.baseId, ...fields })
  const keep = [...Object.keys(branch.params ?? {}), ...Object.keys(RESERVED_BASE_PARAMS)]
  await trx.deleteFrom('base_params').where('base_id', '=', before.baseId).where('parm_id', 'not in', keep).execute()
  return (await listBranchSetups(trx, entId, { baseId: before.baseId }))[0]
}

/** The branch's tables as the file lists them; answers how many it has. */
async function upsertTables(
  trx: Transaction<Database>,
  entId: string,
  baseId: string,
  branch: ParsedBranch,
  options: ImportSetupOptions,
  raw: unknown,
  at: PathPart[],
  problems: Problems
): Promise<number> {
  const current = new Map((await listTables(trx, entId, { baseId })).map((t) => [t.code, t]))
  const fresh: NewTable[] = []
  for (const [k, table] of (branch.tables ?? []).entries()) {
    const names = table.names ?? defaultTableNames(table.code)
    const area = table.area ?? ''
    const qrCode = options.keepCodes ? table.qrCode : undefined
    const have = current.get(table.code)
    if (!have) {
      fresh.push({ code: table.code, names, area, qrCode })
      continue
    }
    await renameTable(trx, entId, have.tableId, { names, area })
    if (qrCode && qrCode !== have.qrCode) {
      const other = await trx.selectFrom('qr_codes').select('table_id').where('code', '=', qrCode).executeTakeFirst()
      if (other) problems.add(raw, [...at, 'tables', k, 'qrCode'], 'the code is in use by another shop or table')
      else await replaceTableCode(trx, { entId, tableId: have.tableId, code: have.code, baseId, qrCode })
    }
  }
  await insertTables(trx, entId, baseId, fresh)
  return (branch.tables ?? []).length
}

/** New rules for a new enterprise; for 'replace', rules matched by shop and amount are updated, the rest disabled. */
async function importRechargeRules(trx: Transaction<Database>, entId: string, data: ParsedFile, shopIds: Map<string, string>, replacing: boolean): Promise<number> {
  const rules = data.rechargeRules ?? []
  const before = replacing ? await listRechargeRules(trx, entId, { onlyEnabled: true }) : []
  const matched = new Set<string>()
  for (const [i, rule] of rules.entries()) {
    const shopId = rule.shop ? shopIds.get(rule.shop)! : ''
    const fields = {
      names: rule.names,
      amount: rule.amount,
      giftAmount: rule.giftAmount ?? '0',
      giftCoupons: rule.giftCoupons ?? [],
      shopId,
      enabled: rule.enabled ?? true,
      sort: rule.sort ?? i + 1
    }
    const same = before.find((r) => !matched.has(r.ruleId) && r.shopId === shopId && r.amount === rule.amount)
    if (same) {
      matched.add(same.ruleId)
      await saveRechargeRule(trx, entId, { ruleId: same.ruleId, ...fields })
    } else {
      await saveRechargeRule(trx, entId, fields)
    }
  }
  for (const r of before) if (!matched.has(r.ruleId)) await saveRechargeRule(trx, entId, { ruleId: r.ruleId, enabled: false })
  return rules.length
}

export type { MenuSection }
