/**
 * Client components under jsdom (toolchain.md): Taro's React components from
 * @tarojs/components/lib/react, @tarojs/taro as a shim over @tarojs/taro-h5 plus the
 * React hooks, and Taro's ESM packages made CommonJS.
 *
 * esbuild compiles the sources, the tests and those packages (tests/esbuild-transform.js, JSX as
 * React 17+'s automatic runtime, as the Taro preset compiles it): a fresh clone's unit and
 * component tests 74 -> 61 s, 111 -> 79 s of CPU, against babel with the Taro preset for all.
 */
// The test files that hoist jest.mock (esbuild does not) go through babel with the Taro preset
// (tests/unit/jest-transforms.test.ts keeps this list whole).
const MOCKING = ['goods-details-required', 'looks-order-entry', 'pages-calls', 'sheet-raise-only', 'sheet-round-stage', 'table-bills-components', 'table-sheets-list']

module.exports = {
  displayName: 'client',
  rootDir: require('path').join(__dirname, '../..'),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/client/**/*.test.{ts,tsx}'],
  setupFiles: ['<rootDir>/tests/client/setup.js'],
  moduleNameMapper: {
    '^@tarojs/components$': '<rootDir>/node_modules/@tarojs/components/lib/react/index.js',
    '^@tarojs/taro$': '<rootDir>/tests/client/taro-shim.js',
    '\\.(css|scss)$': '<rootDir>/tests/client/style-stub.js'
  },
  transform: {
    [`/tests/client/(${MOCKING.join('|')})\\.test\\.tsx$`]: ['babel-jest', { configFile: './tests/client/babel.config.js' }],
    '^.+\\.(m?[jt]sx?)$': ['<rootDir>/tests/esbuild-transform.js', { jsx: 'automatic' }]
  },
  // Taro ships ESM (and ESM copies of its own dependencies under taro-h5/dist/node_modules).
  transformIgnorePatterns: [
    '^(?!.*@tarojs/(taro-h5/dist|components/lib/react)/node_modules).*/node_modules/(?!(@tarojs|@stencil|stencil|swiper|ssr-window|dom7|lodash-es|query-string|decode-uri-component|split-on-first|filter-obj|universal-router|path-to-regexp|history|nanoid|ics)/)'
  ],
  globals: {
    ENABLE_INNER_HTML: true,
    ENABLE_ADJACENT_HTML: true,
    ENABLE_SIZE_APIS: true,
    ENABLE_TEMPLATE_CONTENT: true,
    ENABLE_CLONE_NODE: true,
    ENABLE_CONTAINS: true,
    ENABLE_MUTATION_OBSERVER: true,
    DEPRECATED_ADAPTER_COMPONENT: false,
    GATEWAY_LIVE_URL: '',
    GATEWAY_TEST_URL: '',
    MINI_GATEWAY_URL: 'http://localhost:8080',
    GATEWAY_AUTH_CODE: 'scanorder-demo',
    APP_VERSION: '2.0.3'
  }
}
