import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import { CartView } from './CartView'
import './CartPage.css'

/**
 * The cart page of one payment mode (spec §1): postpay at a dine-in table, where the order is
 * sent first and paid after the meal; prepay everywhere else, paid before the kitchen starts.
 * The bar at the bottom holds the total and Checkout.
 */
export const CartPage = observer(function CartPage(props: { mode: 'postpay' | 'prepay'; onBrowse(): void; onCheckout(): void }) {
  const { session, i18n, cart, format } = useStores()
  const empty = cart.isEmpty(session.params.ShopID, session.params.BaseID)
  const postpay = props.mode === 'postpay'
  return (
    <View className='so-cart-page'>
      <View className='so-cart-page__mode'>
        <Text className='so-cart-page__mode-title' role='heading' aria-level={1}>{i18n.t(postpay ? 'cart.postpayTitle' : 'cart.prepayTitle')}</Text>
        {session.table && <Text className='so-cart-page__table'>{i18n.pick(session.table.TableNames, session.table.TableName)}</Text>}
        <Text className='so-cart-page__mode-note'>{i18n.t(postpay ? 'cart.postpayNote' : 'cart.prepayNote')}</Text>
      </View>
      <CartView shopId={session.params.ShopID} baseId={session.params.BaseID} onBrowse={props.onBrowse} />
      {!empty && (
        <>
          <View className='so-cart-page__room' />
          {/* The total stays in sight beside the way on, however long the cart. */}
          <View className='so-cart-page__bar'>
            <View className='so-cart-page__sum' aria-live='polite'>
              <Text className='so-cart-page__total-label'>{i18n.t('cart.total')}</Text>
              <Text className='so-cart-page__total' data-testid='cart-page-total'>
                {format.amount(cart.total(session.params.ShopID, session.params.BaseID))}
              </Text>
            </View>
            <View
              className='so-cart-page__checkout'
              role='button'
              tabIndex={0}
              data-testid='cart-checkout'
              onClick={() => {
                cart.checkoutCart()
                props.onCheckout()
              }}
            >
              {i18n.t('cart.checkout')}
            </View>
          </View>
        </>
      )}
    </View>
  )
})
