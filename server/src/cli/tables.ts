/**
 * npm run tables -- list [--ent E1001]              every table with its entry URL
 * npm run tables -- rotate <TableID|table QR code> [<…> …]
 *
 * For the shop, straight on the database the server uses (SQLite file or DATABASE_URL). A table's
 * QR code is its diners' key to the table's sheet and bill (docs/table-sheets.md); `rotate` gives
 * the table a new random code and voids the old one at once (print the new URL as the table's QR
 * code). The URLs start with PUBLIC_URL, else http://localhost:<PORT>. Exit code 0 when done,
 * 1 when a table is not found, 2 for a usage error.
 */
import { loadConfig } from '../config'
import { listTableCodes, rotateTableCode, type TableCodeRow } from '../domain/entry/table-codes'
import { DomainError } from '../domain/errors'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'

const USAGE = `Usage:
  npm run tables -- list [--ent <EntID>]
  npm run tables -- rotate <TableID | table QR code> [<…> …]`

/** The entry URL a table's QR code holds. */
export const entryUrl = (origin: string, qrCode: string): string => `${origin.replace(/\/+$/, '')}/?QRCode=${encodeURIComponent(qrCode)}`

const line = (origin: string, t: TableCodeRow): string => [t.tableId.padEnd(12), t.entId.padEnd(6), entryUrl(origin, t.qrCode)].join('  ')

/** Runs one command; out/err print lines. Returns the exit code. */
export async function runTablesCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const [command, ...rest] = argv
  let entId: string | undefined
  if (command === 'list' && rest.length > 0) {
    if (rest.length !== 2 || rest[0] !== '--ent') {
      err(USAGE)
      return 2
    }
    entId = rest[1]
  }
  if ((command !== 'list' && command !== 'rotate') || (command === 'rotate' && rest.length === 0)) {
    err(USAGE)
    return 2
  }
  const config = loadConfig()
  const origin = process.env.PUBLIC_URL || `http://localhost:${config.port}`
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    const db = database.db
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
