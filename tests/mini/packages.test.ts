/**
 * Issue 28 item 3: each build's packages as the hosts take them. The entry, the tabs and the way
 * from the menu to the confirm page are in the main package; the pages past them are subpackages
 * (each its page's own folder, so the routes stay as they were); no page is in two packages; no
 * file uses a file of a package it may not (the hosts refuse: a subpackage reaches the main
 * package and itself only, the main package no subpackage); the preload rules name real pages and
 * packages; the main package is within 1 MiB and every package within the hosts' 2 MB.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { MINI_HOST_LIMIT, MINI_MAIN_GOAL, packageSizes, subpackageSizes } from '../../scripts/mini-package-size'
import { TABS } from '../../src/features/shell/tabs'
import { allPages, packageOf, readAppJson, subpackageNamed } from './app-json'
import { MINI_KINDS, buildDir } from './server'

const route = (name: string): string => `pages/${name}/${name}`

/** The first screen and the way to an order: what a diner needs before any other download. */
const MAIN = ['scanCodeEntry', 'home', 'goodsList', 'search', 'goodsDetails', 'prepayCart', 'postpayCart', 'prepayOrderConfirm', 'postpayOrderConfirm', 'orderEntry', 'orderList', 'mine'].map(route)

/** Pages no diner needs on the first screen (issue 28: the member's account, after-sale, reviews, addresses, coupons, bill split, receipts …). */
const PAST_FIRST_SCREEN = [
  'orderDetails', 'paymentTransfer', 'paying', 'paymentResult', 'loginByCode', 'vipBalance', 'vipBalanceRecharge', 'vipQrCode',
  'afterSale', 'reviewEdit', 'goodsComment', 'addressList', 'addressEdit', 'couponsList', 'couponSelect', 'couponPlan', 'billSplit', 'receipt', 'tableSheetList'
].map(route)

const EXT = { weapp: { style: '.wxss', view: '.wxml' }, alipay: { style: '.acss', view: '.axml' } } as const

/** Every file of a build, relative with '/'. */
function filesOf(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? filesOf(full, base) : [path.relative(base, full).split(path.sep).join('/')]
  })
}

/** The files a file of the build names: scripts' require, styles' @import, views' import/include, pages' components. */
function referencesOf(file: string, source: string, ext: (typeof EXT)['weapp' | 'alipay']): string[] {
  const refs: string[] = []
  if (file.endsWith('.js')) for (const m of source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) refs.push(/\.js$/.test(m[1]) ? m[1] : `${m[1]}.js`)
  if (file.endsWith(ext.style)) for (const m of source.matchAll(/@import\s+["']([^"']+)["']/g)) refs.push(m[1])
  if (file.endsWith(ext.view)) for (const m of source.matchAll(/<(?:import|include)\s+src=["']([^"']+)["']/g)) refs.push(m[1])
  if (file.endsWith('.json') && file !== 'app.json') {
    const using = (JSON.parse(source) as { usingComponents?: Record<string, string> }).usingComponents ?? {}
    for (const target of Object.values(using)) if (!target.startsWith('plugin://')) refs.push(`${target}.js`)
  }
  return refs.map((r) => (r.startsWith('/') ? r.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(file), r))))
}

for (const kind of MINI_KINDS) {
  describe(`${kind} build: packages`, () => {
    const dir = buildDir(kind)
    const app = readAppJson(dir)
    const mib = (n: number) => `${n} B (${(n / 1024 / 1024).toFixed(2)} MiB)`

    test('the entry, the tabs and the menu-to-confirm path are in the main package; the pages past them are subpackages', () => {
      assert.ok(app.subpackages.length > 0, 'app.json names subpackages')
      for (const page of [...MAIN, ...TABS.map((t) => t.path.slice(1))]) assert.ok(app.pages.includes(page), `${page} is in the main package`)
      assert.ok(app.pages.includes(app.entryPagePath ?? ''), 'the entry page is in the main package')
      for (const page of PAST_FIRST_SCREEN) assert.notEqual(packageOf(app, page), '', `${page} is in a subpackage`)
      // Each subpackage is its page's own folder: the page keeps its route.
      for (const sub of app.subpackages) {
        for (const page of sub.pages) assert.ok(existsSync(path.join(dir, `${page}.js`)), `${page}.js is built under its root ${sub.root}`)
      }
    })

    test('no page is in two packages; no root lies in another or holds a main-package page', () => {
      const pages = allPages(app)
      assert.deepEqual(pages.filter((p, i) => pages.indexOf(p) !== i), [], 'each page once')
      for (const sub of app.subpackages) {
        assert.deepEqual(app.pages.filter((p) => p.startsWith(`${sub.root}/`)), [], `no main-package page under ${sub.root}`)
        assert.deepEqual(app.subpackages.filter((o) => o !== sub && (o.root === sub.root || o.root.startsWith(`${sub.root}/`))).map((o) => o.root), [], `no root in or at ${sub.root}`)
      }
    })

    test('every file uses files of its own package or the main package only (and they exist)', () => {
      const problems: string[] = []
      const files = filesOf(dir).filter((f) => !f.endsWith('.map'))
      for (const file of files) {
        const from = packageOf(app, file)
        for (const ref of referencesOf(file, readFileSync(path.join(dir, file), 'utf8'), EXT[kind])) {
          const to = packageOf(app, ref)
          if (to && to !== from) problems.push(`${file} (${from || 'main'}) uses ${ref} (${to})`)
          if (!existsSync(path.join(dir, ref))) problems.push(`${file} uses ${ref}, which is not there`)
        }
      }
      assert.deepEqual(problems, [])
    })

    test('preload rules: the next page downloaded ahead where it is known (confirm → pay)', () => {
      const pages = allPages(app)
      for (const [page, rule] of Object.entries(app.preloadRule)) {
        assert.ok(pages.includes(page), `preloadRule names page ${page}`)
        for (const p of rule.packages) {
          const sub = subpackageNamed(app, p)
          assert.ok(sub, `${page} preloads ${p}, a subpackage`)
          assert.notEqual(sub.root, packageOf(app, page), `${page} does not preload its own package`)
        }
      }
      const pay = app.preloadRule[route('prepayOrderConfirm')]?.packages.map((p) => subpackageNamed(app, p)?.root)
      assert.ok(pay?.includes(packageOf(app, route('paymentTransfer'))), 'the confirm page preloads the payment page')
    })

    test('the main package is within 1 MiB, every subpackage within the hosts’ 2 MB', () => {
      const sizes = packageSizes(dir)
      assert.ok(sizes.main <= MINI_MAIN_GOAL, `main package ${mib(sizes.main)} ≤ ${mib(MINI_MAIN_GOAL)}`)
      const largest = subpackageSizes(dir)[0]
      assert.ok(largest.bytes <= MINI_HOST_LIMIT, `largest subpackage ${largest.root}: ${mib(largest.bytes)}`)
    })
  })
}
