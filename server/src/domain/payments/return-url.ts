/**
 * Where a provider may send the payer's browser back to. Only our own app: a same-origin path
 * ('/#/pages/paying/paying?PayID=…') or an absolute URL on one of the allowed origins (the
 * deployment's H5 link). Anything else would make the payment page an open redirect.
 */

/** The PaySubmit ReturnUrl may carry this placeholder; it becomes the new payment's id. */
export const PAY_ID_PLACEHOLDER = '{PayID}'

const MAX_LENGTH = 2000

/** The URL as it may be used, or null when it is not ours. */
export function checkReturnUrl(url: string, allowedOrigins: readonly string[]): string | null {
  const text = url.trim()
  if (!text || text.length > MAX_LENGTH) return null
  // Control characters and backslashes are how "/\\evil.example" style tricks start.
  if (/[\u0000-\u001f\u007f\\]/.test(text)) return null
  if (text.startsWith('/')) {
    if (text.startsWith('//')) return null
    const probe = 'http://same-origin.invalid'
    try {
      return new URL(text, probe).origin === probe ? text : null
    } catch {
      return null
    }
  }
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (parsed.username || parsed.password) return null
  return allowedOrigins.includes(parsed.origin) ? text : null
}

/** Fills the PayID placeholder (as typed, or percent-encoded by the client). */
export function withPayId(url: string, payId: string): string {
  return url.split(PAY_ID_PLACEHOLDER).join(payId).split('%7BPayID%7D').join(payId)
}

/** Origins of URLs (absolute, or relative to `origin`); bad ones are skipped. */
export function originsOf(urls: readonly string[], origin: string): string[] {
  const out = new Set<string>()
  for (const u of urls) {
    try {
      out.add(new URL(u, `${origin}/`).origin)
    } catch {
      // not a URL: contributes nothing
    }
  }
  return [...out]
}
