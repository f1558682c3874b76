/**
 * The HTML of an entry URL (issue 28 item 2: first load). A diner's first screen from a table's or
 * a counter's code used to wait for a chain of round trips after the app's script: the entry
 * page's script, the code's lookup, the shop's details, Home's script and recommendations, then
 * the first picture. For `/?QRCode=…` the server now writes into the H5 build's index.html:
 *
 *   - the answers to those first gateway calls (src/core/first-answers.ts), made here through the
 *     gateway itself (Fastify's inject: the same checks, kept answers and language), which the
 *     app takes instead of asking (src/hosts/first-answers.h5.ts);
 *   - preloads of the entry page's, Home's and the first-screen texts' scripts (page-files.json,
 *     written by the build: config/page-files-plugin.js), and those pages' stylesheets inline
 *     (a few KB: as files each took a connection and a round trip ahead of the app's scripts);
 *   - preloads of the first row of recommended pictures, with the srcset and sizes Home gives them.
 *
 * The calls mirror what the app makes (features/session/session.store.ts resolve(), then Home's
 * recommendations in features/menu/menu.store.ts); a call the app makes differently is simply not
 * found and goes over the network as before. tests/e2e/first-screen.test.ts sees to it that the
 * first screen from a table's code asks the network nothing before it shows.
 * Every / (an entry URL's or not) carries the app's own stylesheet inline, and the build's map of each page's files
 * (`<script type="application/json" id="so-pages">`): index.html's first script preloads the files
 * of the page a reload or a link names in its hash (#/pages/goodsList/goodsList), which the
 * server never sees.
 *
 * A reload, or a link to a page past the entry, has no code in the URL the server sees: the app
 * finds the entry it stored. For that page index.html's first script asks GET /first-answers
 * (FIRST_ANSWERS_PATH) with the page and the stored entry, beside the app's script, and preloads
 * the pictures the answer names; the app takes the answers as it takes an entry URL's. The same
 * calls (the session's, then the page's: Home's recommendations, or the goods list's classes and
 * goods), so a goods list reloaded on a weak signal shows its first rows without waiting for
 * three round trips one after another once the app's script has run.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FIRST_ANSWERS_ID, FIRST_ANSWERS_PATH, HOME_PAGE_SIZE, firstAnswerKey, type FirstPicture, type FirstScreen } from '../../../src/core/first-answers'
import { pictureSrcset } from '../../../src/core/picture-variants'
import { GATEWAY_PATH, isSuccess, type GatewayResponse, type OperationName } from '../../../src/gateway/contract'
import { decodeStrings, formEncode } from '../../../src/gateway/form'
import { OPERATIONS } from '../../../src/gateway/operation-list'
import { localeFromAcceptLanguage } from '../../../src/i18n/language'
import { entryScripts, hasBootCookie, withInlineScripts } from './entry-scripts'

/** The id of the map of the pages' files (src/index.html reads it). */
export const PAGE_FILES_ID = 'so-pages'
/** Pages and texts of the first screen from a code, in the order they are needed. */
const FIRST_SCREEN_FILES = ['pages/scanCodeEntry/scanCodeEntry', 'pages/home/home']
const HOME_PAGE = 'pages/home/home'
const GOODS_LIST_PAGE = 'pages/goodsList/goodsList'
/** Home shows recommendations two to a row, each picture 47 % of the window (RecommendGrid.tsx). */
const RECOMMEND_ROW = 2
const RECOMMEND_SIZES = '47vw'
/** The goods list's first screen shows three rows, each picture 23 % of the window (MenuBrowser.tsx, GoodsRowView.tsx). */
const GOODS_LIST_ROWS = 3
const GOODS_LIST_SIZES = '23vw'
/** A code or an id is short and plain (seed: 'QR-T01-<22 characters>', 'B202-T01'); anything else is not looked up here. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/
/** A page route as the app's router names it ('pages/goodsList/goodsList'). */
const PAGE = /^pages\/[A-Za-z]{1,40}\/[A-Za-z]{1,40}$/
/** What a stored entry may name (features/session/session.store.ts: the lookup it keeps). */
const LOOKUP_FIELDS = ['QRCode', 'TableID', 'BaseID', 'ShopID'] as const
type Lookup = Partial<Record<(typeof LOOKUP_FIELDS)[number], string>>
/** Headers the calls carry over from the page's request: the language, and what the answers' origin is made of. */
const CARRIED = ['host', 'accept-language', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for', 'forwarded'] as const

interface BuildFiles {
  /** index.html with the map of the pages' files written in, and the app's stylesheet inline. */
  html: string
  pageFiles: Record<string, string[]>
  /** The first screen's pages' stylesheets as <style> elements, in the order they apply. */
  firstStyles: string
  /** Those stylesheets' files (not preloaded: they come inline). */
  inlined: Set<string>
  /** The same page with the app's scripts inside it, for a phone that has not got them (entry-scripts.ts); null when they cannot come inline. */
  inline: { html: string; key: string } | null
}

/**
 * Stylesheets up to this size come inside the HTML. The first screen's are a few KB each (1–3 KB
 * compressed): as files, each took one of the phone's few connections and a round trip before the
 * app's scripts could start (docs/first-load.md "1 Dec, second session").
 */
const INLINE_STYLE_MAX = 32 * 1024

/** JSON inside <script>: '<' written as \u003c, so no '</script>' or '<!--' in it ends the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c')

export interface FirstScreenOptions {
  staticDir: string
  authCode: string
  /** The inline scripts the Content-Security-Policy allows by hash ('sha256-…'): the app's own may come inline only when listed. */
  inlineScriptHashes: readonly string[]
}

