/**
 * The recharge amounts as a radio group for a keyboard (H5): the chosen amount is the group's one
 * Tab stop and the arrow keys choose the next or previous, the focus following. (The member
 * feature's profile has the same two helpers; features do not import each other.)
 */

/** Arrow keys in a radio group: the index they move to from `index` (wrapping), or null for another key. */
export function radioStep(key: string, index: number, count: number): number | null {
  const step = key === 'ArrowDown' || key === 'ArrowRight' ? 1 : key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : 0
  if (!step || count === 0) return null
  return (Math.max(index, 0) + step + count) % count
}

/** Focus the radio `selector` picks among the siblings of `from` (a DOM element on H5; elsewhere nothing). */
export function focusSibling(from: unknown, selector: string): void {
  const parent = (from as { parentElement?: { querySelector?(s: string): unknown } } | null)?.parentElement
  const el = parent?.querySelector?.(selector) as { focus?(): void } | null | undefined
  if (el && typeof el.focus === 'function') el.focus()
}
