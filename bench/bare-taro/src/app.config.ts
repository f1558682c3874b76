export default defineAppConfig({ pages: ['pages/index/index'] })
