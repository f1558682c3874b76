/**
 * Issue 25 (left from item 4): host code exchanges are bounded per client address
 * (HOST_CODE_RATE_PER_MINUTE), counted in the database across every server process, so made-up
 * codes cannot spend the deployment's quota at WeChat or Alipay. The real WeChat provider points at
 * the loopback fake of the host (tests/support/fake-wechat-auth.ts), which records every exchange
 * it is asked for. Runs on SQLite, and on PostgreSQL with DATABASE_URL (two server instances there).
 */
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { identitySettings } from '../../server/src/providers/identity/identity.settings'
import { FakeWechatAuth } from '../support/fake-wechat-auth'

const MINI = { appId: 'wx0123456789abcdef', secret: 'mini-secret-0123456789abcdef0123' }
const OA = { appId: 'wxfedcba9876543210', secret: 'oa-secret-0123456789abcdef012345' }
const LIMIT = 3

let wechat: FakeWechatAuth
let server: TestServer

beforeAll(async () => {
  wechat = await new FakeWechatAuth(MINI, OA).start()
  const identity = identitySettings({
    WECHAT_MINI_APPID: MINI.appId,
    WECHAT_MINI_SECRET: MINI.secret,
    WECHAT_OA_APPID: OA.appId,
    WECHAT_OA_SECRET: OA.secret,
    WECHAT_API_BASE_URL: wechat.baseUrl,
    WECHAT_OPEN_BASE_URL: 'https://open.weixin.qq.com',
    IDENTITY_TIMEOUT_MS: '800'
  })
  // TRUST_PROXY 1: each test speaks from its own address through X-Forwarded-For.
  server = await createTestServer({ identityProvider: 'wechat', identity, hostCodeRatePerMinute: LIMIT, trustProxy: 1 })
})
afterAll(async () => {
  await server?.close()
  await wechat?.close()
})

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
const exchangesAsked = () => wechat.requests.filter((r) => r.path === '/sns/jscode2session').length

test('past the limit a made-up code is refused with 10009 and never reaches the host; another address is not held back', async () => {
  const before = exchangesAsked()
  for (let i = 0; i < LIMIT; i++) {
    const res = await server.call('ThirdPartyAccessTokenGet', [{ Code: `made-up-${i}` }], from('203.0.113.7'))
    expect(res.body.resultcode).toBe('20040')
  }
  expect(exchangesAsked()).toBe(before + LIMIT)
  const refused = await server.call('ThirdPartyAccessTokenGet', [{ Code: 'made-up-over' }], from('203.0.113.7'))
  expect(refused.body.errcode).toBe('10009')
  expect(exchangesAsked()).toBe(before + LIMIT)
  // A good code from that address waits too (nothing was sent to the host, so it stays good) …
  const good = wechat.issueCode('mini', { openId: 'oMini-limit-0001' })
  expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: good }], from('203.0.113.7'))).body.errcode).toBe('10009')
  // … and works from another address (a phone that moved off the restaurant's Wi-Fi).
  const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: good }], from('198.51.100.20'))).table1[0]
  expect(token.OpenID).toBe('oMini-limit-0001')
})

test("the chat-app browser's user-info call answers the host's 'ask again' code past the limit, in the caller's language, without asking the host", async () => {
  const userinfo = (code: string, lang: string) =>
    server.app.inject({
      method: 'GET',
      url: `/host-auth/wechat/userinfo?code=${code}&EntID=E1001&appid=${OA.appId}&lang=${lang}`,
      headers: { host: 'localhost:8080', 'x-forwarded-for': '192.0.2.44' }
    })
  for (let i = 0; i < LIMIT; i++) expect(JSON.parse((await userinfo(`fake-${i}`, 'en')).body).code).toBe(40029)
  const asked = wechat.requests.filter((r) => r.path === '/sns/oauth2/access_token').length
  const en = JSON.parse((await userinfo('fake-over', 'en')).body)
  expect(en).toEqual({ code: 45009, msg: 'Too many requests. Please try again later.' })
  const zh = JSON.parse((await userinfo('fake-over-2', 'zh-TW')).body)
  expect(zh.code).toBe(45009)
  expect(zh.msg).not.toBe(en.msg)
  expect(wechat.requests.filter((r) => r.path === '/sns/oauth2/access_token').length).toBe(asked)
})

test('the development provider calls no host and is not counted', async () => {
  const dev = await createTestServer({ hostCodeRatePerMinute: 1 })
  try {
    for (let i = 0; i < 3; i++) ok(await dev.call('ThirdPartyAccessTokenGet', [{ Code: `dev:o-dev-${i}` }]))
  } finally {
    await dev.close()
  }
})

const onPostgres = process.env.DATABASE_URL ? test : test.skip
onPostgres('two server processes on one PostgreSQL share one limit', async () => {
  const second = await server.openSecondInstance()
  const ip = '203.0.113.99'
  const answers = await Promise.all(
    Array.from({ length: LIMIT * 2 }, (_, i) => (i % 2 ? second.call : server.call)('ThirdPartyAccessTokenGet', [{ Code: `race-${i}` }], from(ip)))
  )
  // Each use is stored first and counted after (domain/rate/address-window.ts): racing uses may
  // all see one another and more be refused, but never more than the limit pass, on either process.
  const passed = answers.filter((a) => a.body.resultcode === '20040').length
  const refused = answers.filter((a) => a.body.errcode === '10009').length
  expect(passed).toBeLessThanOrEqual(LIMIT)
  expect(passed + refused).toBe(LIMIT * 2)
})
