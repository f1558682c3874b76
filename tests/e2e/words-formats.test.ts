/**
 * Issue 27 items 15–19 end to end: the built H5 app on the real server, in Chromium at a phone
 * viewport, in zh-CN, zh-TW and en, with axe on every page. A member's order placed in English
 * (two bowls of noodles with chosen options, a coupon), paid and asked back in part, read:
 * - order details: units in the English plural ('× 2 bowls'); in Chinese the coupon row and the
 *   after-sale goods in the reader's language, options with '：' and '；'; times in each
 *   language's way; one minus sign;
 * - the receipt: amounts in one format and every deduction, and the approved refund, with the minus sign;
 * - the after-sale page: its steps' times without seconds;
 * - coupon details → History: a printed voucher's step named, never 'coupon.event.voucher'.
 * No page shows a catalogue key (raw-keys.ts).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { CARD_STATUS } from '../../src/gateway/coupon-rows'
import { wallClockIn } from '../../src/core/wall-clock'
import { makeMember } from '../server/helpers/member-fixtures'
import { approveAfterSale } from '../../server/src/domain/aftersale/aftersale.service'
import { phone } from './browser'
import { useAppUnderTest, entryUrl, demoCode } from './harness'
import { byId, scanAndAdd, shot } from './steps'
import { rawKeysOnScreen } from './raw-keys'

const app = useAppUnderTest()
const ENT = 'E1001'

/** Every string percent-decoded, as the app's gateway client does. */
const decodeDeep = (v: any): any =>
  typeof v === 'string' ? decodeURIComponent(v) : Array.isArray(v) ? v.map(decodeDeep) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decodeDeep(x)])) : v

/** One gateway call as the app makes it. */
async function call(keyName: string, record: Record<string, unknown>, headers: Record<string, string>, lang = 'en'): Promise<any> {
  const form = new URLSearchParams({
    ServerType: (OPERATIONS as Record<string, string>)[keyName],
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: ENT, UserID: 'guest', AppName: 'words-e2e', ...record }] }),
    AuthCode: app.server.config.authCode,
    IsRSA: '0',
    EntID: ENT
  })
  const res = await fetch(`${app.server.url}/GetData`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang, ...headers } })
  const body = decodeDeep(await res.json())
  assert.equal(`${body.errcode}/${body.resultcode}`, '0/0', `${keyName}: ${body.errmsg} ${body.resultmsg}`)
  return body.data
}

let made: Promise<{ token: string; sheetId: string; cardId: string; voucherId: string }> | null = null

