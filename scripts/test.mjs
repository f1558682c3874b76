#!/usr/bin/env node
// `npm test`: typecheck, unit and component tests, the server's operation tests on SQLite
// and (when DATABASE_URL is set) on PostgreSQL, the weapp and alipay builds and their tests
// under the host double (tests/mini), the H5 build, and the browser test.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const withoutDb = { ...process.env }
delete withoutDb.DATABASE_URL

const e2eFiles = readdirSync(path.join(root, 'tests', 'e2e'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join('tests', 'e2e', f))

const steps = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['unit and component tests', bin('jest'), ['--selectProjects', 'unit', 'client']],
  ['operation tests on SQLite', bin('jest'), ['--selectProjects', 'server', '--runInBand'], withoutDb],
  ...(process.env.DATABASE_URL
    ? [['operation tests on PostgreSQL', bin('jest'), ['--selectProjects', 'server', '--runInBand'], process.env]]
    : []),
  // Builds weapp and alipay into dist-mini-test/ and runs them under the host double.
  ['mini-program builds and tests', process.execPath, [path.join('tests', 'mini', 'run.mjs')], withoutDb],
  ['H5 build', bin('taro'), ['build', '--type', 'h5'], { ...process.env, NODE_ENV: 'production' }],
  ['browser test (Chromium)', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...e2eFiles], withoutDb]
]

if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: the PostgreSQL run of the operation tests is skipped.')
let passed = 0
for (const [name, cmd, args, env] of steps) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: env ?? process.env })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (${secs} s)`)
    console.log(`${passed} passed, 1 failed`)
    process.exit(r.status ?? 1)
  }
  passed++
  console.log(`✔ ${name} (${secs} s)`)
}
console.log(`\nsteps: ${passed} passed, 0 failed`)
