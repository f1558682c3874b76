/**
 * Pictures for phones (issue 28 item 1) in the browser: the tea house's menu imported with phone
 * photos (4032 × 3024 JPEGs of about 1 MB made here) for its first dishes; on a 390 px phone at 2×
 * the goods list's first picture is the 320 px WebP variant (its `sizes` 23vw → 90 px × 2), never
 * the photo itself, and no page of the walk (Home, the goods list) downloads an original. Axe looks
 * at the goods list with photos in en, zh-CN and zh-TW.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { Locator, Page } from 'playwright-core'
import { importMenu } from '../../server/src/domain/catalogue/menu-import.service'
import { pictureVariants } from '../../src/core/picture-variants'
import { phone } from './browser'
import { entryUrl, useAppUnderTest } from './harness'
import { byId, shot } from './steps'

const app = useAppUnderTest()
const SEED = path.join(__dirname, '../../server/seed')
const PHOTOS = ['A01', 'A02', 'A03', 'A04']
let tmp = ''

/** A phone's photo of a dish: smooth colour with some grain, 4032 × 3024, one colour per dish. */
async function phonePhoto(hue: number): Promise<Buffer> {
  const grain = await sharp({ create: { width: 126, height: 95, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .modulate({ hue })
    .png()
    .toBuffer()
  return sharp(grain).tint({ r: 200, g: 120 + hue / 4, b: 60 }).resize(4032, 3024).jpeg({ quality: 92 }).toBuffer()
}

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'menu-photos-'))
  cpSync(path.join(SEED, 'pictures'), path.join(tmp, 'pictures'), { recursive: true })
  const menu = JSON.parse(readFileSync(path.join(SEED, 'menus', 'menu-S101.json'), 'utf8'))
  for (const [i, code] of PHOTOS.entries()) {
    writeFileSync(path.join(tmp, 'pictures', `${code.toLowerCase()}-photo.jpg`), await phonePhoto(i * 80))
    menu.goods.find((g: { code: string }) => g.code === code).image = `../pictures/${code.toLowerCase()}-photo.jpg`
  }
  // Paths in the file are relative to it: '../pictures/…' from tmp/menus.
  await importMenu(app.server.db, menu, path.join(tmp, 'menus'), { filesDir: app.server.config.filesDir })
})
after(() => rmSync(tmp, { recursive: true, force: true }))

/** Notes every menu picture the page downloads, by URL, in `urls`. */
function pictureRequests(page: Page, urls: string[] = []): string[] {
  page.on('request', (r) => {
    if (r.url().includes('/files/menu/')) urls.push(r.url())
  })
  return urls
}

/** Waits until the picture has arrived and is drawn. */
async function loaded(img: Locator): Promise<void> {
  await img.waitFor({ timeout: 30000 })
  await img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? undefined : new Promise((resolve) => el.addEventListener('load', resolve, { once: true }))), undefined, { timeout: 15000 })
}

describe('menu pictures on a phone', () => {
  it('the goods list’s first picture is the 320 px WebP at 390 px; no original photo is downloaded', async () => {
    const context = await phone(app.browser, 'en-US')
    // Scan at the table: Home shows the recommended dishes (47vw: their 640 px pictures).
    const home = await context.newPage()
    const requested = pictureRequests(home)
    await home.goto(await entryUrl(app.server, 'A03'))
    await loaded(home.locator('[data-testid="recommend-card"] img').filter({ visible: true }).first())
    // The goods list opened on its own (a new document: Chromium would reuse the 640 px picture
    // Home already holds in its memory rather than ask for a smaller one).
    const list = await context.newPage()
    pictureRequests(list, requested)
    await list.goto(`${app.server.url}/#/pages/goodsList/goodsList`)
    const first = list.locator('[data-goods-code="A01"]').filter({ visible: true }).locator('img')
    await loaded(first)

    const shown = await first.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, natural: img.naturalWidth, sizes: img.sizes }))
    assert.equal(shown.sizes, '23vw')
    // 23 % of 390 px = 90 px, at 2× → the 320 px variant.
    assert.match(shown.src, /\/a01-photo-[0-9a-f]{10}\.320\.webp$/, `the first row's picture: ${shown.src}`)
    // naturalWidth is in CSS pixels for a srcset picture: 320 px shown at 23vw (about 90 px).
    assert.ok(Math.abs(shown.natural - 90) <= 1, `drawn at 2×: ${shown.natural}`)
    const answer = await list.request.get(shown.src)
    assert.equal(answer.headers()['content-type'], 'image/webp')
    assert.equal(answer.headers()['cache-control'], 'public, max-age=31536000, immutable')
    const body = await answer.body()
    const bytes = body.length
    assert.equal((await sharp(body).metadata()).width, 320)
    assert.ok(bytes < 40_000, `the 320 px picture is small (${bytes} bytes)`)

    await loaded(list.locator('[data-goods-code="A04"]').filter({ visible: true }).locator('img'))
    const photos = requested.filter((u) => /-photo-/.test(u))
    assert.ok(photos.some((u) => /\/a01-photo-[0-9a-f]{10}\.320\.webp$/.test(u)), photos.join('\n'))
    for (const url of photos) {
      assert.equal(pictureVariants(url), null, `an original photo was downloaded: ${url}`)
      const width = Number(/\.(\d+)\.webp$/.exec(url)?.[1])
      assert.ok(width > 0 && width <= 640, `a variant no wider than the phone needs: ${url}`)
    }
    await context.close()
  })

  it('the goods list with photos, in every language (axe)', async () => {
    for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh-CN'], ['zh-HK', 'zh-TW']] as const) {
      const context = await phone(app.browser, locale)
      const page = await context.newPage()
      await page.goto(await entryUrl(app.server, 'A03'))
      await byId(page, 'order-now').click({ timeout: 30000 })
      await loaded(page.locator('[data-goods-code="A01"] img').filter({ visible: true }))
      await shot(page, `menu-photos-${lang}`)
      await context.close()
    }
  })
})
