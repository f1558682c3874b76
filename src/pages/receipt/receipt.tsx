import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { AFTER_SALE, receiptModel } from '../../core/receipt'
import { lineChoices, serviceLabel } from '../../features/orders/components/order-texts'
import { dateTimeText } from '../../i18n/dates'
import { focusable, quantityText } from '../../features/orders/components/OrderViews'
import { canPrint, printPage } from '../../hosts/print'
import { StateView } from '../../ui/StateView'
import { ROUTES } from '../../features/shell/routes'
import type { OrderLineRow } from '../../gateway/order-rows'
import './receipt.css'

/** PAYMENT_STATUS / ORDER_STATUS values this page reads. */
const BALANCE = 'balance'
const PAID_STATUSES: readonly number[] = [1, 2, 5]

/**
 * issue 17: after — the order as a receipt a diner can screenshot or print: shop and branch,
 * address, order and pickup numbers, time, every line with its choices and amount, bags,
 * delivery fee, coupon, total, how it was paid and what was refunded. On H5 a Print button opens
 * the browser's print dialog; the print styles leave only the receipt.
 */
function Receipt() {
  const { orders, i18n, format, member, host } = useStores()
  const sheetId = useRouter().params.SheetID ?? ''
  useSessionPage(() => {
    void orders.loadDetail(sheetId).then(() => {
      const baseId = orders.detailOf(sheetId)?.order.BaseID
      if (baseId) void orders.loadBranch(baseId)
      if (member.signedIn) void orders.loadAfterSaleRefunds(sheetId)
    })
  })
  usePageTitle(i18n.t('page.receipt'))

  const detail = orders.detailOf(sheetId)
  const state = orders.detailState[sheetId] ?? 'loading'
  if (!detail) {
    if (state === 'failed') {
      return (
        <StateView
          kind='failed'
          text={orders.detailError[sheetId] || i18n.t(orders.detailMissing[sheetId] ? 'resultcode.20016' : 'order.loadFailed')}
          // An order the server does not know (an odd link): no Retry, the way Home (issue 27 item 12).
          retryLabel={orders.detailMissing[sheetId] ? undefined : i18n.t('common.retry')}
          onRetry={() => void orders.loadDetail(sheetId)}
          wayOnLabel={i18n.t('entryProblem.continue')}
          onWayOn={() => host.reLaunch(ROUTES.home)}
        />
      )
    }
    return <StateView kind='loading' text={i18n.t('shell.loading')} />
  }
  const { order } = detail
  if (!PAID_STATUSES.includes(order.Status)) return <StateView kind='empty' text={i18n.t('receipt.notPaid')} />

  const model = receiptModel(order, detail.lines, detail.payments, orders.afterSaleRefunds[sheetId] ?? [])
  const branch = orders.branches[order.BaseID]
  const provider = (p: string) => (p === BALANCE ? i18n.t('receipt.balance') : p === AFTER_SALE ? i18n.t('after.afterSale') : i18n.t('receipt.online'))
  const qua = (l: OrderLineRow) => quantityText(l, (v) => format.quantity(v), i18n.locale)
  const row = (label: string, value: string, testId?: string, strong = false) => (
    <View className={`so-receipt__row${strong ? ' so-receipt__row--strong' : ''}`} key={label}>
      <Text className='so-receipt__label'>{label}</Text>
      <Text className='so-receipt__value' data-testid={testId}>
        {value}
      </Text>
    </View>
  )
  const place = order.BaseName && order.ShopName && !order.BaseName.includes(order.ShopName) ? `${order.ShopName} · ${order.BaseName}` : order.BaseName || order.ShopName

  return (
    <View className='so-receipt-page'>
      <View className='so-receipt' role='region' aria-label={i18n.t('page.receipt')} data-testid='receipt'>
        <Text className='so-receipt__shop' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)} data-testid='receipt-place'>
          {place}
        </Text>
        {branch?.Address && (
          <Text className='so-receipt__address' data-testid='receipt-address'>
            {branch.Address}
          </Text>
        )}
        {branch?.Phone && (
          <Text className='so-receipt__address' data-testid='receipt-phone'>
            {i18n.t('receipt.phone', { phone: branch.Phone })}
          </Text>
        )}
        {order.PickupNo && order.ServiceType !== 'delivery' && (
          <View className='so-receipt__pickup'>
            <Text className='so-receipt__pickup-label'>{i18n.t('order.pickupNo')}</Text>
            <Text className='so-receipt__pickup-no' data-testid='receipt-pickup'>
              {order.PickupNo}
            </Text>
          </View>
        )}
        <View className='so-receipt__block'>
          {row(i18n.t('order.sheetNo'), order.SheetID, 'receipt-sheet-id')}
          {row(i18n.t('order.service'), serviceLabel(i18n.t, order.ServiceType))}
          {order.TableName && (order.ServiceType === 'dinein' || order.ServiceType === 'fastfood') ? row(i18n.t('order.table'), order.TableName) : null}
          {row(i18n.t('order.createdAt'), dateTimeText(order.CreatedDate, i18n), 'receipt-time')}
          {order.PaidDate ? row(i18n.t('order.paidAt'), dateTimeText(order.PaidDate, i18n)) : null}
          {order.ServiceType === 'delivery' && order.Address ? row(i18n.t('checkout.address'), order.Address) : null}
        </View>
        <View className='so-receipt__block' role='list' aria-label={i18n.t('receipt.items')}>
          {model.goods.map((l) => {
            const choices = lineChoices(l)
            return (
              <View className='so-receipt__line' role='listitem' key={l.LineNo} data-testid='receipt-line'>
                <View className='so-receipt__line-main'>
                  <Text className='so-receipt__line-name'>{l.GoodsName}</Text>
                  {choices && <Text className='so-receipt__line-choices'>{choices}</Text>}
                </View>
                <Text className='so-receipt__line-qua'>× {qua(l)}</Text>
                <Text className='so-receipt__line-amount'>{format.amount(l.Amount)}</Text>
              </View>
            )
          })}
        </View>
        <View className='so-receipt__block'>
          {(model.bags || model.freight || model.coupon) && row(i18n.t('order.goodsAmount'), format.amount(order.GoodsAmount))}
          {model.bags && row(`${i18n.t('order.bagFee')} × ${model.bags.qua}`, format.amount(model.bags.fee), 'receipt-bags')}
          {model.freight && row(i18n.t('order.freight'), format.amount(model.freight), 'receipt-freight')}
          {model.coupon &&
            row(
              model.coupon.name ? `${i18n.t('coupon.row')} · ${model.coupon.name}` : i18n.t('coupon.row'),
              i18n.t('coupon.off', { amount: format.amount(model.coupon.off) }),
              'receipt-coupon'
            )}
          {row(i18n.t('order.total'), format.amount(model.total), 'receipt-total', true)}
        </View>
        <View className='so-receipt__block'>
          {row(i18n.t('order.paidAmount'), format.amount(order.PaidAmount), 'receipt-paid-amount')}
        </View>
        {(model.paidBy.length > 0 || model.refunds.length > 0) && (
          <View className='so-receipt__block'>
            {model.paidBy.map((p, i) => (
              <View className='so-receipt__row' key={`paid-${i}`}>
                <Text className='so-receipt__label'>{`${i18n.t('receipt.paidBy')} · ${provider(p.provider)}`}</Text>
                <Text className='so-receipt__value' data-testid='receipt-paid'>
                  {format.amount(p.amount)}
                </Text>
              </View>
            ))}
            {model.refunds.map((p, i) => (
              <View className='so-receipt__row' key={`refund-${i}`}>
                <Text className='so-receipt__label'>{`${i18n.t('receipt.refunded')} · ${provider(p.provider)}`}</Text>
                <Text className='so-receipt__value' data-testid='receipt-refund'>
                  {`−${format.amount(p.amount)}`}
                </Text>
              </View>
            ))}
            {model.refundTotal && model.refunds.length > 1 && row(i18n.t('receipt.refundTotal'), format.amount(model.refundTotal))}
          </View>
        )}
        <Text className='so-receipt__thanks'>{i18n.t('receipt.thanks')}</Text>
      </View>
      {canPrint() && (
        <View
          className='so-btn so-btn--primary so-receipt__print'
          role='button'
          aria-label={i18n.t('receipt.printAria')}
          {...focusable}
          data-testid='receipt-print'
          onClick={() => printPage()}
        >
          {i18n.t('receipt.print')}
        </View>
      )}
    </View>
  )
}

export default observer(Receipt)
