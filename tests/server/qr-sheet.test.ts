/**
 * Issue 23 item 5: the printable QR sheet. The demo enterprise's sheet is rendered, then read back
 * from the PDF itself (tests/server/helpers/pdf-qr.ts): every printed QR code is decoded from the
 * image's pixels and must be exactly the set of entry URLs of the tables and counters, each
 * answered by the gateway (EntIDGet) with its own table or shop, on a page that names it. The
 * pages are A4, and the Chinese names are set in the embedded font (no .notdef glyph). On SQLite
 * and (DATABASE_URL) PostgreSQL.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Locale } from '../../src/gateway/contract'
import { qrSheetPageCount, renderQrSheet } from '../../server/src/domain/entry/qr-sheet'
import { qrSheetGroups } from '../../server/src/domain/entry/qr-sheet-data'
import { rotateTableCode } from '../../server/src/domain/entry/table-codes'
import { parseNames } from '../../server/src/storage/repositories/row-mapping'
import { readPdf, type PdfFile } from './helpers/pdf-qr'
import { createTestServer, DEMO_ENT, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer
const ORIGIN = 'https://order.example.mo'
const A4 = [0, 0, 595.28, 841.89]

beforeAll(async () => {
  server = await createTestServer()
}, 60_000)

afterAll(() => server?.close())

/** Every table and counter of the demo enterprise with the URL its card must hold, read straight from the tables. */
async function expectedCodes(origin: string) {
  const tables = await server.db.selectFrom('dining_tables').select(['table_id', 'base_id', 'names', 'qr_code']).where('ent_id', '=', DEMO_ENT).where('is_enable', '=', 1).execute()
  const shops = await server.db.selectFrom('shops').select(['shop_id', 'names', 'qr_code']).where('ent_id', '=', DEMO_ENT).execute()
  const bases = await server.db.selectFrom('bases').select(['base_id', 'names']).where('ent_id', '=', DEMO_ENT).execute()
  const url = (code: string) => `${origin}/?QRCode=${encodeURIComponent(code)}`
  return [
    ...tables.map((t) => ({
      url: url(t.qr_code!),
      tableId: t.table_id,
      shopId: undefined,
      names: parseNames(t.names),
      heading: parseNames(bases.find((b) => b.base_id === t.base_id)!.names)
    })),
    ...shops.map((s) => ({ url: url(s.qr_code), tableId: undefined, shopId: s.shop_id, names: parseNames(s.names), heading: { 'zh-CN': '柜台', 'zh-TW': '櫃枱', en: 'Counter' } }))
  ]
}

async function render(locale: Locale, qrCodes = true): Promise<{ file: PdfFile; pages: number }> {
  const sheet = await qrSheetGroups(server.db, DEMO_ENT, { origin: ORIGIN, locale })
  const pdf = await renderQrSheet(sheet)
  return { file: readPdf(pdf, { qrCodes }), pages: qrSheetPageCount(sheet) }
}

const printedCodes = (file: PdfFile): string[] => file.pages.flatMap((p) => p.qrCodes.map((c) => c ?? '(unreadable)'))

