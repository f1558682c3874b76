/**
 * Red-team review of what issue 14 added to the gateway, attacked from outside through HTTP only
 * (app.inject) and as a signed-in member of another account: the host cashiers' parameters
 * (PaySubmit / RechargeSubmit PayChannel) and the sandbox cashier POST /sandbox-pay/cashier; the
 * host-browser login (GET /host-auth/<kind>/authorize, the DEVELOPMENT authorise page, the GET
 * user-info calls, ThirdPartyAccessTokenGet with HostKind, tokens naming their provider).
 * SQLite, and PostgreSQL with DATABASE_URL.
 *
 * Tests named "found:" failed before their fix (docs/security.md "Issue 14"); every other test is an
 * attack that was already refused, kept as a guard against regression.
 */
import { createHash, randomBytes } from 'node:crypto'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import type { PayChannel, PayInvocationRow } from '../../src/gateway/pay-invocation'
import type { HostIdentity, HostProfile, IdentityProvider } from '../../server/src/providers/identity/identity-provider'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { makeMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

const SECRET = 'redteam-14-sandbox-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
const ORIGIN = 'http://localhost:8080'
const HOST = { host: 'localhost:8080' }
const STATE = 'st4te-redteam-14-0123456789'
const RETURN = `${ORIGIN}/#/pages/mine/mine`
const PAY_RETURN = '/#/pages/paying/paying?PayID={PayID}'

/**
 * A host that answers oddly (a test double of a careless or hostile host's identity API): its
 * pictures are whatever it says. Codes 'odd:<openid>' are its users.
 */
class OddPictureHost implements IdentityProvider {
  readonly name = 'odd-host'
  readonly verifiesPhones = false
  picture = ''
  async exchangeCode(code: string): Promise<HostIdentity | null> {
    const m = /^odd:([a-z0-9-]{1,32})$/.exec(code)
    return m ? { openId: m[1], areaNo: '', phone: '' } : null
  }
  async userInfo(): Promise<HostProfile | null> {
    return { nickname: 'Odd', picture: this.picture, areaNo: '', phone: '' }
  }
}
const oddHost = new OddPictureHost()

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET }, { identity: oddHost })
}, 60_000)
afterAll(() => server?.close())

// ---------- helpers ----------

const device = () => {
  const key = `dev-${randomBytes(12).toString('hex')}`
  return { key, owner: createHash('sha256').update(key).digest('hex'), headers: { 'X-Device-Key': key } }
}
const rk = () => `rk-${randomBytes(8).toString('hex')}`
const paymentStatus = async (payId: string) => Number((await server.db.selectFrom('payments').select('status').where('pay_id', '=', payId).executeTakeFirstOrThrow()).status)
const countRows = async (table: 'payments' | 'payment_notices' | 'dev_host_login_codes') => Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

async function pay(channel: PayChannel, payer = device(), orderId?: string) {
  const sheet = orderId ?? (await insertOrderRow(server.db, { ownerKey: payer.owner }))
  const data = ok(await server.call('PaySubmit', [{ SheetID: sheet, RequestKey: rk(), ReturnUrl: PAY_RETURN, PayChannel: channel }], { headers: payer.headers }))
  return { orderId: sheet, payer, payment: data.table1[0], invocation: data.table2[0] as PayInvocationRow }
}

const wechatParams = (i: PayInvocationRow) => ({ appId: i.AppID, timeStamp: i.TimeStamp, nonceStr: i.NonceStr, package: i.Package, signType: i.SignType, paySign: i.PaySign })

async function cashier(payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await server.app.inject({ method: 'POST', url: '/sandbox-pay/cashier', payload, headers })
  let body: Record<string, unknown> | null = null
  try {
    body = res.json()
  } catch {
    body = null
  }
  return { status: res.statusCode, body, text: res.body }
}
const sandboxRefunds = () => (server.providers.payments.get('sandbox') as SandboxPaymentProvider).refunds
const decide = (body: Record<string, unknown>) => cashier(JSON.stringify(body))

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url, headers: { ...HOST, ...headers } })
  let body: any = null
  try {
    body = JSON.parse(res.body)
  } catch {
    body = null
  }
  return { status: res.statusCode, body, text: res.body, headers: res.headers }
}