/** A member, a coupon plan with one card used on an English order and one printed voucher redeemed; the order paid, asked back in part and refunded. */
function fixtures() {
  made ??= (async () => {
    const db = app.server.db
    const member = await makeMember(db, { balance: '500', name: 'Words' })
    const at = new Date().toISOString()
    const suffix = randomBytes(4).toString('hex').toUpperCase()
    const planId = `PW${suffix}`
    await db
      .insertInto('coupon_plans')
      .values({
        plan_id: planId,
        ent_id: ENT,
        code: planId,
        names: JSON.stringify({ 'zh-CN': '满 50 减 10', 'zh-TW': '滿 50 減 10', en: '10 off a 50 spend' }),
        coupon_type: 1,
        amount: '10',
        min_amount: '50',
        discount_rate: '0',
        max_off: '0',
        shop_ids: '[]',
        base_ids: '[]',
        service_types: '[]',
        goods_ids: '[]',
        class_ids: '[]',
        total_qua: null,
        per_member_qua: 0,
        claimable: 0,
        claim_from: null,
        claim_to: null,
        valid_kind: 1,
        valid_days: 30,
        created_at: at,
        updated_at: at
      } as never)
      .execute()
    const today = wallClockIn('Asia/Macau', new Date()).date
    const card = async (id: string, source: string, actions: string[]) => {
      await db
        .insertInto('coupon_cards')
        .values({ card_id: id, ent_id: ENT, plan_id: planId, vip_id: member.vipId, code: String(300000000000 + Math.floor(Math.random() * 99999999)), status: CARD_STATUS.AVAILABLE, valid_from: today, valid_to: '2099-12-31', source, created_at: at, updated_at: at } as never)
        .execute()
      for (const [i, action] of actions.entries()) {
        await db.insertInto('coupon_card_events').values({ card_id: id, seq: i + 1, action, from_status: 0, to_status: 0, actor: 'shop', ref_id: '', at } as never).execute()
      }
    }
    const cardId = `CW${suffix}`
    const voucherId = `CV${suffix}`
    await card(cardId, 'issue', ['issue'])
    await card(voucherId, 'voucher', ['voucher', 'redeem'])

    const headers = { Authorization: `Bearer ${member.token}` }
    const scope = { ShopID: 'S101', BaseID: 'B201' }
    const goods = (await call('GoodsDetailGet', { ...scope, GoodsID: 'S101.g.A01' }, headers)).table1[0]
    const line = {
      GoodsID: goods.GoodsID,
      SkuID: '',
      PCode: '',
      MQua: '2',
      PQua: '0',
      Remarks: [
        { name: 'Noodles', option: 'Rice noodles' },
        { name: 'Spice', option: 'Mild' }
      ],
      AddOns: [],
      Bom: [],
      Amount: String(Number(goods.SalesPrice) * 2)
    }
    const placed = await call('OrderSubmit', { ...scope, ServiceType: 'takeaway', AppointedTime: '', Lines: [line], CardID: cardId, RequestKey: `w-${suffix}` }, headers)
    const sheetId = placed.table1[0].SheetID
    await call('BalancePay', { SheetID: sheetId, RequestKey: `wp-${suffix}` }, headers)
    const lines = (await call('OrderDetailGet', { SheetID: sheetId }, headers)).table2
    const asked = await call('AfterSaleSubmit', { SheetID: sheetId, Lines: [{ LineNo: lines[0].LineNo, Qua: 1 }], Amount: '10', Reason: 'quality', RequestKey: `wa-${suffix}` }, headers)
    // The shop approves it (as `npm run aftersale -- approve` does), so the receipt has a refund to show.
    await approveAfterSale(db, app.server.providers.payments, { afterSaleId: asked.table1[0].AfterSaleID, note: '', now: new Date() })
    return { token: member.token, sheetId, cardId, voucherId }
  })()
  return made
}

const LOCALES = [
  ['en', 'en-US'],
  ['zh-CN', 'zh-CN'],
  ['zh-TW', 'zh-HK']
] as const

async function open(locale: string, path: string): Promise<Page> {
  const f = await fixtures()
  const context = await phone(app.browser, locale)
  const page = await context.newPage()
  await page.goto(await entryUrl(app.server, 'T01'))
  await byId(page, 'order-now').waitFor({ timeout: 30000 })
  await page.evaluate(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, f.token] as const)
  await page.goto(`${app.server.url}/#${path}`)
  return page
}

const noKeys = async (page: Page, where: string) => assert.deepEqual(await rawKeysOnScreen(page), [], `${where}: catalogue keys on screen`)

