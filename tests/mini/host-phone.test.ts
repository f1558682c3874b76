/**
 * Issue 25: the chat-app mini-program's getPhoneNumber button, on the weapp build under the host
 * double, with IDENTITY_PROVIDER wechat pointed at the WeChat fake (tests/support/real-providers.ts):
 * the app signs the diner in by open id (wx.login → code2Session), the diner opens "bind phone",
 * taps the host's phone button, WeChat's consent gives a phone code (issued by the fake), and the
 * server asks WeChat for the number (stable_token, getuserphonenumber) and binds it. A code WeChat
 * refuses shows the spec's message in the diner's language; the SMS form stays there.
 */
import assert from 'node:assert/strict'
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

describe('alipay: no phone button (the payment-app has no phone code this server exchanges)', () => {
  test('the login page offers the SMS form and the host sign-in, not a WeChat phone button', async () => {
    const locale = LOCALE_ON_ENGLISH_DEVICE.alipay
    const d = app.device('alipay')
    // The diner declines the host sign-in, so Mine offers the login page.
    d.openId = null
    await openTable(d, await demoCode(app.server, 'T01'), locale)
    await d.tap(say(locale, 'tab.mine'))
    await d.waitForRoute('pages/mine/mine')
    await d.waitForText(say(locale, 'member.loginCta'))
    await d.tap(say(locale, 'member.loginCta'))
    await d.waitForRoute('pages/loginByCode/loginByCode')
    await d.waitForText(say(locale, 'member.openId'))
    assert.ok(!d.text().includes(say(locale, 'member.phoneLogin')))
    assert.ok(!d.text().includes(say(locale, 'member.phoneBind')))
  })
})
