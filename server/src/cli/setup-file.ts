/**
 * npm run setup-file -- export <file> [--ent <EntID>] [--keep-codes] [--no-menus]
 * npm run setup-file -- import <file> [--replace <EntID>] [--keep-codes] [--pictures <dir>]
 *
 * A restaurant's whole setup in one file (docs/setup.md): export writes it; import makes a new
 * enterprise from it (new ids, fresh QR codes unless --keep-codes), or with --replace makes an
 * existing enterprise like the file. Straight on the configured database (SQLite file or
 * DATABASE_URL), with the same domain services the console's SetupExport / SetupImport call.
 * --ent may be left out when the database holds one enterprise. Menu pictures are read from
 * --pictures (default FILES_DIR: an export of this server) and copied into FILES_DIR.
 * A new enterprise has no owner yet: the import prints how to make one (npm run setup -- --ent).
 * Exit code 0 when done, 1 when the file is refused (every problem listed) or the enterprise is
 * not found, 2 for a usage error.
 */
import fs from 'node:fs'
import type { Kysely } from 'kysely'
import type { MessageKey } from '../../../src/i18n/catalogues'
import { translate } from '../../../src/i18n/translate'
import { loadConfig } from '../config'
import { DomainError } from '../domain/errors'
import { SetupError } from '../domain/setup/setup-common'
import { exportSetup, importSetup, type SetupImportSummary } from '../domain/setup/setup-file'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'
import type { Database } from '../storage/schema'

const USAGE = `Usage:
  npm run setup-file -- export <file> [--ent <EntID>] [--keep-codes] [--no-menus]
  npm run setup-file -- import <file> [--replace <EntID>] [--keep-codes] [--pictures <dir>]`

interface Args {
  command: 'export' | 'import'
  file: string
  entId?: string
  replace?: string
  keepCodes: boolean
  menus: boolean
  pictures?: string
}

/** The command line, or null for a usage error. */
export function parseSetupFileArgs(argv: string[]): Args | null {
  const [command, file, ...flags] = argv
  if ((command !== 'export' && command !== 'import') || !file || file.startsWith('--')) return null
  const args: Args = { command, file, keepCodes: false, menus: true }
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]
    const value = flags[i + 1]
    const takesValue = (name: string, allowed: Args['command']) => flag === name && command === allowed && value !== undefined && !value.startsWith('--')
    if (flag === '--keep-codes') args.keepCodes = true
    else if (flag === '--no-menus' && command === 'export') args.menus = false
    else if (takesValue('--ent', 'export')) (args.entId = value), i++
    else if (takesValue('--replace', 'import')) (args.replace = value), i++
    else if (takesValue('--pictures', 'import')) (args.pictures = value), i++
    else return null
  }
  return args
}

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

export function importSummaryText(file: string, s: SetupImportSummary, replaced: boolean): string {
  const branches = s.shops.reduce((n, shop) => n + shop.branches.length, 0)
  const menus = s.shops.filter((shop) => shop.menuVersion !== null).length
  return [
    `${file}: ${replaced ? 'replaced the setup of' : 'made the new'} enterprise ${s.entId}:`,
    `  ${count(s.shops.length, 'shop')}, ${count(branches, 'branch', 'branches')}, ${count(s.tables, 'table')}, ${count(s.rechargeRules, 'recharge rule')}, ${count(menus, 'menu')}.`,
    ...s.shops.map((shop) => `  shop ${shop.code} = ${shop.shopId}, counter code ${shop.counterCode}; ${shop.branches.map((b) => `branch ${b.code} = ${b.baseId} (${count(b.tables, 'table')})`).join(', ') || 'no branch'}`)
  ].join('\n')
}

async function onlyEnterprise(db: Kysely<Database>, err: (line: string) => void): Promise<string | null> {
  const ents = await db.selectFrom('enterprises').select('ent_id').orderBy('ent_id').execute()
  if (ents.length === 1) return ents[0].ent_id
  err(ents.length === 0 ? 'The database holds no enterprise.' : `The database holds ${ents.length} enterprises: give --ent (${ents.map((e) => e.ent_id).join(', ')}).`)
  return null
}

/** Runs one command; out/err print lines. Returns the exit code. */
export async function runSetupFileCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const args = parseSetupFileArgs(argv)
  if (!args) {
    err(USAGE)
    return 2
  }
  let file: unknown
  if (args.command === 'import') {
    let text: string
    try {
      text = fs.readFileSync(args.file, 'utf8')
    } catch (error) {
      err(`${args.file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`)
      return 1
    }
    try {
      file = JSON.parse(text)
    } catch (error) {
      err(`${args.file}: not JSON (${error instanceof Error ? error.message : String(error)}). Nothing was imported.`)
      return 1
    }
  }
  const config = loadConfig()
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    const db = database.db
    if (args.command === 'export') {
      const entId = args.entId ?? (await onlyEnterprise(db, err))
      if (!entId) return args.entId === undefined ? 2 : 1
      const setup = await exportSetup(db, entId, { keepCodes: args.keepCodes, menus: args.menus })
      fs.writeFileSync(args.file, `${JSON.stringify(setup, null, 2)}\n`)
      const tables = setup.shops.reduce((n, s) => n + s.branches.reduce((m, b) => m + (b.tables?.length ?? 0), 0), 0)
      out(`${args.file}: the setup of ${entId}: ${count(setup.shops.length, 'shop')}, ${count(tables, 'table')}${args.menus ? ', with menus' : ', without menus'}${args.keepCodes ? ', with its QR codes (keep the file safe: the codes open tables’ bills)' : ''}.`)
      return 0
    }
    const summary = await db.transaction().execute((trx) =>
      importSetup(trx, file, { mode: args.replace ? 'replace' : 'new-enterprise', entId: args.replace, keepCodes: args.keepCodes, filesDir: config.filesDir, picturesDir: args.pictures })
    )
    out(importSummaryText(args.file, summary, args.replace !== undefined))
    if (!args.replace) out(`It has no owner yet: npm run setup -- --ent ${summary.entId} prints a one-time link that makes one.`)
    return 0
  } catch (error) {
    if (error instanceof SetupError) {
      err(`${args.file}: refused, nothing was imported:\n${error.problems.map((p, i) => `  ${i + 1}. ${p}`).join('\n')}`)
      return 1
    }
    if (error instanceof DomainError && error.code === 'ENTERPRISE_NOT_FOUND') {
      err(`No enterprise ${args.entId ?? args.replace}.`)
      return 1
    }
    if (error instanceof DomainError) {
      err(`${args.file}: refused, nothing was imported: ${translate('en', `resultcode.${error.resultcode}` as MessageKey, error.params)} (${error.code}).`)
      return 1
    }
    throw error
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runSetupFileCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
