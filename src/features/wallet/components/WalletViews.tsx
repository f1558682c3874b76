import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { BalanceRecordRow, GiftCouponRow, RechargeRuleRow, ScoreRecordRow } from '../../../gateway/member-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { dateTimeText } from '../../../i18n/dates'
import { useStores } from '../../../stores/context'
import { StateView } from '../../../ui/StateView'
import { listFootKey } from '../../../ui/list-foot'
import type { PagedList } from '../../../stores/paged-list'
import './WalletViews.css'

/** 'YYYY-MM-DD HH:mm' of the gateway's 'YYYY-MM-DD HH:mm:ss'. */

/** The account's top: balance big, points beside it, and the recharge button. */
export const AccountCard = observer(function AccountCard(props: { onRecharge?(): void; onPoints?(): void }) {
  const { wallet, i18n, format } = useStores()
  const vip = wallet.vip
  return (
    <View className='so-wallet-card' data-testid='account-card'>
      <View className='so-wallet-card__main'>
        <Text className='so-wallet-card__label'>{i18n.t('wallet.balance')}</Text>
        <Text className='so-wallet-card__balance' data-testid='account-balance'>
          {vip ? format.amount(vip.Balance) : ' '}
        </Text>
      </View>
      <View className='so-wallet-card__side' role={props.onPoints ? 'button' : undefined} tabIndex={props.onPoints ? 0 : undefined} onClick={props.onPoints}>
        <Text className='so-wallet-card__label'>{i18n.t('wallet.points')}</Text>
        <Text className='so-wallet-card__points' data-testid='account-points'>
          {vip ? vip.Score : ' '}
        </Text>
      </View>
      {props.onRecharge && (
        <View className='so-btn so-btn--primary so-wallet-card__recharge' role='button' tabIndex={0} data-testid='account-recharge' onClick={props.onRecharge}>
          {i18n.t('wallet.recharge')}
        </View>
      )}
    </View>
  )
})

/** One entry of a list of the account page ('Account records  ›'). */
export function EntryRow(props: { label: string; note?: string; testId?: string; onClick(): void }) {
  return (
    <View className='so-wallet-entry' role='button' tabIndex={0} data-testid={props.testId} onClick={props.onClick}>
      <Text className='so-wallet-entry__label'>{props.label}</Text>
      {props.note && <Text className='so-wallet-entry__note'>{props.note}</Text>}
      <View className='so-wallet-chevron' aria-hidden />
    </View>
  )
}

