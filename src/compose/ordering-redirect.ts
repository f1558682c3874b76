/**
 * The ordering pages' redirect, apart from page-hooks so Home (the first screen) does not carry it.
 */
import { useDidShow } from '@tarojs/taro'
import { useStores } from '../stores/context'
import { ROUTES } from '../features/shell/routes'

/**
 * Spec §2 redirect rule on the ordering pages: when the table's sheet exists but ordering is not
 * allowed (shop closed, past WebOrderDuration, status 2 or 3), the diner goes to orderEntry,
 * which says why. A shop's counter code with several branches leaves the branch open: the diner
 * chooses one (baseSelect) before ordering, and goes on to order there.
 */
export function useOrderingAllowedRedirect(): void {
  const { session, host } = useStores()
  useDidShow(() => {
    void session.ensureReady().then(() => {
      if (!session.isReady) return
      if (!session.baseInfo) host.redirectTo(`${ROUTES.baseSelect(session.params.ShopID)}&next=order`)
      else if (session.sheetRefusal) host.redirectTo(ROUTES.orderEntry)
    })
  })
}
