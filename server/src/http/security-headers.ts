/**
 * Security headers on every answer (helmet's; issue 11 finding 7): the H5 app may not be
 * framed (CSP frame-ancestors 'none', X-Frame-Options DENY), nothing is sniffed (nosniff), no
 * referrer leaves (a table's URL carries its code), and a Content-Security-Policy that fits the
 * H5 build: its scripts from this origin plus the inline scripts of its index.html by hash (Taro
 * inlines the rem sizing), inline styles (Taro's components set them), pictures from anywhere
 * over https (a shop's image link may be a CDN) and data:/blob:, calls to this origin only.
 * HSTS is the TLS proxy's to send (docs/security.md): this server may be reached over plain http.
 * The sandbox pay page sets its own, stricter policy.
 *
 * helmet writes the headers once, at start, into a plain object that one hook hands to every
 * reply: the same headers as @fastify/helmet's per-request middleware chain, at a fraction of its
 * cost on the gateway's hot path (nothing in them varies per request: no nonces).
 */
import helmet, { type HelmetOptions } from 'helmet'
import type { FastifyInstance } from 'fastify'
import { cspHash, entryScriptHashes, readIndexHtml } from './entry-scripts'

/** 'sha256-…' of each inline <script> of the H5 build's index.html (none when there is no build). */
export function inlineScriptHashes(staticDir: string): string[] {
  const html = readIndexHtml(staticDir)
  if (!html) return []
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]) || match[2].length === 0) continue
    hashes.add(cspHash(match[2]))
  }
  return [...hashes]
}

/**
 * issue 16: map — the H5 map page's tiles come from MAP_TILE_URL: https is already allowed; a
 * plain-http tile server (the setting allows it for localhost only: a local tile server, the
 * browser tests') is added by its origin.
 */
export function tileImageOrigins(mapTileUrl: string | undefined): string[] {
  if (!mapTileUrl) return []
  try {
    const u = new URL(mapTileUrl.replace(/\{[a-z]\}/g, '0'))
    return u.protocol === 'http:' ? [u.origin] : []
  } catch {
    return []
  }
}

const options = (staticDir: string, mapTileUrl?: string, uploadOrigins: readonly string[] = []): HelmetOptions => ({
  contentSecurityPolicy: {
    // Every directive is named here: helmet's defaults add upgrade-insecure-requests, which
    // breaks the app reached over plain http on a LAN address.
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      // index.html's own inline scripts, and the app's scripts the first-screen route may write inline (entry-scripts.ts).
      scriptSrc: ["'self'", ...inlineScriptHashes(staticDir), ...entryScriptHashes(staticDir)],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileImageOrigins(mapTileUrl)],
      fontSrc: ["'self'", 'data:'],
      // issue 17: uploads — the H5 app posts photos straight to the object store (STORAGE_PROVIDER=s3).
      connectSrc: ["'self'", ...uploadOrigins]
    }
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false
})

/** The headers helmet sets with these options, written once. */
export function securityHeaderValues(staticDir: string, mapTileUrl?: string, uploadOrigins: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    }
  }
  let failure: unknown
  // helmet's middleware is synchronous and only sets headers; a setting it rejects comes to next().
  helmet(options(staticDir, mapTileUrl, uploadOrigins))({} as never, response as never, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  return headers
}

export function securityHeaders(app: FastifyInstance, staticDir: string, mapTileUrl?: string, uploadOrigins: readonly string[] = []): void {
  const headers = securityHeaderValues(staticDir, mapTileUrl, uploadOrigins)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}
