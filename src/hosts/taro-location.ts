/**
 * issue 16: the mini-program hosts' own place picker and map through Taro (chat-app; the payment
 * app calls my.* itself in index.alipay.ts but maps answers here too). Apart from taro-host.ts so
 * the H5 build never carries it.
 */
import Taro from '@tarojs/taro'
import type { HostPlace } from './host'
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02'


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
