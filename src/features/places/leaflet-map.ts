/**
 * The H5 map page's Leaflet map (H5 only; pages/location imports this module dynamically, so
 * Leaflet and its stylesheet load with that page and no other page's bundle grows).
 *
 * One pin: a tap on the map drops it there, dragging moves it; both report the new point. Tiles
 * come from the URL template the server gives (ServiceLinkGet 'tiles') with the provider's
 * attribution; without one, or when tiles fail (no network), the map stays a plain grid the pin
 * still moves on, and the caller hears of it once.
 */
import L from 'leaflet'
import './leaflet.css'

export interface MapPoint {
  Lat: number
  Lng: number
}

export interface MapOptions {
  centre: MapPoint
  tiles: { Url: string; Attribution: string } | null
  /** 'choose': the pin moves (tap, drag); 'open': it only marks the place. */
  movable: boolean
  /** The pin's accessible name. */
  pinLabel: string
  /** The map region's accessible name. */
  mapLabel: string
  /** The zoom buttons' names (Leaflet's own are English only). */
  zoomIn: string
  zoomOut: string
  onMove(p: MapPoint): void
  /** Tiles could not be loaded (first failure only). */
  onTilesFailed(): void
}

export interface MapView {
  /** Moves the pin (and the view, when the pin left it) without reporting a move. */
  setPoint(p: MapPoint): void
  destroy(): void
}

export const MAP_ZOOM = 16

export function createMap(el: HTMLElement, opts: MapOptions): MapView {
  const map = L.map(el, {
    center: [opts.centre.Lat, opts.centre.Lng],
    zoom: MAP_ZOOM,
    zoomControl: false,
    attributionControl: true,
    // The page's own buttons move the pin; the map's arrow keys pan the view.
    keyboard: true
  })
  L.control.zoom({ zoomInTitle: opts.zoomIn, zoomOutTitle: opts.zoomOut }).addTo(map)
  map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener">Leaflet</a>')
  const container = map.getContainer()
  container.setAttribute('role', 'region')
  container.setAttribute('aria-label', opts.mapLabel)

  if (opts.tiles) {
    let failed = false
    L.tileLayer(opts.tiles.Url, {
      attribution: opts.tiles.Attribution,
      maxZoom: 19,
      // Tile providers ask which site shows their tiles (OpenStreetMap's policy): the origin only, never the page's path.
      referrerPolicy: 'strict-origin'
    })
      .on('tileerror', () => {
        if (failed) return
        failed = true
        opts.onTilesFailed()
      })
      .addTo(map)
  } else {
    opts.onTilesFailed()
  }

  const icon = L.divIcon({ className: 'so-map-pin', html: '<span class="so-map-pin__head"></span>', iconSize: [32, 44], iconAnchor: [16, 44] })
  const marker = L.marker([opts.centre.Lat, opts.centre.Lng], { icon, draggable: opts.movable, keyboard: false, title: opts.pinLabel, alt: opts.pinLabel }).addTo(map)
  // The pin is not a focus stop of its own: the page's buttons and search move it, its text says where it is.
  marker.getElement()?.setAttribute('aria-hidden', 'true')

  const report = (ll: L.LatLng) => opts.onMove({ Lat: round(ll.lat), Lng: round(ll.lng) })
  if (opts.movable) {
    map.on('click', (e: L.LeafletMouseEvent) => {
      marker.setLatLng(e.latlng)
      report(e.latlng)
    })
    marker.on('dragend', () => report(marker.getLatLng()))
  }

  // The page lays out after the map is made (a page transition): measure again once it settles.
  const resize = setTimeout(() => map.invalidateSize(), 350)

  return {
    setPoint(p) {
      const ll = L.latLng(p.Lat, p.Lng)
      const here = marker.getLatLng()
      if (Math.abs(here.lat - ll.lat) > 1e-7 || Math.abs(here.lng - ll.lng) > 1e-7) marker.setLatLng(ll)
      if (!map.getBounds().pad(-0.15).contains(ll)) map.panTo(ll)
    },
    destroy() {
      clearTimeout(resize)
      map.remove()
    }
  }
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6
