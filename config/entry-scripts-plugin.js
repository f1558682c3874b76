/**
 * The app's own scripts (the Taro runtime, React DOM, the app) early in the H5 index.html's head
 * and fetched at high priority (issue 28 item 2; docs/first-load.md "1 Dec, second session").
 *
 * Chrome fetches a `defer` script at low priority, after every picture and stylesheet the page
 * names, though nothing on screen can draw before these scripts have run; on a phone's few
 * connections the pictures took them first. `fetchpriority="high"` puts them beside the
 * stylesheets. The template (src/index.html) writes the script tags before its own inline
 * scripts, so they are asked for before the preloads those make for a reloaded page; a `defer`
 * script runs after the document is parsed wherever it stands, so the order in which they run is
 * unchanged.
 */
class EntryScriptsPlugin {
  constructor(HtmlWebpackPlugin) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('entry-scripts', (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('entry-scripts', (data) => {
        for (const tag of data.headTags) if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high'
        return data
      })
    })
  }
}

module.exports = { EntryScriptsPlugin }
