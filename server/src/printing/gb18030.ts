/**
 * Text to GB18030 bytes, for receipt printers in Chinese mode (FS &).
 *
 * Chinese-market thermal printers (Xprinter, Gprinter, the Chinese editions of Epson's TM-T88 …)
 * carry a GB18030 font in ROM and read two-byte GB18030 (the GBK range: every CJK ideograph of
 * Unicode's main block, simplified and traditional, with full-width punctuation) once Chinese mode
 * is on. The ESC/POS library we use (@point-of-sale/receipt-printer-encoder) only knows single-byte
 * code pages, so the text of a ticket is encoded here and handed to it as raw bytes.
 *
 * Node ships a GB18030 decoder (TextDecoder, full ICU) but no encoder; the reverse table is built
 * once, on first use, by decoding every two-byte code (126 × 190). Four-byte codes (rare ideographs
 * of the extensions, emoji) are left out on purpose: many printers' fonts stop at the two-byte set
 * and print a four-byte code as two wrong characters, so such a character prints as '?'. ASCII is
 * one byte, as on every ESC/POS printer, so an all-ASCII text is the same bytes in any mode.
 */

let table: Map<number, [number, number]> | null = null

const isTrail = (b: number): boolean => (b >= 0x40 && b <= 0x7e) || (b >= 0x80 && b <= 0xfe)

function decoder(): TextDecoder {
  try {
    return new TextDecoder('gb18030', { fatal: true })
  } catch {
    throw new Error('This Node.js has no GB18030 decoder (it was built without full ICU): Chinese kitchen tickets cannot be encoded')
  }
}

function buildTable(): Map<number, [number, number]> {
  const dec = decoder()
  const map = new Map<number, [number, number]>()
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (!isTrail(trail)) continue
      let text: string
      try {
        text = dec.decode(new Uint8Array([lead, trail]))
      } catch {
        continue
      }
      const cp = text.codePointAt(0)
      // One BMP character outside the private use area (user-defined codes no font draws).
      if (cp === undefined || text.length !== 1 || cp < 0x80 || (cp >= 0xe000 && cp <= 0xf8ff) || map.has(cp)) continue
      map.set(cp, [lead, trail])
    }
  }
  return map
}

function tableOf(): Map<number, [number, number]> {
  if (!table) table = buildTable()
  return table
}

/** The GB18030 bytes of one character; null when the printer's two-byte font has none. */
export function gb18030Char(ch: string): number[] | null {
  const cp = ch.codePointAt(0)!
  if (cp < 0x80) return [cp]
  return tableOf().get(cp) ?? null
}

/** A string as GB18030 bytes; a character outside ASCII and the two-byte set prints as '?'. */
export function encodeGb18030(text: string): Uint8Array {
  const out: number[] = []
  for (const ch of text) out.push(...(gb18030Char(ch) ?? [0x3f]))
  return Uint8Array.from(out)
}

/**
 * How many half-width cells a text takes on the printer: one for a single-byte character (and the
 * '?' standing for one the font lacks), two for a two-byte one (drawn from the 24 × 24 font).
 */
export function textCells(text: string): number {
  let n = 0
  for (const ch of text) n += (gb18030Char(ch)?.length ?? 1)
  return n
}
