import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import prodConfig from './prod'

/**
 * Build-time settings (README "Configuration"). Both gateway hosts default to '' = the
 * origin that serves the H5 app; mini-program builds need absolute URLs (see src/hosts).
 */
const env = (name: string, fallback = ''): string => JSON.stringify(process.env[name] ?? fallback)

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'scanorder',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // One folder per host so the three builds never overwrite each other.
    outputRoot: `dist/${process.env.TARO_ENV}`,
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
    cache: { enable: true },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      }
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'hash' },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js'
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css'
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      },
      webpackChain(chain) {
        // Spec §8: a chunk that has not arrived after 120 s fails as ChunkLoadError.
        chain.output.chunkLoadTimeout(120000)
        // Every page uses the component wrappers and mobx-react-lite: one shared chunk,
        // not a copy inside each lazily loaded page.
        chain.optimization.merge({
          splitChunks: {
            cacheGroups: {
              pagesShared: {
                name: 'pages-shared',
                test: /[\\/]node_modules[\\/](mobx-react-lite|use-sync-external-store|@tarojs[\\/]components[\\/](lib|dist[\\/]components))[\\/]/,
                chunks: 'all',
                priority: 30,
                enforce: true
              }
            }
          }
        })
        if (process.env.BUNDLE_STATS) {
          chain.plugin('stats-file').use(class {
            apply(compiler: any) {
              compiler.hooks.done.tap('stats-file', (stats: any) => {
                const mods = stats.toJson({ modules: true, chunks: false, assets: false }).modules
                require('fs').writeFileSync(process.env.BUNDLE_STATS as string, JSON.stringify(mods.map((m: any) => ({ name: m.name, size: m.size, chunks: m.chunks }))))
              })
            }
          })
        }
      }
    }
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