describe('words, numbers and formats (issue 27 items 15–19)', () => {
  for (const [lang, device] of LOCALES) {
    it(`${lang}: order details, receipt, after-sale and coupon history`, async () => {
      const f = await fixtures()
      const page = await open(device, `/pages/orderDetails/orderDetails?SheetID=${f.sheetId}`)
      await byId(page, 'order-line').first().waitFor({ timeout: 30000 })
      await byId(page, 'order-coupon').waitFor({ timeout: 30000 })
      const qua = await byId(page, 'order-line-qua').first().textContent()
      const choices = await byId(page, 'order-line-choices').first().textContent()
      const coupon = await byId(page, 'order-coupon').textContent()
      const couponRow = await page.locator('.so-order-totals__row', { has: byId(page, 'order-coupon') }).first().textContent()
      const body = await page.locator('body').innerText()
      if (lang === 'en') {
        assert.equal(qua, '× 2 bowls')
        assert.equal(choices, 'Noodles: Rice noodles; Spice: Mild')
        assert.match(couponRow ?? '', /10 off a 50 spend/)
      } else {
        assert.equal(qua, '× 2 碗')
        assert.equal(choices, lang === 'zh-CN' ? '面底：河粉；辣度：微辣' : '麵底：河粉；辣度：微辣')
        assert.match(couponRow ?? '', lang === 'zh-CN' ? /满 50 减 10/ : /滿 50 減 10/)
        assert.doesNotMatch(body, /Beef Brisket|Rice noodles|10 off a 50/)
      }
      assert.equal(coupon, '\u2212MOP$10.00')
      assert.doesNotMatch(body, /\d{2}:\d{2}:\d{2}/, 'no seconds')
      assert.match(body, lang === 'en' ? /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/ : /\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/)
      await noKeys(page, 'order details')
      await shot(page, `words-order-${lang}`)

      await page.goto(`${app.server.url}/#/pages/receipt/receipt?SheetID=${f.sheetId}`)
      await byId(page, 'receipt').waitFor({ timeout: 30000 })
      // The approved after-sale: balance refunded 10.00, with the minus sign.
      await byId(page, 'receipt-refund').first().waitFor({ timeout: 30000 })
      assert.deepEqual(await byId(page, 'receipt-refund').allTextContents(), ['\u2212MOP$10.00'])
      const receipt = await byId(page, 'receipt').innerText()
      assert.doesNotMatch(receipt, /-MOP/, 'a hyphen as a minus sign')
      assert.doesNotMatch(receipt, /MOP\$[\d,]+(\.\d)?(?![\d.])/, 'an amount without its two decimals')
      assert.match(await byId(page, 'receipt-coupon').textContent() ?? '', /^\u2212MOP\$10\.00$/)
      // A label in Chinese with the full-width colon (item 16): '電話：+853 …', 'Phone: +853 …'.
      assert.match(await byId(page, 'receipt-phone').textContent() ?? '', lang === 'en' ? /^Phone: \+/ : lang === 'zh-CN' ? /^电话：\+/ : /^電話：\+/)
      await noKeys(page, 'receipt')
      await shot(page, `words-receipt-${lang}`)

      await page.goto(`${app.server.url}/#/pages/afterSale/afterSale?SheetID=${f.sheetId}`)
      await byId(page, 'aftersale-progress').waitFor({ timeout: 30000 })
      const steps = await byId(page, 'aftersale-step-date').allTextContents()
      assert.ok(steps.length > 0, 'the steps have times')
      for (const s of steps) assert.doesNotMatch(s, /:\d{2}:\d{2}/, `a step's time with seconds: ${s}`)
      const items = await byId(page, 'aftersale-progress').innerText()
      assert.match(items, lang === 'en' ? /Beef Brisket Noodles/ : lang === 'zh-CN' ? /清汤牛腩面/ : /清湯牛腩麵/)
      await noKeys(page, 'after-sale')
      await shot(page, `words-aftersale-${lang}`)

      await page.goto(`${app.server.url}/#/pages/couponDetails/couponDetails?CardID=${f.voucherId}`)
      await byId(page, 'coupon-event').first().waitFor({ timeout: 30000 })
      const events = await byId(page, 'coupon-event').allTextContents()
      assert.equal(events.length, 2)
      for (const e of events) assert.doesNotMatch(e, /coupon\.event/)
      await noKeys(page, 'coupon details')
      await shot(page, `words-coupon-history-${lang}`)
      await page.context().close()
    })
  }

  for (const [lang, device] of LOCALES) {
    it(`${lang}: the confirm page's pickup slots keep to the quarter hour, its days in the language's way`, async () => {
      const context = await phone(app.browser, device)
      const page = await context.newPage()
      await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), ['F01'], lang)
      await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
      const days = byId(page, 'slot-day')
      await days.first().waitFor({ timeout: 30000 })
      const dayTexts = await days.allTextContents()
      // Today, Tomorrow, then weekdays with their dates: 'Mon 30 Nov', '11月30日 周一', '11月30日 週一'.
      const later = dayTexts.slice(2)
      assert.ok(later.length > 0, 'days after tomorrow are offered')
      for (const d of later) assert.match(d, lang === 'en' ? /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}$/ : lang === 'zh-CN' ? /^\d{1,2}月\d{1,2}日 周[一二三四五六日]$/ : /^\d{1,2}月\d{1,2}日 週[一二三四五六日]$/)
      await days.first().click()
      const times = await byId(page, 'slot-time').allTextContents()
      assert.ok(times.length > 0, 'times are offered')
      for (const t of times) assert.match(t, /\b\d{2}:(00|15|30|45)\b/, `a slot off the quarter hour: ${t}`)
      await noKeys(page, 'confirm page')
      await shot(page, `words-slots-${lang}`)
      await context.close()
    })
  }
})
