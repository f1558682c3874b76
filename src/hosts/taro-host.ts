/**
 * What every host does the same way through Taro's cross-host APIs. The per-host files
 * build on it and add what only they know.
 */
import Taro from '@tarojs/taro'
import type { Host, HttpRequest, HttpResponse, KeyValueStorage } from './host'

export const taroStorage: KeyValueStorage = {
  get(key) {
    try {
      const v = Taro.getStorageSync(key)
      return typeof v === 'string' && v !== '' ? v : null
    } catch {
      return null
    }
  },
  set(key, value) {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      // Storage full or disabled: the app keeps working without persistence.
    }
  },
  remove(key) {
    try {
      Taro.removeStorageSync(key)
    } catch {
      // ignore
    }
  }
}

export function taroRequest(req: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const task = Taro.request({
      url: req.url,
      method: req.method,
      header: req.headers,
      data: req.body,
      timeout: req.timeoutMs,
      dataType: 'json',
      responseType: 'text',
      success: (res) => resolve({ statusCode: res.statusCode, data: res.data }),
      fail: (err) => reject(new Error((err && (err as { errMsg?: string; errorMessage?: string }).errMsg) || (err as { errorMessage?: string })?.errorMessage || 'request failed'))
    })
    // Taro's own Promise rejects with the host's raw failure as well as calling fail: answered by
    // fail above, so without this every failed request (a weak signal) was an unhandled rejection.
    void task?.catch?.(() => undefined)
  })
}

export function taroToast(message: string): void {
  // Spec §9: toasts stay 2000 ms.
  void Taro.showToast({ title: message, icon: 'none', duration: 2000 }).catch(() => undefined)
}

export function taroDeviceLanguage(): string | null {
  try {
    return (Taro.getSystemInfoSync() as { language?: string }).language ?? null
  } catch {
    return null
  }
}

export function launchQuery(): Record<string, string> {
  try {
    const opts = Taro.getLaunchOptionsSync?.()
    const q = (opts && (opts.query as Record<string, unknown>)) || {}
    return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v ?? '')]))
  } catch {
    return {}
  }
}

/** The navigation bar's title (Taro's API; H5 has a lighter way, index.h5.ts). */
export const taroTitle = (title: string): void => void Taro.setNavigationBarTitle({ title }).catch(() => undefined)

/** A short vibration (issue 24: an order ready for pickup); nothing where the host has none or refuses. */
export function taroVibrate(): void {
  try {
    void Taro.vibrateShort({ type: 'heavy' }).catch(() => undefined)
  } catch {
    // no vibration on this host
  }
}

export const taroNavigation: Pick<Host, 'navigateTo' | 'navigateBack' | 'redirectTo' | 'reLaunch' | 'currentRoute'> = {
  navigateTo: (url) => void Taro.navigateTo({ url }).catch(() => undefined),
  navigateBack(fallbackUrl) {
    if (Taro.getCurrentPages().length > 1) void Taro.navigateBack().catch(() => undefined)
    else void Taro.reLaunch({ url: fallbackUrl }).catch(() => undefined)
  },
  redirectTo: (url) => void Taro.redirectTo({ url }).catch(() => undefined),
  reLaunch: (url) => void Taro.reLaunch({ url }).catch(() => undefined),
  currentRoute() {
    const router = Taro.getCurrentInstance().router
    if (!router?.path) return ''
    const path = '/' + router.path.split('?')[0].replace(/^\//, '')
    // Taro adds keys of its own to a page's params ($taroTimestamp, stamp): left out.
    const query = Object.entries(router.params ?? {})
      .filter(([k, v]) => !k.startsWith('$') && k !== 'stamp' && typeof v === 'string' && v !== '')
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&')
    return query ? `${path}?${query}` : path
  }
}

/** Taro.getLocation (WGS-84) with a time limit; null when refused or unavailable. */
export function taroLocate(): Promise<{ Lng: number; Lat: number } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), LOCATE_TIMEOUT_MS)
    const done = (v: { Lng: number; Lat: number } | null) => {
      clearTimeout(timer)
      resolve(v)
    }
    try {
      Taro.getLocation({ type: 'wgs84' })
        .then((r) => done(Number.isFinite(r.longitude) && Number.isFinite(r.latitude) ? { Lng: r.longitude, Lat: r.latitude } : null))
        .catch(() => done(null))
    } catch {
      done(null)
    }
  })
}

/** How long a location request may take before the app goes on without one. */
export const LOCATE_TIMEOUT_MS = 8000

/** The camera's QR scan of the mini-program hosts (Taro.scanCode); null when cancelled or failed. */
export function taroScanCode(): Promise<string | null> {
  return Taro.scanCode({ onlyFromCamera: true, scanType: ['qrCode'] })
    .then((r) => r.result || null)
    .catch(() => null)
}

