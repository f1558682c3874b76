import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import prodConfig from './prod'

// Taro's plain React components, as the H5 platform plugin that depends on them resolves them.
const componentsReact = require.resolve('@tarojs/components-react', { paths: [path.dirname(require.resolve('@tarojs/plugin-platform-h5'))] })

/**
 * Runs in the H5 app entry Taro generates, after `config.routes` and before the router starts:
 * each route's loader returns [page script, context, params]; the page script's promise now
 * also waits for App.beforePage(path) and, on a page with enablePullDownRefresh, for the
 * pull-down-refresh component (PULL_DOWN_ON_DEMAND).
 */
const WAIT_BEFORE_PAGE = `
config.routes.forEach(function (route) {
  var load = route.load
  var pullDown = route.enablePullDownRefresh !== undefined ? route.enablePullDownRefresh : config.window && config.window.enablePullDownRefresh
  route.load = function (context, params) {
    var loaded = load(context, params)
    var needs = [loaded[0], component.beforePage(route.path)]
    if (pullDown) needs.push(loadPullDownRefresh())
    loaded[0] = Promise.all(needs).then(function (all) { return all[0] })
    return loaded
  }
})
`

/**
 * Taro's H5 entry defines its pull-down-refresh web component for every app (with
 * useHtmlComponents: imports a plain React one, which does not refresh); the router wraps only the
 * pages with enablePullDownRefresh in it, none of the first screen's. Here the web component is
 * defined when such a page loads (WAIT_BEFORE_PAGE), and the router uses it as without
 * useHtmlComponents.
 */
const PULL_DOWN_IMPORT = "import { PullDownRefresh } from '@tarojs/components'"
const PULL_DOWN_SET = 'config.PullDownRefresh = PullDownRefresh'
const PULL_DOWN_ON_DEMAND = `
function loadPullDownRefresh() {
  return import(/* webpackExports: ["defineCustomElementTaroPullToRefreshCore"] */ '@tarojs/components/dist/components').then(function (m) {
    m.defineCustomElementTaroPullToRefreshCore()
  })
}
`

/**
 * Build-time settings (README "Configuration"). Both gateway hosts default to '' = the
 * origin that serves the H5 app; mini-program builds need absolute URLs (see src/hosts).
 */
const env = (name: string, fallback = ''): string => JSON.stringify(process.env[name] ?? fallback)

