#!/usr/bin/env node
// `npm test`: typecheck, unit and component tests, the server's operation tests on SQLite
// and (when DATABASE_URL is set) on PostgreSQL, the weapp and alipay builds and their tests
// under the host double (tests/mini), the H5 build, and the browser tests (scripts/e2e.mjs).
//
// One step at a time by default (TEST_JOBS, default 1; the typecheck, one core's work, runs beside
// the H5 build), each using the machine's cores itself:
// the unit and component tests run TEST_WORKERS test files at a time (default 2), the operation
// tests SERVER_TEST_WORKERS (default 4, below; on PostgreSQL each worker in a database of its own)
// and the browser tests E2E_WORKERS files at a time (scripts/e2e.mjs, default 2: with 3 a
// clean-clone run took longer, the 2 cores oversubscribed at a load of 10–12). Two steps side by side on the 2-core
// machine took 80 minutes where one after another took 44: a browser test waiting on a busy
// machine waits longer than the CPU it saves. What parallel runs share was checked: the SQLite run
// opens a temp-dir file per test file and the PostgreSQL run a fresh schema per test file (its
// live-event wake-ups name the schema; tests/server/helpers/test-server.ts); the mini run builds
// into dist-mini-test/ and the H5 build into dist/h5 (STATIC_DIR for another folder), each with
// its own webpack cache (NODE_ENV-TARO_ENV); each browser test file has its own server, port,
// database and build folders.
//
// Each step's output is kept in .scanorder/test/<step>.log and printed when the step ends: all of it
// when it failed, its last lines when it passed (TEST_VERBOSE=1: all of it). The first failure stops
// the steps still running and starts no new one; the summary names every step's result and time.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const LOG_DIR = path.join(root, '.scanorder', 'test')
const verbose = ['1', 'true'].includes(process.env.TEST_VERBOSE ?? '')
const withoutDb = { ...process.env }
delete withoutDb.DATABASE_URL

