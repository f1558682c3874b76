import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { TabBar, TabBarSpacer } from '../../features/shell/components/TabBar'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { MineView, type MineEntry } from '../../features/member/components/MemberViews'
import { useReshow } from '../../features/orders/components/use-page-watch'
import { wasConfirmed } from '../../hosts/confirm-signal'

const ENTRY_ROUTE: Record<MineEntry, string> = {
  balance: ROUTES.vipBalance,
  recharge: ROUTES.vipBalanceRecharge,
  points: ROUTES.vipScoreRecordList,
  coupons: ROUTES.couponsList,
  qrCode: ROUTES.vipQrCode,
  addresses: PAST_HOME_ROUTES.addressList(),
  profile: ROUTES.vipDetailsEdit,
  changePhone: ROUTES.changeByCode,
  bindPhone: ROUTES.loginByCode({ mode: 'bind' })
}

/** Mine (tab 3): the member card and the member's pages; signed out, each leads through login. */
function Mine() {
  const { member, i18n, host } = useStores()

  useSessionPage(() => {
    void member.loadDetail()
    // A mini-program's own identity signs the diner in without asking (spec §4).
    void member.openIdLogin(true)
  })
  // Back from login, the profile or the wallet: show what changed.
  useReshow(() => void member.loadDetail())
  usePageTitle(i18n.t('page.mine'))

  const open = (entry: MineEntry) => {
    const route = ENTRY_ROUTE[entry]
    if (member.signedIn) host.navigateTo(route)
    else host.navigateTo(ROUTES.loginByCode({ next: route }))
  }
  const logout = async () => {
    const ok = await wasConfirmed(host.confirm({ content: i18n.t('member.logoutConfirm'), confirm: i18n.t('member.logoutYes'), cancel: i18n.t('common.cancel') }))
    if (!ok) return
    await member.logout()
    host.toast(i18n.t('member.loggedOut'))
  }

  return (
    <>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.mine')}
      </Text>
      <MineView onLogin={() => host.navigateTo(ROUTES.loginByCode())} onOpen={open} onLogout={() => void logout()} onRetry={() => void member.loadDetail()} />
      <View className='so-mine-link' role='link' tabIndex={0} data-testid='clear-link' onClick={() => host.navigateTo(ROUTES.clear)}>
        {i18n.t('clear.pageTitle')}
      </View>
      <TabBarSpacer />
      <TabBar current='mine' />
    </>
  )
}

export default observer(Mine)
