import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { pickLocation } from '../../compose/location-pick'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { AddressEditForm } from '../../features/addresses/components/AddressViews'
import { StateView } from '../../ui/StateView'

/**
 * My address (spec §2 addressEdit): a new address, or the one named by AddressID. The area code
 * is chosen on areaCodeSelect (as the login's), the place with "Pin on map" (the host's own place
 * picker, or the app's map page on H5). Saved, it goes back; with choose=1 (from the confirm page,
 * or the list opened from it) the saved address is taken for the order.
 */
function AddressEditPage() {
  const { addresses, checkout, member, i18n, host } = useStores()
  const params = useRouter().params
  const addressId = params.AddressID ?? ''
  const choose = params.choose === '1'

  // The form's fields appear once this visit's address is in the form (H5's input elements take
  // their first value as they mount; a value swapped under them at once is lost with an error).
  const [started, setStarted] = useState(false)
  // Only when the page opens: back from the area codes or the map, the form keeps what was typed.
  useSessionPage(() => {
    void member.loadAreas()
    void addresses.startEdit(addressId)
    setStarted(true)
  })
  usePageTitle(i18n.t(addressId ? 'page.addressEdit' : 'page.addressAdd'))
  // Another language chosen meanwhile: the region's names in it.
  const shownLocale = useRef(i18n.locale)
  useEffect(() => {
    if (shownLocale.current === i18n.locale) return
    shownLocale.current = i18n.locale
    void addresses.relabelRegion()
  }, [i18n.locale])

  const back = () => host.navigateBack(choose ? ROUTES.confirm('prepay') : PAST_HOME_ROUTES.addressList())
  const f = addresses.form

  return (
    <View className='so-addr-page' data-testid='address-edit-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t(addressId ? 'page.addressEdit' : 'page.addressAdd')}
      </Text>
      {!started ? (
        <StateView kind='loading' text={i18n.t('shell.loading')} />
      ) : member.signedIn ? (
        <AddressEditForm
          onChooseArea={() => host.navigateTo(ROUTES.areaCodeSelect('address'))}
          onPin={() =>
            void pickLocation(host, f.located ? { Lat: f.lat, Lng: f.lng } : undefined).then((place) => {
              if (place) void addresses.applyPlace(place)
            })
          }
          onSaved={(a) => {
            host.toast(i18n.t('address.saved'))
            if (choose) {
              checkout.chooseAddress(a)
              addresses.markChosen(a.AddressID)
            }
            back()
          }}
          onDeleted={() => {
            host.toast(i18n.t('address.deleted'))
            back()
          }}
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

export default observer(AddressEditPage)
