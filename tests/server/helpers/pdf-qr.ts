/**
 * Reads back what a PDF of ours prints, without a renderer: its pages (MediaBox), the text each
 * page shows (through the fonts' ToUnicode maps), the glyph ids it uses, and the QR codes on it,
 * decoded by jsQR from the pixels of each image XObject (Flate, with or without PNG predictors,
 * DeviceGray or DeviceRGB, 1 or 8 bits). Enough for the PDFs pdfkit writes
 * (server/src/domain/entry/qr-sheet.ts); not a general PDF parser.
 */
import { inflateSync } from 'node:zlib'
import jsQR from 'jsqr'

interface PdfObject {
  dict: string
  stream?: Buffer
}

export interface PdfPage {
  mediaBox: number[]
  /** Every string the page shows, in drawing order, as Unicode text. */
  texts: string[]
  /** The glyph ids (CIDs) of the page's text, for every font (0 is .notdef). */
  glyphIds: number[]
  /** The QR codes of the page's images, in drawing order (null: an image that is no QR code; none when not asked for). */
  qrCodes: (string | null)[]
}

export interface PdfFile {
  objects: Map<number, PdfObject>
  pages: PdfPage[]
  /** Every ToUnicode map of the file: glyph id → text. */
  toUnicode: Map<number, string>[]
  /** The /FontDescriptor dictionaries. */
  fontDescriptors: string[]
}

function parseObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1')
  const objects = new Map<number, PdfObject>()
  const start = /(?:^|\n)(\d+) 0 obj\n/g
  let m: RegExpExecArray | null
  while ((m = start.exec(text))) {
    const bodyStart = m.index + m[0].length
    const end = text.indexOf('endobj', bodyStart)
    const streamAt = text.indexOf('stream\n', bodyStart)
    if (streamAt !== -1 && streamAt < end) {
      const dict = text.slice(bodyStart, streamAt)
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1])
      const from = streamAt + 'stream\n'.length
      objects.set(Number(m[1]), { dict, stream: pdf.subarray(from, from + length) })
      start.lastIndex = from + length
    } else {
      objects.set(Number(m[1]), { dict: text.slice(bodyStart, end) })
      start.lastIndex = end
    }
  }
  return objects
}

const ref = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict)
  return m ? Number(m[1]) : undefined
}

