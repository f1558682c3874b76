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
