// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config. H5 renders with Preact (config/index.ts);
// no hot reload (`npm run dev:h5` rebuilds on change, with no dev server).
module.exports = {
  presets: [['taro', { framework: process.env.TARO_ENV === 'h5' ? 'preact' : 'react', ts: true, compiler: 'webpack5', hot: false }]]
}
