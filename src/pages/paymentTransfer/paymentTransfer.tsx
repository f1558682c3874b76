import { View, Text } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { statusLabel } from '../../features/orders/components/order-texts'
import { toDecimal } from '../../core/money'
import { BalancePayView } from '../../features/wallet/components/WalletViews'
import '../../features/wallet/components/WalletViews.css'
import '../../features/orders/components/OrderViews.css'
import './paymentTransfer.css'
import { focusable } from '../../features/orders/components/OrderViews'

/**
 * Payment transfer (spec §2): the order's amount and payee, then off to the payment provider's
 * page, or the host's own cashier where it has one (then the paying page asks the server). Where that is not possible, or the shop takes no online payment, it says so plainly.
 * With Pay=balance (a member chose the balance) the order is paid from the balance instead, once
 * the diner confirmed the amount and the balance after it, on this page; cancelling pays nothing and goes back.
 */
function PaymentTransfer() {
  const { payment, wallet, orders, i18n, host, format } = useStores()
  const params = useRouter().params
  const sheetId = params.SheetID ?? ''
  const byBalance = params.Pay === 'balance'
  /**
   * Paying from the balance (issue 12 item 13): 'loading' the amount and the balance, 'confirm'
   * asks the diner with both (nothing is paid before), 'paying' once confirmed (or when the
   * balance is short or unknown: BalancePay then says why, paying nothing).
   */
  const [step, setStep] = useState<'loading' | 'confirm' | 'paying'>(byBalance ? 'loading' : 'paying')
  const questionRef = useRef<unknown>(null)
  useEffect(() => {
    if (step === 'confirm') (questionRef.current as { focus?: () => void } | null)?.focus?.()
  }, [step])

  const prepareBalancePay = async () => {
    await Promise.all([orders.loadDetail(sheetId), wallet.loadAccount(true)])
    const order = orders.detailOf(sheetId)?.order
    const balance = wallet.balance
    if (order && order.CanPay === 1 && balance && !toDecimal(balance).lessThan(toDecimal(order.Amount))) {
      setStep('confirm')
      return
    }
    payFromBalance()
  }

  const payFromBalance = () => {
    setStep('paying')
    void wallet.payOrder(sheetId)
  }

  /** Nothing is paid: back to the order or the table it came from, else to the unpaid order. */
  const cancelBalancePay = () => {
    const pages = Taro.getCurrentPages()
    const previous = pages.length > 1 ? `/${(pages[pages.length - 2].route ?? '').replace(/^\//, '')}` : ''
    if (previous === ROUTES.orderEntry || previous === ROUTES.orderDetails('')) host.navigateBack(ROUTES.orderDetails(sheetId))
    else host.redirectTo(ROUTES.orderDetails(sheetId))
  }

  useSessionPage(() => void (byBalance ? prepareBalancePay() : payment.transfer(sheetId)))
  usePageTitle(i18n.t('page.paymentTransfer'))

  const heading = (
    <Text className='so-sr-only' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
      {i18n.t('page.paymentTransfer')}
    </Text>
  )

  const balancePaid = byBalance && wallet.paySheetId === sheetId && wallet.payState === 'paid'
  useEffect(() => {
    if (balancePaid) host.redirectTo(ROUTES.paymentResult(sheetId))
  }, [balancePaid, sheetId, host])

  const state = payment.transferSheetId === sheetId ? payment.transferState : 'checking'
  const payId = payment.transferSheetId === sheetId ? (payment.payment?.PayID ?? '') : ''
  useEffect(() => {
    if (state === 'paid') host.redirectTo(ROUTES.paymentResult(sheetId))
    // The host's cashier is done: the paying page asks the server what happened (never the cashier's word).
    if (state === 'toPaying') {
      host.redirectTo(ROUTES.paying({ SheetID: sheetId, PayID: payId }))
      payment.transferShown()
    }
    // Left the cashier: back on the order, which can still be paid.
    if (state === 'cancelled') {
      host.toast(i18n.t('pay.cashierCancelled'))
      host.redirectTo(ROUTES.orderDetails(sheetId))
      payment.transferShown()
    }
  }, [state, sheetId, payId, host, i18n, payment])

  if (byBalance && step !== 'paying') {
    const order = orders.detailOf(sheetId)?.order
    const after = order && wallet.balance ? toDecimal(wallet.balance).minus(toDecimal(order.Amount)).toFixed() : ''
    return (
      <View className='so-transfer' data-testid='payment-transfer' data-state={step === 'confirm' ? 'confirm-balance' : 'loading'}>
        {heading}
        <View className='so-transfer__card'>
          <Text className='so-transfer__label'>{i18n.t('pay.amount')}</Text>
          <Text className='so-transfer__amount' data-testid='transfer-amount'>
            {order ? format.amount(order.Amount) : ' '}
          </Text>
        </View>
        {step === 'confirm' && order ? (
          <View className='so-transfer__stop' role='group' aria-label={i18n.t('wallet.payFromBalance')} data-testid='balance-confirm'>
            {/* The question takes focus as it appears: a screen reader reads it, Tab reaches its two answers. */}
            <Text ref={questionRef as never} className='so-transfer__message' {...({ tabIndex: -1 } as Record<string, unknown>)}>
              {i18n.t('pay.balanceConfirm', { amount: format.amount(order.Amount), after: format.amount(after) })}
            </Text>
            <View className='so-transfer__choices'>
              <View className='so-btn so-btn--secondary' role='button' {...focusable} data-testid='balance-confirm-cancel' onClick={cancelBalancePay}>
                {i18n.t('common.cancel')}
              </View>
              <View className='so-btn so-btn--primary' role='button' {...focusable} data-testid='balance-confirm-pay' onClick={payFromBalance}>
                {i18n.t('pay.balanceConfirmYes')}
              </View>
            </View>
          </View>
        ) : (
          <View className='so-transfer__busy' aria-busy>
            <View className='so-transfer__spinner' />
          </View>
        )}
      </View>
    )
  }

  if (byBalance) {
    return (
      <View className='so-transfer' data-testid='payment-transfer' data-state='balance'>
        {heading}
        <BalancePayView
          sheetId={sheetId}
          onRecharge={() => host.navigateTo(ROUTES.vipBalanceRecharge)}
          onPayOnline={() => host.redirectTo(ROUTES.paymentTransfer(sheetId))}
          onViewOrder={() => host.redirectTo(ROUTES.orderDetails(sheetId))}
        />
      </View>
    )
  }

  const order = payment.transferSheetId === sheetId ? payment.order : null
  const account = payment.transferSheetId === sheetId ? payment.account : null
  const busy = state === 'idle' || state === 'checking' || state === 'leaving' || state === 'inCashier' || state === 'toPaying' || state === 'cancelled' || state === 'paid'

  let message = ''
  switch (state) {
    case 'notPayable':
      message = payment.transferError || i18n.t('pay.notPayable', { status: order ? statusLabel(i18n.t, order.Status) : '' })
      break
    case 'noAccount':
      message = i18n.t('resultcode.20020')
      break
    case 'unsupported':
      message = i18n.t('pay.unsupported')
      break
    case 'cashierFailed':
      message = i18n.t('pay.cashierFailed')
      break
    case 'failed':
      message = payment.transferError || i18n.t('pay.failed')
      break
  }

  return (
    <View className='so-transfer' data-testid='payment-transfer' data-state={state}>
      {heading}
      <View className='so-transfer__card'>
        <Text className='so-transfer__label'>{i18n.t('pay.amount')}</Text>
        <Text className='so-transfer__amount' data-testid='transfer-amount'>
          {order ? format.amount(order.Amount) : ' '}
        </Text>
        {account && (
          <View className='so-transfer__payee'>
            <Text className='so-transfer__payee-label'>{i18n.t('pay.payee')}</Text>
            <Text className='so-transfer__payee-name'>{account.AccountName}</Text>
          </View>
        )}
      </View>
      {busy ? (
        <View className='so-transfer__busy' aria-busy>
          <View className='so-transfer__spinner' />
          <Text className='so-transfer__busy-text' data-testid='transfer-busy'>
            {i18n.t(state === 'leaving' ? 'pay.leaving' : state === 'inCashier' ? 'pay.inCashier' : 'pay.preparing')}
          </Text>
        </View>
      ) : (
        <View className='so-transfer__stop'>
          <View className='so-transfer__message' role='alert' data-testid='transfer-message'>
            {message}
          </View>
          {(state === 'failed' || state === 'cashierFailed') && (
            <View className='so-btn so-btn--primary' role='button' {...focusable} data-testid='transfer-retry' onClick={() => void payment.transfer(sheetId)}>
              {i18n.t('common.retry')}
            </View>
          )}
          <View className='so-btn so-btn--secondary' role='button' {...focusable} data-testid='transfer-view-order' onClick={() => host.redirectTo(ROUTES.orderDetails(sheetId))}>
            {i18n.t('order.viewOrder')}
          </View>
        </View>
      )}
    </View>
  )
}

export default observer(PaymentTransfer)
