/**
 * Where a coupon applies, by name (issue 27 item 20: the app said 'Only at some shops' and not
 * which): the Coupons group's rows carry PlaceNames, the branches (else shops) a plan is limited
 * to, in the caller's language; '' for a plan good anywhere. SQLite by default; PostgreSQL with
 * DATABASE_URL.
 */
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const shopName = async (locale: 'zh-CN' | 'zh-TW' | 'en') => {
  const row = await server.db.selectFrom('shops').select('names').where('shop_id', '=', 'S101').executeTakeFirstOrThrow()
  return (JSON.parse(row.names) as Record<string, string>)[locale]
}

test.each(['en', 'zh-CN', 'zh-TW'] as const)("CouponPlanList in %s names the Signatures discount's shop; the welcome voucher none", async (lang) => {
  const plans = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }], { lang })).table1 as { PlanCode: string; ShopIDs: string; PlaceNames: string }[]
  const limited = plans.find((p) => p.ShopIDs === 'S101')
  const anywhere = plans.find((p) => p.ShopIDs === '')
  expect(limited?.PlaceNames).toBe(await shopName(lang))
  expect(anywhere?.PlaceNames).toBe('')
})

test('a plan limited to branches is named by its branches, in the caller language, joined as the language joins', async () => {
  await server.db.updateTable('coupon_plans').set({ base_ids: JSON.stringify(['B201', 'B202']) }).where('plan_id', '=', 'E1001-CP-SIGNATURE20').execute()
  const names = async (id: string) => JSON.parse((await server.db.selectFrom('bases').select('names').where('base_id', '=', id).executeTakeFirstOrThrow()).names) as Record<string, string>
  const [b1, b2] = [await names('B201'), await names('B202')]
  const en = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }], { lang: 'en' })).table1.find((p: { ShopIDs: string }) => p.ShopIDs === 'S101')
  expect(en.PlaceNames).toBe(`${b1.en}, ${b2.en}`)
  const tw = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }], { lang: 'zh-TW' })).table1.find((p: { ShopIDs: string }) => p.ShopIDs === 'S101')
  expect(tw.PlaceNames).toBe(`${b1['zh-TW']}、${b2['zh-TW']}`)
})
