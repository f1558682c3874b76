/**
 * Goods list bench (issue 3): the goodsList page with a large menu against a small one, in
 * Debian's Chromium at a phone viewport (tests/e2e/browser.ts), on the real server.
 *
 * For each size N (50 and 2,000 goods in 20 classes) a menu in the import format is generated
 * for shop S101 of the demo enterprise E1001 (pictures reused from server/seed/pictures; most
 * goods plain, every 7th with sizes, every 11th with remarks and an add-on, every 5th on a
 * lower now price) and imported with the menu import service into the database of a running
 * server (the import bumps the menu version, so the server serves the new menu at once).
 * Then, `runs` times, in a fresh browser context:
 *
 *   1. open table A03's entry URL (`/?QRCode=QR-A03-<token>`, a dine-in table), tap "Order now" on Home;
 *   2. first row: ms from that tap to the first animation frame with a goods row laid out on
 *      screen (page chunk, menu calls, render);
 *   3. after load (the list settled for 1 s): elements in the document
 *      (document.querySelectorAll('*').length — every page of the stack, Home included) and
 *      goods rows in the list;
 *   4. scroll: the list's scroll element from top to bottom in `steps` steps, one step per
 *      animation frame; long tasks (PerformanceObserver 'longtask', > 50 ms on the main thread)
 *      starting between the first step and 500 ms after the last, count and total ms;
 *   5. check (a second, untimed pass top to bottom): after each step and two frames, is the
 *      list still where the step put it, do rows and headers cover its whole height (no blank
 *      screen), how many rows and elements are there at most, and is the menu's last goods
 *      rendered after the last step.
 *
 * Figures are medians over the runs. The CPU is not throttled: this is the machine's speed,
 * not a phone's (options.cpuSlowdown emulates a slower CPU through the DevTools protocol).
 * runGoodsListBench() returns the figures; run directly, this file prints them.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import type { MenuClass, MenuFile, MenuGoods } from '../server/src/domain/catalogue/menu-file'
import { MENU_FORMAT } from '../server/src/domain/catalogue/menu-file'
import { importMenu } from '../server/src/domain/catalogue/menu-import.service'
import { startServer, type RunningServer } from '../server/src/main'
import { demoEntryPoints } from '../server/src/storage/seed'
import { CHROMIUM, launchBrowser, phone } from '../tests/e2e/browser'

const ROOT = path.resolve(__dirname, '..')
const DIST_H5 = path.join(ROOT, 'dist', 'h5')
/** The generated menus name their pictures relative to the demo menus' folder. */
const MENU_DIR = path.join(ROOT, 'server', 'seed', 'menus')
const ENT_ID = 'E1001'
const SHOP_ID = 'S101'
/** Table A03, a dine-in table. Its code carries a random token made at seed time: read from the database. */
const ENTRY_TABLE = 'B201-A03'
async function entryPath(server: RunningServer): Promise<string> {
  const point = (await demoEntryPoints(server.db)).find((p) => p.tableId === ENTRY_TABLE)
  if (!point) throw new Error(`no entry point for table ${ENTRY_TABLE}`)
  return `/?${point.query}`
}
const CLASSES = 20

export interface GoodsListBenchOptions {
  /** Menu sizes to measure (default [50, 2000]). */
  sizes?: number[]
  /** Page loads per size (default 3); figures are medians. */
  runs?: number
  /** Scroll steps from top to bottom, one per animation frame (default 60). */
  steps?: number
  /** DevTools CPU throttling rate (default 1: none). */
  cpuSlowdown?: number
  /** Progress lines (default: none). */
  log?(line: string): void
}

export interface LongTasks {
  count: number
  totalMs: number
}

