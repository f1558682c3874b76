/**
 * axe-core on the page as it is (issue 13: WCAG 2.2 AA, every page the browser tests look at).
 *
 * checkPage() runs axe with every rule it has except the deprecated ones and the AAA-only ones
 * (color-contrast-enhanced and the like: our bar is AA), so the best-practice rules (region,
 * landmarks, headings) and the rules axe keeps off by default (target-size, WCAG 2.2's 2.5.8) run
 * as well. Each violation is recorded with the page's route and language; the test that looked at
 * the page fails at its end on any (harness.ts's afterEach, or the caller that claimed the page:
 * takeFindings). AXE=0 turns it off for a quick local run; CI leaves it on.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import axe, { type AxeResults, type RunOptions } from 'axe-core'
import type { Frame, Page } from 'playwright-core'

export const AXE_ON = process.env.AXE !== '0'

/**
 * Every rule axe has, but the deprecated ones, those of AAA only, and hidden-content: a review
 * item whose check never fails (it marks hidden content 'incomplete', for a person to look at),
 * so it can find no violation, yet it was a tenth of each look's time.
 */
const RULES = axe
  .getRules()
  .filter((r) => !r.tags.includes('deprecated') && !r.tags.some((t) => /^wcag2\d*aaa$/.test(t)) && r.ruleId !== 'hidden-content')
  .map((r) => r.ruleId)
const RUN_OPTIONS: RunOptions = { runOnly: { type: 'rule', values: RULES }, resultTypes: ['violations'] }

/** Where axe's source sits beside the app's files (withAxeScript): a same-origin script the page may load. */
export const AXE_SCRIPT = '/__axe-under-test__.js'
/**
 * The page gets axe-core's own minified build (axe.min.js, 0.65 MB), not `axe.source` (axe.js, 1.5
 * MB): the same code, a bit over half the bytes for each new document to fetch and compile (a
 * document's first look took about 0.2 s of its main thread just to have axe).
 */
const AXE_SOURCE = `${fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')}\n;axe.configure({ allowedOrigins: ['<same_origin>'] })`

/**
 * The build the browser tests serve, as a folder of links to its files with axe's source beside
 * them (AXE_SCRIPT, and the brotli copy the server sends as it is): the app's files are the
 * build's own, and a page under test can load axe as a script from its own origin, which its
 * Content-Security-Policy allows. None when there is no build.
 */
export function withAxeScript(buildDir: string, into: string): string | undefined {
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) return undefined
  fs.mkdirSync(into, { recursive: true })
  for (const entry of fs.readdirSync(buildDir)) fs.symlinkSync(path.join(buildDir, entry), path.join(into, entry))
  const file = path.join(into, AXE_SCRIPT.slice(1))
  fs.writeFileSync(file, AXE_SOURCE)
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(AXE_SOURCE, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }))
  return into
}

/**
 * axe in a frame's document, once: its source (axe.min.js) and the configuration @axe-core/playwright's
 * legacy mode gives it (same-origin frames only). The builder injected the source twice on every
 * look (its analyze() and again for each frame): on the goods list a look took 0.41–0.72 s through
 * it and 0.13–0.16 s as axe.run on a document that has axe already, and the browser tests look
 * about a thousand times. A document that navigates loses it and gets it again.
 *
 * Loaded as a script from the page's own origin (AXE_SCRIPT) where the server has it: Chromium
 * then keeps the compiled script, so a phone's next document gets axe for 20–50 ms of its main
 * thread where the source sent through the DevTools protocol cost 120–130 ms to compile again
 * each time (and the browser process and the test process their share of carrying it). Where
 * the script cannot load (another server, a page whose policy refuses it), the source goes
 * through the protocol as before.
 */
async function injectAxe(frame: Frame): Promise<void> {
  const has = await frame.evaluate(`window.axe?.version === ${JSON.stringify(axe.version)}`).catch(() => false)
  if (has) return
  const loaded = await frame
    .evaluate(
      (src) =>
        new Promise<boolean>((resolve) => {
          const script = document.createElement('script')
          script.src = src
          // Gone again once it ran: the page's own DOM is what axe looks at.
          script.onload = () => (script.remove(), resolve(true))
          script.onerror = () => (script.remove(), resolve(false))
          // A page that neither loads nor refuses it (none seen) gets the source the other way.
          setTimeout(() => resolve(false), 5000)
          document.head.appendChild(script)
        }),
      AXE_SCRIPT
    )
    .catch(() => false)
  const ready = loaded && (await frame.evaluate(`window.axe?.version === ${JSON.stringify(axe.version)}`).catch(() => false))
  if (ready) return
  const inject = frame.evaluate(AXE_SOURCE)
  // As the builder does: a frame that does not answer within a second is left out (its contents are not looked at).
  await Promise.race([inject, new Promise((resolve) => setTimeout(resolve, 1000))]).catch(() => undefined)
}

/** axe.run on the page with axe in each of its frames (so a same-origin frame's contents are looked at too). */
async function runAxe(page: Page): Promise<Pick<AxeResults, 'violations'>> {
  for (const frame of page.frames()) await injectAxe(frame)
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options).then((r) => ({ violations: r.violations })), RUN_OPTIONS)
}

