/**
 * Backups (issue 28 item 5; docs/backup.md). On SQLite: `npm run backup` (the CLI as a process of
 * its own, as the shop runs it) copies the database while diners keep placing orders through the
 * gateway, with the menu pictures (FILES_DIR) and an upload checked into the local store; `npm run
 * restore` brings it into an empty deployment, where every order acknowledged before the backup
 * started is found, every order of the copy is whole (all its lines, as the live database has
 * them), and a server built on it shows a diner's order and serves the uploaded picture. Restore
 * refuses a running server's database, an existing one, an unfinished backup and a damaged one, and
 * with --force restores into the running server's database. With STORAGE_PROVIDER=s3 the uploads
 * are left to the bucket, and both tools say so. On PostgreSQL both CLIs refuse and
 * point at docs/backup.md (tested in both passes); the SQLite tests skip there.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import sharp from 'sharp'
import type { UploadTicketRow } from '../../src/gateway/after-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { loadConfig } from '../../server/src/config'
import { BackupError, backupPlaces, restoreBackup, takeBackup } from '../../server/src/domain/backup/sqlite-backup'
import { useCheckedImages, type CheckedImage } from '../../server/src/domain/files/uploaded-images'
import { buildApp, buildProviders } from '../../server/src/http/app'
import { createDatabase, SQLITE_FILE_NAME } from '../../server/src/storage/database'
import { makeMember } from './helpers/member-fixtures'
import { device, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { AUTH_CODE, createTestServer, ok, type GatewayResult, type TestServer } from './helpers/test-server'
import { serverCommand } from '../support/server-commands'

const DATABASE_URL = process.env.DATABASE_URL
const ROOT = path.resolve(__dirname, '..', '..')
if (DATABASE_URL) console.log('tests/server/backup.test.ts: the SQLite backup tests are skipped on PostgreSQL (npm run backup copies the SQLite file); the PostgreSQL refusal is tested')
const sqlite = DATABASE_URL ? describe.skip : describe

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs server/src/cli/<name>.ts with the given deployment settings (nothing else from this process's environment decides). */
async function runTool(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const fullEnv = { ...process.env, DATABASE_URL: '', STORAGE_PROVIDER: 'local', STORAGE_DIR: '', ...env }
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...serverCommand(`cli/${name}`), ...args], { cwd: ROOT, env: fullEnv })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** Every file under dir: relative path → bytes. */
function filesUnder(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  if (!fs.existsSync(dir)) return out
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, rel)
    if (fs.statSync(file).isFile()) out.set(rel.split(path.sep).join('/'), fs.readFileSync(file))
  }
  return out
}

