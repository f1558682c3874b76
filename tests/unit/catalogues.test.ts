import { CATALOGUES } from '../../src/i18n/catalogues'
import { ERRCODES, LOCALES, RESULTCODES } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'
import { TABS } from '../../src/features/shell/tabs'
import { isFirstScreenKey } from '../../src/i18n/first-screen'
import * as fs from 'fs'
import * as path from 'path'

const keysOf = (o: object): string[] => Object.keys(o).sort()

describe('i18n catalogues', () => {
  it('have every key in every language, none empty', () => {
    const reference = keysOf(CATALOGUES['zh-CN'])
    for (const locale of LOCALES) {
      expect(keysOf(CATALOGUES[locale])).toEqual(reference)
      for (const [key, text] of Object.entries(CATALOGUES[locale])) {
        expect([locale, key, text.trim().length > 0]).toEqual([locale, key, true])
      }
    }
  })

  it('name every error code of the gateway contract', () => {
    for (const code of Object.values(ERRCODES).filter((c) => c !== '0')) {
      expect(CATALOGUES.en).toHaveProperty([`errcode.${code}`])
    }
    for (const code of Object.values(RESULTCODES).filter((c) => c !== '0')) {
      expect(CATALOGUES.en).toHaveProperty([`resultcode.${code}`])
    }
  })

  it('keep the same placeholders in every language', () => {
    const placeholders = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort()
    for (const key of keysOf(CATALOGUES['zh-CN']) as (keyof (typeof CATALOGUES)['en'])[]) {
      const expected = placeholders(CATALOGUES['zh-CN'][key])
      for (const locale of LOCALES) expect([key, placeholders(CATALOGUES[locale][key])]).toEqual([key, expected])
    }
  })

  it("say the spec's texts", () => {
    expect(translate('zh-CN', 'network.error')).toBe('网络连接异常')
    expect(translate('en', 'session.shopMissing')).toBe('Shop does not exist')
    expect(translate('en', 'home.hours', { begin: '08:00', end: '22:00' })).toBe('Hours 08:00–22:00')
    for (const tab of TABS) expect(translate('en', tab.label)).toBeTruthy()
  })

  it('are used for every key the client source names', () => {
    // A key used in src/ but missing from the catalogues fails here (typecheck catches most).
    const used = new Set<string>()
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(p)
        else if (/\.tsx?$/.test(entry.name)) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/\bt\('([\w.-]+)'/g)) used.add(m[1])
        }
      }
    }
    walk(path.join(__dirname, '../../src'))
    expect(used.size).toBeGreaterThan(5)
    for (const key of used) expect(CATALOGUES.en).toHaveProperty([key])
  })

  it("hold every text the first screen's code names in the first screen part (H5 fetches only that at first)", () => {
    // The first screen's code: what the app, the entry page and Home import, as the H5 build
    // resolves it (per-host files first), except what only pages past Home load.
    const src = path.join(__dirname, '../../src')
    const resolve = (from: string, request: string): string | null => {
      const base = path.resolve(path.dirname(from), request)
      for (const ext of ['.h5.ts', '.h5.tsx', '.ts', '.tsx', '/index.h5.ts', '/index.ts']) if (fs.existsSync(base + ext)) return base + ext
      return null
    }
    const files = new Set<string>()
    const visit = (file: string): void => {
      if (files.has(file)) return
      files.add(file)
      const imports = /^(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?'(\.[^']+)'|import\((?:\/\*[^*]*\*\/\s*)?'(\.[^'?]+)[^']*'\)/gm
      for (const m of fs.readFileSync(file, 'utf8').matchAll(imports)) {
        if (m[0].includes('feature-stores')) continue
        const next = resolve(file, m[1] ?? m[2])
        if (next && !next.includes(`${path.sep}catalogues${path.sep}`)) visit(next)
      }
    }
    for (const entry of ['app.tsx', 'pages/scanCodeEntry/scanCodeEntry.tsx', 'pages/home/home.tsx']) visit(path.join(src, entry))
    expect(files.has(path.join(src, 'features/shell/components/TabBar.tsx'))).toBe(true)
    const keys = new Set<string>(TABS.map((tab) => tab.label))
    for (const file of files) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g)) keys.add(m[1])
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*`([\w.-]+)\$\{/g)) keys.add(`${m[1]}x`)
    }
    // The entry's failure screen fetches every text first: result codes need not be here.
    const missing = [...keys].filter((key) => !key.startsWith('resultcode.') && !isFirstScreenKey(key))
    expect(missing).toEqual([])
    expect(keys.size).toBeGreaterThan(20)
  })
})
