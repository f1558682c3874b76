import { View, Text, Input } from '@tarojs/components'
import { useDidHide, useDidShow, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { focusable } from '../../features/orders/components/OrderViews'
import { tableRoute } from '../../features/orders/table-route'
import type { SplitLine } from '../../features/checkout/bill-split.store'
import type { BillShareRow } from '../../gateway/bill-split-rows'
import type { ShareMode } from '../../core/bill-split'
import type { MessageKey } from '../../i18n/catalogues'
import { radioKeys, radioStops } from '../../ui/radio-group'
import { StateView } from '../../ui/StateView'
import { Stepper } from '../../ui/Stepper'
import { StayingAlert } from '../../ui/StayingAlert'
import './billSplit.css'

const MODES: ShareMode[] = ['lines', 'equal', 'amount', 'rest']

/**
 * Split the table's bill (issue 26 item 2; docs/split-bills.md): the bill's balance and who paid
 * what, live on every phone at the table (BillSplitStore follows the branch's stream), and the
 * diner's part — chosen dishes (a shared one in halves, thirds, quarters), equal shares, an amount
 * or the rest — paid like the whole bill (online, or from the balance). A part someone else took
 * meanwhile is refused in the diner's language and the page shows the bill as it is now.
 */
function BillSplit() {
  const { billSplit: split, session, i18n, host, format, member } = useStores()
  const params = useRouter().params
  const sheetId = decodeURIComponent(params.SheetID ?? '')
  const [shown, setShown] = useState(true)
  const [notice, setNotice] = useState('')
  const t = i18n.t

  useSessionPage()
  usePageTitle(t('page.billSplit'))
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))
  useEffect(() => {
    if (!shown || !session.isReady) return
    split.start(sheetId)
    return () => split.stop()
  }, [shown, session.isReady, sheetId, split])

  if (!session.isReady) return <StateView kind='loading' text={t('shell.loading')} />
  const b = split.balance
  if (!b || !split.sheet) {
    return split.state === 'failed' ? (
      <StateView kind='failed' text={split.problem?.message || t('sheet.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void split.load()} />
    ) : (
      <StateView kind='loading' text={t('shell.loading')} />
    )
  }

  const money = (v: string) => format.amount(v)
  const amount = split.shareAmount
  const problem = split.choiceProblem
  const canPay = split.isOpen && !problem && !split.starting

  const pay = (byBalance: boolean) => {
    if (!canPay) return
    void split.startShare().then((r) => {
      if (r.kind === 'pay') host.navigateTo(ROUTES.paymentTransfer(r.ShareID, byBalance ? 'balance' : undefined))
      else if (r.kind === 'counter') void host.confirm({ content: t('sheet.payAtCounter'), confirm: t('modal.ok') })
      else if (r.problem.message) setNotice(r.problem.message)
    })
  }

  const tableName = session.table ? i18n.pick(session.table.TableNames, session.table.TableName) : ''
  const modeStops = radioStops(MODES.map((m) => ({ on: split.mode === m })))
  const due = Number(b.DueAmount)

  return (
    <View className='so-split' data-testid='split-page' data-live={split.liveConnected ? 'connected' : 'off'}>
      <Text className='so-split__heading' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
        {tableName ? `${tableName} · ${t('page.billSplit')}` : t('page.billSplit')}
      </Text>
      <View className='so-split__balance' role='group' aria-labelledby='split-balance-title'>
        <Text className='so-split__title' id='split-balance-title' {...({ role: 'heading', 'aria-level': 2 } as Record<string, unknown>)}>
          {t('split.balance')}
        </Text>
        <View className='so-split__row'>
          <Text>{t('sheet.total')}</Text>
          <Text data-testid='split-total'>{money(b.Amount)}</Text>
        </View>
        <View className='so-split__row'>
          <Text>{t('split.paid')}</Text>
          <Text data-testid='split-paid'>{money(b.PaidAmount)}</Text>
        </View>
        {Number(b.HeldAmount) > 0 && (
          <View className='so-split__row'>
            <Text>{t('split.held')}</Text>
            <Text data-testid='split-held'>{money(b.HeldAmount)}</Text>
          </View>
        )}
        {/* Read out when it changes: another phone paid. */}
        <View className='so-split__row so-split__row--due' role='status' aria-live='polite' data-testid='split-due-line'>
          <Text>{split.isOpen ? t('split.due') : t('split.closed')}</Text>
          {split.isOpen && <Text data-testid='split-due'>{money(b.DueAmount)}</Text>}
        </View>
      </View>

      <View className='so-split__who' role='group' aria-labelledby='split-who-title'>
        <Text className='so-split__title' id='split-who-title' {...({ role: 'heading', 'aria-level': 2 } as Record<string, unknown>)}>
          {t('split.whoPaid')}
        </Text>
        {split.payments.length === 0 ? (
          <Text className='so-split__note'>{t('split.nobodyYet')}</Text>
        ) : (
          <View role='list'>
            {split.payments.map((p) => (
              <View key={p.ShareID} role='listitem' className={`so-split__payment so-split__payment--${p.State}`} data-testid='split-payment' data-state={p.State} data-mine={p.Mine}>
                <Text>{paymentText(t, p, money)}</Text>
                {p.State === 'paid' && p.Mine === 1 && (
                  <View className='so-split__receipt' role='link' {...focusable} data-testid='split-receipt' onClick={() => host.navigateTo(ROUTES.orderDetails(p.ShareID))}>
                    {t('split.receipt')} ›
                  </View>
                )}
              </View>
            ))}
          </View>
        )}
      </View>

      {split.isOpen && due > 0 && (
        <View className='so-split__choose' role='group' aria-labelledby='split-how-title'>
          <Text className='so-split__title' id='split-how-title'>
            {t('split.how')}
          </Text>
          <View className='so-split__modes' role='radiogroup' aria-labelledby='split-how-title' {...radioKeys}>
            {MODES.map((m, i) => (
              <View
                key={m}
                className={`so-split__mode${split.mode === m ? ' so-split__mode--on' : ''}`}
                role='radio'
                aria-checked={split.mode === m}
                tabIndex={modeStops(i)}
                data-testid={`split-mode-${m}`}
                onClick={() => split.setMode(m)}
              >
                {t(`split.mode.${m}` as MessageKey)}
              </View>
            ))}
          </View>

          {split.mode === 'lines' && (
            <View role='list' className='so-split__lines'>
              {split.splitLines.map((l) => (
                <LineChoice key={l.key} line={l} />
              ))}
            </View>
          )}
          {split.mode === 'equal' && (
            <View className='so-split__equal'>
              {split.tableSplitOf ? (
                <Text className='so-split__note' data-testid='split-table-split'>
                  {t('split.equalFixed', { n: split.tableSplitOf, free: split.splitFreeCount })}
                </Text>
              ) : (
                <View className='so-split__field'>
                  <Text className='so-split__label'>{t('split.among')}</Text>
                  <Stepper
                    value={String(split.splitOf)}
                    canDecrease={split.splitOf > 2}
                    canIncrease={split.splitOf < 20}
                    onDecrease={() => split.setSplitOf(split.splitOf - 1)}
                    onIncrease={() => split.setSplitOf(split.splitOf + 1)}
                    decreaseLabel={t('split.fewerPeople')}
                    increaseLabel={t('split.morePeople')}
                    testId='split-among'
                  />
                </View>
              )}
              <View className='so-split__field'>
                <Text className='so-split__label'>{t('split.myShares')}</Text>
                <Stepper
                  value={String(split.splitParts)}
                  canDecrease={split.splitParts > 1}
                  canIncrease={split.splitParts < split.splitFreeCount}
                  onDecrease={() => split.setSplitParts(split.splitParts - 1)}
                  onIncrease={() => split.setSplitParts(split.splitParts + 1)}
                  decreaseLabel={t('split.fewerShares')}
                  increaseLabel={t('split.moreShares')}
                  testId='split-my-shares'
                />
              </View>
            </View>
          )}
          {split.mode === 'amount' && (
            <View className='so-split__field'>
              <Input
                className='so-split__amount'
                type='digit'
                value={split.amountText}
                nativeProps={{ 'aria-label': t('split.amountLabel'), inputMode: 'decimal', 'aria-describedby': 'split-amount-hint' }}
                data-testid='split-amount'
                onInput={(e) => split.setAmount(e.detail.value)}
              />
              <Text className='so-split__note' id='split-amount-hint'>
                {t('split.amountHint', { open: money(b.OpenAmount) })}
              </Text>
            </View>
          )}
          {split.mode === 'rest' && <Text className='so-split__note'>{t('split.restNote', { open: money(b.OpenAmount) })}</Text>}

          <View className='so-split__you' role='status' data-testid='split-you-pay'>
            {problem ? t(problem as MessageKey, { open: money(b.OpenAmount) }) : t('split.youPay', { amount: money(amount?.toString() ?? '0') })}
          </View>
          <View
            className={`so-split__pay${canPay ? '' : ' so-split__pay--off'}`}
            role='button'
            {...focusable}
            aria-disabled={!canPay}
            data-testid='split-pay'
            onClick={() => pay(false)}
          >
            {t('split.pay')}
          </View>
          {member.signedIn && (
            <View
              className={`so-split__pay so-split__pay--secondary${canPay ? '' : ' so-split__pay--off'}`}
              role='button'
              {...focusable}
              aria-disabled={!canPay}
              data-testid='split-pay-balance'
              onClick={() => pay(true)}
            >
              {t('wallet.payFromBalance')}
            </View>
          )}
        </View>
      )}

      <View className='so-split__back' role='link' {...focusable} data-testid='split-back' onClick={() => host.navigateTo(tableRoute(session.params.QRCode, sheetId))}>
        {t('split.backToTable')} ›
      </View>
      {notice && <StayingAlert text={notice} okLabel={t('modal.ok')} onDismiss={() => setNotice('')} testId='split-notice' />}
    </View>
  )
}

/** Who paid what, in words: "You paid MOP$20.00 from your balance", "Diner 2 is paying MOP$15.00". */
function paymentText(t: (key: MessageKey, params?: Record<string, string | number>) => string, p: BillShareRow, money: (v: string) => string): string {
  const who = p.Mine === 1 ? t('split.you') : t('split.payer', { n: p.PayerNo })
  const what = t(`split.mode.${p.Mode}` as MessageKey)
  if (p.State === 'held') return t('split.paying', { who, amount: money(p.Amount), what })
  if (p.State === 'refunded') return t('split.refunded', { who, amount: money(p.Amount) })
  const method = p.Provider === 'balance' ? 'split.method.balance' : ['cash', 'card', 'other', 'coupon'].includes(p.Provider) ? 'split.method.counter' : 'split.method.online'
  return t('split.paidBy', { who, amount: money(p.Amount), what, method: t(method as MessageKey) })
}

/** One line of the bill: pick it whole or a part of it; what others took is said in words. */
const LineChoice = observer(function LineChoice({ line }: { line: SplitLine }) {
  const { billSplit: split, i18n, format } = useStores()
  const t = i18n.t
  const pick = split.picks[line.key]
  const name = `${line.line.GoodsName}${line.line.SkuName ? ` (${line.line.SkuName})` : ''}`
  const full = line.cutIn > 0 && line.free === 0
  const choices = split.cutChoices(line)
  const state = full
    ? line.paid === line.cutIn
      ? t('split.linePaid')
      : t('split.lineTaken')
    : line.cutIn
      ? t('split.linePartsLeft', { free: line.free, of: line.cutIn })
      : ''
  return (
    <View className={`so-split__line${full ? ' so-split__line--off' : ''}`} role='listitem' data-testid='split-line' data-free={line.free}>
      <View className='so-split__line-text'>
        <Text className='so-split__line-name'>{name}</Text>
        <Text className='so-split__line-meta'>
          ×{line.line.Qua} · {format.amount(line.line.Amount)}
          {state ? ` · ${state}` : ''}
        </Text>
      </View>
      {!full && (
        <View className='so-split__cuts'>
          {choices.map((of) => {
            const on = pick?.of === of
            return (
              <View
                key={of}
                className={`so-split__cut${on ? ' so-split__cut--on' : ''}`}
                role='checkbox'
                aria-checked={on}
                aria-label={of === 1 ? t('split.wholeOf', { name }) : t('split.partOf', { name, of })}
                {...focusable}
                data-testid={`split-cut-${of}`}
                onClick={() => split.pick(line.key, on ? null : { of, parts: 1 })}
              >
                {of === 1 ? t('split.whole') : `1/${of}`}
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
})

export default observer(BillSplit)
