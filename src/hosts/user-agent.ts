/** Sub-host detection for the H5 build (spec §1), pure so it can be tested with sample agents. */
import type { Locale } from '../gateway/contract'
import type { ClientType, SubHost } from './host'

export interface UserAgentReading {
  subHost: SubHost
  clientType: ClientType
  forcedLocale: Locale | null
  isIOS: boolean
}

export function readUserAgent(ua: string): UserAgentReading {
  const isIOS = /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/i.test(ua) && /Mobile/i.test(ua))
  const reading = (subHost: SubHost, clientType: ClientType, forcedLocale: Locale | null = null): UserAgentReading => ({
    subHost,
    clientType,
    forcedLocale,
    isIOS
  })
  // The HK variant names itself AlipayHK (newer builds: AlipayClientHK); test it first.
  if (/AlipayHK|AlipayClientHK/i.test(ua)) return reading('alipayhk', 'alipay HK', 'zh-TW')
  if (/AlipayClient/i.test(ua)) return reading('alipay', 'alipay', 'zh-TW')
  if (/MicroMessenger/i.test(ua)) {
    // The chat-app's web view inside a mini-program says miniProgram.
    return /miniProgram/i.test(ua) ? reading('wechat', 'mini program') : reading('wechat', 'wechat')
  }
  if (/\bMPay\b|MPayWallet/i.test(ua)) return reading('wallet', 'mobile payment')
  if (/SuperApp/i.test(ua)) return reading('superapp', 'web')
  // The third-party member-login app's web view (its token as docs/hosts.md names it).
  if (/\bMemberLogin\//i.test(ua)) return reading('thirdparty', 'web')
  return reading('plain', 'web')
}
