import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, type ReactNode } from 'react'
import { isGoodsLine, type OrderLineRow, type OrderRow } from '../../../gateway/order-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { useStores } from '../../../stores/context'
import { toDecimal } from '../../../core/money'
import { isTableBill } from '../../../core/reorder'
import { packHolds } from '../../../ui/pack-label'
import { unitForCount } from '../../../i18n/plural'
import type { Locale } from '../../../gateway/contract'
import { lineChoices, serviceLabel, statusLabel, statusNote, statusTone } from './order-texts'
import { dateTimeText } from '../../../i18n/dates'
import './OrderViews.css'

/** Sale type 5 (spec §3): the coupon's discount line of an order. */

/** Views that act as controls take focus (Taro's View props do not list tabIndex; H5 passes it on). */
export const focusable = { tabIndex: 0 } as Record<string, unknown>

/**
 * The status label, coloured by how far the order has come. `live`: a change is read out (the
 * order on show: 'Ready for pickup' arriving while the diner waits), not on every card of a list.
 */
export const StatusTag = observer(function StatusTag({ status, payMode, testId = 'order-status', live }: { status: number; payMode?: string; testId?: string; live?: boolean }) {
  const { i18n } = useStores()
  return (
    <View className={`so-status so-status--${statusTone(status)}`} role={live ? 'status' : undefined} data-testid={testId} data-status={status}>
      {statusLabel(i18n.t, status, payMode)}
    </View>
  )
})

/** One order in the list: where, status, pickup number, what and how much, when. */
export const OrderCard = observer(function OrderCard(props: { order: OrderRow; onOpen(): void; onPay(): void }) {
  const { i18n, format } = useStores()
  const o = props.order
  // A branch's name already says whose it is ('Lotus Tea House (Taipa)').
  const place = o.BaseName || o.ShopName
  return (
    // The card opens the order on a tap anywhere; its upper part is the button a keyboard or a screen
    // reader finds (Pay now sits beside it, not inside: no button in a button).
    <View className='so-order-card' data-testid='order-row' data-sheet-id={o.SheetID} onClick={props.onOpen}>
      <View className='so-order-card__open' role='button' {...focusable}>
        <View className='so-order-card__head'>
          <Text className='so-order-card__place'>{place}</Text>
          <StatusTag status={o.Status} payMode={o.PayMode} />
        </View>
        <View className='so-order-card__body'>
          {o.PickupNo && o.ServiceType !== 'delivery' ? (
            <View className='so-order-card__pickup'>
              <Text className='so-order-card__pickup-label'>{i18n.t('order.pickupNo')}</Text>
              <Text className='so-order-card__pickup-no' data-testid='order-row-pickup'>
                {o.PickupNo}
              </Text>
            </View>
          ) : (
            <View className='so-order-card__service'>
              <Text className='so-order-card__service-name' data-testid='order-row-service'>
                {/* issue 27 item 3: a table's bill, paid for the whole table, says so (its rounds are listed too). */}
                {isTableBill(o) ? i18n.t('order.tableBill') : serviceLabel(i18n.t, o.ServiceType)}
              </Text>
              {o.TableName && o.ServiceType !== 'delivery' && <Text className='so-order-card__table'>{o.TableName}</Text>}
            </View>
          )}
          <View className='so-order-card__what'>
            <Text className='so-order-card__items'>{o.LineCount === 1 ? i18n.t('order.oneItem') : i18n.t('order.items', { n: o.LineCount })}</Text>
            <Text className='so-order-card__amount' data-testid='order-row-amount'>
              {format.amount(o.Amount)}
            </Text>
          </View>
        </View>
      </View>
      <View className='so-order-card__foot'>
        <Text className='so-order-card__time' data-testid='order-row-time'>
          {dateTimeText(o.CreatedDate, i18n)}
        </Text>
        {o.CanPay === 1 && (
          <View
            className='so-btn so-btn--primary so-btn--small'
            role='button'
            {...focusable}
            data-testid='order-row-pay'
            onClick={(e) => {
              e.stopPropagation()
              props.onPay()
            }}
          >
            {i18n.t('order.pay')}
          </View>
        )}
      </View>
    </View>
  )
})

