/**
 * Webpack loader for `src/i18n/catalogues/<locale>?first-screen`, `?menu` and `?shell`
 * (src/i18n/catalogue-loader.h5.ts): the catalogue with only the texts of the first screen, of the
 * first screen and the goods list (the keys its code names, config/page-texts.js), or of the app
 * shell (src/i18n/first-screen.ts), picked at build time from the catalogue itself, so every text
 * stays written once.
 */
const path = require('node:path')
const { GOODS_LIST_CODE, importClosure, keysNamedBy } = require('./page-texts')

module.exports = function cataloguePartLoader() {
  const done = this.async()
  const firstScreen = path.join(__dirname, '..', 'src', 'i18n', 'first-screen.ts')
  Promise.all([this.importModule(this.resourcePath), this.importModule(firstScreen)]).then(
    ([catalogue, { isFirstScreenKey, isShellKey }]) => {
      const texts = catalogue.default || catalogue
      let wanted = this.resourceQuery === '?shell' ? isShellKey : isFirstScreenKey
      if (this.resourceQuery === '?menu') {
        const files = importClosure(GOODS_LIST_CODE)
        // The part is made again when any of the goods list's code changes.
        for (const file of files) this.addDependency(file)
        const named = keysNamedBy(files, Object.keys(texts))
        wanted = (key) => isFirstScreenKey(key) || named.has(key)
      }
      const part = Object.fromEntries(Object.entries(texts).filter(([key]) => wanted(key)))
      done(null, `export default ${JSON.stringify(part)}\n`)
    },
    (error) => done(error)
  )
}
