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
