import type { ImageProps } from '@tarojs/components'

/**
 * H5: the browser's own lazy loading. Taro's H5 lazyLoad sets the picture's src from an
 * IntersectionObserver through a ref that is already null once the image unmounts and before its
 * effect disconnects, so leaving a page while pictures scroll into view threw "Cannot set
 * properties of null (setting 'src')" (the journey tests caught it on a busy machine).
 */
export const lazyImage: Pick<ImageProps, 'lazyLoad' | 'imgProps'> = { imgProps: { loading: 'lazy' } }