export function firstScreenRoute(app: FastifyInstance, opts: FirstScreenOptions): void {
  // The scripts the Content-Security-Policy allows inline: the build's at start (security-headers.ts).
  const allowed = new Set(opts.inlineScriptHashes)
  let cached: { mtimeMs: number; files: BuildFiles } | null = null
  /** index.html and page-files.json, read again when a new build replaces index.html. */
  const buildFiles = (): BuildFiles | null => {
    try {
      const mtimeMs = fs.statSync(path.join(opts.staticDir, 'index.html')).mtimeMs
      if (cached?.mtimeMs !== mtimeMs) {
        const html = fs.readFileSync(path.join(opts.staticDir, 'index.html'), 'utf8')
        let pageFiles: Record<string, string[]> = {}
        try {
          pageFiles = JSON.parse(fs.readFileSync(path.join(opts.staticDir, 'page-files.json'), 'utf8'))
        } catch {
          // A build from before page-files.json: answers and pictures only.
        }
        // At the head's start: index.html's first script, before the stylesheet, reads it.
        const withPages = atHeadStart(html, `<script type="application/json" id="${PAGE_FILES_ID}">${scriptJson(pageFiles)}</script>`)
        const inlined = new Set<string>()
        let firstStyles = ''
        for (const file of new Set(FIRST_SCREEN_FILES.flatMap((k) => pageFiles[k] ?? []).filter((f) => f.endsWith('.css')))) {
          const style = inlineStyle(opts.staticDir, file)
          if (!style) continue
          inlined.add(file)
          firstStyles += style
        }
        const page = inlineAppStyles(withPages, opts.staticDir)
        const scripts = entryScripts(opts.staticDir, page)
        const inline = scripts && scripts.hashes.every((h) => allowed.has(h)) ? { html: withInlineScripts(page, scripts), key: scripts.key } : null
        cached = { mtimeMs, files: { html: page, pageFiles, firstStyles, inlined, inline } }
      }
      return cached.files
    } catch {
      return null
    }
  }

  app.get('/', async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>
    const code = typeof query.QRCode === 'string' && CODE.test(query.QRCode) ? query.QRCode : null
    const files = buildFiles()
    if (!files) return reply.sendFile('index.html')
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    // The app's scripts inside the page unless this phone has them cached (entry-scripts.ts), or
    // asks to save data: as files it keeps them for every later page, inside it would get them again.
    let html = files.html
    if (files.inline) {
      reply.header('vary', 'Cookie, Save-Data')
      if (!hasBootCookie(request.headers.cookie, files.inline.key) && request.headers['save-data'] !== 'on') html = files.inline.html
    }
    if (!code || 'TableID' in query || 'BaseID' in query || 'ShopID' in query) return html
    const first = await firstScreen(app, request, opts.authCode, { QRCode: code }, HOME_PAGE)
    // The pages' stylesheets after the app's, as the app would add them (mini-css-extract appends
    // to the head), and found there by it (their data-href) instead of fetched again.
    return atHeadStart(html, firstScreenHead(first, files.pageFiles, files.inlined)).replace('</head>', () => `${files.firstStyles}</head>`)
  })

  // A reload's or a link's page past the entry, for the entry the app stored (index.html asks).
  app.get(FIRST_ANSWERS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>
    const page = query.page
    const lookup: Lookup = {}
    let named = false
    let plain = typeof page === 'string' && PAGE.test(page)
    for (const field of LOOKUP_FIELDS) {
      const value = query[field]
      if (value === undefined || value === '') continue
      if (typeof value !== 'string' || !CODE.test(value)) plain = false
      else {
        lookup[field] = value
        named = true
      }
    }
    // Made for this phone's entry and language: never kept by a cache between.
    reply.header('cache-control', 'no-store')
    if (!plain || !named) return reply.code(400).send({ error: 'page and a plain QRCode, TableID, BaseID or ShopID are needed' })
    return firstScreen(app, request, opts.authCode, lookup, page as string)
  })
}

