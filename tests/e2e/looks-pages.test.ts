/**
 * How the diner's pages look (issue 27 items 20 and 22), in the built H5 app on the real server,
 * in zh-CN, zh-TW and en at 390 × 844, each page looked at by axe and screenshotted
 * (looks-<language>-<page>.png):
 *
 *   - the payment's result focuses its title for screen readers without drawing a focus ring round it;
 *   - the review and after-sale text boxes write in the app's face, not monospace, and fill their box;
 *   - the address form's fields have an edge and a hint;
 *   - the voucher code's hint sits in the middle of its box;
 *   - the table page says how long the table has sat as a duration ('39 min', '1 h 5 min'), and
 *     'Order' while nothing was ordered;
 *   - a branch's page names its table count as seating ('Seating: 6 tables'), not as a table;
 *   - the member code page shows the code as a number in groups staff can type.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Locale } from '../../src/gateway/contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { applyShopAction } from '../../server/src/domain/orders/order.service'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { clientLine } from '../server/helpers/order-fixtures'
import { decodeDeep, type TestServer } from '../server/helpers/test-server'
import { makeMember, type TestMember } from '../server/helpers/member-fixtures'
import { phone } from './browser'
import { demoCode, useAppUnderTest } from './harness'
import { agreeAndSubmit, approveOnSandbox, byId, scanAndAdd, shot } from './steps'

const app = useAppUnderTest()

const LOCALES: Locale[] = ['zh-CN', 'zh-TW', 'en']
const DEVICE_LANGUAGE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }
const STEP = 30000

/** The open sheet the demo seats at A03 (server/seed/demo-enterprise.ts), nothing ordered on it. */
const A03_SHEET = 'B201-A03-0001'

