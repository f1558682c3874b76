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

/** Spec §9. */
export const TOAST_MS = 2000

/**
 * A centred message for 2000 ms (spec §9), announced to screen readers (a status region). A new
 * message takes the place of the one on show and has its own 2000 ms, as a mini-program's toast
 * does. The timer lives on the element, so no second copy of this module can hide a message early.
 */
export function domToast(message: string): void {
  let box = document.getElementById('so-toast') as (HTMLElement & { hide?: ReturnType<typeof setTimeout> }) | null
  if (!box) {
    box = document.createElement('div')
    box.id = 'so-toast'
    box.className = 'so-toast'
    box.setAttribute('role', 'status')
    document.body.appendChild(box)
  }
  const shown = box
  shown.textContent = message
  shown.style.display = 'block'
  clearTimeout(shown.hide)
  shown.hide = setTimeout(() => (shown.style.display = 'none'), TOAST_MS)
}
