/**
 * The terms agreement is kept per member on the server, not per device (issue 27): a member who
 * ticks the privacy box on the confirm page of one phone finds it ticked on another phone, in
 * every language; another member is asked for their own. Axe on the confirm page.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { phone, saveScreenshot } from './browser'
import { useAppUnderTest, demoCode } from './harness'
import { assertNoFindings, checkPage, claimPage } from './axe'
import { byId, scanAndAdd } from './steps'
import { startSession } from '../../server/src/domain/members/member-session'
import { makeMember } from '../server/helpers/member-fixtures'
import { TERMS_VERSION } from '../../src/features/checkout/terms-version'

const app = useAppUnderTest()
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-session'

/** A phone on which `vipId` is signed in (a session of its own, as a login there would give). */
async function signedInPhone(browser: Browser, locale: string, vipId: string): Promise<Page> {
  const { token } = await startSession(app.server.db, 'E1001', vipId, new Date())
  const context = await phone(browser, locale)
  // Taro's H5 storage keeps { data } as JSON under the key (src/gateway/member-token.ts).
  await context.addInitScript((t) => localStorage.setItem('scanorder.memberToken', JSON.stringify({ data: t })), token)
  const page = await context.newPage()
  claimPage(page)
  return page
}

const box = (page: Page) => byId(page, 'agree-privacy')

describe('terms agreement per member', () => {
  it('agreed on one phone: ticked on another phone of the same member; not for another member', async () => {
    mkdirSync(SHOTS, { recursive: true })
    const member = await makeMember(app.server.db, { name: 'Terms' })
    const code = await demoCode(app.server, 'T01')

    const first = await signedInPhone(app.browser, 'en-US', member.vipId)
    await scanAndAdd(first, app.server.url, code, ['F01'], 'en')
    await byId(first, 'total-goods').waitFor({ timeout: 30000 })
    assert.equal(await box(first).getAttribute('aria-checked'), 'false', 'not agreed yet')
    await box(first).locator('.so-confirm__box').click()
    // Kept for the member on the server.
    for (let i = 0; i < 50; i++) {
      const row = await app.server.db.selectFrom('member_terms_agreements').selectAll().where('vip_id', '=', member.vipId).executeTakeFirst()
      if (row) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const rows = await app.server.db.selectFrom('member_terms_agreements').select('terms_version').where('vip_id', '=', member.vipId).execute()
    assert.deepEqual(rows.map((r) => r.terms_version), [TERMS_VERSION])
    await first.context().close()

    for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh-CN'], ['zh-HK', 'zh-TW']] as const) {
      const other = await signedInPhone(app.browser, locale, member.vipId)
      await scanAndAdd(other, app.server.url, code, ['F01'], lang)
      await byId(other, 'total-goods').waitFor({ timeout: 30000 })
      await other.locator('[data-testid="agree-privacy"][aria-checked="true"]').waitFor({ timeout: 15000 })
      assertNoFindings(await checkPage(other, `confirm-terms-${locale}`, { dedupe: false }))
      await box(other).scrollIntoViewIfNeeded()
      await saveScreenshot(other, { path: path.join(SHOTS, `confirm-terms-agreed-${locale}.png`) })
      await other.context().close()
    }

    const stranger = await makeMember(app.server.db)
    const theirs = await signedInPhone(app.browser, 'en-US', stranger.vipId)
    await scanAndAdd(theirs, app.server.url, code, ['F01'], 'en')
    await byId(theirs, 'total-goods').waitFor({ timeout: 30000 })
    // Give the agreement's read its time: it must stay unticked.
    await new Promise((r) => setTimeout(r, 1500))
    assert.equal(await box(theirs).getAttribute('aria-checked'), 'false', 'another member is asked for their own')
    await theirs.context().close()
  })
})
