/**
 * The app's one RootStore, built and started before Taro mounts the first page. Mini-programs:
 * at once, as the host runs app.js (it must call App() before it returns). The H5 build has its
 * own (root-store-boot.h5.ts), built over a few tasks.
 */
import { host } from './hosts'
import { RootStore } from './stores/root-store'

export const rootStore: RootStore = new RootStore(host, {
  authCode: GATEWAY_AUTH_CODE,
  liveUrl: GATEWAY_LIVE_URL,
  testUrl: GATEWAY_TEST_URL,
  appVersion: APP_VERSION
})
rootStore.start()

/** Resolves with rootStore once it is built: here it already is. */
export const booted: Promise<RootStore> = Promise.resolve(rootStore)

/** App.beforePage (only Taro's H5 router asks). */
export const beforePage = (path: string): Promise<unknown> => rootStore.beforePage(path)
