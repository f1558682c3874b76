import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { usePageWatch, useReshow } from '../../features/orders/components/use-page-watch'
import '../../features/orders/components/OrderViews.css'
import './paying.css'
import { focusable } from '../../features/orders/components/OrderViews'
import { TabBar, TabBarSpacer } from '../../features/shell/components/TabBar'
import { tableRoute } from '../../features/orders/table-route'
import { isTableBill } from '../../core/reorder'
import { ORDER_STATUS } from '../../gateway/order-rows'

/** A PayID the provider did not fill in ('{PayID}' as sent) counts as none. */
const realId = (id: string | undefined): string => (id && !/^(\{|%7B)PayID(\}|%7D)$/i.test(id) ? id : '')

/**
 * Paying (spec §2): back from the payment provider's page, the payment's status is checked every
 * 2 s until it is decided. Paid → paymentResult; declined → say so, try again; a lost connection
 * only shows a quiet note while checking goes on.
 */
function Paying() {
  const { payment, i18n, host, session } = useStores()
  const params = useRouter().params
  const ids = { PayID: realId(params.PayID), SheetID: params.SheetID ?? '' }
  const watch = usePageWatch()

  useSessionPage(() => watch.start(() => payment.watchPayment(ids)))
  useReshow(() => {
    if (session.isReady && payment.payingState === 'checking') watch.start(() => payment.watchPayment(ids))
  })
  usePageTitle(i18n.t('page.paying'))

  const state = payment.payingState === 'idle' ? 'checking' : payment.payingState
  const sheetId = payment.payingSheetId || ids.SheetID
  useEffect(() => {
    if (state === 'paid' && sheetId) host.redirectTo(ROUTES.paymentResult(sheetId))
  }, [state, sheetId, host])

  const heading = (
    <Text className='so-sr-only' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
      {i18n.t('page.paying')}
    </Text>
  )
  if (state === 'checking' || state === 'paid') {
    return (
      <View className='so-paying' data-testid='paying-state' data-state={state} aria-busy>
        {heading}
        <View className='so-paying__spinner' />
        <View className='so-paying__title' role='status' data-testid='paying-title'>
          {i18n.t(state === 'paid' ? 'pay.paid' : 'pay.checking')}
        </View>
        {state === 'checking' && <Text className='so-paying__note'>{i18n.t('pay.checkingNote')}</Text>}
        {payment.offline && (
          <Text className='so-paying__offline' data-testid='paying-offline'>
            {i18n.t('pay.offline')}
          </Text>
        )}
      </View>
    )
  }

  // issue 27 item 1: money for a table's bill that came after the bill changed (someone at the
  // table added to it: the bill was cancelled) or after someone else paid it. The diner did
  // nothing wrong: say what happened, that the money went back, and lead back to the table.
  const order = payment.payingOrder
  const late = state === 'refunded' || state === 'refundDue'
  const bill = late && order && isTableBill(order) ? order : null
  const billChanged = bill?.Status === ORDER_STATUS.CANCELLED
  const atTable = bill && session.params.TableID === bill.TableID ? session.params.QRCode : ''
  const title = bill
    ? i18n.t(billChanged ? 'pay.billChanged' : 'pay.billPaidMeanwhile')
    : state === 'declined'
      ? i18n.t('pay.declined')
      : state === 'refundDue'
        ? i18n.t('pay.refundDue')
        : state === 'refunded'
          ? i18n.t('pay.refunded')
          : i18n.t('pay.notFound')
  const billNote = !bill
    ? ''
    : billChanged
      ? i18n.t(state === 'refunded' ? 'pay.billChangedRefunded' : 'pay.billChangedRefundDue')
      : i18n.t(state === 'refunded' ? 'pay.billPaidRefunded' : 'pay.billPaidRefundDue')
  return (
    <View className='so-paying so-paying--stopped' data-testid='paying-state' data-state={state}>
      {heading}
      <View className={`so-paying__mark so-paying__mark--${state}`}>
        {late && (
          <Text className='so-paying__glyph' aria-hidden>
            ↩
          </Text>
        )}
      </View>
      {/* The payment's outcome, read out as it replaces 'Checking…'. */}
      <View className='so-paying__title' role='alert' data-testid='paying-title'>
        {title}
      </View>
      {state === 'declined' && <Text className='so-paying__note'>{i18n.t('pay.declinedNote')}</Text>}
      {bill && (
        <Text className='so-paying__note' data-testid='paying-note'>
          {billNote}
        </Text>
      )}
      <View className='so-paying__actions'>
        {state === 'declined' && sheetId && (
          <View className='so-btn so-btn--primary' role='button' {...focusable} data-testid='paying-retry' onClick={() => host.redirectTo(ROUTES.paymentTransfer(sheetId))}>
            {i18n.t('pay.tryAgain')}
          </View>
        )}
        {bill && (
          // The table's page shows the bill as it is now, with its total to pay.
          <View className='so-btn so-btn--primary' role='button' {...focusable} data-testid='paying-back-to-table' onClick={() => host.reLaunch(tableRoute(atTable, bill.TableSheetID))}>
            {i18n.t(billChanged ? 'pay.seeNewTotal' : 'order.backToTable')}
          </View>
        )}
        {sheetId ? (
          <View className='so-btn so-btn--secondary' role='button' {...focusable} data-testid='paying-view-order' onClick={() => host.redirectTo(ROUTES.orderDetails(sheetId))}>
            {i18n.t(bill ? 'sheet.viewBill' : 'order.viewOrder')}
          </View>
        ) : (
          <View className='so-btn so-btn--secondary' role='button' {...focusable} onClick={() => host.reLaunch(ROUTES.orderList)}>
            {i18n.t('page.orderList')}
          </View>
        )}
      </View>
      <TabBarSpacer />
      <TabBar current='orders' />
    </View>
  )
}

export default observer(Paying)
