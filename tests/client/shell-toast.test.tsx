/** The H5 toast (src/hosts/web-io.ts): spec §9's 2000 ms, announced as a status. */
import { act, screen } from '@testing-library/react'
import { domToast, TOAST_MS } from '../../src/hosts/web-io'

describe('H5 toast', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    document.body.innerHTML = ''
  })
  afterEach(() => jest.useRealTimers())

  const shown = () => {
    const box = document.getElementById('so-toast')
    return box && box.style.display !== 'none' ? box.textContent : null
  }

  it('says its message in a status region for 2000 ms, then leaves', () => {
    expect(TOAST_MS).toBe(2000)
    act(() => domToast('Network connection error'))
    expect(screen.getByRole('status').textContent).toBe('Network connection error')
    act(() => jest.advanceTimersByTime(1999))
    expect(shown()).toBe('Network connection error')
    act(() => jest.advanceTimersByTime(1))
    expect(shown()).toBeNull()
  })

  it('gives a message that comes while another shows its own full 2000 ms, in its place', () => {
    act(() => domToast('Added'))
    act(() => jest.advanceTimersByTime(1500))
    act(() => domToast('Network connection error'))
    expect(shown()).toBe('Network connection error')
    // The first message's time runs out here: the second stays.
    act(() => jest.advanceTimersByTime(1999))
    expect(shown()).toBe('Network connection error')
    act(() => jest.advanceTimersByTime(1))
    expect(shown()).toBeNull()
  })

  it('starts the time over for the same message again', () => {
    act(() => domToast('Network connection error'))
    act(() => jest.advanceTimersByTime(1500))
    act(() => domToast('Network connection error'))
    act(() => jest.advanceTimersByTime(1999))
    expect(shown()).toBe('Network connection error')
    act(() => jest.advanceTimersByTime(1))
    expect(shown()).toBeNull()
    // One status region, however many toasts.
    act(() => domToast('Saved'))
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })
})
