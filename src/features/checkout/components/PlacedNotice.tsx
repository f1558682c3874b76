import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import './ConfirmPage.css'

/**
 * An order was just placed here (the cart is empty because it was sent): says so and leads to its
 * details, where an unpaid order offers Pay now. Shown on the empty cart and confirm pages, e.g.
 * when the diner comes back from the payment page.
 */
export const PlacedNotice = observer(function PlacedNotice(props: { onOpen(): void }) {
  const { i18n } = useStores()
  return (
    // Said as the page opens (back from the payment page: the cart is empty, and this is why).
    <View className='so-placed' role='status' data-testid='placed-notice'>
      <Text className='so-placed__title'>{i18n.t('checkout.placedTitle')}</Text>
      <Text className='so-placed__note'>{i18n.t('checkout.placedNote')}</Text>
      <View className='so-confirm__cta' role='button' {...({ tabIndex: 0 } as Record<string, unknown>)} data-testid='placed-open' onClick={props.onOpen}>
        {i18n.t('checkout.viewOrder')}
      </View>
    </View>
  )
})
