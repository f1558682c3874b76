/**
 * The H5 map page's state (issue 16 item 3; mini-programs use their hosts' own picker and map):
 * where the pin is, what the server says is there (BaseInfoByGPS: the place, and the shop's
 * branches nearest first), a typed address resolved to places (AddressResolution), the diner's own
 * location (host.locate), and the map's tiles (ServiceLinkGet 'tiles': URL template and the
 * attribution the provider requires; none → the page works without pictures).
 *
 * The map itself is only one way to move the pin: the search, "use my location" and the nudges
 * (keyboard or buttons) move it too, and what is there is said in text. Nothing here translates.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Gateway, RequestOptions } from '../../gateway/gateway-client'
import type { OperationTypes } from '../../gateway/operations'
import type { PlaceRow } from '../../gateway/address-rows'
import type { BaseWithDistanceRow, ServiceLinkRow } from '../../gateway/operations'
import type { HostPlace } from '../../hosts/host'

/** One typed, silent call (the page says what failed in place, no toast on top). */
function callGateway<K extends keyof OperationTypes>(gateway: Gateway, operation: K, record: OperationTypes[K]['input']): Promise<Partial<OperationTypes[K]['output']>> {
  const request = gateway.request.bind(gateway) as unknown as (op: string, records: unknown[], options: RequestOptions) => Promise<unknown>
  return request(operation, [record], { silent: true }) as Promise<Partial<OperationTypes[K]['output']>>
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

export interface LatLng {
  Lat: number
  Lng: number
}

export interface LocationDeps {
  /** The device's location when the diner allows it; null otherwise. */
  locate(): Promise<LatLng | null>
  /** The shop whose branches are measured ('' none known). */
  shopId(): string
  /** The branch the diner orders from ('' none): its distance is the one that matters for delivery. */
  baseId?(): string
  /** Where the map opens when the caller gave no point and the shop's branch has none (its Lat/Lng). */
  fallbackCentre(): LatLng | null
  /**
   * How long the pin must rest before what is there is asked (ms; LOOKUP_DELAY_MS): a drag, a
   * run of nudges or taps asks once, not per step (the server limits look-ups per address).
   */
  lookupDelayMs?: number
}

export const LOOKUP_DELAY_MS = 300

/** Where a map with nothing better to show opens: Macau's peninsula (the demo enterprise's city). */
export const DEFAULT_CENTRE: LatLng = { Lat: 22.1987, Lng: 113.5439 }

/** How far one nudge moves the pin (metres). */
export const NUDGE_METRES = 50

export type Direction = 'north' | 'south' | 'east' | 'west'

const METRES_PER_DEGREE = 111_320

/** The pin moved `metres` towards `dir`. */
export function nudged(p: LatLng, dir: Direction, metres = NUDGE_METRES): LatLng {
  const dLat = metres / METRES_PER_DEGREE
  const dLng = metres / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((p.Lat * Math.PI) / 180)))
  const round = (n: number) => Math.round(n * 1e6) / 1e6
  switch (dir) {
    case 'north':
      return { Lat: round(Math.min(85, p.Lat + dLat)), Lng: p.Lng }
    case 'south':
      return { Lat: round(Math.max(-85, p.Lat - dLat)), Lng: p.Lng }
    case 'east':
      return { Lat: p.Lat, Lng: round(((p.Lng + dLng + 540) % 360) - 180) }
    case 'west':
      return { Lat: p.Lat, Lng: round(((p.Lng - dLng + 540) % 360) - 180) }
  }
}

/** A query's point, when it holds a usable one. */
export function pointOf(lat: string | undefined, lng: string | undefined): LatLng | null {
  if (!lat || !lng) return null
  const Lat = Number(lat)
  const Lng = Number(lng)
  return Number.isFinite(Lat) && Number.isFinite(Lng) && Math.abs(Lat) <= 90 && Math.abs(Lng) <= 180 ? { Lat, Lng } : null
}

export class LocationStore {
  /** Where the pin is (null until the page knows where to start). */
  point: LatLng | null = null
  /** The place at the pin (BaseInfoByGPS table1), once answered for this point. */
  place: PlaceRow | null = null
  /** The shop's branches nearest the pin first (BaseInfoByGPS table2). */
  nearest: BaseWithDistanceRow[] = []
  placeState: LoadState = 'idle'
  /** A place the diner chose from the search: its name stays with the pin until it moves. */
  chosen: PlaceRow | null = null

  query = ''
  results: PlaceRow[] = []
  searchState: LoadState = 'idle'

  locating = false
  /** The last "use my location" got nothing (refused, unavailable, slow). */
  locateFailed = false

  tiles: { Url: string; Attribution: string } | null = null
  tilesState: LoadState = 'idle'

