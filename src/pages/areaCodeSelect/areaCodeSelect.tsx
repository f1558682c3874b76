import { useRouter } from '@tarojs/taro'
import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { AreaList } from '../../features/member/components/MemberViews'

/** Choose phone area code (spec §2; scrolling disabled): the choice goes back to the phone form that asked. */
function AreaCodeSelect() {
  const { member, i18n, host } = useStores()
  const target = useRouter().params.for === 'change' ? 'change' : 'login'
  const form = target === 'change' ? member.changeForm : member.loginForm

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
          host.navigateBack(target === 'change' ? ROUTES.changeByCode : ROUTES.loginByCode())
        }}
      />
    </>
  )
}

export default observer(AreaCodeSelect)
