import type { PropsWithChildren } from 'react'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { beforePage, booted, rootStore } from './root-store-boot'
import { StoreContext } from './stores/context'
import './app.css'

// rootStore: built once, before Taro's router renders the first page (on H5 over a few tasks after
// this script's: root-store-boot.h5.ts), so every page and the shell watchers see it.

function App({ children }: PropsWithChildren) {
  // Spec §4: the launch timer (the session clock's minute step) stops while the app is hidden.
  // Through `booted`: on H5 the app shows before its stores are built; both go in the order shown.
  useDidShow(() => void booted.then((store) => store.session.startLaunchTimer()))
  useDidHide(() => void booted.then((store) => store.session.stopLaunchTimer()))
  // Pages mount only after beforePage, by when rootStore is set (App renders again with them).
  return <StoreContext.Provider value={rootStore}>{children}</StoreContext.Provider>
}

/**
 * Taro's H5 router waits for this before it mounts a page (config/index.ts wraps the routes):
 * the page's code and what it needs of ours (the catalogue on screen, the feature stores) arrive
 * together. Mini-programs carry everything in the package and never ask.
 */
App.beforePage = beforePage

export default App
