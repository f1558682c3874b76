/**
 * DEVELOPMENT GEOCODER — knows no real map. It finds typed text among a small gazetteer: the region
 * dataset's names in three languages (each with its centroid, where the dataset has one) and the
 * demo branches' streets (server/seed/demo-enterprise.ts), and nothing else. A street it knows is
 * answered with precision 'street'; a region name with the region's centroid and precision
 * 'region'; anything else with nothing. It never invents a point: a region without a centroid
 * is not answered at all. Production refuses it unless ALLOW_DEVELOPMENT_PROVIDERS names
 * 'geocoding' (run-mode.ts); a real deployment sets GEOCODING_PROVIDER (docs/addresses.md).
 */
import type { Locale, LocalizedText } from '../../../../src/gateway/contract'
import { distanceMetres } from '../../../../src/core/geo'
import type { GeocodedPlace, GeocodeQuery, GeocodingProvider } from './geocoding-provider'

/** One place the development geocoder knows. */
export interface GazetteerEntry {
  kind: 'street' | 'region'
  /** What people type for it, in any language (matched after normalising, see matchKey). */
  names: string[]
  /** Names of the areas it lies in ('Taipa' for 嘉模堂區): a weaker match, so 'Taipa' finds the parishes in Taipa. */
  areaNames?: string[]
  /** The leaf region it lies in (for a region entry: itself). */
  regionCode: string
  /** The codes of that region's path, broadest first (a query's RegionCode matches any of them). */
  regionCodes: string[]
  /** The names of that path in a language, broadest first. */
  regionNames: (locale: Locale) => string[]
  /** The street in each language ('' for a region). */
  street: LocalizedText | null
  lat: number
  lng: number
  /** How far from it a point is still "there", for reverse lookups (metres). */
  radiusM: number
}

/** Lower case, full-width to half-width, no accents, no spaces or punctuation: '官也街 22號' → '官也街22號'. */
export function matchKey(text: string): string {
  return words(text).replace(/ /g, '')
}

/** The same, but words kept apart by one space: 'Rua do Cunha, 22' → 'rua do cunha 22'. */
function words(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim()
}

/** Chinese (and other CJK) text has no spaces between words: its names match anywhere in the text. */
const CJK = /[\p{Script=Han}]/u

/** A name as the matcher uses it: CJK names compact, others as whole words (' se ' is not inside ' house '). */
interface NameKey {
  key: string
  cjk: boolean
}

function nameKey(name: string): NameKey {
  return CJK.test(name) ? { key: matchKey(name), cjk: true } : { key: ` ${words(name)} `, cjk: false }
}

/** How well the typed text names `k`: its length when the text contains it; less when the text is part of it; 0 not at all. */
function matchScore(k: NameKey, typed: { compact: string; spaced: string }): number {
  if (k.cjk) {
    if (typed.compact.includes(k.key)) return k.key.length * 2
    return typed.compact.length >= 3 && k.key.includes(typed.compact) ? typed.compact.length : 0
  }
  if (typed.spaced.includes(k.key)) return k.key.trim().length * 2
  return typed.spaced.trim().length >= 3 && k.key.includes(typed.spaced) ? typed.spaced.trim().length : 0
}

/** Shortest name worth matching inside typed text (one CJK character matches far too much). */
const MIN_KEY = 2
/** Answers given for one query at most. */
const MAX_ANSWERS = 5

export class DevelopmentGeocodingProvider implements GeocodingProvider {
  readonly name = 'development'
  private indexed: { entry: GazetteerEntry; keys: NameKey[]; areaKeys: NameKey[] }[] | null = null

  /** `gazetteer` is read once, on the first lookup (the region dataset loads lazily). */
  constructor(private readonly gazetteer: () => GazetteerEntry[]) {}

  private entries(): { entry: GazetteerEntry; keys: NameKey[]; areaKeys: NameKey[] }[] {
    const keysOf = (names: string[]) => {
      const keys = new Map<string, NameKey>()
      for (const k of names.map(nameKey)) if (k.key.trim().length >= MIN_KEY) keys.set(`${k.cjk}${k.key}`, k)
      return [...keys.values()]
    }
    this.indexed ??= this.gazetteer().map((entry) => ({ entry, keys: keysOf(entry.names), areaKeys: keysOf(entry.areaNames ?? []) }))
    return this.indexed
  }

  async resolve(query: GeocodeQuery): Promise<GeocodedPlace[]> {
    const compact = matchKey(query.text)
    if (compact.length < MIN_KEY) return []
    const typed = { compact, spaced: ` ${words(query.text)} ` }
    const scored: { entry: GazetteerEntry; score: number }[] = []
    for (const { entry, keys, areaKeys } of this.entries()) {
      if (query.regionCode && !inside(entry, query.regionCode)) continue
      // The typed text names the place ("官也街 22 號" names 官也街), or is a good part of its name ("cunha").
      let best = Math.max(0, ...keys.map((k) => matchScore(k, typed)))
      if (best > 0) best += 100
      // Only a region is found by the areas around it ('Taipa' → the parish in Taipa; '澳門氹仔' names both
      // areas of 嘉模堂區, so it ranks above the other parishes of Macau); a street needs its own name.
      else if (entry.kind === 'region') best = areaKeys.reduce((sum, k) => sum + matchScore(k, typed), 0)
      if (best > 0) scored.push({ entry, score: best + (entry.kind === 'street' ? 1000 : 0) })
    }
    scored.sort((a, b) => b.score - a.score || a.entry.regionCode.localeCompare(b.entry.regionCode))
    return scored.slice(0, MAX_ANSWERS).map(({ entry }) => placeOf(entry, entry.lat, entry.lng, query.locale))
  }

  async reverse(point: { lat: number; lng: number }, locale: Locale): Promise<GeocodedPlace | null> {
    let nearest: { entry: GazetteerEntry; distance: number } | null = null
    for (const { entry } of this.entries()) {
      const distance = distanceMetres(point.lat, point.lng, entry.lat, entry.lng)
      if (distance > entry.radiusM) continue
      // A street within its radius beats any region; among equals, the nearest.
      const better =
        !nearest || (entry.kind === 'street' && nearest.entry.kind !== 'street') || (entry.kind === nearest.entry.kind && distance < nearest.distance)
      if (better) nearest = { entry, distance }
    }
    // The point is the caller's own: we only name where it is, never move it.
    return nearest ? placeOf(nearest.entry, point.lat, point.lng, locale) : null
  }
}

/** The entry lies in `code` (its region is `code` or below it). */
function inside(entry: GazetteerEntry, code: string): boolean {
  return entry.regionCodes.includes(code)
}

function placeOf(entry: GazetteerEntry, lat: number, lng: number, locale: Locale): GeocodedPlace {
  const regions = entry.regionNames(locale)
  const street = entry.street?.[locale] ?? ''
  // English addresses go from the street out ('Rua do Cunha, Nossa Senhora do Carmo, Taipa, Macau'); Chinese ones from the region in.
  const formatted = locale === 'en' ? [street, ...[...regions].reverse()].filter(Boolean).join(', ') : [...regions, street].filter(Boolean).join(' ')
  return { lat, lng, regionCode: entry.regionCode, street, formatted, precision: entry.kind === 'street' ? 'street' : 'region' }
}
