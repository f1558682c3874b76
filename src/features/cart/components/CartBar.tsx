import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { toDecimal } from '../../../core/money'
import { useStores } from '../../../stores/context'
import './CartBar.css'

/** The bar under goodsList, search and goodsDetails: how many, how much, and the way to the cart. */
export const CartBar = observer(function CartBar(props: { shopId: string; baseId: string; onOpen(): void }) {
  const { cart, i18n, format } = useStores()
  const count = cart.count(props.shopId, props.baseId)
  const empty = toDecimal(count).lte(0)
  return (
    <View className={`so-cartbar${empty ? ' so-cartbar--empty' : ''}`} data-testid='cart-bar'>
      <View
        className='so-cartbar__icon'
        role='button'
        aria-label={i18n.t('cart.open')}
        onClick={() => !empty && props.onOpen()}
      >
        <View className='so-cartbar__basket' />
        {!empty && (
          <Text className='so-cartbar__count' data-testid='cart-count'>
            {format.quantity(count)}
          </Text>
        )}
      </View>
      <View className='so-cartbar__sum'>
        {empty ? (
          <Text className='so-cartbar__hint'>{i18n.t('cart.emptyHint')}</Text>
        ) : (
          <Text className='so-cartbar__total' data-testid='cart-total'>
            {format.amount(cart.total(props.shopId, props.baseId))}
          </Text>
        )}
      </View>
      <View
        className='so-cartbar__go'
        role='button'
        aria-disabled={empty}
        data-testid='cart-go'
        onClick={() => !empty && props.onOpen()}
      >
        {i18n.t('cart.go')}
      </View>
    </View>
  )
})

/** Room under a page's content so the fixed cart bar never covers it. */
export const CartBarSpacer = () => <View className='so-cartbar-spacer' />