const authorize = (kind: string, redirect: string, state = STATE) => get(`/host-auth/${kind}/authorize?${new URLSearchParams({ EntID: 'E1001', redirect_uri: redirect, state })}`)

/** The development authorise page, answered as a tester would (or as an attacker replaying it). */
function devPage(kind: string, query: Record<string, string>, body?: string, headers: Record<string, string> = {}) {
  const url = `/dev-auth/${kind}/authorize?${new URLSearchParams(query)}`
  return body === undefined
    ? server.app.inject({ method: 'GET', url, headers: { ...HOST, ...headers } })
    : server.app.inject({ method: 'POST', url, headers: { ...HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: body })
}

async function devCode(kind: string, user = 'dev-amy'): Promise<string> {
  const res = await devPage(kind, { app_id: `dev-${kind}`, redirect_uri: RETURN, state: STATE }, `user=${user}&decision=allow`)
  expect(res.statusCode).toBe(303)
  return new URL(res.headers.location as string).searchParams.get('code') as string
}

const userInfoUrl = (kind: string, code: string) =>
  kind === 'wechat' ? `/host-auth/wechat/userinfo?code=${code}&appid=dev-wechat&EntID=E1001` : `/host-auth/${kind}/userinfo?code=${code}&EntID=E1001`
const resultOf = (body: any): number => (body?.code ?? body?.errcode) as number

// ---------- the sandbox cashier ----------

describe('the sandbox cashier, attacked', () => {
  test("another device or member cannot get an order's cashier parameters, through any channel", async () => {
    const owner = device()
    const orderId = await insertOrderRow(server.db, { ownerKey: owner.owner })
    const stranger = await makeMember(server.db)
    const before = await countRows('payments')
    for (const PayChannel of ['wechat-mini', 'wechat-jsapi', 'alipay-mini', 'alipay-jsapi', 'hosted'] as const) {
      for (const headers of [device().headers, stranger.headers, {}]) {
        const res = await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: rk(), ReturnUrl: PAY_RETURN, PayChannel }], { headers })
        expect(res.body.data?.table2 ?? []).toEqual([])
        expect(['20016', '10007']).toContain(res.body.resultcode || res.body.errcode)
      }
    }
    expect(await countRows('payments')).toBe(before)
    // A provider the deployment does not have, and a channel that does not exist.
    expect((await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: rk(), ReturnUrl: PAY_RETURN, Provider: 'stripe', PayChannel: 'wechat-mini' }], { headers: owner.headers })).body.resultcode).toBe('20020')
    expect((await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: rk(), ReturnUrl: PAY_RETURN, PayChannel: 'apple-pay' }], { headers: owner.headers })).body.errcode).toBe('10007')
    expect(await countRows('payments')).toBe(before)
  })

  test("a recharge's trade number moved onto an order, one payment's mac on another, one channel's mac in the other's field: unknown", async () => {
    const m = await makeMember(server.db)
    const recharge = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: rk(), ReturnUrl: '/', PayChannel: 'alipay-jsapi' }], { headers: m.headers }))
    const trade = (recharge.table2[0] as PayInvocationRow).TradeNO
    const rechargeId = recharge.table1[0].RechargeID
    const order = await pay('alipay-mini')
    const wx = await pay('wechat-mini')
    const mac = (s: string) => /_([0-9a-f]{24})$/.exec(s)![1]
    const forged = [
      { tradeNO: trade.replace(rechargeId, order.payment.PayID) },
      { tradeNO: `SBX_${order.payment.PayID}_${mac(wx.invocation.Package)}` },
      { ...wechatParams(wx.invocation), package: `prepay_id=sbx_${wx.payment.PayID}_${mac(order.invocation.TradeNO)}` },
      { tradeNO: `SBX_${rechargeId}_${mac(order.invocation.TradeNO)}` },
      // Both at once: which one counts must not be the attacker's choice.
      { ...wechatParams(wx.invocation), tradeNO: `SBX_${wx.payment.PayID}_${mac(wx.invocation.Package)}` }
    ]
    for (const params of forged) expect(await decide({ decision: 'approve', ...params })).toMatchObject({ status: 404, body: { ok: false, reason: 'unknown' } })
    expect(await paymentStatus(order.payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
    expect(await paymentStatus(wx.payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
    const r = await server.db.selectFrom('recharges').select('status').where('recharge_id', '=', rechargeId).executeTakeFirstOrThrow()
    expect(Number(r.status)).toBe(RECHARGE_STATUS.PENDING)
  })

  test('an unknown id and an existing one with a wrong mac answer exactly alike', async () => {
    const { payment } = await pay('alipay-jsapi')
    const made = await decide({ decision: 'approve', tradeNO: `SBX_P000000000DEADBEEF_${'a'.repeat(24)}` })
    const real = await decide({ decision: 'approve', tradeNO: `SBX_${payment.PayID}_${'a'.repeat(24)}` })
    // Signed by this deployment for an id that does not exist (as after a database reset).
    const ghost = (await sandbox.createPayment({ payId: 'P000000000DEADBEEF', amount: '1', currency: '', description: '', returnUrl: '/', notifyUrl: `${ORIGIN}/pay/notify/sandbox`, createdAt: new Date().toISOString() }, 'alipay-jsapi')).invocation
    const signedGhost = await decide({ decision: 'approve', tradeNO: (ghost as { tradeNO: string }).tradeNO })
    expect(made).toEqual(real)
    expect(signedGhost).toEqual(real)
  })

  test('settled, declined, superseded and refunded payments take no decision, whatever is asked', async () => {
    const a = await pay('wechat-jsapi')
    expect((await decide({ decision: 'approve', ...wechatParams(a.invocation) })).status).toBe(200)
    const b = await pay('alipay-mini')
    expect((await decide({ decision: 'decline', tradeNO: b.invocation.TradeNO })).status).toBe(200)
    const c1 = await pay('alipay-jsapi')
    await pay('alipay-jsapi', c1.payer, c1.orderId)
    const notices = await countRows('payment_notices')
    for (const decision of ['approve', 'decline', 'cancel']) {
      expect(await decide({ decision, ...wechatParams(a.invocation) })).toMatchObject({ status: 409, body: { reason: 'settled' } })
      expect(await decide({ decision, tradeNO: b.invocation.TradeNO })).toMatchObject({ status: 409, body: { reason: 'settled' } })
      expect(await decide({ decision, tradeNO: c1.invocation.TradeNO })).toMatchObject({ status: 409, body: { reason: 'superseded' } })
    }
    expect(await countRows('payment_notices')).toBe(notices)
    expect(await paymentStatus(a.payment.PayID)).toBe(PAYMENT_STATUS.PAID)
    expect(await paymentStatus(b.payment.PayID)).toBe(PAYMENT_STATUS.DECLINED)
    expect(await paymentStatus(c1.payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
  })

  test('the same parameters approved twice at once pay the order once', async () => {
    const { payment, invocation, orderId } = await pay('alipay-mini')
    const answers = await Promise.all([1, 2, 3].map(() => decide({ decision: 'approve', tradeNO: invocation.TradeNO })))
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1)
    for (const a of answers) expect([200, 409]).toContain(a.status)
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.PAID)
    const order = await server.db.selectFrom('orders').select(['paid_amount', 'amount']).where('order_id', '=', orderId).executeTakeFirstOrThrow()
    expect(Number(order.paid_amount)).toBe(Number(order.amount))
  })

  test('parameters kept past the order\'s time pay nothing: the money taken goes back at once', async () => {
    const { payment, invocation, orderId } = await pay('wechat-mini')
    await server.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 60_000).toISOString(), status: ORDER_STATUS.EXPIRED }).where('order_id', '=', orderId).execute()
    const res = await decide({ decision: 'approve', ...wechatParams(invocation), appId: undefined })
    expect(res.status).toBeLessThan(500)
    const order = await server.db.selectFrom('orders').select(['paid_amount']).where('order_id', '=', orderId).executeTakeFirstOrThrow()
    expect(Number(order.paid_amount)).toBe(0)
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.REFUNDED)
    expect(sandboxRefunds().some((r) => r.payId === payment.PayID)).toBe(true)
  })

  test('huge, malformed and oddly typed bodies: 4xx, never 5xx, nothing decided', async () => {
    const { payment, invocation } = await pay('alipay-jsapi')
    const good = JSON.stringify({ decision: 'approve', tradeNO: invocation.TradeNO })
    const bodies: [string, Record<string, string>][] = [
      [JSON.stringify({ decision: 'approve', tradeNO: invocation.TradeNO, pad: 'x'.repeat(10_000) }), { 'content-type': 'application/json' }],
      ['{"decision":"approve","tradeNO":', { 'content-type': 'application/json' }],
      ['"approve"', { 'content-type': 'application/json' }],
      ['1e999', { 'content-type': 'application/json' }],
      [JSON.stringify({ decision: ['approve'], tradeNO: invocation.TradeNO }), { 'content-type': 'application/json' }],
      [JSON.stringify({ decision: 'approve', tradeNO: [invocation.TradeNO] }), { 'content-type': 'application/json' }],
      [JSON.stringify({ decision: 'approve', tradeNO: { toString: invocation.TradeNO } }), { 'content-type': 'application/json' }],
      [JSON.stringify({ decision: 'approve', tradeNO: `${invocation.TradeNO}\u0000` }), { 'content-type': 'application/json' }],
      [JSON.stringify({ decision: 'approve', tradeNO: invocation.TradeNO.toLowerCase() }), { 'content-type': 'application/json' }],
      [`decision=approve&tradeNO=${invocation.TradeNO}`, { 'content-type': 'application/x-www-form-urlencoded' }],
      [JSON.stringify({ __proto__: { decision: 'approve' }, tradeNO: invocation.TradeNO }), { 'content-type': 'application/json' }],
      [`{"tradeNO":"${invocation.TradeNO}","__proto__":{"decision":"approve"}}`, { 'content-type': 'application/json' }]
    ]
    for (const [payload, headers] of bodies) {
      const res = await cashier(payload, headers)
      expect({ payload: payload.slice(0, 90), status: res.status >= 400, body: res.body }).toEqual({ payload: payload.slice(0, 90), status: true, body: res.body })
      expect(res.status).toBeLessThan(500)
      expect(res.text).not.toMatch(/at .*\.ts:\d+|stack/i)
    }
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
    // Other content types with the genuine JSON: the host stand-ins post JSON, but the type alone proves nothing either way.
    const plain = await cashier(good, { 'content-type': 'text/plain' })
    expect([200, 400, 415]).toContain(plain.status)
  })
})

