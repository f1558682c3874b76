/** Great-circle distance in metres (haversine), for "nearest branch first". */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const R = 6371008.8
  const rad = (d: number): number => (d * Math.PI) / 180
  const dLat = rad(lat2 - lat1)
  const dLng = rad(lng2 - lng1)
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2
  return Math.round(2 * R * Math.asin(Math.min(1, Math.sqrt(a))))
}

/** (0, 0) is how the spec's callers say "no location". */
export const hasLocation = (lat?: number | null, lng?: number | null): boolean =>
  typeof lat === 'number' && typeof lng === 'number' && !(lat === 0 && lng === 0) && Number.isFinite(lat) && Number.isFinite(lng)