/** The preloads and answers written before </head> of an entry URL's page. */
function firstScreenHead(first: FirstScreen, pageFiles: Record<string, string[]>, inlined: Set<string>): string {
  const links: string[] = []
  const files = [`i18n/${first.locale}?first-screen`, ...FIRST_SCREEN_FILES].flatMap((k) => pageFiles[k] ?? []).filter((f) => !inlined.has(f))
  for (const file of new Set(files)) {
    links.push(`<link rel="preload" href="/${escapeAttribute(file)}" as="${file.endsWith('.css') ? 'style' : 'script'}">`)
  }
  for (const p of first.pictures) {
    links.push(
      p.srcset
        ? `<link rel="preload" as="image" imagesrcset="${escapeAttribute(p.srcset)}" imagesizes="${p.sizes}" fetchpriority="high">`
        : `<link rel="preload" as="image" href="${escapeAttribute(p.href)}" fetchpriority="high">`
    )
  }
  return `${links.join('')}<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptJson({ locale: first.locale, answers: first.answers })}</script>`
}

/**
 * The answers to a page's first calls for an entry (the session's, as features/session/session.store.ts
 * resolve() makes them, then the page's own), and the first pictures that page shows.
 */
async function firstScreen(app: FastifyInstance, request: FastifyRequest, authCode: string, lookup: Lookup, page: string): Promise<FirstScreen> {
  const locale = localeFromAcceptLanguage(request.headers['accept-language'])
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }
  for (const name of CARRIED) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const answers: Record<string, unknown> = {}
  const pictures: FirstPicture[] = []
  /** One gateway call as the app makes it, its answer kept when it succeeded. */
  const call = async (operation: OperationName, record: Record<string, unknown>, entId: string): Promise<GatewayResponse | null> => {
    const full = { ...record, EntID: entId, UserID: '' }
    const res = await app.inject({
      method: 'POST',
      url: GATEWAY_PATH,
      headers,
      remoteAddress: request.socket.remoteAddress,
      payload: formEncode({ ServerType: OPERATIONS[operation], KeyName: operation, strJsonData: JSON.stringify({ tableData: [full] }), AuthCode: authCode, IsRSA: '0', EntID: entId })
    })
    let answer: GatewayResponse
    try {
      answer = JSON.parse(res.body)
    } catch {
      return null
    }
    if (res.statusCode !== 200 || !isSuccess(answer)) return null
    answers[firstAnswerKey(operation, full)] = answer
    return answer
  }
  /** The first pictures of a page's rows (answers carry their strings percent-encoded, spec §7). */
  const preload = (rows: { ImageUrl?: string }[], count: number, sizes: string) => {
    for (const row of rows.filter((r) => r.ImageUrl).slice(0, count)) {
      const href = row.ImageUrl as string
      pictures.push({ href, srcset: pictureSrcset(href), sizes })
    }
  }

  const ent = decodeStrings((await call('EntIDGet', lookup, ''))?.data?.table1?.[0]) as Record<string, string> | undefined
  if (ent) {
    const { EntID, ShopID, BaseID, TableID, QRCode } = ent
    const [, , home] = await Promise.all([
      ShopID ? call('ShopParamsGet', { ShopID }, EntID) : null,
      BaseID ? Promise.all(['OpeningHours', 'IsPayLaterOnlineCheckout'].map((ParmID) => call('BaseSysParamGet', { BaseID, ParmID }, EntID))) : null,
      call('HomeShopDetailsGet', { ShopID, BaseID, TableID, QRCode }, EntID),
      call('ServiceLinkGet', {}, EntID),
      call('EntSysParamsGet', { Other_EntID: EntID }, EntID)
    ]).then(([a, b, c]) => [a, b, c] as const)
    const shop = decodeStrings(home?.data?.table1?.[0]) as { ShopID?: string } | undefined
    const base = decodeStrings(home?.data?.table3?.[0]) as { BaseID?: string } | undefined
    if (shop?.ShopID && base?.BaseID) {
      const scope = { ShopID: shop.ShopID, BaseID: base.BaseID }
      if (page === HOME_PAGE) {
        const goods = await call('ShopHomeGoodsByPage', { ...scope, PageIndex: 1, PageSize: HOME_PAGE_SIZE }, EntID)
        preload(decodeStrings(goods?.data?.table1 ?? []) as { ImageUrl?: string }[], RECOMMEND_ROW, RECOMMEND_SIZES)
      } else if (page === GOODS_LIST_PAGE) {
        // features/menu/menu.store.ts loadMenu(): the classes and every goods of the branch.
        const [classes, goods] = await Promise.all([call('GoodsClassAllGet', scope, EntID), call('GoodsListByClass', { ...scope, ClassID: '' }, EntID)])
        preload(firstGoodsRows(decodeStrings(classes?.data?.table1 ?? []), decodeStrings(goods?.data?.table1 ?? [])), GOODS_LIST_ROWS, GOODS_LIST_SIZES)
      }
    }
  }
  return { locale, answers, pictures }
}