// ---------- the authorise page and the user-info calls ----------

describe('host login: redirects', () => {
  const tricks = [
    'https://evil.example/',
    '//evil.example/#/pages/mine/mine',
    '/\\evil.example/',
    '\\\\evil.example',
    'http://localhost:8080.evil.example/',
    'http://localhost:8080@evil.example/',
    'http://evil.example#@localhost:8080/',
    'http://evil.example\\@localhost:8080/',
    'http://localhost:8081/',
    'https://localhost:8080/',
    'javascript:alert(1)//http://localhost:8080/',
    'java\tscript:alert(1)',
    ' javascript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
    'http://localhost%3A8080@evil.example/',
    'http:/evil.example',
    'http:evil.example',
    'HTTP://EVIL.EXAMPLE/',
    'http://evil.example/\nhttp://localhost:8080/',
    'http://xn--localhost-xyz.example/',
    'http://user:pass@localhost:8080/'
  ]

  test('a return address elsewhere is refused by the authorise call and by the development page (GET and POST): no code leaves', async () => {
    for (const redirect of tricks) {
      const a = await authorize('wechat', redirect)
      if (a.body.code === 0) {
        // Accepted only when it really is ours.
        expect({ redirect, origin: new URL(new URL(a.body.data.AuthorizeUrl).searchParams.get('redirect_uri')!).origin }).toEqual({ redirect, origin: ORIGIN })
      } else expect({ redirect, code: a.body.code }).toEqual({ redirect, code: 40001 })
      const query = { app_id: 'dev-wechat', redirect_uri: redirect, state: STATE }
      const page = await devPage('wechat', query)
      const post = await devPage('wechat', query, 'user=dev-amy&decision=allow')
      if (post.statusCode === 303) expect({ redirect, origin: new URL(post.headers.location as string).origin }).toEqual({ redirect, origin: ORIGIN })
      else {
        expect({ redirect, status: post.statusCode, location: post.headers.location }).toEqual({ redirect, status: 400, location: undefined })
        expect(page.statusCode).toBe(400)
      }
    }
  })

  test('XSS: nothing from the query reaches the page unescaped', async () => {
    const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>`
    const res = await server.app.inject({
      method: 'GET',
      url: `/dev-auth/wechat/authorize?app_id=dev-wechat&redirect_uri=${encodeURIComponent(RETURN)}&state=${STATE}&x=${evil}&lang=${encodeURIComponent(evil)}`,
      headers: HOST
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script>')
    expect(res.body).not.toContain('<img')
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
    const fragment = await devPage('wechat', { app_id: 'dev-wechat', redirect_uri: `${ORIGIN}/#"><script>alert(1)</script>`, state: STATE })
    expect(fragment.body).not.toContain('<script>')
    const post = await devPage('wechat', { app_id: 'dev-wechat', redirect_uri: `${ORIGIN}/#"><script>alert(1)</script>`, state: STATE }, 'user=dev-amy&decision=allow')
    expect(post.headers.location).not.toMatch(/[<>"]/)
    // The state is checked, never echoed: a state with markup is a bad request.
    const badState = await devPage('wechat', { app_id: 'dev-wechat', redirect_uri: RETURN, state: `${STATE}${evil}` })
    expect(badState.statusCode).toBe(400)
    expect(badState.body).not.toContain('alert(')
    const nick = await devPage('wechat', { app_id: 'dev-wechat', redirect_uri: RETURN, state: STATE }, `user=${encodeURIComponent(evil)}&decision=allow`)
    expect(nick.statusCode).toBe(400)
    expect(nick.body).not.toContain('<script>')
  })
})

describe('host login: codes', () => {
  test('a code is taken once, by one host kind, at one of the user-info calls or ThirdPartyAccessTokenGet, even when raced', async () => {
    for (const kind of ['wechat', 'alipay', 'alipayhk', 'wallet']) {
      const code = await devCode(kind)
      const answers = await Promise.all([1, 2, 3, 4].map(() => get(userInfoUrl(kind, code))))
      expect(answers.filter((a) => resultOf(a.body) === 0)).toHaveLength(1)
      for (const other of ['wechat', 'alipay', 'alipayhk', 'wallet'].filter((k) => k !== kind)) {
        const fresh = await devCode(kind)
        expect({ kind, other, code: resultOf((await get(userInfoUrl(other, fresh))).body) }).toEqual({ kind, other, code: 40029 })
        for (const HostKind of ['superapp', 'thirdparty']) expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: fresh, HostKind }])).body.resultcode).toBe('20040')
        expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: fresh }])).body.resultcode).toBe('20040')
      }
    }
  })

  test('wrong guesses neither use up nor lock out the real code; there is nothing to learn from the answers', async () => {
    const code = await devCode('wallet')
    const guesses = [code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A'), code.toLowerCase(), `${code} `, code.slice(1), 'A'.repeat(32), `${code}%00`]
    const answers = []
    for (const g of guesses) answers.push((await get(`/host-auth/wallet/userinfo?code=${encodeURIComponent(g)}&EntID=E1001`)).body)
    for (const a of answers) expect(a).toEqual(answers[0])
    expect(answers[0].errcode).not.toBe(0)
    expect((await get(`/host-auth/wallet/userinfo?code=${code}&EntID=E1001`)).body.errcode).toBe(0)
  })

  test('arrays, very long and odd parameters are bad requests, not errors', async () => {
    const code = await devCode('wechat')
    for (const q of [
      `code=${code}&code=${code}&appid=dev-wechat&EntID=E1001`,
      `code=${code}&appid=dev-wechat&appid=dev-wechat&EntID=E1001`,
      `code=${code}&appid=dev-wechat&EntID=E1001&EntID=E1002`,
      `code=${'x'.repeat(5000)}&appid=dev-wechat&EntID=E1001`,
      `code=${code}&appid=dev-wechat&EntID=${'E'.repeat(5000)}`,
      `code=${code}&appid=dev-wechat&EntID=%00`,
      `code=${code}&appid=dev-wechat&EntID[a]=1`
    ]) {
      const res = await get(`/host-auth/wechat/userinfo?${q}`)
      expect({ q: q.slice(0, 80), status: res.status < 500, code: res.body?.code }).toEqual({ q: q.slice(0, 80), status: true, code: expect.any(Number) })
      expect(res.body.code).not.toBe(0)
    }
    // None of that used the code up.
    expect((await get(userInfoUrl('wechat', code))).body.code).toBe(0)
  })
})

