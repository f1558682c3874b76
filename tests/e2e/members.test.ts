/**
 * Members and money end to end (issue 5): the built H5 app on the real server, in Chromium at a
 * phone viewport. Log in by SMS (the code read from the development SMS provider's outbox) →
 * recharge 100 with its gift through the sandbox page → the balance shows amount + gift → pay a
 * takeaway order from the balance → the account records show the recharge, the gift and the spend
 * → the member code page shows a code, which `npm run member -- verify` accepts → at a dine-in
 * table a round goes on the bill, and the bill is paid from the balance.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { Decimal } from '../../src/core/money'
import { maskedPhone } from '../../src/core/phone-mask'
import { qrImageUri } from '../../src/features/wallet/qr-image'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import { makeMember } from '../server/helpers/member-fixtures'
import { phone } from './browser'
import { useAppUnderTest, entryUrl, demoCode } from './harness'
import { agreeAndSubmit, approveOnSandbox, byId, cli, money, price, scanAndAdd, shot } from './steps'

const app = useAppUnderTest()
const PHONE = '66123456'

/** The Mine tab of the tab bar. */
const mineTab = (page: Page) => page.getByRole('tab', { name: 'Mine' }).filter({ visible: true })

describe('members and money', () => {
  it('logs in by SMS, recharges with a gift, pays from the balance, sees both in the records and shows a member code the CLI verifies', async () => {
    const context = await phone(app.browser, 'en-US')
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    // Scan the counter code of the fast-food branch, then Mine → log in (every page through shot() is checked by axe).
    await page.goto(await entryUrl(app.server, 'T01'))
    await mineTab(page).click({ timeout: 30000 })
    await byId(page, 'login-cta').waitFor({ timeout: 30000 })
    await shot(page, 'member-mine-signed-out')
    await byId(page, 'login-cta').click()
    // The area code is a named button; its page a listbox of areas.
    await visibleRole(page, 'button', 'Area code +853, change').click({ timeout: 30000 })
    await byId(page, 'area-list').waitFor({ timeout: 30000 })
    await shot(page, 'member-area-code')
    await visibleRole(page, 'option', /Macau/).click()
    // The fields are found by their labels, as a screen reader names them.
    await visibleRole(page, 'spinbutton', 'Mobile number').fill(PHONE, { timeout: 30000 })
    await visibleRole(page, 'button', 'Get code').click()
    const code = await waitForCode('853', PHONE)
    // The countdown is announced once, politely (not the button's text every second).
    await byId(page, 'code-status').getByText(`Code sent to +853 ${PHONE}. You can ask for another in 60 seconds.`).waitFor({ timeout: 15000 })
    assert.equal(await byId(page, 'code-status').getAttribute('role'), 'status')
    await visibleRole(page, 'spinbutton', 'Verification code').fill(code)
    // The agreement is a checkbox a keyboard ticks with Space.
    const agree = visibleRole(page, 'checkbox', 'I have read and agree to the privacy policy and terms of use')
    await agree.focus()
    await page.keyboard.press(' ')
    assert.equal(await agree.getAttribute('aria-checked'), 'true')
    await shot(page, 'member-login')
    await byId(page, 'login-submit').click()
    await byId(page, 'member-phone').getByText(maskedPhone('853', PHONE)).waitFor({ timeout: 30000 })
    await shot(page, 'member-mine')
    const member = await app.server.db.selectFrom('members').selectAll().where('phone', '=', PHONE).executeTakeFirstOrThrow()

    // The profile's birthday by keyboard: a dialog takes the focus, the arrows choose, Done saves it into the field.
    await visibleRole(page, 'button', 'Edit profile').click()
    await byId(page, 'profile-form').waitFor({ timeout: 30000 })
    await shot(page, 'member-profile')
    await chooseBirthdayByKeyboard(page, 'Birthday: Not set', 'Birthday: 2 Jan 1990')
    await page.goBack()
    // Points records and the change of phone: looked at (axe) on the way.
    await visibleRole(page, 'button', 'Points records').click({ timeout: 30000 })
    await byId(page, 'score-records').waitFor({ timeout: 30000 })
    await byId(page, 'score-records').getByText('No points records yet').waitFor({ timeout: 30000 })
    await shot(page, 'member-points')
    await page.goBack()
    await visibleRole(page, 'button', 'Change phone number').click({ timeout: 30000 })
    await byId(page, 'change-view').waitFor({ timeout: 30000 })
    await shot(page, 'member-change-phone')
    await page.goBack()
    await byId(page, 'member-phone').waitFor({ timeout: 30000 })

    // Recharge 100 (gift 10 and a coupon) through the sandbox's hosted page.
    await byId(page, 'entry-recharge').click()
    const rule = await app.server.db.selectFrom('recharge_rules').selectAll().where('amount', '=', '100').executeTakeFirstOrThrow()
    const chosen = page.locator(`[data-rule-id="${rule.rule_id}"]`).filter({ visible: true })
    await chosen.click({ timeout: 30000 })
    // The amounts are a radio group: the arrows move the choice and the focus, and back.
    const amountRadios = visibleRole(page, 'radiogroup', 'Choose an amount').getByRole('radio')
    const checkedIndex = () => amountRadios.evaluateAll((els) => els.findIndex((el) => el.getAttribute('aria-checked') === 'true'))
    const first = await checkedIndex()
    await chosen.focus()
    await page.keyboard.press('ArrowRight')
    assert.equal(await checkedIndex(), (first + 1) % (await amountRadios.count()))
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked')), 'true')
    await page.keyboard.press('ArrowLeft')
    assert.equal(await chosen.getAttribute('aria-checked'), 'true')
    await shot(page, 'member-recharge')
    await byId(page, 'recharge-submit').click()
    await approveOnSandbox(page, 'member-recharge-sandbox')
    const credited = new Decimal(rule.amount).plus(rule.gift_amount)
    await byId(page, 'recharge-new-balance').getByText(money(credited)).waitFor({ timeout: 30000 })
    // Heard as well as seen: the page's one live region says the outcome.
    await page
      .getByRole('status')
      .filter({ hasText: `Recharge successful. ${money(new Decimal(rule.amount))} paid, ${money(credited)} added to your balance` })
      .waitFor({ state: 'attached', timeout: 15000 })
    await shot(page, 'member-recharge-result')

    // Pay a takeaway order from the balance.
    await scanAndAdd(page, app.server.url, await demoCode(app.server, 'T01'), ['F01', 'E03'])
    await byId(page, 'service-option-takeaway').click({ timeout: 30000 })
    await byId(page, 'slot-day').first().click()
    await byId(page, 'slot-time').first().click()
    await byId(page, 'payment-balance').click()
    const total = price('F01').plus(price('E03'))
    await byId(page, 'checkout-total').getByText(money(total)).waitFor({ timeout: 15000 })
    await shot(page, 'member-confirm-balance')
    await agreeAndSubmit(page)
    // Pay from balance asks first: the amount and the balance after (issue 12 item 13).
    await confirmBalancePay(page, `Pay ${money(total)} from your balance? Your balance will then be ${money(credited.minus(total))}.`)
    await byId(page, 'result-pickup-number').waitFor({ timeout: 30000 })
    const [order] = await app.server.db.selectFrom('orders').selectAll().where('vip_id', '=', member.vip_id).execute()
    assert.equal(order.status, 1, 'the order is paid')
    const [payment] = await app.server.db.selectFrom('payments').selectAll().where('order_id', '=', order.order_id).execute()
    assert.equal(payment.provider, 'balance')

    // The account: amount + gift − the order, and the records of all three.
    const left = credited.minus(total)
    await page.goto(await entryUrl(app.server, 'T01'))
    await mineTab(page).click({ timeout: 30000 })
    await byId(page, 'member-balance').getByText(money(left)).waitFor({ timeout: 30000 })
    await byId(page, 'entry-balance').click()
    await byId(page, 'account-balance').getByText(money(left)).waitFor({ timeout: 30000 })
    await shot(page, 'member-account')
    await byId(page, 'entry-balance-records').click()
    await byId(page, 'balance-record').nth(2).waitFor({ timeout: 30000 })
    const kinds = await byId(page, 'balance-record').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')))
    assert.deepEqual([...kinds].sort(), ['gift', 'recharge', 'spend'])
    const amounts = await byId(page, 'balance-record-amount').allInnerTexts()
    assert.ok(amounts.some((a) => a.includes(total.toFixed(2)) && a.includes('\u2212')), `a spend of ${total.toFixed(2)} in ${amounts.join(' | ')}`)
    await shot(page, 'member-balance-records')
    const ledger = await app.server.db.selectFrom('balance_ledger').select(['kind', 'amount']).where('vip_id', '=', member.vip_id).execute()
    assert.equal(ledger.reduce((sum, e) => sum.plus(e.amount), new Decimal(0)).toFixed(2), left.toFixed(2))

    // The member code: the page draws the code the server issued, and the shop's CLI accepts it.
    // Every code the page is issued (it may ask again as it shows, on a slow machine after the first
    // answer came): the one drawn must be the last one issued.
    const issued: Promise<string>[] = []
    page.on('response', (r) => {
      if (r.url().includes('/GetData') && r.request().postData()?.includes('KeyName=VipQrCodeGet') === true) {
        issued.push(r.json().then((answer: { data: { table1: { Code: string }[] } }) => decodeURIComponent(answer.data.table1[0].Code)))
      }
    })
    await page.goBack()
    await byId(page, 'entry-member-code').click({ timeout: 30000 })
    await byId(page, 'member-code-qr').waitFor({ timeout: 30000 })
    const drawn = () => byId(page, 'member-code-qr').evaluate((el) => (el.tagName === 'IMG' ? el.getAttribute('src') : el.querySelector('img')?.getAttribute('src')))
    let memberCode = ''
    let src: string | null | undefined = null
    for (let i = 0; i < 50; i++) {
      const codes = await Promise.all(issued)
      memberCode = codes[codes.length - 1] ?? ''
      src = await drawn()
      if (memberCode && src === qrImageUri(memberCode) && (await Promise.all(issued)).length === codes.length) break
      await page.waitForTimeout(200)
    }
    assert.ok(memberCode, 'the page was issued a member code')
    assert.equal(src, qrImageUri(memberCode))
    await visibleRole(page, 'img', 'Member QR code').waitFor()
    assert.ok(!memberCode.includes(member.vip_id), 'the code does not carry the member id')
    await shot(page, 'member-code')
    const verified = await cli(app, 'member', 'verify', memberCode)
    assert.ok(verified.stdout.includes(maskedPhone('853', PHONE)), verified.stdout)
    assert.match(verified.stdout, new RegExp(left.toFixed(2).replace('.', '\\.')))

    // At a dine-in table: a round on the table's bill, then the bill paid from the balance.
    await scanAndAdd(page, app.server.url, await demoCode(app.server, 'A01'), ['F01'])
    await agreeAndSubmit(page)
    await byId(page, 'sheet-round').first().waitFor({ timeout: 30000 })
    const ask = `Pay ${money(price('F01'))} from your balance? Your balance will then be ${money(left.minus(price('F01')))}.`
    // Cancel pays nothing and goes back to the table.
    await byId(page, 'pay-bill-balance').click()
    await byId(page, 'balance-confirm').getByText(ask).waitFor({ timeout: 30000 })
    await byId(page, 'balance-confirm-cancel').click()
    await byId(page, 'pay-bill-balance').waitFor({ timeout: 30000 })
    const untouched = await app.server.db.selectFrom('members').select('balance').where('vip_id', '=', member.vip_id).executeTakeFirstOrThrow()
    assert.equal(untouched.balance, left.toFixed(2), 'cancelling paid nothing')
    await byId(page, 'pay-bill-balance').click()
    await confirmBalancePay(page, ask)
    await byId(page, 'result-pickup-number').or(byId(page, 'payment-result')).first().waitFor({ timeout: 30000 })
    await page.waitForTimeout(400) // the page slides in for 0.3 s
    await shot(page, 'member-bill-from-balance')
    const [sheet] = await app.server.db.selectFrom('table_sheets').selectAll().where('table_id', '=', 'B201-A01').execute()
    assert.equal(sheet.status, 2, 'the sheet is paid and closed')
    const after = await app.server.db.selectFrom('members').select('balance').where('vip_id', '=', member.vip_id).executeTakeFirstOrThrow()
    assert.equal(after.balance, left.minus(price('F01')).toFixed(2))

    assert.deepEqual(errors, [])
    await context.close()
  })
})

