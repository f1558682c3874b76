/** The member pages' keyboard helpers: Tab kept inside the birthday dialog, arrows in a radio group. */
import { focusNode, keepInside, radioStep } from '../../src/ui/dialog-focus'

/** A focusable stand-in that records being focused. */
const stop = (name: string, log: string[]) => ({ name, focus: () => log.push(name) })

describe('keepInside (Tab in a dialog)', () => {
  const setup = () => {
    const log: string[] = []
    const [cancel, done, year] = [stop('cancel', log), stop('done', log), stop('year', log)]
    const dialog = { querySelectorAll: (s: string) => (s === '[tabindex="0"]' ? [cancel, done, year] : []) }
    return { log, cancel, done, year, dialog }
  }

  it('Tab on the last control goes round to the first; Shift+Tab on the first to the last', () => {
    const { log, cancel, year, dialog } = setup()
    expect(keepInside(dialog, year, false)).toBe(true)
    expect(keepInside(dialog, cancel, true)).toBe(true)
    expect(log).toEqual(['cancel', 'year'])
  })

  it('between the ends the browser moves the focus itself', () => {
    const { log, cancel, done, dialog } = setup()
    expect(keepInside(dialog, done, false)).toBe(false)
    expect(keepInside(dialog, cancel, false)).toBe(false)
    expect(keepInside(dialog, done, true)).toBe(false)
    expect(log).toEqual([])
  })

  it('a mini-program node (no querySelectorAll, no focus) is left alone', () => {
    expect(keepInside({}, {}, false)).toBe(false)
    expect(keepInside(null, null, true)).toBe(false)
    expect(() => focusNode({ id: 'x' })).not.toThrow()
    expect(() => focusNode(null)).not.toThrow()
  })
})

describe('radioStep (arrows in a radio group)', () => {
  it('Down/Right to the next, Up/Left to the previous, wrapping at both ends', () => {
    expect(radioStep('ArrowDown', 0, 3)).toBe(1)
    expect(radioStep('ArrowRight', 2, 3)).toBe(0)
    expect(radioStep('ArrowUp', 0, 3)).toBe(2)
    expect(radioStep('ArrowLeft', 1, 3)).toBe(0)
  })

  it('nothing chosen yet counts from the first; other keys and empty groups do nothing', () => {
    expect(radioStep('ArrowDown', -1, 3)).toBe(1)
    expect(radioStep('Enter', 0, 3)).toBeNull()
    expect(radioStep(' ', 0, 3)).toBeNull()
    expect(radioStep('ArrowDown', 0, 0)).toBeNull()
  })
})