describe('host login: the development page under a flood', () => {
  test('found: every visit to the development authorise page kept a code row for ever; a stranger could grow the database without limit', async () => {
    const rows = () => server.db.selectFrom('dev_host_login_codes').select(['code_hash', 'used_at', 'expires_at']).where('kind', '=', 'wallet').execute()
    // A used code and an expired one are worth nothing: they are not kept.
    const used = await devCode('wallet', 'dev-ben')
    expect((await get(userInfoUrl('wallet', used))).body.errcode).toBe(0)
    const expired = await devCode('wallet', 'dev-ben')
    await server.db.updateTable('dev_host_login_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).where('kind', '=', 'wallet').execute()
    await devCode('wallet', 'dev-chloe')
    expect((await rows()).filter((r) => r.used_at !== null || r.expires_at <= new Date().toISOString())).toEqual([])
    expect((await get(userInfoUrl('wallet', expired))).body.errcode).toBe(40029)
    // A flood of fresh codes for one test user keeps a bounded number; the newest still works.
    let last = ''
    for (let i = 0; i < 60; i++) last = await devCode('wallet', 'dev-amy')
    const live = (await rows()).length
    expect(live).toBeLessThanOrEqual(30)
    expect((await get(userInfoUrl('wallet', last))).body.errcode).toBe(0)
  })
})

describe('host login: tokens and members', () => {
  test("a token of one provider is not another's identity: same open id, another member", async () => {
    const wechat = (await get(userInfoUrl('wechat', await devCode('wechat', 'dev-ben')))).body.data
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: wechat.OpenID, AccessToken: wechat.AccessToken, VipName: 'Ben' }]))
    const vipId = reg.table2[0].VipID
    // The mini-program's provider and the odd host both say 'dev-ben' too.
    const odd = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: 'odd:dev-ben' }])).table1[0]
    expect(odd.Provider).toBe('odd-host')
    expect((await server.call('VipLoginByOpenID', [{ OpenID: 'dev-ben', AccessToken: odd.AccessToken, LoginType: 0 }])).body.resultcode).toBe('42000')
    const superapp = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: await devCode('superapp', 'dev-ben'), HostKind: 'superapp' }])).table1[0]
    expect((await server.call('VipLoginByOpenID', [{ OpenID: 'dev-ben', AccessToken: superapp.AccessToken, LoginType: 0 }])).body.resultcode).toBe('42000')
    // A token's payload edited to name the chat-app provider no longer verifies.
    const [body, sig] = odd.AccessToken.split('.')
    if (sig) {
      const edited = Buffer.from(Buffer.from(body, 'base64url').toString().replace('odd-host', 'dev-wechat')).toString('base64url')
      expect((await server.call('VipLoginByOpenID', [{ OpenID: 'dev-ben', AccessToken: `${edited}.${sig}`, LoginType: 0 }])).body.resultcode).toBe('20040')
    }
    // Another enterprise's EntID on the user-info call: the token is that enterprise's, not this one's.
    const again = ok(await server.call('VipLoginByOpenID', [{ OpenID: 'dev-ben', AccessToken: (await get(userInfoUrl('wechat', await devCode('wechat', 'dev-ben')))).body.data.AccessToken, LoginType: 0 }]))
    expect(again.table2[0].VipID).toBe(vipId)
  })

  test("42000 registration cannot take over an existing member's phone", async () => {
    const victim = await makeMember(server.db)
    const row = (await get(userInfoUrl('alipay', await devCode('alipay', 'dev-chloe')))).body.data
    const attempts = [
      { RegisterType: 0, OpenID: row.OpenID, AccessToken: row.AccessToken, AreaNo: '853', Phone: victim.phone },
      { RegisterType: 2, OpenID: row.OpenID, AccessToken: row.AccessToken, AreaNo: '853', Phone: victim.phone },
      { RegisterType: 1, OpenID: row.OpenID, AccessToken: row.AccessToken, AreaNo: '853', Phone: victim.phone, Code: '000000' },
      { RegisterType: 1, OpenID: row.OpenID, AccessToken: row.AccessToken, AreaNo: '853', Phone: victim.phone }
    ]
    for (const attempt of attempts) {
      const res = await server.call('VipRegister', [attempt])
      expect(res.body.data?.table2?.[0]?.VipID).not.toBe(victim.vipId)
      if (res.body.data?.table2?.[0]) expect(res.body.data.table2[0].Phone).toBe('')
    }
    const links = await server.db.selectFrom('member_identities').select('vip_id').where('open_id', '=', 'dev-chloe').execute()
    expect(links.map((l) => l.vip_id)).not.toContain(victim.vipId)
  })
})

