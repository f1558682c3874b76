/**
 * The texts the first screen shows: the entry page, Home and what they are made of (shop card,
 * recommended goods, language switch, tab bar, the app shell). The H5 build fetches only these
 * for the language on screen at first, and the whole catalogue with the first page past Home
 * (or a failed entry). tests/unit/catalogues.test.ts checks every text the first screen's code
 * names is here: a key used there must match a prefix or be listed.
 */
const PREFIXES = ['tab.', 'shell.', 'network.', 'common.', 'entry.', 'session.', 'home.', 'lang.', 'menu.saleType.']
const KEYS = new Set(['page.search', 'menu.loadFailed', 'menu.onSaleAt'])

export function isFirstScreenKey(key: string): boolean {
  return KEYS.has(key) || PREFIXES.some((prefix) => key.startsWith(prefix))
}

/**
 * What the app shell says while a page's scripts are on their way or have failed (loading,
 * failed, reload): the H5 app carries these in every language, so they show even when no
 * catalogue script arrives.
 */
export function isShellKey(key: string): boolean {
  return key.startsWith('shell.')
}
