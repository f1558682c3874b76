/**
 * Printable QR sheets (issue 23 item 5): an A4 PDF of cards to cut out and put on the tables and
 * the counter. Pure: no database, no clock; what to print comes in (qr-sheet-data.ts builds it
 * from the database), the PDF comes out.
 *
 *   renderQrSheet(sheet: QrSheet): Promise<Buffer>
 *   charactersWithoutGlyph(sheet: QrSheet): Promise<string[]>
 *
 * Layout: A4 portrait (595.28 × 841.89 pt), six cards a page (2 × 3, each 9.5 × 8.6 cm) between
 * dashed cut lines. Every group starts a new page under its heading (a branch, or a branch's area
 * or floor, or the counters) and runs over as many pages as it needs. A card holds the name large
 * (34 pt, shrunk to fit one line, or wrapped in two when long), the QR code (about 4.3 cm, 5.15 cm
 * with its quiet zone; error correction level H, so a stained or creased card still scans),
 * "Scan to order" in the sheet's language (and in English beside a Chinese one) and the code's
 * caption, small: qr-sheet-data.ts puts the URL's host and the code's readable part there, so
 * staff can tell an old card (a rotated code) from the current one.
 *
 * The QR code is drawn by qrcode-generator (the client's member code uses it too) and embedded as
 * a 1-bit PNG, 10 pixels a module, which the PDF shows without smoothing (no /Interpolate): crisp
 * on screen and on paper (≈ 300 dpi at the printed size; about 1 KB an image). Tests pull the
 * image back out of the PDF and decode it (tests/server/helpers/pdf-qr.ts).
 *
 * Text is set in Noto Sans SC Bold (SIL Open Font License 1.1), a subset checked in under
 * server/assets/fonts/ (README.md there: what it holds and how it was made). It has every CJK
 * Unified Ideograph of the basic block (U+4E00–U+9FFF: Simplified, Traditional and Cantonese
 * names), Latin with Latin-1 and Extended-A, punctuation and full-width forms. Only the glyphs a
 * sheet uses are embedded in the PDF (a TrueType subset, /FontFile2). A character outside the
 * subset would print as an empty box: charactersWithoutGlyph() names them first, so a caller can
 * warn (`npm run tables -- pdf` does). `QR_SHEET_FONT` (a TTF, OTF or WOFF file; not WOFF2, which
 * pdfkit cannot subset) replaces the font, e.g. with a full CJK font of the machine.
 */
import fs from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, deflateSync } from 'node:zlib'
import qrcode from 'qrcode-generator'
import type { Locale, LocalizedText } from '../../../../src/gateway/contract'

export interface QrSheetCode {
  /** Printed large above the code: the table's name ('A01 號枱'), or the shop's at a counter. */
  name: string
  /** Printed small under the code. */
  caption?: string
  /** What the QR code holds: the entry URL (ASCII; an IDN host in punycode). */
  url: string
}

export interface QrSheetGroup {
  /** Printed at the top of each of the group's pages: the branch, its area or floor, or 'Counter'. */
  heading: string
  codes: QrSheetCode[]
}

export interface QrSheet {
  /** The document's title, printed small at the top of every page: the enterprise (or the shop). */
  title: string
  groups: QrSheetGroup[]
  /** The language of the fixed texts ("Scan to order", the cutting note). */
  locale: Locale
}

/** Cards per page: columns × rows. */
export const QR_SHEET_COLUMNS = 2
export const QR_SHEET_ROWS = 3
export const QR_SHEET_CARDS_PER_PAGE = QR_SHEET_COLUMNS * QR_SHEET_ROWS

/** The pages a sheet takes: each group from a new page. */
export const qrSheetPageCount = (sheet: Pick<QrSheet, 'groups'>): number =>
  Math.max(1, sheet.groups.reduce((pages, g) => pages + Math.ceil(g.codes.length / QR_SHEET_CARDS_PER_PAGE), 0))

const TEXTS: Record<'scan' | 'cut', LocalizedText> = {
  scan: { 'zh-CN': '扫码点餐', 'zh-TW': '掃碼點餐', en: 'Scan to order' },
  cut: { 'zh-CN': '沿虚线剪开', 'zh-TW': '沿虛線剪開', en: 'Cut along the dashed lines' }
}

/** TrueType, brotli-compressed (server/assets/fonts/README.md). */
const DEFAULT_FONT_FILE = path.resolve(__dirname, '../../../assets/fonts/NotoSansSC-Bold.subset.ttf.br')
let fontBytes: { file: string; bytes: Buffer } | undefined

/** The font file's bytes, read (and unpacked) once per process: QR_SHEET_FONT, else the bundled subset. */
function fontData(): Buffer {
  const file = process.env.QR_SHEET_FONT || DEFAULT_FONT_FILE
  if (fontBytes?.file !== file) {
    const bytes = fs.readFileSync(file)
    fontBytes = { file, bytes: file.endsWith('.br') ? brotliDecompressSync(bytes) : bytes }
  }
  return fontBytes.bytes
}

