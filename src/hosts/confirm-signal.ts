/**
 * Spec §8: "Confirm modals reject with a cancel signal." The host's confirm (Host['confirm'],
 * ./taro-confirm.ts on every host) resolves when the person confirms and rejects with a
 * ConfirmCancelled when they cancel (or the modal could not show); a one-button modal (no
 * `cancel` text) only informs and always resolves. Every caller handles the signal one of these
 * ways: `afterConfirm` (run an action after a confirm, a cancel does nothing), `wasConfirmed`
 * (a store that needs the answer as a boolean), or its own `isConfirmCancelled` check. Anything
 * else that rejects is a real failure and goes on.
 */
export class ConfirmCancelled extends Error {
  readonly cancelled = true
  constructor() {
    super('cancelled')
    this.name = 'ConfirmCancelled'
  }
}

export const isConfirmCancelled = (e: unknown): e is ConfirmCancelled =>
  e instanceof ConfirmCancelled || (typeof e === 'object' && e !== null && (e as { cancelled?: unknown }).cancelled === true)

export interface ConfirmTexts {
  content: string
  confirm: string
  cancel: string
}

/** What the host's confirm looks like to the stores and pages that ask (Host['confirm']). */
export type Confirm = (texts: ConfirmTexts) => Promise<void>

/** True after a confirm, false after a cancel; any other failure rejects. */
export function wasConfirmed(asked: Promise<void>): Promise<boolean> {
  return asked.then(
    () => true,
    (e: unknown) => {
      if (isConfirmCancelled(e)) return false
      throw e
    }
  )
}

/** Runs `action` after a confirm; a cancel does nothing, any other error propagates. */
export function afterConfirm(host: { confirm: Confirm }, texts: ConfirmTexts, action: () => void): Promise<void> {
  return wasConfirmed(host.confirm(texts)).then((yes) => {
    if (yes) action()
  })
}
