/**
 * Issue 27 item 17: no catalogue key reaches the screen. Looks at the text a diner sees (and the
 * names read out: aria-label, alt, title) for anything written like a key of our catalogues
 * ('coupon.event.voucher'): a key that is in a catalogue, or a dotted word whose first part is a
 * catalogue's prefix with two dots or more.
 */
import type { Page } from 'playwright-core'
import { CATALOGUES } from '../../src/i18n/catalogues'

const KEYS = new Set(Object.keys(CATALOGUES.en))
const PREFIXES = new Set([...KEYS].map((k) => k.split('.')[0]))

/** Key-like texts on the page ([] when none). */
export async function rawKeysOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const named = [...document.querySelectorAll('[aria-label],[alt],[title]')].map((e) => [e.getAttribute('aria-label'), e.getAttribute('alt'), e.getAttribute('title')].filter(Boolean).join(' '))
    return `${document.body.innerText}\n${named.join('\n')}\n${document.title}`
  })
  const found = new Set<string>()
  for (const m of text.matchAll(/\b[a-z][a-zA-Z]*(?:\.[a-zA-Z0-9-]+)+\b/g)) {
    const token = m[0]
    if (!PREFIXES.has(token.split('.')[0])) continue
    if (KEYS.has(token) || token.split('.').length >= 3) found.add(token)
  }
  return [...found]
}
