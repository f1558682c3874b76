// Taro first, then the React glue so page hooks such as useLoad work (toolchain.md).
process.env.TARO_ENV = 'h5'
require('./taro-shim')
const React = require('react')
const ReactDOM = require('react-dom')
const { createH5NativeComponentConfig } = require('@tarojs/plugin-framework-react/dist/runtime')
createH5NativeComponentConfig(null, React, ReactDOM)
