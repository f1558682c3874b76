/**
 * The word that a process's kept reads of rarely-changing rows are out of date: an enterprise's
 * names (enterprise.repository.ts) or a shop's, branch's or table's (order.repository.ts). The
 * writer forgets its own thread's at once; listeners pass the word to this process's other
 * threads (the order placement thread: domain/orders/placement-thread.ts), which would otherwise
 * show the old names for the seconds another process does.
 */
export type KeptReads = 'enterprise' | 'placeNames'

const listeners = new Set<(kind: KeptReads) => void>()

export function announceForgotten(kind: KeptReads): void {
  for (const listener of listeners) listener(kind)
}

/** Calls `listener` after each forget in this thread; the answer stops it. */
export function onForgotten(listener: (kind: KeptReads) => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
