/** H5 side of device-data.ts: the browser's storage, clipboard and a real reload. */

export function clearDeviceData(): void {
  for (const store of [window.localStorage, window.sessionStorage]) {
    try {
      store.clear()
    } catch {
      // Storage blocked (private mode): nothing was kept there.
    }
  }
}

/**
 * A fresh load of the app's address without query or route: the entry page with nothing in memory
 * (the stores' state goes with the page, so nothing of the cleared session lingers).
 */
export function restartApp(_entryRoute: string): void {
  window.location.replace(`${window.location.origin}${window.location.pathname}`)
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