/** The top of an order: status, the pickup number big and clear, and what happens next. */
export const OrderHero = observer(function OrderHero(props: {
  order: OrderRow
  title?: string
  pickupTestId?: string
  /** The title takes focus as the page opens (the payment's result: read out first). */
  focusTitle?: boolean
  children?: ReactNode
}) {
  const { i18n } = useStores()
  const o = props.order
  const titleRef = useRef<unknown>(null)
  const focusTitle = props.focusTitle && !!props.title
  useEffect(() => {
    if (focusTitle) (titleRef.current as { focus?: () => void } | null)?.focus?.()
  }, [focusTitle])
  const note = statusNote(i18n.t, o, i18n.locale)
  // A delivery is brought to the diner: no pickup number to wait for.
  const delivery = o.ServiceType === 'delivery'
  return (
    <View className={`so-order-hero so-order-hero--${statusTone(o.Status)}`}>
      {props.title && (
        <Text
          ref={titleRef as never}
          className='so-order-hero__title'
          {...({ role: 'heading', 'aria-level': 1, ...(focusTitle ? { tabIndex: -1 } : {}) } as Record<string, unknown>)}
          data-testid='order-hero-title'
        >
          {props.title}
        </Text>
      )}
      <StatusTag status={o.Status} payMode={o.PayMode} live />
      {delivery ? null : o.PickupNo ? (
        <View className='so-order-hero__pickup'>
          <Text className='so-order-hero__pickup-label'>{i18n.t('order.pickupNo')}</Text>
          <Text className='so-order-hero__pickup-no' data-testid={props.pickupTestId ?? 'pickup-number'}>
            {o.PickupNo}
          </Text>
        </View>
      ) : (
        o.PayMode === 'prepay' &&
        o.Status === 0 && <Text className='so-order-hero__later'>{i18n.t('order.pickupLater')}</Text>
      )}
      {note && (
        <View className='so-order-hero__note' role='status' data-testid='order-note'>
          {note}
        </View>
      )}
      {props.children}
    </View>
  )
})

/** '2 bowls', '1 Basket of 4', '2 碗': the count with its unit, in the plural where the language has one (issue 27 item 15). */
export function quantityText(line: OrderLineRow, quantity: (v: string) => string, locale: Locale): string {
  if (line.PCode || line.PUnit) return `${quantity(line.PQua)} ${unitForCount(locale, line.PQua, line.PUnit)}`
  return `${quantity(line.MQua)}${line.Unit ? ` ${unitForCount(locale, line.MQua, line.Unit)}` : ''}`
}

/**
 * One ordered line: the goods, everything chosen with it (spec, remarks, add-ons, combo picks),
 * the quantity in its unit ('× 1 Basket of 4') and the amount. `children`: controls beside it.
 */
export const OrderLineItem = observer(function OrderLineItem(props: { line: OrderLineRow; testId?: string; children?: ReactNode }) {
  const { format, i18n } = useStores()
  const l = props.line
  // The pack unit is named with the quantity; what it holds only when its name does not say it.
  const choices = lineChoices(l, l.PUnit ? packHolds(i18n, l.PUnit, format.quantity(l.Ref), l.Unit) : '')
  return (
    <View className='so-order-line' data-testid={props.testId ?? 'order-line'}>
      <View className='so-order-line__main'>
        <Text className='so-order-line__name' data-testid='order-line-name'>
          {l.GoodsName}
        </Text>
        {choices && (
          <Text className='so-order-line__choices' data-testid='order-line-choices'>
            {choices}
          </Text>
        )}
      </View>
      <Text className='so-order-line__qua' data-testid='order-line-qua'>
        × {quantityText(l, (v) => format.quantity(v), i18n.locale)}
      </Text>
      <Text className='so-order-line__amount'>{format.amount(l.Amount)}</Text>
      {props.children}
    </View>
  )
})

