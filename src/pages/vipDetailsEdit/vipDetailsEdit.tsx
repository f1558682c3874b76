import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { ProfileForm } from '../../features/member/components/MemberViews'
import { StateView } from '../../ui/StateView'

/** Edit profile (spec §2): name ('Name contains invalid characters', spec §5), sex, birthday. */
function VipDetailsEdit() {
  const { member, session, i18n, host } = useStores()

  useSessionPage(() => {
    if (!member.signedIn) host.redirectTo(ROUTES.loginByCode({ next: ROUTES.vipDetailsEdit }))
    else void member.loadDetail()
  })
  usePageTitle(i18n.t('page.vipDetailsEdit'))
  // The page's heading for screen readers (the window's title says it on screen).
  const heading = (
    <Text className='so-sr-only' role='heading' aria-level={1}>
      {i18n.t('page.vipDetailsEdit')}
    </Text>
  )

  const vip = member.vip
  if (!vip) {
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
      <ProfileForm
        key={vip.VipID}
        today={session.now?.date ?? '2100-12-31'}
        onSaved={() => {
          host.toast(i18n.t('member.saved'))
          host.navigateBack(ROUTES.mine)
        }}
      />
    </>
  )
}

export default observer(VipDetailsEdit)
