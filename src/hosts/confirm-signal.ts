/**
 * Spec §8: "Confirm modals reject with a cancel signal." `confirmOrCancel` asks through the host's
 * modal and resolves when the person confirms; a cancel (or a modal that could not show) rejects
 * with a ConfirmCancelled, which callers tell apart from real failures with isConfirmCancelled and
 * pass over silently.
 */
import type { Host } from './host'

export class ConfirmCancelled extends Error {
  readonly cancelled = true
  constructor() {
    super('cancelled')
    this.name = 'ConfirmCancelled'
  }
}

export const isConfirmCancelled = (e: unknown): e is ConfirmCancelled =>
  e instanceof ConfirmCancelled || (typeof e === 'object' && e !== null && (e as { cancelled?: unknown }).cancelled === true)

export async function confirmOrCancel(host: Pick<Host, 'confirm'>, texts: { content: string; confirm: string; cancel: string }): Promise<void> {
  if (!(await host.confirm(texts))) throw new ConfirmCancelled()
}

/** Runs `action` after a confirm; a cancel does nothing, any other error propagates. */
export function afterConfirm(host: Pick<Host, 'confirm'>, texts: { content: string; confirm: string; cancel: string }, action: () => void): Promise<void> {
  return confirmOrCancel(host, texts).then(action, (e: unknown) => {
    if (!isConfirmCancelled(e)) throw e
  })
}
