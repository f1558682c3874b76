import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { ChangePhoneView } from '../../features/member/components/MemberViews'
import { StateView } from '../../ui/StateView'

/** Change phone number (spec §4): verify the current number (type 1), then the new one (type 2). */
function ChangeByCode() {
  const { member, i18n, host } = useStores()

  useSessionPage(() => {
    if (!member.signedIn) {
      host.redirectTo(ROUTES.loginByCode({ next: ROUTES.changeByCode }))
      return
    }
    void member.loadAreas()
    void member.loadDetail().then(() => member.startChange())
  })
  usePageTitle(i18n.t('page.changeByCode'))
  // The page's heading for screen readers (the window's title says it on screen).
  const heading = (
    <Text className='so-sr-only' role='heading' aria-level={1}>
      {i18n.t('page.changeByCode')}
    </Text>
  )

  if (!member.vip) {
    return (
      <>
        {heading}
        <StateView kind='loading' text={i18n.t('shell.loading')} />
      </>
    )
  }
  return (
    <>
      {heading}
      <ChangePhoneView
        onChooseArea={() => host.navigateTo(ROUTES.areaCodeSelect('change'))}
        onBind={() => host.redirectTo(ROUTES.loginByCode({ mode: 'bind', back: ROUTES.mine }))}
        onDone={() => {
          host.toast(i18n.t('member.changed'))
          host.navigateBack(ROUTES.mine)
        }}
      />
    </>
  )
}

export default observer(ChangeByCode)
