import { useRouter } from '@tarojs/taro'
import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { AreaList } from '../../features/member/components/MemberViews'

/** Choose phone area code (spec §2; scrolling disabled): the choice goes back to the phone form that asked. */
function AreaCodeSelect() {
  const { member, addresses, i18n, host } = useStores()
  const param = useRouter().params.for
  const target = param === 'change' || param === 'address' ? param : 'login'
  // The address book's phone (issue 16) takes its area here too.
  const form = target === 'change' ? member.changeForm : target === 'address' ? addresses.form : member.loginForm

  useSessionPage(() => void member.loadAreas())
  usePageTitle(i18n.t('page.areaCodeSelect'))

  return (
    <>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.areaCodeSelect')}
      </Text>
      <AreaList
        selected={form.areaNo}
        onChoose={(areaNo) => {
          form.setArea(areaNo)
          if (target === 'address') addresses.clearError('phone')
          host.navigateBack(target === 'change' ? ROUTES.changeByCode : target === 'address' ? PAST_HOME_ROUTES.addressEdit() : ROUTES.loginByCode())
        }}
      />
    </>
  )
}

export default observer(AreaCodeSelect)
