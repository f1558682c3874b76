/**
 * The server's commands as the tests start them: `node .scanorder/server-build/<name>.js`, the
 * sources bundled once per run (server-build.js says why and how they stay the sources'). Built
 * before the tests by jest's globalSetup and scripts/e2e.mjs; a process that finds the build
 * missing or older than a source builds it first (a test file run on its own).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SERVER_BUILD_DIR, serverBuildIsFresh, serverEntries } = require('./server-build.js') as {
  SERVER_BUILD_DIR: string
  serverBuildIsFresh(): boolean
  serverEntries(): Record<string, string>
}

let checked = false

/** `['<build>/cli/orders.js']` for 'cli/orders': what to give `node` (then the command's own arguments). */
export function serverCommand(name: string): string[] {
  if (!(name in serverEntries())) throw new Error(`no server command '${name}' (tests/support/server-build.js serverEntries)`)
  if (!checked) {
    if (!serverBuildIsFresh()) {
      const built = spawnSync(process.execPath, [path.join(__dirname, 'server-build.js')], { encoding: 'utf8' })
      if (built.status !== 0) throw new Error(`the server did not build:\n${built.stdout}\n${built.stderr}`)
    }
    checked = true
  }
  const file = path.join(SERVER_BUILD_DIR, `${name}.js`)
  if (!existsSync(file)) throw new Error(`${file} is missing after the build`)
  return [file]
}
