/**
 * npm run backup [-- --out <dir>]
 *
 * A consistent copy of the SQLite database, taken while the server serves (SQLite's online backup
 * API), with the files the server keeps on its disk: FILES_DIR (menu pictures) and the local object
 * store (STORAGE_DIR, default <DATA_DIR>/storage: uploads). Checked (SQLite's integrity check) and
 * listed with a SHA-256 per file in manifest.json; `npm run restore` brings it back. The default
 * directory is <DATA_DIR>/backups/scanorder-<UTC time>: copy it off this machine. With DATABASE_URL
 * (PostgreSQL) it refuses and points at pg_dump (docs/backup.md). Exit code 0 when written, 1 when
 * refused or failed, 2 for a usage error or a PostgreSQL deployment.
 */
import path from 'node:path'
import { loadConfig } from '../config'
import { BackupError, backupPlaces, takeBackup } from '../domain/backup/sqlite-backup'

const USAGE = 'Usage: npm run backup [-- --out <new directory>]'

export const POSTGRES_NOTICE = (tool: 'backup' | 'restore'): string =>
  `npm run ${tool} is a SQLite tool, and this deployment uses PostgreSQL (DATABASE_URL is set). ` +
  `${tool === 'backup' ? 'Back it up with pg_dump (and WAL archiving or pg_basebackup for point-in-time recovery)' : 'Restore it with pg_restore (or from a base backup and its archived WAL)'}, ` +
  'and the uploaded files and secrets as docs/backup.md describes.'

const stamp = (now: Date): string => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** Runs the backup; out/err print lines. Returns the exit code. */
export async function runBackupCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  let outDir: string | undefined
  if (argv.length === 2 && argv[0] === '--out' && argv[1] && !argv[1].startsWith('--')) outDir = path.resolve(argv[1])
  else if (argv.length > 0) {
    err(USAGE)
    return 2
  }
  const config = loadConfig()
  if (config.databaseUrl) {
    err(POSTGRES_NOTICE('backup'))
    return 2
  }
  const now = new Date()
  const dir = outDir ?? path.join(config.dataDir, 'backups', `scanorder-${stamp(now)}`)
  try {
    const started = Date.now()
    const { manifest } = await takeBackup(backupPlaces(config), dir, now)
    const fileBytes = manifest.files.reduce((n, f) => n + f.bytes, 0)
    const byArea = manifest.areas
      .filter((a) => a.included)
      .map((a) => `${a.name} ${manifest.files.filter((f) => f.area === a.name).length}`)
      .join(', ')
    out(`Backup written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
    out(
      `  database: ${formatBytes(manifest.database.bytes)}, ${manifest.database.orders} orders, integrity ok, migrations up to ${manifest.database.migrations.at(-1) ?? '(none)'}`
    )
    out(`  files: ${manifest.files.length} (${byArea}), ${formatBytes(fileBytes)}`)
    for (const area of manifest.areas) if (!area.included) out(`  not included: ${area.name}: ${area.note}`)
    out('  Not included: the environment (.env, AUTH_CODE, ADMIN_TOKEN, payment keys and certificates): keep those safe separately (docs/backup.md).')
    out(`Copy the directory off this machine; bring it back with: npm run restore -- ${dir}`)
    return 0
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    err(error.message)
    return 1
  }
}

if (require.main === module) {
  runBackupCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
