/** What every page past the entry does on load and show, in one place. */
import { useDidHide, useDidShow, useLoad } from '@tarojs/taro'
import { useEffect } from 'react'
import { useStores } from '../stores/context'
import { ROUTES } from '../features/shell/routes'

/**
 * A page opened directly (a reload or a shared link) resolves the stored entry first; with no
 * entry to resolve the diner goes back to the entry page. `onReady` runs once the session is.
 */
export function useSessionPage(onReady?: () => void): void {
  const { session, host } = useStores()
  useLoad(() => {
    void session.ensureReady().then(() => {
      if (!session.isReady) host.reLaunch(ROUTES.entry)
      else onReady?.()
    })
  })
}

/** The navigation bar's title, again whenever it (or the language behind it) changes. */
export function usePageTitle(title: string): void {
  const { host } = useStores()
  useEffect(() => {
    if (title) host.setTitle(title)
  }, [title])
}

/** Sale status is re-evaluated every 5 s while a page showing goods is on screen (spec §4). */
export function useSaleStatusTimer(): void {
  const { menu } = useStores()
  useDidShow(() => menu.startStatusTimer())
  useDidHide(() => menu.stopStatusTimer())
  useEffect(() => () => menu.stopStatusTimer(), [menu])
}