/** A setting that is a whole number of at least 1 (`fallback` when unset); anything else stops the run. */
function setting(name, fallback) {
  const value = process.env[name]
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a whole number of at least 1, not '${value}'`)
    process.exit(2)
  }
  return n
}
const workers = `--maxWorkers=${setting('TEST_WORKERS', 2)}`
// The operation tests wait as much as they compute (request timeouts, rate windows, child
// processes, PostgreSQL): four files at a time keep both cores busy where two left them idle a
// fifth of the time. Measured on the 2-core machine (30 Nov): SQLite 219 → 164 s, PostgreSQL
// 321 → 248 s, every test passing; the CPU busy 98–99 % instead of 85 %.
const serverWorkerCount = setting('SERVER_TEST_WORKERS', 4)
const serverWorkers = `--maxWorkers=${serverWorkerCount}`

let workerDatabaseNames = []

/** Drops the PostgreSQL run's databases per worker, whatever became of the run. */
async function dropWorkerDatabases() {
  if (!workerDatabaseNames.length) return
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  try {
    await client.connect()
    for (const db of workerDatabaseNames) await client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`)
  } catch {
    // Left for the next run, which drops them before it makes them again.
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * jest's arguments for the PostgreSQL run: one fresh database per worker beside DATABASE_URL's
 * ('<name>_w1', '<name>_w2', …), handed to the workers as DATABASE_URL_PER_WORKER; one file at a
 * time in DATABASE_URL itself when they cannot be made (a user without CREATEDB).
 */
async function workerDatabases() {
  const count = serverWorkerCount
  if (count === 1) return ['--runInBand']
  const { default: pg } = await import('pg')
  const url = new URL(process.env.DATABASE_URL)
  const name = decodeURIComponent(url.pathname.slice(1)) || 'postgres'
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  try {
    await client.connect()
    for (let i = 1; i <= count; i++) {
      const db = `${name}_w${i}`.replace(/"/g, '')
      await client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`)
      await client.query(`CREATE DATABASE "${db}"`)
    }
  } catch (error) {
    console.log(`PostgreSQL: no database per worker (${error.message}); its operation tests run one file at a time.`)
    return ['--runInBand']
  } finally {
    await client.end().catch(() => undefined)
  }
  // Dropped again when the run ends (dropWorkerDatabases): a CI run's database goes with it.
  workerDatabaseNames = Array.from({ length: count }, (_, i) => `${name}_w${i + 1}`.replace(/"/g, ''))
  const perWorker = new URL(url)
  perWorker.pathname = `/${encodeURIComponent(name)}_w{worker}`
  process.env.DATABASE_URL_PER_WORKER = perWorker.toString().replace(encodeURIComponent('{worker}'), '{worker}')
  return [serverWorkers]
}

/** name, command, arguments, environment, the steps it waits for. */
const steps = [
  // The H5 build first, so with TEST_JOBS=2 the browser tests (the longest step) start soonest.
  { name: 'H5 build', cmd: bin('taro'), args: ['build', '--type', 'h5'], env: { ...process.env, NODE_ENV: 'production', ...(process.env.STATIC_DIR ? { TARO_OUTPUT_ROOT: process.env.STATIC_DIR } : {}) } },
  // Every tests/e2e file (scripts/e2e.mjs holds the list, as `npm run test:e2e` uses it).
  { name: 'browser tests (Chromium)', cmd: process.execPath, args: [path.join('scripts', 'e2e.mjs')], env: { ...withoutDb, E2E_WORKERS: String(setting('E2E_WORKERS', 2)) }, after: ['H5 build'] },
  // One core's work (tsc is single-threaded): it runs beside the H5 build, whatever TEST_JOBS says.
  { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'], beside: true },
  { name: 'unit and component tests', cmd: bin('jest'), args: ['--selectProjects', 'unit', 'client', workers] },
  { name: 'operation tests on SQLite', cmd: bin('jest'), args: ['--selectProjects', 'server', serverWorkers], env: withoutDb },
  // PostgreSQL SERVER_TEST_WORKERS files at a time, each worker in a database of its own (workerDatabases
  // below; tests/server/worker-database.js): Kysely's migrator looks at every schema of the
  // database (pg_get_serial_sequence over all tables), so in one database a file dropping its
  // schema while another migrates failed that one ('schema … does not exist', seen in CI).
  ...(process.env.DATABASE_URL ? [{ name: 'operation tests on PostgreSQL', cmd: bin('jest'), args: ['--selectProjects', 'server', ...(await workerDatabases())], env: process.env }] : []),
  // Builds weapp and alipay into dist-mini-test/ and runs them under the host double.
  { name: 'mini-program builds and tests', cmd: process.execPath, args: [path.join('tests', 'mini', 'run.mjs')], env: withoutDb }
]

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
const running = new Map()
const results = new Map()
let failed = false
const startedAll = Date.now()

function start(step) {
  const started = Date.now()
  console.log(`▶ ${step.name}`)
  const child = spawn(step.cmd, step.args, { cwd: root, env: step.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const done = new Promise((resolve) => {
    child.on('error', (error) => (output += `${error.stack}\n`))
    child.on('close', (code, signal) => {
      running.delete(step.name)
      const secs = (Date.now() - started) / 1000
      const log = path.join(LOG_DIR, `${slug(step.name)}.log`)
      writeFileSync(log, output)
      const shownLog = path.relative(process.cwd(), log)
      if (child.stopped) {
        results.set(step.name, { state: 'stopped', secs })
        console.log(`◌ ${step.name} stopped after ${secs.toFixed(1)} s (another step failed); its output so far: ${shownLog}`)
      } else if (code === 0) {
        results.set(step.name, { state: 'passed', secs })
        const shown = verbose ? output : output.trimEnd().split('\n').slice(-12).join('\n')
        console.log(`\n── ${step.name} (last lines; all in ${shownLog}) ──\n${shown}\n✔ ${step.name} (${secs.toFixed(1)} s)\n`)
      } else {
        results.set(step.name, { state: 'failed', secs })
        console.log(`\n── ${step.name}: its whole output (also in ${shownLog}) ──\n${output}\n✖ ${step.name} failed (${secs.toFixed(1)} s${signal ? `, ${signal}` : ''})\n`)
        if (!failed) {
          failed = true
          stopAll()
        }
      }
      resolve()
    })
  })
  running.set(step.name, { child, done })
}

function stopAll(signal = 'SIGTERM') {
  for (const { child } of running.values()) {
    child.stopped = true
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failed = true
    stopAll(signal)
    process.exit(130)
  })
}

mkdirSync(LOG_DIR, { recursive: true })
const limit = setting('TEST_JOBS', 1)
if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: the PostgreSQL run of the operation tests is skipped.')
console.log(`${steps.length} steps, ${limit} at a time; logs in ${path.relative(process.cwd(), LOG_DIR)}\n`)
const waiting = [...steps]
while (waiting.length || running.size) {
  if (!failed) {
    // In the listed order, every step whose steps before it passed, while there is room.
    for (let i = 0; i < waiting.length; ) {
      const step = waiting[i]
      // A step `beside` others does not count against TEST_JOBS; one such step at a time.
      const besides = [...running.keys()].filter((name) => steps.find((s) => s.name === name)?.beside).length
      const room = step.beside ? besides === 0 : running.size - besides < limit
      if (room && (step.after ?? []).every((name) => results.get(name)?.state === 'passed')) {
        waiting.splice(i, 1)
        start(step)
      } else i++
    }
  }
  if (!running.size) break
  await Promise.race([...running.values()].map((r) => r.done))
}

const minutes = ((Date.now() - startedAll) / 60000).toFixed(1)
console.log(`\nsteps (${minutes} min in all, ${limit} at a time):`)
for (const step of steps) {
  const r = results.get(step.name)
  const mark = { passed: '✔', failed: '✖', stopped: '◌' }[r?.state] ?? '·'
  console.log(`  ${mark} ${step.name.padEnd(32)} ${r ? `${r.state} ${r.secs.toFixed(1)} s` : 'not run'}`)
}
await dropWorkerDatabases()
const count = (state) => [...results.values()].filter((r) => r.state === state).length
console.log(`${count('passed')} passed, ${count('failed')} failed, ${steps.length - count('passed') - count('failed')} not run or stopped`)
process.exit(failed || count('passed') !== steps.length ? 1 : 0)
