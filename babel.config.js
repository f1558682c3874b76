// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config;
// no hot reload (`npm run dev:h5` rebuilds on change, with no dev server).
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', hot: false }]]
}
