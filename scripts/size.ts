/**
 * `npm run size`: gzip bytes of the JavaScript the H5 entry page loads, measured in
 * Chromium, beside the same figure for a bare Taro H5 hello-world (bench/bare-taro) built
 * by this script with the same toolchain. Goal (issue 2): ours ≤ 1.25 × bare.
 * Ours is measured from a demo table URL until the first screen (Home) shows, since the
 * entry page hands over to Home at once: that is what a diner downloads.
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

const root = path.resolve(__dirname, '..')
const taro = path.join(root, 'node_modules', '.bin', 'taro')
const GOAL = 1.25

function build(cwd: string): void {
  const r = spawnSync(taro, ['build', '--type', 'h5'], { cwd, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } })
  if (r.status !== 0) throw new Error(`taro build failed in ${cwd}`)
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
    const all = await Promise.all(bodies)
    const js = all.filter((b) => b.type === 'script')
    // SIZE_FILES=1 lists each file, to see where the bytes are.
    if (process.env.SIZE_FILES) for (const f of all) console.log(`  ${String(f.gz).padStart(7)} ${f.url.replace(/^.*\//, '')}`)
    return { js: js.reduce((a, b) => a + b.gz, 0), jsFiles: js.length, css: all.filter((b) => b.type === 'stylesheet').reduce((a, b) => a + b.gz, 0) }
  } finally {
    await browser.close()
  }
}

async function main(): Promise<void> {
  console.log('Building ours and the bare Taro hello-world (production)…')
  build(root)
  const bareDir = path.join(root, 'bench', 'bare-taro')
  build(bareDir)

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
    console.log(`ratio ${ratio.toFixed(2)} × (goal ≤ ${GOAL} ×: ${ratio <= GOAL ? 'met' : 'not met'})`)
  } finally {
    bare.server.close()
    await ours.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
