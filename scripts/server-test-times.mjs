#!/usr/bin/env node
// Writes tests/server/file-times.json (the start order of the operation tests in a fresh clone,
// tests/server/file-sequencer.js) from a whole run's results:
//   npx jest --selectProjects server --json --outputFile=/tmp/server.json && node scripts/server-test-times.mjs /tmp/server.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const input = process.argv[2]
if (!input) {
  console.error('usage: node scripts/server-test-times.mjs <jest --json output>')
  process.exit(2)
}
const { testResults } = JSON.parse(readFileSync(input, 'utf8'))
const times = {}
for (const t of [...testResults].sort((a, b) => (a.name < b.name ? -1 : 1))) {
  const file = path.relative(root, t.name).split(path.sep).join('/')
  if (file.startsWith('tests/server/') && existsSync(path.join(root, file))) times[file] = Math.round((t.endTime - t.startTime) / 100) / 10
}
writeFileSync(path.join(root, 'tests', 'server', 'file-times.json'), `${JSON.stringify(times, null, 1)}\n`)
console.log(`${Object.keys(times).length} files' seconds → tests/server/file-times.json`)
