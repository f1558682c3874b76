/**
 * H5's first screen carries the groups of only its own operations (src/gateway/operation-groups.h5.ts);
 * the rest come with the feature stores. Every operation the first screen's code names must be in
 * that list, with the contract's group, or its request goes out under no group and is refused.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { OperationName } from '../../src/gateway/contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { operationGroups as firstScreen } from '../../src/gateway/operation-groups.h5'

const ROOT = path.resolve(__dirname, '../..')
/** The code the entry page and Home are made of (what the H5 first screen loads). */
const FIRST_SCREEN_CODE = [
  'src/app.tsx',
  'src/stores/root-store.ts',
  'src/gateway/gateway-client.ts',
  'src/hosts',
  'src/compose',
  'src/i18n',
  'src/features/session',
  'src/features/menu',
  'src/features/error-report',
  'src/features/language',
  'src/features/shell',
  'src/pages/home',
  'src/pages/scanCodeEntry'
]

/**
 * The stores src/stores/feature-stores.ts and past-menu-stores.ts import come with the first page
 * past Home, not with the first screen, even where they sit in a first-screen folder (features/menu's
 * promotions, goods shops).
 */
const PAST_HOME = new Set(
  ['feature-stores', 'past-menu-stores'].flatMap((name) =>
    [...fs.readFileSync(path.join(ROOT, `src/stores/${name}.ts`), 'utf8').matchAll(/^import \{[^}]*\} from '\.\.\/(features\/[^']+\.store)'/gm)].map((m) => `src/${m[1]}.ts`)
  )
)

function sources(p: string): string[] {
  const full = path.join(ROOT, p)
  if (fs.statSync(full).isDirectory()) return fs.readdirSync(full).flatMap((f) => sources(path.join(p, f)))
  return /\.tsx?$/.test(p) && !p.endsWith('.d.ts') && !p.endsWith('contract.ts') && !p.includes('operation-groups') && !PAST_HOME.has(p) ? [p] : []
}

describe('operation groups on the H5 first screen', () => {
  it('are the contract’s groups', () => {
    for (const [name, group] of Object.entries(firstScreen)) expect([name, group]).toEqual([name, OPERATIONS[name as OperationName]])
  })

  it('name every operation the first screen’s code calls', () => {
    const named = new Set<string>()
    for (const file of FIRST_SCREEN_CODE.flatMap(sources)) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
      for (const name of Object.keys(OPERATIONS)) if (text.includes(`'${name}'`)) named.add(`${name} (${file})`)
    }
    const missing = [...named].filter((n) => !(n.split(' ')[0] in firstScreen))
    expect(missing).toEqual([])
    expect(named.size).toBeGreaterThan(10)
  })

  it('leave out only the stores that come past Home', () => {
    expect(PAST_HOME).toContain('src/features/menu/promotions.store.ts')
    expect(PAST_HOME).not.toContain('src/features/menu/menu.store.ts')
  })
})
