import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { useReshow } from '../../features/orders/components/use-page-watch'
import { AddressList } from '../../features/addresses/components/AddressViews'
import { StateView } from '../../ui/StateView'

/**
 * Address list (spec §2 addressList; pull-to-refresh): the member's delivery addresses with edit,
 * delete and 'make default', and 'Add address'. Opened with choose=1 from the confirm page,
 * tapping an address takes it for the order and goes back; an address added from here is taken too.
 * Without a member session it offers to log in.
 */
function AddressListPage() {
  const { addresses, checkout, member, i18n, host } = useStores()
  const choose = useRouter().params.choose === '1'
  const backToConfirm = () => host.navigateBack(ROUTES.confirm('prepay'))

  useSessionPage(() => {
    // An address saved for an order earlier, never taken here: not this visit's.
    addresses.takeChosen()
    void addresses.loadList()
  })
  // Back from addressEdit or a login: the book may have changed; in choose mode a new address is the order's.
  useReshow(() => {
    if (choose && addresses.takeChosen()) backToConfirm()
    else void addresses.loadList()
  })
  usePullDownRefresh(() => {
    void addresses.loadList().finally(() => Taro.stopPullDownRefresh())
  })
  usePageTitle(i18n.t('page.addressList'))

  return (
    <View className='so-addr-page' data-testid='address-list-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.addressList')}
      </Text>
      {member.signedIn ? (
        <AddressList
          choose={choose}
          chosenId={checkout.addressId}
          onChoose={(a) => {
            checkout.chooseAddress(a)
            backToConfirm()
          }}
          onEdit={(a) => host.navigateTo(PAST_HOME_ROUTES.addressEdit(a.AddressID))}
          onAdd={() => host.navigateTo(PAST_HOME_ROUTES.addressEdit('', choose))}
        />
      ) : (
        <View className='so-addr-section' data-testid='addresses-signed-out'>
          <StateView kind='empty' text={i18n.t('address.signedOut')} />
          <View className='so-addr-btn so-addr-btn--primary' role='button' tabIndex={0} onClick={() => host.navigateTo(ROUTES.loginByCode({ back: host.currentRoute() }))}>
            {i18n.t('address.login')}
          </View>
        </View>
      )}
    </View>
  )
}

export default observer(AddressListPage)
