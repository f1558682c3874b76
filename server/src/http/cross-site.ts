/**
 * Cross-site form posts (issue 11 item 7). The gateway takes form bodies, which any web page can
 * make a visitor's browser post (no preflight), so a page elsewhere could have diners' browsers
 * ask for SMS codes or write feedback from their own addresses. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); requests without either (the mini-programs, apps, servers,
 * curl) are not a browser acting for a page and pass.
 *
 * Reads are refused the same way: no CORS is served, so a page of another site could never read
 * an answer anyway, and one rule for every operation cannot miss an operation that writes
 * (menu reads expire due orders too).
 */
import type { FastifyRequest } from 'fastify'
import type { ServerConfig } from '../config'
import { EnvelopeError } from '../domain/errors'

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Throws errcode 10011 for a browser's request made by a page of a site that is not ours nor allowed. */
export function refuseCrossSite(request: FastifyRequest, config: ServerConfig, origin: string, options: { ownOriginOnly?: boolean } = {}): void {
  const site = header(request, 'sec-fetch-site')
  const from = header(request, 'origin')
  if (site === undefined && from === undefined) return
  // 'none': the user's own doing (typed address, bookmark), no page asked.
  if (site === 'same-origin' || site === 'none') return
  // Staff operations (issue 23): the console is served by this server; ALLOWED_ORIGINS is for diners' pages hosted elsewhere.
  const allowed = options.ownOriginOnly ? { ...config, allowedOrigins: [] } : config
  if (from !== undefined && isOurs(from, request, allowed, origin)) return
  throw new EnvelopeError('CROSS_SITE_REFUSED')
}

function isOurs(from: string, request: FastifyRequest, config: ServerConfig, origin: string): boolean {
  if (from === origin || config.allowedOrigins.includes(from)) return true
  let url: URL
  try {
    url = new URL(from)
  } catch {
    // 'null' (sandboxed frames, data: pages) and anything else that is no origin.
    return false
  }
  if (url.origin === origin || config.allowedOrigins.includes(url.origin)) return true
  // The page's host is the one the browser sent this request to: our own page, whatever scheme a
  // TLS-terminating proxy in between makes us see. A page cannot choose the Host its browser sends.
  return url.host === String(request.headers.host ?? '').toLowerCase() || url.host === (request.host ?? '').toLowerCase()
}
