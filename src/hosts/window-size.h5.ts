import type { WindowSize } from './window-size'

export type { WindowSize }

/**
 * H5: read from the document itself. Taro's getWindowInfo lives in the module with
 * getSystemInfoSync, which brings platform.js and parses the user agent as it loads (6 KB and
 * about 11 ms of a slow phone's first goods list, before a row is drawn).
 */
export function windowSize(): WindowSize {
  const root = document.documentElement
  return { width: root.clientWidth || window.innerWidth || 375, height: root.clientHeight || window.innerHeight || 800, pixelRatio: window.devicePixelRatio || 1 }
}
