/**
 * Static files: the H5 build at / and uploaded images at /files/. Hashed assets
 * (/js, /css, /static) are cached for a year; index.html is revalidated every time so a
 * new build shows up at once. Text responses are gzipped on the fly with node:zlib when
 * the client accepts it (no extra dependency).
 */
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

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

export async function appStaticRoutes(app: FastifyInstance, opts: { staticDir: string }): Promise<void> {
  app.addHook('onSend', gzipHook)
  await app.register(fastifyStatic, {
    root: opts.staticDir,
    prefix: '/',
    index: 'index.html',
    cacheControl: false,
    setHeaders: (res, file) => res.setHeader('Cache-Control', appCacheControl(opts.staticDir, file))
  })
}

export async function fileStaticRoutes(app: FastifyInstance, opts: { filesDir: string }): Promise<void> {
  app.addHook('onSend', gzipHook)
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
    setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=86400')
  })
}

async function gzipHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200 || reply.getHeader('content-encoding')) return payload
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload
  reply.header('vary', 'Accept-Encoding')
  reply.header('content-encoding', 'gzip')
  reply.removeHeader('content-length')
  // The body changes with the encoding, so the validator may only claim weak equality.
  const etag = reply.getHeader('etag')
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`)
  const source = payload instanceof Readable ? payload : Readable.from([payload as string | Buffer])
  return source.pipe(zlib.createGzip())
}
