/**
 * Issue 25: the chat-app mini-program's getPhoneNumber button, on the weapp build under the host
 * double, with IDENTITY_PROVIDER wechat pointed at the WeChat fake (tests/support/real-providers.ts):
 * the app signs the diner in by open id (wx.login → code2Session), the diner opens "bind phone",
 * taps the host's phone button, WeChat's consent gives a phone code (issued by the fake), and the
 * server asks WeChat for the number (stable_token, getuserphonenumber) and binds it. A code WeChat
 * refuses shows the spec's message in the diner's language; the SMS form stays there.
 * The alipay build the same way with Alipay's own button (open-type getAuthorize, scope phoneNumber)
 * and my.getPhoneNumber, whose answers the Alipay fake signs and encrypts with the keys the test made
 * (IDENTITY_PROVIDER alipay with ALIPAY_MINI_AES_KEY): bind signed in, log in signed out.
 */
import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { after, describe, test } from 'node:test'
import { maskedPhone } from '../../src/core/phone-mask'
import { LOCALE_ON_ENGLISH_DEVICE, openTable, say } from './steps'
import { demoCode, useMiniServer } from './server'
import { startFakes, type RealProviderFakes } from '../support/real-providers'

let fakes: RealProviderFakes
const app = useMiniServer(async () => {
  fakes = await startFakes()
  return fakes.config
})
after(async () => {
  await fakes?.stop()
})

describe('weapp: the phone WeChat verified, bound with the host\'s getPhoneNumber button', () => {
  test('signed in by open id, the diner binds the number WeChat gives; a refused code says to use an SMS code', async () => {
    const locale = LOCALE_ON_ENGLISH_DEVICE.weapp
    const d = app.device('weapp')
    d.openId = 'weapp-phone-1'
    d.loginCode = (openId) => fakes.wechatAuth.issueCode('mini', { openId: `oMini-${openId}` })

    await openTable(d, await demoCode(app.server, 'T01'), locale)
    await d.tap(say(locale, 'tab.mine'))
    await d.waitForRoute('pages/mine/mine')
    await d.waitForText(say(locale, 'member.noPhone'))
    await d.tap(say(locale, 'member.entry.bindPhone'))
    await d.waitForRoute('pages/loginByCode/loginByCode')
    await d.waitForText(say(locale, 'member.phoneBind'))

    // WeChat refuses the code (unknown to it: 40029): the diner is told in their language, nothing is bound.
    await d.tapPhoneButton(say(locale, 'member.phoneBind'), () => 'a-code-wechat-never-issued')
    await d.waitForText(say(locale, 'resultcode.20047'))
    assert.equal(d.current.route, 'pages/loginByCode/loginByCode')
    // The diner declines WeChat's consent sheet: nothing is asked of the server.
    const asked = fakes.wechatAuth.phoneRequests.length
    await d.tapPhoneButton(say(locale, 'member.phoneBind'), () => null)
    await d.idle()
    assert.equal(fakes.wechatAuth.phoneRequests.length, asked)

    // Consent given: the number WeChat verified is bound, and Mine shows it.
    await d.tapPhoneButton(say(locale, 'member.phoneBind'), () => fakes.wechatAuth.issuePhoneCode('853', '66123409'))
    await d.waitForRoute('pages/mine/mine')
    await d.waitForText(maskedPhone('853', '66123409'))
    const member = await app.server.db
      .selectFrom('member_identities as i')
      .innerJoin('members as m', 'm.vip_id', 'i.vip_id')
      .select(['m.area_no', 'm.phone', 'i.provider'])
      .where('i.open_id', '=', 'oMini-weapp-phone-1')
      .executeTakeFirstOrThrow()
    assert.deepEqual(member, { area_no: '853', phone: '66123409', provider: 'weapp' })
    assert.ok(fakes.wechatAuth.requests.some((r) => r.path === '/cgi-bin/stable_token'), 'the server fetched the mini-program access token')
    assert.deepEqual(d.errors, [])
  })
})

