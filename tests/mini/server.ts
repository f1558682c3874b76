/**
 * One real server per test file for the mini-program tests (as tests/e2e/harness.ts does for the
 * browser): a fresh SQLite file, the demo enterprise seeded, its branches open around the clock.
 * And where each build is: MINI_BUILD_ROOT/<host> (npm test builds into dist-mini-test/), else
 * dist/<host> (npm run build:weapp / build:alipay).
 */
import { after, before } from 'node:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer, type RunningServer } from '../../server/src/main'
import type { ServerConfig } from '../../server/src/config'
import { demoEntryPoints } from '../../server/src/storage/seed'
import { MiniHostDouble, type MiniKind } from './host-double'

export const MINI_KINDS: MiniKind[] = ['weapp', 'alipay']

export function buildDir(kind: MiniKind): string {
  return path.resolve(process.env.MINI_BUILD_ROOT ?? 'dist', kind)
}

export interface MiniServer {
  readonly server: RunningServer
  /** A new device (empty storage) with the build of `kind` on it. */
  device(kind: MiniKind): MiniHostDouble
}

/** `config`: settings for the server beyond the defaults (issue 25: the real providers at their fakes), read when it starts. */
export function useMiniServer(config: () => Partial<ServerConfig> | Promise<Partial<ServerConfig>> = () => ({})): MiniServer {
  const state = {} as { server: RunningServer }
  const devices: MiniHostDouble[] = []
  const dataDir = mkdtempSync(path.join(tmpdir(), 'so-mini-'))
  before(async () => {
    // Own port, SQLite file and picture files (the seed writes them): test files run two at a time (run.mjs).
    state.server = await startServer({ port: 0, host: '127.0.0.1', dataDir, filesDir: path.join(dataDir, 'files'), databaseUrl: null, logger: false, ...(await config()) })
    // Real opening hours would make the tests depend on the hour they run at.
    await state.server.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).execute()
  })
  after(async () => {
    for (const d of devices) d.dispose()
    await state.server?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    get server() {
      return state.server
    },
    device(kind) {
      const d = new MiniHostDouble(kind, buildDir(kind), state.server.url)
      devices.push(d)
      return d
    }
  }
}

/** The demo's current QR code of a table ('A01' → 'QR-A01-<token>') or a shop counter ('S101'). */
export async function demoCode(server: RunningServer, name: string): Promise<string> {
  const points = await demoEntryPoints(server.db)
  const found = points.find((p) => p.qrCode === `QR-${name}` || (p.kind === 'table' && p.qrCode.startsWith(`QR-${name}-`)))
  if (!found) throw new Error(`no demo QR code for ${name}`)
  return found.qrCode
}
