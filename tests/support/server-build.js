#!/usr/bin/env node
// The server's commands, each bundled once per test run with esbuild into .scanorder/server-build/
// (<name>.js: main, cli/<name>, and the test helpers that run as processes of their own), so the
// tests start them with plain `node`. Through tsx each start cost about 1 s of CPU here (its loader
// resolving every module the server imports) and the operation tests start about 120 such processes
// on each database; the bundle starts in about 0.3 s. The product's own scripts (npm run serve,
// npm run orders, …) still run the sources through tsx; start-check.ts starts `tsx server/src/main.ts`
// as they do.
//
// The bundle behaves as the sources do: every module keeps its own __dirname and __filename (the
// seed's menus, the fonts, the console's folder are found next to the source), and only the command
// itself runs its `require.main === module` part (restore imports backup's notice, not its run).
// Packages stay in node_modules (required as they are).
//
// Built by the operation tests' jest globalSetup and scripts/e2e.mjs before any test starts, and
// again by serverCommand() (server-commands.ts) when a source is newer than the build (a single
// file run by hand). `node tests/support/server-build.js` builds it now.
// CommonJS, so jest's globalSetup, the ESM scripts and the tests' own helpers can all load it.
const { build } = require('esbuild')
const { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs')
const { readFile } = require('node:fs/promises')
const path = require('node:path')

const root = path.resolve(__dirname, '..', '..')
const SERVER_BUILD_DIR = path.join(root, '.scanorder', 'server-build')
const INFO = 'build-info.json'

/** Output name (without .js) → source, relative to the repository root. */
function serverEntries() {
  const cli = readdirSync(path.join(root, 'server', 'src', 'cli'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [`cli/${f.slice(0, -3)}`, `server/src/cli/${f}`])
  return Object.fromEntries([
    ['main', 'server/src/main.ts'],
    ...cli,
    // Test helpers that run as a process of their own (a second server; idle sockets).
    ['helpers/server-process', 'tests/server/helpers/server-process.ts'],
    ['helpers/idle-streams', 'tests/server/helpers/idle-streams.ts']
  ])
}

/**
 * A package's `import('…')` made a require, as tsx makes it: tsx hands a CommonJS package's
 * `exports.default` as the default when the package says __esModule (the Aliyun SMS SDK's client
 * class), where Node's own import() would hand the whole exports object.
 */
const AS_TSX = { 'dynamic-import': false }

/** Node 20, CommonJS, packages left in node_modules; names kept (as tsx keeps them), so stack traces name functions. */
const FOR_NODE = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  supported: AS_TSX,
  keepNames: true,
  logLevel: 'warning'
}

/** Each module with its own __dirname/__filename; `require.main === module` true only in the command's own file. */
function asInTheSources(isEntry) {
  return {
    name: 'as-in-the-sources',
    setup(b) {
      // Our own files, TypeScript or JavaScript (server-build.js itself finds the repository from its __dirname).
      b.onLoad({ filter: /\.(tsx?|c?js)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        let text = await readFile(args.path, 'utf8')
        if (!isEntry(args.path)) text = text.replace(/require\.main === module/g, 'false')
        if (/\b__(dirname|filename)\b/.test(text)) {
          // On the first line (in place of a #! line), so the source's own line numbers move by none.
          const own = `const __dirname = ${JSON.stringify(path.dirname(args.path))}, __filename = ${JSON.stringify(args.path)};`
          text = text.startsWith('#!') ? own + text.slice(text.indexOf('\n')) : own + text
        }
        const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js'
        return { contents: text, loader, resolveDir: path.dirname(args.path) }
      })
    }
  }
}

/** True when the build is there and none of the files it was made from changed since. */
function serverBuildIsFresh(dir = SERVER_BUILD_DIR) {
  let info
  try {
    info = JSON.parse(readFileSync(path.join(dir, INFO), 'utf8'))
  } catch {
    return false
  }
  const wanted = serverEntries()
  if (JSON.stringify(Object.keys(wanted).sort()) !== JSON.stringify(Object.keys(info.entries ?? {}).sort())) return false
  for (const file of info.inputs) {
    const full = path.join(root, file)
    if (!existsSync(full) || statSync(full).mtimeMs > info.builtAt) return false
  }
  return true
}

/** Builds every entry into a fresh folder and puts it in place (a process starting meanwhile finds the old one whole). */
async function buildServer(dir = SERVER_BUILD_DIR) {
  const entries = serverEntries()
  const builtAt = Date.now()
  const temp = `${dir}.${process.pid}.tmp`
  rmSync(temp, { recursive: true, force: true })
  // One build per command: in each, only that command's own file keeps its `require.main === module`.
  const results = await Promise.all(
    Object.entries(entries).map(([name, file]) =>
      build({
        ...FOR_NODE,
        entryPoints: [path.join(root, file)],
        outfile: path.join(temp, `${name}.js`),
        metafile: true,
        plugins: [asInTheSources((f) => f === path.join(root, file))]
      })
    )
  )
  const inputs = [...new Set(results.flatMap((r) => Object.keys(r.metafile.inputs)))].filter((f) => !f.includes('node_modules'))
  writeFileSync(path.join(temp, INFO), JSON.stringify({ builtAt, entries, inputs }))
  mkdirSync(path.dirname(dir), { recursive: true })
  const old = `${dir}.${process.pid}.old`
  if (existsSync(dir)) renameSync(dir, old)
  renameSync(temp, dir)
  rmSync(old, { recursive: true, force: true })
  return { dir, ms: Date.now() - builtAt, entries: Object.keys(entries).length }
}

/**
 * The browser test files (scripts/e2e.mjs), each bundled with what it imports (the server it starts
 * in its own process, the harness) into outDir/<name>.test.js, in one esbuild run: loading a file
 * and the server through tsx cost about 2.4 s of CPU in each of the 47 processes. Names kept as tsx
 * keeps them (functions handed to page.evaluate already live with that); source maps linked, for
 * `node --enable-source-maps` to name the sources' lines in a failure.
 */
async function bundleTestFiles(files, outDir) {
  const entries = new Set(files.map((f) => path.resolve(root, f)))
  rmSync(outDir, { recursive: true, force: true })
  await build({
    ...FOR_NODE,
    entryPoints: [...entries],
    entryNames: '[name]',
    outdir: outDir,
    sourcemap: 'linked',
    plugins: [asInTheSources((f) => entries.has(f))]
  })
  return files.map((f) => path.join(outDir, `${path.basename(f, '.ts')}.js`))
}

module.exports = { SERVER_BUILD_DIR, serverEntries, serverBuildIsFresh, buildServer, bundleTestFiles }

if (require.main === module) {
  buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined).then(
    ({ dir, ms, entries }) => console.log(`The server's ${entries} commands built into ${path.relative(root, dir)}/ in ${ms} ms`),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
