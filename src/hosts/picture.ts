import type { ImageProps } from '@tarojs/components'
import { pictureForWidth } from '../core/picture-variants'
import { windowSize } from './window-size'

/**
 * A menu picture for the host's image component (picture.h5.ts for the browser). Mini-program
 * images take no srcset: this asks for the one variant (src/core/picture-variants.ts) as wide as
 * the picture is shown on this phone — `vw` per cent of the window, times its pixel ratio — in
 * WebP (weapp shows WebP only when asked with `webp`; alipay shows it as it is). A picture without
 * variants (an SVG drawing) is asked for as it is. `props`: alt text and lazy loading (image-alt.ts).
 */
export function picture<P extends Pick<ImageProps, 'lazyLoad' | 'imgProps'>>(url: string, vw: number, props?: P): P & Pick<ImageProps, 'src' | 'webp'> {
  const { width, ratio } = screen()
  return { ...(props as P), src: pictureForWidth(url, (width * vw) / 100, ratio), webp: true }
}

let known: { width: number; ratio: number } | null = null
function screen(): { width: number; ratio: number } {
  if (!known) {
    const { width, pixelRatio } = windowSize()
    known = { width, ratio: pixelRatio }
  }
  return known
}
