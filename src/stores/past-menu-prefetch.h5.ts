/**
 * H5: asks the browser to fetch the script of the stores past the goods list when it has nothing
 * better to do (`<link rel="prefetch">`), without running it: the next page finds it in the cache.
 * The files are named by the build's page map the server writes into every page (so-pages). Comes
 * with the goods list's stores (./feature-stores.ts), not with the first screen.
 */
export function prefetchPastMenuStores(): void {
  let files: string[] = []
  try {
    files = JSON.parse(document.getElementById('so-pages')?.textContent ?? '{}')['chunk:past-menu-stores'] ?? []
  } catch {
    return
  }
  for (const file of files) {
    if (!/\.js$/.test(file) || document.querySelector(`link[rel="prefetch"][href="/${file}"]`)) continue
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.as = 'script'
    link.href = `/${file}`
    document.head.appendChild(link)
  }
}
