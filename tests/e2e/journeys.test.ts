/**
 * The journey matrix (issue 12): from every entry URL `npm start` prints (demoEntryPoints), for
 * every branch a shop counter serves and every service style the place offers, a diner in a
 * fresh phone — languages taking turns by entry — adds goods with their choices, types a remark,
 * places the order (prepay: paid on the sandbox page; a table's postpay round: then the table's
 * bill paid the same way) and opens the order details. The details must show every line with its
 * choices, the remark and the service's own facts: the table; the pickup number and time; the
 * delivery address and contact. The database must hold the same.
 *
 * And a table's bill (issue 27): two phones paying and changing it at once, and the paid bill found
 * again in Orders with its receipt, in every language; and a counter's delivery cart kept across a
 * branch choice.
 */
import { describe, it, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { describeFindings, takeFindings } from './axe'
import { demoCode, useAppUnderTest } from './harness'
import {
  journeyMatrix,
  LOCALES,
  walkBillRace,
  walkDeliveryCartAcrossBranch,
  walkJourney,
  walkPaidBillInOrders,
  type BillJourneyOutcome,
  type Journey,
  type JourneyOutcome
} from './journey-steps'
import { byId, shot } from './steps'

const app = useAppUnderTest()
/**
 * Journeys walked at once (JOURNEY_LANES, default 2): each lane takes the next entry and walks its
 * journeys one after another, so two phones never share a table's sheet.
 */
const LANES = Math.max(1, Number(process.env.JOURNEY_LANES) || 2)

describe('journey matrix', () => {
  it('every printed entry, every branch and service style it offers, reaches a placed order whose details show everything', { concurrency: LANES }, async (t) => {
    const all = await journeyMatrix(app.server, '')
    // The matrix is built from the data: every entry point is in it, in every language between them.
    const entries = new Set(all.map((j) => j.entry.qrCode))
    assert.equal(entries.size, (await app.server.db.selectFrom('qr_codes').select('code').where('is_enable', '=', 1).execute()).length)
    assert.deepEqual([...new Set(all.map((j) => j.locale))].sort(), [...LOCALES].sort())
    const matrix = await journeyMatrix(app.server)
    const byEntry = [...new Set(matrix.map((j) => j.entry.qrCode))].map((code) => matrix.filter((j) => j.entry.qrCode === code))
    let next = 0
    const lane = async () => {
      for (let group = byEntry[next++]; group; group = byEntry[next++]) for (const j of group) await walkAndCheck(t, j, all)
    }
    await Promise.all(Array.from({ length: LANES }, lane))
  })
})

/**
 * A table's bill (issue 27 items 1–3), in every language, each at its own table of the tea house
 * (which takes the bill online): two phones at once — one pays while the other adds a dish — and
 * the paid bill found again in Orders with its receipt. Each run ends with the bill paid, so the
 * next language starts a new one at the same table.
 */
describe("journey matrix: a table's bill", () => {
  const check = async (walk: () => Promise<BillJourneyOutcome>) => {
    const outcome = await walk()
    try {
      const axe = outcome.pages.flatMap((p) => takeFindings(p))
      assert.deepEqual([...outcome.problems, ...(axe.length ? [`axe (WCAG 2.2 AA) on the way:\n${describeFindings(axe)}`] : [])], [])
    } finally {
      await outcome.close()
    }
  }

  it('two phones: a dish added while the other pays: told the bill changed and refunded, shown the bill it was, led to pay the new total', async (t) => {
    const code = await demoCode(app.server, 'A05')
    for (const locale of LOCALES) await t.test(locale, () => check(() => walkBillRace(app.browser, app.server.url, code, locale, `journey-bill-race-${locale}`)))
  })

  it('the paid table bill is found in Orders, with review, order again and its receipt', async (t) => {
    const code = await demoCode(app.server, 'A06')
    for (const locale of LOCALES) await t.test(locale, () => check(() => walkPaidBillInOrders(app.browser, app.server.url, code, locale, `journey-paid-bill-${locale}`)))
  })
})

/**
 * A counter's delivery cart across a branch choice (issue 27 item 9), in every language: the cart
 * made under Delivery at the tea house's counter is there again after the counter's code is opened
 * again and the same branch chosen.
 */
describe("journey matrix: a counter's delivery cart across a branch choice", () => {
  it('the counter code opened again, the same branch chosen: the delivery cart is still there', async (t) => {
    const code = await demoCode(app.server, 'S101')
    for (const locale of LOCALES) {
      await t.test(locale, async () => {
        const outcome = await walkDeliveryCartAcrossBranch(app.browser, app.server.url, code, 'B201', locale, `journey-delivery-branch-${locale}`)
        try {
          const axe = outcome.pages.flatMap((p) => takeFindings(p))
          assert.deepEqual([...outcome.problems, ...(axe.length ? [`axe (WCAG 2.2 AA) on the way:\n${describeFindings(axe)}`] : [])], [])
        } finally {
          await outcome.close()
        }
      })
    }
  })
})

/** One journey as a sub-test: walk it, then check everything it should show and store. */
function walkAndCheck(t: TestContext, j: Journey, all: Journey[]): Promise<void> {
  return t.test(`${j.id} (${j.locale}, ${j.mode})`, async () => {
    const errors: string[] = []
    const outcome = await walkJourney(app.browser, app.server.url, j, errors)
    // Every fault of a journey is told, not only the first: the lines, the facts, the stored order.
    const problems: string[] = []
    const expect = (ok: unknown, problem: string) => void (ok || problems.push(problem))
    try {
      const offered = all.filter((m) => m.entry.qrCode === j.entry.qrCode && m.branch.baseId === j.branch.baseId).map((m) => m.service)
      expect(
        JSON.stringify([...outcome.offered].sort()) === JSON.stringify([...new Set(offered)].sort()),
        `confirm page: offers ${outcome.offered.join(', ')}; the matrix expects ${[...new Set(offered)].join(', ')}`
      )
      checkConfirmLines(j, outcome, expect)
      if (j.mode === 'postpay') checkSheet(j, outcome, expect)
      if (j.mode === 'prepay' || j.onlineCheckout) await checkDetails(j, outcome, expect)
      await checkStored(j, outcome, expect)
      expect(errors.length === 0, `no script errors on the way: ${errors.join('; ')}`)
      const axe = takeFindings(outcome.page)
      expect(axe.length === 0, `axe (WCAG 2.2 AA) on the way:\n${describeFindings(axe)}`)
      if (problems.length) {
        const picture = `journey-${j.id.replace(/ /g, '-')}-details`
        await shot(outcome.page, picture)
        problems.push(`screenshot: tests/e2e/screenshots/${picture}.png`)
      }
      assert.deepEqual(problems, [])
    } finally {
      await outcome.close()
    }
  })
}

type Expect = (ok: unknown, problem: string) => void

const textOf = (page: Page, testId: string) => byId(page, testId).innerText({ timeout: 15000 }).catch(() => '')

/** Each goods added has its line, and the line shows its choices. */
function checkLines(where: string, j: Journey, lines: string[], expect: Expect): void {
  expect(lines.length === j.picks.length, `${where}: one line per goods added (${j.picks.length}), shows ${lines.length}: ${lines.join(' | ')}`)
  for (const pick of j.picks) {
    const line = lines.find((l) => l.includes(pick.name))
    if (!line) {
      expect(false, `${where}: no line for ${pick.name}; shows: ${lines.join(' | ')}`)
      continue
    }
    // The choices after the name ('No' of a remark is no part of 'Noodles').
    const rest = line.replace(pick.name, '')
    const missing = pick.shows.filter((choice) => !rest.includes(choice))
    expect(missing.length === 0, `${where}: the line of ${pick.name} does not show ${missing.map((m) => `'${m}'`).join(', ')}: '${line.replace(/\s+/g, ' ')}'`)
  }
}

/** What the diner sees on the order details page. */
async function checkDetails(j: Journey, o: JourneyOutcome, expect: Expect): Promise<void> {
  const page = o.page
  const t = (key: string) => translate(j.locale, key as MessageKey)
  // The details page loads its order: wait for its lines (none at all is a fault too).
  await byId(page, 'order-line').first().waitFor({ timeout: 15000 }).catch(() => undefined)
  checkLines('order details', j, await byId(page, 'order-line').allInnerTexts(), expect)

  const details = await textOf(page, 'order-details')
  expect(details.includes(j.remark), `order details: no diner's remark '${j.remark}'`)
  const style = t(`order.service.${j.service}`)
  expect(details.includes(style), `order details: no service style '${style}'`)
  // The table is a fact of eating at it (a table's round, dine-in, fast food); a takeaway or delivery has its own.
  const atTable = j.tableName && (j.mode === 'postpay' || j.service === 'dinein' || j.service === 'fastfood')
  if (atTable) expect(details.includes(j.tableName), `order details: no table '${j.tableName}'`)

  if (j.mode === 'prepay' && j.service !== 'delivery') {
    // Picked up (or served) by number at the chosen time.
    const pickupNo = (await textOf(page, 'pickup-number')).trim()
    expect(/\d/.test(pickupNo), `order details: no pickup number ('${pickupNo}')`)
    expect(pickupNo === o.resultPickupNo, `order details: pickup number '${pickupNo}', the payment result said '${o.resultPickupNo}'`)
  }
  if (j.mode === 'prepay') {
    expect(o.slot, 'confirm page: no time could be chosen')
    const appointed = await textOf(page, 'order-appointed')
    expect(o.slot && appointed.includes(o.slot.slice(11)), `order details: the time chosen ${o.slot} is not shown ('${appointed}')`)
  }
  if (j.service === 'delivery') {
    for (const [what, fact] of [
      ['address', o.address],
      ['contact', o.contact],
      ['phone', o.phone]
    ]) {
      expect(details.includes(fact), `order details: no delivery ${what} '${fact}'`)
    }
  }
}

/** Postpay: the table's page showed the round with its lines, the remark and the table. */
function checkSheet(j: Journey, o: JourneyOutcome, expect: Expect): void {
  checkLines("table's page (the new round)", j, o.sheetLines, expect)
  expect(o.sheetText.includes(j.remark), `table's page: no diner's remark '${j.remark}'`)
  expect(o.sheetText.includes(j.tableName), `table's page: no table '${j.tableName}'`)
}

/** The confirm page showed each line with its choices before the diner placed the order. */
function checkConfirmLines(j: Journey, o: JourneyOutcome, expect: Expect): void {
  checkLines('confirm page', j, o.confirmLines, expect)
}

/** What the kitchen gets: the order in the database, paid, with the same facts. */
async function checkStored(j: Journey, o: JourneyOutcome, expect: Expect): Promise<void> {
  const db = app.server.db
  if (j.mode === 'postpay') {
    // The table's latest sheet holds the round; paid online, it is closed and its details are of it or its settlement.
    const sheet = await db.selectFrom('table_sheets').selectAll().where('table_id', '=', j.entry.tableId).orderBy('created_at', 'desc').executeTakeFirst()
    if (!sheet) return void expect(false, `stored: no table sheet at ${j.entry.tableId}`)
    if (j.onlineCheckout) {
      expect(sheet.status === 2, `stored: the table sheet is not paid and closed (status ${sheet.status})`)
      const settlement = await db.selectFrom('orders').select('table_sheet_id').where('order_id', '=', o.sheetId).executeTakeFirst()
      expect(o.sheetId === sheet.sheet_id || settlement?.table_sheet_id === sheet.sheet_id, `stored: the details opened (${o.sheetId}) are not of the table's sheet ${sheet.sheet_id}`)
    } else {
      expect(sheet.status === 0, `stored: the table sheet (paid at the counter) is not open (status ${sheet.status})`)
    }
    const rounds = await db.selectFrom('orders').selectAll().where('table_sheet_id', '=', sheet.sheet_id).where('kind', '=', 'round').execute()
    const round = rounds.find((r) => r.remarks === j.remark)
    expect(round, `stored: no round with the remark '${j.remark}'`)
    expect(!round || round.service_type === j.service, `stored: the round's service is '${round?.service_type}'`)
    return
  }
  assert.ok(o.sheetId, 'the details page names its order')
  const order = await db.selectFrom('orders').selectAll().where('order_id', '=', o.sheetId).executeTakeFirst()
  if (!order) return void expect(false, `stored: no order ${o.sheetId}`)
  expect(order.status === 1, `stored: the order is not paid (status ${order.status})`)
  expect(order.base_id === j.branch.baseId, `stored: at branch ${order.base_id}, not ${j.branch.baseId}`)
  expect(order.service_type === j.service, `stored: service '${order.service_type}'`)
  expect(order.appointed_time === o.slot, `stored: appointed '${order.appointed_time}', chosen '${o.slot}'`)
  expect(order.remarks === j.remark, `stored: remark '${order.remarks}'`)
  if (j.service === 'delivery') {
    const stored = [order.contact, order.phone, order.address].join(' / ')
    expect(stored === [o.contact, o.phone, o.address].join(' / '), `stored: delivery '${stored}'`)
  }
}
