/** Picture variants' names and widths (issue 28 item 1; src/core/picture-variants.ts). */
import { largestPicture, pictureForWidth, pictureSrcset, pictureVariants, variantMark, variantWidths } from '../../src/core/picture-variants'

describe('variantWidths', () => {
  it('makes each standard width below the picture, and its own width when under the largest; never enlarges', () => {
    expect(variantWidths(4032)).toEqual([160, 320, 640, 1280])
    expect(variantWidths(1280)).toEqual([160, 320, 640, 1280])
    expect(variantWidths(1000)).toEqual([160, 320, 640, 1000])
    expect(variantWidths(640)).toEqual([160, 320, 640])
    expect(variantWidths(200)).toEqual([160, 200])
    expect(variantWidths(160)).toEqual([160])
    expect(variantWidths(159)).toEqual([])
    expect(variantWidths(2)).toEqual([])
  })
  it('marks the original with its widths', () => {
    expect(variantMark([160, 320])).toBe('.v160-320')
    expect(variantMark([])).toBe('')
  })
})

describe('pictureVariants', () => {
  const url = 'http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.v160-320-640.jpg'
  it('reads the widths from the name and names each variant', () => {
    const v = pictureVariants(url)!
    expect(v.widths).toEqual([160, 320, 640])
    expect(v.urlOf(320)).toBe('http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.320.webp')
    expect(pictureVariants(`${url}?x=1`)!.urlOf(160)).toBe('http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.160.webp?x=1')
  })
  it('finds none in a picture without the mark', () => {
    expect(pictureVariants('http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.svg')).toBeNull()
    expect(pictureVariants('http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.jpg')).toBeNull()
    expect(pictureVariants('')).toBeNull()
    expect(pictureSrcset('http://h/x.png')).toBe('')
  })
  it('srcset, one width for a screen, the largest', () => {
    expect(pictureSrcset(url)).toBe(
      'http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.160.webp 160w, http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.320.webp 320w, http://h/files/menu/E1/S1/har-gow-1a2b3c4d5e.640.webp 640w'
    )
    expect(pictureForWidth(url, 84, 3)).toMatch(/\.320\.webp$/)
    expect(pictureForWidth(url, 84, 1)).toMatch(/\.160\.webp$/)
    expect(pictureForWidth(url, 390, 3)).toMatch(/\.640\.webp$/)
    expect(largestPicture(url)).toMatch(/\.640\.webp$/)
    expect(largestPicture('http://h/a.svg')).toBe('http://h/a.svg')
  })
})
