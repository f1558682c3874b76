/**
 * config/finalization-registry.js stands in for mobx-react-lite's UniversalFinalizationRegistry in
 * the H5 build (config/index.ts). Where a browser has no FinalizationRegistry (the older Chromium
 * cores of some host apps' web views), observer components' reactions are disposed by its timer
 * sweep: it must finalize what the package's would, when the package's would.
 */
type Registry = {
  register(target: object, value: string, token: object): void
  unregister(token: object): void
  finalizeAllImmediately(): void
}
type RegistryModule = {
  TimerBasedFinalizationRegistry: new (finalize: (value: string) => void) => Registry
  UniversalFinalizationRegistry: unknown
}
// Plain JavaScript modules both (the package's CommonJS build; ours as the H5 build takes it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TimerBasedFinalizationRegistry: Package } = require('mobx-react-lite/lib/utils/UniversalFinalizationRegistry') as RegistryModule
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TimerBasedFinalizationRegistry: Ours, UniversalFinalizationRegistry } = require('../../config/finalization-registry') as RegistryModule

function run(Kind: new (finalize: (value: string) => void) => Registry): string[] {
  const log: string[] = []
  const at = (ms: number, what: string) => {
    jest.advanceTimersByTime(ms)
    log.push(`${what}@${Date.now()}`)
  }
  const registry = new Kind((value) => log.push(`finalize ${value}`))
  const a = {}
  const b = {}
  const c = {}
  registry.register({}, 'a', a)
  at(4000, 'a registered')
  registry.register({}, 'b', b)
  registry.register({}, 'c', c)
  at(5000, 'b and c registered')
  registry.unregister(c)
  // The first sweep (10 s after a) finalizes a; b is 6 s old and waits for the next sweep.
  at(1500, 'first sweep')
  at(10000, 'second sweep')
  registry.register({}, 'd', {})
  registry.finalizeAllImmediately()
  log.push('after finalizeAllImmediately')
  at(30000, 'nothing left')
  return log
}

describe('the H5 build’s FinalizationRegistry', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    jest.useRealTimers()
  })

  it('sweeps as mobx-react-lite’s timer registry does', () => {
    const ours = run(Ours)
    jest.useFakeTimers({ now: 0 })
    const theirs = run(Package)
    expect(ours).toEqual(theirs)
    expect(ours).toEqual([
      'a registered@4000',
      'b and c registered@9000',
      'finalize a',
      'first sweep@10500',
      'finalize b',
      'second sweep@20500',
      'finalize d',
      'after finalizeAllImmediately',
      'nothing left@50500'
    ])
  })

  it('is the platform’s own registry where there is one', () => {
    expect(UniversalFinalizationRegistry).toBe(FinalizationRegistry)
  })
})
