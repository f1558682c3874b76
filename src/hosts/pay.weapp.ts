/** Chat-app mini-program cashier: Taro.requestPayment with PaySubmit's parameters. */
import Taro from '@tarojs/taro'
import type { HostCashier } from './cashier'

export const weappCashier: HostCashier = {
  channel: 'wechat-mini',
  pay: (i) =>
    Taro.requestPayment({
      timeStamp: i.TimeStamp,
      nonceStr: i.NonceStr,
      package: i.Package,
      signType: i.SignType as keyof Taro.requestPayment.SignType,
      paySign: i.PaySign
    }).then(
      () => 'done' as const,
      // 'requestPayment:fail cancel' when the payer closed the cashier.
      (e: { errMsg?: string }) => (/cancel/i.test(e?.errMsg ?? '') ? ('cancelled' as const) : ('failed' as const))
    )
}
