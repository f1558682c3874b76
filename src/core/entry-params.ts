/**
 * Entry query parameters (spec §2): read from the URL, or from a `q` value holding an
 * encoded URL (what a chat-app QR scan hands over). Pure: hosts pass the raw query.
 */
export const ENTRY_KEYS = ['QRCode', 'BaseID', 'SheetID', 'TableID', 'ShopID', 'VipID', 'hideTabBar'] as const
export type EntryKey = (typeof ENTRY_KEYS)[number]
export type EntryParams = Partial<Record<EntryKey, string>>

/** Query string (with or without a leading part up to '?'; a '#' part is read as well) → map. */
export function parseQuery(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const segments = text.split('#')
  for (const segment of segments) {
    const i = segment.indexOf('?')
    const query = i >= 0 ? segment.slice(i + 1) : segment.includes('=') && !segment.includes('/') ? segment : ''
    for (const pair of query.split('&')) {
      if (!pair) continue
      const eq = pair.indexOf('=')
      const key = decode(eq < 0 ? pair : pair.slice(0, eq))
      if (key) out[key] = decode(eq < 0 ? '' : pair.slice(eq + 1))
    }
  }
  return out
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return s
  }
}

/** Picks the entry keys; a `q` URL's own parameters are used where the outer query has none. */
export function readEntryParams(query: Record<string, string | undefined>): EntryParams {
  const inner = query.q ? parseQuery(decodeIfEncoded(query.q)) : {}
  const out: EntryParams = {}
  for (const key of ENTRY_KEYS) {
    const value = (query[key] ?? inner[key] ?? '').trim()
    if (value) out[key] = value
  }
  return out
}

function decodeIfEncoded(q: string): string {
  // Hosts may hand the q value over still encoded once more.
  return /^https?%3A/i.test(q) ? decode(q) : q
}

/** Whether the entry names anything to resolve (a code, a table, a branch or a shop). */
export const hasEntryTarget = (p: EntryParams): boolean => Boolean(p.QRCode || p.TableID || p.BaseID || p.ShopID)

