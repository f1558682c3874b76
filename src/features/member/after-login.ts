/** A route handed over in a query (back, next): only the app's own pages, never an outside address. */
export function pageParam(value: string | undefined): string {
  if (!value) return ''
  let route = value
  // Some routers hand the query over still encoded.
  if (/^%2F/i.test(route)) {
    try {
      route = decodeURIComponent(route)
    } catch {
      return ''
    }
  }
  return route.startsWith('/pages/') ? route : ''
}
