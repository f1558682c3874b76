/**
 * `npm run size`: gzip bytes of the JavaScript the H5 entry page loads (files, and each script
 * inside the HTML), measured in Chromium, beside the same figure for a bare Taro H5 hello-world (bench/bare-taro) built
 * by this script with the same toolchain. Goal (issue 28 item 3): ours ≤ 1.20 × bare.
 * Ours is measured from a demo table URL until the first screen (Home) shows, since the
 * entry page hands over to Home at once: that is what a diner downloads.
 *
 * Then the mini-programs (issue 28 item 3): the weapp and alipay builds' main package and
 * total, in bytes of files as the hosts count them (the main package is every file outside the
 * subpackage roots app.json names). Goal: main ≤ 1 MiB on both; the hosts refuse over 2 MB.
 * SIZE_MINI=0 skips them (two builds, a few minutes).
 */
import { spawnSync } from 'node:child_process'
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startServer } from '../server/src/main'
import { demoEntryPoints } from '../server/src/storage/seed'
import { launchBrowser, phone } from '../tests/e2e/browser'
import { MINI_HOST_LIMIT, MINI_MAIN_GOAL, packageSizes, subpackageSizes } from './mini-package-size'

const root = path.resolve(__dirname, '..')
const taro = path.join(root, 'node_modules', '.bin', 'taro')
const GOAL = 1.2

function build(cwd: string, type = 'h5', outputRoot?: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...(outputRoot ? { TARO_OUTPUT_ROOT: outputRoot } : {}) }
  const r = spawnSync(taro, ['build', '--type', type], { cwd, stdio: 'ignore', env })
  if (r.status !== 0) throw new Error(`taro build --type ${type} failed in ${cwd}`)
}

function miniSizes(): void {
  const out = mkdtempSync(path.join(tmpdir(), 'so-size-mini-'))
  try {
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`
    const rows = (['weapp', 'alipay'] as const).map((host) => {
      build(root, host, path.join(out, host))
      return { host, ...packageSizes(path.join(out, host)), largest: subpackageSizes(path.join(out, host))[0] }
    })
    console.log('')
    console.log('| Mini-program build | main package | total | subpackages (largest) | main ≤ 1 MiB |')
    console.log('|--------------------|-------------:|------:|----------------------:|--------------|')
    for (const r of rows) {
      const verdict = r.main <= MINI_MAIN_GOAL ? 'met' : r.main <= MINI_HOST_LIMIT ? 'not met' : 'not met (over the hosts’ 2 MB)'
      const largest = r.largest ? ` (${r.largest.root}: ${r.largest.bytes})` : ''
      console.log(`| ${r.host.padEnd(18)} | ${r.main} (${mib(r.main)}) | ${r.total} (${mib(r.total)}) | ${r.subpackages}${largest} | ${verdict} |`)
    }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

function serveDir(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const rel = decodeURIComponent((req.url ?? '/').split('?')[0])
    let file = path.join(dir, rel)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html')
    res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html')
    createReadStream(file).pipe(res)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const a = server.address()
    resolve({ url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`, server })
  }))
}

interface Measure { js: number; jsFiles: number; css: number }

async function measure(url: string, ready: string): Promise<Measure> {
  const browser = await launchBrowser()
  try {
    const context = await phone(browser, 'en-US')
    const page = await context.newPage()
    const bodies: Promise<{ type: string; gz: number; url: string }>[] = []
    page.on('response', (res) => {
      const type = res.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      const url = res.url()
      bodies.push(res.body().then((b) => ({ type, gz: gzipSync(b, { level: 9 }).length, url }), () => ({ type, gz: 0, url })))
    })
    await page.goto(url)
    // The navigation-bar title holds the same text, hidden; wait for what the diner sees.
    await page.getByText(ready).filter({ visible: true }).first().waitFor({ timeout: 60000 })
    await page.waitForLoadState('networkidle')
    // Scripts inside the HTML count as well: the server sends the app's own scripts inside the page
    // to a phone that has not got them (server/src/http/entry-scripts.ts), as here; the head's small
    // inline scripts are counted on both sides. Data blocks (JSON) are not scripts.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => ['', 'text/javascript', 'module'].includes((s.getAttribute('type') ?? '').toLowerCase()))
        .map((s, i) => ({ i, text: s.textContent ?? '' }))
    )
    const all = [...(await Promise.all(bodies)), ...inline.map(({ i, text }) => ({ type: 'script', gz: gzipSync(text, { level: 9 }).length, url: `(inside the HTML, script ${i + 1})` }))]
    const js = all.filter((b) => b.type === 'script')
    // SIZE_FILES=1 lists each file, to see where the bytes are.
    if (process.env.SIZE_FILES) for (const f of all) console.log(`  ${String(f.gz).padStart(7)} ${f.url.replace(/^.*\//, '')}`)
    return { js: js.reduce((a, b) => a + b.gz, 0), jsFiles: js.length, css: all.filter((b) => b.type === 'stylesheet').reduce((a, b) => a + b.gz, 0) }
  } finally {
    await browser.close()
  }
}

async function main(): Promise<void> {
  // SIZE_H5_DIR: measure an H5 build already made (STATIC_DIR's layout) instead of building dist/h5.
  const made = process.env.SIZE_H5_DIR
  if (made) process.env.STATIC_DIR = path.resolve(made)
  console.log(made ? `Building the bare Taro hello-world (ours: ${made})…` : 'Building ours and the bare Taro hello-world (production)…')
  if (!made) build(root)
  const bareDir = path.join(root, 'bench', 'bare-taro')
  if (!made || !existsSync(path.join(bareDir, 'dist', 'index.html'))) build(bareDir)

  const dataDir = mkdtempSync(path.join(tmpdir(), 'so-size-'))
  const ours = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: null, logger: false })
  // After closing time a table with an open sheet leads to orderEntry instead of Home: measure the
  // same first screen at any hour.
  await ours.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).execute()
  const bare = await serveDir(path.join(bareDir, 'dist'))
  try {
    // Table A03's code carries a random token made at seed time: its entry URL comes from the database.
    const a03 = (await demoEntryPoints(ours.db)).find((p) => p.tableId === 'B201-A03')
    if (!a03) throw new Error('no entry point for table A03')
    const a = await measure(`${ours.url}/?${a03.query}`, 'Lotus Tea House')
    const b = await measure(`${bare.url}/`, 'Hello world!')
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
    const ratio = a.js / b.js
    console.log('')
    console.log('| H5 first screen (gzip -9)          | JS bytes | JS files | CSS bytes |')
    console.log('|------------------------------------|---------:|---------:|----------:|')
    console.log(`| ScanOrder (demo table → Home)      | ${a.js} (${kib(a.js)}) | ${a.jsFiles} | ${a.css} |`)
    console.log(`| bare Taro 4.2.1 React hello-world  | ${b.js} (${kib(b.js)}) | ${b.jsFiles} | ${b.css} |`)
    console.log('')
    console.log(`ratio ${ratio.toFixed(2)} × (goal ≤ ${GOAL.toFixed(2)} ×: ${ratio <= GOAL ? 'met' : 'not met'})`)
  } finally {
    bare.server.close()
    await ours.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (process.env.SIZE_MINI !== '0') {
    console.log('Building the weapp and alipay mini-programs (production)…')
    miniSizes()
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
