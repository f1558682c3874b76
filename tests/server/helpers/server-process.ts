/**
 * A real server process for tests/server/multi-process.test.ts: startServer (as `npm run serve`
 * composes it) on the database its environment names, on a free port. Prints one JSON line with
 * its URL; stops on SIGTERM or when the parent goes away.
 */
import { startIdleCollect } from '../../../server/src/idle-collect'
import { startServer } from '../../../server/src/main'
import { lowerSecretHashCostForTests } from '../../../server/src/domain/staff/secret-hash'

// As in the test files that start it (tests/server/low-secret-cost.ts).
lowerSecretHashCostForTests(1 << 10)

startServer({ logger: false, seed: false, port: 0, host: '127.0.0.1' }).then(
  (server) => {
    console.log(JSON.stringify({ url: server.url, pid: process.pid }))
    // As `npm run serve`'s process does (main.ts).
    startIdleCollect()
    let stopping = false
    const stop = () => {
      if (stopping) return
      stopping = true
      void server.close().finally(() => process.exit(0))
    }
    process.once('SIGTERM', stop)
    process.once('disconnect', stop)
  },
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
