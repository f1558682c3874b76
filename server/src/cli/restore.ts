/**
 * npm run restore -- <backup dir> [--force]
 * npm run restore -- --check <backup dir>
 *
 * Brings back a backup `npm run backup` wrote: first checks it whole (manifest.json present, every
 * file's size and SHA-256 as listed, nothing unlisted, SQLite's integrity check on the database) and
 * refuses an unfinished or damaged one; then writes the files into FILES_DIR and the local object
 * store, and the database into DATA_DIR through SQLite's backup API. An existing database is replaced
 * only with --force; one a running server has open is refused unless --force as well (restart that
 * server afterwards: its caches hold the old data). --check only checks. With DATABASE_URL
 * (PostgreSQL) it refuses and points at pg_restore (docs/backup.md). Exit code 0 when done,
 * 1 when refused or failed, 2 for a usage error or a PostgreSQL deployment.
 */
import path from 'node:path'
import { loadConfig } from '../config'
import { BackupError, backupPlaces, restoreBackup, verifyBackup } from '../domain/backup/sqlite-backup'
import { POSTGRES_NOTICE } from './backup'

const USAGE = `Usage:
  npm run restore -- <backup directory> [--force]
  npm run restore -- --check <backup directory>`

/** Runs the restore; out/err print lines. Returns the exit code. */
export async function runRestoreCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const flags = argv.filter((a) => a.startsWith('--'))
  const rest = argv.filter((a) => !a.startsWith('--'))
  const force = flags.includes('--force')
  const checkOnly = flags.includes('--check')
  if (rest.length !== 1 || flags.some((f) => f !== '--force' && f !== '--check') || (force && checkOnly)) {
    err(USAGE)
    return 2
  }
  const dir = path.resolve(rest[0])
  const config = loadConfig()
  if (config.databaseUrl) {
    err(POSTGRES_NOTICE('restore'))
    return 2
  }
  try {
    if (checkOnly) {
      const manifest = await verifyBackup(dir)
      out(`${dir}: a complete backup of ${manifest.createdAt} (${manifest.database.orders} orders, ${manifest.files.length} files); every checksum matches and the database passes the integrity check.`)
      return 0
    }
    const places = backupPlaces(config)
    const summary = await restoreBackup(dir, places, { force })
    out(`Restored the backup of ${summary.manifest.createdAt} from ${dir}.`)
    out(`  database: ${places.databaseFile}${summary.replaced ? ' (replaced)' : ''}, ${summary.manifest.database.orders} orders`)
    for (const area of places.areas) if (area.dir) out(`  ${area.name}: ${summary.restored[area.name]} files into ${area.dir}`)
    for (const s of summary.skipped) err(`Warning: ${s.files} ${s.name} files of the backup not restored: ${s.note}; they are in ${path.join(dir, s.name)}.`)
    if (summary.wasInUse) err('Warning: a running process had the database open: restart the server now (its caches still hold the old menus and answers).')
    return 0
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    err(error.message)
    return 1
  }
}

if (require.main === module) {
  runRestoreCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
