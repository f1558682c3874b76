/**
 * The H5 build's scripts, stylesheets and other text assets also as brotli at its best quality
 * (`js/app.1a2b3c4d.js.br` beside `js/app.1a2b3c4d.js`), made once when the app is built. The
 * server sends them as they are to a browser that takes brotli (@fastify/static's preCompressed,
 * server/src/http/static.route.ts) instead of compressing each file again in every process it
 * starts: at quality 11 the app's 1.1–1.2 MB a diner's visit asks for cost a server about 4 s of
 * CPU, in each of the two processes of a deployment, after each restart, and in each of the
 * browser tests' 47 servers. Only content-hashed folders: a name there never changes content, so
 * a compressed copy can never be stale. Production builds only (a watch build stays quick).
 */
const zlib = require('node:zlib')
const { promisify } = require('node:util')

const brotli = promisify(zlib.brotliCompress)
/** As the server's own threshold (server/src/http/compress.ts COMPRESS_MIN_BYTES): smaller files go plain. */
const MIN_BYTES = 1024
const HASHED = /^(js|css|static)\/.+\.(js|css|svg|json)$/

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('precompress', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'precompress', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, async (assets) => {
        const work = Object.keys(assets)
          .filter((name) => HASHED.test(name))
          .map(async (name) => {
            const source = compilation.getAsset(name).source.buffer()
            if (source.length < MIN_BYTES) return
            const bytes = await brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length
              }
            })
            compilation.emitAsset(`${name}.br`, new sources.RawSource(bytes), { compressed: true, development: false })
          })
        await Promise.all(work)
      })
    })
  }
}

module.exports = { PrecompressPlugin }