export interface AxeFinding {
  rule: string
  impact: string
  help: string
  /** How many elements of the page break the rule. */
  count: number
  /** The first few elements' selectors. */
  targets: string[]
  /** What axe says of the first element ('Element has insufficient color contrast of 3.54 (foreground color: #999999 …'). */
  detail: string
  /** '/pages/goodsList/goodsList' (the hash route), or the path of a server page ('/sandbox-pay/…'). */
  route: string
  language: string
  /** What the test was looking at (the screenshot's name, the journey's step). */
  label: string
}

interface Recorded extends AxeFinding {
  page: Page
}

const recorded: Recorded[] = []
const claimed = new WeakSet<Page>()
/** Pages (route, language, label) already checked in this process: a journey's steps repeat. */
const seen = new Set<string>()

/** The route on show: the hash route without its query, else the URL's path. */
export function routeOf(url: string): string {
  const u = new URL(url)
  const hash = u.hash.replace(/^#/, '')
  if (hash.startsWith('/')) return hash.split('?')[0]
  // A server page's own id ('/sandbox-pay/P0MWV5…') is no part of its name.
  return u.pathname.replace(/\/[A-Z0-9]{12,}$/, '/:id')
}

const LANGUAGES: Record<string, string> = { 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', en: 'en' }

/** Waits (at most 1.5 s) until no finite animation or transition runs: a page sliding in has half-faded text. */
async function settled(page: Page): Promise<void> {
  await animationsDone(page)
  // Taro's H5 modal starts its fade-in from a setTimeout after it is in the page: a busy machine
  // let axe read its text at 1.6:1 half way. Two frames later, whatever was about to start has.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 30))))).catch(() => undefined)
  await animationsDone(page)
}

async function animationsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          const timing = a.effect?.getComputedTiming()
          return a.playState !== 'running' || timing?.iterations === Infinity
        }),
      undefined,
      { timeout: 1500, polling: 50 }
    )
    .catch(() => undefined)
}

/**
 * Runs axe on the page as it is and records what it finds. `label` names what is on show; a page
 * already checked with the same route, language and label is not checked again (dedupe: false
 * checks it anyway). Returns this check's findings (none when AXE=0).
 */
export async function checkPage(page: Page, label: string, options: { dedupe?: boolean } = {}): Promise<AxeFinding[]> {
  if (!AXE_ON || page.isClosed()) return []
  const route = routeOf(page.url())
  const lang = await page.evaluate(() => document.documentElement.lang).catch(() => '')
  const language = LANGUAGES[lang] ?? (lang || '?')
  const key = `${route}|${language}|${label}`
  if (options.dedupe !== false && seen.has(key)) return []
  seen.add(key)
  await settled(page)
  const analyze = () => runAxe(page)
  // A page that navigates while axe runs (a redirect landing) destroys its context: look once more.
  const lookAgain = async () => {
    await settled(page)
    return analyze()
  }
  const results = await analyze().catch(lookAgain)
  // axe reads a rule's elements and then their colours at different moments: a page still
  // changing under it (a bill's data arriving turns a disabled button on) once gave a button
  // the colours of one state and the aria-disabled of the other. What it finds is looked at
  // once more, settled; only what both looks find is a violation.
  if (results.violations.length) {
    const again = await lookAgain().catch(() => results)
    const key = (id: string, n: { target: unknown[] }) => `${id} ${n.target.map(String).join(' ')}`
    const seenAgain = new Set(again.violations.flatMap((v) => v.nodes.map((n) => key(v.id, n))))
    results.violations = results.violations.map((v) => ({ ...v, nodes: v.nodes.filter((n) => seenAgain.has(key(v.id, n))) })).filter((v) => v.nodes.length > 0)
  }
  const findings = results.violations.map<AxeFinding>((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    count: v.nodes.length,
    targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' ')),
    detail: v.nodes[0] ? ([...v.nodes[0].any, ...v.nodes[0].all, ...v.nodes[0].none][0]?.message ?? '') : '',
    route,
    language,
    label
  }))
  recorded.push(...findings.map((f) => ({ ...f, page })))
  return findings
}

/** The caller checks this page's findings itself (takeFindings(page)); the harness's afterEach leaves them. */
export function claimPage(page: Page): void {
  claimed.add(page)
}

/** Removes and returns the findings recorded: of one page, or of every page nobody claimed. */
export function takeFindings(page?: Page): AxeFinding[] {
  const taken: AxeFinding[] = []
  for (let i = 0; i < recorded.length; ) {
    const r = recorded[i]
    if (page ? r.page === page : !claimed.has(r.page)) {
      const { page: _page, ...finding } = r
      taken.push(finding)
      recorded.splice(i, 1)
    } else i++
  }
  return taken
}

/** A readable list: one line per rule and page: impact, rule, count, where, the first targets. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `  [${f.impact}] ${f.rule} ×${f.count} on ${f.route} (${f.language}, ${f.label}): ${f.help} — ${f.targets.join(' | ')}${f.detail ? ` — ${f.detail}` : ''}`)
    .join('\n')
}

/** Throws with the readable list when there are findings. */
export function assertNoFindings(findings: AxeFinding[], where = 'axe (WCAG 2.2 AA)'): void {
  if (findings.length === 0) return
  const total = findings.reduce((n, f) => n + f.count, 0)
  throw new Error(`${where}: ${findings.length} violation(s) on ${total} element(s):\n${describeFindings(findings)}`)
}
