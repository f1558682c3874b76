/** Three projects: pure code and stores (unit), client (jsdom over Taro's React components), server operations. */
const nodeBabel = ['babel-jest', { configFile: './tests/babel.node.config.js' }]
// The node-side code through esbuild (tests/esbuild-transform.js: as tsx runs the server; a fresh
// clone's operation tests on SQLite 213 -> 192 s). Through babel: a test file that hoists
// jest.mock, and the test files that replace a module's export with jest.spyOn, with those modules
// (esbuild's exports, and its `import * as`, are getters jest cannot replace).
const BABEL_FILES = [
  'tests/unit/i18n.store.test.ts',
  'tests/server/bill-reads.test.ts',
  'tests/server/menu-import.test.ts',
  'tests/server/hot-path.test.ts',
  'server/src/domain/table-sheets/table-sheet.service.ts',
  'server/src/storage/repositories/order.repository.ts',
  'server/src/storage/repositories/menu.repository.ts'
]
const nodeTransform = {
  [`(${BABEL_FILES.map((f) => f.replace(/[.]/g, '\\.')).join('|')})$`]: nodeBabel,
  '^.+\\.[jt]sx?$': '<rootDir>/tests/esbuild-transform.js'
}

module.exports = {
  // Operation tests open databases; give them room on a slow CI machine.
  testTimeout: 30000,
  // A fresh clone starts the longest operation test files first (their seconds kept in the repository).
  testSequencer: '<rootDir>/tests/server/file-sequencer.js',
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
      transform: nodeTransform
    },
    {
      displayName: 'server',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/server/worker-database.js', '<rootDir>/tests/server/low-secret-cost.ts'],
      // The server's commands the tests start as processes, bundled once (tests/support/server-build.js).
      globalSetup: '<rootDir>/tests/server/global-setup.js',
      transform: nodeTransform,
      // app.inject (light-my-request) needs `cookie` 2, shipped only as an ES module.
      transformIgnorePatterns: ['/node_modules/(?!cookie/)']
    },
    require('./tests/client/jest.project.js')
  ]
}
