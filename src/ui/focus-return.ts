import { useDidHide, useDidShow } from '@tarojs/taro'
import { useRef } from 'react'

/**
 * Focus goes back to the control that opened another page when this page shows again (as a dialog
 * gives it back when it closes): `ref` on the control, `leaving()` as it is pressed. Where the
 * host's nodes take no focus (mini-programs) nothing happens.
 */
export function useFocusReturn(): { ref(el: unknown): void; leaving(): void } {
  const el = useRef<unknown>(null)
  const left = useRef(false)
  const hidden = useRef(false)
  useDidHide(() => {
    hidden.current = left.current
  })
  useDidShow(() => {
    if (!hidden.current) return
    hidden.current = false
    left.current = false
    const target = el.current as { focus?(): void } | null
    // Once the page is on show again: Taro shows it after this hook runs, and a hidden element takes no focus.
    if (target && typeof target.focus === 'function') setTimeout(() => target.focus?.(), 50)
  })
  return {
    ref: (node) => {
      el.current = node
    },
    leaving: () => {
      left.current = true
    }
  }
}