// ---------- the page, in points ----------

const MM = 72 / 25.4
const PAGE = { width: 595.28, height: 841.89 }
const MARGIN_X = 10 * MM
const GRID_TOP = 72
const GRID_BOTTOM = PAGE.height - 42
const CARD_W = (PAGE.width - 2 * MARGIN_X) / QR_SHEET_COLUMNS
const CARD_H = (GRID_BOTTOM - GRID_TOP) / QR_SHEET_ROWS
const CARD_PAD = 12
/** The QR image's side, quiet zone included (5.15 cm; the symbol itself 4.2–4.5 cm for URLs of 40–120 characters, versions 5–10). */
const QR_SIZE = 146
const NAME_MAX_PT = 34
/** Below this a name that does not fit one line may wrap. */
const NAME_WRAP_PT = 20
const NAME_MIN_PT = 10
/** The name's box: one line at NAME_MAX_PT, or two at NAME_WRAP_PT. */
const NAME_BOX = 50
const INK = '#111111'
const SOFT = '#555555'
const FAINT = '#9a9a9a'
const CUT = '#bdbdbd'

// ---------- the QR code as a PNG ----------

/** Modules of white around the symbol (the standard's quiet zone). */
const QUIET = 4
/** Pixels per module: whole pixels, so nothing is resampled. */
const PIXELS_PER_MODULE = 10

/** The symbol of `text` at error correction level H: dark[row][col]. */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'H')
  qr.addData(text, 'Byte')
  qr.make()
  const n = qr.getModuleCount()
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)))
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A 1-bit greyscale PNG of the matrix with its quiet zone (black modules on white). */
export function qrPng(matrix: boolean[][]): Buffer {
  const modules = matrix.length + 2 * QUIET
  const side = modules * PIXELS_PER_MODULE
  const stride = Math.ceil(side / 8) + 1 // each scanline's first byte is the filter type: 0, none
  const raw = Buffer.alloc(stride * side, 0)
  // A row of modules is PIXELS_PER_MODULE identical scanlines: each is drawn once and copied
  // (a sheet of 60 tables spent most of its time here drawing every pixel on its own).
  const line = Buffer.alloc(stride)
  for (let m = 0; m < modules; m++) {
    const r = m - QUIET
    line.fill(0)
    for (let x = 0; x < side; x++) {
      const c = Math.floor(x / PIXELS_PER_MODULE) - QUIET
      const dark = r >= 0 && c >= 0 && r < matrix.length && c < matrix.length && matrix[r][c]
      if (!dark) line[1 + (x >> 3)] |= 0x80 >> (x & 7) // 1 is white in greyscale
    }
    for (let k = 0; k < PIXELS_PER_MODULE; k++) line.copy(raw, (m * PIXELS_PER_MODULE + k) * stride)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0))
  ])
}

// ---------- the document ----------

type Doc = PDFKit.PDFDocument

/** pdfkit (and its font engine) is loaded by the first sheet printed, not by every server and test that starts. */
async function newDocument(sheet: QrSheet): Promise<Doc> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: sheet.locale,
    displayTitle: true,
    info: { Title: sheet.title, Creator: 'ScanOrder' }
  })
  doc.registerFont('sheet', fontData())
  doc.font('sheet')
  return doc
}

/** Line spacing of the names: Noto's own (1.45 em) is loose for a name of two lines. */
const nameGap = (size: number): number => -0.2 * size

/**
 * The largest size from NAME_MAX_PT down at which the name fits the card's name box: one line when
 * it can, else as many as fit (a long name wraps rather than shrinking to nothing).
 */
function nameSize(doc: Doc, name: string, width: number): number {
  for (let size = NAME_MAX_PT; size > NAME_MIN_PT; size -= 1) {
    doc.fontSize(size)
    if (doc.widthOfString(name) <= width) return size
    if (size <= NAME_WRAP_PT && doc.heightOfString(name, { width, lineGap: nameGap(size) }) <= NAME_BOX) return size
  }
  return NAME_MIN_PT
}

function oneLine(doc: Doc, text: string, x: number, y: number, width: number, size: number, color: string, align: 'center' | 'left' | 'right' = 'center'): void {
  doc.fontSize(size).fillColor(color)
  doc.text(text, x, y, { width, align, lineBreak: false, ellipsis: true, height: size * 1.5 })
}

/** Name box, gap, QR code, "Scan to order", caption. */
const CARD_CONTENT = NAME_BOX + 4 + QR_SIZE + 2 + 16 + 10

