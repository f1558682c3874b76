/** Payment-app mini-program host. */
import Taro from '@tarojs/taro'
import type { Host, HostPlace } from './host'
import { launchQuery, taroDeviceLanguage, taroNavigation, taroRequest, taroStorage, taroTitle, taroToast, taroLocate, taroScanCode, taroVibrate } from './taro-host'
import { placeFromNative } from './taro-location'
import { wgs84ToGcj02 } from './gcj02'
import { taroConfirm } from './taro-confirm'
import { taroPreviewImage } from './taro-preview'
import { alipayChoosePhotos, alipayUploadPhoto } from './taro-photos'
import { alipayCashier } from './pay.alipay'

export type { Host, HttpRequest, HttpResponse, KeyValueStorage, SubHost, ClientType, ShellTexts } from './host'

export const host: Host = {
  kind: 'alipay',
  subHost: 'alipay-mini',
  clientType: 'alipay',
  // Spec §1: the payment app forces traditional Chinese.
  forcedLocale: 'zh-TW',
  deviceLanguage: taroDeviceLanguage,
  entryQuery: launchQuery,
  isTestEnvironment: () => false,
  defaultGatewayOrigin: () => MINI_GATEWAY_URL,
  request: taroRequest,
  storage: taroStorage,
  toast: taroToast,
  setTitle: taroTitle,
  onGlobalError(listener) {
    Taro.onError?.((error) => listener(error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String((error as { message?: string })?.message ?? error)))
    Taro.onUnhandledRejection?.((res: { reason?: unknown }) => listener(String(res?.reason)))
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
  // Spec §3 isOwnMina: the running mini-program's own app id (my.getAccountInfoSync).
  miniProgramAppId: () => {
    try {
      return my.getAccountInfoSync().miniProgram.appId || null
    } catch {
      return null
    }
  },
  // The payment app's silent authorisation (auth_base): an auth code for the member's user id.
  loginCode: () =>
    new Promise<string | null>((resolve) => {
      try {
        my.getAuthCode({ scopes: 'auth_base', success: (r) => resolve(r.authCode || null), fail: () => resolve(null) })
      } catch {
        resolve(null)
      }
    }),
  scanCode: taroScanCode,
  // issue 24: the diner's order is ready for pickup.
  vibrate: taroVibrate,
  // issue 16: the payment app's own place picker and map (my.chooseLocation / my.openLocation, GCJ-02).
  chooseLocation: (near) =>
    new Promise<HostPlace | null>((resolve) => {
      try {
        const at = near ? wgs84ToGcj02(near) : null
        my.chooseLocation({
          ...(at ? { latitude: at.Lat, longitude: at.Lng } : {}),
          success: (r) => resolve(placeFromNative(r)),
          fail: () => resolve(null)
        })
      } catch {
        resolve(null)
      }
    }),
  openLocation: (place) => {
    const at = wgs84ToGcj02(place)
    try {
      // The payment app takes the coordinates as strings.
      my.openLocation({ latitude: String(at.Lat), longitude: String(at.Lng), name: place.Name, address: place.Address, scale: 16, fail: () => undefined })
    } catch {
      // nothing to show: the host refused
    }
  },
  // issue 17: photos — the host's picker and uploadFile (taro-photos.ts).
  choosePhotos: alipayChoosePhotos,
  uploadPhoto: alipayUploadPhoto,
  cashier: () => Promise.resolve(alipayCashier),
  ...taroNavigation,
  confirm: taroConfirm
}

/** The payment app's global (alipay builds only). */
declare const my: {
  getAuthCode(options: { scopes: string; success(r: { authCode?: string }): void; fail(): void }): void
  chooseLocation(options: { latitude?: number; longitude?: number; success(r: { name?: string; address?: string; latitude?: number; longitude?: number }): void; fail(): void }): void
  openLocation(options: { latitude: string; longitude: string; name: string; address: string; scale?: number; fail?(): void }): void
  getAccountInfoSync(): { miniProgram: { appId: string } }
}
