import { View, Text, Image } from '@tarojs/components'
import type { ReactNode } from 'react'
import { observer } from 'mobx-react-lite'
import type { GoodsRow } from '../../../gateway/operations'
import { toDecimal } from '../../../core/money'
import { useStores } from '../../../stores/context'
import { saleTypeLabel } from '../menu-text'
import { marksText } from '../diet-text'
import { firstPicture, lazyPicture } from '../../../hosts/image-alt'
import { picture } from '../../../hosts/picture'
import './GoodsRowView.css'

/** The picture's width, per cent of the window (168 of the 750 design px): a 320 px WebP on a 390 px phone at 3×. */
const ROW_PICTURE_VW = 23

/**
 * One goods in a list: picture, name, sales, price and sale status. The action (stepper or
 * "Choose") comes from the page, which composes the cart; tapping the row opens the details
 * (the name is the row's link for a keyboard or a screen reader; the row itself has no role,
 * so its action is no control nested in another).
 */
export const GoodsRowView = observer(function GoodsRowView(props: {
  goods: GoodsRow
  action: ReactNode
  onOpen(goods: GoodsRow): void
  style?: Record<string, string | number>
  /** One of the rows on screen when the list opens: its picture loads at once, ahead of the rest. */
  first?: boolean
}) {
  const { menu, i18n, format } = useStores()
  const g = props.goods
  const status = menu.statusOf(g.GoodsID)
  // The shop's sold-out switch (heard live, docs/live-events.md): shown like no stock left, no action.
  const soldOut = g.SoldOut === 1
  const orderable = status.isOnSale && !soldOut
  const discounted = toDecimal(g.SalesPrice).lt(toDecimal(g.Price))
  const badge = saleTypeLabel(i18n, g.SaleType)
  return (
    <View
      className={`so-goods${orderable ? '' : ' so-goods--off'}`}
      style={props.style}
      data-testid='goods-row'
      data-goods-code={g.GoodsCode}
      onClick={() => props.onOpen(g)}
    >
      <View className='so-goods__pic'>
        {g.ImageUrl ? <Image className='so-goods__img' mode='aspectFill' {...picture(g.ImageUrl, ROW_PICTURE_VW, props.first ? firstPicture(g.GoodsName) : lazyPicture(g.GoodsName))} /> : <View className='so-goods__img so-goods__img--none' />}
        {badge && <Text className='so-goods__badge'>{badge}</Text>}
      </View>
      <View className='so-goods__body'>
        <View className='so-goods__title'>
          <Text className='so-goods__code'>{g.GoodsCode}</Text>
          {/* The row's way in for a keyboard or a screen reader: Enter presses this link and the
              row's click opens the details, as a tap anywhere on the row does. */}
          <Text className='so-goods__name' role='link' tabIndex={0} data-testid='goods-name'>
            {g.GoodsName}
          </Text>
        </View>
        {orderable ? (
          // Its marks in words first (issue 26: 'Vegetarian · Contains Peanuts'), then how many sold.
          <Text className='so-goods__meta' data-testid='goods-marks'>
            {[marksText(i18n, g), g.SalesQua > 0 ? i18n.t('menu.sold', { n: g.SalesQua }) : ''].filter(Boolean).join(' · ') || ' '}
          </Text>
        ) : soldOut && status.isOnSale ? (
          <Text className='so-goods__off-note' data-testid='sold-out'>
            {i18n.t('cart.soldOut')}
          </Text>
        ) : (
          <Text className='so-goods__off-note' data-testid='sale-status'>
            {i18n.t('menu.onSaleAt', { time: status.startsAt })}
          </Text>
        )}
        <View className='so-goods__foot'>
          <View className='so-goods__prices'>
            <Text className='so-goods__price' data-testid='goods-price'>
              {format.price(g.SalesPrice)}
            </Text>
            {g.Unit && (
              <Text className='so-goods__unit' data-testid='goods-unit'>
                /{g.Unit}
              </Text>
            )}
            {discounted && (
              <Text className='so-goods__was' data-testid='goods-was'>
                {format.price(g.Price)}
              </Text>
            )}
          </View>
          {orderable && <View className='so-goods__action'>{props.action}</View>}
        </View>
      </View>
    </View>
  )
})
