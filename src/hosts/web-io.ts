/**
 * H5 request and toast on the browser's own APIs. Taro's H5 request brings fetch, abort
 * and JSONP polyfills, and its toast an icon font: about a tenth of the first-screen JS.
 */
import type { HttpRequest, HttpResponse } from './host'

export async function fetchRequest(req: HttpRequest): Promise<HttpResponse> {
  const controller = typeof AbortController === 'undefined' ? null : new AbortController()
  const timer = setTimeout(() => controller?.abort(), req.timeoutMs)
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.method === 'POST' ? req.body : undefined,
      signal: controller?.signal
    })
    const text = await res.text()
    let data: unknown = text
    try {
      data = JSON.parse(text)
    } catch {
      // Not JSON: the gateway client shows the raw text.
    }
    return { statusCode: res.status, data }
  } catch (e) {
    throw new Error((e as Error)?.name === 'AbortError' ? 'request:fail timeout' : `request:fail ${(e as Error)?.message ?? ''}`)
  } finally {
    clearTimeout(timer)
  }
}

let toastTimer: ReturnType<typeof setTimeout> | undefined

/** A centred message for 2000 ms (spec §9), announced to screen readers. */
export function domToast(message: string): void {
  let el = document.getElementById('so-toast')
  if (!el) {
    el = document.createElement('div')
    el.id = 'so-toast'
    el.className = 'so-toast'
    el.setAttribute('role', 'status')
    el.setAttribute('aria-live', 'polite')
    document.body.appendChild(el)
  }
  el.textContent = message
  el.style.display = 'block'
  clearTimeout(toastTimer)
  toastTimer = setTimeout(() => {
    if (el) el.style.display = 'none'
  }, 2000)
}
