#!/usr/bin/env node
// `npm run build:pickup`: the pickup screen for a TV (src/pickup, React 18 + MobX, not Taro) with
// esbuild into dist/pickup: index.html, js/main-<hash>.js and css/main-<hash>.css, minified. The
// server serves it at /pickup (server/src/http/pickup.route.ts). Its own entry, so no diner bundle
// carries it and it carries no diner or staff code (docs/pickup-screen.md). A classic script for
// older TV browsers (Chrome 64, Safari 12 and later).
//
// Settings: PICKUP_OUT_DIR (default dist/pickup).
import { build } from 'esbuild'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.resolve(root, process.env.PICKUP_OUT_DIR || path.join('dist', 'pickup'))
const development = process.env.NODE_ENV === 'development'
/** Where the server serves the page: asset URLs in index.html are absolute under it. */
const BASE = '/pickup/'

rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })

const started = Date.now()
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/pickup/main.tsx' },
  bundle: true,
  outdir: outDir,
  entryNames: '[ext]/[name]-[hash]',
  assetNames: 'static/[name]-[hash]',
  format: 'iife',
  platform: 'browser',
  target: ['chrome64', 'safari12', 'firefox68', 'edge79'],
  jsx: 'automatic',
  minify: !development,
  sourcemap: development ? 'linked' : false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production') }
})

// Nothing of the diner app's pages, the console or the staff contract may come along.
const inputs = Object.keys(result.metafile.inputs)
const foreign = inputs.filter((f) => /^src\/(console|features|pages|stores)\//.test(f) || /staff/i.test(f))
if (foreign.length) throw new Error(`build-pickup: the pickup screen must not carry ${foreign.join(', ')}`)

const outputs = Object.entries(result.metafile.outputs)
const find = (ext) => {
  const hit = outputs.find(([file]) => file.endsWith(ext))
  if (!hit) throw new Error(`build-pickup: no ${ext} output`)
  return path.relative(outDir, path.resolve(root, hit[0])).split(path.sep).join('/')
}
const script = find('.js')
const style = find('.css')

const template = readFileSync(path.join(root, 'src', 'pickup', 'index.html'), 'utf8')
const html = template.replace('%STYLE%', BASE + style).replace('%SCRIPT%', BASE + script)
if (/%[A-Z]+%/.test(html)) throw new Error('build-pickup: a placeholder of src/pickup/index.html was left')
writeFileSync(path.join(outDir, 'index.html'), html)

const kib = (file) => (readFileSync(path.join(outDir, file)).length / 1024).toFixed(1)
console.log(`Pickup screen built into ${path.relative(root, outDir)}/ in ${Date.now() - started} ms: ${script} (${kib(script)} KiB), ${style} (${kib(style)} KiB)`)
