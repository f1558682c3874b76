import Taro from '@tarojs/taro'

/** The window's size in CSS px and its pixel ratio (window-size.h5.ts for the browser). */
export interface WindowSize {
  width: number
  height: number
  pixelRatio: number
}

/** Mini-programs: the host's window info; an old base library without it gets a common phone's figures. */
export function windowSize(): WindowSize {
  let info: { windowWidth?: number; windowHeight?: number; pixelRatio?: number } = {}
  try {
    info = (Taro.getWindowInfo ?? Taro.getSystemInfoSync)()
  } catch {
    // An old base library: a common phone's figures below.
  }
  return { width: info.windowWidth || 375, height: info.windowHeight || 800, pixelRatio: info.pixelRatio || 2 }
}
