/** Debian's Chromium through playwright-core, with the flags of design.md §5, at a phone viewport. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import fs from 'node:fs'
import path from 'node:path'

/** Debian's Chromium (`apt-get install chromium`): the Lighthouse bench's browser. CHROMIUM_PATH: another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` (`.ci/run` installs it), the
 * same Blink and V8 built as Chromium's headless shell, which Playwright itself runs headless tests
 * in. The full browser's headless mode carries the browser's own layers: the whole suite took 862 s
 * and 576 s in the shell, every file passing both ways (1 Dec, this 2-core machine; a file's CPU
 * about a third less, most of it in the renderers and the browser process). Without the shell, the
 * full Chromium; CHROMIUM_PATH chooses.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM)
export const SCREENSHOTS = path.join(__dirname, 'screenshots')

/** The browser tests' Chromium (TEST_CHROMIUM), or the one named (the benches time the full browser, CHROMIUM). */
export async function launchBrowser(executablePath = TEST_CHROMIUM): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      // playwright gives each launch a new empty profile of its own.
      '--disable-sync'
    ]
  })
}

/** A phone: 390 × 844, touch, a device language. */
export function phone(browser: Browser, locale = 'zh-HK'): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
  })
}

/**
 * E2E_SCREENSHOTS=0: no pictures are written (CI, where nobody looks at them; .ci/run). Each took
 * about 0.2 s of the 2 cores (measured on eight diner files: 174 → 158 s of CPU without their 84
 * pictures). Nothing a test asserts reads them.
 */
export const SCREENSHOTS_ON = process.env.E2E_SCREENSHOTS !== '0'

/** A screenshot of a page or an element into tests/e2e/screenshots, unless E2E_SCREENSHOTS=0. */
export async function saveScreenshot(target: { screenshot(options?: { path?: string; fullPage?: boolean }): Promise<Buffer> }, options: { path: string; fullPage?: boolean }): Promise<Buffer | null> {
  return SCREENSHOTS_ON ? target.screenshot(options) : null
}