/** The lines (by round for a table's order) and the totals. */
export const OrderLines = observer(function OrderLines(props: { order: OrderRow; lines: OrderLineRow[] }) {
  const { i18n, format } = useStores()
  const o = props.order
  // The coupon's discount line (SaleType 5) is no goods: it is shown with the totals, by its name and saving.
  const goodsLines = props.lines.filter(isGoodsLine)
  const rounds = [...new Set(goodsLines.map((l) => l.RoundNo))].sort((a, b) => a - b)
  const showRounds = rounds.length > 1 || (rounds[0] ?? 0) > 0
  const hasBag = o.BagQua > 0 || toDecimal(o.BagFee).gt(0)
  const hasFreight = toDecimal(o.Freight).gt(0)
  const paid = toDecimal(o.PaidAmount).gt(0)
  const refunded = toDecimal(o.RefundedAmount || '0').gt(0)
  const coupon = toDecimal(o.CouponAmount || '0').gt(0)
  return (
    <View className='so-order-lines'>
      {o.Remarks && (
        <Text className='so-order-lines__remark' data-testid='order-remark'>
          {i18n.t('sheet.remark', { text: o.Remarks })}
        </Text>
      )}
      {rounds.map((round) => (
        <View key={round}>
          {showRounds && <Text className='so-order-lines__round'>{i18n.t('order.round', { n: round })}</Text>}
          {goodsLines
            .filter((l) => l.RoundNo === round)
            .map((l) => (
              <OrderLineItem key={`${l.SheetID}-${l.LineNo}`} line={l} />
            ))}
        </View>
      ))}
      <View className='so-order-totals'>
        {(hasBag || hasFreight || coupon) && <Row label={i18n.t('order.goodsAmount')} value={format.amount(o.GoodsAmount)} />}
        {hasBag && <Row label={`${i18n.t('order.bagFee')} × ${o.BagQua}`} value={format.amount(o.BagFee)} />}
        {hasFreight && <Row label={i18n.t('order.freight')} value={format.amount(o.Freight)} />}
        {coupon && (
          <Row
            label={o.CouponName ? `${i18n.t('coupon.row')} · ${o.CouponName}` : i18n.t('coupon.row')}
            value={i18n.t('coupon.off', { amount: format.amount(o.CouponAmount) })}
            testId='order-coupon'
          />
        )}
        <View className='so-order-totals__total'>
          <Text className='so-order-totals__total-label'>{i18n.t('order.total')}</Text>
          <Text className='so-order-totals__total-value' data-testid='order-total'>
            {format.amount(o.Amount)}
          </Text>
        </View>
        {paid && <Row label={i18n.t('order.paidAmount')} value={format.amount(o.PaidAmount)} testId='order-paid' />}
        {refunded && <Row label={i18n.t('order.refundedAmount')} value={`−${format.amount(o.RefundedAmount)}`} testId='order-refunded' />}
      </View>
    </View>
  )
})

function Row(props: { label: string; value: string; testId?: string }) {
  return (
    <View className='so-order-totals__row'>
      <Text className='so-order-totals__label'>{props.label}</Text>
      <Text className='so-order-totals__value' data-testid={props.testId}>
        {props.value}
      </Text>
    </View>
  )
}

/** A delivery's distance: metres under 1 km, else km with one decimal ('850 m', '2.4 km'). */
export function distanceText(t: (key: MessageKey, params?: Record<string, string | number>) => string, metres: number): string {
  const m = Math.max(0, Math.round(metres))
  return m < 1000 ? t('address.metres', { m }) : t('address.km', { km: (Math.round(m / 100) / 10).toFixed(1) })
}

/** Order number, store, table, service, times, remarks. */
export const OrderFacts = observer(function OrderFacts({ order: o }: { order: OrderRow }) {
  const { i18n } = useStores()
  const facts: [string, string, string?][] = [
    [i18n.t('order.sheetNo'), o.SheetID, 'order-sheet-id'],
    [i18n.t('order.store'), o.BaseName || o.ShopName],
    [i18n.t('order.service'), serviceLabel(i18n.t, o.ServiceType)]
  ]
  const delivery = o.ServiceType === 'delivery'
  // A delivery goes to the diner: where and to whom, not a table.
  if (o.TableName && !delivery) facts.push([i18n.t('order.table'), o.TableName])
  if (delivery) {
    facts.push([i18n.t('checkout.contact'), o.Contact, 'order-contact'])
    facts.push([i18n.t('checkout.phone'), o.Phone, 'order-phone'])
    // The address as it was when ordered (issue 16: the order keeps its own snapshot): region, then the rest.
    if (o.RegionName) facts.push([i18n.t('address.region'), o.RegionName, 'order-region'])
    facts.push([i18n.t('checkout.address'), o.Address, 'order-address'])
    if (typeof o.DeliveryDistance === 'number' && o.DeliveryDistance >= 0) facts.push([i18n.t('address.distance'), distanceText(i18n.t, o.DeliveryDistance), 'order-distance'])
  }
  if (o.PayMode === 'prepay' || o.AppointedTime) {
    facts.push([i18n.t('order.appointed'), o.AppointedTime ? dateTimeText(o.AppointedTime, i18n) : i18n.t('order.asap'), 'order-appointed'])
  }
  facts.push([i18n.t('order.createdAt'), dateTimeText(o.CreatedDate, i18n)])
  if (o.PaidDate) facts.push([i18n.t('order.paidAt'), dateTimeText(o.PaidDate, i18n)])
  return (
    <View className='so-order-facts'>
      {facts.map(([label, value, testId]) => (
        <View key={label} className='so-order-facts__row'>
          <Text className='so-order-facts__label'>{label}</Text>
          <Text className='so-order-facts__value' data-testid={testId}>
            {value}
          </Text>
        </View>
      ))}
    </View>
  )
})