describe('looks of the diner pages (issue 27 items 20 and 22)', () => {
  for (const locale of LOCALES) {
    it(`${locale}: result title without a ring, text boxes in the app's face, address fields boxed with hints, the code's hint centred, seated time and Order, seating, the member number`, async () => {
      const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
      const context = await phone(app.browser, DEVICE_LANGUAGE[locale])
      const page = await context.newPage()
      const name = (what: string) => `looks-${locale}-${what}`
      try {
        // A signed-in member (paying, the member code, addresses, reviews).
        const member = await makeMember(app.server.db, { balance: '20.00', name: 'Ana Lei' })
        await page.goto(`${app.server.url}/`)
        await page.evaluate(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, member.token] as const)
        // The entry page without a code, shown: as a phone would be before its address changes. (The
        // app's start runs in several tasks, after the window's load: a hash changed before its
        // first page had mounted raced that page's mounting in Taro's router.)
        await page.getByRole('heading', { level: 1 }).waitFor({ timeout: STEP })

        // --- The table page: 39 minutes seated, nothing ordered yet ---
        await app.server.db.updateTable('table_sheets').set({ created_at: new Date(Date.now() - (39 * 60 + 11) * 1000).toISOString() }).where('sheet_id', '=', A03_SHEET).execute()
        await page.goto(`${app.server.url}/#/pages/orderEntry/orderEntry?QRCode=${encodeURIComponent(await demoCode(app.server, 'A03'))}`)
        await byId(page, 'sheet-clock').getByText(t('sheet.seatedMinutes', { m: 39 }), { exact: true }).waitFor({ timeout: STEP })
        assert.equal(await byId(page, 'order-more').innerText(), t('sheet.order'))
        await shot(page, name('table'))
        // An hour and five minutes: hours and minutes.
        await app.server.db.updateTable('table_sheets').set({ created_at: new Date(Date.now() - 65 * 60_000 - 30_000).toISOString() }).where('sheet_id', '=', A03_SHEET).execute()
        await page.reload()
        await byId(page, 'sheet-clock').getByText(t('sheet.seatedHours', { h: 1, m: 5 }), { exact: true }).waitFor({ timeout: STEP })

        // --- A branch's page: its tables as seating ---
        await page.goto(`${app.server.url}/#/pages/baseDetails/baseDetails?BaseID=B201`)
        const tables = byId(page, 'branch-tables')
        await tables.waitFor({ timeout: STEP })
        const row = page.locator('.so-branch__row').filter({ has: tables })
        assert.equal(await row.locator('.so-branch__label').innerText(), t('branch.seating'))
        assert.equal(await tables.innerText(), t('branch.tables', { n: 6 }))
        await shot(page, name('branch'))

        // --- Paid: the result's title has the focus and no ring ---
        await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), ['F01'], locale)
        await byId(page, 'service-option-takeaway').click({ timeout: STEP })
        await agreeAndSubmit(page)
        await approveOnSandbox(page, null)
        const title = byId(page, 'order-hero-title')
        await title.getByText(t('pay.paid')).waitFor({ timeout: STEP })
        await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'order-hero-title', undefined, { timeout: STEP })
        const ring = await title.evaluate((el) => {
          const style = getComputedStyle(el)
          return { outline: style.outlineStyle, shadow: style.boxShadow }
        })
        assert.deepEqual(ring, { outline: 'none', shadow: 'none' }, 'the focused result title draws no focus ring')
        await shot(page, name('payment-result'))

        // --- The member: the member code's number, the address form, the code entry, review and after-sale ---
        await page.goto(`${app.server.url}/?signed-in#/pages/vipQrCode/vipQrCode`)
        const digits = byId(page, 'member-code-digits')
        await digits.waitFor({ timeout: STEP })
        const number = await digits.innerText()
        assert.match(number, /^\d{3} \d{3} \d{4}$/)
        assert.equal(await byId(page, 'member-code-number').locator('.so-wallet-code__number-label').innerText(), t('wallet.codeNumber'))
        // The number the page shows is the member's, as staff typing it find.
        const issued = await app.server.db.selectFrom('member_number_codes').select('vip_id').where('vip_id', '=', member.vipId).execute()
        assert.ok(issued.length > 0)
        await shot(page, name('member-code'))

        await page.goto(`${app.server.url}/#/pages/addressEdit/addressEdit`)
        await byId(page, 'address-form').waitFor({ timeout: STEP })
        const hints: Record<string, MessageKey> = {
          'address-contact-input': 'address.contactHint',
          'address-phone-input': 'address.phoneHint',
          'address-street-input': 'address.streetHint',
          'address-detail-input': 'address.detailHint',
          'address-house-input': 'address.houseNoHint'
        }
        for (const [testId, hint] of Object.entries(hints)) {
          const field = byId(page, testId)
          assert.equal(await field.locator('input').getAttribute('placeholder'), t(hint), `${testId}: its hint`)
          const edge = await field.evaluate((el) => {
            const s = getComputedStyle(el)
            return { style: s.borderTopStyle, width: parseFloat(s.borderTopWidth), color: s.borderTopColor }
          })
          assert.equal(edge.style, 'solid', `${testId}: an edge`)
          assert.ok(edge.width >= 1, `${testId}: an edge of at least 1 px`)
        }
        await shot(page, name('address'))

        await page.goto(`${app.server.url}/#/pages/couponsList/couponsList`)
        const codeBox = byId(page, 'coupon-code-input')
        await codeBox.waitFor({ timeout: STEP })
        const centred = await codeBox.evaluate((box) => {
          const input = box.querySelector('input')!
          const b = box.getBoundingClientRect()
          const i = input.getBoundingClientRect()
          return Math.abs(b.top + b.height / 2 - (i.top + i.height / 2))
        })
        assert.ok(centred <= 2, `the code's box and its text share a middle (off by ${centred} px)`)
        await shot(page, name('coupons'))

        const completed = await placeCompletedOrder(member, locale)
        const body = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
        for (const [what, url, testId] of [
          ['review', `/pages/reviewEdit/reviewEdit?SheetID=${completed}`, null],
          ['after-sale', `/pages/afterSale/afterSale?SheetID=${completed}`, 'aftersale-form']
        ] as const) {
          await page.goto(`${app.server.url}/#${url}`)
          if (testId) await byId(page, testId).waitFor({ timeout: STEP })
          const box = page.locator('textarea').filter({ visible: true }).first()
          await box.waitFor({ timeout: STEP })
          const face = await box.evaluate((el) => getComputedStyle(el).fontFamily)
          assert.equal(face, body, `${what}: the text box writes in the app's face`)
          assert.doesNotMatch(face, /mono/i)
          // The field fills its box, not a browser's two rows at its top.
          const height = await box.evaluate((el) => el.getBoundingClientRect().height)
          assert.ok(height >= 70, `${what}: the text field is ${height} px high`)
          await shot(page, name(what))
        }
      } catch (e) {
        await shot(page, name('failure'), { axe: false }).catch(() => undefined)
        throw e
      } finally {
        await context.close()
      }
    })
  }
})

/** A takeaway order of the member (their device), paid and completed by the shop; answers its SheetID. */
async function placeCompletedOrder(member: TestMember, locale: Locale): Promise<string> {
  const call = async (keyName: string, records: Record<string, unknown>[] = [{}]) => {
    const tableData = records.map((r, i) => ({ EntID: 'E1001', ...(i === 0 ? { AppName: 'ScanOrder-looks' } : {}), ...r }))
    const res = await app.server.app.inject({
      method: 'POST',
      url: '/GetData',
      payload: new URLSearchParams({
        ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? 'Common',
        KeyName: keyName,
        strJsonData: JSON.stringify({ tableData }),
        AuthCode: app.server.config.authCode,
        IsRSA: '0',
        EntID: 'E1001'
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': locale, ...member.headers }
    })
    return { status: res.statusCode, body: decodeDeep(JSON.parse(res.body)) }
  }
  const server = { call } as unknown as TestServer
  const line = await clientLine(server, { code: 'F01', base: 'B202' })
  const placed = await call('OrderSubmit', [{ ShopID: 'S101', BaseID: 'B202', TableID: 'B202-T01', ServiceType: 'takeaway', RequestKey: `looks-completed-${locale}`, Lines: [line.input] }])
  if (placed.body.resultcode !== '0') throw new Error(`OrderSubmit: ${placed.body.resultcode} ${placed.body.resultmsg}`)
  const order = placed.body.data.table1[0]
  await app.server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, order.Amount, new Date()))
  await applyShopAction(app.server.db, order.SheetID, 'complete', locale, new Date(), app.server.providers as never)
  return order.SheetID as string
}
