import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { toDecimal } from '../../../core/money'
import { useStores } from '../../../stores/context'
import './CartBar.css'

/**
 * The basket with how many are in the cart: a button to the cart (named with the count, so a
 * screen reader hears it too). Inside the cart bar, and alone in goods details' one bottom bar.
 */
export const CartButton = observer(function CartButton(props: { shopId: string; baseId: string; onOpen(): void; className?: string; testId?: string }) {
  const { cart, i18n, format } = useStores()
  const count = cart.count(props.shopId, props.baseId)
  const empty = toDecimal(count).lte(0)
  return (
    <View
      className={`so-cartbar__icon${empty ? ' so-cartbar__icon--empty' : ''}${props.className ? ` ${props.className}` : ''}`}
      role='button'
      tabIndex={0}
      aria-label={empty ? i18n.t('cart.open') : i18n.t('cart.openCount', { n: format.quantity(count) })}
      aria-disabled={empty}
      data-testid={props.testId ?? 'cart-open'}
      onClick={() => !empty && props.onOpen()}
    >
      <View className='so-cartbar__basket' />
      {!empty && (
        <Text className='so-cartbar__count' data-testid='cart-count'>
          {format.quantity(count)}
        </Text>
      )}
    </View>
  )
})

/** The bar under goodsList and search: how many, how much, and the way to the cart. */
export const CartBar = observer(function CartBar(props: { shopId: string; baseId: string; onOpen(): void }) {
  const { cart, i18n, format } = useStores()
  const count = cart.count(props.shopId, props.baseId)
  const empty = toDecimal(count).lte(0)
  return (
    <View className={`so-cartbar${empty ? ' so-cartbar--empty' : ''}`} data-testid='cart-bar'>
      <CartButton shopId={props.shopId} baseId={props.baseId} onOpen={props.onOpen} />
      {/* Said when it changes: what is in the cart and what it comes to. */}
      <View className='so-cartbar__sum' aria-live='polite'>
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
        tabIndex={0}
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
