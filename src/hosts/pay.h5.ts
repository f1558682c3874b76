/**
 * H5 in a host app's browser: its JS bridge's cashier (chat-app WeixinJSBridge
 * getBrandWCPayRequest, payment app and its HK variant AlipayJSBridge tradePay). Loaded only when
 * a payment starts (index.h5.ts), so no first-screen bytes. Other browsers have none: the hosted page.
 */
import type { ClientType, SubHost } from './host'
import { tradePayOutcome, type HostCashier } from './cashier'

type Callback = (res: Record<string, unknown>) => void
interface Bridges {
  WeixinJSBridge?: { invoke(api: string, params: Record<string, string>, callback: Callback): void }
  AlipayJSBridge?: { call(api: string, params: Record<string, string>, callback: Callback): void }
}

/** How long a bridge may take to announce itself before the payment is called failed (the diner can retry). */
const BRIDGE_READY_MS = 10_000

export function browserCashier(subHost: SubHost, clientType: ClientType): HostCashier | null {
  // A web view inside the chat-app's mini-program has no JSAPI payment: the hosted page.
  if (subHost === 'wechat' && clientType === 'wechat') {
    return {
      channel: 'wechat-jsapi',
      pay: async (i) => {
        const bridge = await ready('WeixinJSBridge', 'WeixinJSBridgeReady')
        if (!bridge) return 'failed'
        return new Promise((resolve) =>
          bridge.invoke(
            'getBrandWCPayRequest',
            { appId: i.AppID, timeStamp: i.TimeStamp, nonceStr: i.NonceStr, package: i.Package, signType: i.SignType, paySign: i.PaySign },
            (res) => {
              const msg = String(res?.err_msg ?? '')
              resolve(msg === 'get_brand_wcpay_request:ok' ? 'done' : /cancel/.test(msg) ? 'cancelled' : 'failed')
            }
          )
        )
      }
    }
  }
  if (subHost === 'alipay' || subHost === 'alipayhk') {
    return {
      channel: 'alipay-jsapi',
      pay: async (i) => {
        const bridge = await ready('AlipayJSBridge', 'AlipayJSBridgeReady')
        if (!bridge) return 'failed'
        return new Promise((resolve) => bridge.call('tradePay', { tradeNO: i.TradeNO }, (res) => resolve(tradePayOutcome(res?.resultCode))))
      }
    }
  }
  return null
}

/** The bridge once the host has injected it (it announces itself with an event on document). */
function ready<K extends keyof Bridges>(name: K, event: string): Promise<NonNullable<Bridges[K]> | null> {
  const get = () => (window as unknown as Bridges)[name] ?? null
  const now = get()
  if (now) return Promise.resolve(now as NonNullable<Bridges[K]>)
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      document.removeEventListener(event, done)
      resolve(get() as NonNullable<Bridges[K]> | null)
    }
    const timer = setTimeout(done, BRIDGE_READY_MS)
    document.addEventListener(event, done, false)
  })
}
