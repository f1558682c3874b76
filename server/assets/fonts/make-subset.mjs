/**
 * Makes NotoSansSC-Bold.subset.ttf.br (the printed QR sheets' font, server/src/domain/entry/qr-sheet.ts)
 * from Noto Sans SC Bold, keeping the characters below. Not run by the build: the output is
 * checked in. How it was made (README.md beside this file):
 *
 *   cd "$(mktemp -d)" && npm init -y >/dev/null && npm install subset-font@2.9.0
 *   npm pack @expo-google-fonts/noto-sans-sc@0.4.3 && tar xzf expo-google-fonts-noto-sans-sc-0.4.3.tgz
 *   node <repo>/server/assets/fonts/make-subset.mjs package/700Bold/NotoSansSC_700Bold.ttf <repo>/server/assets/fonts/NotoSansSC-Bold.subset.ttf.br
 *
 * subset-font (harfbuzz compiled to WebAssembly) is resolved from the current directory, so the
 * project itself does not depend on it. The subset is TrueType compressed with brotli (Node's own
 * zlib unpacks it): pdfkit's font subsetter (fontkit) cannot embed glyphs from a WOFF2 file, whose
 * glyf table is stored transformed, and the TrueType file alone would be twice the size.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'

/** Unicode ranges kept (inclusive). Every CJK Unified Ideograph of the basic block, so Simplified, Traditional and Cantonese names all print. */
export const RANGES = [
  [0x0020, 0x007e], // ASCII
  [0x00a0, 0x017f], // Latin-1 Supplement, Latin Extended-A (Portuguese and other European names)
  [0x2000, 0x206f], // General Punctuation
  [0x20a0, 0x20bf], // Currency Symbols
  [0x2100, 0x214f], // Letterlike Symbols (№, ℃)
  [0x2190, 0x21ff], // Arrows
  [0x2460, 0x24ff], // Enclosed Alphanumerics (①)
  [0x25a0, 0x25ff], // Geometric Shapes
  [0x2700, 0x27bf], // Dingbats (✂)
  [0x3000, 0x303f], // CJK Symbols and Punctuation
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xff00, 0xffef] // Halfwidth and Fullwidth Forms
]

const [source, target] = process.argv.slice(2)
if (!source || !target) {
  console.error('Usage: node make-subset.mjs <NotoSansSC_700Bold.ttf> <out.ttf.br>')
  process.exit(2)
}
const subsetFont = createRequire(path.join(process.cwd(), 'noop.js'))('subset-font')
let text = ''
for (const [from, to] of RANGES) for (let cp = from; cp <= to; cp++) text += String.fromCodePoint(cp)
const ttf = await subsetFont(fs.readFileSync(source), text, { targetFormat: 'truetype' })
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants
const out = zlib.brotliCompressSync(ttf, { params: { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_LGWIN]: 24, [BROTLI_PARAM_SIZE_HINT]: ttf.length } })
fs.writeFileSync(target, out)
console.log(`${target}: ${out.length} bytes (TrueType ${ttf.length} bytes)`)
