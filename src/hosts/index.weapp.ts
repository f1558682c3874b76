/** Chat-app mini-program host. */
import Taro from '@tarojs/taro'
import type { Host } from './host'
import { launchQuery, taroDeviceLanguage, taroNavigation, taroRequest, taroStorage, taroTitle, taroToast, taroLocate, taroScanCode, taroVibrate } from './taro-host'
import { taroChooseLocation, taroOpenLocation } from './taro-location'
import { taroConfirm } from './taro-confirm'
import { taroPreviewImage } from './taro-preview'
import { weappChoosePhotos, weappUploadPhoto } from './taro-photos'
import { weappCashier } from './pay.weapp'

export type { Host, HttpRequest, HttpResponse, KeyValueStorage, SubHost, ClientType, ShellTexts } from './host'

export const host: Host = {
  kind: 'weapp',
  subHost: 'weapp',
  clientType: 'mini program',
  forcedLocale: null,
  deviceLanguage: taroDeviceLanguage,
  entryQuery: launchQuery,
  // A mini-program has no page URL; the test gateway is chosen at build time instead.
  isTestEnvironment: () => false,
  defaultGatewayOrigin: () => MINI_GATEWAY_URL,
  request: taroRequest,
  storage: taroStorage,
  toast: taroToast,
  setTitle: taroTitle,
  onGlobalError(listener) {
    Taro.onError?.((error) => listener(error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String((error as { message?: string })?.message ?? error)))
    Taro.onUnhandledRejection?.((res: { reason?: unknown }) => listener(describe(res?.reason)))
  },
  installShell: () => undefined,
  applyLocale: () => undefined,
  previewImage: taroPreviewImage,
  // No outside web pages in a mini-program: payment opens the host's own cashier (cashier below).
  leaveTo: () => false,
  appUrl: () => null,
  locate: taroLocate,
  // The code is installed, not downloaded: nothing to keep out of a first paint's way.
  whenIdle: (run) => void setTimeout(run, 0),
  // Spec §3 isOwnMina: the running mini-program's own app id (wx.getAccountInfoSync).
  miniProgramAppId: () => {
    try {
      return Taro.getAccountInfoSync().miniProgram.appId || null
    } catch {
      return null
    }
  },
  loginCode: () =>
    Taro.login()
      .then((r) => r.code || null)
      .catch(() => null),
  scanCode: taroScanCode,
  // issue 24: the diner's order is ready for pickup.
  vibrate: taroVibrate,
  // issue 16: the chat-app's own place picker and map (GCJ-02 there, WGS-84 here).
  chooseLocation: taroChooseLocation,
  openLocation: taroOpenLocation,
  // issue 17: photos — the host's picker and uploadFile (taro-photos.ts).
  choosePhotos: weappChoosePhotos,
  uploadPhoto: weappUploadPhoto,
  cashier: () => Promise.resolve(weappCashier),
  ...taroNavigation,
  confirm: taroConfirm
}

function describe(reason: unknown): string {
  return reason instanceof Error ? `${reason.name}: ${reason.message}\n${reason.stack ?? ''}` : String(reason)
}
