/**
 * Backups of a SQLite deployment (issue 28 item 5; docs/backup.md): the database file and the
 * files the server keeps on its disk (FILES_DIR: menu pictures; the local object store: uploads),
 * taken while the server serves, checked, and brought back.
 *
 * The database is copied with SQLite's online backup API (backup() of the driver
 * server/src/storage/sqlite-file.ts opens the file with) from a connection of this process, all pages
 * in one step: that step reads under one read transaction, so the copy is the database as of one
 * commit. The server keeps the file in WAL mode, so that reader never blocks its writers (nor they
 * it); a write that lands between steps makes SQLite restart the copy from page 1 within the step.
 * (VACUUM INTO would be as consistent, but it rebuilds every table and index, so it costs more CPU
 * on the serving machine; the backup API copies pages as they are.)
 *
 * The files are copied after the database, so every file a row of the copy names was there
 * already (uploads and pictures are written before the row naming them is committed); files that
 * come later are copied too and are harmless. manifest.json, written last and renamed into place,
 * lists every file with its size and SHA-256: a directory without it is an unfinished backup, and
 * restore refuses one whose files do not match it.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { ServerConfig } from '../../config'
import { SQLITE_FILE_NAME } from '../../storage/database'
import { backupSqliteFile, openSqliteFile, pragma, sqliteErrorName } from '../../storage/sqlite-file'

export const BACKUP_FORMAT = 'scanorder-sqlite-backup'
export const BACKUP_VERSION = 1
export const MANIFEST_FILE = 'manifest.json'
/** The database file's name inside a backup. */
export const BACKUP_DATABASE_FILE = SQLITE_FILE_NAME

/** The file areas a backup holds: FILES_DIR ('files') and the local object store ('storage'). */
export type FileAreaName = 'files' | 'storage'
export const FILE_AREAS: readonly FileAreaName[] = ['files', 'storage']

export interface FileArea {
  name: FileAreaName
  /** The directory, or null when this deployment keeps the area elsewhere (an S3 bucket). */
  dir: string | null
  /** Why the area is not on this disk, when it is not. */
  note?: string
}

/** Where a deployment's database and files are (the server's own configuration). */
export interface BackupPlaces {
  databaseFile: string
  areas: FileArea[]
  /** Directories never copied as files (where backups are written by default). */
  exclude: string[]
}

export function backupPlaces(config: Pick<ServerConfig, 'dataDir' | 'filesDir' | 'storageProvider' | 'storageDir' | 's3Bucket'>): BackupPlaces {
  const local = config.storageProvider === 'local'
  return {
    databaseFile: path.join(config.dataDir, SQLITE_FILE_NAME),
    exclude: [path.resolve(config.dataDir, 'backups')],
    areas: [
      { name: 'files', dir: config.filesDir },
      local
        ? { name: 'storage', dir: config.storageDir ?? path.join(config.dataDir, 'storage') }
        : {
            name: 'storage',
            dir: null,
            note: `uploads are in object storage (STORAGE_PROVIDER=${config.storageProvider}${config.s3Bucket ? `, bucket ${config.s3Bucket}` : ''}), not on this disk: back the bucket up with its own versioning or replication`
          }
    ]
  }
}

export interface ManifestFile {
  area: FileAreaName
  /** Relative to the area, '/'-separated. */
  path: string
  bytes: number
  sha256: string
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  database: {
    file: string
    bytes: number
    sha256: string
    /** Names of the migrations the copy has run (kysely_migration), oldest first. */
    migrations: string[]
    orders: number
  }
  areas: { name: FileAreaName; included: boolean; source: string | null; note?: string }[]
  files: ManifestFile[]
}

/** A backup or restore refused, with a code a CLI or test can tell apart and a sentence for the shop. */
export class BackupError extends Error {
  constructor(
    readonly code: 'NO_DATABASE' | 'OUT_NOT_EMPTY' | 'INCOMPLETE' | 'CORRUPT' | 'DATABASE_IN_USE' | 'DATABASE_EXISTS',
    message: string
  ) {
    super(message)
    this.name = 'BackupError'
  }
}

export interface BackupSummary {
  dir: string
  manifest: BackupManifest
}

/**
 * Takes a backup of the deployment at `places` into `outDir` (created; must be absent or empty).
 * Safe while a server serves the database: see the file comment.
 */
