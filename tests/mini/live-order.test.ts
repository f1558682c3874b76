/**
 * The diner's paid order in the mini-programs learns it is ready without a reload (issue 24 item
 * 4; docs/pickup-screen.md), under the host double against the real server, both builds over the
 * host's socket to GET /live/socket — the chat-app's wx.connectSocket, the payment-app's
 * my.connectSocket({ multiple: true }), each a real WebSocket in the double —, none polling
 * /live/poll while it is connected; a cook signed in through the gateway bumps the ticket and the
 * order page says "Ready for pickup", with a short vibration (vibrateShort). Where the socket is
 * refused (a proxy answering the upgrade with 403: three tries) the poll of /live/poll takes over,
 * and the payment app's old base library (no SocketTask per connection) polls from the start.
 * The server's own view (its HTTP server's request and upgrade events, by the host's user agent)
 * says which build came how.
 */
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import type { Locale } from '../../src/gateway/contract'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { LOCALE_ON_ENGLISH_DEVICE, addA01WithChoices, checkoutPrepay, openTable, say } from './steps'
import type { MiniHostDouble } from './host-double'
import { MINI_KINDS, demoCode, useMiniServer } from './server'

const app = useMiniServer()
let cookToken: Promise<string> | null = null

function staffApi(): { call: StaffClient['call']; as: (who: Partial<StaffCredentials>) => StaffCredentials } {
  const client = new StaffClient({ fetch: (url, init) => fetch(url, init), authCode: app.server.config.authCode, baseUrl: app.server.url })
  return { call: client.call.bind(client), as: (who) => ({ locale: 'en', entId: 'E1001', ...who }) }
}

/** A cook of the Taipa branch (T01's), signed in through the gateway; made once per file. */
function cook(): Promise<string> {
  cookToken ??= (async () => {
    const { call, as } = staffApi()
    const { token } = await createSetupLink(app.server.db, new Date(), 'E1001')
    await call('StaffSetupComplete', { SetupToken: token, OwnerName: 'Mini Owner', AreaCode: '853', Phone: '66120077', Password: 'mini-owner-pw-1', Locale: 'en' }, as({ entId: '' }))
    const owner = (await call('StaffPasswordLogin', { AreaCode: '853', Phone: '66120077', Password: 'mini-owner-pw-1' }, as({ entId: '' }))).table1![0]
    await call('StaffSave', { StaffID: '', Name: 'Mini Cook', AreaCode: '853', Phone: '66120078', Role: 'kitchen', ShopIDs: 'S101', BaseIDs: 'B202', Locale: 'en', Password: 'mini-cook-pw-1', Pin: '', Reason: '' }, as({ token: owner.Token }))
    return (await call('StaffPasswordLogin', { AreaCode: '853', Phone: '66120078', Password: 'mini-cook-pw-1' }, as({ entId: '' }))).table1![0].Token
  })()
  return cookToken
}

async function bump(orderId: string): Promise<void> {
  const { call, as } = staffApi()
  const token = await cook()
  const board = await call('KitchenBoardGet', { BaseID: 'B202', StationID: '*' }, as({ token }))
  const ticket = (board.table1 as KitchenTicketRow[]).find((t) => t.OrderID === orderId && t.Status === 'open')
  assert.ok(ticket, `the ticket of ${orderId} on the Taipa board`)
  await call('KitchenTicketBump', { TicketID: ticket.TicketID }, as({ token }))
}

/** What the server saw: every request and every upgrade, with the caller's user agent. */
const seen: { url: string; upgrade: boolean; agent: string }[] = []
let watching = false
/** From now on, what the server's HTTP server is asked is in `seen` (the server starts in the file's before hook). */
function watchServer(): void {
  if (watching) return
  watching = true
  const http = app.server.app.server
  http.on('request', (req) => seen.push({ url: req.url ?? '', upgrade: false, agent: req.headers['user-agent'] ?? '' }))
  http.on('upgrade', (req) => seen.push({ url: req.url ?? '', upgrade: true, agent: req.headers['user-agent'] ?? '' }))
}

