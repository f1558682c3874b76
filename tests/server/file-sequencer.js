/**
 * The order jest starts test files in: its own, but a file it has no timing for yet (a fresh clone,
 * as in CI) takes its seconds from tests/server/file-times.json, a whole SQLite run of the
 * operation tests on the 2-core machine, instead of its size. Jest runs the longest first, so the
 * long files (10 000 idle connections, the QR sheet's PDFs, the CLIs) no longer start last and
 * leave one worker running alone at the end. Refreshed from a whole run by scripts/server-test-times.mjs.
 */
const path = require('node:path')
const Sequencer = require('@jest/test-sequencer').default

const root = path.resolve(__dirname, '..', '..')
const kept = require('./file-times.json')

class KeptTimesSequencer extends Sequencer {
  time(test) {
    const own = super.time(test)
    if (own !== undefined) return own
    const seconds = kept[path.relative(root, test.path).split(path.sep).join('/')]
    return seconds === undefined ? undefined : seconds * 1000
  }
}

module.exports = KeptTimesSequencer
