/**
 * What the console's stores need of the browser, behind one small interface: tests hand the stores
 * a fake (tests/client/console-fakes.ts) instead of mocking modules.
 */
export interface ConsoleBrowser {
  storage: {
    get(key: string): string | null
    set(key: string, value: string): void
    remove(key: string): void
  }
  /** The hash route ('#/staff?x=1'), '' when none. */
  hash(): string
  /** Goes to a hash route (a history entry). */
  setHash(hash: string): void
  /** Replaces the current hash route (no history entry). */
  replaceHash(hash: string): void
  /** Path and query of the page's URL ('/console/setup', '?token=…'). */
  path(): string
  search(): string
  onHashChange(listener: () => void): () => void
  /** Saves a file on the device: text (with a UTF-8 byte order mark, for spreadsheets) or bytes as they are (a PDF, a setup file). */
  download(fileName: string, content: string | Uint8Array, mimeType: string): void
  /** The device's preferred languages, best first. */
  languages(): readonly string[]
  /** <html lang>. */
  setDocumentLanguage(lang: string): void
  setTitle(title: string): void
  now(): Date
  /** Calls fn every ms milliseconds until the returned function is called. */
  every(ms: number, fn: () => void): () => void
}

/** The real browser. */
export function windowBrowser(win: Window = window): ConsoleBrowser {
  const safe = <T,>(fn: () => T, fallback: T): T => {
    try {
      return fn()
    } catch {
      // Storage refused (private mode, a full quota): the console still works for this visit.
      return fallback
    }
  }
  return {
    storage: {
      get: (key) => safe(() => win.localStorage.getItem(key), null),
      set: (key, value) => safe(() => win.localStorage.setItem(key, value), undefined),
      remove: (key) => safe(() => win.localStorage.removeItem(key), undefined)
    },
    hash: () => win.location.hash,
    setHash: (hash) => {
      win.location.hash = hash
    },
    replaceHash: (hash) => {
      win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search + hash)
      win.dispatchEvent(new HashChangeEvent('hashchange'))
    },
    path: () => win.location.pathname,
    search: () => win.location.search,
    onHashChange: (listener) => {
      win.addEventListener('hashchange', listener)
      return () => win.removeEventListener('hashchange', listener)
    },
    download: (fileName, content, mimeType) => {
      // Text gets a byte order mark so a spreadsheet opens UTF-8 (Chinese names) as UTF-8; bytes go as they are.
      const blob = new Blob(typeof content === 'string' ? ['\ufeff', content] : [content as Uint8Array<ArrayBuffer>], { type: mimeType })
      const url = URL.createObjectURL(blob)
      const a = win.document.createElement('a')
      a.href = url
      a.download = fileName
      a.hidden = true
      win.document.body.appendChild(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10000)
    },
    languages: () => (win.navigator.languages?.length ? win.navigator.languages : [win.navigator.language]),
    setDocumentLanguage: (lang) => {
      win.document.documentElement.lang = lang
    },
    setTitle: (title) => {
      win.document.title = title
    },
    now: () => new Date(),
    every: (ms, fn) => {
      const id = win.setInterval(fn, ms)
      return () => win.clearInterval(id)
    }
  }
}
