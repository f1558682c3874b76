/**
 * Issue 11 finding 5: 8,000 menu reads over shops, branches, page sizes and languages took the
 * server from 172 to 448 MB, because the caches were capped by count, not by size. Every cache
 * of answers is now bounded by bytes (KEPT_ANSWERS_MB, MENU_CACHE_MB); measured here by the
 * caches' own accounting (RSS is for the bench: bench/menu-storm.bench.ts).
 */
import { keptAnswersOf } from '../../server/src/http/kept-answers'
import { menuCache } from '../../server/src/domain/catalogue/menu-cache'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

const KEPT_BYTES = 256 * 1024
const MENU_BYTES = 1024 * 1024

let server: TestServer

beforeAll(async () => {
  server = await createTestServer({ keptAnswersBytes: KEPT_BYTES, menuCacheBytes: MENU_BYTES }, { demoMenus: true })
})

afterAll(async () => {
  await server.close()
})

const SCOPES = [
  { ShopID: 'S101' },
  { ShopID: 'S101', BaseID: 'B201' },
  { ShopID: 'S101', BaseID: 'B202' },
  { ShopID: 'S102' },
  { ShopID: 'S102', BaseID: 'B203' }
]
const LANGS = ['en', 'zh-CN', 'zh-TW']

function cacheBytes(): { kept: number; menu: number } {
  return { kept: keptAnswersOf(server.db)!.bytes, menu: menuCache(server.db).bytes }
}

it('stays within its bytes after thousands of distinct menu reads, and still answers right', async () => {
  const classes = new Map<string, string[]>()
  for (const scope of SCOPES) {
    const rows = ok(await server.call('GoodsClassAllGet', [scope])).table1
    classes.set(scope.ShopID, rows.map((r) => r.ClassID))
  }
  const first = ok(await server.call('GoodsListByClass', [{ ShopID: 'S101', PageSize: 7 }]))

  let reads = 0
  let peak = { kept: 0, menu: 0 }
  for (const scope of SCOPES) {
    for (const lang of LANGS) {
      for (const classId of ['', ...classes.get(scope.ShopID)!]) {
        for (const pageSize of [1, 2, 5, 10, 20, 50, 100]) {
          // A different UserID makes a different body: a kept answer each, as many diners do.
          const res = await server.call('GoodsListByClass', [{ ...scope, ClassID: classId, PageSize: pageSize, UserID: `u${reads}` }], { lang })
          expect(res.body.resultcode).toBe('0')
          reads++
          if (reads % 50 === 0) {
            const now = cacheBytes()
            peak = { kept: Math.max(peak.kept, now.kept), menu: Math.max(peak.menu, now.menu) }
          }
        }
      }
      for (let page = 1; page <= 10; page++) {
        const res = await server.call('ShopHomeGoodsByPage', [{ ...scope, PageIndex: page, PageSize: page * 3, UserID: `h${reads}` }], { lang })
        expect(res.body.resultcode).toBe('0')
        reads++
      }
    }
  }
  expect(reads).toBeGreaterThan(1000)
  const end = cacheBytes()
  peak = { kept: Math.max(peak.kept, end.kept), menu: Math.max(peak.menu, end.menu) }
  // The caches were used (not simply off) and never held more than their bound.
  expect(end.kept).toBeGreaterThan(KEPT_BYTES / 4)
  expect(end.menu).toBeGreaterThan(0)
  expect(peak.kept).toBeLessThanOrEqual(KEPT_BYTES)
  expect(peak.menu).toBeLessThanOrEqual(MENU_BYTES)

  // An answer whose cached copy was pushed out is built again, the same.
  expect(ok(await server.call('GoodsListByClass', [{ ShopID: 'S101', PageSize: 7 }]))).toEqual(first)
})

it('answers right when a menu is larger than the whole menu cache (not kept, read every time)', async () => {
  const tiny = await createTestServer({ keptAnswersBytes: 1024, menuCacheBytes: 1024 }, { demoMenus: true })
  try {
    const a = ok(await tiny.call('GoodsListByClass', [{ ShopID: 'S101', PageSize: 3 }]))
    const b = ok(await tiny.call('GoodsListByClass', [{ ShopID: 'S101', PageSize: 3 }]))
    expect(a.table1).toHaveLength(3)
    expect(b).toEqual(a)
    expect(keptAnswersOf(tiny.db)!.bytes).toBeLessThanOrEqual(1024)
    expect(menuCache(tiny.db).bytes).toBeLessThanOrEqual(1024)
  } finally {
    await tiny.close()
  }
})

it('shows stock changed by another process (an order there, here a direct UPDATE) within 5 s, kept answers included', async () => {
  const [h01] = ok(await server.call('GoodsListByClass', [{ ShopID: 'S101', Keyword: 'H01' }])).table1
  const detail = async () => ok(await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: h01.GoodsID }])).table4.map((s) => s.Qua)
  const before = await detail()
  expect(before.some((q) => q > 0)).toBe(true)
  // Twice: the second is a kept answer.
  expect(await detail()).toEqual(before)

  // What another process's order does to the row; this process's caches are not told.
  await server.db.updateTable('skus').set((eb) => ({ stock: eb('stock', '-', 3) })).where('goods_id', '=', h01.GoodsID).where('stock', 'is not', null).execute()
  const expected = before.map((q) => (q > 0 ? q - 3 : q))
  const started = Date.now()
  let seen = await detail()
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() - started < 6000) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    seen = await detail()
  }
  expect(seen).toEqual(expected)
  expect(Date.now() - started).toBeLessThan(5000)
})

it('gives the memory back when the storm is over: entries unused for CACHE_IDLE_SECONDS are dropped', async () => {
  const quick = await createTestServer({ cacheIdleMs: 300 }, { demoMenus: true })
  try {
    for (let n = 0; n < 20; n++) ok(await quick.call('GoodsListByClass', [{ ShopID: 'S101', PageSize: n + 1, UserID: `u${n}` }]))
    expect(keptAnswersOf(quick.db)!.bytes).toBeGreaterThan(0)
    expect(menuCache(quick.db).bytes).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(keptAnswersOf(quick.db)!.bytes).toBe(0)
    expect(menuCache(quick.db).bytes).toBe(0)
    // And reads go on as before.
    expect(ok(await quick.call('GoodsListByClass', [{ ShopID: 'S101', PageSize: 3 }])).table1).toHaveLength(3)
  } finally {
    await quick.close()
  }
})
