/**
 * Compression of gateway answers: above 1 KB, brotli or gzip when the client accepts it (a menu
 * page shrinks to about a fifth). Kept answers (kept-answers.ts) are one Buffer shared by every
 * request for them, so their compressed bytes are kept beside them (a WeakMap on that Buffer) and
 * made once; other answers are sent once and compressed once.
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Smaller answers go plain: the headers and the work would outweigh the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
// Quality 5: most of brotli's gain at a fraction of its default (11) cost.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }

const kept = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>()
const accepted = new Map<string, Encoding | null>()

/** The encoding to answer in for an Accept-Encoding header: br before gzip; null for none (or q=0 for both). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : header
  if (!text) return null
  let encoding = accepted.get(text)
  if (encoding === undefined) {
    const offered = new Set<string>()
    for (const part of text.toLowerCase().split(',')) {
      const [name, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      if (q === undefined || Number(q.slice(2)) > 0) offered.add(name.trim())
    }
    encoding = offered.has('br') ? 'br' : offered.has('gzip') || offered.has('*') ? 'gzip' : null
    if (accepted.size >= 200) accepted.clear()
    accepted.set(text, encoding)
  }
  return encoding
}

/**
 * The payload in `encoding`: a Buffer at once when a kept answer's bytes were made before, else
 * a promise (the work runs off the event loop's thread).
 */
export function compressed(payload: Buffer | string, encoding: Encoding): Buffer | Promise<Buffer> {
  if (typeof payload !== 'string') {
    const made = kept.get(payload)?.[encoding]
    if (made) return made
  }
  const work = encoding === 'br' ? brotli(payload, BROTLI) : gzip(payload)
  if (typeof payload === 'string') return work
  return work.then((bytes) => {
    const entry = kept.get(payload) ?? {}
    entry[encoding] = bytes
    kept.set(payload, entry)
    return bytes
  })
}
