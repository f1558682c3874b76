/**
 * Static files: the H5 build at / and uploaded images at /files/. Hashed assets
 * (/js, /css, /static) and menu pictures under content-hashed names are cached for a year; index.html is revalidated every time so a
 * new build shows up at once.
 *
 * Text files of 1 KB and more go in brotli or gzip when the client accepts it (compress.ts picks
 * the encoding, br first), smaller ones plain. A file's compressed bytes are made once per file
 * version (path, size, modification time) and kept (STATIC_COMPRESSED_MAX_BYTES in all): the first
 * request gets quick brotli (quality 5) or gzip, and the best brotli (quality 11, ~13 % smaller
 * than gzip for the app's scripts) or gzip -9 replaces it in the background for every later one.
 * The H5 build's hashed files come with their best brotli made at build time
 * (config/precompress-plugin.js), sent as they are (preCompressed): no process compresses those.
 * @fastify/compress would compress every request again, and its brotli (quality 4) comes out
 * larger than gzip for these scripts.
 */
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { acceptedEncoding, COMPRESS_MIN_BYTES, type Encoding } from './compress'
import { entryScriptHashes } from './entry-scripts'
import { firstScreenRoute } from './first-screen'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const HASHED_DIRS = ['js', 'css', 'static']
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

export function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory()
  } catch {
    return false
  }
}

/** Cache-Control for a file of the H5 build. */
export function appCacheControl(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep)
  if (relative.length > 1 && HASHED_DIRS.includes(relative[0])) return IMMUTABLE
  if (file.endsWith('.html')) return 'no-cache'
  return 'public, max-age=3600'
}

/** `entryAuthCode`: the main app's, whose entry URLs get their first screen written in (first-screen.ts). */
export async function appStaticRoutes(app: FastifyInstance, opts: { staticDir: string; entryAuthCode?: string }): Promise<void> {
  app.addHook('onSend', compressHook)
  if (opts.entryAuthCode !== undefined) firstScreenRoute(app, { staticDir: opts.staticDir, authCode: opts.entryAuthCode, inlineScriptHashes: entryScriptHashes(opts.staticDir) })
  await app.register(fastifyStatic, {
    root: opts.staticDir,
    prefix: '/',
    index: 'index.html',
    // A brotli copy the build made beside a file (config/precompress-plugin.js: the H5 build's
    // hashed scripts and stylesheets) goes as it is to a browser that takes brotli; other files
    // and encodings are compressed here (compressHook).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file, stat) => {
      res.setHeader('Cache-Control', appCacheControl(opts.staticDir, file))
      remember(res, file, stat)
    }
  })
}

export async function fileStaticRoutes(app: FastifyInstance, opts: { filesDir: string }): Promise<void> {
  app.addHook('onSend', compressHook)
  // Pictures may be shown by an H5 build on another origin (ALLOWED_ORIGINS): helmet's
  // same-origin resource policy would block them there.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin')
  })
  await app.register(fastifyStatic, {
    root: opts.filesDir,
    prefix: '/files/',
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, file, stat) => {
      res.setHeader('Cache-Control', fileCacheControl(opts.filesDir, file))
      remember(res, file, stat)
    }
  })
}

/**
 * A menu picture's name carries its content's hash ('har-gow-1a2b3c4d5e.jpg', its variants
 * '…-1a2b3c4d5e.v160-320.jpg' and '…-1a2b3c4d5e.320.webp'; menu-import.service.ts): it never
 * changes under its name, so a phone keeps it for a year and never asks again.
 */
const CONTENT_HASHED = /-[0-9a-f]{10}(?:\.v\d+(?:-\d+)*|\.\d+)?\.[a-z0-9]+$/

/** Cache-Control for a file under FILES_DIR. */
export function fileCacheControl(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep)
  if (relative[0] === 'menu' && CONTENT_HASHED.test(relative[relative.length - 1])) return IMMUTABLE
  return 'public, max-age=86400'
}

/** All kept compressed files together stay under this many bytes (the H5 build compresses to about 1 MB). */
export const STATIC_COMPRESSED_MAX_BYTES = 32 * 1024 * 1024

const FILE = Symbol('static file')
type FileVersion = { path: string; size: number; mtimeMs: number }

/** The file being sent, noted on the response for the compression hook. */
function remember(res: object, file: string, stat: fs.Stats): void {
  ;(res as { [FILE]?: FileVersion })[FILE] = { path: file, size: stat.size, mtimeMs: stat.mtimeMs }
}

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
const quick = (bytes: Buffer, encoding: Encoding) => (encoding === 'br' ? brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(bytes))
const best = (bytes: Buffer, encoding: Encoding) =>
  encoding === 'br'
    ? brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzip(bytes, { level: 9 })

/** Compressed file versions, least recently used first out (a Map keeps insertion order). */
const kept = new Map<string, Buffer>()
let keptBytes = 0
function keep(key: string, bytes: Buffer): void {
  const old = kept.get(key)
  if (old) {
    keptBytes -= old.length
    kept.delete(key)
  }
  if (bytes.length > STATIC_COMPRESSED_MAX_BYTES) return
  kept.set(key, bytes)
  keptBytes += bytes.length
  for (const [k, b] of kept) {
    if (keptBytes <= STATIC_COMPRESSED_MAX_BYTES) break
    kept.delete(k)
    keptBytes -= b.length
  }
}
function keptBytesOf(key: string): Buffer | undefined {
  const bytes = kept.get(key)
  if (bytes) {
    kept.delete(key)
    kept.set(key, bytes)
  }
  return bytes
}

async function readAll(payload: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(payload)) return payload
  if (typeof payload === 'string') return Buffer.from(payload)
  const chunks: Buffer[] = []
  for await (const chunk of payload as Readable) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}

async function compressHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200 || reply.getHeader('content-encoding')) return payload
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload
  const length = Number(reply.getHeader('content-length'))
  if (Number.isFinite(length) && length < COMPRESS_MIN_BYTES) return payload
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  const encoding = acceptedEncoding(request.headers['accept-encoding'])
  if (!encoding) return payload
  const file = (reply.raw as { [FILE]?: FileVersion })[FILE]
  const key = file ? `${file.path}\0${file.size}\0${file.mtimeMs}\0${encoding}` : null
  let bytes = key ? keptBytesOf(key) : undefined
  if (bytes) {
    if (payload instanceof Readable) payload.destroy()
  } else {
    const source = await readAll(payload)
    if (source.length < COMPRESS_MIN_BYTES) return source
    bytes = await quick(source, encoding)
    if (key) {
      keep(key, bytes)
      // The best compression for every later request, made off the request's way.
      void best(source, encoding).then(
        (smaller) => kept.has(key) && smaller.length < (kept.get(key)?.length ?? Infinity) && keep(key, smaller),
        () => undefined
      )
    }
  }
  reply.header('content-encoding', encoding)
  reply.removeHeader('content-length')
  // The body changes with the encoding, so the validator may only claim weak equality.
  const etag = reply.getHeader('etag')
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`)
  return bytes
}