const num = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key} (-?[\\d.]+)`).exec(dict)
  return m ? Number(m[1]) : undefined
}

function streamData(objects: Map<number, PdfObject>, id: number): Buffer {
  const obj = objects.get(id)
  if (!obj?.stream) throw new Error(`object ${id} has no stream`)
  return /\/Filter \/FlateDecode/.test(obj.dict) ? inflateSync(obj.stream) : obj.stream
}

/** A dictionary given inline or by reference. */
function dictOf(objects: Map<number, PdfObject>, dict: string, key: string): string {
  const id = ref(dict, key)
  if (id !== undefined) return objects.get(id)?.dict ?? ''
  const at = dict.indexOf(`/${key}`)
  if (at === -1) return ''
  let depth = 0
  let i = dict.indexOf('<<', at)
  const from = i
  for (; i < dict.length; i++) {
    if (dict.startsWith('<<', i)) (depth++, i++)
    else if (dict.startsWith('>>', i)) {
      depth--
      i++
      if (depth === 0) break
    }
  }
  return dict.slice(from, i + 1)
}

/** The entries of a name → reference dictionary: '/I1 10 0 R /I2 12 0 R' → { I1: 10, I2: 12 }. */
function refsIn(dict: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const m of dict.matchAll(/\/([A-Za-z0-9_.-]+) (\d+) 0 R/g)) out[m[1]] = Number(m[2])
  return out
}

function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>()
  const utf16 = (hex: string): string => {
    const units: number[] = []
    for (let i = 0; i < hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16))
    return String.fromCharCode(...units)
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const [lo, hi] = [parseInt(line[1], 16), parseInt(line[2], 16)]
      if (line[3].startsWith('[')) {
        // One entry per glyph; a ligature's entry holds several code units with spaces ('<0066 0069>': fi).
        const targets = [...line[3].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((t) => utf16(t[1].replace(/\s+/g, '')))
        for (let cid = lo; cid <= hi; cid++) map.set(cid, targets[cid - lo])
      } else {
        const first = parseInt(line[3].slice(1, -1), 16)
        for (let cid = lo; cid <= hi; cid++) map.set(cid, String.fromCharCode(first + cid - lo))
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const line of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(line[1], 16), utf16(line[2].replace(/\s+/g, '')))
  }
  return map
}

function unpredict(data: Buffer, columns: number, colors: number, bits: number): Buffer {
  const rowBytes = Math.ceil((columns * colors * bits) / 8)
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8))
  const rows = data.length / (rowBytes + 1)
  const out = Buffer.alloc(rows * rowBytes)
  for (let r = 0; r < rows; r++) {
    const filter = data[r * (rowBytes + 1)]
    const line = data.subarray(r * (rowBytes + 1) + 1, (r + 1) * (rowBytes + 1))
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= bpp ? out[r * rowBytes + i - bpp] : 0
      const up = r > 0 ? out[(r - 1) * rowBytes + i] : 0
      const upLeft = r > 0 && i >= bpp ? out[(r - 1) * rowBytes + i - bpp] : 0
      let predicted = 0
      if (filter === 1) predicted = left
      else if (filter === 2) predicted = up
      else if (filter === 3) predicted = (left + up) >> 1
      else if (filter === 4) {
        const p = left + up - upLeft
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)]
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
      }
      out[r * rowBytes + i] = (line[i] + predicted) & 0xff
    }
  }
  return out
}

/** The image's pixels as RGBA, as jsQR takes them. */
export function imagePixels(objects: Map<number, PdfObject>, id: number): { width: number; height: number; rgba: Uint8ClampedArray } {
  const dict = objects.get(id)!.dict
  const width = num(dict, 'Width')!
  const height = num(dict, 'Height')!
  const bits = num(dict, 'BitsPerComponent')!
  const colors = /\/ColorSpace \/DeviceRGB/.test(dict) ? 3 : /\/ColorSpace \/DeviceGray/.test(dict) ? 1 : NaN
  if (!Number.isFinite(colors) || (bits !== 1 && bits !== 8)) throw new Error(`image ${id}: unsupported ${dict}`)
  let data = streamData(objects, id)
  const parms = dictOf(objects, dict, 'DecodeParms')
  if ((num(parms, 'Predictor') ?? 1) >= 10) data = unpredict(data, width, colors, bits)
  const rowBytes = Math.ceil((width * colors * bits) / 8)
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255)
  const sample = (y: number, index: number): number =>
    bits === 8 ? data[y * rowBytes + index] : (data[y * rowBytes + (index >> 3)] >> (7 - (index & 7))) & 1 ? 255 : 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4
      rgba[at] = sample(y, x * colors)
      rgba[at + 1] = sample(y, x * colors + (colors === 3 ? 1 : 0))
      rgba[at + 2] = sample(y, x * colors + (colors === 3 ? 2 : 0))
    }
  }
  return { width, height, rgba }
}

/** Every page in page-tree order with its text, glyph ids and (unless `qrCodes: false`) decoded QR codes. */
export function readPdf(pdf: Buffer, options: { qrCodes?: boolean } = {}): PdfFile {
  const objects = parseObjects(pdf)
  const catalog = [...objects.values()].find((o) => /\/Type \/Catalog/.test(o.dict))
  if (!catalog) throw new Error('no catalog')
  const pageIds: number[] = []
  const walk = (id: number): void => {
    const dict = objects.get(id)!.dict
    if (/\/Type \/Pages/.test(dict)) {
      const kids = /\/Kids \[([^\]]*)\]/.exec(dict)![1]
      for (const k of kids.matchAll(/(\d+) 0 R/g)) walk(Number(k[1]))
    } else pageIds.push(id)
  }
  walk(ref(catalog.dict, 'Pages')!)

  const unicodeOfFont = new Map<number, Map<number, string>>()
  const cmapOf = (fontId: number): Map<number, string> => {
    if (!unicodeOfFont.has(fontId)) {
      const toUnicode = ref(objects.get(fontId)!.dict, 'ToUnicode')
      unicodeOfFont.set(fontId, toUnicode === undefined ? new Map() : parseCMap(streamData(objects, toUnicode).toString('latin1')))
    }
    return unicodeOfFont.get(fontId)!
  }

  const pages = pageIds.map((id): PdfPage => {
    const dict = objects.get(id)!.dict
    const mediaBox = /\/MediaBox \[([^\]]*)\]/.exec(dict)![1].trim().split(/\s+/).map(Number)
    const resources = dictOf(objects, dict, 'Resources')
    const fonts = refsIn(dictOf(objects, resources, 'Font'))
    const xobjects = refsIn(dictOf(objects, resources, 'XObject'))
    const contents = [...(/\/Contents \[([^\]]*)\]/.exec(dict)?.[1] ?? `${ref(dict, 'Contents')} 0 R`).matchAll(/(\d+) 0 R/g)]
      .map((c) => streamData(objects, Number(c[1])).toString('latin1'))
      .join('\n')
    const page: PdfPage = { mediaBox, texts: [], glyphIds: [], qrCodes: [] }
    let font: number | undefined
    const ops = /\/([A-Za-z0-9_.-]+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-fA-F]*)> Tj|\/([A-Za-z0-9_.-]+) Do/g
    for (const op of contents.matchAll(ops)) {
      if (op[1]) font = fonts[op[1]]
      else if (op[2] !== undefined || op[3] !== undefined) {
        const hex = op[3] ?? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('')
        const cmap = font === undefined ? new Map<number, string>() : cmapOf(font)
        let text = ''
        for (let i = 0; i + 4 <= hex.length; i += 4) {
          const cid = parseInt(hex.slice(i, i + 4), 16)
          page.glyphIds.push(cid)
          text += cmap.get(cid) ?? '\ufffd'
        }
        page.texts.push(text)
      } else if (op[4]) {
        const image = xobjects[op[4]]
        if (options.qrCodes === false || image === undefined || !/\/Subtype \/Image/.test(objects.get(image)!.dict)) continue
        const { width, height, rgba } = imagePixels(objects, image)
        page.qrCodes.push(jsQR(rgba, width, height)?.data ?? null)
      }
    }
    return page
  })

  const fontIds = [...objects.entries()].filter(([, o]) => /\/ToUnicode \d+ 0 R/.test(o.dict)).map(([id]) => id)
  return {
    objects,
    pages,
    toUnicode: fontIds.map(cmapOf),
    fontDescriptors: [...objects.values()].filter((o) => /\/Type \/FontDescriptor/.test(o.dict)).map((o) => o.dict)
  }
}
