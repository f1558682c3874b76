import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { OrderLineItem, focusable } from '../../features/orders/components/OrderViews'
import { useReshow } from '../../features/orders/components/use-page-watch'
import { closeKind, sheetWord, type SheetWord } from '../../core/sheet-close'
import type { TableSheetRow } from '../../gateway/order-rows'
import { afterConfirm } from '../../hosts/confirm-signal'
import { dateTimeText } from '../../i18n/dates'
import type { MessageKey } from '../../i18n/catalogues'
import { listFootKey } from '../../ui/list-foot'
import { StateView } from '../../ui/StateView'
import { StayingAlert } from '../../ui/StayingAlert'
import '../../features/orders/components/OrderViews.css'
import './tableSheetList.css'

const STATUS_LOOK: Record<SheetWord, string> = { open: 'moving', paid: 'ready', closed: 'ended', cancelled: 'ended' }
const STATUS_TEXT: Record<SheetWord, MessageKey> = { open: 'tables.status.open', paid: 'tables.status.paid', closed: 'tables.status.closed', cancelled: 'tables.status.cancelled' }

/**
 * My tables (issue 27 item 3; PosSheetListByPage): the table sheets this device ordered a round
 * on, newest first (only one table's with ?TableID, from the table's page), paged: the table, its
 * branch, when, rounds, total and whether it is open, paid or cancelled, in words. A tap opens the
 * table's page (open, at this table), the bill (paid, by this device) or the rounds here. An empty
 * open sheet can be left, one paid in full finished (PosSheetClose); a refusal stays on screen.
 */
