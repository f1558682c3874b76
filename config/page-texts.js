/**
 * The texts a page's code names (issue 28 item 2): every catalogue key written in the files it
 * imports statically (followed through the per-host files the H5 build takes), as a quoted
 * string or as a template's fixed start ('diet.${…}' in backquotes names every diet key). The H5 build gives
 * the goods list these texts with the first screen's instead of the whole catalogue
 * (config/catalogue-part-loader.js); a key made some other way is fetched with the rest
 * (I18nStore.t). Node only: the build and the tests run it.
 */
const fs = require('node:fs')
const path = require('node:path')

const SRC = path.join(__dirname, '..', 'src')
/** The goods list's code: its page, and the stores built with it (they speak while it shows). */
const GOODS_LIST_CODE = ['pages/goodsList/goodsList.tsx', 'stores/feature-stores.ts'].map((file) => path.join(SRC, file))
const EXTENSIONS = ['.h5.ts', '.h5.tsx', '.ts', '.tsx', '/index.h5.ts', '/index.ts']
// `import … from './x'`, `export … from './x'`, `import './x'`; not `import type`, not import().
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?'(\.[^']+)'/gm

function resolve(from, request) {
  const base = path.resolve(path.dirname(from), request)
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext
  return null
}

/** Every source file `entries` import statically, themselves included (never the catalogues). */
function importClosure(entries) {
  const files = new Set()
  const visit = (file) => {
    if (files.has(file)) return
    files.add(file)
    for (const m of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const next = resolve(file, m[1])
      if (next && !next.includes(`${path.sep}catalogues${path.sep}`)) visit(next)
    }
  }
  for (const entry of entries) visit(entry)
  return files
}

/** The keys of `keys` (a catalogue's) that `files` name. */
function keysNamedBy(files, keys) {
  const known = new Set(keys)
  const named = new Set()
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8')
    for (const m of code.matchAll(/['"\x60]([A-Za-z]+\.[\w.-]+)['"\x60]/g)) if (known.has(m[1])) named.add(m[1])
    for (const m of code.matchAll(/\x60([A-Za-z]+\.[\w.-]*)\$\{/g)) for (const key of keys) if (key.startsWith(m[1])) named.add(key)
  }
  return named
}

module.exports = { GOODS_LIST_CODE, importClosure, keysNamedBy }
