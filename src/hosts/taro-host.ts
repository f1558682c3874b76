/**
 * What every host does the same way through Taro's cross-host APIs. The per-host files
 * build on it and add what only they know.
 */
import Taro from '@tarojs/taro'
import type { Host, HostPlace, HttpRequest, HttpResponse, KeyValueStorage } from './host'
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02'

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
    Taro.request({
      url: req.url,
      method: req.method,
      header: req.headers,
      data: req.body,
      timeout: req.timeoutMs,
      dataType: 'json',
      responseType: 'text',
      success: (res) => resolve({ statusCode: res.statusCode, data: res.data }),
      fail: (err) => reject(new Error((err && (err as { errMsg?: string }).errMsg) || 'request failed'))
    })
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

// ——— issue 16: places (the hosts' own place picker and map) ———

/** The hosts' place answer (chat-app and payment-app chooseLocation), in GCJ-02. */
interface NativePlace {
  name?: string
  address?: string
  latitude?: number | string
  longitude?: number | string
}

/** A host's place answer as a HostPlace in WGS-84; null when it holds no usable point. */
export function placeFromNative(r: NativePlace | null | undefined): HostPlace | null {
  const lat = Number(r?.latitude)
  const lng = Number(r?.longitude)
  if (!r || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null
  const p = gcj02ToWgs84({ Lat: lat, Lng: lng })
  return { Lat: p.Lat, Lng: p.Lng, Name: String(r.name ?? ''), Address: String(r.address ?? '') }
}

/** The chat-app's place picker (Taro.chooseLocation); null when cancelled, refused or failed. */
export function taroChooseLocation(near?: { Lat: number; Lng: number }): Promise<HostPlace | null> {
  try {
    const at = near ? wgs84ToGcj02(near) : null
    return Taro.chooseLocation(at ? { latitude: at.Lat, longitude: at.Lng } : {})
      .then((r) => placeFromNative(r))
      .catch(() => null)
  } catch {
    return Promise.resolve(null)
  }
}

/** The chat-app's map of a place (Taro.openLocation); failures are the host's to show. */
export function taroOpenLocation(place: HostPlace): void {
  const at = wgs84ToGcj02(place)
  try {
    void Taro.openLocation({ latitude: at.Lat, longitude: at.Lng, name: place.Name, address: place.Address, scale: 16 })?.catch?.(() => undefined)
  } catch {
    // nothing to show: the host refused
  }
}
