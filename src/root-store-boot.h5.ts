/**
 * H5: the app's one RootStore, built in tasks of its own (issue 28 item 2; docs/first-load.md
 * "2 Dec, third session").
 *
 * The app's script used to run as one task: Taro's and React's modules, MobX and the stores'
 * modules, the stores' construction and Taro's router, 70 ms on a fast machine, which
 * Lighthouse's simulation counts four times over as blocking. Here the stores' modules (MobX, the
 * gateway client, the i18n and session stores) run in the task after the script's, their
 * construction and start in the one after that, and App.beforePage, which Taro's router waits
 * for before it mounts any page (config/index.ts WAIT_BEFORE_PAGE), in another. No page can mount
 * before the stores are built, so nothing shows earlier or later than the work allows; the
 * browser gets to handle input and paint between the parts. (A module-level await did the same
 * and cost the first screen 0.6 KB of webpack's async-module code.)
 */
import { host } from './hosts'
import type { RootStore } from './stores/root-store'

/** Ends the current task: the rest runs in a task of its own (timers nested this shallowly are not clamped). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve))

/** Set once `booted` has resolved: App reads it only then (its pages mount after beforePage). */
export let rootStore: RootStore

export const booted: Promise<RootStore> = nextTask()
  // Eager: the module is in this script already; import() only moves its evaluation to this task.
  .then(() => import(/* webpackMode: "eager" */ './stores/root-store'))
  .then((m) =>
    nextTask().then(() => {
      rootStore = new m.RootStore(host, {
        authCode: GATEWAY_AUTH_CODE,
        liveUrl: GATEWAY_LIVE_URL,
        testUrl: GATEWAY_TEST_URL,
        appVersion: APP_VERSION
      })
      rootStore.start()
      return rootStore
    })
  )

/** App.beforePage: once the stores are built, in a task of its own. */
export const beforePage = (path: string): Promise<unknown> => booted.then((store) => nextTask().then(() => store.beforePage(path)))
