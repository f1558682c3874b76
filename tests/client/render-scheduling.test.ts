/**
 * src/hosts/render-scheduling.h5.ts: H5 runs Preact, told to draw a change as React 18 would. A
 * change made in a diner's event (a tap, typing) is on screen before the event's task ends; any
 * other change (an answer arriving, a timer, an effect) is drawn in a task of its own, so the task
 * that made it stays short and the browser can paint and take a tap in between.
 */
import { h, render } from 'preact'
import { useState } from 'preact/hooks'
import { scheduleRendersLikeReact } from '../../src/hosts/render-scheduling.h5'

let setCount: (n: number) => void = () => undefined
function Counter() {
  const [count, set] = useState(0)
  setCount = set
  return h('button', { onClick: () => set(count + 1) }, String(count))
}

/** Lets every queued microtask run (several rounds), without letting a task run. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

/** Resolves once a later task has run. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20))
}

describe('H5 render scheduling (Preact drawing as React 18 does)', () => {
  let root: HTMLElement
  beforeAll(() => scheduleRendersLikeReact())
  beforeEach(() => {
    root = document.createElement('div')
    document.body.appendChild(root)
    render(h(Counter, null), root)
  })
  afterEach(() => {
    render(null, root)
    root.remove()
  })

  it('draws a change made outside an event in a later task, not in the task that made it', async () => {
    setCount(5)
    await microtasks()
    expect(root.textContent).toBe('0')
    await nextTask()
    expect(root.textContent).toBe('5')
  })

  it("draws a change made in the diner's event before that event's task ends", async () => {
    root.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await microtasks()
    expect(root.textContent).toBe('1')
  })

  it('draws several changes of one task once, with the last value', async () => {
    let renders = 0
    const Watch = () => {
      const [n, set] = useState(0)
      setCount = set
      renders++
      return h('span', null, String(n))
    }
    render(h(Watch, null), root)
    const before = renders
    setCount(1)
    setCount(2)
    setCount(3)
    await nextTask()
    expect(root.textContent).toBe('3')
    expect(renders - before).toBe(1)
  })
})
