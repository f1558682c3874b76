#!/usr/bin/env node
// `npm run test:mini` (and one step of `npm test`): builds the weapp and alipay apps into their
// own folders (MINI_BUILD_ROOT, default dist-mini-test/<host>; a developer's dist/ is left alone)
// and runs tests/mini under the host double. MINI_SKIP_BUILD=1 tests the builds already there;
// file arguments run only those test files.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const buildRoot = process.env.MINI_BUILD_ROOT || 'dist-mini-test'
const env = { ...process.env, MINI_BUILD_ROOT: buildRoot }
// The tests start their own server on SQLite.
delete env.DATABASE_URL

function run(what, cmd, args, extraEnv = {}) {
  console.log(`\n▷ ${what}`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } })
  if (r.status !== 0) {
    console.error(`✖ ${what} failed`)
    process.exit(r.status ?? 1)
  }
}

if (!process.env.MINI_SKIP_BUILD) {
  for (const host of ['weapp', 'alipay']) {
    run(`${host} build into ${buildRoot}/${host}`, path.join(root, 'node_modules', '.bin', 'taro'), ['build', '--type', host], { TARO_OUTPUT_ROOT: path.join(buildRoot, host) })
  }
}
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(path.join(root, 'tests', 'mini'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.join('tests', 'mini', f))
run('mini-program tests (weapp and alipay under the host double)', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files])
