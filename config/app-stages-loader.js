/**
 * H5 only: the app's modules evaluated in a few tasks instead of one (issue 28 item 2;
 * docs/first-load.md "4 Dec, fourth session").
 *
 * The app's script ran React DOM's module, Taro's runtime and router modules and the entry Taro
 * generates from src/app.config.ts (the app component, createReactApp, the router) as one task of
 * 40–70 ms on the 2-core machine, which a phone four times slower spends as one block of its main
 * thread. This loader makes the entry module (src/app.config.ts, after Taro's loader) run each
 * group in a task of its own: React DOM, then Taro's router and runtime, then Taro's entry itself
 * (the same file asked for again as `?taro-entry`, which Taro's loader turns into its entry as
 * before). A `require` of a module the script holds runs it then and never again; Taro's entry
 * finds them run and goes on. The stores were already built after it (src/root-store-boot.h5.ts).
 * No page can show before the last part has run, as with the single task. Mini-program builds
 * never use it: their host calls App() as app.js loads.
 */
module.exports = function appStages() {
  // Written as terser would leave it, since this loader runs after Babel: the pause as
  // src/root-store-boot.h5.ts writes it (gzip takes the second for little), and the router's own
  // module, not its index, whose require() would keep every export of it.
  return `const nextTask = () => new Promise((resolve) => setTimeout(resolve))
nextTask()
  .then(() => require('react-dom/client'))
  .then(nextTask)
  .then(() => require('@tarojs/router/dist/router/spa.js'))
  .then(nextTask)
  .then(() => require('./app.config.ts?taro-entry'))
`
}
