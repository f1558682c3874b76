// The operation tests' jest globalSetup: the server's commands bundled once, before any worker
// starts (tests/support/server-build.js), so no two workers build them at the same time.
const { buildServer, serverBuildIsFresh } = require('../support/server-build.js')

module.exports = async function globalSetup() {
  if (!serverBuildIsFresh()) await buildServer()
}
