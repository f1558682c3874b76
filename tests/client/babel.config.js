// Jest's babel for client tests: the project's Taro preset, targeting the node running jest.
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
  env: { test: { presets: [['@babel/preset-env', { targets: { node: 'current' } }]] } }
}
