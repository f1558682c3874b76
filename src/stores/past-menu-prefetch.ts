/** Mini-programs and tests: nothing to fetch, the package carries the stores past the goods list (./past-menu-prefetch.h5.ts). */
export function prefetchPastMenuStores(): void {}