  private placeSeq = 0
  private searchSeq = 0

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: LocationDeps
  ) {
    makeAutoObservable<LocationStore, 'gateway' | 'deps' | 'placeSeq' | 'searchSeq'>(this, { gateway: false, deps: false, placeSeq: false, searchSeq: false })
  }

  /** The map's tile URL template and attribution (ServiceLinkGet 'tiles'); none is no failure of the page. */
  async loadTiles(): Promise<void> {
    this.tilesState = 'loading'
    try {
      const r = await callGateway(this.gateway, 'ServiceLinkGet', {})
      const row = (r.table1 ?? []).find((l: ServiceLinkRow) => l.LinkType === 'tiles' && !!l.Url)
      runInAction(() => {
        this.tiles = row ? { Url: row.Url, Attribution: row.Attribution ?? '' } : null
        this.tilesState = 'ready'
      })
    } catch {
      runInAction(() => {
        this.tiles = null
        this.tilesState = 'failed'
      })
    }
  }

  /** Opens at `start`, else the branch, else the default centre; and asks what is there. */
  start(start: LatLng | null): Promise<void> {
    return this.moveTo(start ?? this.deps.fallbackCentre() ?? DEFAULT_CENTRE)
  }

  /** 'open' mode: the place's pin, nothing to look up. */
  show(p: LatLng | null): void {
    this.point = p
  }

  /** The pin moved (a tap, a drag, a nudge, a search result, the diner's location). */
  async moveTo(p: LatLng, chosen: PlaceRow | null = null): Promise<void> {
    this.point = { Lat: p.Lat, Lng: p.Lng }
    this.chosen = chosen
    this.place = chosen
    this.nearest = []
    this.placeState = 'loading'
    const seq = ++this.placeSeq
    const delay = this.deps.lookupDelayMs ?? LOOKUP_DELAY_MS
    if (delay > 0) {
      await new Promise((resolve) => setTimeout(resolve, delay))
      if (seq !== this.placeSeq) return
    }
    try {
      const shopId = this.deps.shopId()
      const r = await callGateway(this.gateway, 'BaseInfoByGPS', { Lat: p.Lat, Lng: p.Lng, ...(shopId ? { ShopID: shopId } : {}) })
      if (seq !== this.placeSeq) return
      runInAction(() => {
        this.place = this.chosen ?? r.table1?.[0] ?? null
        this.nearest = r.table2 ?? []
        this.placeState = 'ready'
      })
    } catch {
      if (seq !== this.placeSeq) return
      runInAction(() => (this.placeState = 'failed'))
    }
  }

  nudge(dir: Direction): Promise<void> {
    return this.moveTo(nudged(this.point ?? DEFAULT_CENTRE, dir))
  }

  setQuery(q: string): void {
    this.query = q
  }

  /** Resolves the typed address; one result moves the pin there at once, several are listed. */
  async search(): Promise<void> {
    const Address = this.query.trim()
    if (!Address) return
    const seq = ++this.searchSeq
    this.searchState = 'loading'
    this.results = []
    try {
      const r = await callGateway(this.gateway, 'AddressResolution', { Address })
      if (seq !== this.searchSeq) return
      const rows = r.table1 ?? []
      runInAction(() => {
        this.results = rows
        this.searchState = 'ready'
      })
      if (rows.length === 1) await this.choose(rows[0])
    } catch {
      if (seq !== this.searchSeq) return
      // Not found (20064) and a failed request alike: no place to move to; the page says so.
      runInAction(() => {
        this.results = []
        this.searchState = 'failed'
      })
    }
  }

  choose(row: PlaceRow): Promise<void> {
    this.results = []
    return this.moveTo({ Lat: row.Lat, Lng: row.Lng }, row)
  }

  async useMyLocation(): Promise<void> {
    this.locating = true
    this.locateFailed = false
    const p = await this.deps.locate().catch(() => null)
    runInAction(() => {
      this.locating = false
      this.locateFailed = !p
    })
    if (p) await this.moveTo(p)
  }

  /** The diner's branch when the server measured it, else the nearest one, with its distance in metres. */
  get nearestBranch(): BaseWithDistanceRow | null {
    const own = this.deps.baseId?.() ?? ''
    const b = (own && this.nearest.find((r) => r.BaseID === own)) || this.nearest[0]
    return b && typeof b.Distance === 'number' ? b : null
  }

  /** What Confirm hands back: the pin with the place's name and address as far as known. */
  get result(): HostPlace | null {
    if (!this.point) return null
    const place = this.place
    return {
      Lat: this.point.Lat,
      Lng: this.point.Lng,
      Name: place ? place.Street || place.RegionName || '' : '',
      Address: place?.FormattedAddress ?? ''
    }
  }
}
