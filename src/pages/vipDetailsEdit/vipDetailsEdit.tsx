import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { ProfileForm } from '../../features/member/components/MemberViews'
import { StateView } from '../../ui/StateView'
// issue 17: after — the avatar
import { useState } from 'react'
import { AvatarEditor } from '../../features/member/components/AvatarEditor'
import { AvatarStore } from '../../features/member/avatar.store'

/** Edit profile (spec §2): the avatar (issue 17), name ('Name contains invalid characters', spec §5), sex, birthday. */
function VipDetailsEdit() {
  const { member, session, i18n, host, gateway } = useStores()
  const [avatar] = useState(() => new AvatarStore(gateway, host, { t: i18n.t, onVip: (row) => member.applyVip(row), confirm: (texts) => host.confirm(texts) }))

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
      <AvatarEditor store={avatar} />
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