/** One scroll of the list from top to bottom, timed, then checked in a second, untimed pass. */
export interface ScrollFigures {
  steps: number
  /** Scroll distance top to bottom. */
  distancePx: number
  /** Wall time of the timed pass. */
  ms: number
  /** Long tasks starting between the timed pass's first step and 500 ms after its last. */
  longTasks: LongTasks
  /** Checked pass: steps after which the list was still where the step put it (±2 px). */
  positionKeptSteps: number
  /** Checked pass: steps after which part of the list's height showed no row or header. */
  blankSteps: number
  /** Checked pass: most goods rows / elements in the document after any step. */
  maxGoodsRows: number
  maxDomNodes: number
  /** Checked pass: the menu's last goods is rendered after the last step. */
  lastGoodsShown: boolean
}

export interface GoodsListRun {
  /** Tap on "Order now" → first frame with a goods row on screen. */
  firstRowMs: number
  /** Long tasks from the tap until the list settled. */
  loadLongTasks: LongTasks
  /** document.querySelectorAll('*').length after load. */
  domNodes: number
  /** Goods rows in the list after load. */
  goodsRows: number
  /** Scrolling the list top to bottom. */
  scroll: ScrollFigures
}

export interface GoodsListSize {
  goods: number
  classes: number
  runs: GoodsListRun[]
  /** Medians over the runs (check figures: the worst run). */
  median: GoodsListRun
}

export interface GoodsListBenchResult {
  name: 'goods-list'
  shopId: string
  entry: string
  viewport: { width: number; height: number }
  cpuSlowdown: number
  chromium: string
  sizes: GoodsListSize[]
  /** Uncaught page errors seen during the runs. */
  pageErrors: string[]
}

// ---------- the menu ----------

const FOODS: { picture: string; zh: string; tw: string; en: string }[] = [
  { picture: 'c01-wonton-noodles.svg', zh: '云吞面', tw: '雲吞麵', en: 'Wonton Noodles' },
  { picture: 'b02-char-siu.svg', zh: '叉烧', tw: '叉燒', en: 'Char Siu' },
  { picture: 'a03-egg-tart.svg', zh: '蛋挞', tw: '蛋撻', en: 'Egg Tart' },
  { picture: 'd01-baked-pork-chop-rice.svg', zh: '焗猪扒饭', tw: '焗豬扒飯', en: 'Baked Pork Chop Rice' },
  { picture: 'e01-har-gow.svg', zh: '虾饺', tw: '蝦餃', en: 'Har Gow' },
  { picture: 'f03-herbal-tea.svg', zh: '凉茶', tw: '涼茶', en: 'Herbal Tea' },
  { picture: 'g06-pineapple-bun.svg', zh: '菠萝包', tw: '菠蘿包', en: 'Pineapple Bun' },
  { picture: 'h01-milk-tea.svg', zh: '奶茶', tw: '奶茶', en: 'Milk Tea' },
  { picture: 'j02-mango-sago.svg', zh: '杨枝甘露', tw: '楊枝甘露', en: 'Mango Sago' },
  { picture: 'b01-roast-goose.svg', zh: '烧鹅', tw: '燒鵝', en: 'Roast Goose' }
]
const CLASS_PICTURES = ['class-noodles.svg', 'class-roast.svg', 'class-rice.svg', 'class-dim-sum.svg', 'class-drinks.svg', 'class-desserts.svg']
const pic = (name: string) => `../pictures/${name}`
const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** A menu of `goods` goods in `classes` classes for S101, in the import format. */
export function benchMenu(goods: number, classes = CLASSES): MenuFile {
  const classList: MenuClass[] = Array.from({ length: classes }, (_, c) => ({
    code: `BC${pad(c + 1, 2)}`,
    names: { 'zh-CN': `类别 ${c + 1}`, 'zh-TW': `類別 ${c + 1}`, en: `Class ${c + 1}` },
    image: pic(CLASS_PICTURES[c % CLASS_PICTURES.length])
  }))
  const width = String(goods).length
  const list: MenuGoods[] = Array.from({ length: goods }, (_, i) => {
    const food = FOODS[i % FOODS.length]
    const n = i + 1
    const price = 18 + (i % 40)
    const item: MenuGoods = {
      code: `G${pad(n, width)}`,
      // Contiguous blocks, so each class holds goods/classes of them.
      class: classList[Math.floor((i * classes) / goods)].code,
      names: { 'zh-CN': `${food.zh} ${n}`, 'zh-TW': `${food.tw} ${n}`, en: `${food.en} ${n}` },
      unit: { 'zh-CN': '份', 'zh-TW': '份', en: 'portion' },
      type: 5,
      price: String(price),
      image: pic(food.picture),
      salesQua: (i * 37) % 500
    }
    if (n % 5 === 0) item.salesPrice = String(price - 3)
    if (n % 7 === 0) {
      item.skus = {
        attributes: [
          {
            code: 'size',
            names: { 'zh-CN': '份量', 'zh-TW': '份量', en: 'Size' },
            values: [
              { code: 'R', names: { 'zh-CN': '普通', 'zh-TW': '普通', en: 'Regular' } },
              { code: 'L', names: { 'zh-CN': '大', 'zh-TW': '大', en: 'Large' } }
            ]
          }
        ],
        items: [
          { code: 'R', values: ['R'], price: String(price) },
          { code: 'L', values: ['L'], price: String(price + 6) }
        ]
      }
    }
    if (n % 11 === 0) {
      item.remarks = { 'zh-CN': '辣度:走辣;小辣;大辣', 'zh-TW': '辣度:走辣;小辣;大辣', en: 'Spice:None;Mild;Hot' }
      item.addOns = [{ code: 'egg', names: { 'zh-CN': '加蛋', 'zh-TW': '加蛋', en: 'Extra egg' }, price: '5' }]
    }
    return item
  })
  return { format: MENU_FORMAT, EntID: ENT_ID, ShopID: SHOP_ID, classes: classList, goods: list }
}

