/**
 * The HTML of an entry URL (issue 28 item 2; server/src/http/first-screen.ts): the answers to the
 * first screen's calls, the first screen's scripts and the first row of pictures preloaded — the
 * same answers the gateway gives, in the page's language, and nothing a shop's text can break out of.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FIRST_ANSWERS_ID, FIRST_ANSWERS_PATH, firstAnswerKey, type FirstScreen } from '../../src/core/first-answers'
import { inlineStyle } from '../../server/src/http/first-screen'
import { createTestServer, decodeDeep, DEMO_ENT, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'

let server: TestServer
let dir: string
const VIEWPORT = '<meta name="viewport" content="width=device-width,initial-scale=1">'
const INDEX = `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8">${VIEWPORT}<title>ScanOrder</title><link href="/css/app.css" rel="stylesheet"></head><body><div id="app"></div></body></html>`
const PAGE_FILES = {
  'pages/scanCodeEntry/scanCodeEntry': ['js/pages-shared.1a2b3c4d.js', 'css/738.1a2b3c4d.css', 'js/738.1a2b3c4d.js'],
  'pages/home/home': ['js/pages-shared.1a2b3c4d.js', 'css/8371.1a2b3c4d.css', 'js/8371.1a2b3c4d.js'],
  'pages/goodsList/goodsList': ['js/3630.1a2b3c4d.js'],
  'i18n/en?first-screen': ['js/i18n-en-first.1a2b3c4d.js'],
  'i18n/zh-CN?first-screen': ['js/i18n-zh-CN-first.1a2b3c4d.js']
}

/** The build's stylesheets: the app's and the first screen's pages', small enough to come inside the HTML. */
const STYLES = {
  'css/app.css': '.taro_page{display:block}@font-face{font-family:weui;src:url(/static/fonts/f7977b9c.ttf)}',
  'css/738.1a2b3c4d.css': '.so-entry{color:#333}',
  'css/8371.1a2b3c4d.css': '.so-home{background:url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")}\n/*# sourceMappingURL=8371.1a2b3c4d.css.map*/'
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-first-screen-'))
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
  fs.writeFileSync(path.join(dir, 'page-files.json'), JSON.stringify(PAGE_FILES))
  fs.mkdirSync(path.join(dir, 'css'))
  for (const [file, css] of Object.entries(STYLES)) fs.writeFileSync(path.join(dir, file), css)
  // The demo menus: Home's recommendations have pictures to preload.
  server = await createTestServer({ staticDir: dir, filesDir: path.join(dir, 'files') }, { demoMenus: true })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** The answers written into the page, and the page's <link>s. */
function firstScreen(html: string): { locale: string; answers: Record<string, { errcode: string; data: Record<string, any[]> }>; links: string[] } {
  const m = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`).exec(html)
  if (!m) throw new Error(`no first answers in ${html}`)
  // Decoded as the app decodes them (spec §7: strings percent-encoded).
  return { ...decodeDeep(JSON.parse(m[1])), links: [...html.matchAll(/<link [^>]*>/g)].map((l) => l[0]) }
}

const entry = (code: string, language = 'en') => server.app.inject({ method: 'GET', url: `/?QRCode=${encodeURIComponent(code)}`, headers: { 'accept-language': language } })

describe('the HTML of an entry URL', () => {
  it("carries the gateway's own answers to the entry page's and Home's first calls, in the page's language", async () => {
    const code = await tableCode(server.db, 'B202-T01')
    const res = await entry(code, 'en-US,en;q=0.9')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    const { locale, answers } = firstScreen(res.body)
    expect(locale).toBe('en')
    const ent = answers[firstAnswerKey('EntIDGet', { QRCode: code, EntID: '' })]
    expect(ent.data.table1[0]).toMatchObject({ EntID: DEMO_ENT, ShopID: 'S101', BaseID: 'B202', TableID: 'B202-T01' })
    const where = { ShopID: 'S101', BaseID: 'B202', TableID: 'B202-T01', QRCode: code, EntID: DEMO_ENT }
    const home = answers[firstAnswerKey('HomeShopDetailsGet', where)]
    // The very answer a phone gets from the gateway in English.
    const asked = await server.call('HomeShopDetailsGet', [where], { headers: { 'accept-language': 'en' } })
    expect(home.data.table1).toEqual(asked.body.data.table1)
    expect(home.data.table1[0].ShopName).toMatch(/[A-Za-z]/)
    for (const [op, record] of [
      ['ShopParamsGet', { ShopID: 'S101' }],
      ['BaseSysParamGet', { BaseID: 'B202', ParmID: 'OpeningHours' }],
      ['BaseSysParamGet', { BaseID: 'B202', ParmID: 'IsPayLaterOnlineCheckout' }],
      ['ServiceLinkGet', {}],
      ['EntSysParamsGet', { Other_EntID: DEMO_ENT }],
      ['ShopHomeGoodsByPage', { ShopID: 'S101', BaseID: 'B202', PageIndex: 1, PageSize: 20 }]
    ] as const) {
      expect(answers[firstAnswerKey(op, { ...record, EntID: DEMO_ENT })]?.errcode).toBe('0')
    }

    const zh = firstScreen((await entry(code, 'zh-CN')).body)
    expect(zh.locale).toBe('zh-CN')
    expect(zh.answers[firstAnswerKey('HomeShopDetailsGet', where)].data.table1[0].ShopName).not.toBe(home.data.table1[0].ShopName)
  })

  it("preloads the first screen's scripts in the page's language and the first row of pictures, and carries its styles", async () => {
    const code = await tableCode(server.db, 'B202-T01')
    const html = (await entry(code, 'en')).body
    const { links, answers } = firstScreen(html)
    const hrefs = links.map((l) => /href="([^"]*)"/.exec(l)?.[1]).filter(Boolean)
    expect(hrefs).toEqual(expect.arrayContaining(['/js/i18n-en-first.1a2b3c4d.js', '/js/738.1a2b3c4d.js', '/js/8371.1a2b3c4d.js', '/js/pages-shared.1a2b3c4d.js']))
    // Each once; nothing of pages past the first screen, nor another language's texts.
    expect(new Set(hrefs).size).toBe(hrefs.length)
    expect(hrefs).not.toContain('/js/3630.1a2b3c4d.js')
    expect(hrefs).not.toContain('/js/i18n-zh-CN-first.1a2b3c4d.js')
    // The stylesheets come inside the page, not as files: the app's where its link was, then the
    // entry page's and Home's in the order the app would add them, each named as the app's loader
    // looks for it (data-href), without its source map comment.
    expect(hrefs.filter((h) => h!.endsWith('.css'))).toEqual([])
    const styles = [...html.matchAll(/<style data-href="([^"]*)">([^<]*)<\/style>/g)].map((m) => [m[1], m[2]])
    expect(styles).toEqual([
      ['/css/app.css', STYLES['css/app.css']],
      ['/css/738.1a2b3c4d.css', STYLES['css/738.1a2b3c4d.css']],
      ['/css/8371.1a2b3c4d.css', '.so-home{background:url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")}']
    ])
    const goods = answers[firstAnswerKey('ShopHomeGoodsByPage', { ShopID: 'S101', BaseID: 'B202', PageIndex: 1, PageSize: 20, EntID: DEMO_ENT })].data.table1
    const pictures = links.filter((l) => l.includes('as="image"'))
    expect(goods.length).toBeGreaterThan(2)
    expect(pictures).toHaveLength(2)
    expect(pictures[0]).toContain(goods[0].ImageUrl)
    expect(pictures[0]).toContain('fetchpriority="high"')
  })

  it('writes its preloads and answers after the viewport is set (a picture is sized by it) and before the styles', async () => {
    const code = await tableCode(server.db, 'B202-T01')
    const html = (await entry(code, 'en')).body
    const at = (text: string) => html.indexOf(text)
    expect(at('as="image"')).toBeGreaterThan(at('name="viewport"'))
    expect(at('id="so-pages"')).toBeGreaterThan(at('name="viewport"'))
    for (const text of ['as="image"', 'id="so-pages"', `id="${FIRST_ANSWERS_ID}"`]) expect(at(text)).toBeLessThan(at('<style'))
    expect(html).not.toContain('rel="stylesheet"')
  })

  it("carries the app's stylesheet in every page's HTML, and no page's but the first screen's", async () => {
    const html = (await server.app.inject({ method: 'GET', url: '/' })).body
    expect([...html.matchAll(/<style data-href="([^"]*)">/g)].map((m) => m[1])).toEqual(['/css/app.css'])
    expect(html).not.toContain('rel="stylesheet"')
  })

  it("keeps a shop's text inside the answers: no '</script>' ends them", async () => {
    const code = await tableCode(server.db, 'B202-T01')
    const names = JSON.stringify({ 'zh-CN': '店</script><script>alert(1)</script>', 'zh-TW': '店', en: 'Shop </script><img src=x onerror=alert(1)> <!--' })
    const before = await server.db.selectFrom('shops').select('names').where('shop_id', '=', 'S101').executeTakeFirstOrThrow()
    await server.db.updateTable('shops').set({ names }).where('shop_id', '=', 'S101').execute()
    try {
      const html = (await entry(code, 'en')).body
      expect(html).not.toContain('<img src=x')
      expect(html.match(/<\/script>/g)).toHaveLength(2) // the map of the pages' files and the answers
      const { answers } = firstScreen(html)
      const where = { ShopID: 'S101', BaseID: 'B202', TableID: 'B202-T01', QRCode: code, EntID: DEMO_ENT }
      expect(answers[firstAnswerKey('HomeShopDetailsGet', where)].data.table1[0].ShopName).toContain('onerror')
    } finally {
      await server.db.updateTable('shops').set({ names: before.names }).where('shop_id', '=', 'S101').execute()
    }
  })

  it('answers nothing for an unknown code, and gives any other / the page with only the map of its files', async () => {
    const unknown = firstScreen((await entry('QR-NOPE-0000000000')).body)
    expect(unknown.answers).toEqual({})
    const withMap = INDEX.replace(VIEWPORT, `${VIEWPORT}<script type="application/json" id="so-pages">${JSON.stringify(PAGE_FILES)}</script>`).replace(
      '<link href="/css/app.css" rel="stylesheet">',
      `<style data-href="/css/app.css">${STYLES['css/app.css']}</style>`
    )
    for (const url of ['/', '/?TableID=B202-T01', `/?QRCode=${'x'.repeat(200)}`, '/?QRCode=%3Cscript%3E', '/?QRCode=a&QRCode=b']) {
      const res = await server.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(withMap)
    }
  })

  it("hands every page the map of each page's files, for a reload's preloads (src/index.html)", async () => {
    const code = await tableCode(server.db, 'B202-T01')
    for (const res of [await server.app.inject({ method: 'GET', url: '/' }), await entry(code)]) {
      const m = /<script type="application\/json" id="so-pages">([^<]*)<\/script>/.exec(res.body)
      expect(m && JSON.parse(m[1])).toEqual(PAGE_FILES)
    }
  })
})

describe('a stylesheet inside the HTML (inlineStyle)', () => {
  it('comes inline only when it means the same there: never one that names a file relatively, holds </style, is large or is not a stylesheet of the build', () => {
    const css = (name: string, text: string) => fs.writeFileSync(path.join(dir, 'css', name), text)
    css('relative.css', '.a{background:url(pic.png)}')
    css('quoted-relative.css', ".a{background:url( '../img/pic.png' )}")
    css('breaks-out.css', '.a{content:"</STYLE><script>alert(1)</script>"}')
    css('large.css', `.a{color:red}${' '.repeat(40 * 1024)}`)
    css('fine.css', '.a{background:url(/static/x.png)}.b{background:url(https://cdn.example/y.png)}')
    for (const file of ['css/relative.css', 'css/quoted-relative.css', 'css/breaks-out.css', 'css/large.css', 'css/missing.css', 'js/app.js', 'css/../index.html']) {
      expect(inlineStyle(dir, file)).toBeNull()
    }
    expect(inlineStyle(dir, 'css/fine.css')).toBe('<style data-href="/css/fine.css">.a{background:url(/static/x.png)}.b{background:url(https://cdn.example/y.png)}</style>')
  })
})

/** GET /first-answers, as index.html's first script asks it for a reload's page. */
async function reloadAnswers(query: string, language = 'en') {
  const res = await server.app.inject({ method: 'GET', url: `${FIRST_ANSWERS_PATH}?${query}`, headers: { 'accept-language': language } })
  return { res, first: res.statusCode === 200 ? (decodeDeep(JSON.parse(res.body)) as FirstScreen & { answers: Record<string, { errcode: string; data: Record<string, any[]> }> }) : null }
}

describe("a reload's first answers (GET /first-answers, for the entry the app stored)", () => {
  it("the goods list: the session's answers, the classes and every goods of the branch as the gateway gives them, and the first three rows' pictures", async () => {
    const code = await tableCode(server.db, 'B202-T01')
    const { res, first } = await reloadAnswers(`page=pages/goodsList/goodsList&QRCode=${encodeURIComponent(code)}`, 'en-US,en;q=0.9')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(first!.locale).toBe('en')
    const { answers } = first!
    expect(answers[firstAnswerKey('EntIDGet', { QRCode: code, EntID: '' })].data.table1[0]).toMatchObject({ ShopID: 'S101', BaseID: 'B202' })
    expect(answers[firstAnswerKey('HomeShopDetailsGet', { ShopID: 'S101', BaseID: 'B202', TableID: 'B202-T01', QRCode: code, EntID: DEMO_ENT })]?.errcode).toBe('0')
    const scope = { ShopID: 'S101', BaseID: 'B202' }
    const classes = answers[firstAnswerKey('GoodsClassAllGet', { ...scope, EntID: DEMO_ENT })].data.table1
    const goods = answers[firstAnswerKey('GoodsListByClass', { ...scope, ClassID: '', EntID: DEMO_ENT })].data.table1
    // The very answers a phone gets from the gateway in English.
    const asked = await server.call('GoodsListByClass', [{ ...scope, ClassID: '' }], { headers: { 'accept-language': 'en' } })
    expect(goods).toEqual(asked.body.data.table1)
    expect(goods[0].GoodsName).toMatch(/[A-Za-z]/)
    // Not Home's: the goods list does not ask for recommendations.
    expect(answers[firstAnswerKey('ShopHomeGoodsByPage', { ...scope, PageIndex: 1, PageSize: 20, EntID: DEMO_ENT })]).toBeUndefined()
    // The first rows as the list shows them: the first class by SortNo, its goods in the answer's order.
    const firstClass = [...classes].sort((a, b) => Number(a.SortNo) - Number(b.SortNo))[0]
    const shown = classes
      .slice()
      .sort((a, b) => Number(a.SortNo) - Number(b.SortNo))
      .flatMap((c) => goods.filter((g) => g.ClassID === c.ClassID))
      .filter((g) => g.ImageUrl)
    expect(shown[0].ClassID).toBe(firstClass.ClassID)
    expect(first!.pictures).toEqual(shown.slice(0, 3).map((g) => ({ href: g.ImageUrl, srcset: '', sizes: '23vw' })))
  })

  it("Home: the recommendations and their first row of pictures; another page: the session's answers alone", async () => {
    const code = await tableCode(server.db, 'B202-T01')
    const home = (await reloadAnswers(`page=pages/home/home&QRCode=${code}`, 'zh-CN')).first!
    expect(home.locale).toBe('zh-CN')
    const recommended = home.answers[firstAnswerKey('ShopHomeGoodsByPage', { ShopID: 'S101', BaseID: 'B202', PageIndex: 1, PageSize: 20, EntID: DEMO_ENT })].data.table1
    expect(home.pictures).toEqual(recommended.slice(0, 2).map((g) => ({ href: g.ImageUrl, srcset: '', sizes: '47vw' })))
    const mine = (await reloadAnswers(`page=pages/mine/mine&QRCode=${code}`)).first!
    expect(Object.keys(mine.answers).map((k) => k.replace(/\[.*$/, '')).sort()).toEqual(
      ['BaseSysParamGet', 'BaseSysParamGet', 'EntIDGet', 'EntSysParamsGet', 'HomeShopDetailsGet', 'ServiceLinkGet', 'ShopParamsGet'].sort()
    )
    expect(mine.pictures).toEqual([])
  })

  it('answers an entry chosen by hand (a table, no code) as the app looks it up', async () => {
    const { first } = await reloadAnswers('page=pages/goodsList/goodsList&TableID=B202-T01&BaseID=B202&ShopID=S101')
    const ent = first!.answers[firstAnswerKey('EntIDGet', { TableID: 'B202-T01', BaseID: 'B202', ShopID: 'S101', EntID: '' })]
    expect(ent.data.table1[0]).toMatchObject({ EntID: DEMO_ENT, ShopID: 'S101', BaseID: 'B202' })
    expect(first!.pictures).toHaveLength(3)
  })

  it('answers nothing for a code no one knows, and refuses a request that is not a page and a plain entry', async () => {
    const unknown = await reloadAnswers('page=pages/goodsList/goodsList&QRCode=QR-NOPE-0000000000')
    expect(unknown.res.statusCode).toBe(200)
    expect(unknown.first).toMatchObject({ answers: {}, pictures: [] })
    const code = await tableCode(server.db, 'B202-T01')
    for (const query of [
      `QRCode=${code}`,
      'page=pages/goodsList/goodsList',
      `page=../../etc/passwd&QRCode=${code}`,
      `page=pages/goodsList/goodsList&QRCode=%3Cscript%3E`,
      `page=pages/goodsList/goodsList&QRCode=${'x'.repeat(65)}`,
      `page=pages/goodsList/goodsList&QRCode=${code}&QRCode=${code}`,
      `page=pages/goodsList/goodsList&page=pages/home/home&QRCode=${code}`
    ]) {
      const { res } = await reloadAnswers(query)
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 })
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })
})