function drawCard(doc: Doc, code: QrSheetCode, x: number, y: number, locale: Locale): void {
  const inner = CARD_W - 2 * CARD_PAD
  const top = y + (CARD_H - CARD_CONTENT) / 2
  const size = nameSize(doc, code.name, inner)
  doc.fontSize(size).fillColor(INK)
  // nameSize() made it fit the box; pdfkit's own check of the last line wants a little more room.
  const options = { width: inner, align: 'center' as const, lineGap: nameGap(size), height: NAME_BOX + size / 2, ellipsis: true }
  const height = Math.min(NAME_BOX, doc.heightOfString(code.name, options))
  doc.text(code.name, x + CARD_PAD, top + NAME_BOX - height, options)

  const qrTop = top + NAME_BOX + 4
  doc.image(qrPng(qrMatrix(code.url)), x + (CARD_W - QR_SIZE) / 2, qrTop, { width: QR_SIZE, height: QR_SIZE })

  let lineTop = qrTop + QR_SIZE + 2
  const scan = locale === 'en' ? TEXTS.scan.en : `${TEXTS.scan[locale]}  ·  ${TEXTS.scan.en}`
  oneLine(doc, scan, x + CARD_PAD, lineTop, inner, 11, INK)
  lineTop += 16
  if (code.caption) oneLine(doc, code.caption, x + CARD_PAD, lineTop, inner, 7, FAINT)
}

/** Dashed lines around the rows of cards in use, running a little past the outer ones. */
function drawCutLines(doc: Doc, rows: number): void {
  const over = 5 * MM
  const bottom = GRID_TOP + rows * CARD_H
  doc.save().lineWidth(0.5).strokeColor(CUT).dash(4, { space: 3 })
  for (let c = 0; c <= QR_SHEET_COLUMNS; c++) {
    const x = MARGIN_X + c * CARD_W
    doc.moveTo(x, GRID_TOP - over).lineTo(x, bottom + over).stroke()
  }
  for (let r = 0; r <= rows; r++) {
    const y = GRID_TOP + r * CARD_H
    doc.moveTo(MARGIN_X - over, y).lineTo(PAGE.width - MARGIN_X + over, y).stroke()
  }
  doc.undash().restore()
}

function drawPage(doc: Doc, sheet: QrSheet, heading: string, codes: QrSheetCode[], page: number, pages: number): void {
  doc.addPage({ size: 'A4', margin: 0 })
  const width = PAGE.width - 2 * MARGIN_X
  oneLine(doc, sheet.title, MARGIN_X, 20, width * 0.8, 9, SOFT, 'left')
  oneLine(doc, `${page} / ${pages}`, MARGIN_X + width * 0.8, 20, width * 0.2, 9, SOFT, 'right')
  oneLine(doc, heading, MARGIN_X, 34, width, 16, INK, 'left')
  if (codes.length > 0) drawCutLines(doc, Math.ceil(codes.length / QR_SHEET_COLUMNS))
  codes.forEach((code, i) => {
    const col = i % QR_SHEET_COLUMNS
    const row = Math.floor(i / QR_SHEET_COLUMNS)
    drawCard(doc, code, MARGIN_X + col * CARD_W, GRID_TOP + row * CARD_H, sheet.locale)
  })
  if (codes.length > 0) oneLine(doc, `✂  ${TEXTS.cut[sheet.locale]}`, MARGIN_X, GRID_BOTTOM + 18, width, 8, FAINT)
}

/** The PDF: each group from a new page, six codes a page. An empty sheet is one page with its title. */
export async function renderQrSheet(sheet: QrSheet): Promise<Buffer> {
  const doc = await newDocument(sheet)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    try {
      const pages = qrSheetPageCount(sheet)
      let page = 0
      for (const group of sheet.groups) {
        for (let from = 0; from < group.codes.length; from += QR_SHEET_CARDS_PER_PAGE) {
          drawPage(doc, sheet, group.heading, group.codes.slice(from, from + QR_SHEET_CARDS_PER_PAGE), ++page, pages)
        }
      }
      if (page === 0) drawPage(doc, sheet, '', [], 1, 1)
      doc.end()
    } catch (error) {
      reject(error)
    }
  })
}

/** What the sheet prints that the font has no glyph for (each character once, in order of appearance). */
export async function charactersWithoutGlyph(sheet: QrSheet): Promise<string[]> {
  const doc = await newDocument(sheet)
  const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?(codePoint: number): boolean } } })._font?.font
  if (typeof font?.hasGlyphForCodePoint !== 'function') return []
  const texts = [sheet.title, TEXTS.scan[sheet.locale], TEXTS.scan.en, TEXTS.cut[sheet.locale]]
  for (const g of sheet.groups) texts.push(g.heading, ...g.codes.flatMap((c) => [c.name, c.caption ?? '']))
  const missing = new Set<string>()
  for (const text of texts) {
    for (const ch of text) {
      if (/\s/u.test(ch)) continue
      if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) missing.add(ch)
    }
  }
  return [...missing]
}
