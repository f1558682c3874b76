/**
 * Picture variants (issue 28 item 1): a menu picture imported or uploaded as a photo is kept as it
 * came (the console shows the original) and made, once, into a few WebP widths stored beside it.
 * The original's name says which widths exist, so every answer that carries its URL tells the app
 * what it may ask for, without one more field on any row:
 *
 *   har-gow-1a2b3c4d5e.v160-320-640-1280.jpg   the original (its content hash, then the widths)
 *   har-gow-1a2b3c4d5e.160.webp                one variant per width, 160 px wide
 *   …
 *   har-gow-1a2b3c4d5e.1280.webp
 *
 * A picture without the mark (an SVG drawing, a GIF, a picture stored before variants existed,
 * one smaller than the smallest width) has no variants: it is shown as it is. Shared by the server
 * (which names and makes the files) and the app (which builds srcset or picks one width).
 */

/** The widths made, in CSS pixels × density: a goods row's picture at 1×–3×, a card, the details picture. */
export const VARIANT_WIDTHS: readonly number[] = [160, 320, 640, 1280]
/** The variants' format (every browser of the H5 build and both mini-program hosts show it). */
export const VARIANT_EXT = '.webp'

/**
 * The widths to make of a picture `width` pixels wide (upright): each standard width below it, and
 * its own width when that is under the largest (so nothing is ever enlarged, and the largest
 * variant is as sharp as the original allows). A picture narrower than the smallest width: none.
 */
export function variantWidths(width: number): number[] {
  if (!(width >= VARIANT_WIDTHS[0])) return []
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]
  const widths = VARIANT_WIDTHS.filter((w) => w < width)
  if (width <= largest && !widths.includes(width)) widths.push(width)
  if (width > largest) widths.push(largest)
  return [...new Set(widths)].sort((a, b) => a - b)
}

/** The mark put before the original's extension: '.v160-320-640' ('' for no widths). */
export const variantMark = (widths: readonly number[]): string => (widths.length > 0 ? `.v${widths.join('-')}` : '')

// '<stem>.v<widths>.<ext>[?query]' (compact: this module is on Home's first screen).
const MARKED = /^(.*)\.v(\d[\d-]*)\.\w+([?#].*)?$/

/** A picture's variants: the widths that exist, ascending, and the URL (or path) of each. */
export interface PictureVariants {
  widths: number[]
  urlOf(width: number): string
}

/** The variants a picture URL (or path under FILES_DIR) names, or null when it names none. */
export function pictureVariants(url: string): PictureVariants | null {
  const m = MARKED.exec(url)
  return m && { widths: m[2].split('-').map(Number), urlOf: (width) => `${m[1]}.${width}${VARIANT_EXT}${m[3] ?? ''}` }
}

/** `srcset` of a picture's variants ('…160.webp 160w, …320.webp 320w'), '' when it has none. */
export function pictureSrcset(url: string): string {
  const v = pictureVariants(url)
  return v ? v.widths.map((w) => `${v.urlOf(w)} ${w}w`).join(', ') : ''
}

/** The largest variant of a picture (a full-screen preview), or the picture itself when it has none. */
export const largestPicture = (url: string): string => pictureForWidth(url, Infinity, 1)

/**
 * The URL to load for a picture shown `cssWidth` pixels wide on a screen of `pixelRatio`: the
 * smallest variant at least that many pixels wide (the largest when none is), or the picture
 * itself when it has no variants. What a host without srcset (a mini-program) asks for.
 */
export function pictureForWidth(url: string, cssWidth: number, pixelRatio: number): string {
  const v = pictureVariants(url)
  const need = cssWidth * Math.max(1, pixelRatio)
  return v ? v.urlOf(v.widths.find((w) => w >= need) ?? v.widths[v.widths.length - 1]) : url
}
