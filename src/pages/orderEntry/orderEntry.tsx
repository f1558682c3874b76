import { View, Text } from '@tarojs/components'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { clockDuration } from '../../features/checkout/table-sheet.store'
import { StateView } from '../../ui/StateView'
import '../../features/orders/components/OrderViews.css'
import './orderEntry.css'

/**
 * Ordering entry of a dine-in table (spec §2 orderEntry): the open sheet's rounds and total,
 * polled every 5 s while the page shows, the sheet clock ticking every second, "Order more" and
 * "Pay the bill". The app lands here when the table's sheet can take no more rounds.
 */
function OrderEntry() {
  const { session, tableSheet: sheet, i18n, host, format, member } = useStores()
  const [shown, setShown] = useState(true)
  useSessionPage()
  usePageTitle(i18n.t('page.orderEntry'))
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))

  const sheetId = session.sheet?.SheetID ?? ''
  useEffect(() => {
    if (!shown || !session.isReady) return
    sheet.start(sheetId)
    session.startClock(1000)
    return () => {
      sheet.stop()
      session.stopClock()
    }
  }, [shown, session.isReady, sheetId, sheet, session])

  if (!session.isReady) return <StateView kind='loading' text={i18n.t('shell.loading')} />

  const tableName = session.table ? i18n.pick(session.table.TableNames, session.table.TableName) : ''
  const s = sheet.sheet
  const refusal = sheet.refusal
  const openState = session.openState

  const refusalText = (): string => {
    if (!s) return ''
    if (s.Status !== 0) return i18n.t('sheet.closed')
    if (refusal === 'SHOP_CLOSED') return i18n.t('resultcode.20013', { begin: openState?.begin ?? '', end: openState?.end ?? '' })
    if (refusal === 'SHEET_EXPIRED') return i18n.t('resultcode.20014')
    if (refusal === 'SHEET_CLOSED') return i18n.t('sheet.closed')
    return ''
  }

  /** Online, or (a member) from the balance: paymentTransfer says when the balance is short. */
  const payBill = (byBalance = false) => {
    void sheet.payBill().then((r) => {
      if (r.kind === 'pay') host.navigateTo(ROUTES.paymentTransfer(r.SheetID, byBalance ? 'balance' : undefined))
      else if (r.kind === 'counter')
        void host.confirm({ content: i18n.t('sheet.payAtCounter') })
      else if (r.problem.message) host.toast(r.problem.message)
    })
  }

  const orderMore = () => host.navigateTo(ROUTES.goodsList)
  const blocked = refusalText()

  return (
    <View className='so-sheet'>
      <View className='so-sheet__head'>
        <Text className='so-sheet__table' data-testid='sheet-table'>
          {tableName || i18n.t('page.orderEntry')}
        </Text>
        {s && (
          <View className='so-sheet__clock'>
            <Text className='so-sheet__clock-label'>{i18n.t('sheet.clock')}</Text>
            <Text className='so-sheet__clock-value' data-testid='sheet-clock'>
              {sheet.seatedSeconds === null ? '--:--' : clockDuration(sheet.seatedSeconds)}
            </Text>
          </View>
        )}
        {s && <Text className='so-sheet__opened'>{i18n.t('sheet.opened', { time: s.CreatedDate.slice(11, 16) })}</Text>}
        {s && s.Status === 0 && sheet.secondsLeft >= 0 && !blocked && (
          <Text className='so-sheet__left' data-testid='sheet-left'>
            {i18n.t('sheet.left', { time: clockDuration(sheet.secondsLeft) })}
          </Text>
        )}
      </View>

      {!sheetId ? (
        <StateView kind='empty' text={i18n.t('sheet.none')} />
      ) : !s ? (
        sheet.state === 'failed' ? (
          <StateView kind='failed' text={sheet.problem?.message || i18n.t('sheet.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void sheet.load()} />
        ) : (
          <StateView kind='loading' text={i18n.t('shell.loading')} />
        )
      ) : (
        <View className='so-sheet__rounds' data-testid='sheet-rounds'>
          {blocked && (
            <View className='so-sheet__blocked' role='alert' data-testid='sheet-blocked'>
              {blocked}
            </View>
          )}
          {sheet.roundsWithLines.length === 0 && <Text className='so-sheet__note'>{i18n.t('sheet.none')}</Text>}
          {sheet.roundsWithLines.map(({ round, lines }) => (
            <View key={round.SheetID} className='so-sheet__round' data-testid='sheet-round'>
              <View className='so-sheet__round-head'>
                <Text className='so-sheet__round-no'>{i18n.t('sheet.round', { n: round.RoundNo })}</Text>
                <Text className='so-sheet__round-time'>{i18n.t('sheet.roundAt', { time: round.CreatedDate.slice(11, 16) })}</Text>
                <Text className='so-sheet__round-amount' data-testid='sheet-round-amount'>
                  {format.amount(round.Amount)}
                </Text>
              </View>
              {lines.map((l) => (
                <View key={`${l.SheetID}-${l.LineNo}`} className='so-sheet__line' data-testid='sheet-line'>
                  <View className='so-sheet__line-main'>
                    <Text className='so-sheet__line-name'>{l.GoodsName}</Text>
                    {[l.SkuName, l.RemarkText, l.AddOnText, l.BomText].filter(Boolean).length > 0 && (
                      <Text className='so-sheet__line-choices'>{[l.SkuName, l.RemarkText, l.AddOnText, l.BomText].filter(Boolean).join(' · ')}</Text>
                    )}
                  </View>
                  <Text className='so-sheet__line-qua'>×{format.quantity(l.PUnit ? l.PQua : l.Qua)}{l.PUnit || ''}</Text>
                  <Text className='so-sheet__line-amount'>{format.amount(l.Amount)}</Text>
                </View>
              ))}
            </View>
          ))}
          <View className='so-sheet__total'>
            <Text className='so-sheet__total-label'>{i18n.t('sheet.total')}</Text>
            <Text className='so-sheet__total-value' data-testid='sheet-total'>
              {format.amount(s.Amount)}
            </Text>
          </View>
          {s.PaidAmount && Number(s.PaidAmount) > 0 && <Text className='so-sheet__note'>{i18n.t('sheet.paid', { amount: format.amount(s.PaidAmount) })}</Text>}
          {s.Status === 0 && member.signedIn && (
            <View
              className={`so-btn so-btn--secondary so-sheet__by-balance${sheet.canPay && !sheet.paying ? '' : ' so-btn--off'}`}
              role='button'
              aria-disabled={!sheet.canPay || sheet.paying}
              data-testid='pay-bill-balance'
              onClick={() => sheet.canPay && !sheet.paying && payBill(true)}
            >
              {i18n.t('wallet.payFromBalance')}
            </View>
          )}
        </View>
      )}

      <View className='so-sheet__room' />
      <View className='so-sheet__bar'>
        <View
          className={`so-sheet__btn${(s && !sheet.canOrderMore) || (!s && !!sheetId) ? ' so-sheet__btn--off' : ''}`}
          role='button'
          aria-disabled={s ? !sheet.canOrderMore : !!sheetId}
          data-testid='order-more'
          onClick={() => (!s ? !sheetId && orderMore() : sheet.canOrderMore && orderMore())}
        >
          {i18n.t('sheet.orderMore')}
        </View>
        {s && s.Status === 0 && (
          <View
            className={`so-sheet__btn so-sheet__btn--pay${sheet.canPay && !sheet.paying ? '' : ' so-sheet__btn--off'}`}
            role='button'
            aria-disabled={!sheet.canPay || sheet.paying}
            data-testid='pay-bill'
            onClick={() => sheet.canPay && !sheet.paying && payBill()}
          >
            {i18n.t('sheet.payBill')}
          </View>
        )}
      </View>
    </View>
  )
}

export default observer(OrderEntry)
