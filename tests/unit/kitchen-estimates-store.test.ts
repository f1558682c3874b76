/**
 * The console's ready-time estimate settings (issue 26 item 3; src/console/stores/kitchen-estimates-store.ts):
 * read for the kitchen's branch, checked before they are sent, saved, and a refusal shown.
 */
import { translate, type ConsoleKey } from '../../src/console/i18n'
import { KitchenEstimatesStore } from '../../src/console/stores/kitchen-estimates-store'
import type { KitchenStore } from '../../src/console/stores/kitchen-store'
import type { ServiceRoot } from '../../src/console/stores/service-root'

function setup(answers: Record<string, (input: Record<string, unknown>) => unknown>) {
  const calls: { op: string; input: Record<string, unknown> }[] = []
  const root = {
    locale: 'en',
    scope: [],
    browser: {},
    t: (key: ConsoleKey, params?: Record<string, string | number>) => translate('en', key, params),
    messageOf: (e: unknown) => (e as Error).message,
    can: () => true,
    call: async (op: string, input: Record<string, unknown>) => {
      calls.push({ op, input })
      const answer = answers[op]
      if (!answer) throw new Error(`unexpected ${op}`)
      return answer(input)
    }
  } as unknown as ServiceRoot
  const kitchen = { baseId: 'B201', shopId: 'S101' } as unknown as KitchenStore
  return { store: new KitchenEstimatesStore(root, kitchen), calls }
}

describe('kitchen estimate settings', () => {
  it('reads the branch’s settings and what it has learned', async () => {
    const { store, calls } = setup({
      KitchenEstimateSettingsGet: () => ({ table1: [{ BaseID: 'B201', DefaultPrepMinutes: 6, SlotCapacity: 4 }], table2: [{ GoodsID: 'S101.g.F01', PrepMinutes: 3.2, Samples: 9, UpdatedAt: '' }] })
    })
    await store.load()
    expect(calls).toEqual([{ op: 'KitchenEstimateSettingsGet', input: { BaseID: 'B201' } }])
    expect(store.defaultPrep).toBe('6')
    expect(store.capacity).toBe('4')
    expect(store.learned[0]).toMatchObject({ PrepMinutes: 3.2, Samples: 9 })
  })

  it('checks the numbers before sending; saves and says so; a refusal is shown', async () => {
    let refuse = false
    const { store, calls } = setup({
      KitchenEstimateSettingsSave: (input) => {
        if (refuse) throw new Error('Not allowed')
        return { table1: [{ BaseID: 'B201', DefaultPrepMinutes: input.DefaultPrepMinutes, SlotCapacity: input.SlotCapacity }] }
      }
    })
    store.set('defaultPrep', '0')
    store.set('capacity', 'many')
    expect(await store.save()).toBe(false)
    expect(store.errors).toEqual({ defaultPrep: translate('en', 'estimates.error.prep'), capacity: translate('en', 'estimates.error.capacity') })
    expect(calls).toEqual([])
    store.set('defaultPrep', '７')
    store.set('capacity', '3')
    expect(await store.save()).toBe(true)
    expect(calls).toEqual([{ op: 'KitchenEstimateSettingsSave', input: { BaseID: 'B201', DefaultPrepMinutes: 7, SlotCapacity: 3 } }])
    expect(store.notice).toBe(translate('en', 'estimates.saved'))
    refuse = true
    expect(await store.save()).toBe(false)
    expect(store.error).toBe('Not allowed')
  })
})
