/**
 * Webpack loader for `src/i18n/catalogues/<locale>?first-screen` and `?shell`
 * (src/i18n/catalogue-loader.h5.ts): the catalogue with only the texts of the first screen, or of
 * the app shell (src/i18n/first-screen.ts), picked at build time from the catalogue itself, so
 * every text stays written once.
 */
const path = require('node:path')

module.exports = function cataloguePartLoader() {
  const done = this.async()
  const firstScreen = path.join(__dirname, '..', 'src', 'i18n', 'first-screen.ts')
  Promise.all([this.importModule(this.resourcePath), this.importModule(firstScreen)]).then(
    ([catalogue, { isFirstScreenKey, isShellKey }]) => {
      const texts = catalogue.default || catalogue
      const wanted = this.resourceQuery === '?shell' ? isShellKey : isFirstScreenKey
      const part = Object.fromEntries(Object.entries(texts).filter(([key]) => wanted(key)))
      done(null, `export default ${JSON.stringify(part)}\n`)
    },
    (error) => done(error)
  )
}
