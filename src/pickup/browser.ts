/**
 * The pickup screen's browser side (the only file of src/pickup that touches window): the
 * address's place and language, the state read (fetch GET /live/pickup), the stream (the H5
 * host's EventSource, src/hosts/live.h5.ts), its fallback poll (src/hosts/live-poll.ts over
 * fetch), timers, the clock and the chime (src/hosts/web-chime.ts). Same origin as the server, so
 * the CSP's connect-src 'self' allows them all.
 */
import type { Locale } from '../gateway/contract'
import type { HttpRequest, HttpResponse } from '../hosts/host'
import { liveSubscribe as streamSubscribe } from '../hosts/live.h5'
import { liveSubscribe as pollSubscribe } from '../hosts/live-poll'
import { playChime, unlockChime } from '../hosts/web-chime'
import { PickupLoadError, type PickupDeps, type PickupPlace, type PickupSnapshot } from './pickup.store'
import { isPickupLocale } from './texts'

/** `?ent=E1001&shop=S101&base=B201&lang=en` (lang optional). */
export function placeFromAddress(search: string): { place: PickupPlace; lang: Locale | null } {
  const q = new URLSearchParams(search)
  const lang = q.get('lang')
  return {
    place: { entId: q.get('ent') ?? '', shopId: q.get('shop') ?? '', baseId: q.get('base') ?? '' },
    lang: isPickupLocale(lang) ? lang : null
  }
}

/** The live host seam's request over fetch (the poll's transport). */
async function fetchRequest(req: HttpRequest): Promise<HttpResponse> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), req.timeoutMs)
  try {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.method === 'GET' ? undefined : req.body, signal: controller.signal, cache: 'no-store' })
    const text = await res.text()
    let data: unknown = text
    try {
      data = JSON.parse(text)
    } catch {
      // not JSON: the text
    }
    return { statusCode: res.status, data }
  } finally {
    clearTimeout(timer)
  }
}

export function browserDeps(): PickupDeps {
  const transport = { request: fetchRequest }
  return {
    async load(place) {
      const query = new URLSearchParams({ ent: place.entId, shop: place.shopId, base: place.baseId })
      let res: Response
      try {
        res = await fetch(`/live/pickup?${query.toString()}`, { cache: 'no-store' })
      } catch {
        throw new PickupLoadError('failed')
      }
      if (res.status === 404 || res.status === 400) throw new PickupLoadError('notFound')
      if (!res.ok) throw new PickupLoadError('failed')
      return (await res.json()) as PickupSnapshot
    },
    stream: streamSubscribe(transport),
    poll: pollSubscribe(transport),
    now: () => Date.now(),
    timers: {
      every(ms, fn) {
        const id = setInterval(fn, ms)
        return () => clearInterval(id)
      },
      after(ms, fn) {
        const id = setTimeout(fn, ms)
        return () => clearTimeout(id)
      }
    },
    chime: () => void playChime(),
    unlockSound: unlockChime
  }
}
