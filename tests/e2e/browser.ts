/** Debian's Chromium through playwright-core, with the flags of design.md §5, at a phone viewport. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import path from 'node:path'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SCREENSHOTS = path.join(__dirname, 'screenshots')

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
