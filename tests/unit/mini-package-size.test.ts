import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { packageSizes, subpackageSizes } from '../../scripts/mini-package-size'

/** A build folder: app.json and files of the given sizes. */
function build(app: object, files: Record<string, number>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'so-mini-size-'))
  writeFileSync(path.join(dir, 'app.json'), JSON.stringify(app))
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), Buffer.alloc(bytes))
  }
  return dir
}

test('npm run size: a build without subpackages is all main package; source maps are not counted', () => {
  const dir = build({ pages: ['pages/home/home'] }, { 'app.js': 1000, 'pages/home/home.js': 500, 'app.js.map': 9000 })
  try {
    const appJson = Buffer.byteLength(JSON.stringify({ pages: ['pages/home/home'] }))
    expect(packageSizes(dir)).toEqual({ main: 1500 + appJson, total: 1500 + appJson, subpackages: 0 })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('npm run size: files under a subpackage root count to the total only (weapp subPackages, alipay subpackages)', () => {
  for (const key of ['subPackages', 'subpackages']) {
    const app = { pages: ['pages/home/home'], [key]: [{ root: 'member/', pages: ['pages/vip/vip'] }, { root: '/orders', pages: ['pages/list/list'] }] }
    const dir = build(app, { 'app.js': 1000, 'member/pages/vip/vip.js': 300, 'orders/pages/list/list.js': 200, 'membership.js': 50 })
    try {
      const appJson = Buffer.byteLength(JSON.stringify(app))
      // 'membership.js' is no part of 'member/': only a root's own folder is its subpackage.
      expect(packageSizes(dir)).toEqual({ main: 1050 + appJson, total: 1550 + appJson, subpackages: 2 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
})

test('npm run size: each subpackage counted by its own folder, largest first', () => {
  const app = { pages: ['pages/home/home'], subPackages: [{ root: 'pages/orderDetails', pages: ['orderDetails'] }, { root: 'pages/prepayOrderConfirm/components', pages: ['terms'] }] }
  const dir = build(app, {
    'app.js': 1000,
    'pages/orderDetails/orderDetails.js': 300,
    'pages/orderDetails/sub-common/a.js': 40,
    'pages/orderDetails/orderDetails.js.map': 9000,
    'pages/prepayOrderConfirm/prepayOrderConfirm.js': 200,
    'pages/prepayOrderConfirm/components/terms.js': 500
  })
  try {
    // The confirm page lies beside the terms' folder, in the main package.
    expect(subpackageSizes(dir)).toEqual([
      { root: 'pages/prepayOrderConfirm/components', bytes: 500 },
      { root: 'pages/orderDetails', bytes: 340 }
    ])
    expect(packageSizes(dir).main).toBe(1200 + Buffer.byteLength(JSON.stringify(app)))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