describe('member pages in Chinese (issue 13)', () => {
  for (const locale of ['zh-CN', 'zh-TW'] as const) {
    it(`${locale}: the login form's named fields, the area codes, the profile and its birthday dialog (axe on each; the dialog by keyboard)`, async () => {
      const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(await entryUrl(app.server, 'T01'))
      await byId(page, 'order-now').waitFor({ timeout: 30000 })
      await page.goto(`${app.server.url}/#/pages/loginByCode/loginByCode`)
      await visibleRole(page, 'spinbutton', t('member.phone')).waitFor({ timeout: 30000 })
      await visibleRole(page, 'spinbutton', t('member.code')).waitFor()
      // One sentence: Chinese runs the words together, English puts a space between.
      await visibleRole(page, 'checkbox', `${t('checkout.agree')}${t('checkout.policyLink')}`).waitFor()
      await shot(page, `member-login-${locale}`)
      await visibleRole(page, 'button', t('member.areaCodeChoose', { no: '853' })).click()
      await byId(page, 'area-list').waitFor({ timeout: 30000 })
      await shot(page, `member-area-code-${locale}`)

      const member = await makeMember(app.server.db, { name: '陳大文' })
      await page.evaluate(([key, token]) => localStorage.setItem(key, JSON.stringify({ data: token })), [MEMBER_TOKEN_STORAGE, member.token] as const)
      await page.goto(`${app.server.url}/?signed-in#/pages/vipDetailsEdit/vipDetailsEdit`)
      await byId(page, 'profile-form').waitFor({ timeout: 30000 })
      await visibleRole(page, 'radiogroup', t('member.sex')).waitFor()
      await shot(page, `member-profile-${locale}`)
      const field = visibleRole(page, 'button', t('member.birthdayButton', { label: t('member.birthday'), date: t('member.birthdayNone') }))
      await field.focus()
      await page.keyboard.press('Enter')
      await visibleRole(page, 'dialog', t('member.birthday')).waitFor({ timeout: 15000 })
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), t('picker.yearColumn'))
      await visibleRole(page, 'listbox', t('picker.monthColumn')).waitFor()
      await shot(page, `member-birthday-${locale}`)
      await page.keyboard.press('Escape')
      await visibleRole(page, 'dialog', t('member.birthday')).waitFor({ state: 'detached', timeout: 15000 })
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'birthday')
      assert.deepEqual(errors, [])
      await context.close()
    })
  }
})

