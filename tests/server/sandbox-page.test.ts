/**
 * Issue 11: the sandbox pay page acts only for the payer (a per-payment key in the URL it was
 * handed, never the bare PayID or RechargeID), and its signing secret is the deployment's (in the
 * database, SANDBOX_PAY_SECRET to override), so another server process and the CLI agree with it.
 * The other process is real: `tsx server/src/main.ts` on this test's database.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { makeMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'
import type { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { serverCommand } from '../support/server-commands'

const DEVICE = 'device-key-of-the-payer-00001'
const owner = (key: string) => createHash('sha256').update(key).digest('hex')
const RECHARGE_RETURN = '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

let server: TestServer
beforeAll(async () => {
  // No SANDBOX_PAY_SECRET: the secret is the deployment's own.
  server = await createTestServer({ sandboxPaySecret: null })
})
afterAll(() => server.close())

const sandboxOfServer = () => server.providers.payments.get('sandbox') as SandboxPaymentProvider
const paymentRow = (payId: string) => server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow()

async function startPayment(): Promise<{ orderId: string; PayID: string; PayUrl: string }> {
  const orderId = await insertOrderRow(server.db, { ownerKey: owner(DEVICE) })
  const res = await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: `k-${randomBytes(8).toString('hex')}`, ReturnUrl: '/#/pages/paying/paying?PayID={PayID}' }], {
    headers: { 'X-Device-Key': DEVICE }
  })
  return { orderId, ...ok(res).table1[0] }
}

/** The path and query of a URL as handed out (inject takes them). */
const local = (url: string) => {
  const u = new URL(url, 'http://localhost')
  return `${u.pathname}${u.search}`
}
/** The form action for a decision on the page at `url`. */
const action = (url: string, decision: 'approve' | 'decline') => {
  const u = new URL(url, 'http://localhost')
  return `${u.pathname}/${decision}${u.search}`
}

describe('the sandbox page acts only for the payer', () => {
  test('a bare PayID neither shows the page nor approves it; the URL handed out does', async () => {
    const pay = await startPayment()
    expect(pay.PayUrl).not.toMatch(new RegExp(`/sandbox-pay/${pay.PayID}$`))
    const bare = await server.app.inject({ method: 'GET', url: `/sandbox-pay/${pay.PayID}`, headers: { 'accept-language': 'en' } })
    expect(bare.statusCode).toBe(404)
    expect(bare.body).not.toContain('Approve')
    const approved = await server.app.inject({ method: 'POST', url: `/sandbox-pay/${pay.PayID}/approve`, payload: '', headers: FORM })
    expect(approved.statusCode).toBe(404)
    // Another payment's key, or a made-up one, is no better.
    const other = await startPayment()
    for (const url of [action(other.PayUrl, 'approve').replace(other.PayID, pay.PayID), `/sandbox-pay/${pay.PayID}/approve?k=${'0'.repeat(32)}`]) {
      expect((await server.app.inject({ method: 'POST', url, payload: '', headers: FORM })).statusCode).toBe(404)
    }
    expect((await paymentRow(pay.PayID)).status).toBe(PAYMENT_STATUS.PENDING)

    // The payer, with the URL as handed out: the page, its forms, the decision.
    const page = await server.app.inject({ method: 'GET', url: local(pay.PayUrl), headers: { 'accept-language': 'en' } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.body).toContain(`action="${action(pay.PayUrl, 'approve').replace(/&/g, '&amp;')}"`)
    const done = await server.app.inject({ method: 'POST', url: action(pay.PayUrl, 'approve'), payload: '', headers: FORM })
    expect(done.statusCode).toBe(303)
    expect((await paymentRow(pay.PayID)).status).toBe(PAYMENT_STATUS.PAID)
    // Deciding again shows the page as it is now (still keyed).
    const again = await server.app.inject({ method: 'POST', url: action(pay.PayUrl, 'approve'), payload: '', headers: FORM })
    expect(again.headers.location).toBe(local(pay.PayUrl))
  })

  test('a recharge is approved only through the URL RechargeSubmit handed out: no balance from a bare RechargeID', async () => {
    const m = await makeMember(server.db)
    const r = ok(
      await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: `r-${randomBytes(8).toString('hex')}`, ReturnUrl: RECHARGE_RETURN }], {
        headers: m.headers
      })
    ).table1[0]
    expect((await server.app.inject({ method: 'POST', url: `/sandbox-pay/${r.RechargeID}/approve`, payload: '', headers: FORM })).statusCode).toBe(404)
    const status = ok(await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: m.headers }))
    expect(status.table1[0]).toMatchObject({ Status: RECHARGE_STATUS.PENDING })
    expect(status.table2[0].Balance).toMatch(/^0(\.00)?$/)
    expect((await server.app.inject({ method: 'POST', url: action(r.PayUrl, 'approve'), payload: '', headers: FORM })).statusCode).toBe(303)
    expect(ok(await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: m.headers })).table1[0]).toMatchObject({ Status: RECHARGE_STATUS.PAID })
  })
})

