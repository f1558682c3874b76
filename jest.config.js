/** Three projects: pure code and stores (unit), client (jsdom over Taro's React components), server operations. */
const nodeBabel = ['babel-jest', { configFile: './tests/babel.node.config.js' }]

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
      transform: { '^.+\\.[jt]sx?$': nodeBabel }
    },
    {
      displayName: 'server',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/server/worker-database.js', '<rootDir>/tests/server/low-secret-cost.ts'],
      // The server's commands the tests start as processes, bundled once (tests/support/server-build.js).
      globalSetup: '<rootDir>/tests/server/global-setup.js',
      transform: { '^.+\\.[jt]sx?$': nodeBabel },
      // app.inject (light-my-request) needs `cookie` 2, shipped only as an ES module.
      transformIgnorePatterns: ['/node_modules/(?!cookie/)']
    },
    require('./tests/client/jest.project.js')
  ]
}