/** BUNDLE_STATS=<file>: every module's name, size and chunks written there, to see what a script holds. */
function statsFile(chain: any): void {
  if (!process.env.BUNDLE_STATS) return
  chain.plugin('stats-file').use(class {
    apply(compiler: any) {
      compiler.hooks.done.tap('stats-file', (stats: any) => {
        const json = stats.toJson({ modules: true, chunks: true, assets: false })
        const names = new Map(json.chunks.map((c: any) => [c.id, (c.names ?? [])[0] ?? String(c.id)]))
        const mods = json.modules.map((m: any) => ({ name: m.name, size: m.size, chunks: m.chunks, chunkNames: m.chunks.map((id: any) => names.get(id)) }))
        require('fs').writeFileSync(process.env.BUNDLE_STATS as string, JSON.stringify(mods))
      })
    }
  })
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'scanorder',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // One folder per host so the three builds never overwrite each other; TARO_OUTPUT_ROOT lets
    // two developers (or a developer and a test run) build side by side (serve it with STATIC_DIR).
    outputRoot: process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`,
    plugins: ['@tarojs/plugin-platform-alipay'],
    defineConstants: {
      GATEWAY_LIVE_URL: env('GATEWAY_LIVE_URL'),
      GATEWAY_TEST_URL: env('GATEWAY_TEST_URL'),
      MINI_GATEWAY_URL: env('MINI_GATEWAY_URL', 'http://localhost:8080'),
      GATEWAY_AUTH_CODE: env('AUTH_CODE', 'scanorder-demo'),
      APP_VERSION: JSON.stringify('2.0.3')
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    // NO_BUILD_CACHE=1: a clean build (the cache does not see environment settings such as BUNDLE_MAPS).
    cache: { enable: !process.env.NO_BUILD_CACHE },
    // H5: property names unquoted where they need no quotes (Taro's default quotes every key, for
    // browsers older than any a phone runs now): the same code, fewer bytes on the first screen.
    // Mini-programs keep Taro's defaults.
    ...(process.env.TARO_ENV === 'h5' ? { terser: { enable: true, config: { output: { quote_keys: false } } } } : {}),
    mini: {
      webpackChain(chain) {
        statsFile(chain)
      },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      }
    },
    h5: {
      // BUNDLE_MAPS=1: source maps beside the scripts (see webpackChain below); Taro sets the devtool from these.
      ...(process.env.BUNDLE_MAPS ? { enableSourceMap: true, sourceMapType: 'hidden-source-map' } : {}),
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'hash' },
      // `npm run dev:h5` rebuilds on change; no dev server, so no hot reload (it would need react-refresh's webpack plugin).
      devServer: { hot: false },
      // With config/h5-components.js (aliased below): plain React View/Text/Image.
      useHtmlComponents: true,
      // src/index.html writes the build's tags itself: the scripts first, the stylesheet after its
      // inline scripts (config/entry-scripts-plugin.js).
      // Minified as html-webpack-plugin does by default in production, and the inline scripts too
      // (minifyJS): src/index.html's own script is written with comments, 5.4 KB as it stands.
      htmlPluginOption: {
        inject: false,
        minify: process.env.NODE_ENV === 'production' && {
          collapseWhitespace: true,
          keepClosingSlash: true,
          removeComments: true,
          removeRedundantAttributes: true,
          removeScriptTypeAttributes: true,
          removeStyleLinkTypeAttributes: true,
          useShortDoctype: true,
          minifyJS: true
        }
      },
      // Chunks are named by the build's hash, not each by its own: a per-chunk hash puts a map of
      // every chunk's hash (two, with the CSS) into the first screen's runtime, about 0.6 KiB
      // gzipped. A new build renames every chunk, which a deploy costs anyway for most of them.
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[fullhash:8].js'
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[fullhash:8].css'
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      },
      webpackChain(chain) {
        // The app's modules run in a few tasks, not one (config/app-stages-loader.js): the entry module
        // becomes the stages, which ask for Taro's generated entry as src/app.config.ts?taro-entry.
        chain.module
          .rule('app-stages')
          .test(/[\\/]src[\\/]app\.config\.ts$/)
          .resourceQuery({ not: [/taro-entry/] })
          .enforce('post')
          .use('app-stages')
          .loader(path.join(__dirname, 'app-stages-loader.js'))
        // Spec §8: a chunk that has not arrived after 120 s fails as ChunkLoadError.
        chain.output.chunkLoadTimeout(120000)
        // page-files.json: which files each page's code is, for the server's preloads (config/page-files-plugin.js).
        chain.plugin('page-files').use(require('./page-files-plugin').PageFilesPlugin)
        // The app's scripts asked for first and at high priority (config/entry-scripts-plugin.js), with
        // the html-webpack-plugin Taro builds the page with.
        const HtmlWebpackPlugin = require(require.resolve('html-webpack-plugin', { paths: [require.resolve('@tarojs/webpack5-runner')] }))
        chain.plugin('entry-scripts').use(require('./entry-scripts-plugin').EntryScriptsPlugin, [HtmlWebpackPlugin])
        // Brotli copies of the hashed scripts and stylesheets, made once here instead of in every server process (config/precompress-plugin.js).
        if (process.env.NODE_ENV === 'production') chain.plugin('precompress').use(require('./precompress-plugin').PrecompressPlugin)
        // BUNDLE_MAPS=1: source maps beside the scripts (not referenced from them), to see what a script holds.
        if (process.env.BUNDLE_MAPS) chain.devtool('hidden-source-map')
        chain.resolve.alias.set('@tarojs/components$', path.join(__dirname, 'h5-components.js'))
        chain.resolve.alias.set('@tarojs/components-react$', componentsReact)
        chain.resolve.alias.set('use-sync-external-store/shim$', path.join(__dirname, 'use-sync-external-store-shim.js'))
        // Taro's router asks query-string for parse and stringify only: config/query-string.js (about 3 KB gzipped less).
        chain.resolve.alias.set('query-string$', path.join(__dirname, 'query-string.js'))
        // MobX's own production build (its internals' names shortened, error texts as numbers) instead of
        // the ES module webpack would minify itself: the same library, a few hundred bytes gzipped less.
        chain.resolve.alias.set('mobx$', require.resolve('mobx/dist/mobx.esm.production.min.js'))
        // mobx-react-lite's FinalizationRegistry fallback, written shorter (config/finalization-registry.js).
        chain
          .plugin('finalization-registry')
          .use(require('webpack').NormalModuleReplacementPlugin, [/^\.\/UniversalFinalizationRegistry$/, path.join(__dirname, 'finalization-registry.js')])
        // Taro's own stylesheets (the app wrapper, Image, the router's) go into the extracted CSS files
        // like ours, instead of into the scripts with style-loader's runtime to inject them: about
        // 3 KB gzipped less script on the first screen. The vendor chunk's stylesheet is linked
        // before the app's, so ours still override them as when they were injected at the top.
        chain.module.rules.delete('taroStyle')
        chain.module.rule('customStyle').exclude.clear()
        // Before Taro's router mounts a page, it waits for what App.beforePage (src/app.tsx) says
        // the page needs besides its own script: the catalogue on screen, the feature stores.
        chain.plugin('mainPlugin').tap((args: any[]) => {
          const meta = args[0].loaderMeta
          let before: string = meta.execBeforeCreateWebApp || ''
          if (!meta.extraImportForWeb.includes(PULL_DOWN_IMPORT) || !before.includes(PULL_DOWN_SET)) {
            throw new Error("Taro's H5 entry no longer sets config.PullDownRefresh as config/index.ts expects: look again")
          }
          meta.extraImportForWeb = meta.extraImportForWeb.replace(PULL_DOWN_IMPORT, '')
          before = before.replace(PULL_DOWN_SET, PULL_DOWN_ON_DEMAND)
          meta.execBeforeCreateWebApp = before + WAIT_BEFORE_PAGE
          return args
        })
        // `catalogues/<locale>?first-screen` / `?menu` / `?shell`: only those texts (src/i18n/first-screen.ts, config/page-texts.js).
        chain.module
          .rule('catalogue-part')
          .resourceQuery(/^\?(first-screen|menu|shell)$/)
          .enforce('post')
          .use('catalogue-part')
          .loader(path.join(__dirname, 'catalogue-part-loader.js'))
        // Side-effect free, so a page's import of View links straight to the module defining it
        // and Stencil is bundled only where a web component is used.
        chain.module.rule('h5-components').test(/[\\/]config[\\/]h5-components\.js$/).set('sideEffects', false)
        // Of the plain React components' stylesheet, only the rules of those we take (h5-components.js).
        chain.module
          .rule('component-css')
          .test(/[\\/]@tarojs[\\/]components-react[\\/]dist[\\/]index\.css$/)
          .enforce('pre')
          .use('component-css')
          .loader(path.join(__dirname, 'component-css-loader.js'))
        // Taro's base stylesheet carries the weui icon font (for Icon, Checkbox and Radio) inline:
        // a file of its own instead, which the browser fetches only when an icon shows.
        chain.module
          .rule('inline-font')
          .set('scheme', 'data')
          .set('mimetype', 'application/octet-stream')
          .set('type', 'asset/resource')
          .set('generator', { filename: 'static/fonts/[contenthash:8].ttf' })
        // Every page uses mobx-react-lite and the plain React View/Text/Image: in React DOM's script
        // (an initial one, below), not a copy inside each lazily loaded page nor a request of their
        // own before every first page. The web components (ScrollView, Input and the Stencil
        // runtime) go into a chunk of their own that only the pages using them load, never the
        // first screen.
        chain.optimization.merge({
          splitChunks: {
            cacheGroups: {
              pagesShared: {
                name: 'react-dom',
                test: /[\\/](node_modules[\\/](mobx-react-lite|use-sync-external-store|classnames|@tarojs[\\/]components-react[\\/]dist[\\/](index|utils|components[\\/](view|text|image))\b)|config[\\/]finalization-registry\.js$)/,
                chunks: 'async',
                priority: 30,
                enforce: true
              },
              // core/money and decimal.js-light: one script for every page that rounds money.
              money: {
                name: 'money',
                test: /[\\/](src[\\/]core[\\/]money\.ts|node_modules[\\/]decimal\.js-light[\\/])/,
                chunks: 'async',
                priority: 30,
                enforce: true
              },
              // React DOM (and its scheduler) in a script of its own beside the app's: two downloads
              // of about 40 KB side by side on a phone's connections instead of one of 73 KB, and a
              // file that stays cached across our deploys while React is not upgraded (docs/first-load.md).
              reactDom: {
                name: 'react-dom',
                test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
                chunks: 'initial',
                priority: 40,
                enforce: true
              },
              webComponents: {
                name: 'web-components',
                test: /[\\/]node_modules[\\/](@stencil[\\/]core|@tarojs[\\/]components[\\/](lib|dist[\\/]components))[\\/]/,
                chunks: 'async',
                priority: 30,
                enforce: true
              }
            }
          }
        })
        statsFile(chain)
      }
    }
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
