/**
 * The ordering journey on both mini-program builds, under the host double: table code → Home →
 * goods list → goods details with choices → cart → confirm → order → the host's cashier
 * (requestPayment / tradePay) decided by the sandbox cashier → the order with its pickup number
 * (the pages past the confirm page in subpackages, the payment page's preloaded); a declined
 * payment; and the cart kept across a relaunch.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { LOCALE_ON_ENGLISH_DEVICE, A01_CHOICES, addA01WithChoices, checkoutPrepay, openTable, say } from './steps'
import { MINI_KINDS, demoCode, useMiniServer } from './server'
import type { MiniHostDouble } from './host-double'
import type { Locale } from '../../src/gateway/contract'

const app = useMiniServer()

/** Waits for the app to open the host's cashier, or to say it cannot pay online here. */
async function reachCashier(d: MiniHostDouble, locale: Locale): Promise<'cashier' | 'unsupported'> {
  await d.waitFor(() => d.payments.length > 0 || d.text().includes(say(locale, 'pay.unsupported')), 'the host cashier (or the app saying it cannot pay here)')
  if (d.payments.length === 0) return 'unsupported'
  await d.waitFor(() => d.payments[0].answer !== undefined, 'the sandbox cashier to decide')
  return 'cashier'
}

for (const kind of MINI_KINDS) {
  const locale = LOCALE_ON_ENGLISH_DEVICE[kind]
  const cashierApi = kind === 'weapp' ? 'requestPayment' : 'tradePay'

  describe(`${kind} build`, () => {
    test('table code → Home → details with choices → cart → confirm → order, paid in the host cashier, pickup number shown', async () => {
      const d = app.device(kind)
      d.cashierDecision = 'approve'
      await openTable(d, await demoCode(app.server, 'T01'), locale)
      assert.ok(d.text().includes('T01'), 'Home names the table')
      await addA01WithChoices(d, locale)
      await checkoutPrepay(d, locale)
      const reached = await reachCashier(d, locale)
      assert.equal(reached, 'cashier', `the ${kind} build opens the host cashier (${cashierApi}); it said instead:\n${d.text()}`)
      const call = d.payments[0]
      assert.equal(call.api, cashierApi)
      assert.equal(call.answer?.status, 200, `the sandbox cashier took the parameters the app handed ${cashierApi}: ${JSON.stringify(call.answer?.body)}`)
      assert.equal(call.answer?.body.result, 'paid')
      // The app asks the server, then shows the paid order with its pickup number.
      await d.waitForText(say(locale, 'order.pickupNo'))
      const lines = d.text().split('\n')
      const at = lines.indexOf(say(locale, 'order.pickupNo'))
      assert.match(lines[at + 1] ?? '', /^[A-Z]?\d+$/, `a pickup number follows its label:\n${d.text()}`)
      // issue 28: the payment page's subpackage was downloaded while the diner read the confirm page.
      assert.deepEqual(
        d.downloads.find((x) => x.root === 'pages/paymentTransfer'),
        { root: 'pages/paymentTransfer', by: 'preload', from: 'pages/prepayOrderConfirm/prepayOrderConfirm' },
        `downloads: ${JSON.stringify(d.downloads)}`
      )
      assert.deepEqual(d.errors, [])
    })

    test('a payment the cashier declines leaves the order unpaid and says so', async () => {
      const d = app.device(kind)
      d.cashierDecision = 'decline'
      await openTable(d, await demoCode(app.server, 'T01'), locale)
      await addA01WithChoices(d, locale)
      await checkoutPrepay(d, locale)
      assert.equal(await reachCashier(d, locale), 'cashier')
      assert.equal(d.payments[0].answer?.body.result, 'declined')
      // The app asks the server, which knows the payment was declined.
      await d.waitForText(say(locale, 'pay.declined'))
      assert.ok(d.text().includes(say(locale, 'pay.declinedNote')))
      assert.ok(!d.text().includes(say(locale, 'order.pickupNo')), 'no pickup number for an unpaid order')
      assert.deepEqual(d.errors, [])
    })

    test('the cart survives closing and reopening the app (storage kept)', async () => {
      const d = app.device(kind)
      await openTable(d, await demoCode(app.server, 'T02'), locale)
      await addA01WithChoices(d, locale)
      // The diner closes the app and scans the same table again.
      d.close()
      await openTable(d, await demoCode(app.server, 'T02'), locale)
      await d.tap(say(locale, 'home.orderNow'))
      await d.waitForRoute('pages/goodsList/goodsList')
      await d.waitForText('MOP$64.00')
      await d.tap(say(locale, 'cart.go'))
      await d.waitForRoute('pages/prepayCart/prepayCart')
      await d.waitForText(A01_CHOICES[locale].line)
      assert.deepEqual(d.errors, [])
    })
  })
}