export async function takeBackup(places: BackupPlaces, outDir: string, now: Date = new Date()): Promise<BackupSummary> {
  if (!fs.existsSync(places.databaseFile)) throw new BackupError('NO_DATABASE', `No database at ${places.databaseFile} (DATA_DIR): nothing to back up.`)
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) throw new BackupError('OUT_NOT_EMPTY', `${outDir} is not empty: give a new directory.`)
  fs.mkdirSync(outDir, { recursive: true })

  const copy = path.join(outDir, BACKUP_DATABASE_FILE)
  const source = openSqliteFile(places.databaseFile, { mustExist: true, timeout: 5000 })
  try {
    await backupSqliteFile(source, copy)
  } finally {
    source.close()
  }
  // The copy stands alone: one file, no -wal beside it, checked before anything relies on it.
  const facts = checkDatabase(copy, { standalone: true })

  const files: ManifestFile[] = []
  const areas: BackupManifest['areas'] = []
  for (const area of places.areas) {
    if (!area.dir) {
      areas.push({ name: area.name, included: false, source: null, note: area.note })
      continue
    }
    areas.push({ name: area.name, included: true, source: area.dir })
    for (const rel of listFiles(area.dir, [path.resolve(outDir), ...places.exclude, ...['', '-wal', '-shm', '-journal'].map((suffix) => path.resolve(places.databaseFile + suffix))])) {
      const target = path.join(outDir, area.name, ...rel.split('/'))
      fs.mkdirSync(path.dirname(target), { recursive: true })
      try {
        fs.copyFileSync(path.join(area.dir, ...rel.split('/')), target)
      } catch (error) {
        // Removed since it was listed (a menu picture no menu uses any more): not part of the backup.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
        throw error
      }
      files.push({ area: area.name, path: rel, bytes: fs.statSync(target).size, sha256: await sha256(target) })
    }
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    database: { file: BACKUP_DATABASE_FILE, bytes: fs.statSync(copy).size, sha256: await sha256(copy), ...facts },
    areas,
    files
  }
  const temp = path.join(outDir, `${MANIFEST_FILE}.part`)
  fs.writeFileSync(temp, JSON.stringify(manifest, null, 2) + '\n')
  fs.renameSync(temp, path.join(outDir, MANIFEST_FILE))
  return { dir: outDir, manifest }
}

/**
 * Checks a backup directory: a manifest of this format, the database and every file present with
 * the size and SHA-256 it lists, no file it does not list, and the database passing SQLite's
 * integrity check. Throws BackupError INCOMPLETE or CORRUPT; returns the manifest.
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const manifestFile = path.join(dir, MANIFEST_FILE)
  if (!fs.existsSync(manifestFile)) {
    throw new BackupError('INCOMPLETE', `${dir} has no ${MANIFEST_FILE}: the backup did not finish (or this is not a backup directory).`)
  }
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest
  } catch {
    throw new BackupError('CORRUPT', `${manifestFile} is not valid JSON.`)
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.version !== 'number' || !manifest.database || !Array.isArray(manifest.files)) {
    throw new BackupError('CORRUPT', `${manifestFile} is not a ScanOrder SQLite backup manifest.`)
  }
  if (manifest.version > BACKUP_VERSION) throw new BackupError('CORRUPT', `${dir} is a backup of format version ${manifest.version}; this tool reads up to ${BACKUP_VERSION}.`)

  const problems: string[] = []
  const check = async (file: string, bytes: number, hash: string, label: string) => {
    if (!fs.existsSync(file)) return problems.push(`${label} is missing`)
    const size = fs.statSync(file).size
    if (size !== bytes) return problems.push(`${label} has ${size} bytes, the manifest says ${bytes}`)
    if ((await sha256(file)) !== hash) problems.push(`${label} does not match its SHA-256 in the manifest`)
  }
  await check(path.join(dir, manifest.database.file), manifest.database.bytes, manifest.database.sha256, manifest.database.file)
  const listed = new Set<string>()
  for (const f of manifest.files) {
    if (!FILE_AREAS.includes(f.area) || !safeRelative(f.path)) {
      problems.push(`the manifest names an unsafe path ${f.area}/${f.path}`)
      continue
    }
    listed.add(`${f.area}/${f.path}`)
    await check(path.join(dir, f.area, ...f.path.split('/')), f.bytes, f.sha256, `${f.area}/${f.path}`)
  }
  for (const area of FILE_AREAS) {
    const areaDir = path.join(dir, area)
    if (!fs.existsSync(areaDir)) continue
    for (const rel of listFiles(areaDir, [])) if (!listed.has(`${area}/${rel}`)) problems.push(`${area}/${rel} is not in the manifest`)
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '')
    throw new BackupError('CORRUPT', `${dir} does not match its manifest: ${shown}.`)
  }
  try {
    checkDatabase(path.join(dir, manifest.database.file), { readonly: true })
  } catch (error) {
    throw new BackupError('CORRUPT', `${path.join(dir, manifest.database.file)} fails SQLite's integrity check: ${(error as Error).message}`)
  }
  return manifest
}

/**
 * Whether some process holds the SQLite file open (a running server, a CLI). The server keeps the
 * file in WAL mode, where every open connection holds a shared lock on it; a connection asking for
 * an exclusive lock without waiting gets SQLITE_BUSY while any other is open.
 */
export function databaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false
  const probe = openSqliteFile(file, { mustExist: true, timeout: 0 })
  try {
    probe.exec('pragma locking_mode = EXCLUSIVE')
    probe.exec('begin exclusive')
    probe.exec('commit')
    return false
  } catch (error) {
    if (/^SQLITE_(BUSY|LOCKED)/.test(sqliteErrorName(error))) return true
    throw error
  } finally {
    probe.close()
  }
}

