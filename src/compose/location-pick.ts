/**
 * Choosing and showing a place, whatever the host: mini-programs use their own place picker and
 * map (host.chooseLocation / openLocation); H5 uses the app's own map page (pages/location), which
 * hands the confirmed pin back through features/places/pick-request.
 */
import type { Host, HostPlace } from '../hosts/host'
import { PAST_HOME_ROUTES } from '../features/shell/routes-past-home'
import { openPickRequest, settlePickRequest } from '../features/places/pick-request'

const coord = (n: number | undefined): string => (typeof n === 'number' && Number.isFinite(n) ? String(n) : '')

/**
 * Lets the diner pick a place, opened near `near` when given. Resolves with the place, or null
 * when the diner cancelled, refused the permission, or left the map page without confirming.
 * Never rejects.
 */
export async function pickLocation(host: Host, near?: { Lat: number; Lng: number }): Promise<HostPlace | null> {
  if (host.chooseLocation) {
    try {
      return await host.chooseLocation(near)
    } catch {
      return null
    }
  }
  const answer = openPickRequest()
  try {
    host.navigateTo(PAST_HOME_ROUTES.location({ mode: 'choose', Lat: coord(near?.Lat), Lng: coord(near?.Lng) }))
  } catch {
    settlePickRequest(null)
  }
  return answer
}

/** Shows a place on a map: the host's own map, or the app's map page on H5. */
export function showLocation(host: Host, place: HostPlace): void {
  if (host.openLocation) {
    host.openLocation(place)
    return
  }
  host.navigateTo(
    PAST_HOME_ROUTES.location({ mode: 'open', Lat: coord(place.Lat), Lng: coord(place.Lng), Name: place.Name, Address: place.Address })
  )
}
