/** One paging rule for every list: PageIndex is 1-based, PageSize at most 1000 (spec §9). */
export const MAX_PAGE_SIZE = 1000

export interface PageRequest {
  PageIndex?: number
  PageSize?: number
}

export interface PageWindow {
  limit: number
  offset: number
}

export function pageWindow(request: PageRequest): PageWindow {
  const size = Math.min(request.PageSize || MAX_PAGE_SIZE, MAX_PAGE_SIZE)
  const index = Math.max(request.PageIndex || 1, 1)
  return { limit: size, offset: (index - 1) * size }
}

/** Pages an in-memory list (used where the order is computed, e.g. by distance). */
export const pageOf = <T>(items: readonly T[], window: PageWindow): T[] =>
  items.slice(window.offset, window.offset + window.limit)
