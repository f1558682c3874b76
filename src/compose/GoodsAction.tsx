/**
 * Where the menu meets the cart (features do not import each other; pages and this layer join
 * them): the action on a goods row. Goods without choices get a stepper that adds straight to
 * the cart; goods with choices get "Choose", which opens goodsDetails.
 */
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { GoodsRow } from '../gateway/operations'
import { toDecimal } from '../core/money'
import { useStores } from '../stores/context'
import { plainGoods, plainLine } from '../features/menu/menu-lines'
import { Stepper } from '../ui/Stepper'
import './GoodsAction.css'

export const GoodsAction = observer(function GoodsAction(props: { goods: GoodsRow; onChoose(goods: GoodsRow): void }) {
  const { cart, session, i18n, format } = useStores()
  const g = props.goods
  const scope = { ShopID: session.params.ShopID, BaseID: session.params.BaseID }
  const qua = cart.goodsQuantity(g.GoodsID, scope.ShopID, scope.BaseID)
  const inCart = toDecimal(qua).gt(0)
  if (g.HasOptions === 1) {
    // The count sits on the button's corner but outside it: the button's name says it in words.
    return (
      <View className='so-choose-wrap'>
        <View
          className='so-choose'
          role='button'
          tabIndex={0}
          aria-label={inCart ? i18n.t('menu.chooseLabelCount', { name: g.GoodsName, n: format.quantity(qua) }) : i18n.t('menu.chooseLabel', { name: g.GoodsName })}
          data-testid='goods-choose'
          onClick={(e) => {
            e.stopPropagation()
            props.onChoose(g)
          }}
        >
          <Text className='so-choose__text'>{i18n.t('menu.choose')}</Text>
        </View>
        {inCart && (
          <Text className='so-choose__count' aria-hidden>
            {format.quantity(qua)}
          </Text>
        )}
      </View>
    )
  }
  const entry = cart.entriesFor(scope.ShopID, scope.BaseID).find((e) => e.goodsDetails.GoodsID === g.GoodsID)
  const line = entry?.lines[0]
  return (
    <Stepper
      testId='goods-stepper'
      value={format.quantity(qua)}
      collapsed={!inCart}
      increaseLabel={i18n.t('menu.addOne', { name: g.GoodsName })}
      decreaseLabel={i18n.t('menu.removeOne', { name: g.GoodsName })}
      onIncrease={() => (line ? cart.increaseLine(line.uid) : cart.add(plainGoods(g, scope), [plainLine(g)]))}
      // The row has no room for the hint: the + dims at the cap, and the cart says why.
      canIncrease={line ? cart.canIncreaseLine(line.uid) : true}
      onDecrease={() => line && cart.decreaseLine(line.uid)}
    />
  )
})
