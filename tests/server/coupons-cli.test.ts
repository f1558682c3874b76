/**
 * The shop's coupon CLI (npm run coupons): create a plan, list and pause it, issue a card to a
 * member by phone, print a voucher, look a card up and void it. Runs the real CLI on the test
 * server's database; what it did is checked through the gateway, as a member would see it.
 */
import { RESULTCODES } from '../../src/gateway/codes'
import { makeMember } from './helpers/member-fixtures'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const cli = (...args: string[]) => runCli(server, 'coupons', ...args)

test('create, list, pause and resume a plan; issue to a member; print, look up and void a voucher', async () => {
  const made = await cli('create', 'LUNCH8', '--name-zh-cn', '午市 8 元券', '--name-zh-tw', '午市 8 元券', '--name-en', 'Lunch 8 off', '--amount', '8', '--min', '40', '--valid-days', '14', '--claimable', '--total', '100', '--shops', 'S101')
  expect(made.stderr).toBe('')
  expect(made.code).toBe(0)
  expect(made.stdout).toContain('Created plan LUNCH8')
  const plans = await cli('plans')
  expect(plans.stdout).toMatch(/LUNCH8 {2}Lunch 8 off {2}8 off, from 40; 14 days from collection; 0\/100 issued; running, claimable/)
  expect(plans.stdout).toContain('WELCOME5')
  const listed = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }])).table1.find((p) => p.PlanCode === 'LUNCH8')
  expect(listed).toMatchObject({ Amount: '8', MinAmount: '40', TotalQua: 100, CanClaim: 1 })

  expect((await cli('pause', 'LUNCH8')).stdout).toContain('paused')
  const m = await makeMember(server.db)
  expect((await server.call('CouponCardProvide', [{ PlanID: listed.PlanID, RequestKey: 'cli-test-claim-1' }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.COUPON_NOT_CLAIMABLE)
  expect((await cli('resume', 'LUNCH8')).stdout).toContain('running')

  const issued = await cli('issue', 'LUNCH8', '--phone', m.phone, '--area', '853')
  expect(issued.code).toBe(0)
  const code = /\n {2}(\d{12}) {2}valid/.exec(issued.stdout)?.[1]
  expect(code).toBeDefined()
  const cards = ok(await server.call('CouponCardList', [{ Status: 0 }], { headers: m.headers })).table1
  expect(cards.map((c) => [c.CardCode, c.Source])).toEqual([[code, 'issue']])

  const printed = await cli('print', 'LUNCH8', '--qua', '2')
  const codes = [...printed.stdout.matchAll(/\n {2}(\d{12}) {2}valid/g)].map((x) => x[1])
  expect(codes).toHaveLength(2)
  const look = await cli('card', codes[0])
  expect(look.stdout).toContain('Holder:  (nobody yet: a printed voucher)')
  expect(look.stdout).toContain('State:   available')
  expect((await cli('void', codes[0])).stdout).toContain('voided')
  expect((await cli('card', codes[0])).stdout).toMatch(/void {2}available → returned {2}shop/)
  expect((await cli('void', codes[0])).code).toBe(1)
  expect((await server.call('VoucherVerify', [{ Code: codes[0] }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.COUPON_NOT_AVAILABLE)
  ok(await server.call('VoucherVerify', [{ Code: codes[1] }], { headers: m.headers }))
})

test('refusals: a plan without a value or days, a duplicate code, an unknown card, an unknown command', async () => {
  const names = ['--name-zh-cn', 'x', '--name-zh-tw', 'x', '--name-en', 'x']
  expect((await cli('create', 'BAD1', ...names, '--valid-days', '3')).code).toBe(2)
  expect((await cli('create', 'BAD2', ...names, '--percent', '120', '--valid-days', '3')).stderr).toContain('between 0 and 100')
  expect((await cli('create', 'WELCOME5', ...names, '--amount', '1', '--valid-days', '3')).stderr).toContain('exists')
  expect((await cli('card', '000000000000')).stderr).toContain('No such plan or card')
  expect((await cli('frobnicate', 'x')).code).toBe(2)
})

test('money terms finer than the currency are refused, naming the term: 0.004 off would be rounded away (no cap, or a card used up for nothing)', async () => {
  const names = ['--name-zh-cn', 'x', '--name-zh-tw', 'x', '--name-en', 'x']
  const cap = await cli('create', 'FINE1', ...names, '--percent', '20', '--max-off', '0.004', '--valid-days', '3')
  expect(cap.code).toBe(1)
  expect(cap.stderr).toContain("most off '0.004' is finer than the currency: at most 2 decimal places")
  const amount = await cli('create', 'FINE2', ...names, '--amount', '0.004', '--valid-days', '3')
  expect(amount.stderr).toContain("amount '0.004' is finer than the currency")
  expect((await cli('create', 'FINE3', ...names, '--amount', '5', '--min', '9.999', '--valid-days', '3')).stderr).toContain("minimum spend '9.999' is finer than the currency")
  // Nothing was made; terms in the currency's unit still are.
  expect((await cli('plans')).stdout).not.toMatch(/FINE[123]/)
  expect((await cli('create', 'FINE4', ...names, '--percent', '20', '--max-off', '0.05', '--valid-days', '3')).code).toBe(0)
})
