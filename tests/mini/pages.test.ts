/**
 * Every page in each build's app.json (the main package's and the subpackages') mounts under the
 * host double and renders without an error: the app is started at that page (as a shared link or
 * a QR code would open it) on a device that already opened a table, so pages that need a session
 * have one.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { MiniHostDouble, MiniKind } from './host-double'
import { allPages, readAppJson } from './app-json'
import { LOCALE_ON_ENGLISH_DEVICE, openTable } from './steps'
import { MINI_KINDS, buildDir, demoCode, useMiniServer } from './server'

const app = useMiniServer()

for (const kind of MINI_KINDS) {
  describe(`${kind} build: every page`, () => {
    let device: MiniHostDouble | null = null
    test('a table opened first (the session the pages find in storage)', async () => {
      device = app.device(kind)
      await openTable(device, await demoCode(app.server, 'T01'), LOCALE_ON_ENGLISH_DEVICE[kind])
    })
    for (const route of pagesOf(kind)) {
      test(route, async (t) => {
        const dev = device!
        const before = dev.opened.length
        dev.launch({ path: route, systemLanguage: 'en' })
        assert.equal(dev.opened[before], route, `${route} mounted first`)
        // Settled: no request in flight and something on screen (the page, or where it sent the diner).
        // A page that redirects to itself (orderEntry puts the table in its URL) is blank for a
        // moment after its requests finish, so the settled state is waited for, not sampled once.
        await dev.waitFor(() => dev.text().trim().length > 0, `${route} to render`)
        await dev.idle()
        await dev.waitFor(() => dev.text().trim().length > 0, `${dev.current.route} to show something once settled`)
        assert.deepEqual(dev.errors, [], `no error on ${route}`)
        t.diagnostic(`${route} → ${dev.routes.join(' > ')}: ${dev.text().split('\n').slice(0, 4).join(' | ')}`)
        dev.close()
      })
    }
  })
}

/** The build's own page list (app.json: the main package's and every subpackage's). */
function pagesOf(kind: MiniKind): string[] {
  return allPages(readAppJson(buildDir(kind)))
}
