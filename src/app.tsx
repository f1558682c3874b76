import type { PropsWithChildren } from 'react'
import { host } from './hosts'
import { RootStore } from './stores/root-store'
import { StoreContext } from './stores/context'
import './app.css'

// Built once, before Taro's router renders the first page, so the shell watchers see it.
const rootStore = new RootStore(host, {
  authCode: GATEWAY_AUTH_CODE,
  liveUrl: GATEWAY_LIVE_URL,
  testUrl: GATEWAY_TEST_URL,
  appVersion: APP_VERSION
})
rootStore.start()

function App({ children }: PropsWithChildren) {
  return <StoreContext.Provider value={rootStore}>{children}</StoreContext.Provider>
}

export default App
