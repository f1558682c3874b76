/** Three projects: pure code, client (jsdom over Taro's React components), server operations. */
const nodeBabel = ['babel-jest', { configFile: './tests/babel.node.config.js' }]

module.exports = {
  projects: [
    {
      displayName: 'core',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/core/**/*.test.ts'],
      transform: { '^.+\\.[jt]sx?$': nodeBabel }
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      transform: { '^.+\\.[jt]sx?$': nodeBabel },
      // Operation tests open databases; give them room on a slow CI machine.
      testTimeout: 30000
    },
    require('./tests/client/jest.project.js')
  ]
}
