// Filled in with the client set-up (toolchain.md); placeholder project matches no files yet.
module.exports = {
  displayName: 'client',
  testEnvironment: 'node',
  rootDir: '../..',
  testMatch: ['<rootDir>/tests/client/**/*.test.tsx']
}
