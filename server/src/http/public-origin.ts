/**
 * The origin a request's answers build their links on ('https://order.shop.example'): PUBLIC_URL
 * when set; else the Host the caller reached us on (X-Forwarded-Host / -Proto when TRUST_PROXY
 * lets Fastify read them), but only when it is a valid authority; else http://localhost:<PORT>.
 * A Host header is the caller's to write: 'x.example:99999' or '[::1' made `new URL` throw
 * deep inside a menu read (HTTP 500, issue 11 finding 4).
 */
import type { FastifyRequest } from 'fastify'
import type { ServerConfig } from '../config'

// A DNS name (labels of letters, digits, '-' and '_', as Docker service names have), an IPv4
// address, or an IPv6 address in brackets; then an optional port.
const AUTHORITY = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?)(?::(\d{1,5}))?$/i

const checked = new Map<string, string | null>()

/** 'Shop.example:8080' → 'http://shop.example:8080' as `new URL` writes it; null when it is no valid authority. */
export function originOfAuthority(protocol: string, authority: string): string | null {
  const key = `${protocol}\u0000${authority}`
  let origin = checked.get(key)
  if (origin === undefined) {
    origin = validOrigin(protocol, authority)
    // Bounded: a caller may send any number of different Host headers, of any length.
    if (checked.size >= 1000) checked.clear()
    if (key.length <= 300) checked.set(key, origin)
  }
  return origin
}

function validOrigin(protocol: string, authority: string): string | null {
  if (protocol !== 'http' && protocol !== 'https') return null
  const match = authority.length <= 262 ? AUTHORITY.exec(authority) : null
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return null
  try {
    const url = new URL(`${protocol}://${authority}/`)
    return url.origin
  } catch {
    // e.g. a bracketed text that is no IPv6 address.
    return null
  }
}

export function publicOrigin(request: FastifyRequest, config: ServerConfig): string {
  if (config.publicUrl) return config.publicUrl
  return originOfAuthority(request.protocol, request.host ?? '') ?? `http://localhost:${config.port}`
}
