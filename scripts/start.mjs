#!/usr/bin/env node
// `npm start`: build the H5 app, the console and the pickup screen if they are missing, then run the
// server (it migrates and seeds the SQLite file on first start and prints the providers in use, where
// it listens and the entry URLs: server/src/main.ts, server/src/start-address.ts).
//
// Quiet unless asked: each build's output goes to .scanorder/build.log and the start prints one line
// per build (and the log's path and its last lines when a build fails); the server logs warnings and
// errors only (LOG_LEVEL=warn unless LOG_LEVEL is set). VERBOSE=1 or `npm start -- --verbose` shows
// everything. Ctrl-C or SIGTERM stops whatever it started: a build in progress, or the server.
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const verbose = process.argv.includes('--verbose') || ['1', 'true', 'yes'].includes((process.env.VERBOSE ?? '').toLowerCase())
const logFile = path.join(root, '.scanorder', 'build.log')
const shownLog = path.relative(process.cwd(), logFile) || logFile

/** The child running now (a build, then the server), and whether we were asked to stop. */
let current = null
let stopping = null
let logStarted = false

// Each child runs in its own process group, so a terminal's Ctrl-C reaches it once, from here (npm may
// pass the same Ctrl-C on again: the child is told once). A build's group holds taro's workers too; the
// server shuts down on the signal itself (closes connections and the database), then we exit with it.
function stop(signal) {
  stopping = signal
  if (!current) process.exit(130)
  if (current.told) return
  current.told = true
  try {
    process.kill(-current.pid, signal === 'SIGHUP' ? 'SIGTERM' : signal)
  } catch {
    // already gone
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal))
// `npm start` runs this under `sh -c`, and npm passes a SIGTERM only to that shell, which dies
// without passing it on: when our parent goes, stop as if told to.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM')
}, 1000).unref()

// Never leave a child behind when this script ends some other way.
process.on('exit', () => {
  if (current && !current.told) {
    try {
      process.kill(-current.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
})

function run(cmd, args, { env, quiet }) {
  return new Promise((resolve) => {
    let fd = null
    if (quiet) {
      mkdirSync(path.dirname(logFile), { recursive: true })
      // This start's builds only: the first one starts the file afresh.
      fd = openSync(logFile, logStarted ? 'a' : 'w')
      logStarted = true
      writeSync(fd, `\n===== ${new Date().toISOString()} ${path.basename(cmd)} ${args.join(' ')}\n`)
    }
    const child = spawn(cmd, args, { cwd: root, env, stdio: quiet ? ['ignore', fd, fd] : ['ignore', 'inherit', 'inherit'], detached: true })
    current = child
    child.on('error', (error) => {
      if (fd !== null) writeSync(fd, `${error.stack}\n`)
      resolve({ code: 1 })
    })
    child.on('exit', (code, signal) => {
      current = null
      if (fd !== null) closeSync(fd)
      resolve({ code, signal })
    })
  })
}

/** The last lines of the build log, for a failure. */
function tail(lines) {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-lines - 1).join('\n')
  } catch {
    return ''
  }
}

const builds = [
  ['the H5 app', path.join('dist', 'h5'), [path.join(root, 'node_modules', '@tarojs', 'cli', 'bin', 'taro'), 'build', '--type', 'h5']],
  // The restaurant's console (/console), its own small esbuild build (docs/console.md).
  ['the console', path.join('dist', 'console'), [path.join(root, 'scripts', 'build-console.mjs')]],
  // The pickup screen for a TV (/pickup), its own tiny esbuild build (docs/pickup-screen.md).
  ['the pickup screen', path.join('dist', 'pickup'), [path.join(root, 'scripts', 'build-pickup.mjs')]]
]

for (const [what, out, args] of builds) {
  if (existsSync(path.join(root, out, 'index.html'))) continue
  const started = Date.now()
  if (!verbose) process.stdout.write(`Building ${what} into ${out} (first start only)… `)
  else console.log(`Building ${what} into ${out} (first start only)…`)
  // No progress bars or colours in the log.
  const env = { ...process.env, NODE_ENV: 'production', ...(verbose ? {} : { FORCE_COLOR: '0', NO_COLOR: '1' }) }
  const r = await run(process.execPath, args, { env, quiet: !verbose })
  if (stopping) {
    if (!verbose) console.log('stopped.')
    process.exit(130)
  }
  const secs = Math.round((Date.now() - started) / 1000)
  if (r.code !== 0) {
    if (!verbose) console.log(`failed after ${secs} s.`)
    if (!verbose) console.error(`${tail(15)}\nThe whole output is in ${shownLog}.`)
    process.exit(r.code || 1)
  }
  if (!verbose) console.log(`done in ${secs} s`)
}

// The server: warnings and errors only, unless asked (LOG_LEVEL, VERBOSE).
const serverEnv = { ...process.env }
if (!verbose && !serverEnv.LOG_LEVEL) serverEnv.LOG_LEVEL = 'warn'
const r = await run(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], { env: serverEnv, quiet: false })
process.exit(r.code ?? (r.signal ? 0 : 1))