/** The one element on show with this role and name (Taro H5 keeps earlier pages in the DOM, hidden). */
const visibleRole = (page: Page, role: Parameters<Page['getByRole']>[0], name: string | RegExp) =>
  page.getByRole(role, { name, exact: typeof name === 'string' }).filter({ visible: true }).first()

/**
 * On the profile: the birthday field opens a dialog by Enter; the focus is in its year column; the
 * keys choose (Down a day: the 2nd); Done gives the date to the field and the focus back to it.
 */
async function chooseBirthdayByKeyboard(page: Page, before: string, after: string): Promise<void> {
  const field = visibleRole(page, 'button', before)
  await field.focus()
  await page.keyboard.press('Enter')
  const dialog = visibleRole(page, 'dialog', 'Birthday')
  await dialog.waitFor({ timeout: 15000 })
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
  assert.equal(await focusedName(), 'Year')
  await shot(page, 'member-birthday')
  // Tab through Year → Month → Day; Down on the day column.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  assert.equal(await focusedName(), 'Day')
  await page.keyboard.press('ArrowDown')
  assert.equal(await visibleRole(page, 'listbox', 'Day').locator('[aria-selected="true"]').innerText(), '2')
  // Tab from the last control comes round to the first (Cancel): the focus stays in the dialog.
  await page.keyboard.press('Tab')
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel')
  await visibleRole(page, 'button', 'Done').focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached', timeout: 15000 })
  assert.equal(await focusedName(), after)
}

/** The balance payment asks first (issue 12 item 13): it says `text`; nothing is paid before the diner confirms. */
async function confirmBalancePay(page: Page, text: string): Promise<void> {
  await byId(page, 'balance-confirm').getByText(text).waitFor({ timeout: 30000 })
  await shot(page, 'member-balance-ask')
  await byId(page, 'balance-confirm-pay').click()
}

/** The code the development SMS provider "sent" (its outbox is the test hook). */
async function waitForCode(areaNo: string, phoneNo: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    try {
      return app.server.providers.sms.lastCode(areaNo, phoneNo)
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`no SMS code was sent to +${areaNo} ${phoneNo}`)
}
