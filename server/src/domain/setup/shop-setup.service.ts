/**
 * Shops, branches and recharge rules set up from the console or a setup file (issue 23): every
 * row the demo seed writes for them (server/src/storage/seed.ts).
 *
 * A shop: its row (names, address, phone, the shop user web orders belong to, pos type), its
 * counter QR code (a qr_codes row naming the shop, and its branch while it has exactly one:
 * 'QR-S101-<22 random characters>', the table codes' format, so it is unique across
 * enterprises), its merchant account (finance_accounts; the sandbox provider unless told
 * otherwise) and its params (BagFee, ShopNotice, anything else).
 *
 * A branch: its row (names, address, phone, map pin, opening hours, which may cross midnight:
 * an end before the begin, src/core/daily-window.ts; weekdays; service styles as
 * business_mode and cy_type; the delivery, cooking and sheet minutes), its params
 * (OpeningHours as written for people, IsPayLaterOnlineCheckout, DeliveryRange, anything else)
 * and its delivery fee tiers (freight_rules, domain/delivery/freight.service.ts).
 *
 * Every function takes the caller's transaction; the console's staff operations wrap them with
 * auth and audit. Input is checked with zod; every problem comes back at once (SetupError).
 */
import type { Kysely, Transaction, Updateable } from 'kysely'
import { z } from 'zod'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { pickText } from '../../../../src/i18n/text'
import { BUSINESS_MODE } from '../../../../src/core/sheet-position'
import { HOME_SECTIONS } from '../../../../src/core/shop-page'
import { namesJson, parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { newTableCode } from '../entry/table-codes'
import { forgetPlaceNames } from '../../storage/repositories/order.repository'
import { DomainError } from '../errors'
import {
  clockSchema,
  decimalSchema,
  flagSchema,
  freeText,
  namesSchema,
  newId,
  nextNumericCode,
  paramChangesSchema,
  parseOrRefuse,
  type PathPart,
  Problems,
  refuseReserved,
  SetupError,
  shortCode,
  wholeNumber
} from './setup-common'

type Db = Kysely<Database> | Transaction<Database>

// ---------- shops ----------

/** Shop params with a field of their own. */
export const RESERVED_SHOP_PARAMS: Record<string, string> = { BagFee: 'bagFee', ShopNotice: 'notice', ShopPageConfig: 'pageConfig' }

/**
 * ShopPageConfig (src/core/shop-page.ts): Home's sections in order, comma-separated; '' the
 * default Home. Stored without spaces; each section once; the language switch may move, not go.
 */
export const pageConfigSchema = z
  .string({ invalid_type_error: 'must be text such as "notice,order,links,language,recommended"' })
  .max(200, 'must be at most 200 characters')
  .transform((text) => text.split(',').map((s) => s.trim()).filter(Boolean))
  .superRefine((names, ctx) => {
    if (names.length === 0) return
    const unknown = names.filter((n) => !(HOME_SECTIONS as readonly string[]).includes(n))
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown section ${unknown.map((n) => JSON.stringify(n)).join(', ')}: use ${HOME_SECTIONS.join(', ')}` })
    const twice = names.filter((n, i) => names.indexOf(n) !== i)
    if (twice.length > 0) ctx.addIssue({ code: 'custom', message: `names ${[...new Set(twice)].map((n) => JSON.stringify(n)).join(', ')} twice` })
    if (!names.includes('language')) ctx.addIssue({ code: 'custom', message: 'must show "language": diners choose their language on Home' })
    if (names.includes('byNumber') && !names.includes('order')) ctx.addIssue({ code: 'custom', message: '"byNumber" shows beside "order": name "order" too' })
  })
  .transform((names) => names.join(','))

const financeAccountSchema = z
  .object({
    provider: z.string({ invalid_type_error: 'must be text' }).regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be a provider name such as "sandbox"'),
    accountName: freeText(200).pipe(z.string().min(1, 'must not be empty')),
    accountNo: freeText(128).pipe(z.string().min(1, 'must not be empty')),
    enabled: flagSchema.optional()
  })
  .strict()

/**
 * saveShop's input. Without shopId a new shop (names required; the rest defaults); with shopId
 * the changes to that shop (only what is given changes; a param given as null is removed).
 */
export const shopInputSchema = z
  .object({
    shopId: z.string({ invalid_type_error: 'must be text' }).optional(),
    /** Unique in the enterprise; new shops default to the next free number from 101. */
    code: shortCode.optional(),
    names: namesSchema.optional(),
    address: freeText(500).optional(),
    phone: freeText(64).optional(),
    /** 2 a normal shop, 5 a business-district shop (spec §4). */
    posType: z.union([z.literal(2), z.literal(5)], { errorMap: () => ({ message: 'must be 2 (normal shop) or 5 (business district)' }) }).optional(),
    enabled: flagSchema.optional(),
    /** The shop user web orders belong to (default '<name>網上點餐', 'WEB<code>'). */
    userName: freeText(200).optional(),
    userCode: shortCode.optional(),
    minaAppId: freeText(128).optional(),
    minaId: freeText(128).optional(),
    /** The merchant account payments go to; null removes it (then 'payment account not linked'). Default: the sandbox. */
    financeAccount: financeAccountSchema.nullable().optional(),
    /**
     * The shop's merchant accounts, one per provider, the default first (a diner pays the one whose
     * provider opens their host's cashier); replaces financeAccount's single account; [] none.
     */
    financeAccounts: z
      .array(financeAccountSchema, { invalid_type_error: 'must be a list' })
      .superRefine((list, ctx) => {
        const seen = new Set<string>()
        list.forEach((a, i) => {
          if (seen.has(a.provider)) ctx.addIssue({ code: 'custom', path: [i, 'provider'], message: `"${a.provider}" is listed twice: one account per provider` })
          seen.add(a.provider)
        })
      })
      .optional(),
    /** BagFee: the price of one bag. */
    bagFee: decimalSchema().optional(),
    /** ShopNotice: the notice diners see on Home (where the page config shows "notice"). */
    notice: freeText(2000).optional(),
    /** ShopPageConfig: Home's sections in order ('' the default Home; src/core/shop-page.ts). */
    pageConfig: pageConfigSchema.optional(),
    params: paramChangesSchema.optional()
  })
  .strict()
export type ShopInput = z.input<typeof shopInputSchema>

export interface FinanceAccountSetup {
  provider: string
  accountName: string
  accountNo: string
  enabled: boolean
}

/** A shop as the console shows it (and a setup file holds it, less the ids). */
export interface ShopSetup {
  shopId: string
  code: string
  names: LocalizedText
  address: string
  phone: string
  posType: 2 | 5
  enabled: boolean
  userId: string
  userName: string
  userCode: string
  minaAppId: string
  minaId: string
  /** The counter QR code ('QR-S101-…'). */
  counterCode: string
  /** The default account (the first of financeAccounts). */
  financeAccount: FinanceAccountSetup | null
  /** Every account of the shop, one per provider, the default first. */
  financeAccounts: FinanceAccountSetup[]
  /** BagFee, ShopNotice and ShopPageConfig; undefined when not set. */
  bagFee?: string
  notice?: string
  pageConfig?: string
  /** Every other param. */
  params: Record<string, string>
}

export interface SaveShopOptions {
  /** A new shop's counter code (a setup file's kept code); default a fresh one. */
  counterCode?: string
}

async function shopCodeTaken(db: Db, entId: string, code: string, exceptShopId?: string): Promise<boolean> {
  let query = db.selectFrom('shops').select('shop_id').where('ent_id', '=', entId).where('code', '=', code)
  if (exceptShopId) query = query.where('shop_id', '!=', exceptShopId)
  return (await query.executeTakeFirst()) !== undefined
}

async function writeParam(trx: Transaction<Database>, table: 'shop_params' | 'base_params', owner: string, parmId: string, value: string | null): Promise<void> {
  if (table === 'shop_params') {
    await trx.deleteFrom('shop_params').where('shop_id', '=', owner).where('parm_id', '=', parmId).execute()
    if (value !== null) await trx.insertInto('shop_params').values({ shop_id: owner, parm_id: parmId, parm_value: value }).execute()
  } else {
    await trx.deleteFrom('base_params').where('base_id', '=', owner).where('parm_id', '=', parmId).execute()
    if (value !== null) await trx.insertInto('base_params').values({ base_id: owner, parm_id: parmId, parm_value: value }).execute()
  }
}

/** Creates a shop (no shopId) or changes one; answers the shop as stored. */
export async function saveShop(trx: Transaction<Database>, entId: string, input: ShopInput, options: SaveShopOptions = {}): Promise<ShopSetup> {
  const data = parseOrRefuse(shopInputSchema, input)
  const problems = new Problems()
  refuseReserved(problems, input, ['params'], data.params, RESERVED_SHOP_PARAMS)
  if (!data.shopId && !data.names) problems.add(input, ['names'], 'is required for a new shop')
  problems.check()
  const enterprise = await trx.selectFrom('enterprises').select('ent_id').where('ent_id', '=', entId).executeTakeFirst()
  if (!enterprise) throw new DomainError('ENTERPRISE_NOT_FOUND')

  let shopId: string
  if (!data.shopId) {
    const codes = (await trx.selectFrom('shops').select('code').where('ent_id', '=', entId).execute()).map((r) => r.code)
    const code = data.code ?? nextNumericCode(codes, 101)
    if (codes.includes(code)) throw new DomainError('SHOP_CODE_TAKEN', { code })
    shopId = newId('S', 8)
    while (await trx.selectFrom('shops').select('shop_id').where('shop_id', '=', shopId).executeTakeFirst()) shopId = newId('S', 8)
    const names = data.names!
    const counterCode = options.counterCode ?? newTableCode(`S${code}`)
    await trx
      .insertInto('shops')
      .values({
        shop_id: shopId,
        ent_id: entId,
        code,
        names: namesJson(names),
        user_id: newId('U', 8),
        user_name: data.userName ?? `${pickText(names, 'zh-TW')}網上點餐`,
        user_code: data.userCode ?? `WEB${code}`,
        pos_type: data.posType ?? 2,
        mina_app_id: data.minaAppId ?? '',
        mina_id: data.minaId ?? '',
        qr_code: counterCode,
        address: data.address ?? '',
        phone: data.phone ?? '',
        is_enable: data.enabled === false ? 0 : 1
      })
      .execute()
    await trx.insertInto('qr_codes').values({ code: counterCode, ent_id: entId, shop_id: shopId, base_id: null, table_id: null, expires_at: null, is_enable: 1 }).execute()
    const accounts =
      data.financeAccounts ??
      (data.financeAccount === undefined
        ? [{ provider: 'sandbox', accountName: [names['zh-TW'], names.en].filter(Boolean).join(' ') || pickText(names, 'zh-TW'), accountNo: `SANDBOX-${shopId}` }]
        : data.financeAccount ? [data.financeAccount] : [])
    await writeFinanceAccounts(trx, entId, shopId, accounts)
  } else {
    shopId = data.shopId
    const row = await trx.selectFrom('shops').select(['shop_id', 'code']).where('ent_id', '=', entId).where('shop_id', '=', shopId).executeTakeFirst()
    if (!row) throw new DomainError('SHOP_NOT_FOUND')
    if (data.code !== undefined && data.code !== row.code && (await shopCodeTaken(trx, entId, data.code, shopId))) throw new DomainError('SHOP_CODE_TAKEN', { code: data.code })
    const set: Updateable<Database['shops']> = {}
    if (data.code !== undefined) set.code = data.code
    if (data.names) set.names = namesJson(data.names)
    if (data.address !== undefined) set.address = data.address
    if (data.phone !== undefined) set.phone = data.phone
    if (data.posType !== undefined) set.pos_type = data.posType
    if (data.enabled !== undefined) set.is_enable = data.enabled ? 1 : 0
    if (data.userName !== undefined) set.user_name = data.userName
    if (data.userCode !== undefined) set.user_code = data.userCode
    if (data.minaAppId !== undefined) set.mina_app_id = data.minaAppId
    if (data.minaId !== undefined) set.mina_id = data.minaId
    if (Object.keys(set).length > 0) {
      await trx.updateTable('shops').set(set).where('shop_id', '=', shopId).execute()
      // Answers name places from a short-lived copy (order.repository.ts): this process reads them again.
      forgetPlaceNames()
    }
    if (data.financeAccounts) await writeFinanceAccounts(trx, entId, shopId, data.financeAccounts)
    else if (data.financeAccount !== undefined) await writeFinanceAccounts(trx, entId, shopId, data.financeAccount ? [data.financeAccount] : [])
  }
  const params: Record<string, string | null> = { ...data.params }
  if (data.bagFee !== undefined) params.BagFee = data.bagFee
  if (data.notice !== undefined) params.ShopNotice = data.notice
  // '' goes back to the default Home.
  if (data.pageConfig !== undefined) params.ShopPageConfig = data.pageConfig === '' ? null : data.pageConfig
  for (const [parmId, value] of Object.entries(params)) await writeParam(trx, 'shop_params', shopId, parmId, value)
  return readShopSetup(trx, entId, shopId)
}

/** The shop's whole list of accounts, in order (the first is the default). */
async function writeFinanceAccounts(trx: Transaction<Database>, entId: string, shopId: string, accounts: { provider: string; accountName: string; accountNo: string; enabled?: boolean }[]): Promise<void> {
  await trx.deleteFrom('finance_accounts').where('shop_id', '=', shopId).execute()
  if (accounts.length === 0) return
  await trx
    .insertInto('finance_accounts')
    .values(accounts.map((a, i) => ({ shop_id: shopId, ent_id: entId, provider: a.provider, account_name: a.accountName, account_no: a.accountNo, is_enable: a.enabled === false ? 0 : 1, position: i })))
    .execute()
}

/** One shop of the enterprise as stored; SHOP_NOT_FOUND otherwise. */
export async function readShopSetup(db: Db, entId: string, shopId: string): Promise<ShopSetup> {
  const [shop] = await listShopSetups(db, entId, shopId)
  if (!shop) throw new DomainError('SHOP_NOT_FOUND')
  return shop
}

/** The enterprise's shops by code (enabled or not). */
export async function listShopSetups(db: Db, entId: string, onlyShopId?: string): Promise<ShopSetup[]> {
  let query = db.selectFrom('shops').selectAll().where('ent_id', '=', entId)
  if (onlyShopId) query = query.where('shop_id', '=', onlyShopId)
  const shops = await query.orderBy('code').orderBy('shop_id').execute()
  if (shops.length === 0) return []
  const ids = shops.map((s) => s.shop_id)
  const [params, accounts] = await Promise.all([
    db.selectFrom('shop_params').selectAll().where('shop_id', 'in', ids).orderBy('parm_id').execute(),
    db.selectFrom('finance_accounts').selectAll().where('shop_id', 'in', ids).orderBy('position').orderBy('provider').execute()
  ])
  return shops.map((s) => {
    const own = Object.fromEntries(params.filter((p) => p.shop_id === s.shop_id).map((p) => [p.parm_id, p.parm_value]))
    const ownAccounts = accounts
      .filter((a) => a.shop_id === s.shop_id)
      .map((a): FinanceAccountSetup => ({ provider: a.provider, accountName: a.account_name, accountNo: a.account_no, enabled: Number(a.is_enable) === 1 }))
    const rest: Record<string, string> = {}
    for (const [k, v] of Object.entries(own)) if (!(k in RESERVED_SHOP_PARAMS)) rest[k] = v
    const setup: ShopSetup = {
      shopId: s.shop_id,
      code: s.code,
      names: parseNames(s.names),
      address: s.address,
      phone: s.phone,
      posType: Number(s.pos_type) === 5 ? 5 : 2,
      enabled: Number(s.is_enable) === 1,
      userId: s.user_id,
      userName: s.user_name,
      userCode: s.user_code,
      minaAppId: s.mina_app_id,
      minaId: s.mina_id,
      counterCode: s.qr_code,
      financeAccount: ownAccounts[0] ?? null,
      financeAccounts: ownAccounts,
      params: rest
    }
    if (own.BagFee !== undefined) setup.bagFee = own.BagFee
    if (own.ShopNotice !== undefined) setup.notice = own.ShopNotice
    if (own.ShopPageConfig !== undefined) setup.pageConfig = own.ShopPageConfig
    return setup
  })
}

/**
 * The counter code names the shop's branch while it has exactly one (as the seed writes it), and
 * no branch once it has several (the diner then picks one).
 */
async function syncCounterBranch(trx: Transaction<Database>, shopId: string): Promise<void> {
  const bases = await trx.selectFrom('bases').select('base_id').where('shop_id', '=', shopId).execute()
  await trx
    .updateTable('qr_codes')
    .set({ base_id: bases.length === 1 ? bases[0].base_id : null })
    .where('shop_id', '=', shopId)
    .where('table_id', 'is', null)
    .execute()
}

// ---------- branches ----------

/** Branch params with a field of their own. */
export const RESERVED_BASE_PARAMS: Record<string, string> = {
  OpeningHours: 'openingHoursText',
  IsPayLaterOnlineCheckout: 'payLaterOnlineCheckout',
  DeliveryRange: 'deliveryRange'
}

/** Service styles (spec §4): all three, or takeaway or delivery only (business_mode '0', '1', '2'). */
export const SERVICES = { all: BUSINESS_MODE.ALL, takeaway: BUSINESS_MODE.TAKEAWAY, delivery: BUSINESS_MODE.DELIVERY } as const
export type Services = keyof typeof SERVICES
/** What a table is served as (cy_type '0' dine-in with pay-later sheets, '1' fast food). */
export const TABLE_SERVICES = { dinein: '0', fastfood: '1' } as const
export type TableService = keyof typeof TABLE_SERVICES

const deliveryFeeSchema = z
  .object({
    /** 'distance': up to `upTo` metres; 'amount': goods amount up to `upTo`. */
    by: z.enum(['distance', 'amount'], { errorMap: () => ({ message: 'must be "distance" or "amount"' }) }),
    upTo: decimalSchema('positive'),
    fee: decimalSchema()
  })
  .strict()

/**
 * saveBranch's input. Without baseId a new branch of shopId (names and hours required); with
 * baseId the changes to that branch (only what is given changes; deliveryFees given replace
 * them all; a param given as null is removed).
 */
export const branchInputSchema = z
  .object({
    baseId: z.string({ invalid_type_error: 'must be text' }).optional(),
    shopId: z.string({ invalid_type_error: 'must be text' }).optional(),
    /** Unique in the enterprise; new branches default to the next free number from 201. */
    code: shortCode.optional(),
    names: namesSchema.optional(),
    address: freeText(500).optional(),
    phone: freeText(64).optional(),
    /** The map pin, degrees (0, 0: none). */
    lat: z.number({ invalid_type_error: 'must be a number' }).min(-90, 'must be from -90 to 90').max(90, 'must be from -90 to 90').optional(),
    lng: z.number({ invalid_type_error: 'must be a number' }).min(-180, 'must be from -180 to 180').max(180, 'must be from -180 to 180').optional(),
    /** Opening hours on the enterprise's clock; an end before the begin crosses midnight ('18:00'–'02:00'). */
    hours: z.object({ begin: clockSchema, end: clockSchema }, { invalid_type_error: 'must be { "begin": "HH:mm", "end": "HH:mm" }' }).strict().optional(),
    /** Days open, Monday = 1 … Sunday = 7 (default all). */
    weekdays: z
      .array(wholeNumber(1, 7), { invalid_type_error: 'must be a list of days 1 (Monday) to 7 (Sunday)' })
      .min(1, 'must name at least one day')
      .refine((days) => new Set(days).size === days.length, 'must not name a day twice')
      .optional(),
    services: z.enum(['all', 'takeaway', 'delivery'], { errorMap: () => ({ message: 'must be "all", "takeaway" or "delivery"' }) }).optional(),
    tableService: z.enum(['dinein', 'fastfood'], { errorMap: () => ({ message: 'must be "dinein" or "fastfood"' }) }).optional(),
    /** DtbDuration: minutes delivery adds to an order's lead time (0: the default 30). */
    dtbDuration: wholeNumber(0, 1440).optional(),
    /** CookingTimeDuration: minutes of cooking before the earliest appointed time. */
    cookingTimeDuration: wholeNumber(0, 1440).optional(),
    /** WebOrderDuration: minutes a table's bill takes rounds (0: unlimited). */
    webOrderDuration: wholeNumber(0, 10080).optional(),
    /** OpeningHours as written for people (default 'begin-end'). */
    openingHoursText: freeText(200).optional(),
    /** IsPayLaterOnlineCheckout: diners may pay a table's bill in the app. */
    payLaterOnlineCheckout: flagSchema.optional(),
    /** DeliveryRange: metres delivery reaches (0: unlimited, or the last distance tier). */
    deliveryRange: wholeNumber(0, 1_000_000).optional(),
    /** Delivery fee tiers; within each kind ascending by upTo. */
    deliveryFees: z.array(deliveryFeeSchema, { invalid_type_error: 'must be a list' }).max(50, 'must have at most 50 tiers').optional(),
    params: paramChangesSchema.optional()
  })
  .strict()
export type BranchInput = z.input<typeof branchInputSchema>

export interface DeliveryFeeSetup {
  by: 'distance' | 'amount'
  upTo: string
  fee: string
}

/** A branch as the console shows it. */
export interface BranchSetup {
  baseId: string
  shopId: string
  code: string
  names: LocalizedText
  address: string
  phone: string
  lat: number
  lng: number
  hours: { begin: string; end: string }
  weekdays: number[]
  services: Services
  tableService: TableService
  dtbDuration: number
  cookingTimeDuration: number
  webOrderDuration: number
  openingHoursText: string
  payLaterOnlineCheckout: boolean
  deliveryRange: number
  deliveryFees: DeliveryFeeSetup[]
  params: Record<string, string>
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7]
const defaultHoursText = (hours: { begin: string; end: string }): string => `${hours.begin}-${hours.end}`

/** Problems of delivery tiers: distance tiers in whole metres; each kind ascending. */
export function checkDeliveryFees(problems: Problems, raw: unknown, fees: readonly DeliveryFeeSetup[], prefix: readonly PathPart[] = []): void {
  const last: Record<string, number> = {}
  fees.forEach((f, i) => {
    const upTo = Number(f.upTo)
    const at = [...prefix, 'deliveryFees', i, 'upTo']
    if (f.by === 'distance' && !Number.isInteger(upTo)) problems.add(raw, at, `a distance is whole metres, got ${JSON.stringify(f.upTo)}`)
    if (last[f.by] !== undefined && upTo <= last[f.by]) {
      problems.add(raw, at, `"${f.by}" tiers must go up: ${f.upTo} is not above the tier before it (${last[f.by]})`)
    }
    last[f.by] = upTo
  })
}

async function baseCodeTaken(db: Db, entId: string, code: string, exceptBaseId?: string): Promise<boolean> {
  let query = db.selectFrom('bases').select('base_id').where('ent_id', '=', entId).where('code', '=', code)
  if (exceptBaseId) query = query.where('base_id', '!=', exceptBaseId)
  return (await query.executeTakeFirst()) !== undefined
}

/** Creates a branch (no baseId) or changes one; answers the branch as stored. */
export async function saveBranch(trx: Transaction<Database>, entId: string, input: BranchInput): Promise<BranchSetup> {
  const data = parseOrRefuse(branchInputSchema, input)
  const problems = new Problems()
  refuseReserved(problems, input, ['params'], data.params, RESERVED_BASE_PARAMS)
  if (!data.baseId) {
    if (!data.shopId) problems.add(input, ['shopId'], 'is required for a new branch')
    if (!data.names) problems.add(input, ['names'], 'is required for a new branch')
    if (!data.hours) problems.add(input, ['hours'], 'is required for a new branch')
  }
  if (data.deliveryFees) checkDeliveryFees(problems, input, data.deliveryFees)
  problems.check()

  let baseId: string
  let shopId: string
  let oldHours: { begin: string; end: string } | null = null
  if (!data.baseId) {
    shopId = data.shopId!
    const shop = await trx.selectFrom('shops').select('shop_id').where('ent_id', '=', entId).where('shop_id', '=', shopId).executeTakeFirst()
    if (!shop) throw new DomainError('SHOP_NOT_FOUND')
    const codes = (await trx.selectFrom('bases').select('code').where('ent_id', '=', entId).execute()).map((r) => r.code)
    const code = data.code ?? nextNumericCode(codes, 201)
    if (codes.includes(code)) throw new DomainError('BASE_CODE_TAKEN', { code })
    baseId = newId('B', 8)
    while (await trx.selectFrom('bases').select('base_id').where('base_id', '=', baseId).executeTakeFirst()) baseId = newId('B', 8)
    const hours = data.hours!
    await trx
      .insertInto('bases')
      .values({
        base_id: baseId,
        ent_id: entId,
        shop_id: shopId,
        code,
        names: namesJson(data.names!),
        business_mode: SERVICES[data.services ?? 'all'],
        cy_type: TABLE_SERVICES[data.tableService ?? 'dinein'],
        weekday: [...(data.weekdays ?? ALL_DAYS)].sort().join(','),
        online_begin_time: hours.begin,
        online_end_time: hours.end,
        begin_time: hours.begin,
        end_time: hours.end,
        dtb_duration: data.dtbDuration ?? 0,
        cooking_time_duration: data.cookingTimeDuration ?? 15,
        web_order_duration: data.webOrderDuration ?? 120,
        address: data.address ?? '',
        phone: data.phone ?? '',
        lat: data.lat ?? 0,
        lng: data.lng ?? 0
      })
      .execute()
    await writeParam(trx, 'base_params', baseId, 'OpeningHours', data.openingHoursText || defaultHoursText(hours))
    await writeParam(trx, 'base_params', baseId, 'IsPayLaterOnlineCheckout', data.payLaterOnlineCheckout ? '1' : '0')
    await writeParam(trx, 'base_params', baseId, 'DeliveryRange', String(data.deliveryRange ?? 0))
    await syncCounterBranch(trx, shopId)
  } else {
    baseId = data.baseId
    const row = await trx.selectFrom('bases').selectAll().where('ent_id', '=', entId).where('base_id', '=', baseId).executeTakeFirst()
    if (!row) throw new DomainError('BASE_NOT_FOUND')
    shopId = row.shop_id
    if (data.shopId !== undefined && data.shopId !== row.shop_id) throw new SetupError(['shopId: a branch cannot move to another shop'])
    if (data.code !== undefined && data.code !== row.code && (await baseCodeTaken(trx, entId, data.code, baseId))) throw new DomainError('BASE_CODE_TAKEN', { code: data.code })
    oldHours = { begin: row.begin_time, end: row.end_time }
    const set: Updateable<Database['bases']> = {}
    if (data.code !== undefined) set.code = data.code
    if (data.names) set.names = namesJson(data.names)
    if (data.address !== undefined) set.address = data.address
    if (data.phone !== undefined) set.phone = data.phone
    if (data.lat !== undefined) set.lat = data.lat
    if (data.lng !== undefined) set.lng = data.lng
    if (data.hours) {
      set.begin_time = set.online_begin_time = data.hours.begin
      set.end_time = set.online_end_time = data.hours.end
    }
    if (data.weekdays) set.weekday = [...data.weekdays].sort().join(',')
    if (data.services) set.business_mode = SERVICES[data.services]
    if (data.tableService) set.cy_type = TABLE_SERVICES[data.tableService]
    if (data.dtbDuration !== undefined) set.dtb_duration = data.dtbDuration
    if (data.cookingTimeDuration !== undefined) set.cooking_time_duration = data.cookingTimeDuration
    if (data.webOrderDuration !== undefined) set.web_order_duration = data.webOrderDuration
    if (Object.keys(set).length > 0) {
      await trx.updateTable('bases').set(set).where('base_id', '=', baseId).execute()
      // Answers name places from a short-lived copy (order.repository.ts): this process reads them again.
      forgetPlaceNames()
    }
    if (data.openingHoursText !== undefined) {
      await writeParam(trx, 'base_params', baseId, 'OpeningHours', data.openingHoursText || defaultHoursText(data.hours ?? oldHours))
    } else if (data.hours) {
      // The text people read follows new hours unless the shop wrote its own.
      const text = await trx.selectFrom('base_params').select('parm_value').where('base_id', '=', baseId).where('parm_id', '=', 'OpeningHours').executeTakeFirst()
      if (!text || text.parm_value === defaultHoursText(oldHours) || text.parm_value === '') {
        await writeParam(trx, 'base_params', baseId, 'OpeningHours', defaultHoursText(data.hours))
      }
    }
    if (data.payLaterOnlineCheckout !== undefined) await writeParam(trx, 'base_params', baseId, 'IsPayLaterOnlineCheckout', data.payLaterOnlineCheckout ? '1' : '0')
    if (data.deliveryRange !== undefined) await writeParam(trx, 'base_params', baseId, 'DeliveryRange', String(data.deliveryRange))
  }
  for (const [parmId, value] of Object.entries(data.params ?? {})) await writeParam(trx, 'base_params', baseId, parmId, value)
  if (data.deliveryFees) {
    await trx.deleteFrom('freight_rules').where('base_id', '=', baseId).execute()
    if (data.deliveryFees.length > 0) {
      await trx
        .insertInto('freight_rules')
        .values(data.deliveryFees.map((f, i) => ({ base_id: baseId, sort_no: i + 1, rule_type: f.by, up_to: f.upTo, fee: f.fee })))
        .execute()
    }
  }
  return readBranchSetup(trx, entId, baseId)
}

/**
 * Removes a branch with its tables, codes, params and delivery tiers. A branch that has orders
 * or open bills is refused (BASE_IN_USE): what was sold there stays readable.
 */
export async function removeBranch(trx: Transaction<Database>, entId: string, baseId: string): Promise<void> {
  const row = await trx.selectFrom('bases').select(['base_id', 'shop_id', 'code']).where('ent_id', '=', entId).where('base_id', '=', baseId).executeTakeFirst()
  if (!row) throw new DomainError('BASE_NOT_FOUND')
  const order = await trx.selectFrom('orders').select('order_id').where('base_id', '=', baseId).limit(1).executeTakeFirst()
  const sheet = await trx.selectFrom('table_sheets').select('sheet_id').where('base_id', '=', baseId).limit(1).executeTakeFirst()
  if (order || sheet) throw new DomainError('BASE_IN_USE', { branch: row.code })
  await trx.deleteFrom('qr_codes').where('base_id', '=', baseId).where('table_id', 'is not', null).execute()
  await trx.deleteFrom('dining_tables').where('base_id', '=', baseId).execute()
  await trx.deleteFrom('freight_rules').where('base_id', '=', baseId).execute()
  await trx.deleteFrom('base_params').where('base_id', '=', baseId).execute()
  await trx.deleteFrom('goods_bases').where('base_id', '=', baseId).execute()
  await trx.updateTable('qr_codes').set({ base_id: null }).where('base_id', '=', baseId).execute()
  await trx.deleteFrom('bases').where('base_id', '=', baseId).execute()
  await syncCounterBranch(trx, row.shop_id)
}

/** One branch of the enterprise as stored; BASE_NOT_FOUND otherwise. */
export async function readBranchSetup(db: Db, entId: string, baseId: string): Promise<BranchSetup> {
  const [branch] = await listBranchSetups(db, entId, { baseId })
  if (!branch) throw new DomainError('BASE_NOT_FOUND')
  return branch
}

/** The enterprise's branches (of one shop, or one branch) by code. */
export async function listBranchSetups(db: Db, entId: string, filter: { shopId?: string; baseId?: string } = {}): Promise<BranchSetup[]> {
  let query = db.selectFrom('bases').selectAll().where('ent_id', '=', entId)
  if (filter.shopId) query = query.where('shop_id', '=', filter.shopId)
  if (filter.baseId) query = query.where('base_id', '=', filter.baseId)
  const bases = await query.orderBy('code').orderBy('base_id').execute()
  if (bases.length === 0) return []
  const ids = bases.map((b) => b.base_id)
  const [params, fees] = await Promise.all([
    db.selectFrom('base_params').selectAll().where('base_id', 'in', ids).orderBy('parm_id').execute(),
    db.selectFrom('freight_rules').selectAll().where('base_id', 'in', ids).orderBy('sort_no').execute()
  ])
  return bases.map((b) => {
    const own = Object.fromEntries(params.filter((p) => p.base_id === b.base_id).map((p) => [p.parm_id, p.parm_value]))
    const rest: Record<string, string> = {}
    for (const [k, v] of Object.entries(own)) if (!(k in RESERVED_BASE_PARAMS)) rest[k] = v
    const days = b.weekday
      .split(',')
      .map((d) => Number(d.trim()))
      .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7)
    const services = (Object.keys(SERVICES) as Services[]).find((k) => SERVICES[k] === b.business_mode) ?? 'all'
    const range = Number(own.DeliveryRange ?? '0')
    return {
      baseId: b.base_id,
      shopId: b.shop_id,
      code: b.code,
      names: parseNames(b.names),
      address: b.address,
      phone: b.phone,
      lat: Number(b.lat),
      lng: Number(b.lng),
      hours: { begin: b.begin_time.slice(0, 5), end: b.end_time.slice(0, 5) },
      weekdays: days.length > 0 ? [...new Set(days)].sort() : ALL_DAYS,
      services,
      tableService: b.cy_type === '1' ? 'fastfood' : 'dinein',
      dtbDuration: Number(b.dtb_duration),
      cookingTimeDuration: Number(b.cooking_time_duration),
      webOrderDuration: Number(b.web_order_duration),
      openingHoursText: own.OpeningHours ?? '',
      payLaterOnlineCheckout: own.IsPayLaterOnlineCheckout === '1',
      deliveryRange: Number.isInteger(range) && range > 0 ? range : 0,
      deliveryFees: fees
        .filter((f) => f.base_id === b.base_id)
        .map((f) => ({ by: f.rule_type === 'amount' ? ('amount' as const) : ('distance' as const), upTo: f.up_to, fee: f.fee })),
      params: rest
    }
  })
}

// ---------- recharge rules ----------

const giftCouponSchema = z
  .object({
    names: namesSchema,
    /** What the coupon takes off. */
    value: decimalSchema('positive'),
    /** Spend at least this (default '0'). */
    minAmount: decimalSchema().optional(),
    /** Valid this many days from the recharge. */
    validDays: wholeNumber(1, 3650),
    /** How many coupons one recharge gives. */
    qua: wholeNumber(1, 100)
  })
  .strict()

/**
 * saveRechargeRule's input: pay `amount`, get amount + giftAmount on the balance and the gift
 * coupons. Without ruleId a new rule; with ruleId the changes to it (only what is given).
 */
export const rechargeRuleInputSchema = z
  .object({
    ruleId: z.string({ invalid_type_error: 'must be text' }).optional(),
    names: namesSchema.optional(),
    amount: decimalSchema('positive').optional(),
    giftAmount: decimalSchema().optional(),
    giftCoupons: z.array(giftCouponSchema, { invalid_type_error: 'must be a list' }).max(10, 'must have at most 10 gift coupons').optional(),
    /** The shop the rule is offered at; '' (default) every shop. */
    shopId: z.string({ invalid_type_error: 'must be text' }).optional(),
    enabled: flagSchema.optional(),
    /** Ascending; new rules go last. */
    sort: wholeNumber(0, 1_000_000).optional()
  })
  .strict()
export type RechargeRuleInput = z.input<typeof rechargeRuleInputSchema>

export interface GiftCouponSetup {
  names: LocalizedText
  value: string
  minAmount: string
  validDays: number
  qua: number
}

export interface RechargeRuleSetup {
  ruleId: string
  names: LocalizedText
  amount: string
  giftAmount: string
  giftCoupons: GiftCouponSetup[]
  /** '' every shop. */
  shopId: string
  enabled: boolean
  sort: number
}

function parseGifts(json: string): GiftCouponSetup[] {
  try {
    const list = JSON.parse(json) as unknown
    if (!Array.isArray(list)) return []
    return list.map((g: Record<string, unknown>) => ({
      names: parseNames(JSON.stringify(g.names ?? {})),
      value: String(g.value ?? '0'),
      minAmount: String(g.minAmount ?? '0'),
      validDays: Number(g.validDays ?? 1),
      qua: Number(g.qua ?? 1)
    }))
  } catch {
    return []
  }
}

const giftsJson = (gifts: GiftCouponSetup[]): string =>
  JSON.stringify(gifts.map((g) => ({ names: { 'zh-CN': g.names['zh-CN'], 'zh-TW': g.names['zh-TW'], en: g.names.en }, value: g.value, minAmount: g.minAmount, validDays: g.validDays, qua: g.qua })))

/**
 * Creates a rule (no ruleId) or changes one; answers the rule as stored. A rule's gift coupons
 * become coupon plans the first time a recharge gives them (domain/coupons/recharge-gift-plans.ts,
 * one plan per rule and position), so changing the gifts of a rule that has given any (or has
 * plans) makes a new rule in its place and disables the old one, which stays for the recharges
 * that name it: old cards keep what they were, new recharges give the new gifts.
 */
export async function saveRechargeRule(trx: Transaction<Database>, entId: string, input: RechargeRuleInput): Promise<RechargeRuleSetup> {
  const data = parseOrRefuse(rechargeRuleInputSchema, input)
  const problems = new Problems()
  if (!data.ruleId) {
    if (!data.names) problems.add(input, ['names'], 'is required for a new rule')
    if (!data.amount) problems.add(input, ['amount'], 'is required for a new rule')
  }
  problems.check()
  if (data.shopId) {
    const shop = await trx.selectFrom('shops').select('shop_id').where('ent_id', '=', entId).where('shop_id', '=', data.shopId).executeTakeFirst()
    if (!shop) throw new DomainError('SHOP_NOT_FOUND')
  }
  const gifts: GiftCouponSetup[] | undefined = data.giftCoupons?.map((g) => ({ ...g, minAmount: g.minAmount ?? '0' }))

  if (data.ruleId) {
    const row = await trx.selectFrom('recharge_rules').selectAll().where('ent_id', '=', entId).where('rule_id', '=', data.ruleId).executeTakeFirst()
    if (!row) throw new DomainError('RECHARGE_RULE_NOT_FOUND')
    const giftsChange = gifts !== undefined && giftsJson(gifts) !== giftsJson(parseGifts(row.gift_coupons))
    if (giftsChange) {
      const given = await trx.selectFrom('recharges').select('recharge_id').where('rule_id', '=', row.rule_id).limit(1).executeTakeFirst()
      const plans = await trx.selectFrom('coupon_plans').select('plan_id').where('ent_id', '=', entId).where('code', 'like', `recharge-gift:${row.rule_id}:%`).limit(1).executeTakeFirst()
      if (given || plans) {
        await trx.updateTable('recharge_rules').set({ is_enable: 0 }).where('rule_id', '=', row.rule_id).execute()
        return insertRule(trx, entId, {
          names: data.names ?? parseNames(row.names),
          amount: data.amount ?? row.amount,
          giftAmount: data.giftAmount ?? row.gift_amount,
          giftCoupons: gifts!,
          shopId: data.shopId ?? row.shop_id,
          enabled: data.enabled ?? Number(row.is_enable) === 1,
          sort: data.sort ?? Number(row.sort_no)
        })
      }
    }
    const set: Updateable<Database['recharge_rules']> = {}
    if (data.names) set.names = namesJson(data.names)
    if (data.amount) set.amount = data.amount
    if (data.giftAmount !== undefined) set.gift_amount = data.giftAmount
    if (gifts) set.gift_coupons = giftsJson(gifts)
    if (data.shopId !== undefined) set.shop_id = data.shopId
    if (data.enabled !== undefined) set.is_enable = data.enabled ? 1 : 0
    if (data.sort !== undefined) set.sort_no = data.sort
    if (Object.keys(set).length > 0) await trx.updateTable('recharge_rules').set(set).where('rule_id', '=', row.rule_id).execute()
    const [rule] = await listRechargeRules(trx, entId, { ruleId: row.rule_id })
    return rule
  }
  const last = await trx
    .selectFrom('recharge_rules')
    .select((eb) => eb.fn.max('sort_no').as('max'))
    .where('ent_id', '=', entId)
    .executeTakeFirst()
  return insertRule(trx, entId, {
    names: data.names!,
    amount: data.amount!,
    giftAmount: data.giftAmount ?? '0',
    giftCoupons: gifts ?? [],
    shopId: data.shopId ?? '',
    enabled: data.enabled ?? true,
    sort: data.sort ?? Number(last?.max ?? 0) + 1
  })
}

async function insertRule(trx: Transaction<Database>, entId: string, rule: Omit<RechargeRuleSetup, 'ruleId'>): Promise<RechargeRuleSetup> {
  let ruleId = `${entId}-${newId('R', 6)}`
  while (await trx.selectFrom('recharge_rules').select('rule_id').where('rule_id', '=', ruleId).executeTakeFirst()) ruleId = `${entId}-${newId('R', 6)}`
  await trx
    .insertInto('recharge_rules')
    .values({
      rule_id: ruleId,
      ent_id: entId,
      shop_id: rule.shopId,
      names: namesJson(rule.names),
      amount: rule.amount,
      gift_amount: rule.giftAmount,
      gift_coupons: giftsJson(rule.giftCoupons),
      sort_no: rule.sort,
      is_enable: rule.enabled ? 1 : 0
    })
    .execute()
  return { ruleId, ...rule }
}

/** The enterprise's recharge rules by sort (disabled ones too unless asked otherwise). */
export async function listRechargeRules(db: Db, entId: string, filter: { ruleId?: string; onlyEnabled?: boolean } = {}): Promise<RechargeRuleSetup[]> {
  let query = db.selectFrom('recharge_rules').selectAll().where('ent_id', '=', entId)
  if (filter.ruleId) query = query.where('rule_id', '=', filter.ruleId)
  if (filter.onlyEnabled) query = query.where('is_enable', '=', 1)
  const rows = await query.orderBy('sort_no').orderBy('rule_id').execute()
  return rows.map((r) => ({
    ruleId: r.rule_id,
    names: parseNames(r.names),
    amount: r.amount,
    giftAmount: r.gift_amount,
    giftCoupons: parseGifts(r.gift_coupons),
    shopId: r.shop_id,
    enabled: Number(r.is_enable) === 1,
    sort: Number(r.sort_no)
  }))
}