// ---------- the app ----------

/** Builds dist/h5 the way scripts/start.mjs does, when it is missing. */
export function ensureH5Build(log: (line: string) => void = () => undefined): void {
  if (fs.existsSync(path.join(DIST_H5, 'index.html'))) return
  log('Building the H5 app (dist/h5 is missing)…')
  const built = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'taro'), ['build', '--type', 'h5'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' }
  })
  if (built.status !== 0) throw new Error(`taro build --type h5 failed (${built.status ?? built.signal})`)
}

/**
 * Installed in every page before its scripts: long tasks, the tap on "Order now" and the first
 * frame with a goods row on screen, into window.__bench.
 */
function instrument(): void {
  type BenchState = { longTasks: { start: number; duration: number }[]; tapAt: number | null; firstRowAt: number | null }
  const w = window as unknown as { __bench: BenchState }
  const state: BenchState = { longTasks: [], tapAt: null, firstRowAt: null }
  w.__bench = state
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No long task timing in this browser: the counts stay 0.
  }
  document.addEventListener(
    'click',
    (e) => {
      const target = e.target as Element | null
      if (state.tapAt === null && target?.closest?.('[data-testid="order-now"]')) state.tapAt = performance.now()
    },
    true
  )
  const poll = () => {
    if (state.tapAt !== null) {
      for (const row of Array.from(document.querySelectorAll('[data-testid="goods-list"] [data-testid="goods-row"]'))) {
        const b = row.getBoundingClientRect()
        if (b.width > 0 && b.height > 0 && b.top < window.innerHeight && b.bottom > 0) {
          state.firstRowAt = performance.now()
          return
        }
      }
    }
    requestAnimationFrame(poll)
  }
  requestAnimationFrame(poll)
}

interface LoadFigures {
  tapAt: number
  firstRowAt: number
  domNodes: number
  goodsRows: number
  longTasks: { start: number; duration: number }[]
}

/** In the page: the figures after load. */
function afterLoad(): LoadFigures {
  const state = (window as unknown as { __bench: { longTasks: { start: number; duration: number }[]; tapAt: number; firstRowAt: number } }).__bench
  return {
    tapAt: state.tapAt,
    firstRowAt: state.firstRowAt,
    domNodes: document.querySelectorAll('*').length,
    goodsRows: document.querySelectorAll('[data-testid="goods-list"] [data-testid="goods-row"]').length,
    longTasks: state.longTasks.slice()
  }
}

