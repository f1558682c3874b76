/**
 * A radio group as WAI-ARIA's pattern has it: one Tab stop (the checked radio, else the first that
 * can be chosen), and the arrow keys move to the next or previous radio that is not disabled,
 * wrapping, and choose it. Choosing is a click on that radio, so it does what a tap does (a
 * confirm the tap asks first included). Spread `radioKeys` on the role=radiogroup element and give
 * each radio `tabIndex={stops(index)}`. H5 only in effect: the mini-program hosts have no keys,
 * and their nodes neither focus nor query.
 */

type RadioEl = { focus?(): void; click?(): void; getAttribute?(name: string): string | null }
type GroupEl = { querySelectorAll?(selector: string): ArrayLike<RadioEl> }

const ARROWS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

/** Each radio's tabIndex: 0 for the group's one Tab stop, -1 for the others. */
export function radioStops(options: { on: boolean; disabled?: boolean }[]): (index: number) => number {
  const checked = options.findIndex((o) => o.on)
  const stop = checked >= 0 ? checked : Math.max(0, options.findIndex((o) => !o.disabled))
  return (index) => (index === stop ? 0 : -1)
}

/** The group's key handler (`{...radioKeys}` on the radiogroup element). */
export const radioKeys = {
  onKeyDown(e: { key: string; currentTarget: unknown; target: unknown; preventDefault(): void }) {
    const step = ARROWS[e.key]
    const group = e.currentTarget as GroupEl | null
    if (!step || typeof group?.querySelectorAll !== 'function') return
    const radios = Array.from(group.querySelectorAll('[role=radio]'))
    const at = radios.indexOf(e.target as RadioEl)
    if (at < 0) return
    e.preventDefault()
    for (let i = 1; i < radios.length; i++) {
      const next = radios[(((at + step * i) % radios.length) + radios.length) % radios.length]
      if (next.getAttribute?.('aria-disabled') === 'true') continue
      next.focus?.()
      if (next.getAttribute?.('aria-checked') !== 'true') next.click?.()
      return
    }
  }
}
