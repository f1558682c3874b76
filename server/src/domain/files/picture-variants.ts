/**
 * Picture variants for phones (issue 28 item 1; naming in src/core/picture-variants.ts). A menu
 * picture — imported from a menu file or uploaded from the console — is checked with sharp and, if
 * it is a photo (JPEG, PNG, WebP, AVIF), made once into a few WebP widths written beside the
 * original, which is kept as it came for the console. The original's name carries the widths
 * ('…-1a2b3c4d5e.v160-320-640-1280.jpg'), so answers need no new field; every name carries the
 * content hash, so the files never change under their names and are served as immutable.
 * SVG drawings and GIFs are kept as they are, without variants. Never imports Fastify.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Metadata, OutputInfo } from 'sharp'

/** sharp (libvips) is loaded by the first picture handled, not by every server, CLI and test that starts. */
export const loadSharp = async (): Promise<typeof import('sharp')['default']> => (await import('sharp')).default
import { VARIANT_EXT, variantMark, variantWidths } from '../../../../src/core/picture-variants'

/** Pictures larger than this many pixels are refused before decoding (a decompression bomb, a 100 MP file). */
export const PICTURE_PIXEL_LIMIT = 50_000_000
/** WebP quality of the variants (a 640 px photo is about 30 KB, a 160 px one about 4 KB). */
export const VARIANT_QUALITY = 75
/** Extensions of pictures that get variants; others (.svg, .gif) are kept as they are. */
export const VARIANT_SOURCE_EXTS = ['.jpg', '.jpeg', '.png', '.webp', '.avif']
const VARIANT_SOURCE_FORMATS = ['jpeg', 'png', 'webp', 'heif']

/** A picture checked for variants: its upright size and the widths to make, or why it cannot be used. */
export type PictureCheck = { ok: true; width: number; height: number; widths: number[] } | { ok: false; problem: string }

/** Whether a picture of this extension gets variants (and is checked as a photo). */
export const takesVariants = (ext: string): boolean => VARIANT_SOURCE_EXTS.includes(ext.toLowerCase())

/**
 * Reads a picture's header (nothing is decoded): its format must be one sharp makes variants of,
 * its pixels at most PICTURE_PIXEL_LIMIT. Answers the upright size (EXIF orientation applied) and
 * the widths to make, or a problem a person can act on.
 */
export async function checkPicture(input: Buffer | string): Promise<PictureCheck> {
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    return { ok: false, problem: 'is not a picture that can be read (JPEG, PNG, WebP or AVIF)' }
  }
  if (!meta.format || !VARIANT_SOURCE_FORMATS.includes(meta.format) || !meta.width || !meta.height) {
    return { ok: false, problem: `is not a JPEG, PNG, WebP or AVIF picture${meta.format ? ` (it is ${meta.format})` : ''}` }
  }
  const pixels = meta.width * meta.height
  if (pixels > PICTURE_PIXEL_LIMIT) {
    return {
      ok: false,
      problem: `is ${meta.width} × ${meta.height} pixels (${(pixels / 1e6).toFixed(1)} megapixels); at most ${PICTURE_PIXEL_LIMIT / 1e6} megapixels are taken: make it smaller`
    }
  }
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  return { ok: true, width, height, widths: variantWidths(width) }
}

/** The original's file name: '<stem>.v160-320.jpg' ('<stem>.jpg' without widths). */
export const markedName = (stem: string, widths: readonly number[], ext: string): string => `${stem}${variantMark(widths)}${ext}`

/** The file name of one variant: '<stem>.320.webp'. */
export const variantName = (stem: string, width: number): string => `${stem}.${width}${VARIANT_EXT}`

/**
 * Makes the variants of a picture into `dir` as '<stem>.<width>.webp', turned upright and without
 * metadata, decoding the original once. Files already there are kept (same stem, same content).
 * Answers the files it created. Throws PictureVariantError when the picture cannot be decoded
 * (truncated or corrupt past its header).
 */
export async function writeVariants(input: Buffer | string, dir: string, stem: string, widths: readonly number[]): Promise<string[]> {
  const wanted = widths.map((w) => ({ width: w, file: path.join(dir, variantName(stem, w)) })).filter((v) => !fs.existsSync(v.file))
  if (wanted.length === 0) return []
  const largest = Math.max(...wanted.map((v) => v.width))
  const sharp = await loadSharp()
  let decoded: { data: Buffer; info: OutputInfo }
  try {
    // One decode (JPEG shrink-on-load makes a 12 MP photo quick), scaled to the largest width wanted.
    decoded = await sharp(input, { limitInputPixels: PICTURE_PIXEL_LIMIT })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw new PictureVariantError(`could not be decoded (${(error as Error).message})`)
  }
  const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } }
  fs.mkdirSync(dir, { recursive: true })
  const created: string[] = []
  try {
    for (const v of wanted) {
      const bytes = await sharp(decoded.data, raw).resize({ width: v.width, withoutEnlargement: true }).webp({ quality: VARIANT_QUALITY }).toBuffer()
      // Written whole or not at all: a reader never sees half a variant under its immutable name
      // (and two makers of the same variant at once each write their own part).
      const part = `${v.file}.${process.pid}-${randomBytes(4).toString('hex')}.part`
      fs.writeFileSync(part, bytes)
      fs.renameSync(part, v.file)
      created.push(v.file)
    }
  } catch (error) {
    for (const file of created) fs.rmSync(file, { force: true })
    throw error
  }
  return created
}

/** A picture that passed its header check but could not be decoded. */
export class PictureVariantError extends Error {
  constructor(readonly problem: string) {
    super(`The picture ${problem}`)
    this.name = 'PictureVariantError'
  }
}
