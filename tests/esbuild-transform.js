/**
 * jest's transform for the node-side projects (unit and server): TypeScript and ES modules to
 * CommonJS with esbuild, as tsx compiles the server when it runs (npm run serve) and as the
 * tests' bundles do (tests/support/server-build.js). A fresh clone has no transform cache: with
 * babel, its four server workers each compiled the same few hundred files first.
 *
 * esbuild has no jest.mock hoisting: a test file that calls jest.mock goes through babel-jest
 * (jest.config.js names it).
 */
const { createHash } = require('node:crypto')
const path = require('node:path')
const esbuild = require('esbuild')

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.jsx': 'jsx', '.mjs': 'js', '.cjs': 'js' }
const OPTIONS = {
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  // A package's import('…') made a require with esbuild's interop, as tsx and babel-jest make it
  // (a CommonJS package's exports.default is the default when it says __esModule).
  supported: { 'dynamic-import': false }
}

module.exports = {
  process(source, filename, options) {
    const { code } = esbuild.transformSync(source, { ...OPTIONS, ...options?.transformerConfig, loader: LOADERS[path.extname(filename)] ?? 'ts', sourcefile: filename })
    return { code }
  },
  getCacheKey(source, filename, options) {
    return createHash('sha1').update(esbuild.version).update(JSON.stringify({ ...OPTIONS, ...options?.transformerConfig })).update(filename).update('\0').update(source).digest('hex')
  }
}
