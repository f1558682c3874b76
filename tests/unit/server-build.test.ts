/**
 * The server's commands as the tests run them (tests/support/server-build.js) behave as the sources
 * do under tsx: a module finds its files next to its source, a command imported by another does
 * not run, and a changed source makes the build stale.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildServer, serverBuildIsFresh } = require('../support/server-build.js') as {
  buildServer(dir: string): Promise<{ dir: string }>
  serverBuildIsFresh(dir: string): boolean
}

const root = path.resolve(__dirname, '..', '..')
let dir: string

async function run(file: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(dir, file), ...args], { cwd: os.tmpdir(), env: { ...process.env, DATABASE_URL: '' } })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

beforeAll(async () => {
  // Inside the repository, as the real one (.scanorder/server-build): its packages come from node_modules.
  dir = path.join(root, '.scanorder', `server-build-test-${process.pid}`)
  await buildServer(dir)
}, 60_000)

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

test('a bundled module reads its files from beside its source, whatever the working directory', async () => {
  // gateway-docs.ts finds docs/gateway.md from its own __dirname (server/src/cli → ../../../docs).
  const r = await run('cli/gateway-docs.js', '--check')
  expect(r).toMatchObject({ code: 0, stdout: 'docs/gateway.md is up to date\n' })
})

test("a command another imports does not run: restore (which imports backup's notice) answers as restore", async () => {
  const r = await run('cli/restore.js')
  expect(r.code).toBe(2)
  expect(r.stderr).toContain('npm run restore')
  expect(r.stderr).not.toContain('npm run backup [')
})

test('the build is stale once a source it was made from changes', () => {
  expect(serverBuildIsFresh(dir)).toBe(true)
  const info = JSON.parse(fs.readFileSync(path.join(dir, 'build-info.json'), 'utf8')) as { builtAt: number; inputs: string[] }
  expect(info.inputs).toContain('server/src/cli/backup.ts')
  // As if server/src/cli/backup.ts had been edited after the build.
  info.builtAt = fs.statSync(path.join(root, 'server/src/cli/backup.ts')).mtimeMs - 1
  fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(info))
  expect(serverBuildIsFresh(dir)).toBe(false)
})