describe('the demo enterprise QR sheet', () => {
  it('prints every table and counter once: each code decodes to its entry URL, and the gateway answers its table or shop', async () => {
    const { file, pages } = await render('zh-TW')
    const expected = await expectedCodes(ORIGIN)
    expect(expected).toHaveLength(14) // 12 tables, 2 counters
    const decoded = printedCodes(file)
    expect([...decoded].sort()).toEqual(expected.map((e) => e.url).sort())

    for (const [pageNo, page] of file.pages.entries()) {
      const text = page.texts.join('') // a long name wraps into two strings
      for (const url of page.qrCodes) {
        const code = expected.find((e) => e.url === url)!
        // The card's page names it and its group (the branch, or the counters).
        expect({ pageNo, text }).toMatchObject({ text: expect.stringContaining(code.names['zh-TW']) })
        expect({ pageNo, text }).toMatchObject({ text: expect.stringContaining(code.heading['zh-TW']) })

        const qrCode = new URL(url!).searchParams.get('QRCode')!
        const ent = ok(await server.call('EntIDGet', [{ QRCode: qrCode }], { entId: '' })).table1[0]
        if (code.tableId) expect(ent).toMatchObject({ EntID: DEMO_ENT, TableID: code.tableId, QRCode: qrCode })
        else expect(ent).toMatchObject({ EntID: DEMO_ENT, ShopID: code.shopId })
      }
    }

    // One group a page here: B201's 6 tables, B202's 2, B203's 4, the 2 counters.
    expect(pages).toBe(4)
    expect(file.pages).toHaveLength(4)
    expect(file.pages.map((p) => p.qrCodes.length)).toEqual([6, 2, 4, 2])
    for (const page of file.pages) expect(page.mediaBox).toEqual(A4)
  })

  it.each(['zh-TW', 'zh-CN', 'en'] as const)('sets the %s names in the embedded font, with no missing glyph', async (locale) => {
    const { file } = await render(locale, false)
    expect(file.fontDescriptors.length).toBeGreaterThan(0)
    for (const descriptor of file.fontDescriptors) {
      expect(descriptor).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansSC-Bold/)
      expect(descriptor).toMatch(/\/FontFile2 \d+ 0 R/)
    }
    const glyphs = file.pages.flatMap((p) => p.glyphIds)
    expect(glyphs.length).toBeGreaterThan(100)
    expect(glyphs).not.toContain(0) // .notdef: a character the font lacks

    const shown = new Set(file.toUnicode.flatMap((map) => [...map.entries()].filter(([cid]) => cid !== 0).map(([, text]) => text)))
    const everything = file.pages.flatMap((p) => p.texts).join('') // a long name wraps into two strings
    for (const e of await expectedCodes(ORIGIN)) {
      for (const ch of e.names[locale].replace(/\s/g, '')) expect({ ch, shown: shown.has(ch) }).toEqual({ ch, shown: true })
      expect({ everything, name: everything.includes(e.names[locale]), heading: everything.includes(e.heading[locale]) }).toMatchObject({ name: true, heading: true })
    }
    if (locale !== 'en') expect(everything).toContain(locale === 'zh-TW' ? '掃碼點餐' : '扫码点餐')
  })

  it('leaves out a table whose code no longer resolves, and prints a rotated code, not the old one', async () => {
    const before = printedCodes((await render('en')).file)
    const oldA02 = (await server.db.selectFrom('dining_tables').select('qr_code').where('table_id', '=', 'B201-A02').executeTakeFirstOrThrow()).qr_code!
    const rotated = await rotateTableCode(server.db, 'B201-A02')
    const a05 = (await server.db.selectFrom('dining_tables').select('qr_code').where('table_id', '=', 'B201-A05').executeTakeFirstOrThrow()).qr_code!
    await server.db.updateTable('qr_codes').set({ is_enable: 0 }).where('code', '=', a05).execute()
    try {
      const after = printedCodes((await render('en')).file)
      expect(after).toHaveLength(before.length - 1)
      expect(after).toContain(`${ORIGIN}/?QRCode=${rotated.qrCode}`)
      expect(after).not.toContain(`${ORIGIN}/?QRCode=${oldA02}`)
      expect(after.some((u) => u.includes(a05))).toBe(false)
    } finally {
      await server.db.updateTable('qr_codes').set({ is_enable: 1 }).where('code', '=', a05).execute()
    }
  })

  it('groups a branch by area or floor, each from a new page under "branch · area"', async () => {
    await server.db.updateTable('dining_tables').set({ area: '2樓' }).where('table_id', 'in', ['B203-N01', 'B203-N03']).execute()
    await server.db.updateTable('dining_tables').set({ area: '露天' }).where('table_id', '=', 'B203-N04').execute()
    try {
      const sheet = await qrSheetGroups(server.db, DEMO_ENT, { origin: ORIGIN, locale: 'zh-TW', baseId: 'B203' })
      expect(sheet.groups.map((g) => [g.heading, g.codes.map((c) => c.name)])).toEqual([
        ['路氹夜市美食廣場（金光大道）', ['N02 號枱']],
        ['路氹夜市美食廣場（金光大道） · 2樓', ['N01 號枱', 'N03 號枱']],
        ['路氹夜市美食廣場（金光大道） · 露天', ['N04 號枱']],
        ['櫃枱', ['路氹夜市美食廣場']]
      ])
      const file = readPdf(await renderQrSheet(sheet))
      expect(file.pages.map((p) => p.qrCodes.length)).toEqual([1, 2, 1, 1])
      expect(file.pages[1].texts).toContain('路氹夜市美食廣場（金光大道） · 2樓')
    } finally {
      await server.db.updateTable('dining_tables').set({ area: '' }).where('ent_id', '=', DEMO_ENT).execute()
    }
  })

  it('narrows to one branch (with its shop counter) or one shop', async () => {
    const branch = await qrSheetGroups(server.db, DEMO_ENT, { origin: ORIGIN, locale: 'en', baseId: 'B202' })
    expect(branch.groups.map((g) => [g.heading, g.codes.map((c) => c.name)])).toEqual([
      ['Lotus Tea House (Taipa)', ['Table T01', 'Table T02']],
      ['Counter', ['Lotus Tea House']]
    ])
    const shop = await qrSheetGroups(server.db, DEMO_ENT, { origin: ORIGIN, locale: 'en', shopId: 'S102' })
    expect(shop.groups.map((g) => g.codes.length)).toEqual([4, 1])
    expect(shop.title).toBe('Lotus Dining Group · Cotai Night Market Food Court')
    await expect(qrSheetGroups(server.db, DEMO_ENT, { origin: ORIGIN, locale: 'en', baseId: 'B999' })).rejects.toMatchObject({ code: 'BASE_NOT_FOUND' })
    await expect(qrSheetGroups(server.db, 'E9999', { origin: ORIGIN, locale: 'en' })).rejects.toMatchObject({ code: 'ENTERPRISE_NOT_FOUND' })
  })
})

describe('npm run tables -- pdf', () => {
  it('writes the sheet whose codes are the URLs `tables list` prints; usage and unknown names exit 2 and 1', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-sheet-'))
    try {
      const file = path.join(dir, 'tables.pdf')
      const written = await runCli(server, 'tables', 'pdf', file, '--ent', DEMO_ENT)
      expect(written).toMatchObject({ code: 0 })
      expect(written.stdout).toContain('14 QR codes')
      const listed = await runCli(server, 'tables', 'list', '--ent', DEMO_ENT)
      const origin = /(https?:\/\/[^/\s]+)\/\?QRCode=/.exec(listed.stdout)![1]
      const decoded = printedCodes(readPdf(fs.readFileSync(file)))
      expect([...decoded].sort()).toEqual((await expectedCodes(origin)).map((e) => e.url).sort())
      for (const line of listed.stdout.trim().split('\n')) expect(decoded).toContain(line.split(/\s+/)[2])

      expect((await runCli(server, 'tables', 'pdf')).code).toBe(2)
      expect((await runCli(server, 'tables', 'pdf', file, '--shop', 'S101', '--base', 'B201')).code).toBe(2)
      const unknown = await runCli(server, 'tables', 'pdf', file, '--base', 'B999')
      expect(unknown.code).toBe(1)
      expect(unknown.stderr).toContain('No branch B999')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
