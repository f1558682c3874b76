/**
 * OpenStreetMap's Nominatim as the geocoder (GEOCODING_PROVIDER=nominatim): a real maps service,
 * WGS-84 like the rest of the app, no key. Settings: NOMINATIM_URL (default the public server,
 * https://nominatim.openstreetmap.org; a deployment with real traffic runs its own or a commercial
 * one) and NOMINATIM_CONTACT (an e-mail or URL, sent in the User-Agent as the usage policy asks).
 * The public server's policy allows at most one request a second: this process never sends more
 * (requests queue, for at most 10 s: beyond, a request fails at once), and answers are not cached
 * here (the places service limits callers instead).
 * https://operations.osmfoundation.org/policies/nominatim/
 */
import type { Locale } from '../../../../src/gateway/contract'
import type { PlacePrecision } from '../../../../src/gateway/address-rows'
import { regionByNames, regionChildren, regionPath } from '../../domain/regions/region-dataset'
import type { GeocodedPlace, GeocodeQuery, GeocodingProvider } from './geocoding-provider'

export interface NominatimSettings {
  /** Base URL without a trailing slash ('https://nominatim.openstreetmap.org'). */
  baseUrl: string
  /** Who to contact about our traffic (e-mail or URL). */
  contact: string
  /** Least time between two requests (ms): 1000 by the public server's policy. */
  minIntervalMs?: number
  /** How long one request may take (ms). */
  timeoutMs?: number
  /** Longest a request waits for its turn (ms) before it gives up: a queue that long helps nobody. */
  maxWaitMs?: number
  /** Answers asked for per query. */
  limit?: number
}

/** A Nominatim place (format=jsonv2, addressdetails=1), the fields we read. */
interface NominatimPlace {
  lat: string
  lon: string
  display_name?: string
  category?: string
  type?: string
  addresstype?: string
  address?: Record<string, string>
}

/** Nominatim's accept-language for each of ours. */
const LANGUAGE: Record<Locale, string> = { 'zh-CN': 'zh-CN,zh', 'zh-TW': 'zh-TW,zh-Hant,zh', en: 'en' }

/** The address parts that can name a region, narrowest first. */
const REGION_PARTS = ['city_district', 'district', 'borough', 'suburb', 'quarter', 'county', 'city', 'town', 'municipality', 'state_district', 'state', 'region', 'province'] as const

export class NominatimGeocodingProvider implements GeocodingProvider {
  readonly name = 'nominatim'
  private readonly minIntervalMs: number
  private readonly timeoutMs: number
  private readonly limit: number
  private readonly maxWaitMs: number
  /** When the next request may start (the queue of this process). */
  private nextSlot = 0
  /** When this process last sent a request (Date.now()). */
  private lastSent = 0

  constructor(private readonly settings: NominatimSettings) {
    this.minIntervalMs = settings.minIntervalMs ?? 1000
    this.timeoutMs = settings.timeoutMs ?? 8000
    this.limit = settings.limit ?? 5
    this.maxWaitMs = settings.maxWaitMs ?? 10_000
  }

  async resolve(query: GeocodeQuery): Promise<GeocodedPlace[]> {
    const params = new URLSearchParams({ q: query.text, format: 'jsonv2', addressdetails: '1', limit: String(this.limit), 'accept-language': LANGUAGE[query.locale] })
    const found = (await this.get('/search', params)) as NominatimPlace[]
    if (!Array.isArray(found)) return []
    const places = found.map((p) => this.placeOf(p)).filter((p): p is GeocodedPlace & { area: string } => p !== null)
    // Kept inside the region the diner chose, when it is one we know (by the narrowest region named, leaf or not).
    const inside = query.regionCode ? places.filter((p) => p.area !== '' && regionPath(p.area).some((r) => r.code === query.regionCode)) : places
    return inside.map(({ area: _area, ...place }) => place)
  }

  async reverse(point: { lat: number; lng: number }, locale: Locale): Promise<GeocodedPlace | null> {
    const params = new URLSearchParams({ lat: String(point.lat), lon: String(point.lng), format: 'jsonv2', addressdetails: '1', zoom: '18', 'accept-language': LANGUAGE[locale] })
    const found = (await this.get('/reverse', params)) as NominatimPlace & { error?: string }
    if (!found || typeof found !== 'object' || found.error) return null
    const place = this.placeOf(found)
    if (!place) return null
    // The diner's point stays theirs; the service only names it.
    const { area: _area, ...named } = place
    return { ...named, lat: point.lat, lng: point.lng }
  }

  /** The place, and `area`: the narrowest region of ours its address names ('' none), a leaf or not. */
  private placeOf(p: NominatimPlace): (GeocodedPlace & { area: string }) | null {
    const lat = Number(p.lat)
    const lng = Number(p.lon)
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null
    const address = p.address ?? {}
    const road = address.road ?? address.pedestrian ?? address.footway ?? ''
    const street = [road, address.house_number].filter(Boolean).join(' ')
    const precision: PlacePrecision = address.house_number || p.category === 'building' || p.category === 'amenity' || p.category === 'shop' ? 'point' : road ? 'street' : 'region'
    const names = REGION_PARTS.map((k) => address[k]).filter((v): v is string => !!v)
    const area = (address.country_code && !['cn', 'hk', 'mo'].includes(address.country_code) ? null : regionByNames(names)) ?? ''
    return { lat, lng, regionCode: leafOf(area), area, street, formatted: p.display_name ?? street, precision }
  }

  /** One request, after the previous one's slot; throws when the server cannot be reached or answers an error. */
  private async get(path: string, params: URLSearchParams): Promise<unknown> {
    const now = Date.now()
    const start = Math.max(now, this.nextSlot)
    // More callers than one a second can serve: refuse now rather than answer after the diner gave up.
    if (start - now > this.maxWaitMs) throw new Error(`Nominatim: more than ${this.maxWaitMs} ms of requests queued in this process`)
    this.nextSlot = start + this.minIntervalMs
    // A timer counts from the event loop's cached clock, which can be tens of milliseconds behind
    // Date.now() on a busy process, so one may end before the slot; and a request sent late must
    // push the next one back. Wait until the slot has come and a whole interval has passed since
    // the last request went out.
    for (;;) {
      const left = Math.max(start, this.lastSent + this.minIntervalMs) - Date.now()
      if (left <= 0) break
      await new Promise((resolve) => setTimeout(resolve, left))
    }
    const sending = fetch(`${this.settings.baseUrl}${path}?${params}`, {
      headers: { 'User-Agent': `ScanOrder/1.0 (${this.settings.contact})`, Accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs)
    })
    // Counted from after the request was handed to fetch, not before: a process paused between
    // the two (a busy machine, seen at 31 ms) must not let the next one leave early.
    this.lastSent = Date.now()
    const response = await sending
    if (!response.ok) throw new Error(`Nominatim ${path} answered HTTP ${response.status}`)
    return response.json()
  }
}

/**
 * A place's RegionCode is a leaf (an address needs one): the region itself, or its only leaf
 * ('Taipa' → 嘉模堂區); '' when the region has several (the address does not say which).
 */
function leafOf(code: string): string {
  let current = code
  for (;;) {
    if (!current) return ''
    const children = regionChildren(current)
    if (children.length === 0) return current
    if (children.length > 1) return ''
    current = children[0].code
  }
}