/** A paged list's states around its rows: loading, failed, empty, and the foot (more, end). */
export const RecordList = observer(function RecordList<Row>(props: {
  list: PagedList<Row>
  empty: string
  render(row: Row): JSX.Element
}) {
  const { i18n } = useStores()
  const list = props.list
  if (list.state === 'idle' || list.state === 'loading') return <StateView kind='loading' text={i18n.t('shell.loading')} />
  if (list.state === 'failed') return <StateView kind='failed' text={i18n.t('wallet.recordsFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void list.refresh()} />
  if (list.rows.length === 0) return <StateView kind='empty' text={props.empty} />
  return (
    <View className='so-wallet-records'>
      {list.refreshing && <Text className='so-wallet-records__foot'>{i18n.t('list.refreshing')}</Text>}
      <View className='so-wallet-records__rows' role='list'>
        {list.rows.map((r) => props.render(r))}
      </View>
      <Text className='so-wallet-records__foot' data-testid='records-end'>
        {i18n.t(listFootKey(list, 'wallet.end'))}
      </Text>
    </View>
  )
})

/** One ledger entry: what it was, when, the signed change and what was left after it. */
function LedgerEntry(props: { testId: string; amountTestId: string; afterTestId?: string; kind: string; label: string; date: string; change: string; negative: boolean; after: string }) {
  const { i18n } = useStores()
  return (
    <View className='so-wallet-record' role='listitem' data-testid={props.testId} data-kind={props.kind}>
      <View className='so-wallet-record__main'>
        <Text className='so-wallet-record__kind'>{props.label}</Text>
        <Text className='so-wallet-record__date'>{dateTimeText(props.date, i18n)}</Text>
      </View>
      <View className='so-wallet-record__side'>
        <Text className={`so-wallet-record__amount${props.negative ? '' : ' so-wallet-record__amount--in'}`} data-testid={props.amountTestId}>
          {props.negative ? props.change : `+${props.change}`}
        </Text>
        <Text className='so-wallet-record__after' data-testid={props.afterTestId}>
          {props.after}
        </Text>
      </View>
    </View>
  )
}

/** A balance entry: recharge, gift, spend or refund. */
export const BalanceRecordView = observer(function BalanceRecordView({ row }: { row: BalanceRecordRow }) {
  const { i18n, format } = useStores()
  return (
    <LedgerEntry
      testId='balance-record'
      amountTestId='balance-record-amount'
      afterTestId='balance-record-after'
      kind={row.Kind}
      label={i18n.t(`wallet.kind.${row.Kind}` as MessageKey)}
      date={row.CreatedDate}
      change={format.amount(row.Amount)}
      negative={row.Amount.startsWith('-')}
      after={i18n.t('wallet.balanceAfter', { amount: format.amount(row.BalanceAfter) })}
    />
  )
})

/** A points entry: earned on an order or reversed by its refund. */
export const ScoreRecordView = observer(function ScoreRecordView({ row }: { row: ScoreRecordRow }) {
  const { i18n } = useStores()
  return (
    <LedgerEntry
      testId='score-record'
      amountTestId='score-record-points'
      kind={row.Kind}
      label={i18n.t(`wallet.score.${row.Kind}` as MessageKey)}
      date={row.CreatedDate}
      change={String(row.Score)}
      negative={row.Score < 0}
      after={i18n.t('wallet.scoreAfter', { n: row.ScoreAfter })}
    />
  )
})

/** A recharge option: what is paid, what the balance gets, the gift and its coupons. */
export const RuleCard = observer(function RuleCard(props: { rule: RechargeRuleRow; chosen: boolean; onChoose(): void; /** the group's Tab stop (default yes) */ tabbable?: boolean }) {
  const { wallet, i18n, format } = useStores()
  const r = props.rule
  const gift = Number(r.GiftAmount) > 0
  return (
    <View
      className={`so-wallet-rule${props.chosen ? ' so-wallet-rule--on' : ''}`}
      role='radio'
      tabIndex={props.tabbable === false ? -1 : 0}
      aria-checked={props.chosen}
      data-testid='recharge-rule'
      data-rule-id={r.RuleID}
      onClick={props.onChoose}
    >
      <Text className='so-wallet-rule__get'>{i18n.t('wallet.ruleGet', { amount: format.amount(wallet.creditOf(r)) })}</Text>
      <Text className='so-wallet-rule__pay'>{i18n.t('wallet.rulePay', { amount: format.amount(r.Amount) })}</Text>
      {(gift || r.GiftCouponQua > 0) && (
        <View className='so-wallet-rule__gifts'>
          {gift && <Text className='so-wallet-rule__gift'>{i18n.t('wallet.ruleGift', { amount: format.amount(r.GiftAmount) })}</Text>}
          {r.GiftCouponQua > 0 && <Text className='so-wallet-rule__gift'>{i18n.t('wallet.ruleCoupons', { n: r.GiftCouponQua })}</Text>}
        </View>
      )}
    </View>
  )
})

/** The gift coupons of the chosen rule. */
export const GiftCoupons = observer(function GiftCoupons({ rule }: { rule: RechargeRuleRow }) {
  const { wallet, i18n, format } = useStores()
  if (rule.GiftCouponQua <= 0) return null
  const state = wallet.giftsState[rule.RuleID]
  const coupons: GiftCouponRow[] = wallet.gifts[rule.RuleID] ?? []
  return (
    <View className='so-wallet-section' data-testid='gift-coupons'>
      <Text className='so-wallet-section__title' role='heading' aria-level={2}>
        {i18n.t('wallet.giftCoupons')}
      </Text>
      {state === 'failed' ? (
        <View className='so-wallet-section__note so-wallet-section__retry' role='button' tabIndex={0} onClick={() => void wallet.loadGifts(rule)}>
          {i18n.t('wallet.giftsFailed')} · {i18n.t('common.retry')}
        </View>
      ) : state !== 'ready' ? (
        <Text className='so-wallet-section__note'>{i18n.t('shell.loading')}</Text>
      ) : (
        <View role='list'>
          {coupons.map((c, i) => (
          <View key={`${c.CouponName}-${i}`} className='so-wallet-coupon' role='listitem' data-testid='gift-coupon'>
            <View className='so-wallet-coupon__value'>
              <Text>{format.amount(c.Value)}</Text>
            </View>
            <View className='so-wallet-coupon__main'>
              <Text className='so-wallet-coupon__name'>{c.CouponName}</Text>
              <Text className='so-wallet-coupon__rule'>
                {Number(c.MinAmount) > 0
                  ? i18n.t('wallet.couponMin', { value: format.amount(c.Value), min: format.amount(c.MinAmount) })
                  : i18n.t('wallet.couponNoMin', { value: format.amount(c.Value) })}
              </Text>
              <Text className='so-wallet-coupon__rule'>{i18n.t('wallet.couponValid', { days: c.ValidDays })}</Text>
            </View>
            <Text className='so-wallet-coupon__qua'>× {c.Qua}</Text>
          </View>
          ))}
        </View>
      )}
    </View>
  )
})

/**
 * Paying an order from the balance (paymentTransfer with Pay=balance): paying, then it goes on by
 * itself; or it says why not, with the ways on (recharge, bind a phone, pay online, the order).
 */
export const BalancePayView = observer(function BalancePayView(props: {
  sheetId: string
  onRecharge(): void
  onPayOnline(): void
  onViewOrder(): void
}) {
  const { wallet, i18n, format } = useStores()
  const state = wallet.paySheetId === props.sheetId ? wallet.payState : 'paying'
  if (state === 'paying' || state === 'idle' || state === 'paid') {
    return (
      <View className='so-wallet-pay' data-testid='balance-pay' data-state={state}>
        <View className='so-wallet-pay__spinner' />
        <Text className='so-wallet-pay__text' role='status'>
          {i18n.t('wallet.paying')}
        </Text>
      </View>
    )
  }
  const message =
    state === 'insufficient'
      ? i18n.t('resultcode.20042')
      : state === 'bindPhone'
        ? i18n.t('resultcode.20038')
        : state === 'login'
          ? i18n.t('errcode.10010')
          : wallet.payError || i18n.t('wallet.payFailed')
  return (
    <View className='so-wallet-pay so-wallet-pay--stopped' data-testid='balance-pay' data-state={state} role='alert'>
      <Text className='so-wallet-pay__message' data-testid='balance-pay-message'>
        {message}
      </Text>
      {state === 'insufficient' && wallet.vip && (
        <Text className='so-wallet-pay__note'>{i18n.t('wallet.available', { amount: format.amount(wallet.vip.Balance) })}</Text>
      )}
      <View className='so-wallet-pay__actions'>
        {state === 'insufficient' && (
          <View className='so-btn so-btn--primary' role='button' tabIndex={0} data-testid='balance-pay-recharge' onClick={props.onRecharge}>
            {i18n.t('wallet.recharge')}
          </View>
        )}
        {state === 'bindPhone' && (
          <View className='so-btn so-btn--primary' role='button' tabIndex={0} onClick={() => wallet.askBind()}>
            {i18n.t('wallet.bindPhone')}
          </View>
        )}
        {state === 'login' && (
          <View className='so-btn so-btn--primary' role='button' tabIndex={0} onClick={() => wallet.askLogin()}>
            {i18n.t('wallet.login')}
          </View>
        )}
        {state === 'failed' && (
          <View className='so-btn so-btn--primary' role='button' tabIndex={0} data-testid='balance-pay-retry' onClick={() => void wallet.payOrder(props.sheetId)}>
            {i18n.t('common.retry')}
          </View>
        )}
        {state !== 'notPayable' && (
          <View className='so-btn so-btn--secondary' role='button' tabIndex={0} data-testid='balance-pay-online' onClick={props.onPayOnline}>
            {i18n.t('wallet.payOnline')}
          </View>
        )}
        <View className='so-btn so-btn--secondary' role='button' tabIndex={0} onClick={props.onViewOrder}>
          {i18n.t('order.viewOrder')}
        </View>
      </View>
    </View>
  )
})