interface ScrollPass {
  distancePx: number
  start: number
  end: number
  longTasks: { start: number; duration: number }[]
  positionKeptSteps: number
  blankSteps: number
  maxGoodsRows: number
  maxDomNodes: number
  lastCode: string | null
}

/**
 * In the page: scrolls the list from the top to the bottom in `steps` steps. Timed: one step
 * per animation frame, then the long tasks from the first step until 500 ms after the last.
 * Checked (untimed): after each step and two frames, is the list where the step put it, do
 * rows and headers cover its height, how many rows and elements are there.
 */
async function scrollPass(args: { steps: number; checked: boolean }): Promise<ScrollPass> {
  const { steps, checked } = args
  const host = document.querySelector('[data-testid="goods-list"]')
  if (!host) throw new Error('no goods list')
  const el = [host, ...Array.from(host.querySelectorAll('*'))].find((e) => e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY))
  if (!el) throw new Error('the goods list does not scroll')
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
  const max = el.scrollHeight - el.clientHeight
  const out: ScrollPass = { distancePx: max, start: 0, end: 0, longTasks: [], positionKeptSteps: 0, blankSteps: 0, maxGoodsRows: 0, maxDomNodes: 0, lastCode: null }
  el.scrollTop = 0
  await frame()
  await frame()
  await new Promise((resolve) => setTimeout(resolve, 200))
  out.start = performance.now()
  for (let i = 1; i <= steps; i++) {
    const wanted = Math.round((max * i) / steps)
    el.scrollTop = wanted
    await frame()
    if (!checked) continue
    await frame()
    if (Math.abs(el.scrollTop - wanted) <= 2) out.positionKeptSteps++
    const view = el.getBoundingClientRect()
    const rows = Array.from(el.querySelectorAll('[data-testid="goods-row"]'))
    // Covered spans of the list's visible height, from rows and headers on screen.
    const spans = [...rows, ...Array.from(el.querySelectorAll('.so-menu__header'))]
      .map((r) => r.getBoundingClientRect())
      .filter((b) => b.height > 0 && b.bottom > view.top && b.top < view.bottom)
      .map((b) => [Math.max(b.top, view.top), Math.min(b.bottom, view.bottom)] as const)
      .sort((a, b) => a[0] - b[0])
    let reached = view.top
    for (const [top, bottom] of spans) if (top <= reached + 1) reached = Math.max(reached, bottom)
    // A short menu's canvas may end above the list's bottom: only its height has to be covered.
    const canvas = el.querySelector('.so-menu__canvas')?.getBoundingClientRect()
    if (reached < Math.min(view.bottom, canvas ? canvas.bottom : view.bottom) - 1) out.blankSteps++
    out.maxGoodsRows = Math.max(out.maxGoodsRows, rows.length)
    out.maxDomNodes = Math.max(out.maxDomNodes, document.querySelectorAll('*').length)
    if (i === steps) out.lastCode = rows.map((r) => r.getAttribute('data-goods-code') ?? '').sort().pop() ?? null
  }
  out.end = performance.now()
  if (!checked) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const state = (window as unknown as { __bench: { longTasks: { start: number; duration: number }[] } }).__bench
    out.longTasks = state.longTasks.filter((t) => t.start >= out.start && t.start <= out.end + 500)
  }
  return out
}

const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true })

function longTaskSum(tasks: { duration: number }[]): LongTasks {
  return { count: tasks.length, totalMs: Math.round(tasks.reduce((s, t) => s + t.duration, 0)) }
}

async function measureScroll(page: Page, steps: number, lastCode: string): Promise<ScrollFigures> {
  const timed = await page.evaluate(scrollPass, { steps, checked: false })
  const checked = await page.evaluate(scrollPass, { steps, checked: true })
  return {
    steps,
    distancePx: Math.round(timed.distancePx),
    ms: Math.round(timed.end - timed.start),
    longTasks: longTaskSum(timed.longTasks),
    positionKeptSteps: checked.positionKeptSteps,
    blankSteps: checked.blankSteps,
    maxGoodsRows: checked.maxGoodsRows,
    maxDomNodes: checked.maxDomNodes,
    lastGoodsShown: checked.lastCode === lastCode
  }
}

