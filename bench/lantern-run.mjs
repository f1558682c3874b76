/**
 * One dumped Lighthouse run (LIGHTHOUSE_DUMP=<dir>: <run>.json, .trace.json, .devtoolslog.json) as
 * Lighthouse's computed metrics take it, with the bench's settings (the mobile preset, simulated):
 * for bench/lantern-graph.mjs and bench/lantern-tbt.mjs.
 */
import fs from 'node:fs'
import * as constants from 'lighthouse/core/config/constants.js'

/** The run named on the command line, or a usage line and exit 2. */
export function loadRun(script) {
  const prefix = process.argv[2]
  if (!prefix) {
    console.error(`usage: node bench/${script} <LIGHTHOUSE_DUMP dir>/<run name, e.g. list-1796097253987>`)
    process.exit(2)
  }
  const trace = JSON.parse(fs.readFileSync(prefix + '.trace.json'))
  const devtoolsLog = JSON.parse(fs.readFileSync(prefix + '.devtoolslog.json'))
  const lhr = JSON.parse(fs.readFileSync(prefix + '.json'))
  const settings = { ...constants.defaultSettings, formFactor: 'mobile', throttlingMethod: 'simulate', throttling: constants.throttling.mobileSlow4G, screenEmulation: constants.screenEmulationMetrics.mobile }
  const URL = { requestedUrl: lhr.requestedUrl, mainDocumentUrl: lhr.mainDocumentUrl, finalDisplayedUrl: lhr.finalDisplayedUrl }
  const data = { trace, devtoolsLog, gatherContext: { gatherMode: 'navigation' }, settings, URL, SourceMaps: [], simulator: null }
  return { lhr, data, context: { computedCache: new Map(), settings } }
}
