/**
 * One set-up for every browser test file: the real server on a fresh SQLite file serving
 * the built H5 app, and one Chromium. Call at the top of a test file.
 */
import { after, afterEach, before } from 'node:test'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { startServer, type RunningServer } from '../../server/src/main'
import type { ServerConfig } from '../../server/src/config'
import { demoEntryPoints } from '../../server/src/storage/seed'
import { assertNoFindings, takeFindings, withAxeScript } from './axe'
import { launchBrowser, SCREENSHOTS } from './browser'
import { startTileServer, type TileServer } from './tile-server'
import { lowerSecretHashCostForTests } from '../../server/src/domain/staff/secret-hash'

// The console's sign-ins and PINs at scrypt N = 2^10, as in the operation tests
// (tests/server/low-secret-cost.ts): each check at the real cost is about 130 ms of CPU.
lowerSecretHashCostForTests(1 << 10)

export interface AppUnderTest {
  readonly server: RunningServer
  readonly browser: Browser
  /** issue 16: map — the local tile server the H5 map page's tiles come from (MAP_TILE_URL). */
  readonly tiles: TileServer
}

/** `config`: settings for the server beyond the defaults (issue 25: the real providers at their fakes), read when it starts. */
export function useAppUnderTest(config: () => Partial<ServerConfig> | Promise<Partial<ServerConfig>> = () => ({})): AppUnderTest {
  const state = {} as { server: RunningServer; browser: Browser; tiles: TileServer }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'so-e2e-'))
  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    // issue 16: map — tiles from a local server (no internet here).
    state.tiles = await startTileServer()
    // Own port, own SQLite file and own picture files (the seed writes them, menu edits prune them):
    // browser test files may run side by side (scripts/e2e.mjs, E2E_WORKERS).
    // The build (STATIC_DIR, else dist/h5) with axe's source beside it, for the pages to load (axe.ts).
    const staticDir = withAxeScript(path.resolve(process.env.STATIC_DIR ?? path.join('dist', 'h5')), path.join(dataDir, 'h5'))
    state.server = await startServer({ port: 0, host: '127.0.0.1', dataDir, filesDir: path.join(dataDir, 'files'), databaseUrl: null, logger: false, mapTileUrl: state.tiles.template, ...(staticDir ? { staticDir } : {}), ...(await config()) })
    // The demo branches keep real opening hours (the tea house closes at 22:00 Macau time, and a
    // table with an open sheet then leads to orderEntry, not Home): open them around the clock so no
    // test depends on the hour it runs at.
    await state.server.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).execute()
    state.browser = await launchBrowser()
  })
  // axe's findings on the pages a test looked at (steps.ts shot(), axe.ts checkPage()) fail that test at its end.
  afterEach(() => assertNoFindings(takeFindings()))
  after(async () => {
    await state.browser?.close()
    await state.server?.close()
    await state.tiles?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    get server() {
      return state.server
    },
    get browser() {
      return state.browser
    },
    get tiles() {
      return state.tiles
    }
  }
}

/**
 * The demo's current QR code of a table ('A01' → 'QR-A01-<token>') or a shop counter ('S101'),
 * read from the server's database: table codes carry a random token made at seed time.
 */
export async function demoCode(server: RunningServer, name: string): Promise<string> {
  const points = await demoEntryPoints(server.db)
  const found = points.find((p) => p.qrCode === `QR-${name}` || (p.kind === 'table' && p.qrCode.startsWith(`QR-${name}-`)))
  if (!found) throw new Error(`no demo QR code for ${name}`)
  return found.qrCode
}

/** The entry URL a table's (or counter's) QR code holds: '<server>/?QRCode=QR-A01-<token>'. */
export async function entryUrl(server: RunningServer, name: string): Promise<string> {
  return `${server.url}/?QRCode=${encodeURIComponent(await demoCode(server, name))}`
}