async function measureOnce(browser: Browser, server: RunningServer, menu: MenuFile, options: Required<Pick<GoodsListBenchOptions, 'steps' | 'cpuSlowdown'>>, errors: string[]): Promise<GoodsListRun> {
  const context = await phone(browser)
  try {
    // tsx (esbuild, keepNames) wraps named arrow functions in __name(…): the functions this
    // file runs in the page need it there too.
    await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f)' })
    await context.addInitScript(instrument)
    const page = await context.newPage()
    page.on('pageerror', (e) => errors.push(e.message))
    if (options.cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown })
    }
    await page.goto(`${server.url}${await entryPath(server)}`)
    await byId(page, 'order-now').click({ timeout: 30000 })
    await page.waitForFunction(() => (window as unknown as { __bench: { firstRowAt: number | null } }).__bench.firstRowAt !== null, null, { timeout: 60000 })
    await page.waitForTimeout(1000)
    const load = await page.evaluate(afterLoad)
    const lastCode = menu.goods[menu.goods.length - 1].code
    const scroll = await measureScroll(page, options.steps, lastCode)
    return {
      firstRowMs: Math.round(load.firstRowAt - load.tapAt),
      loadLongTasks: longTaskSum(load.longTasks.filter((t) => t.start >= load.tapAt)),
      domNodes: load.domNodes,
      goodsRows: load.goodsRows,
      scroll
    }
  } finally {
    await context.close()
  }
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2)
}

/** Medians of the figures; of the checks, the worst run. */
function medianRun(runs: GoodsListRun[]): GoodsListRun {
  const m = (pick: (r: GoodsListRun) => number) => median(runs.map(pick))
  const scroll = (pick: (r: GoodsListRun) => ScrollFigures): ScrollFigures => {
    const all = runs.map(pick)
    return {
      steps: all[0].steps,
      distancePx: median(all.map((s) => s.distancePx)),
      ms: median(all.map((s) => s.ms)),
      longTasks: { count: median(all.map((s) => s.longTasks.count)), totalMs: median(all.map((s) => s.longTasks.totalMs)) },
      positionKeptSteps: Math.min(...all.map((s) => s.positionKeptSteps)),
      blankSteps: Math.max(...all.map((s) => s.blankSteps)),
      maxGoodsRows: Math.max(...all.map((s) => s.maxGoodsRows)),
      maxDomNodes: Math.max(...all.map((s) => s.maxDomNodes)),
      lastGoodsShown: all.every((s) => s.lastGoodsShown)
    }
  }
  return {
    firstRowMs: m((r) => r.firstRowMs),
    loadLongTasks: { count: m((r) => r.loadLongTasks.count), totalMs: m((r) => r.loadLongTasks.totalMs) },
    domNodes: m((r) => r.domNodes),
    goodsRows: m((r) => r.goodsRows),
    scroll: scroll((r) => r.scroll)
  }
}

// ---------- the bench ----------