describe('alipay: the phone Alipay verified, with the getAuthorize button and my.getPhoneNumber', () => {
  test('signed in by user id, the diner binds the number Alipay gives; a forged or refused answer says to use an SMS code; a declined consent asks nothing', async () => {
    const locale = LOCALE_ON_ENGLISH_DEVICE.alipay
    const d = app.device('alipay')
    d.openId = 'alipay-phone-1'
    d.loginCode = (openId) => fakes.alipayAuth.issueCode(fakes.alipayKeys.appId, { openId: `aMini-${openId}`, nickName: '' })
    const answer = (mobile: string, opts: Parameters<typeof fakes.alipayAuth.phoneAnswer>[2] = {}) => fakes.alipayAuth.phoneAnswer(fakes.alipayAesKey, mobile, opts)

    await openTable(d, await demoCode(app.server, 'T01'), locale)
    await d.tap(say(locale, 'tab.mine'))
    await d.waitForRoute('pages/mine/mine')
    await d.waitForText(say(locale, 'member.noPhone'))
    await d.tap(say(locale, 'member.entry.bindPhone'))
    await d.waitForRoute('pages/loginByCode/loginByCode')
    await d.waitForText(say(locale, 'member.phoneBindAlipay'))
    // Alipay's words, not WeChat's.
    assert.ok(!d.text().includes(say(locale, 'member.phoneBind')))

    /** Taps the button with Alipay's answer and waits for the server's verdict (the sign-in code, then the phone, reached it). */
    const attempt = async (give: () => string) => {
      const asked = fakes.alipayAuth.requests.length
      await d.tapPhoneButton(say(locale, 'member.phoneBindAlipay'), give)
      await d.waitFor(() => fakes.alipayAuth.requests.length > asked, 'the sign-in code at Alipay')
      await d.idle()
    }
    // An answer not signed by Alipay (a man in the middle, a made-up number): refused in the diner's language, nothing bound.
    await attempt(() => answer('13800138201', { signWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }))
    await d.waitForText(say(locale, 'resultcode.20047'))
    assert.equal(d.current.route, 'pages/loginByCode/loginByCode')
    assert.equal(d.phoneNumberCalls, 1, 'the app asked my.getPhoneNumber after the consent')
    // Alipay's own refusal inside the answer (code ≠ 10000): the same.
    await attempt(() => answer('13800138201', { code: '40006' }))
    await d.waitForText(say(locale, 'resultcode.20047'))
    assert.equal(d.current.route, 'pages/loginByCode/loginByCode')
    // The diner declines Alipay's consent sheet: my.getPhoneNumber is not reached, nothing is asked of the server.
    const calls = d.phoneNumberCalls
    const exchanges = fakes.alipayAuth.requests.length
    await d.tapPhoneButton(say(locale, 'member.phoneBindAlipay'), () => null)
    await d.idle()
    assert.equal(d.phoneNumberCalls, calls)
    assert.equal(fakes.alipayAuth.requests.length, exchanges)

    // Consent given: the number Alipay verified is bound, and Mine shows it.
    await d.tapPhoneButton(say(locale, 'member.phoneBindAlipay'), () => answer('13800138201'))
    await d.waitForRoute('pages/mine/mine')
    await d.waitForText(maskedPhone('86', '13800138201'))
    const member = await app.server.db
      .selectFrom('member_identities as i')
      .innerJoin('members as m', 'm.vip_id', 'i.vip_id')
      .select(['m.area_no', 'm.phone', 'i.provider'])
      .where('i.open_id', '=', 'aMini-alipay-phone-1')
      .executeTakeFirstOrThrow()
    assert.deepEqual(member, { area_no: '86', phone: '13800138201', provider: 'alipay-mini' })
    await d.idle()
    assert.deepEqual(d.errors, [])
  })

  test('signed out, the login page offers "log in with my Alipay phone number": the number Alipay verified logs the diner in as a member with it', async () => {
    const locale = LOCALE_ON_ENGLISH_DEVICE.alipay
    const d = app.device('alipay')
    // The diner declines the silent host sign-in at first, so Mine offers the login page.
    d.openId = null
    d.loginCode = (openId) => fakes.alipayAuth.issueCode(fakes.alipayKeys.appId, { openId: `aMini-${openId}`, nickName: '' })
    await openTable(d, await demoCode(app.server, 'T01'), locale)
    await d.tap(say(locale, 'tab.mine'))
    await d.waitForRoute('pages/mine/mine')
    await d.waitForText(say(locale, 'member.loginCta'))
    await d.tap(say(locale, 'member.loginCta'))
    await d.waitForRoute('pages/loginByCode/loginByCode')
    await d.waitForText(say(locale, 'member.phoneLoginAlipay'))
    assert.ok(!d.text().includes(say(locale, 'member.phoneLogin')))
    // The login needs the privacy terms agreed first, as every other way in.
    if (!d.text().includes('✓')) await d.tap(say(locale, 'checkout.agree'))
    await d.waitForText('✓')
    d.openId = 'alipay-phone-2'
    await d.tapPhoneButton(say(locale, 'member.phoneLoginAlipay'), () => fakes.alipayAuth.phoneAnswer(fakes.alipayAesKey, '13800138202'))
    await d.waitForRoute('pages/mine/mine')
    await d.waitForText(maskedPhone('86', '13800138202'))
    const row = await app.server.db.selectFrom('members').select(['area_no', 'register_type']).where('phone', '=', '13800138202').executeTakeFirstOrThrow()
    assert.deepEqual(row, { area_no: '86', register_type: 0 })
    // What signing in starts (the payer id, the member's cards) has finished before the server stops.
    await d.idle()
    assert.deepEqual(d.errors, [])
  })
})
