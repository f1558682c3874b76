import type { ImageProps } from '@tarojs/components'
import { lazyImage } from './lazy-image'

/**
 * A picture's text alternative with the host's lazy loading (lazy-image*.ts) kept: on H5 the
 * <img> gets `alt` beside `loading="lazy"`; mini-program images take no imgProps and keep
 * lazyLoad. `alt` is the goods name, or '' where the picture only repeats the text beside it.
 */
export function lazyPicture(alt: string): Pick<ImageProps, 'lazyLoad' | 'imgProps'> {
  return { ...lazyImage, imgProps: { ...lazyImage.imgProps, alt } }
}

/**
 * One of the first pictures of the first screen (Home's first recommended dishes, its largest
 * paint; goods details' own picture): loaded at once and ahead of the page's other requests. React 18 knows no fetchPriority
 * prop: the lowercase attribute passes through as written. Mini-programs load it at once too.
 */
export function firstPicture(alt: string): Pick<ImageProps, 'imgProps'> {
  return { imgProps: { alt, loading: 'eager', fetchpriority: 'high' } as ImageProps['imgProps'] }
}
