/**
 * The restaurant's console (issue 23, docs/console.md) at /console: the esbuild build in
 * dist/console (scripts/build-console.mjs; CONSOLE_DIR to serve another), with the H5 app's static
 * handling (hashed js/ and css/ cached for a year, index.html revalidated, compression). The
 * console routes by hash (/console/#/staff); any other path under /console that is not a file
 * (a link written as /console/setup?token=…) gets index.html, which turns it into the hash route.
 * Without a build, /console says how to make one.
 *
 * Its security headers are the app's (security-headers.ts): the console has no inline script, its
 * script and stylesheet come from this origin, and it calls /GetData on this origin.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { appStaticRoutes, isDirectory } from './static.route'

export const CONSOLE_PREFIX = '/console'

/** dist/console of this repository, or CONSOLE_DIR. */
export function consoleDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.CONSOLE_DIR?.trim() || path.join(__dirname, '..', '..', '..', 'dist', 'console'))
}

export async function consoleRoutes(app: FastifyInstance, opts: { dir?: string } = {}): Promise<void> {
  const dir = opts.dir ?? consoleDir()
  const indexFile = path.join(dir, 'index.html')
  app.get(CONSOLE_PREFIX, async (request, reply) => {
    const query = request.url.slice(CONSOLE_PREFIX.length)
    return reply.redirect(`${CONSOLE_PREFIX}/${query}`, 301)
  })
  await app.register(
    async (scope) => {
      // The build's files, read from disk at each request (a new build is served at once).
      if (isDirectory(dir)) {
        await scope.register(appStaticRoutes, { staticDir: dir })
        scope.setNotFoundHandler((request, reply) => sendIndex(request, reply, indexFile))
      } else {
        // No build: every page of the console says how to make one (not the H5 app's 404).
        scope.get('/*', (request, reply) => sendIndex(request, reply, indexFile))
      }
    },
    { prefix: CONSOLE_PREFIX }
  )
}

async function sendIndex(request: FastifyRequest, reply: FastifyReply, indexFile: string): Promise<FastifyReply> {
  const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,5}$/i.test(request.url.split('?')[0])
  if (!wantsPage) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  let html: string
  try {
    html = await fs.promises.readFile(indexFile, 'utf8')
  } catch {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The console is not built on this server. Run `npm run build:console` (npm start builds it when dist/console is missing).')
  }
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
}
