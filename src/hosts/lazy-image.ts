import type { ImageProps } from '@tarojs/components'

/**
 * What makes a Taro Image load only when it nears the screen, per host (lazy-image.h5.ts for
 * the browser). Mini-program image components do it natively with lazyLoad.
 */
export const lazyImage: Pick<ImageProps, 'lazyLoad' | 'imgProps'> = { lazyLoad: true }
