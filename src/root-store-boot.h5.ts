/**
 * H5: the app's one RootStore, built in tasks of its own (issue 28 item 2; docs/first-load.md
 * "2 Dec, third session").
 *
 * The app's script used to run as one task: Taro's and React's modules, MobX and the stores'
 * modules, the stores' construction and Taro's router, 70 ms on a fast machine, which
 * Lighthouse's simulation counts four times over as blocking. A module-level await here makes
 * this module, app.tsx and Taro's entry wait: Taro's own modules run in the script's task, the
 * stores' modules (MobX, the gateway client, the i18n and session stores) in the next, their
 * construction and start in the one after, and Taro's router once that has ended. No page can
 * mount before the router runs, so nothing shows earlier or later than the work allows; the
 * browser only gets to handle input and paint between the parts.
 */
import { host } from './hosts'
import type { RootStore as RootStoreType } from './stores/root-store'

/** Ends the current task: a message to ourselves runs as the next task, without setTimeout's clamping. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

await nextTask()
// Eager: the module is in this script already; import() only moves its evaluation to this task.
const { RootStore } = await import(/* webpackMode: "eager" */ './stores/root-store')
await nextTask()
export const rootStore: RootStoreType = new RootStore(host, {
  authCode: GATEWAY_AUTH_CODE,
  liveUrl: GATEWAY_LIVE_URL,
  testUrl: GATEWAY_TEST_URL,
  appVersion: APP_VERSION
})
rootStore.start()
await nextTask()

/** App.beforePage: a task of its own too (Taro's router calls it from the task that starts it). */
export const beforePage = (path: string): Promise<unknown> => nextTask().then(() => rootStore.beforePage(path))