const tempDirs: string[] = []
const tempDir = (label: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scanorder-backup-${label}-`))
  tempDirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe('on PostgreSQL', () => {
  it('backup and restore say they are SQLite tools, point at docs/backup.md and write nothing', async () => {
    const dataDir = path.join(tempDir('pg'), 'data')
    const env = { DATABASE_URL: DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test', DATA_DIR: dataDir }
    const [backup, restore] = await Promise.all([runTool('backup', [], env), runTool('restore', [dataDir], env)])
    expect(backup.code).toBe(2)
    expect(backup.stderr).toContain('npm run backup is a SQLite tool, and this deployment uses PostgreSQL')
    expect(backup.stderr).toContain('pg_dump')
    expect(backup.stderr).toContain('docs/backup.md')
    expect(restore.code).toBe(2)
    expect(restore.stderr).toContain('npm run restore is a SQLite tool')
    expect(restore.stderr).toContain('pg_restore')
    expect(fs.existsSync(dataDir)).toBe(false)
  })
})

sqlite('on SQLite, while diners order', () => {
  let server: TestServer
  let base: string
  let image: CheckedImage
  let backupDir: string
  /** Orders the gateway acknowledged, in the order the answers came, with when and to which phone. */
  const acked: { id: string; amount: string; at: number; headers: Record<string, string> }[] = []
  let backupStartedAt = 0
  let backupEndedAt = 0

  const deployment = () => ({ DATA_DIR: server.config.dataDir, FILES_DIR: server.config.filesDir })

  beforeAll(async () => {
    server = await createTestServer({ uploadRatePerHour: 1000 }, { demoMenus: true })
    await openAllDay(server.db)
    // No automatic checkpoints: every commit of this test stays in scanorder.sqlite-wal, as a busy
    // server's latest commits are, so a copy of the .sqlite file alone would miss the orders.
    await sql`pragma wal_autocheckpoint = 0`.execute(server.db)
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`

    // A member's photo, uploaded through the signed form and checked, as a review's photo is.
    const member = await makeMember(server.db, { name: 'Backup' })
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 90 } } }).jpeg().toBuffer()
    const ticket = ok(await server.call('FileBatchNameGet', [{ Purpose: 'review', Files: [{ FileName: 'dish.jpg', FileSize: photo.length, FileType: 'image/jpeg' }] }], { headers: member.headers }))
      .table1[0] as UploadTicketRow
    const form = new FormData()
    for (const [k, v] of Object.entries(ticket.FormFields)) form.append(k, v)
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'dish.jpg')
    const uploaded = await fetch(new URL(new URL(ticket.UploadUrl).pathname, base), { method: 'POST', body: form })
    expect(uploaded.status).toBe(200)
    ;[image] = await useCheckedImages(server.db, server.providers.storage, { entId: 'E1001', vipId: member.vipId, purpose: 'review', fileIds: [ticket.FileID] })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('takes a backup while orders are placed, and restores every acknowledged order and file', async () => {
    let stop = false
    const refused: GatewayResult[] = []
    const diner = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const phone = device()
        const qua = String(1 + ((n + i) % 3))
        const res = await server.call('OrderSubmit', [{ ...takeaway([soupLine(qua), soupLine('1')]), RequestKey: requestKey() }], { headers: phone.headers })
        if (res.body.resultcode !== '0') refused.push(res)
        else acked.push({ id: res.body.data.table1[0].SheetID, amount: res.body.data.table1[0].Amount, at: Date.now(), headers: phone.headers })
      }
    }
    const diners = Array.from({ length: 4 }, (_, n) => diner(n))
    const waitFor = async (count: number) => {
      while (acked.length < count && refused.length === 0) await new Promise((r) => setTimeout(r, 20))
    }

    await waitFor(20)
    backupDir = path.join(tempDir('out'), 'nightly')
    backupStartedAt = Date.now()
    const ackedBefore = acked.map((a) => a.id)
    const backup = await runTool('backup', ['--out', backupDir], deployment())
    backupEndedAt = Date.now()
    const ackedByEnd = acked.length
    await waitFor(ackedByEnd + 10)
    stop = true
    await Promise.all(diners)

    expect(refused.map((r) => `${r.body.resultcode} ${r.body.resultmsg}`)).toEqual([])
    expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: '' })
    expect(backup.stdout).toContain(`Backup written to ${backupDir}`)
    expect(backup.stdout).toMatch(/database: .*, \d+ orders, integrity ok/)
    // The orders went on while the backup ran (it blocked no writer).
    const during = acked.filter((a) => a.at > backupStartedAt && a.at < backupEndedAt)
    expect(during.length).toBeGreaterThan(0)

    // Into an empty deployment, as after losing the machine.
    const fresh = tempDir('restored')
    const restoredEnv = { DATA_DIR: path.join(fresh, 'data'), FILES_DIR: path.join(fresh, 'files') }
    const restore = await runTool('restore', [backupDir], restoredEnv)
    expect({ code: restore.code, stderr: restore.stderr }).toEqual({ code: 0, stderr: '' })
    expect(restore.stdout).toContain('Restored the backup of')

    const config = loadConfig({}, { databaseUrl: null, dataDir: restoredEnv.DATA_DIR, filesDir: restoredEnv.FILES_DIR, staticDir: path.join(fresh, 'no-static'), authCode: AUTH_CODE })
    const restored = await createDatabase(config)
    try {
      const ids = acked.map((a) => a.id)
      const copyOrders = await restored.db.selectFrom('orders').select(['order_id', 'amount', 'goods_amount', 'status', 'request_key']).where('order_id', 'in', ids).execute()
      const inCopy = new Set(copyOrders.map((o) => o.order_id))
      // Every order acknowledged before the backup started is there.
      expect(ackedBefore.filter((id) => !inCopy.has(id))).toEqual([])
      // Orders acknowledged after the backup ended could not be in its snapshot.
      expect(acked.slice(ackedByEnd).filter((a) => a.at > backupEndedAt && inCopy.has(a.id))).toEqual([])
      // Each order of the copy is the live one, whole: the same row and every line (none half there).
      const live = await server.db.selectFrom('orders').select(['order_id', 'amount', 'goods_amount', 'status', 'request_key']).where('order_id', 'in', [...inCopy]).execute()
      const byId = (rows: typeof live) => Object.fromEntries(rows.map((r) => [r.order_id, r]))
      expect(byId(copyOrders)).toEqual(byId(live))
      const lineCounts = async (db: typeof server.db) =>
        Object.fromEntries(
          (await db.selectFrom('order_lines').select(['order_id', (eb) => eb.fn.countAll<number>().as('n')]).where('order_id', 'in', [...inCopy]).groupBy('order_id').execute()).map((r) => [
            r.order_id,
            Number(r.n)
          ])
        )
      const copyLines = await lineCounts(restored.db)
      expect(copyLines).toEqual(await lineCounts(server.db))
      expect(Object.values(copyLines).every((n) => n === 2)).toBe(true)

      // A server on the restored deployment shows a diner their order and serves the uploaded photo.
      const providers = await buildProviders(config, restored.db, () => {})
      const app = await buildApp({ config, db: restored.db, logger: false, providers })
      try {
        const first = acked[0]
        const form = new URLSearchParams({
          ServerType: OPERATIONS.OrderDetailGet,
          KeyName: 'OrderDetailGet',
          strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: 'guest', AppName: 'ScanOrder-test', SheetID: first.id }] }),
          AuthCode: AUTH_CODE,
          IsRSA: '0',
          EntID: 'E1001'
        })
        const detail = await app.inject({ method: 'POST', url: '/GetData', payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...first.headers } })
        const body = JSON.parse(detail.body)
        expect({ resultcode: body.resultcode, sheet: decodeURIComponent(body.data.table1[0].SheetID), amount: decodeURIComponent(body.data.table1[0].Amount) }).toEqual({
          resultcode: '0',
          sheet: first.id,
          amount: first.amount
        })
        const picture = await app.inject({ method: 'GET', url: `/storage/${image.key}` })
        expect(picture.statusCode).toBe(200)
        expect(picture.rawPayload.equals(await server.providers.storage.read(image.key) as Buffer)).toBe(true)
      } finally {
        await app.close()
      }
    } finally {
      await restored.destroy()
    }

    // Every file: the menu pictures and the store's upload, thumbnail and checked picture, byte for byte.
    const liveFiles = filesUnder(server.config.filesDir)
    expect(liveFiles.size).toBeGreaterThan(0)
    expect(filesUnder(restoredEnv.FILES_DIR)).toEqual(liveFiles)
    const liveStore = filesUnder(path.join(server.config.dataDir, 'storage'))
    expect([...liveStore.keys()]).toEqual(expect.arrayContaining([image.key, image.thumbKey]))
    expect(filesUnder(path.join(restoredEnv.DATA_DIR, 'storage'))).toEqual(liveStore)
  }, 180_000)

  it("refuses the running server's database, an existing one, an unfinished and a damaged backup; leaves S3 uploads to the bucket", async () => {
    expect(backupDir).toBeDefined()
    const liveOrders = async () => Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    const before = await liveOrders()
    // (Not read with fs here: closing another descriptor of the file would drop this process's SQLite locks.)

    const running = await runTool('restore', [backupDir], deployment())
    expect(running.code).toBe(1)
    expect(running.stderr).toContain('is open in a running process (the server, or a CLI): stop the server first, or pass --force')
    expect(await liveOrders()).toBe(before)

    // The CLI's --check, and its refusal of an unfinished backup (manifest.json is written last).
    const check = await runTool('restore', ['--check', backupDir], {})
    expect({ code: check.code, stdout: check.stdout.includes('a complete backup of') }).toEqual({ code: 0, stdout: true })
    const spoilt = (label: string, spoil: (dir: string) => void): string => {
      const dir = path.join(tempDir(label), 'copy')
      fs.cpSync(backupDir, dir, { recursive: true })
      spoil(dir)
      return dir
    }
    const unfinished = spoilt('unfinished', (dir) => fs.rmSync(path.join(dir, 'manifest.json')))
    const empty = tempDir('target')
    const emptyPlaces = { DATA_DIR: path.join(empty, 'data'), FILES_DIR: path.join(empty, 'files') }
    const refused = await runTool('restore', [unfinished], emptyPlaces)
    expect({ code: refused.code, stderr: refused.stderr.trim() }).toEqual({ code: 1, stderr: `${unfinished} has no manifest.json: the backup did not finish (or this is not a backup directory).` })
    expect(fs.existsSync(emptyPlaces.DATA_DIR) || fs.existsSync(emptyPlaces.FILES_DIR)).toBe(false)

    // The same rules in process (each CLI start costs seconds): a damaged backup is refused before anything is written …
    const places = (dir: string) => backupPlaces(loadConfig({}, { dataDir: path.join(dir, 'data'), filesDir: path.join(dir, 'files'), storageProvider: 'local', storageDir: null }))
    const picture = spoilt('picture', (dir) => {
      const menuFile = (fs.readdirSync(path.join(dir, 'files'), { recursive: true }) as string[]).map((f) => path.join(dir, 'files', f)).find((f) => fs.statSync(f).isFile())!
      const bytes = fs.readFileSync(menuFile)
      bytes[bytes.length >> 1] ^= 0xff
      fs.writeFileSync(menuFile, bytes)
    })
    const extra = spoilt('extra', (dir) => fs.writeFileSync(path.join(dir, 'storage', 'planted.jpg'), 'not ours'))
    const truncated = spoilt('database', (dir) => {
      const file = path.join(dir, SQLITE_FILE_NAME)
      fs.truncateSync(file, fs.statSync(file).size - 8192)
    })
    // … and a database that matches a rewritten manifest but is not a whole database fails SQLite's own check.
    const malformed = spoilt('malformed', (dir) => {
      const file = path.join(dir, SQLITE_FILE_NAME)
      fs.truncateSync(file, fs.statSync(file).size - 8192)
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
      const bytes = fs.readFileSync(file)
      manifest.database.bytes = bytes.length
      manifest.database.sha256 = createHash('sha256').update(bytes).digest('hex')
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
    })
    const cases: [string, string][] = [
      [picture, 'does not match its SHA-256 in the manifest'],
      [extra, 'storage/planted.jpg is not in the manifest'],
      [truncated, `${SQLITE_FILE_NAME} has `],
      [malformed, "fails SQLite's integrity check"]
    ]
    for (const [dir, message] of cases) {
      const target = tempDir('target')
      const error = await restoreBackup(dir, places(target)).then(
        () => null,
        (e: BackupError) => e
      )
      expect({ code: error?.code, refusedFor: error?.message.includes(message) ? message : error?.message }).toEqual({ code: 'CORRUPT', refusedFor: message })
      expect(fs.readdirSync(target)).toEqual([])
    }

    // An existing database (not in use) is replaced only when told.
    const other = tempDir('existing')
    await restoreBackup(backupDir, places(other))
    const again = await restoreBackup(backupDir, places(other)).catch((e: BackupError) => e)
    expect(again).toBeInstanceOf(BackupError)
    expect((again as BackupError).message).toContain('exists: pass --force to replace it')
    const replaced = await restoreBackup(backupDir, places(other), { force: true })
    expect({ replaced: replaced.replaced, wasInUse: replaced.wasInUse, files: replaced.restored.files > 0 }).toEqual({ replaced: true, wasInUse: false, files: true })

    // With STORAGE_PROVIDER=s3 the uploads are in the bucket: a backup says it left them out, and a
    // restore there writes the menu pictures but not the backup's local uploads, and says so.
    const s3Places = (dir: string) =>
      backupPlaces(loadConfig({}, { dataDir: path.join(dir, 'data'), filesDir: path.join(dir, 'files'), storageProvider: 's3', s3Bucket: 'shop-uploads' }))
    const s3Backup = await takeBackup(s3Places(other), path.join(tempDir('s3'), 'backup'))
    expect(s3Backup.manifest.areas.find((a) => a.name === 'storage')).toMatchObject({ included: false, note: expect.stringContaining('bucket shop-uploads') })
    expect(s3Backup.manifest.files.filter((f) => f.area === 'storage')).toEqual([])
    expect(s3Backup.manifest.files.length).toBeGreaterThan(0)
    const s3Target = tempDir('s3-target')
    const intoS3 = await restoreBackup(backupDir, s3Places(s3Target))
    expect(intoS3.skipped).toEqual([{ name: 'storage', files: expect.any(Number), note: expect.stringContaining('STORAGE_PROVIDER=s3') }])
    expect(intoS3.skipped[0].files).toBeGreaterThanOrEqual(2)
    expect(fs.readdirSync(path.join(s3Target, 'data'))).toEqual([SQLITE_FILE_NAME])
  }, 120_000)

  it('with --force restores into the running server, which then answers from the backup', async () => {
    const lastBefore = acked.filter((a) => a.at < backupStartedAt).at(-1)!
    const after = acked.filter((a) => a.at > backupEndedAt).at(-1)!
    const detail = (a: (typeof acked)[number]) => server.call('OrderDetailGet', [{ SheetID: a.id }], { headers: a.headers })
    expect((await detail(after)).body.resultcode).toBe('0')

    const forced = await runTool('restore', [backupDir, '--force'], deployment())
    expect(forced.code).toBe(0)
    expect(forced.stderr).toContain('a running process had the database open: restart the server now')

    // The server's own connection reads the restored database: the order placed after the backup is gone.
    expect((await detail(after)).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect(ok(await detail(lastBefore)).table1[0].SheetID).toBe(lastBefore.id)
    const check = await server.db.selectFrom('orders').select('order_id').where('order_id', '=', after.id).execute()
    expect(check).toEqual([])
  }, 60_000)
})
