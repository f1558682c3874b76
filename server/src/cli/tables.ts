/**
 * npm run tables -- list [--ent E1001]              every table with its entry URL
 * npm run tables -- rotate <TableID|table QR code> [<…> …]
 * npm run tables -- pdf <file> [--ent E1001] [--shop S101 | --base B201] [--lang zh-TW|zh-CN|en]
 *
 * For the shop, straight on the database the server uses (SQLite file or DATABASE_URL). A table's
 * QR code is its diners' key to the table's sheet and bill (docs/table-sheets.md); `rotate` gives
 * the table a new random code and voids the old one at once (print the new URL as the table's QR
 * code). `pdf` writes the printable QR sheet (A4, every table in service and each shop's counter,
 * grouped by branch and area; domain/entry/qr-sheet.ts): --ent may be left out when the database
 * holds one enterprise; the language defaults to the enterprise's AppLanguage. The URLs start with
 * PUBLIC_URL, else http://localhost:<PORT>. Exit code 0 when done, 1 when a table (or for `pdf`
 * the enterprise, shop or branch) is not found or there is nothing to print, 2 for a usage error.
 */
import fs from 'node:fs'
import type { Kysely } from 'kysely'
import { LOCALES, type Locale } from '../../../src/gateway/contract'
import { loadConfig } from '../config'
import { charactersWithoutGlyph, qrSheetPageCount, renderQrSheet } from '../domain/entry/qr-sheet'
import { entryUrl, qrSheetGroups, qrSheetOrigin } from '../domain/entry/qr-sheet-data'
import { listTableCodes, rotateTableCode, type TableCodeRow } from '../domain/entry/table-codes'
import { DomainError } from '../domain/errors'
import { findEnterpriseSetting } from '../storage/repositories/enterprise.repository'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'
import type { Database } from '../storage/schema'

const USAGE = `Usage:
  npm run tables -- list [--ent <EntID>]
  npm run tables -- rotate <TableID | table QR code> [<…> …]
  npm run tables -- pdf <file> [--ent <EntID>] [--shop <ShopID> | --base <BaseID>] [--lang zh-TW|zh-CN|en]`

/** The entry URL a table's QR code holds (domain/entry/qr-sheet-data.ts). */
export { entryUrl }

const line = (origin: string, t: TableCodeRow): string => [t.tableId.padEnd(12), t.entId.padEnd(6), entryUrl(origin, t.qrCode)].join('  ')

interface PdfArgs {
  file: string
  entId?: string
  shopId?: string
  baseId?: string
  locale?: Locale
}

/** `pdf <file> [--ent …] [--shop … | --base …] [--lang …]`, or null when that is not what was given. */
function pdfArgs(rest: string[]): PdfArgs | null {
  const [file, ...flags] = rest
  if (!file || file.startsWith('--') || flags.length % 2 !== 0) return null
  const args: PdfArgs = { file }
  for (let i = 0; i < flags.length; i += 2) {
    const [flag, value] = [flags[i], flags[i + 1]]
    if (!value || value.startsWith('--')) return null
    if (flag === '--ent') args.entId = value
    else if (flag === '--shop') args.shopId = value
    else if (flag === '--base') args.baseId = value
    else if (flag === '--lang' && (LOCALES as readonly string[]).includes(value)) args.locale = value as Locale
    else return null
  }
  return args.shopId && args.baseId ? null : args
}

async function writePdf(db: Kysely<Database>, args: PdfArgs, origin: string, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  let entId = args.entId
  if (!entId) {
    const ents = await db.selectFrom('enterprises').select('ent_id').orderBy('ent_id').execute()
    if (ents.length !== 1) {
      err(ents.length === 0 ? 'The database holds no enterprise.' : `The database holds ${ents.length} enterprises: give --ent (${ents.map((e) => e.ent_id).join(', ')}).`)
      return ents.length === 0 ? 1 : 2
    }
    entId = ents[0].ent_id
  }
  const locale = args.locale ?? ((await findEnterpriseSetting(db, entId, 'AppLanguage')) === '2' ? 'en' : 'zh-TW')
  let sheet
  try {
    sheet = await qrSheetGroups(db, entId, { origin, locale, shopId: args.shopId, baseId: args.baseId })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const what = { ENTERPRISE_NOT_FOUND: `enterprise ${entId}`, SHOP_NOT_FOUND: `shop ${args.shopId}`, BASE_NOT_FOUND: `branch ${args.baseId}` } as Record<string, string>
    if (!what[error.code]) throw error
    err(`No ${what[error.code]}.`)
    return 1
  }
  const codes = sheet.groups.reduce((n, g) => n + g.codes.length, 0)
  if (codes === 0) {
    err('Nothing to print: no table in service with a QR code, and no counter code.')
    return 1
  }
  const missing = await charactersWithoutGlyph(sheet)
  if (missing.length > 0) err(`Warning: the font has no glyph for ${missing.join(' ')}: they print as empty boxes (QR_SHEET_FONT names another font).`)
  if (/^https?:\/\/(localhost|127\.|\[::1\])/.test(origin)) err(`Warning: the codes point at ${origin}, which phones cannot reach: set PUBLIC_URL to the address diners use.`)
  fs.writeFileSync(args.file, await renderQrSheet(sheet))
  out(`${args.file}: ${codes} QR codes in ${sheet.groups.length} groups on ${qrSheetPageCount(sheet)} A4 pages (${origin}).`)
  return 0
}

/** Runs one command; out/err print lines. Returns the exit code. */
export async function runTablesCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const [command, ...rest] = argv
  const pdf = command === 'pdf' ? pdfArgs(rest) : null
  if (command === 'pdf' && !pdf) {
    err(USAGE)
    return 2
  }
  let entId: string | undefined
  if (command === 'list' && rest.length > 0) {
    if (rest.length !== 2 || rest[0] !== '--ent') {
      err(USAGE)
      return 2
    }
    entId = rest[1]
  }
  if ((command !== 'list' && command !== 'rotate' && command !== 'pdf') || (command === 'rotate' && rest.length === 0)) {
    err(USAGE)
    return 2
  }
  const config = loadConfig()
  const origin = qrSheetOrigin(config.port)
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    const db = database.db
    if (pdf) return await writePdf(db, pdf, origin, out, err)
    if (command === 'list') {
      for (const t of await listTableCodes(db, entId)) out(line(origin, t))
      return 0
    }
    let code = 0
    for (const which of rest) {
      try {
        const t = await rotateTableCode(db, which)
        out(`${line(origin, t)}   (new code; the old one no longer works)`)
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'TABLE_NOT_FOUND') throw error
        err(`No table ${which} (give a TableID such as B201-A01, or the table's current QR code).`)
        code = 1
      }
    }
    return code
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runTablesCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