/** A proxy that refuses every upgrade (403) and counts them; made once per file. */
let proxy: Promise<{ server: Server; url: string; refused: number }> | null = null
function refusingProxy(): Promise<{ server: Server; url: string; refused: number }> {
  proxy ??= new Promise((resolve) => {
    const server = createServer((_req, res) => res.writeHead(404).end())
    const made = { server, url: '', refused: 0 }
    server.on('upgrade', (_req, socket) => {
      made.refused++
      // The app drops a refused socket at once; a reset of that socket is expected, not a failure.
      socket.on('error', () => undefined)
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
    })
    server.listen(0, '127.0.0.1', () => {
      made.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve(made)
    })
  })
  return proxy
}
after(async () => {
  if (!proxy) return
  const { server } = await proxy
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** From the table's code to the paid order's page; the order's id. */
async function paidOrder(d: MiniHostDouble, locale: Locale): Promise<string> {
  d.cashierDecision = 'approve'
  await openTable(d, await demoCode(app.server, 'T01'), locale)
  await addA01WithChoices(d, locale)
  await checkoutPrepay(d, locale)
  await d.waitFor(() => d.payments.length > 0 && d.payments[0].answer !== undefined, 'the host cashier to decide')
  await d.waitForText(say(locale, 'order.pickupNo'))
  const lines = d.text().split('\n')
  const pickupNo = lines[lines.indexOf(say(locale, 'order.pickupNo')) + 1]
  const order = await app.server.db.selectFrom('orders').select(['order_id', 'status']).where('base_id', '=', 'B202').where('pickup_no', '=', pickupNo).executeTakeFirstOrThrow()
  assert.equal(order.status, 1)
  assert.ok(!d.text().includes(say(locale, 'order.status.5')))
  return order.order_id
}

const isPoll = (url: string) => url.startsWith('/live/poll?')
const isSocket = (url: string) => url.startsWith('/live/socket?')
const api = { weapp: 'wx.connectSocket', alipay: 'my.connectSocket({ multiple: true })' }

for (const kind of MINI_KINDS) {
  const locale = LOCALE_ON_ENGLISH_DEVICE[kind]

  describe(`${kind} build`, () => {
    test(`the paid order turns "ready for pickup" when the kitchen bumps it, over the host’s socket (${api[kind]}), never polling`, async () => {
      watchServer()
      const d = app.device(kind)
      const from = seen.length
      try {
        const orderId = await paidOrder(d, locale)
        // The order page follows the branch's stream over the host's socket, connected.
        await d.waitFor(() => d.sockets.some((s) => s.url.includes('/live/socket?') && s.url.includes('base=B202') && s.frames.some((f) => f.includes('"ready"'))), 'the order page’s socket to connect')
        await bump(orderId)
        await d.waitForText(say(locale, 'order.status.5'), 10_000)
        assert.ok(d.vibrations > 0, 'the phone vibrated')
        // (The goods list's menu had a socket of its own before, closed when it left the screen.)
        const socket = d.sockets.find((s) => s.url.includes('/live/socket?') && s.frames.some((f) => f.includes('"order.progress"') && f.includes('"stage":"ready"')))
        assert.ok(socket, `the ready event came over a socket: ${JSON.stringify(d.sockets.map((s) => [s.url, s.frames.length]))}`)
        assert.ok(socket.url.startsWith('ws://') && socket.url.includes('base=B202'), socket.url)
        // The server's side: upgrades to /live/socket from this build's host, and not one poll.
        const mine = seen.slice(from).filter((r) => r.agent === d.userAgent)
        assert.ok(mine.some((r) => r.upgrade && isSocket(r.url) && r.url.includes('base=B202')), `an upgrade to /live/socket from the ${kind} build: ${JSON.stringify(mine.filter((r) => r.upgrade))}`)
        assert.deepEqual(mine.filter((r) => isPoll(r.url)).map((r) => r.url), [], 'no poll while the socket is connected')
        assert.deepEqual(d.requests.filter(isPoll), [])
        assert.deepEqual(d.errors, [])
      } finally {
        d.close()
      }
    })

    test(`where the socket is refused (a proxy answering the upgrade with 403) the poll of /live/poll takes over and the order still turns ready`, async () => {
      const proxy = await refusingProxy()
      const d = app.device(kind)
      d.socketOrigin = proxy.url
      const refusedBefore = proxy.refused
      try {
        const orderId = await paidOrder(d, locale)
        await d.waitFor(() => d.requests.some((r) => isPoll(r) && r.includes('base=B202')), 'the order page to poll after three refused sockets', 20_000)
        const tries = d.sockets.filter((s) => s.url.includes('/live/socket?') && s.url.includes('base=B202'))
        assert.ok(tries.length >= 3, `three tries before the poll: ${tries.length}`)
        assert.ok(tries.every((s) => s.frames.length === 0))
        assert.ok(proxy.refused - refusedBefore >= 3, 'the proxy refused the upgrades')
        await bump(orderId)
        await d.waitForText(say(locale, 'order.status.5'), 10_000)
        assert.ok(d.vibrations > 0, 'the phone vibrated')
        assert.deepEqual(d.errors, [])
      } finally {
        d.close()
      }
    })

    if (kind === 'alipay') {
      test('an old payment-app base library without a SocketTask per connection polls /live/poll from the start', async () => {
        const d = app.device(kind)
        d.socketTasks = false
        try {
          const orderId = await paidOrder(d, locale)
          await d.waitFor(() => d.requests.some((r) => isPoll(r) && r.includes('base=B202')), 'the order page to poll')
          assert.equal(d.sockets.length, 0, 'no socket (and never the app’s one global socket: that would be an error)')
          await bump(orderId)
          await d.waitForText(say(locale, 'order.status.5'), 10_000)
          assert.deepEqual(d.errors, [])
        } finally {
          d.close()
        }
      })
    }
  })
}