export async function runGoodsListBench(options: GoodsListBenchOptions = {}): Promise<GoodsListBenchResult> {
  const sizes = options.sizes ?? [50, 2000]
  const runs = options.runs ?? 3
  const steps = options.steps ?? 60
  const cpuSlowdown = options.cpuSlowdown ?? 1
  const log = options.log ?? (() => undefined)

  ensureH5Build(log)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-goods-bench-'))
  let server: RunningServer | undefined
  let browser: Browser | undefined
  try {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: path.join(dir, 'data'),
      filesDir: path.join(dir, 'files'),
      staticDir: DIST_H5,
      databaseUrl: null,
      logger: false
    })
    // After closing time table A03's open sheet leads to orderEntry instead of Home: any hour.
    await server.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).execute()
    browser = await launchBrowser(CHROMIUM)
    const pageErrors: string[] = []
    const results: GoodsListSize[] = []
    for (const n of sizes) {
      const menu = benchMenu(n)
      const summary = await importMenu(server.db, menu, MENU_DIR, { filesDir: server.config.filesDir, source: `bench-${n}.json` })
      log(`goods list: imported ${summary.goods} goods in ${summary.classes} classes (menu version ${summary.version})`)
      const done: GoodsListRun[] = []
      for (let i = 0; i < runs; i++) {
        const run = await measureOnce(browser, server, menu, { steps, cpuSlowdown }, pageErrors)
        log(
          `goods list: ${n} goods, run ${i + 1}/${runs}: first row ${run.firstRowMs} ms, ${run.domNodes} elements, ${run.goodsRows} rows; ` +
            `scroll: ${run.scroll.longTasks.count} long tasks (${run.scroll.longTasks.totalMs} ms), position kept ${run.scroll.positionKeptSteps}/${steps}, ` +
            `blank ${run.scroll.blankSteps}, max rows ${run.scroll.maxGoodsRows}`
        )
        done.push(run)
      }
      results.push({ goods: n, classes: summary.classes, runs: done, median: medianRun(done) })
    }
    return {
      name: 'goods-list',
      shopId: SHOP_ID,
      entry: await entryPath(server),
      viewport: { width: 390, height: 844 },
      cpuSlowdown,
      chromium: browser.version(),
      sizes: results,
      pageErrors: [...new Set(pageErrors)]
    }
  } finally {
    await browser?.close()
    await server?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const group = (n: number) => n.toLocaleString('en-US')

const scrollText = (f: ScrollFigures): string =>
  [
    `${f.longTasks.count} long tasks (${group(f.longTasks.totalMs)} ms), ${f.steps} frames in ${group(f.ms)} ms`,
    `position kept at ${f.positionKeptSteps}/${f.steps} steps`,
    `≤ ${f.maxGoodsRows} goods rows, ≤ ${group(f.maxDomNodes)} elements`,
    f.blankSteps ? `blank at ${f.blankSteps} steps` : 'never blank',
    f.lastGoodsShown ? 'last goods reached' : 'last goods never shown'
  ].join('; ')

/** Markdown table rows (figure, result) for the bench runner's table. */
export function goodsListRows(r: GoodsListBenchResult): [string, string][] {
  const rows: [string, string][] = []
  for (const s of r.sizes) {
    const m = s.median
    const what = `Goods list, ${group(s.goods)} goods`
    rows.push([`${what}: first goods row on screen after tapping Order now`, `${m.firstRowMs} ms`])
    rows.push([`${what}: elements in the document after load (goods rows)`, `${group(m.domNodes)} (${m.goodsRows})`])
    rows.push([`${what}: long tasks while loading`, `${m.loadLongTasks.count} (${group(m.loadLongTasks.totalMs)} ms)`])
    rows.push([`${what}: scrolling top → bottom, ${m.scroll.steps} frames, ${group(m.scroll.distancePx)} px`, scrollText(m.scroll)])
  }
  return rows
}

export function formatGoodsListBench(r: GoodsListBenchResult): string {
  const lines = [
    `Goods list bench: Chromium ${r.chromium}, ${r.viewport.width} × ${r.viewport.height} phone, ${r.entry}, CPU ${r.cpuSlowdown > 1 ? `${r.cpuSlowdown}× slowed` : 'not throttled'}, medians of ${r.sizes[0]?.runs.length ?? 0} runs`,
    ...goodsListRows(r).map(([k, v]) => `  ${k}: ${v}`)
  ]
  if (r.pageErrors.length) lines.push(`  page errors: ${r.pageErrors.join(' | ')}`)
  return lines.join('\n')
}

if (require.main === module) {
  runGoodsListBench({ log: (line) => console.error(line) }).then(
    (r) => console.log(formatGoodsListBench(r)),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
