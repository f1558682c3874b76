/** H5: the browser's geolocation, fetched with the first page that asks (index.h5.ts locate). */
import { LOCATE_TIMEOUT_MS } from './taro-host'

/** The browser's geolocation (asks the diner); null when refused, unavailable or slow. */
export function domLocate(): Promise<{ Lng: number; Lat: number } | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(null)
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ Lng: p.coords.longitude, Lat: p.coords.latitude }),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: 5 * 60_000 }
    )
  })
}
