import type { ImageProps } from '@tarojs/components'
import { pictureForWidth, pictureSrcset } from '../core/picture-variants'

/**
 * H5: a menu picture with its variants (src/core/picture-variants.ts) as `srcset` and the width it
 * is shown at as `sizes` (`vw` per cent of the window), so the browser loads the WebP width the
 * screen needs — a goods row's picture on a 390 px phone is the 320 px one, not a 4 MB photo. `src`
 * (any browser without srcset) is the width for a 390 px phone at 2×. A picture without variants
 * (an SVG drawing) is shown as it is. `props`: alt text and lazy loading (image-alt.ts).
 */
export function picture<P extends Pick<ImageProps, 'lazyLoad' | 'imgProps'>>(url: string, vw: number, props?: P): P & Pick<ImageProps, 'src'> {
  const srcSet = pictureSrcset(url)
  if (!srcSet) return { ...(props as P), src: url }
  return { ...(props as P), src: pictureForWidth(url, vw * 3.9, 2), imgProps: { ...props?.imgProps, srcSet, sizes: `${vw}vw` } as ImageProps['imgProps'] }
}