describe('host login: pictures', () => {
  test('the server never fetches a host picture (no SSRF); a user-info call answers only an http(s) address', async () => {
    const row = (await get(userInfoUrl('wechat', await devCode('wechat', 'dev-amy')))).body.data
    expect(row.Pic).toBe(`${ORIGIN}/dev-auth/avatar/dev-amy.svg`)
  })

  test("found: ThirdPartyUserInfoGet passed the host's picture on unchecked (javascript:, file:, a bare path), unlike the user-info calls", async () => {
    const picOf = async (picture: string) => {
      oddHost.picture = picture
      const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: 'odd:pic-user' }])).table1[0]
      return ok(await server.call('ThirdPartyUserInfoGet', [{ AccessToken: token.AccessToken, OpenID: 'pic-user' }], { headers: HOST })).table1[0].Pic
    }
    try {
      for (const bad of ['javascript:alert(document.cookie)', 'file:///etc/passwd', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://user:pass@cdn.example/a.png', 'vbscript:x', ' \u0000javascript:alert(1)']) {
        expect({ bad, Pic: await picOf(bad) }).toEqual({ bad, Pic: '' })
      }
      expect(await picOf('https://cdn.host.example/a.png')).toBe('https://cdn.host.example/a.png')
    } finally {
      oddHost.picture = ''
    }
    // The super-app's development picture is a path on this server: made absolute, as the user-info calls make it.
    const superapp = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: await devCode('superapp', 'dev-amy'), HostKind: 'superapp' }])).table1[0]
    const user = ok(await server.call('ThirdPartyUserInfoGet', [{ AccessToken: superapp.AccessToken, OpenID: 'dev-amy' }], { headers: HOST })).table1[0]
    expect(user.Pic).toBe(`${ORIGIN}/dev-auth/avatar/dev-amy.svg`)
  })
})

