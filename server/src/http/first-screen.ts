/**
 * The HTML of an entry URL (issue 28 item 2: first load). A diner's first screen from a table's or
 * a counter's code used to wait for a chain of round trips after the app's script: the entry
 * page's script, the code's lookup, the shop's details, Home's script and recommendations, then
 * the first picture. For `/?QRCode=…` the server now writes into the H5 build's index.html:
 *
 *   - the answers to those first gateway calls (src/core/first-answers.ts), made here through the
 *     gateway itself (Fastify's inject: the same checks, kept answers and language), which the
 *     app takes instead of asking (src/hosts/first-answers.h5.ts);
 *   - preloads of the entry page's, Home's and the first-screen texts' scripts and stylesheets
 *     (page-files.json, written by the build: config/page-files-plugin.js);
 *   - preloads of the first row of recommended pictures, with the srcset and sizes Home gives them.
 *
 * The calls mirror what the app makes (features/session/session.store.ts resolve(), then Home's
 * recommendations in features/menu/menu.store.ts); a call the app makes differently is simply not
 * found and goes over the network as before. tests/e2e/first-screen.test.ts sees to it that the
 * first screen from a table's code asks the network nothing before it shows.
 * Every / (an entry URL's or not) also carries the build's map of each page's files
 * (`<script type="application/json" id="so-pages">`): index.html's first script preloads the files
 * of the page a reload or a link names in its hash (#/pages/goodsList/goodsList), which the
 * server never sees.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FIRST_ANSWERS_ID, HOME_PAGE_SIZE, firstAnswerKey } from '../../../src/core/first-answers'
import { pictureSrcset } from '../../../src/core/picture-variants'
import { GATEWAY_PATH, isSuccess, type GatewayResponse, type OperationName } from '../../../src/gateway/contract'
import { decodeStrings, formEncode } from '../../../src/gateway/form'
import { OPERATIONS } from '../../../src/gateway/operation-list'
import { localeFromAcceptLanguage } from '../../../src/i18n/language'

/** The id of the map of the pages' files (src/index.html reads it). */
export const PAGE_FILES_ID = 'so-pages'
/** Pages and texts of the first screen from a code, in the order they are needed. */
const FIRST_SCREEN_FILES = ['pages/scanCodeEntry/scanCodeEntry', 'pages/home/home']
/** Home shows recommendations two to a row, each picture 47 % of the window (RecommendGrid.tsx). */
const RECOMMEND_ROW = 2
const RECOMMEND_SIZES = '47vw'
/** A code is short and plain (seed: 'QR-T01-<22 characters>'); anything else is not looked up here. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/
/** Headers the calls carry over from the page's request: the language, and what the answers' origin is made of. */
const CARRIED = ['host', 'accept-language', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for', 'forwarded'] as const

interface BuildFiles {
  /** index.html with the map of the pages' files written in. */
  html: string
  pageFiles: Record<string, string[]>
}

/** JSON inside <script>: '<' written as \u003c, so no '</script>' or '<!--' in it ends the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c')

export interface FirstScreenOptions {
  staticDir: string
  authCode: string
}

export function firstScreenRoute(app: FastifyInstance, opts: FirstScreenOptions): void {
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
        const withPages = html.replace('</head>', `<script type="application/json" id="${PAGE_FILES_ID}">${scriptJson(pageFiles)}</script></head>`)
        cached = { mtimeMs, files: { html: withPages, pageFiles } }
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
    if (!code || 'TableID' in query || 'BaseID' in query || 'ShopID' in query) return files.html
    const head = await firstScreenHead(app, request, opts.authCode, code, files.pageFiles)
    return files.html.replace('</head>', `${head}</head>`)
  })
}

/** The preloads and answers written before </head>. */
async function firstScreenHead(app: FastifyInstance, request: FastifyRequest, authCode: string, code: string, pageFiles: Record<string, string[]>): Promise<string> {
  const locale = localeFromAcceptLanguage(request.headers['accept-language'])
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }
  for (const name of CARRIED) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const answers: Record<string, unknown> = {}
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

  const links: string[] = []
  const files = [`i18n/${locale}?first-screen`, ...FIRST_SCREEN_FILES].flatMap((k) => pageFiles[k] ?? [])
  for (const file of new Set(files)) {
    links.push(`<link rel="preload" href="/${escapeAttribute(file)}" as="${file.endsWith('.css') ? 'style' : 'script'}">`)
  }

  const ent = decodeStrings((await call('EntIDGet', { QRCode: code }, ''))?.data?.table1?.[0]) as Record<string, string> | undefined
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
      const goods = await call('ShopHomeGoodsByPage', { ShopID: shop.ShopID, BaseID: base.BaseID, PageIndex: 1, PageSize: HOME_PAGE_SIZE }, EntID)
      // Answers carry their strings percent-encoded (spec §7).
      for (const g of decodeStrings((goods?.data?.table1 ?? []).slice(0, RECOMMEND_ROW)) as { ImageUrl?: string }[]) {
        if (!g.ImageUrl) continue
        const srcset = pictureSrcset(g.ImageUrl)
        links.push(
          srcset
            ? `<link rel="preload" as="image" imagesrcset="${escapeAttribute(srcset)}" imagesizes="${RECOMMEND_SIZES}" fetchpriority="high">`
            : `<link rel="preload" as="image" href="${escapeAttribute(g.ImageUrl)}" fetchpriority="high">`
        )
      }
    }
  }
  return `${links.join('')}<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptJson({ locale, answers })}</script>`
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}
