import type { PropsWithChildren } from 'react'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { beforePage, rootStore } from './root-store-boot'
import { StoreContext } from './stores/context'
import './app.css'

// rootStore: built once, before Taro's router renders the first page, so the shell watchers see it.

function App({ children }: PropsWithChildren) {
  // Spec §4: the launch timer (the session clock's minute step) stops while the app is hidden.
  useDidShow(() => rootStore.session.startLaunchTimer())
  useDidHide(() => rootStore.session.stopLaunchTimer())
  return <StoreContext.Provider value={rootStore}>{children}</StoreContext.Provider>
}

/**
 * Taro's H5 router waits for this before it mounts a page (config/index.ts wraps the routes):
 * the page's code and what it needs of ours (the catalogue on screen, the feature stores) arrive
 * together. Mini-programs carry everything in the package and never ask.
 */
App.beforePage = beforePage

export default App