export interface RestoreOptions {
  /** Replace an existing database, even one a running server has open. */
  force?: boolean
}

export interface RestoreSummary {
  manifest: BackupManifest
  /** Files written, by area. */
  restored: Record<FileAreaName, number>
  /** Areas of the backup this deployment keeps elsewhere (not written), with why. */
  skipped: { name: FileAreaName; files: number; note: string }[]
  /** The target database was open in a running process (restored into it with force). */
  wasInUse: boolean
  replaced: boolean
}

/**
 * Brings the backup in `dir` back to the deployment at `places`: checked whole first (verifyBackup),
 * then the files, then the database. An existing database is replaced only with `force`; one a
 * running server uses is named as such. The database is written through SQLite's backup API into
 * the target (one write transaction under SQLite's locks), so even a forced restore under a running
 * server never leaves it reading a half-written file; that server must still be restarted, since
 * its caches hold the old menus and answers.
 */
export async function restoreBackup(dir: string, places: BackupPlaces, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const manifest = await verifyBackup(dir)
  const target = places.databaseFile
  const exists = fs.existsSync(target)
  const inUse = exists && databaseInUse(target)
  if (inUse && !options.force) {
    throw new BackupError(
      'DATABASE_IN_USE',
      `${target} is open in a running process (the server, or a CLI): stop the server first, or pass --force to restore into it while it runs (then restart it).`
    )
  }
  if (exists && !options.force) {
    throw new BackupError('DATABASE_EXISTS', `${target} exists: pass --force to replace it with the backup (its data since the backup is lost).`)
  }

  const restored: Record<FileAreaName, number> = { files: 0, storage: 0 }
  const skipped: RestoreSummary['skipped'] = []
  for (const area of FILE_AREAS) {
    const files = manifest.files.filter((f) => f.area === area)
    const here = places.areas.find((a) => a.name === area)
    if (!here?.dir) {
      if (files.length > 0) skipped.push({ name: area, files: files.length, note: here?.note ?? `this deployment has no ${area} directory` })
      continue
    }
    for (const f of files) {
      const file = path.join(here.dir, ...f.path.split('/'))
      fs.mkdirSync(path.dirname(file), { recursive: true })
      // Whole or not at all, as the local store writes: a reader never sees half a picture.
      const temp = `${file}.restore-${process.pid}.part`
      fs.copyFileSync(path.join(dir, area, ...f.path.split('/')), temp)
      fs.renameSync(temp, file)
      restored[area]++
    }
  }

  fs.mkdirSync(path.dirname(target), { recursive: true })
  if (!exists) {
    // A -wal or -shm left without its database would be read as this new file's.
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true })
  }
  const copy = openSqliteFile(path.join(dir, manifest.database.file), { readOnly: true, mustExist: true })
  try {
    await backupSqliteFile(copy, target)
  } finally {
    copy.close()
  }
  checkDatabase(target, {})
  return { manifest, restored, skipped, wasInUse: inUse, replaced: exists }
}

/** SQLite's integrity check on a file, and what a manifest records of it. Throws when it fails. */
function checkDatabase(file: string, options: { readonly?: boolean; standalone?: boolean }): Pick<BackupManifest['database'], 'migrations' | 'orders'> {
  const db = openSqliteFile(file, { mustExist: true, readOnly: options.readonly ?? false, timeout: 5000 })
  try {
    if (options.standalone) db.exec('pragma journal_mode = DELETE')
    const result = pragma<{ integrity_check: string }>(db, 'integrity_check')
    if (result.length !== 1 || result[0].integrity_check !== 'ok') {
      throw new Error(result.slice(0, 3).map((r) => r.integrity_check).join('; '))
    }
    const hasTable = (name: string) => db.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name) !== undefined
    const migrations = hasTable('kysely_migration') ? (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name) : []
    const orders = hasTable('orders') ? (db.prepare('select count(*) as n from orders').get() as { n: number }).n : 0
    return { migrations, orders }
  } finally {
    db.close()
  }
}

/** Every regular file under `dir` ('/'-separated relative paths, sorted), skipping the store's half-written '.part' files and `exclude`d directories and files. */
function listFiles(dir: string, exclude: string[]): string[] {
  const out: string[] = []
  const walk = (abs: string, rel: string) => {
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const childAbs = path.join(abs, entry.name)
      const childRel = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        if (!exclude.includes(path.resolve(childAbs))) walk(childAbs, childRel)
      } else if (entry.isFile() && !entry.name.endsWith('.part') && !exclude.includes(path.resolve(childAbs))) {
        out.push(childRel)
      }
    }
  }
  walk(dir, '')
  return out.sort()
}

const safeRelative = (rel: string): boolean => typeof rel === 'string' && rel.length > 0 && !rel.startsWith('/') && !rel.includes('\\') && rel.split('/').every((s) => s !== '' && s !== '.' && s !== '..')

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })
}
