/**
 * H5: runs `run` once the page has had its first contentful paint: at once when it has (a page
 * opened after the first), within 5 s when nothing says so (a tab hidden while it loads paints
 * nothing; a browser without paint timing ignores the observer). What a page starts before its
 * first rows have painted shares the phone's link with their pictures, and Lighthouse's simulated
 * LCP counts every request begun before that paint: the goods list's idle work (the rest of the
 * language's texts, the next pages' stores) and the menu's live stream (live.h5.ts) wait for it
 * (docs/first-load.md "2 Dec, fifth session"). Not on the first screen: only the pages past Home
 * and their stores import it.
 */
export function afterPaint(run: () => void): void {
  // Without paint timing (an old web view) nothing says when: at once, as before.
  if (typeof PerformanceObserver === 'undefined' || performance.getEntriesByName('first-contentful-paint').length) return run()
  const done = (): void => {
    observer.disconnect()
    clearTimeout(timer)
    run()
  }
  const observer = new PerformanceObserver((list) => void (list.getEntriesByName('first-contentful-paint').length && done()))
  const timer = setTimeout(done, 5000)
  observer.observe({ type: 'paint' })
}
