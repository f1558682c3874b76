/** What both confirm pages do: a fresh checkout per visit, the enterprise clock moving for the time slots. */
import { useDidHide, useDidShow, useLoad, useUnload } from '@tarojs/taro'
import { useEffect } from 'react'
import type { PayMode } from '../../../gateway/order-rows'
import { useStores } from '../../../stores/context'

export function useConfirmPage(mode: PayMode): void {
  const { checkout, session } = useStores()
  useLoad(() => checkout.begin(mode))
  useUnload(() => checkout.end())
  // Slots move with the clock: a slot that has passed disappears while the page shows.
  useDidShow(() => {
    session.startClock(15000)
    // A member's saved addresses (issue 16): again on every show (back from choosing, adding, editing one, or a login).
    void checkout.syncAddressBook()
  })
  useDidHide(() => session.stopClock())
  useEffect(() => () => session.stopClock(), [session])
}
