#!/usr/bin/env node
// `npm run test:mini` (and one step of `npm test`): builds the weapp and alipay apps into their
// own folders (MINI_BUILD_ROOT, default dist-mini-test/<host>; a developer's dist/ is left alone)
// and runs tests/mini under the host double. MINI_SKIP_BUILD=1 tests the builds already there;
// file arguments run only those test files.
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
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

/** A build in the background, its output kept and printed when it ends (two at once would interleave). */
function build(host) {
  const what = `${host} build into ${buildRoot}/${host}`
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'taro'), ['build', '--type', host], { cwd: root, env: { ...env, TARO_OUTPUT_ROOT: path.join(buildRoot, host) }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('close', (code) => {
      console.log(`\n▷ ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${output}`)
      resolve({ what, ok: code === 0 })
    })
  })
}

if (!process.env.MINI_SKIP_BUILD) {
  // Both hosts at once: each webpack build keeps about one core busy, and a clean clone (cold
  // webpack cache) spent a minute and a half on the two one after the other.
  const builds = await Promise.all(['weapp', 'alipay'].map(build))
  for (const b of builds.filter((b) => !b.ok)) console.error(`✖ ${b.what} failed`)
  if (builds.some((b) => !b.ok)) process.exit(1)
}
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(path.join(root, 'tests', 'mini'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.join('tests', 'mini', f))
// The test files bundled with the server they start, as the browser tests are (scripts/e2e.mjs),
// not loaded through tsx in each process.
const { bundleTestFiles } = createRequire(import.meta.url)('../support/server-build.js')
const bundleDir = path.join(root, '.scanorder', `mini-build-${process.pid}`)
const bundles = await bundleTestFiles(files, bundleDir)
process.on('exit', () => rmSync(bundleDir, { recursive: true, force: true }))
// Two files at a time: each has its own server, port and data (server.ts); one at a time left a
// core idle while a file waited on its server.
run('mini-program tests (weapp and alipay under the host double)', process.execPath, ['--enable-source-maps', '--test', '--test-concurrency=2', ...bundles])
