/**
 * Webpack loader for @tarojs/components-react's stylesheet: keeps the rules of the components
 * the H5 build takes from that library (config/h5-components.js: View, Text and Image), drops
 * those of the ones it never uses there (Button, Icon, Input, Picker, PullDownRefresh,
 * ScrollView, Swiper: Taro's web components, which carry their own styles, stand in).
 */
const KEEP = /taro-img|img\[|taro-text/

module.exports = function componentCssLoader(css) {
  const blocks = []
  let depth = 0
  let start = 0
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++
    else if (css[i] === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1))
      start = i + 1
    }
  }
  return blocks.filter((block) => KEEP.test(block.slice(0, block.indexOf('{')))).join('\n')
}
