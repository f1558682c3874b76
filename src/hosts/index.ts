/**
 * Neutral host: used by unit tests and as the fallback of Taro's per-host files
 * (index.h5.ts, index.weapp.ts, index.alipay.ts take precedence in their builds).
 */
import type { Host } from './host'
import { launchQuery, taroDeviceLanguage, taroNavigation, taroRequest, taroStorage, taroTitle, taroToast } from './taro-host'
import { taroConfirm } from './taro-confirm'
import { taroPreviewImage } from './taro-preview'

export type { Host, HttpRequest, HttpResponse, KeyValueStorage, SubHost, ClientType, ShellTexts } from './host'

export const host: Host = {
  kind: 'h5',
  subHost: 'plain',
  clientType: 'web',
  forcedLocale: null,
  deviceLanguage: taroDeviceLanguage,
  entryQuery: launchQuery,
  isTestEnvironment: () => false,
  defaultGatewayOrigin: () => MINI_GATEWAY_URL,
  request: taroRequest,
  storage: taroStorage,
  toast: taroToast,
  setTitle: taroTitle,
  onGlobalError: () => undefined,
  installShell: () => undefined,
  applyLocale: () => undefined,
  previewImage: taroPreviewImage,
  // No outside web pages in a mini-program: online payment needs the provider's integration.
  leaveTo: () => false,
  appUrl: () => null,
  locate: async () => null,
  whenIdle: (run) => void setTimeout(run, 0),
  loginCode: async () => null,
  ...taroNavigation,
  confirm: taroConfirm
}
