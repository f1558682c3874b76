/**
 * Keyboard focus for a dialog (the birthday and region pickers, the dietary filter), written against what a ref
 * holds: on H5 a DOM element; in a mini-program Taro's own node, which has no focus and no
 * querySelectorAll, so these do nothing there (no keyboard to serve).
 */
interface Focusable {
  focus?(options?: { preventScroll?: boolean }): void
  querySelectorAll?(selector: string): ArrayLike<unknown>
}

/** Moves the focus to `node` where the host can. */
export function focusNode(node: unknown): void {
  const el = node as Focusable | null
  if (el && typeof el.focus === 'function') el.focus({ preventScroll: true })
}

/**
 * Tab inside a dialog: from its last control to its first (Shift+Tab: first to last). True when
 * it moved the focus itself (the caller prevents the browser's own move).
 */
export function keepInside(container: unknown, current: unknown, backwards: boolean): boolean {
  const box = container as Focusable | null
  if (!box || typeof box.querySelectorAll !== 'function') return false
  const stops = Array.from(box.querySelectorAll('[tabindex="0"]'))
  if (stops.length === 0) return false
  const first = stops[0]
  const last = stops[stops.length - 1]
  if (backwards && current === first) {
    focusNode(last)
    return true
  }
  if (!backwards && current === last) {
    focusNode(first)
    return true
  }
  return false
}

/** Arrow keys in a radio group: the index they move to from `index` (wrapping), or null for another key. */
export function radioStep(key: string, index: number, count: number): number | null {
  const step = key === 'ArrowDown' || key === 'ArrowRight' ? 1 : key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : 0
  if (!step || count === 0) return null
  return (Math.max(index, 0) + step + count) % count
}

/** Focus the radio `selector` picks among the siblings of `from` (the radio the key was pressed on). */
export function focusSibling(from: unknown, selector: string): void {
  const parent = (from as { parentElement?: { querySelector?(s: string): unknown } } | null)?.parentElement
  focusNode(parent?.querySelector?.(selector) ?? null)
}
