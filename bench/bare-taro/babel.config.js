module.exports = { presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]] }
