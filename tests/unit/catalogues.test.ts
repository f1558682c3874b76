import { SHARE_MODES } from '../../src/core/bill-split'
import { CATALOGUES } from '../../src/i18n/catalogues'
import { LOCALES } from '../../src/gateway/contract'
import { ERRCODES, RESULTCODES } from '../../src/gateway/codes'
import { translate } from '../../src/i18n/translate'
import { TABS } from '../../src/features/shell/tabs'
import { isFirstScreenKey } from '../../src/i18n/first-screen'
import { CARD_EVENT_ACTIONS, CARD_STATUS, type CouponReason } from '../../src/gateway/coupon-rows'
import { AFTERSALE_REASONS, AFTERSALE_STATUS } from '../../src/gateway/after-rows'
import { LEDGER_KINDS, SCORE_KINDS } from '../../src/gateway/member-rows'
import { ORDER_STATUS, SERVICE_TYPES } from '../../src/gateway/order-rows'
import { PAYMENT_METHODS } from '../../src/features/checkout/checkout.store'
import { ALLERGEN_CODES, DIET_CODES } from '../../src/core/allergens'
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
    const placeholders = (t: string) => [...t.matchAll(/\{(\w+)[|}]/g)].map((m) => m[1]).sort()
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
        // The console (src/console) and the pickup screen (src/pickup) have texts of their own,
        // checked by tests/client/console-i18n.test.tsx and tests/unit/pickup.store.test.ts.
        if (entry.isDirectory()) {
          if (![path.join(__dirname, '../../src/console'), path.join(__dirname, '../../src/pickup')].includes(p)) walk(p)
        } else if (/\.tsx?$/.test(entry.name)) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/\bt\('([\w.-]+)'/g)) used.add(m[1])
        }
      }
    }
    walk(path.join(__dirname, '../../src'))
    expect(used.size).toBeGreaterThan(5)
    for (const key of used) expect(CATALOGUES.en).toHaveProperty([key])
  })

  it('name every value a key built in code can take (issue 27 item 17: no raw key on screen)', () => {
    // A key put together in code (`coupon.event.${action}`) escapes the typecheck and the test
    // above: each such prefix is listed here with every value it is built from (from the
    // contract's own lists where there is one), and each key must be in all three catalogues. A
    // new built key fails here until its values are listed.
    const reasons: Exclude<CouponReason, ''>[] = ['min-spend', 'shop', 'branch', 'service-type', 'goods', 'not-yet-valid', 'expired', 'used', 'returned', 'sold-out', 'limit', 'not-started', 'ended', 'paused', 'not-claimable', 'held']
    const built: Record<string, readonly (string | number)[]> = {
      'coupon.event.': CARD_EVENT_ACTIONS,
      'coupon.tab.': Object.values(CARD_STATUS),
      'coupon.empty.': Object.values(CARD_STATUS),
      'coupon.reason.': reasons,
      'photos.failed.': ['type', 'size', 'network', 'refused'],
      'reorder.reason.': ['off-sale', 'not-in-shop', 'changed', 'stock'],
      'aftersale.reason.': AFTERSALE_REASONS,
      'aftersale.status.': Object.values(AFTERSALE_STATUS),
      'aftersale.step.': ['submitted', 'approved', 'rejected', 'withdrawn', 'refunded'],
      'order.service.': SERVICE_TYPES,
      'checkout.service.': SERVICE_TYPES,
      'order.status.': Object.values(ORDER_STATUS),
      'sheet.stage.': ['preparing', 'ready', 'cancelled'],
      'wallet.kind.': LEDGER_KINDS,
      'wallet.score.': SCORE_KINDS,
      'entryProblem.sheet.': ['notThisTable', 'notYours', 'notFound'],
      'checkout.weekday.': [1, 2, 3, 4, 5, 6, 7],
      'checkout.pay.': PAYMENT_METHODS,
      'lang.': LOCALES,
      'address.tag.': ['home', 'work', 'school', 'own'],
      'map.': ['north', 'south', 'east', 'west'],
      'host.': ['wechat', 'alipay', 'alipayhk', 'wallet', 'superapp', 'thirdparty'],
      'allergen.': ALLERGEN_CODES,
      'diet.': DIET_CODES,
      'split.mode.': SHARE_MODES,
      // Every result code is named (the test above).
      'resultcode.': []
    }
    const firstSegments = new Set(keysOf(CATALOGUES.en).map((k) => k.split('.')[0]))
    const found = new Map<string, string>()
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name)
        if (entry.isDirectory()) {
          if (![path.join(__dirname, '../../src/console'), path.join(__dirname, '../../src/pickup')].includes(p)) walk(p)
        } else if (/\.tsx?$/.test(entry.name)) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/`([a-zA-Z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)) {
            if (firstSegments.has(m[1].split('.')[0])) found.set(m[1], path.relative(path.join(__dirname, '../..'), p))
          }
        }
      }
    }
    walk(path.join(__dirname, '../../src'))
    expect(found.size).toBeGreaterThan(10)
    const unlisted = [...found].filter(([prefix]) => !(prefix in built)).map(([prefix, file]) => `${prefix} (${file})`)
    expect(unlisted).toEqual([])
    for (const locale of LOCALES) {
      const missing = Object.entries(built).flatMap(([prefix, values]) => values.map((v) => `${prefix}${v}`).filter((key) => !(key in CATALOGUES[locale])))
      expect([locale, missing]).toEqual([locale, []])
    }
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
        // The entry page's problem views are fetched with the whole catalogue (i18n.loadAll) when the entry fails.
        if (m[0].includes('feature-stores') || m[0].includes('past-menu-stores') || m[0].includes('components/EntryProblem')) continue
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

  it("give the goods list the texts its code names (config/page-texts.js), about a fifth of the whole", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { GOODS_LIST_CODE, importClosure, keysNamedBy } = require('../../config/page-texts') as {
      GOODS_LIST_CODE: string[]
      importClosure(entries: string[]): Set<string>
      keysNamedBy(files: Set<string>, keys: string[]): Set<string>
    }
    const src = path.join(__dirname, '../../src')
    const files = importClosure(GOODS_LIST_CODE)
    // The page's own parts, the stores built with it, and the browser's files where a host has its own.
    for (const file of ['features/menu/components/MenuBrowser.tsx', 'features/cart/components/CartBar.tsx', 'features/menu/components/DietFilter.tsx', 'features/cart/cart.store.ts', 'hosts/live.h5.ts']) {
      expect([file, files.has(path.join(src, file))]).toEqual([file, true])
    }
    expect(files.has(path.join(src, 'hosts/live.ts'))).toBe(false)
    for (const locale of LOCALES) {
      const keys = Object.keys(CATALOGUES[locale])
      const named = keysNamedBy(files, keys)
      // Every t('…') of that code, and every key a template there starts.
      const called = new Set<string>()
      for (const file of files) {
        const code = fs.readFileSync(file, 'utf8')
        for (const m of code.matchAll(/\bt\(\s*'([\w.-]+)'/g)) called.add(m[1])
        for (const m of code.matchAll(/\bt\(\s*`([\w.-]+)\$\{/g)) for (const key of keys) if (key.startsWith(m[1])) called.add(key)
      }
      expect([locale, [...called].filter((key) => !named.has(key) && !isFirstScreenKey(key))]).toEqual([locale, []])
      expect(named.has('cart.go') && named.has('mode.switchConfirm') && named.has('page.goodsList')).toBe(true)
      const part = keys.filter((key) => named.has(key) || isFirstScreenKey(key))
      expect(part.length).toBeLessThan(keys.length / 4)
    }
  })

  it('say English counts in the singular for one and the plural for more ("1 item", "2 items", never "1 items")', () => {
    const filled = (key: string, n: number) => {
      const text = (CATALOGUES.en as Record<string, string>)[key]
      const counts = new Set(['n', 'days', 'max', 'left', 's', 'seconds', 'ref'])
      const params = Object.fromEntries([...text.matchAll(/\{(\w+)[|}]/g)].map((m) => [m[1], counts.has(m[1]) ? n : 'X']))
      return translate('en', key as keyof typeof CATALOGUES.en, params)
    }
    for (const key of keysOf(CATALOGUES.en)) {
      expect([key, filled(key, 1).match(/\b1 [a-z]+s\b/)?.[0]]).toEqual([key, undefined])
      expect([key, filled(key, 2).match(/\b2 (?:item|review|star|day|branch|coupon|line|round|time)\b/)?.[0]]).toEqual([key, undefined])
    }
    expect(translate('en', 'cart.items', { n: 1 })).toBe('1 item')
    expect(translate('en', 'cart.items', { n: '1.5' })).toBe('1.5 items')
    expect(translate('en', 'order.items', { n: 3 })).toBe('3 items')
    expect(translate('en', 'wallet.ruleCoupons', { n: 1 })).toBe('plus a coupon')
    expect(translate('en', 'comment.daysAgo', { n: 2 })).toBe('2 days ago')
    expect(translate('zh-TW', 'cart.items', { n: 1 })).toBe('共 1 件')
  })

  it('speak Traditional Chinese as written in Macau and Hong Kong, not converted Simplified', () => {
    // Simplified-only characters, and mainland words where Macau and Hong Kong say another.
    const simplified = /[们这个为会后买卖单点钱页载网请确认订购车码关闭开门设择项价优来对时间现应该还没发这样领满减积续号图]/
    const mainland = /登錄|當前|信息|默認|獲取|遊客|字符|質量|視頻|軟件|網路|賬戶|收貨/
    for (const [key, text] of Object.entries(CATALOGUES['zh-TW'])) {
      expect([key, text.match(simplified)?.[0], text.match(mainland)?.[0]]).toEqual([key, undefined, undefined])
    }
  })
})
