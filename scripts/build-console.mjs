#!/usr/bin/env node
// `npm run build:console`: the restaurant's console (src/console, React 18 + MobX, not Taro) with
// esbuild into dist/console: index.html, js/main-<hash>.js and css/main-<hash>.css, minified,
// no source map unless CONSOLE_SOURCEMAP=1 (or NODE_ENV=development). The server serves it at
// /console (server/src/http/console.route.ts). Its own entry, so no diner bundle ever carries it.
//
// Settings (build time, like config/index.ts for the H5 app): AUTH_CODE (must match the server's,
// default 'scanorder-demo'); CONSOLE_OUT_DIR (default dist/console).
import { build } from 'esbuild'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.resolve(root, process.env.CONSOLE_OUT_DIR || path.join('dist', 'console'))
const development = process.env.NODE_ENV === 'development'
const sourcemap = development || process.env.CONSOLE_SOURCEMAP === '1'
/** Where the server serves the console: asset URLs in index.html are absolute under it. */
const BASE = '/console/'

rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })

const started = Date.now()
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/console/main.tsx' },
  bundle: true,
  outdir: outDir,
  entryNames: '[ext]/[name]-[hash]',
  assetNames: 'static/[name]-[hash]',
  format: 'esm',
  splitting: false,
  platform: 'browser',
  target: ['chrome100', 'safari15', 'firefox100'],
  jsx: 'automatic',
  minify: !development,
  sourcemap: sourcemap ? 'linked' : false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: {
    'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production'),
    GATEWAY_AUTH_CODE: JSON.stringify(process.env.AUTH_CODE ?? 'scanorder-demo')
  }
})

const outputs = Object.entries(result.metafile.outputs)
const find = (ext) => {
  const hit = outputs.find(([file]) => file.endsWith(ext))
  if (!hit) throw new Error(`build-console: no ${ext} output`)
  return path.relative(outDir, path.resolve(root, hit[0])).split(path.sep).join('/')
}
const script = find('.js')
const style = find('.css')

const template = readFileSync(path.join(root, 'src', 'console', 'index.html'), 'utf8')
const html = template.replace('%STYLE%', BASE + style).replace('%SCRIPT%', BASE + script)
if (/%[A-Z]+%/.test(html)) throw new Error('build-console: a placeholder of src/console/index.html was left')
writeFileSync(path.join(outDir, 'index.html'), html)

const kib = (file) => (readFileSync(path.join(outDir, file)).length / 1024).toFixed(1)
console.log(`Console built into ${path.relative(root, outDir)}/ in ${Date.now() - started} ms: ${script} (${kib(script)} KiB), ${style} (${kib(style)} KiB)`)
