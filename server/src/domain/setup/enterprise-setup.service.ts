/**
 * Setting up an enterprise from nothing (issue 23): what the demo seed writes for E1001
 * (server/src/storage/seed.ts, seedEnterprise), from the console or a setup file.
 *
 * An enterprise is its row (names) plus
 *   - enterprise_settings: AmoPoint and PricePoint (amount and price decimals, default 2),
 *     QuaPoint, DiscountPoint and PQuaPoint (0), Currency (the symbol shown, 'MOP$'), TimeZone
 *     (IANA, the clock every time of the enterprise is read on), AppLanguage (the app's language
 *     when nothing stronger decides, spec §1: '1' traditional Chinese, '2' English; the first of
 *     `languages`), Languages (the languages the enterprise writes its names in, first the default,
 *     'zh-TW,zh-CN,en') and CYSheetGoodsQuaEdit (whether diners may change the quantity of what
 *     went to the kitchen at all: '0' unless asked; the demo has '1'), CYSheetSentQuaLower (whether
 *     they may also lower a line below what went to the kitchen: '0' unless asked, raising stays
 *     allowed; the demo has '1'), and any further setting
 *     (MaxLineQuantity, MaxOrderLines, UnpaidOrderMinutes …) as written;
 *   - service_links: api '/', h5 '/', image '/files/' (relative to the origin a request came
 *     to, as the demo), or absolute URLs.
 * No HTTP here: the console's staff operations call these with their own auth and audit.
 */
