import { readUserAgent } from '../../src/hosts/user-agent'

const IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'

describe('H5 sub-host detection', () => {
  it.each([
    [`${IOS} MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN`, 'wechat', 'wechat', null],
    [`${ANDROID} MicroMessenger/8.0.47 miniProgram`, 'wechat', 'mini program', null],
    [`${ANDROID} AlipayClient/10.5.90.8000 Language/zh-Hans`, 'alipay', 'alipay', 'zh-TW'],
    [`${IOS} AlipayClientHK/10.1.0 AlipayHK`, 'alipayhk', 'alipay HK', 'zh-TW'],
    [`${ANDROID} MPay/3.2.1`, 'wallet', 'mobile payment', null],
    [`${ANDROID} SuperApp/5.0`, 'superapp', 'web', null],
    [ANDROID, 'plain', 'web', null]
  ])('%s', (ua, subHost, clientType, forced) => {
    const r = readUserAgent(ua)
    expect([r.subHost, r.clientType, r.forcedLocale]).toEqual([subHost, clientType, forced])
  })

  it('knows iOS, where the second tap within 500 ms is ignored', () => {
    expect(readUserAgent(IOS).isIOS).toBe(true)
    expect(readUserAgent(ANDROID).isIOS).toBe(false)
  })
})
