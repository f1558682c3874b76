import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useRef } from 'react'

/**
 * One poll per page (an order's details, a payment's status): start() replaces this page's
 * watch; hiding or leaving the page stops it, and only it (the stop a store's watch returns ends
 * that watch alone, so a page leaving after the next one opened leaves the next one's running).
 */
export function usePageWatch(): { start(begin: () => () => void): void; started(): boolean } {
  const stop = useRef<(() => void) | null>(null)
  useDidHide(() => stop.current?.())
  useEffect(() => () => stop.current?.(), [])
  return {
    start(begin) {
      stop.current?.()
      stop.current = begin()
    },
    started: () => stop.current !== null
  }
}

/** Runs `fn` when the page shows again after it was hidden (back from another page), not on its first show. */
export function useReshow(fn: () => void): void {
  const hidden = useRef(false)
  useDidHide(() => {
    hidden.current = true
  })
  useDidShow(() => {
    if (!hidden.current) return
    hidden.current = false
    fn()
  })
}

/**
 * Focus goes back to the control that opened another page (Pay from balance, Pay now) when this
 * page shows again, as a dialog gives it back when it closes. `ref(key)` on the control (a View),
 * `opened(key)` as it is pressed. Where the host's views take no focus (mini-programs) nothing happens.
 */
export function useFocusReturn(): { ref(key: string): (el: unknown) => void; opened(key: string): void } {
  const els = useRef<Record<string, unknown>>({})
  const last = useRef('')
  useReshow(() => {
    const el = els.current[last.current] as { focus?: () => void } | undefined
    last.current = ''
    // After the page is on show again (Taro shows it after this hook runs).
    if (el) setTimeout(() => el.focus?.(), 50)
  })
  return {
    ref: (key) => (el) => {
      els.current[key] = el
    },
    opened: (key) => {
      last.current = key
    }
  }
}