/** The goods in the order the goods list shows them (menu.store.ts sections): class by class, classes by SortNo. */
function firstGoodsRows(classes: { ClassID?: string; SortNo?: number | string }[], goods: { ClassID?: string; ImageUrl?: string }[]): { ImageUrl?: string }[] {
  const sorted = [...classes].sort((a, b) => Number(a.SortNo) - Number(b.SortNo))
  return sorted.flatMap((c) => goods.filter((g) => g.ClassID === c.ClassID))
}

/**
 * `html` with `content` early in its head: before the build's scripts and stylesheet, so the
 * preloads are the first requests and index.html's first script finds the data blocks; after
 * <meta name="viewport"> (and <meta charset>, which belongs in the first 1024 bytes), as the
 * browser sizes a preloaded picture's `imagesizes` (47vw) by the viewport it knows when it meets
 * the link: before that meta, a phone's 980-px default (a 1280-px picture for a 640-px one).
 */
function atHeadStart(html: string, content: string): string {
  const at = /<meta name="?viewport"?[^>]*>/i.exec(html) ?? /<meta charset=[^>]*>/i.exec(html) ?? /<head(\s[^>]*)?>/i.exec(html)
  return at ? `${html.slice(0, at.index + at[0].length)}${content}${html.slice(at.index + at[0].length)}` : html.replace('</head>', () => `${content}</head>`)
}

/**
 * A stylesheet of the build as a <style> element, marked with its file (`data-href`, which
 * mini-css-extract's loader looks for before it fetches a page's stylesheet). Null when it cannot
 * come inline unchanged: missing, large, holding '</style', or naming a file by a relative URL
 * (which would resolve against the page instead of /css/).
 */
export function inlineStyle(staticDir: string, file: string): string | null {
  if (!/^css\/[\w.-]+\.css$/.test(file)) return null
  let css: string
  try {
    css = fs.readFileSync(path.join(staticDir, file), 'utf8')
  } catch {
    return null
  }
  if (css.length > INLINE_STYLE_MAX || /<\/style/i.test(css)) return null
  for (const m of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g)) if (!/^(data:|\/|https?:)/i.test(m[2])) return null
  return `<style data-href="/${escapeAttribute(file)}">${css.replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')}</style>`
}

/** index.html with the build's own stylesheet links (the app's) written inline where they can be. */
function inlineAppStyles(html: string, staticDir: string): string {
  return html.replace(/<link\b[^>]*>/g, (link) => {
    if (!/\brel="?stylesheet"?/.test(link)) return link
    const href = /\bhref="?\/([^"\s>]+)/.exec(link)?.[1]
    return (href && inlineStyle(staticDir, href)) || link
  })
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}