import type { Kysely, Transaction } from 'kysely'
import { z } from 'zod'
import { LOCALES, type Locale, type LocalizedText } from '../../../../src/gateway/contract'
import { isTimeZone } from '../../../../src/core/wall-clock'
import { forgetEnterprise, forgetEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { namesJson, parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { freeText, namesSchema, newId, paramsSchema, paramChangesSchema, parseOrRefuse, Problems, refuseReserved, wholeNumber, flagSchema } from './setup-common'

export const SERVICE_LINK_TYPES = ['api', 'h5', 'image'] as const
export type ServiceLinkType = (typeof SERVICE_LINK_TYPES)[number]

/** The demo's links: everything on the origin the request came to. */
export const DEFAULT_SERVICE_LINKS: Record<ServiceLinkType, string> = { api: '/', h5: '/', image: '/files/' }

/** Settings with a field of their own (the field is the one way to set them). */
export const RESERVED_SETTINGS: Record<string, string> = {
  AmoPoint: 'amoPoint',
  PricePoint: 'pricePoint',
  Currency: 'currency',
  TimeZone: 'timeZone',
  AppLanguage: 'languages',
  Languages: 'languages',
  CYSheetGoodsQuaEdit: 'quantityEditAllowed',
  CYSheetSentQuaLower: 'lowerSentAllowed'
}

/** Settings every new enterprise gets unless `settings` says otherwise (as the demo's). */
const DEFAULT_SETTINGS: Record<string, string> = { QuaPoint: '0', DiscountPoint: '0', PQuaPoint: '0' }

/** An enterprise's setup as the console shows it and a setup file holds it. */
export interface EnterpriseSetup {
  names: LocalizedText
  /** Currency symbol shown with amounts ('MOP$'). */
  currency: string
  /** IANA time zone ('Asia/Macau'). */
  timeZone: string
  /** Languages the enterprise writes its names in, the first its default (AppLanguage). */
  languages: Locale[]
  /** Decimals of amounts and of prices (0–8). */
  amoPoint: number
  pricePoint: number
  /** CYSheetGoodsQuaEdit: diners may change quantities already sent to the kitchen. */
  quantityEditAllowed: boolean
  /** CYSheetSentQuaLower: diners may lower a line below what went to the kitchen (default no: raising only). */
  lowerSentAllowed: boolean
  /** Every other setting, as stored (QuaPoint, MaxLineQuantity …). */
  settings: Record<string, string>
  serviceLinks: Record<ServiceLinkType, string>
}

const localeSchema = z.enum(LOCALES, { errorMap: () => ({ message: `must be one of ${LOCALES.map((l) => JSON.stringify(l)).join(', ')}` }) })

const timeZoneSchema = z
  .string({ invalid_type_error: 'must be an IANA time zone such as "Asia/Macau"' })
  .refine((zone) => /^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(zone) && isTimeZone(zone), (zone) => ({
    message: `unknown time zone ${JSON.stringify(zone)}: use an IANA name such as "Asia/Macau"`
  }))

const linkSchema = z
  .string({ invalid_type_error: 'must be a path or URL' })
  .max(500, 'must be at most 500 characters')
  .refine((url) => /^\/[^\s]*$/.test(url) || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(url), 'must be a path starting with "/" or an http(s) URL')

const fields = {
  names: namesSchema,
  currency: freeText(8).pipe(z.string().min(1, 'must not be empty')),
  timeZone: timeZoneSchema,
  languages: z
    .array(localeSchema, { invalid_type_error: 'must be a list of languages' })
    .min(1, 'must name at least one language')
    .refine((list) => new Set(list).size === list.length, 'must not name a language twice'),
  amoPoint: wholeNumber(0, 8),
  pricePoint: wholeNumber(0, 8),
  quantityEditAllowed: flagSchema,
  lowerSentAllowed: flagSchema,
  serviceLinks: z.object({ api: linkSchema.optional(), h5: linkSchema.optional(), image: linkSchema.optional() }).strict()
}

/** createEnterprise's input: names, currency and time zone required; the rest defaults as the demo's. */
export const enterpriseInputSchema = z
  .object({
    ...fields,
    languages: fields.languages.optional(),
    amoPoint: fields.amoPoint.optional(),
    pricePoint: fields.pricePoint.optional(),
    quantityEditAllowed: fields.quantityEditAllowed.optional(),
    lowerSentAllowed: fields.lowerSentAllowed.optional(),
    settings: paramsSchema.optional(),
    serviceLinks: fields.serviceLinks.optional()
  })
  .strict()
export type EnterpriseInput = z.input<typeof enterpriseInputSchema>

/** updateEnterprise's input: only what is given changes; a setting given as null is removed. */
export const enterpriseChangesSchema = z
  .object({
    names: fields.names.optional(),
    currency: fields.currency.optional(),
    timeZone: fields.timeZone.optional(),
    languages: fields.languages.optional(),
    amoPoint: fields.amoPoint.optional(),
    pricePoint: fields.pricePoint.optional(),
    quantityEditAllowed: fields.quantityEditAllowed.optional(),
    lowerSentAllowed: fields.lowerSentAllowed.optional(),
    settings: paramChangesSchema.optional(),
    serviceLinks: fields.serviceLinks.optional()
  })
  .strict()
export type EnterpriseChanges = z.input<typeof enterpriseChangesSchema>

const DEFAULT_LANGUAGES: Locale[] = ['zh-TW', 'zh-CN', 'en']

/** AppLanguage of spec §1: '1' traditional Chinese, '2' English; anything else reads as traditional Chinese. */
const appLanguageOf = (first: Locale): string => (first === 'en' ? '2' : first === 'zh-TW' ? '1' : '0')

function checkReserved(raw: unknown, settings: Record<string, unknown> | undefined): void {
  const problems = new Problems()
  refuseReserved(problems, raw, ['settings'], settings, RESERVED_SETTINGS)
  problems.check()
}

/** Setting rows for the fields given. */
function settingRows(input: {
  currency?: string
  timeZone?: string
  languages?: Locale[]
  amoPoint?: number
  pricePoint?: number
  quantityEditAllowed?: boolean
  lowerSentAllowed?: boolean
}): Record<string, string> {
  const rows: Record<string, string> = {}
  if (input.amoPoint !== undefined) rows.AmoPoint = String(input.amoPoint)
  if (input.pricePoint !== undefined) rows.PricePoint = String(input.pricePoint)
  if (input.currency !== undefined) rows.Currency = input.currency
  if (input.timeZone !== undefined) rows.TimeZone = input.timeZone
  if (input.languages !== undefined) {
    rows.AppLanguage = appLanguageOf(input.languages[0])
    rows.Languages = input.languages.join(',')
  }
  if (input.quantityEditAllowed !== undefined) rows.CYSheetGoodsQuaEdit = input.quantityEditAllowed ? '1' : '0'
  if (input.lowerSentAllowed !== undefined) rows.CYSheetSentQuaLower = input.lowerSentAllowed ? '1' : '0'
  return rows
}

async function writeSetting(trx: Transaction<Database>, entId: string, parmId: string, value: string | null): Promise<void> {
  await trx.deleteFrom('enterprise_settings').where('ent_id', '=', entId).where('parm_id', '=', parmId).execute()
  if (value !== null) await trx.insertInto('enterprise_settings').values({ ent_id: entId, parm_id: parmId, parm_value: value }).execute()
  forgetEnterpriseSettings(trx)
}

async function writeLink(trx: Transaction<Database>, entId: string, type: ServiceLinkType, url: string): Promise<void> {
  await trx.deleteFrom('service_links').where('ent_id', '=', entId).where('link_type', '=', type).execute()
  await trx.insertInto('service_links').values({ ent_id: entId, link_type: type, url }).execute()
}

/**
 * Creates an enterprise with everything a working one needs (settings, service links) and
 * answers its new id: 'E' + a letter + 10 random characters, never one of the demo's (E1001).
 */
export async function createEnterprise(trx: Transaction<Database>, input: EnterpriseInput, options: { now?: Date } = {}): Promise<{ entId: string }> {
  const data = parseOrRefuse(enterpriseInputSchema, input)
  checkReserved(input, data.settings)
  const now = options.now ?? new Date()
  let entId = newId('E')
  while (await trx.selectFrom('enterprises').select('ent_id').where('ent_id', '=', entId).executeTakeFirst()) entId = newId('E')
  await trx.insertInto('enterprises').values({ ent_id: entId, names: namesJson(data.names), created_at: now.toISOString() }).execute()
  await writeAll(trx, entId, data)
  return { entId }
}

/** Changes what is given; ENTERPRISE_NOT_FOUND for an unknown enterprise. */
export async function updateEnterprise(trx: Transaction<Database>, entId: string, changes: EnterpriseChanges): Promise<void> {
  const data = parseOrRefuse(enterpriseChangesSchema, changes)
  checkReserved(changes, data.settings)
  const found = await trx.selectFrom('enterprises').select('ent_id').where('ent_id', '=', entId).executeTakeFirst()
  if (!found) throw new DomainError('ENTERPRISE_NOT_FOUND')
  if (data.names) {
    await trx.updateTable('enterprises').set({ names: namesJson(data.names) }).where('ent_id', '=', entId).execute()
    forgetEnterprise()
  }
  const settings: Record<string, string | null> = { ...data.settings, ...settingRows(data) }
  for (const [parmId, value] of Object.entries(settings)) await writeSetting(trx, entId, parmId, value)
  for (const type of SERVICE_LINK_TYPES) {
    const url = data.serviceLinks?.[type]
    if (url !== undefined) await writeLink(trx, entId, type, url)
  }
}

/**
 * Makes the enterprise's setup exactly `setup` (a setup file's 'replace'): names, settings
 * (settings it does not name are removed, defaults as for a new enterprise) and links.
 */
export async function replaceEnterpriseSetup(trx: Transaction<Database>, entId: string, setup: EnterpriseInput): Promise<void> {
  const data = parseOrRefuse(enterpriseInputSchema, setup)
  checkReserved(setup, data.settings)
  const found = await trx.selectFrom('enterprises').select('ent_id').where('ent_id', '=', entId).executeTakeFirst()
  if (!found) throw new DomainError('ENTERPRISE_NOT_FOUND')
  await trx.updateTable('enterprises').set({ names: namesJson(data.names) }).where('ent_id', '=', entId).execute()
  forgetEnterprise()
  await trx.deleteFrom('enterprise_settings').where('ent_id', '=', entId).execute()
  forgetEnterpriseSettings(trx)
  await trx.deleteFrom('service_links').where('ent_id', '=', entId).execute()
  await writeAll(trx, entId, data)
}

/** The settings and links of a whole setup (defaults for what it leaves out), onto none. */
async function writeAll(trx: Transaction<Database>, entId: string, data: z.output<typeof enterpriseInputSchema>): Promise<void> {
  const settings = {
    ...DEFAULT_SETTINGS,
    ...data.settings,
    ...settingRows({
      ...data,
      languages: data.languages ?? DEFAULT_LANGUAGES,
      amoPoint: data.amoPoint ?? 2,
      pricePoint: data.pricePoint ?? 2,
      quantityEditAllowed: data.quantityEditAllowed ?? false,
      lowerSentAllowed: data.lowerSentAllowed ?? false
    })
  }
  await trx
    .insertInto('enterprise_settings')
    .values(Object.entries(settings).map(([parm_id, parm_value]) => ({ ent_id: entId, parm_id, parm_value })))
    .execute()
  forgetEnterpriseSettings(trx)
  const links = { ...DEFAULT_SERVICE_LINKS, ...data.serviceLinks }
  await trx
    .insertInto('service_links')
    .values(SERVICE_LINK_TYPES.map((link_type) => ({ ent_id: entId, link_type, url: links[link_type] })))
    .execute()
}

/** The enterprise's setup as stored; ENTERPRISE_NOT_FOUND for an unknown enterprise. */
export async function readEnterpriseSetup(db: Kysely<Database>, entId: string): Promise<EnterpriseSetup> {
  const row = await db.selectFrom('enterprises').select(['ent_id', 'names']).where('ent_id', '=', entId).executeTakeFirst()
  if (!row) throw new DomainError('ENTERPRISE_NOT_FOUND')
  const settingRowsStored = await db.selectFrom('enterprise_settings').select(['parm_id', 'parm_value']).where('ent_id', '=', entId).orderBy('parm_id').execute()
  const all = Object.fromEntries(settingRowsStored.map((r) => [r.parm_id, r.parm_value]))
  const linkRows = await db.selectFrom('service_links').select(['link_type', 'url']).where('ent_id', '=', entId).execute()
  const links = { ...DEFAULT_SERVICE_LINKS }
  for (const r of linkRows) if ((SERVICE_LINK_TYPES as readonly string[]).includes(r.link_type)) links[r.link_type as ServiceLinkType] = r.url
  const points = (v: string | undefined, fallback: number) => (v !== undefined && /^[0-8]$/.test(v.trim()) ? Number(v.trim()) : fallback)
  const settings: Record<string, string> = {}
  for (const [k, v] of Object.entries(all)) if (!(k in RESERVED_SETTINGS)) settings[k] = v
  return {
    names: parseNames(row.names),
    currency: all.Currency ?? '',
    timeZone: all.TimeZone ?? 'UTC',
    languages: languagesOf(all.Languages, all.AppLanguage),
    amoPoint: points(all.AmoPoint, 2),
    pricePoint: points(all.PricePoint, 2),
    quantityEditAllowed: all.CYSheetGoodsQuaEdit === '1',
    lowerSentAllowed: all.CYSheetSentQuaLower === '1',
    settings,
    serviceLinks: links
  }
}

/** The Languages setting, or (an enterprise from before it, as the demo) the three with AppLanguage's first. */
export function languagesOf(stored: string | undefined, appLanguage: string | undefined): Locale[] {
  const listed = (stored ?? '').split(',').map((s) => s.trim()).filter((s): s is Locale => (LOCALES as readonly string[]).includes(s))
  if (listed.length > 0) return [...new Set(listed)]
  return appLanguage === '2' ? ['en', 'zh-TW', 'zh-CN'] : DEFAULT_LANGUAGES
}
