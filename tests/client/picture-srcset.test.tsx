/**
 * Pictures for phones (issue 28 item 1): a menu picture with variants is drawn on H5 with srcset
 * (every width, WebP) and sizes (the width it is shown at), its alt text and loading kept; a
 * picture without variants (the demo's SVG drawings) exactly as before; a mini-program asks for
 * the one width its screen needs, in WebP.
 */
import { render } from '@testing-library/react'
// The H5 build's Image (config/index.ts: h5.useHtmlComponents): a div around an <img> given imgProps.
import { Image } from '@tarojs/components-react'
import { picture as h5Picture } from '../../src/hosts/picture.h5'
import { picture as miniPicture } from '../../src/hosts/picture'
import { firstPicture, lazyPicture } from '../../src/hosts/image-alt'

// H5's lazy loading (lazy-image.h5.ts); jest resolves the mini-program's lazy-image.ts.
const h5Lazy = (alt: string) => ({ imgProps: { loading: 'lazy' as const, alt } })

const PHOTO = 'https://shop.example/files/menu/E1001/S101/har-gow-1a2b3c4d5e.v160-320-640-1280.jpg'
const variant = (w: number) => `https://shop.example/files/menu/E1001/S101/har-gow-1a2b3c4d5e.${w}.webp`
const DRAWING = 'https://shop.example/files/menu/E1001/S101/har-gow-1a2b3c4d5e.svg'

describe('a menu picture on H5', () => {
  it('has every WebP width in srcset and the shown width in sizes, with its alt text and lazy loading', () => {
    const { container } = render(<Image className='so-goods__img' mode='aspectFill' {...h5Picture(PHOTO, 23, h5Lazy('Har gow'))} />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('srcset')).toBe([160, 320, 640, 1280].map((w) => `${variant(w)} ${w}w`).join(', '))
    expect(img.getAttribute('sizes')).toBe('23vw')
    // Without srcset: the width a 390 px phone at 2× needs (23 % of 390 = 90 px × 2 → 320).
    expect(img.getAttribute('src')).toBe(variant(320))
    expect(img.getAttribute('alt')).toBe('Har gow')
    expect(img.getAttribute('loading')).toBe('lazy')
  })

  it('the first screen’s picture keeps its priority', () => {
    const { container } = render(<Image mode='aspectFill' {...h5Picture(PHOTO, 100, firstPicture('Har gow'))} />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('sizes')).toBe('100vw')
    expect(img.getAttribute('fetchpriority')).toBe('high')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('src')).toBe(variant(1280))
  })

  it('a picture without variants is drawn as it is, without srcset', () => {
    const { container } = render(<Image mode='aspectFill' {...h5Picture(DRAWING, 23, h5Lazy('Har gow'))} />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('src')).toBe(DRAWING)
    expect(img.hasAttribute('srcset')).toBe(false)
    expect(img.hasAttribute('sizes')).toBe(false)
  })
})

describe('a menu picture on a mini-program', () => {
  it('asks for the one WebP width the screen needs (the window’s width × the shown share × pixel ratio)', () => {
    // jsdom's window: 1024 px wide at pixel ratio 1 → 23 % is 236 px → the 320 px variant.
    expect(miniPicture(PHOTO, 23, lazyPicture('Har gow'))).toMatchObject({ src: variant(320), webp: true, lazyLoad: true })
    expect(miniPicture(PHOTO, 10).src).toBe(variant(160))
    expect(miniPicture(PHOTO, 100).src).toBe(variant(1280))
    expect(miniPicture(DRAWING, 23).src).toBe(DRAWING)
  })
})