describe('one sandbox secret for every process of the deployment', () => {
  let child: ChildProcess | null = null
  afterAll(() => {
    child?.kill('SIGTERM')
  })

  test('a notice signed by this process is accepted by another server process on the same database', async () => {
    const pay = await startPayment()
    const stored = await paymentRow(pay.PayID)
    const notice = sandboxOfServer().signNotice({ payId: pay.PayID, providerRef: stored.provider_ref, result: 'paid', amount: stored.amount, at: new Date().toISOString() })
    const started = await startChild(server)
    child = started.child
    const res = await fetch(`${started.url}/pay/notify/sandbox`, { method: 'POST', body: notice.body, headers: notice.headers })
    expect({ status: res.status, body: await res.json() }).toMatchObject({ status: 200, body: { ok: true } })
    expect((await paymentRow(pay.PayID)).status).toBe(PAYMENT_STATUS.PAID)
  }, 60_000)

  test('the orders CLI refunds through the same sandbox (its refund reference is this process\'s)', async () => {
    const pay = await startPayment()
    const done = await server.app.inject({ method: 'POST', url: action(pay.PayUrl, 'approve'), payload: '', headers: FORM })
    expect(done.statusCode).toBe(303)
    const cli = await runCli(server, 'orders', 'cancel', pay.orderId)
    expect(cli).toMatchObject({ code: 0 })
    const notice = await server.db.selectFrom('payment_notices').select('body').where('notice_id', '=', `sandbox:refund:${pay.PayID}`).executeTakeFirstOrThrow()
    const expected = await sandboxOfServer().refund({ payId: pay.PayID, providerRef: '', amount: '0', currency: '', reason: '' })
    expect(JSON.parse(notice.body).refundRef).toBe(expected.refundRef)
  }, 60_000)
})

/** `tsx server/src/main.ts` on the test server's database (its SQLite file, or its PostgreSQL schema). */
async function startChild(s: TestServer): Promise<{ child: ChildProcess; url: string }> {
  const root = path.resolve(__dirname, '..', '..')
  const databaseUrl = s.database.schema && process.env.DATABASE_URL
  // undefined values are left out of the child's environment.
  const env: Record<string, string | undefined> = {
    ...process.env,
    SANDBOX_PAY_SECRET: undefined,
    NODE_ENV: undefined,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: s.config.dataDir,
    STATIC_DIR: s.config.staticDir,
    FILES_DIR: s.config.filesDir,
    AUTH_CODE: s.config.authCode,
    DATABASE_URL: databaseUrl ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${s.database.schema}`)}` : ''
  }
  const child = spawn(process.execPath, serverCommand('main'), { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      // 'ScanOrder listening on 127.0.0.1 only, port 43211 (…)' (main.ts; HOST is 127.0.0.1 here).
      const match = /listening on .*?port (\d+)/.exec(output)
      if (match) resolve(`http://127.0.0.1:${match[1]}`)
    }
    child.stdout?.on('data', seen)
    child.stderr?.on('data', seen)
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)))
  })
  return { child, url }
}

describe('behind a proxy (PUBLIC_URL)', () => {
  let proxied: TestServer
  beforeAll(async () => {
    proxied = await createTestServer({ publicUrl: 'https://order.shop.example' })
  })
  afterAll(() => proxied.close())

  test('the payer goes back to the return URL on PUBLIC_URL, though the page was reached on an inner Host', async () => {
    const orderId = await insertOrderRow(proxied.db, { ownerKey: owner(DEVICE) })
    const returnUrl = 'https://order.shop.example/#/pages/paying/paying?PayID={PayID}'
    const res = await proxied.call('PaySubmit', [{ SheetID: orderId, RequestKey: `k-${randomBytes(8).toString('hex')}`, ReturnUrl: returnUrl }], {
      headers: { 'X-Device-Key': DEVICE }
    })
    const pay = ok(res).table1[0]
    expect(pay.PayUrl.startsWith('https://order.shop.example/sandbox-pay/')).toBe(true)
    const done = await proxied.app.inject({ method: 'POST', url: action(pay.PayUrl, 'approve'), payload: '', headers: { ...FORM, host: 'scanorder-internal:8080' } })
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(returnUrl.replace('{PayID}', pay.PayID))
  })
})
