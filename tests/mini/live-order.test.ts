/**
 * The diner's paid order in the mini-programs learns it is ready without a reload (issue 24 item
 * 4; docs/pickup-screen.md), under the host double against the real server: the chat-app build
 * over the host's socket (wx.connectSocket → GET /live/socket, a real WebSocket in the double),
 * the payment-app build over the poll of /live/poll (its Taro adapter has only one global socket);
 * a cook signed in through the gateway bumps the ticket and the order page says "Ready for pickup",
 * with a short vibration (vibrateShort).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { StaffClient, type StaffCredentials } from '../../src/console/api/staff-client'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { LOCALE_ON_ENGLISH_DEVICE, addA01WithChoices, checkoutPrepay, openTable, say } from './steps'
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

for (const kind of MINI_KINDS) {
  const locale = LOCALE_ON_ENGLISH_DEVICE[kind]

  describe(`${kind} build`, () => {
    test(`the paid order turns "ready for pickup" when the kitchen bumps it, ${kind === 'weapp' ? 'over the host’s socket' : 'by the poll of /live/poll'}`, async () => {
      const d = app.device(kind)
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

      if (kind === 'weapp') {
        // The order page follows the branch's stream over the host's socket, connected.
        await d.waitFor(() => d.sockets.some((s) => s.url.includes('/live/socket?') && s.url.includes('base=B202') && s.frames.some((f) => f.includes('"ready"'))), 'the order page’s socket to connect')
      }
      await bump(order.order_id)
      await d.waitForText(say(locale, 'order.status.5'), 10_000)
      assert.ok(d.vibrations > 0, 'the phone vibrated')
      if (kind === 'weapp') {
        // (The goods list's menu had a socket of its own before, closed when it left the screen.)
        const socket = d.sockets.find((s) => s.url.includes('/live/socket?') && s.frames.some((f) => f.includes('"order.progress"') && f.includes('"stage":"ready"')))
        assert.ok(socket, `the ready event came over a socket: ${JSON.stringify(d.sockets.map((s) => [s.url, s.frames.length]))}`)
        assert.ok(socket.url.startsWith('ws://') && socket.url.includes('base=B202'), socket.url)
      } else {
        assert.equal(d.sockets.length, 0, 'no socket on the payment-app build')
      }
      assert.deepEqual(d.errors, [])
    })
  })
}
