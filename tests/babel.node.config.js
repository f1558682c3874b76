// Babel for the node-side jest projects (core and server): TypeScript, modules → CommonJS.
module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript']
}
