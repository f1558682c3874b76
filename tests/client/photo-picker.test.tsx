/** issue 17 fix: the photo picker with a saved review's photos (kept) in its own grid, counted there. */
import { fireEvent, render, screen } from '@testing-library/react'
import { View } from '@tarojs/components'
import { PhotoPicker } from '../../src/ui/PhotoPicker'
import type { PhotoUploads } from '../../src/features/uploads/upload.store'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'

const t = (key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params)

/** The picker reads only these of PhotoUploads. */
function uploads(over: Partial<PhotoUploads> = {}): PhotoUploads {
  return { available: true, photos: [], max: 5, canAdd: true, busy: false, add: jest.fn(), remove: jest.fn(), retry: jest.fn(), ...over } as unknown as PhotoUploads
}

describe('PhotoPicker with kept photos', () => {
  it('shows the kept photo inside the Photos group and counts it: 1 of 6 (5 left beside it), the add button after it', () => {
    const onRemove = jest.fn()
    render(
      <PhotoPicker
        uploads={uploads()}
        t={t}
        kept={{ count: 1, tiles: <View role='button' aria-label='Remove photo 1' data-testid='kept-tile' onClick={onRemove} /> }}
      />
    )
    const group = screen.getByRole('group', { name: 'Photos' })
    expect(group.contains(screen.getByTestId('kept-tile'))).toBe(true)
    expect(group.textContent).toContain('1 of 6')
    const buttons = Array.from(group.querySelectorAll('[role=button]')).map((b) => b.getAttribute('aria-label'))
    expect(buttons).toEqual(['Remove photo 1', 'Add photo'])
    fireEvent.click(screen.getByTestId('kept-tile'))
    expect(onRemove).toHaveBeenCalledTimes(1)
  })

  it('without kept photos the counter counts only the new ones', () => {
    render(<PhotoPicker uploads={uploads({ max: 6 })} t={t} />)
    expect(screen.getByRole('group', { name: 'Photos' }).textContent).toContain('0 of 6')
  })

  it('photos unavailable on this host: the kept photos still show, with the note', () => {
    render(<PhotoPicker uploads={uploads({ available: false })} t={t} kept={{ count: 1, tiles: <View data-testid='kept-tile' /> }} />)
    expect(screen.getByTestId('kept-tile')).toBeTruthy()
    expect(screen.getByText(t('photos.unavailable'))).toBeTruthy()
  })
})
