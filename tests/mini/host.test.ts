/**
 * What the host itself decides, on both builds: the member behind the host's login code
 * (wx.login / my.getAuthCode → ThirdPartyAccessTokenGet through the development identity
 * provider, which takes `dev:<openid>`), and the language rules of spec §1 (the chat-app follows
 * the device; the payment app forces traditional Chinese; a stored choice overrides both, also
 * after a relaunch).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Locale } from '../../src/gateway/contract'
import type { MiniHostDouble } from './host-double'
import { A01_CHOICES, openTable, say } from './steps'
import { MINI_KINDS, demoCode, useMiniServer } from './server'

const app = useMiniServer()

async function openMine(d: MiniHostDouble, locale: Locale): Promise<void> {
  await d.tap(say(locale, 'tab.mine'))
  await d.waitForRoute('pages/mine/mine')
  await d.idle()
}

for (const kind of MINI_KINDS) {
  const forced: Locale = 'zh-TW'
  const onEnglishDevice: Locale = kind === 'weapp' ? 'en' : forced

  describe(`${kind} build: host login`, () => {
    test('the host login code makes the diner a member: Mine shows who the server says they are', async () => {
      const d = app.device(kind)
      d.openId = `${kind}-diner-1`
      await openTable(d, await demoCode(app.server, 'T01'), onEnglishDevice)
      await openMine(d, onEnglishDevice)
      await d.waitForText(`Dev ${kind}-diner-1`)
      assert.ok(d.logins.includes(`dev:${kind}-diner-1`), `the app asked the host for a login code (${kind === 'weapp' ? 'wx.login' : 'my.getAuthCode'})`)
      assert.ok(!d.text().includes(say(onEnglishDevice, 'member.loginCta')))
      // Another host user on another phone is another member.
      const other = app.device(kind)
      other.openId = `${kind}-diner-2`
      await openTable(other, await demoCode(app.server, 'T01'), onEnglishDevice)
      await openMine(other, onEnglishDevice)
      await other.waitForText(`Dev ${kind}-diner-2`)
      assert.ok(!other.text().includes(`Dev ${kind}-diner-1`))
      assert.deepEqual([...d.errors, ...other.errors], [])
    })

    test('a diner who refuses the host login stays signed out and is offered the phone login', async () => {
      const d = app.device(kind)
      d.openId = null
      await openTable(d, await demoCode(app.server, 'T01'), onEnglishDevice)
      await openMine(d, onEnglishDevice)
      await d.waitForText(say(onEnglishDevice, 'member.loginCta'))
      assert.ok(d.logins.includes('(refused)'))
      assert.ok(!/Dev /.test(d.text()))
      assert.deepEqual(d.errors, [])
    })
  })

  describe(`${kind} build: no network`, () => {
    // Taro.request also returns a Promise that rejects with the host's raw failure: left alone,
    // every failed request on a weak signal was an unhandled rejection (the host's onUnhandledRejection;
    // here node:test fails the test on it).
    test('a menu that cannot load says so and loads on retry, with no unhandled rejection', async () => {
      const d = app.device(kind)
      await openTable(d, await demoCode(app.server, 'T01'), onEnglishDevice)
      d.offline = true
      await d.tap(say(onEnglishDevice, 'home.orderNow'))
      await d.waitForRoute('pages/goodsList/goodsList')
      await d.waitForText(say(onEnglishDevice, 'menu.loadFailed'))
      assert.ok(d.toasts.includes(say(onEnglishDevice, 'network.error')), 'the network error was said')
      d.offline = false
      await d.tap(say(onEnglishDevice, 'common.retry'))
      await d.waitForText(A01_CHOICES[onEnglishDevice].name)
      await d.idle()
      assert.deepEqual(d.errors, [])
    })
  })

  describe(`${kind} build: language`, () => {
    test(kind === 'weapp' ? 'follows the device: English, then traditional Chinese' : 'the payment app forces traditional Chinese on an English device', async () => {
      const d = app.device(kind)
      await openTable(d, await demoCode(app.server, 'T01'), onEnglishDevice, 'en')
      assert.ok(d.text().includes(say(onEnglishDevice, 'home.orderNow')))
      if (kind === 'alipay') assert.ok(!d.text().includes(say('en', 'home.orderNow')), 'no English on the payment app unless chosen')
      const taiwan = app.device(kind)
      await openTable(taiwan, await demoCode(app.server, 'T01'), 'zh-TW', 'zh_TW')
      const mainland = app.device(kind)
      await openTable(mainland, await demoCode(app.server, 'T01'), kind === 'weapp' ? 'zh-CN' : forced, 'zh_CN')
      assert.deepEqual([...d.errors, ...taiwan.errors, ...mainland.errors], [])
    })

    test('a language the diner chose is kept and overrides the host after a relaunch', async () => {
      const d = app.device(kind)
      await openTable(d, await demoCode(app.server, 'T01'), onEnglishDevice, 'en')
      // The other language than the one shown: on the payment app English beats the forced zh-TW.
      const chosen: Locale = kind === 'weapp' ? 'zh-CN' : 'en'
      await d.tap(say(chosen, `lang.${chosen}`))
      await d.waitForText(say(chosen, 'home.orderNow'))
      d.close()
      await openTable(d, await demoCode(app.server, 'T01'), chosen, 'en')
      assert.ok(!d.text().includes(say(onEnglishDevice, 'home.orderNow')))
      assert.deepEqual(d.errors, [])
    })
  })
}
