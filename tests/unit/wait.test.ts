import { wait, WAIT_DEFAULT_MS } from '../../src/core/wait'
import type { Scheduler } from '../../src/core/polling'

test('the wait default is 1000 ms (spec §9), and resolves when its time comes', async () => {
  expect(WAIT_DEFAULT_MS).toBe(1000)
  const asked: number[] = []
  let fire: () => void = () => undefined
  const scheduler: Scheduler = { after: (ms, fn) => (asked.push(ms), (fire = fn), () => undefined) }
  let done = false
  const waiting = wait(undefined, scheduler).then(() => (done = true))
  expect(asked).toEqual([1000])
  await Promise.resolve()
  expect(done).toBe(false)
  fire()
  await waiting
  expect(done).toBe(true)
  void wait(250, scheduler)
  expect(asked).toEqual([1000, 250])
})
