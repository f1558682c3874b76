import { View, Text } from '@tarojs/components'
import { useDidHide, useDidShow, useLoad, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { TabBar } from '../../features/shell/components/TabBar'
import { LanguageSwitch } from '../../features/language/components/LanguageSwitch'
import { OrderLineItem, focusable } from '../../features/orders/components/OrderViews'
import { useFocusReturn } from '../../features/orders/components/use-page-watch'
import { tableRoute } from '../../features/orders/table-route'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { closeKind } from '../../core/sheet-close'
import { afterConfirm } from '../../hosts/confirm-signal'
import { StateView } from '../../ui/StateView'
import { Stepper } from '../../ui/Stepper'
import { roundStage, roundStageKey } from '../../core/order-status'
import type { MessageKey } from '../../i18n/catalogues'
import { StayingAlert } from '../../ui/StayingAlert'
import '../../features/orders/components/OrderViews.css'
import './orderEntry.css'

/**
 * Ordering entry of a dine-in table (spec §2 orderEntry): the sheet's rounds and total, polled
 * every 5 s while the page shows, the sheet clock ticking every second, "Order more" and "Pay the
 * bill". Each round says where it is in the kitchen (Preparing, Ready; issue 24), pushed on the
 * branch's live stream (TableSheetStore), in words as well as colour, and a change is announced
 * (role status). The app lands here when the table's sheet can take no more rounds. Its URL carries the
 * table's code and the sheet (features/orders/table-route), so a reload still knows the table and,
 * once the bill is paid (by this diner or another at the table), the page says so, links to the
 * bill and starts a new order; the tab bar stays.
 */
function OrderEntry() {
  const { session, tableSheet: sheet, orders, i18n, host, format, member } = useStores()
  const params = useRouter().params
  const [shown, setShown] = useState(true)
  /** The paid bill this device may open (it paid it), '' none. */
  const [ownBill, setOwnBill] = useState('')
  const back = useFocusReturn()
  /**
   * A refusal the diner has to act on (the bill cannot be paid now, a quantity was not changed):
   * read out as an alert and kept until dismissed, then focus goes back where it was (ui/StayingAlert).
   */
  const [notice, setNotice] = useState('')
  const showNotice = setNotice
  useLoad(() => {
    const code = params.QRCode ?? ''
    // The URL names the table: a reload (or another tab) resolves that table, not the stored one.
    const ready = code && code !== session.params.QRCode ? session.initialise({ QRCode: code }) : session.ensureReady()
    void ready.then(() => {
      if (!session.isReady) host.reLaunch(ROUTES.entry)
    })
  })
  usePageTitle(i18n.t('page.orderEntry'))
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))

  // The table's open sheet, else the sheet this page was opened for (a paid one is closed).
  const sheetId = session.sheet?.SheetID || params.SheetID || ''
  useEffect(() => {
    if (!shown || !session.isReady) return
    sheet.start(sheetId)
    session.startClock(1000)
    return () => {
      sheet.stop()
      session.stopClock()
    }
  }, [shown, session.isReady, sheetId, sheet, session])

  // Keep the table's code and sheet in the URL (the redirects to this page name neither).
  const qrCode = session.params.QRCode
  // Only while on show: a page left in the stack must not take over the page the diner is on.
  useEffect(() => {
    if (shown && session.isReady && qrCode && (params.QRCode !== qrCode || (sheetId && params.SheetID !== sheetId))) host.redirectTo(tableRoute(qrCode, sheetId))
  }, [shown, session.isReady, qrCode, sheetId, params.QRCode, params.SheetID, host])

  const s = sheet.sheet
  const paidBill = s && s.Status !== 0 && s.RoundCount > 0 && s.SettlementID ? s.SettlementID : ''
  useEffect(() => {
    if (!paidBill) return
    // Only the diner who paid may open the bill; the others see the sheet here.
    void orders.loadDetail(paidBill).then((r) => setOwnBill(r === 'ok' ? paidBill : ''))
  }, [paidBill, orders])

  if (!session.isReady) return <StateView kind='loading' text={i18n.t('shell.loading')} />

  const tableName = session.table ? i18n.pick(session.table.TableNames, session.table.TableName) : ''
  const refusal = sheet.refusal
  const closed = !!s && s.Status !== 0
  const paid = closed && !!paidBill && Number(s.PaidAmount) > 0
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
    back.opened(byBalance ? 'balance' : 'pay')
    void sheet.payBill().then((r) => {
      if (r.kind === 'pay') host.navigateTo(ROUTES.paymentTransfer(r.SheetID, byBalance ? 'balance' : undefined))
      else if (r.kind === 'counter')
        void host.confirm({ content: i18n.t('sheet.payAtCounter'), confirm: i18n.t('modal.ok') })
      else if (r.problem.message) showNotice(r.problem.message)
    })
  }

  const orderMore = () => host.navigateTo(ROUTES.goodsList)
  /** After the bill: the table has no open sheet, the next order opens a new one. */
  const newRound = () => {
    session.setSheet(null)
    host.navigateTo(ROUTES.goodsList)
  }
  /** Quantity of an ordered line (CYSheetGoodsQuaEdit = 1): the server's answer is shown (a toast), a refusal stays. */
  const changeQuantity = (line: Parameters<typeof sheet.changeQuantity>[0], qua: number) => {
    void sheet.changeQuantity(line, qua).then((problem) => (problem ? showNotice(problem.message || i18n.t('sheet.loadFailed')) : host.toast(i18n.t('sheet.quaChanged'))))
  }
  /**
   * Leave an empty table (its sheet cancelled) or finish one paid in full (closed): PosSheetClose,
   * after a confirm. The next order opens a new sheet; a refusal is told and nothing changes.
   */
  const closing = closeKind(s)
  const closeSheet = () => {
    if (!closing || sheet.closing) return
    back.opened('close')
    void afterConfirm(
      host,
      { content: i18n.t(closing === 'leave' ? 'sheet.leaveConfirm' : 'sheet.finishConfirm'), confirm: i18n.t(closing === 'leave' ? 'sheet.leaveYes' : 'sheet.finish'), cancel: i18n.t('common.cancel') },
      () =>
        void sheet.close().then((problem) => {
          if (problem) showNotice(problem.code === '20018' ? i18n.t('sheet.closeUnpaid') : problem.message || i18n.t('sheet.loadFailed'))
          else {
            session.setSheet(null)
            host.toast(i18n.t(closing === 'leave' ? 'sheet.leftTable' : 'sheet.finished'))
          }
        })
    )
  }
  /** The diner left this table before ordering (an empty sheet cancelled): say so, and offer a new order. */
  const left = !!s && s.Status === 3 && s.RoundCount === 0
  const blocked = paid || left ? '' : refusalText()
  const tabBar = !session.hideTabBar

  return (
    <View className='so-sheet'>
      <View className='so-sheet__head'>
        <Text className='so-sheet__table' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)} data-testid='sheet-table'>
          {tableName || i18n.t('page.orderEntry')}
        </Text>
        {s && !closed && (
          <View className='so-sheet__clock'>
            <Text className='so-sheet__clock-label'>{i18n.t('sheet.clock')}</Text>
            <Text className='so-sheet__clock-value' data-testid='sheet-clock'>
              {sheet.seatedSeconds === null ? '--' : durationText(i18n, sheet.seatedSeconds, 'down')}
            </Text>
          </View>
        )}
        {s && <Text className='so-sheet__opened'>{i18n.t('sheet.opened', { time: s.CreatedDate.slice(11, 16) })}</Text>}
        {s && s.Status === 0 && sheet.secondsLeft >= 0 && !blocked && (
          <Text className='so-sheet__left' data-testid='sheet-left'>
            {i18n.t('sheet.left', { time: durationText(i18n, sheet.secondsLeft, 'up') })}
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
        <View className='so-sheet__rounds' data-testid='sheet-rounds' data-live={sheet.liveConnected ? 'connected' : 'off'}>
          {paid && (
            <View className='so-sheet__paid' role='status' data-testid='sheet-bill-paid'>
              <Text className='so-sheet__paid-title'>{i18n.t('sheet.billPaid')}</Text>
              <Text className='so-sheet__paid-note'>{i18n.t('sheet.newRoundNote')}</Text>
              {ownBill && (
                <View className='so-sheet__paid-link' role='link' {...focusable} data-testid='sheet-view-bill' onClick={() => host.navigateTo(ROUTES.orderDetails(ownBill))}>
                  {i18n.t('sheet.viewBill')} ›
                </View>
              )}
            </View>
          )}
          {left && (
            <View className='so-sheet__paid' role='status' data-testid='sheet-left-note'>
              <Text className='so-sheet__paid-title'>{i18n.t('sheet.leftTable')}</Text>
              <Text className='so-sheet__paid-note'>{i18n.t('sheet.newRoundNote')}</Text>
            </View>
          )}
          {blocked && (
            <View className='so-sheet__blocked' role='alert' data-testid='sheet-blocked'>
              {blocked}
            </View>
          )}
          {sheet.roundsWithLines.length === 0 && !left && <Text className='so-sheet__note'>{i18n.t('sheet.none')}</Text>}
          {sheet.quantitiesEditable && sheet.raiseOnly && sheet.roundsWithLines.length > 0 && (
            <Text className='so-sheet__note' data-testid='sheet-raise-only'>
              {i18n.t('sheet.raiseOnly')}
            </Text>
          )}
          {sheet.roundsWithLines.map(({ round, lines }) => (
            <View key={round.SheetID} className='so-sheet__round' data-testid='sheet-round'>
              <View className='so-sheet__round-head'>
                <Text className='so-sheet__round-no'>{i18n.t('sheet.round', { n: round.RoundNo })}</Text>
                <RoundStageBadge stage={roundStage(round)} roundNo={round.RoundNo} t={i18n.t} />
                <Text className='so-sheet__round-time'>{i18n.t('sheet.roundAt', { time: round.CreatedDate.slice(11, 16) })}</Text>
                <Text className='so-sheet__round-amount' data-testid='sheet-round-amount'>
                  {format.amount(round.Amount)}
                </Text>
              </View>
              {round.Remarks && (
                <Text className='so-sheet__remark' data-testid='sheet-round-remark'>
                  {i18n.t('sheet.remark', { text: round.Remarks })}
                </Text>
              )}
              {lines.map((l) => (
                <OrderLineItem key={`${l.SheetID}-${l.LineNo}`} line={l} testId='sheet-line'>
                  {sheet.quantitiesEditable && (
                    <View className='so-sheet__line-edit'>
                      <Stepper
                        value={String(sheet.stepperQuantity(l))}
                        canDecrease={sheet.canLower(l)}
                        canIncrease={!sheet.editing}
                        onDecrease={() => changeQuantity(l, sheet.stepperQuantity(l) - 1)}
                        onIncrease={() => changeQuantity(l, sheet.stepperQuantity(l) + 1)}
                        decreaseLabel={i18n.t('sheet.less', { name: l.GoodsName })}
                        increaseLabel={i18n.t('sheet.more', { name: l.GoodsName })}
                        testId='sheet-line-stepper'
                      />
                    </View>
                  )}
                </OrderLineItem>
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
          {/* issue 26: each diner pays their part (dishes, equal shares, an amount, the rest), the balance live. */}
          {s.Status === 0 && sheet.canPay && session.isPayLaterOnlineCheckout[session.params.BaseID] === '1' && (
            <View
              className='so-btn so-btn--secondary so-sheet__split'
              role='button'
              {...focusable}
              data-testid='split-open'
              onClick={() => host.navigateTo(PAST_HOME_ROUTES.billSplit(s.SheetID))}
            >
              {i18n.t('split.open')}
            </View>
          )}
          {closing && (
            <View
              ref={back.ref('close') as never}
              className={`so-btn so-btn--secondary so-sheet__close${sheet.closing ? ' so-btn--off' : ''}`}
              role='button'
              {...focusable}
              aria-disabled={sheet.closing}
              data-testid={closing === 'leave' ? 'sheet-leave' : 'sheet-finish'}
              onClick={closeSheet}
            >
              {i18n.t(closing === 'leave' ? 'sheet.leave' : 'sheet.finish')}
            </View>
          )}
          {session.params.TableID && (
            <View className='so-sheet__earlier' role='link' {...focusable} data-testid='sheet-earlier' onClick={() => host.navigateTo(PAST_HOME_ROUTES.tableSheetList(session.params.TableID))}>
              {i18n.t('tables.here')} ›
            </View>
          )}
          {s.Status === 0 && member.signedIn && (
            <View
              ref={back.ref('balance') as never}
              className={`so-btn so-btn--secondary so-sheet__by-balance${sheet.canPay && !sheet.paying ? '' : ' so-btn--off'}`}
              role='button'
              {...focusable}
              aria-disabled={!sheet.canPay || sheet.paying}
              data-testid='pay-bill-balance'
              onClick={() => sheet.canPay && !sheet.paying && payBill(true)}
            >
              {i18n.t('wallet.payFromBalance')}
            </View>
          )}
        </View>
      )}

      {/* At a table with a bill this page is the diner's Home (its tab): the language is chosen here too, mid-meal. */}
      <LanguageSwitch />
      <View className={`so-sheet__room${tabBar ? ' so-sheet__room--tabbed' : ''}`} />
      <View className={`so-sheet__bar${tabBar ? ' so-sheet__bar--tabbed' : ''}`}>
        {notice && <StayingAlert text={notice} okLabel={i18n.t('modal.ok')} onDismiss={() => setNotice('')} testId='sheet-notice' />}
        {paid || left ? (
          <View className='so-sheet__btn so-sheet__btn--pay' role='button' {...focusable} data-testid='sheet-new-round' onClick={newRound}>
            {i18n.t('sheet.newRound')}
          </View>
        ) : (
          <View
            className={`so-sheet__btn${(s && !sheet.canOrderMore) || (!s && !!sheetId) ? ' so-sheet__btn--off' : ''}`}
            role='button'
            {...focusable}
            aria-disabled={s ? !sheet.canOrderMore : !!sheetId}
            data-testid='order-more'
            onClick={() => (!s ? !sheetId && orderMore() : sheet.canOrderMore && orderMore())}
          >
            {/* 'Order more' only once something was ordered (issue 27 item 20). */}
            {i18n.t(sheet.rounds.length > 0 ? 'sheet.orderMore' : 'sheet.order')}
          </View>
        )}
        {s && s.Status === 0 && (
          <View
            ref={back.ref('pay') as never}
            className={`so-sheet__btn so-sheet__btn--pay${sheet.canPay && !sheet.paying ? '' : ' so-sheet__btn--off'}`}
            role='button'
            {...focusable}
            aria-disabled={!sheet.canPay || sheet.paying}
            data-testid='pay-bill'
            onClick={() => sheet.canPay && !sheet.paying && payBill()}
          >
            {i18n.t('sheet.payBill')}
          </View>
        )}
      </View>
      <TabBar current='home' />
    </View>
  )
}

/**
 * A round's kitchen stage: a glyph and the stage in words (never colour alone); a screen reader
 * hears "Round 2: Ready", and hears it again when it changes (role status, polite).
 */
function RoundStageBadge({ stage, roundNo, t }: { stage: ReturnType<typeof roundStage>; roundNo: number; t: (key: MessageKey, params?: Record<string, string | number>) => string }) {
  if (!stage) return null
  return (
    <View className={`so-sheet__stage so-sheet__stage--${stage}`} role='status' data-testid='sheet-round-stage' data-stage={stage}>
      <Text className='so-sheet__stage-icon' aria-hidden='true'>
        {STAGE_GLYPH[stage]}
      </Text>
      <Text className='so-sr-only'>{t('sheet.stageFor', { n: roundNo })}</Text>
      <Text className='so-sheet__stage-text'>{t(roundStageKey(stage) as MessageKey)}</Text>
    </View>
  )
}

/**
 * A while as people say it: '< 1 min', '39 min', '1 h 5 min' (not a stopwatch's 39:11 or 1:20:49).
 * How long the table has sat counts whole minutes down; how long ordering stays open, up (with 30 s
 * left it closes "in < 1 min", with 61 s "in 2 min", never sooner than said).
 */
function durationText(i18n: { t: (key: MessageKey, params?: Record<string, string | number>) => string }, seconds: number, round: 'up' | 'down'): string {
  const s = Math.max(0, seconds)
  const minutes = s < 60 ? 0 : round === 'up' ? Math.ceil(s / 60) : Math.floor(s / 60)
  if (minutes < 1) return i18n.t('sheet.seatedUnderMinute')
  const h = Math.floor(minutes / 60)
  return h > 0 ? i18n.t('sheet.seatedHours', { h, m: minutes % 60 }) : i18n.t('sheet.seatedMinutes', { m: minutes })
}

const STAGE_GLYPH: Record<NonNullable<ReturnType<typeof roundStage>>, string> = { preparing: '◔', ready: '✓', cancelled: '✕' }

export default observer(OrderEntry)