function TableSheetList() {
  const { tableSheets: store, session, i18n, host, format } = useStores()
  const tableId = decodeURIComponent(useRouter().params.TableID ?? '')
  const [notice, setNotice] = useState('')
  const list = store.list

  useSessionPage()
  usePageTitle(i18n.t(tableId ? 'tables.here' : 'page.tableSheetList'))
  useEffect(() => {
    if (session.isReady) void store.refresh(tableId)
  }, [session.isReady, tableId, i18n.locale, store])
  // Back from a table or a bill: show what changed.
  useReshow(() => {
    if (session.isReady) void store.refresh(tableId)
  })
  usePullDownRefresh(() => {
    void store.refresh(tableId).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => void store.loadMore())

  const open = (row: TableSheetRow) => {
    if (store.shownId === row.SheetID) return store.hideRounds()
    void store.open(row).then((r) => {
      if (r.kind === 'route') host.navigateTo(r.url)
      else if (r.kind === 'failed') setNotice(r.problem.message || i18n.t('sheet.loadFailed'))
    })
  }

  const close = (row: TableSheetRow) => {
    const kind = closeKind(row)
    if (!kind) return
    const here = session.params.TableID === row.TableID ? session.params.QRCode : ''
    void afterConfirm(
      host,
      { content: i18n.t(kind === 'leave' ? 'sheet.leaveConfirm' : 'sheet.finishConfirm'), confirm: i18n.t(kind === 'leave' ? 'sheet.leaveYes' : 'sheet.finish'), cancel: i18n.t('common.cancel') },
      () =>
        void store.close(row.SheetID, here).then((r) => {
          if (r.ok) {
            if (session.sheet?.SheetID === row.SheetID) session.setSheet(null)
            host.toast(i18n.t(kind === 'leave' ? 'sheet.leftTable' : 'sheet.finished'))
          } else setNotice(r.problem.code === '20018' ? i18n.t('sheet.closeUnpaid') : r.problem.message || i18n.t('sheet.loadFailed'))
        })
    )
  }

  let body
  if (list.state === 'idle' || list.state === 'loading') {
    body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  } else if (list.state === 'failed') {
    body = <StateView kind='failed' text={i18n.t('tables.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void store.refresh(tableId)} />
  } else if (list.rows.length === 0) {
    body = (
      <View data-testid='tables-empty'>
        <StateView kind='empty' text={i18n.t('tables.empty')} />
        <Text className='so-tables__empty-note'>{i18n.t('tables.emptyNote')}</Text>
      </View>
    )
  } else {
    body = (
      <View data-testid='tables-list'>
        {list.refreshing && <Text className='so-tables__refreshing'>{i18n.t('list.refreshing')}</Text>}
        {list.rows.map((row) => {
          const word = sheetWord(row)
          const kind = closeKind(row)
          const shown = store.shownId === row.SheetID
          return (
            <View key={row.SheetID} className='so-table-card' data-testid='table-sheet' data-sheet-id={row.SheetID}>
              <View className='so-table-card__open' role='button' {...focusable} aria-expanded={shown ? 'true' : undefined} aria-busy={store.busy === row.SheetID} onClick={() => open(row)}>
                <View className='so-table-card__head'>
                  <Text className='so-table-card__name' data-testid='table-sheet-name'>
                    {row.TableName}
                  </Text>
                  <Text className={`so-status so-status--${STATUS_LOOK[word]}`} data-testid='table-sheet-status'>
                    {i18n.t(STATUS_TEXT[word])}
                  </Text>
                </View>
                <Text className='so-table-card__branch' data-testid='table-sheet-branch'>
                  {row.BaseName}
                </Text>
                <View className='so-table-card__body'>
                  <View className='so-table-card__facts'>
                    <Text data-testid='table-sheet-when'>{i18n.t('tables.opened', { time: dateTimeText(row.CreatedDate, i18n) })}</Text>
                    <Text data-testid='table-sheet-rounds'>{i18n.t('tables.rounds', { n: row.RoundCount })}</Text>
                  </View>
                  <Text className='so-table-card__total' data-testid='table-sheet-total'>
                    {i18n.t('tables.total', { amount: format.amount(row.Amount) })}
                  </Text>
                </View>
              </View>
              {shown && (
                <View className='so-table-card__rounds' data-testid='table-sheet-rounds-shown'>
                  {store.roundsState === 'loading' && <Text className='so-table-card__note'>{i18n.t('shell.loading')}</Text>}
                  {store.roundsState === 'failed' && <Text className='so-table-card__note'>{i18n.t('sheet.loadFailed')}</Text>}
                  {store.roundsState === 'ready' && store.roundsWithLines.length === 0 && <Text className='so-table-card__note'>{i18n.t('sheet.none')}</Text>}
                  {store.roundsWithLines.map(({ round, lines }) => (
                    <View key={round.SheetID}>
                      <Text className='so-table-card__round'>
                        {i18n.t('sheet.round', { n: round.RoundNo })} · {format.amount(round.Amount)}
                      </Text>
                      {lines.map((l) => (
                        <OrderLineItem key={`${l.SheetID}-${l.LineNo}`} line={l} testId='table-sheet-line' />
                      ))}
                    </View>
                  ))}
                  {word === 'open' && store.roundsState === 'ready' && <Text className='so-table-card__note'>{i18n.t('tables.scanToOrder')}</Text>}
                  <View className='so-table-card__hide' role='button' {...focusable} onClick={() => store.hideRounds()}>
                    {i18n.t('tables.hideRounds')}
                  </View>
                </View>
              )}
              {kind && (
                <View className='so-table-card__actions'>
                  <View
                    className={`so-btn so-btn--secondary so-btn--small${store.busy ? ' so-btn--off' : ''}`}
                    role='button'
                    {...focusable}
                    aria-disabled={!!store.busy}
                    data-testid={kind === 'leave' ? 'table-sheet-leave' : 'table-sheet-finish'}
                    onClick={() => !store.busy && close(row)}
                  >
                    {i18n.t(kind === 'leave' ? 'sheet.leave' : 'sheet.finish')}
                  </View>
                </View>
              )}
            </View>
          )
        })}
        <Text className='so-tables__end' data-testid='tables-end'>
          {i18n.t(listFootKey(list, 'tables.end'))}
        </Text>
      </View>
    )
  }

  return (
    <View className='so-tables' data-testid='tables-page'>
      <Text className='so-sr-only' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
        {i18n.t(tableId ? 'tables.here' : 'page.tableSheetList')}
      </Text>
      {notice && <StayingAlert text={notice} okLabel={i18n.t('modal.ok')} onDismiss={() => setNotice('')} testId='tables-notice' />}
      {tableId && (
        <View className='so-tables__all' role='link' {...focusable} data-testid='tables-all' onClick={() => host.redirectTo(PAST_HOME_ROUTES.tableSheetList())}>
          {i18n.t('tables.all')} ›
        </View>
      )}
      {body}
    </View>
  )
}

export default observer(TableSheetList)