describe('the development host login in production', () => {
  test("found: a production server passed IsDebug=1 on, so identities from the payment app's debug environment (test accounts anyone makes) would be signed as real ones", async () => {
    const prod = await createTestServer({ production: true, publicUrl: ORIGIN, allowDevelopmentProviders: ['sms', 'identity', 'sandbox-payments', 'geocoding'] } as never)
    try {
      const code = async () => {
        const res = await prod.app.inject({ method: 'POST', url: `/dev-auth/alipay/authorize?${new URLSearchParams({ app_id: 'dev-alipay', redirect_uri: RETURN, state: STATE })}`, headers: { ...HOST, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'user=dev-amy&decision=allow' })
        return new URL(res.headers.location as string).searchParams.get('code') as string
      }
      const c = await code()
      for (const kind of ['alipay', 'alipayhk']) {
        const debug = await prod.app.inject({ method: 'GET', url: `/host-auth/${kind}/userinfo?code=${c}&IsDebug=1&EntID=E1001`, headers: HOST })
        expect(debug.json()).toMatchObject({ code: 40001 })
        expect(debug.json().data).toBeUndefined()
      }
      // The code was not taken: the same call without the debug environment goes on.
      const real = await prod.app.inject({ method: 'GET', url: `/host-auth/alipay/userinfo?code=${c}&IsDebug=0&EntID=E1001`, headers: HOST })
      expect(real.json()).toMatchObject({ code: 0, data: { OpenID: 'dev-amy' } })
    } finally {
      await prod.close()
    }
    // Outside production the debug environment stays reachable (the development provider has none, and ignores it).
    expect((await get(`/host-auth/alipay/userinfo?code=${await devCode('alipay')}&IsDebug=1&EntID=E1001`)).body.code).toBe(0)
  })

  test('a production server does not start with it unless ALLOW_DEVELOPMENT_PROVIDERS names identity, and then says so', async () => {
    await expect(createTestServer({ production: true, publicUrl: 'https://shop.example', allowDevelopmentProviders: ['sms', 'sandbox-payments'] } as never)).rejects.toThrow(/IDENTITY_PROVIDER=development/)
  })
})
