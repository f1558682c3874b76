// @tarojs/taro for jest: the H5 implementation plus the React hooks the build would inject.
const taroH5 = require('@tarojs/taro-h5')
const hooks = require('@tarojs/plugin-framework-react/dist/runtime')

const Taro = Object.assign({}, taroH5.default || taroH5, hooks)
module.exports = Object.assign({}, taroH5, hooks, { default: Taro, __esModule: true })
