/**
 * Writes `page-files.json` beside the H5 build's index.html: for each page and each language's
 * first-screen texts, the script and stylesheet files the browser fetches when it loads them
 * (every chunk of the import's chunk group), and the same for every named import, e.g.
 *   { "pages/goodsList/goodsList": ["js/money.1a2b3c4d.js", "css/8408.1a2b3c4d.css", "js/8408.1a2b3c4d.js"],
 *     "i18n/en?first-screen": ["js/i18n-en-first.1a2b3c4d.js"], "chunk:feature-stores": […], … }
 * The server preloads those of the first screen from the HTML of an entry URL, and hands the
 * whole map to the page, whose first script preloads the files of the page in its URL's hash
 * (server/src/http/first-screen.ts, src/index.html): they download beside the app's script
 * instead of after it.
 */
const PAGE = /[\\/]src[\\/](pages[\\/][^\\/]+[\\/][^\\/.]+)\.tsx$/
const FIRST_TEXTS = /[\\/]src[\\/]i18n[\\/]catalogues[\\/]([A-Za-z-]+)\.ts\?first-screen$/

/**
 * The scripts and stylesheets the browser fetches for a chunk group, but those of chunks the page
 * already has from its start (the HTML's own scripts: a group shares one when a split chunk such as
 * config/index.ts's 'react-dom' is also the entry's).
 */
function groupFiles(group) {
  const files = []
  for (const c of group.chunks) if (!c.canBeInitial()) for (const f of c.files) if (/\.(js|css)$/.test(f)) files.push(f)
  return files
}

class PageFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('page-files', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'page-files', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const out = {}
        for (const group of compilation.chunkGroups) {
          if (group.isInitial()) continue
          // A named import (webpackChunkName: 'feature-stores', 'i18n-en', …) under 'chunk:<name>'.
          if (group.name && !out[`chunk:${group.name}`]) {
            out[`chunk:${group.name}`] = groupFiles(group)
          }
          for (const origin of group.origins) {
            // The module that the import() resolves to: the page or the catalogue part.
            const block = origin.module && compilation.moduleGraph
            if (!block) continue
            for (const chunk of group.chunks) {
              for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
                const resource = module.resource || (module.rootModule && module.rootModule.resource) || ''
                const page = PAGE.exec(resource.replace(/\?.*$/, ''))
                const texts = FIRST_TEXTS.exec(resource)
                const key = page ? page[1].split(/[\\/]/).join('/') : texts ? `i18n/${texts[1]}?first-screen` : null
                if (!key || out[key]) continue
                out[key] = groupFiles(group)
              }
            }
          }
        }
        compilation.emitAsset('page-files.json', new sources.RawSource(JSON.stringify(out, null, 1)))
      })
    })
  }
}

module.exports = { PageFilesPlugin }
