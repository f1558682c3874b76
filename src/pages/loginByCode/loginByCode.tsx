import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { LoginView } from '../../features/member/components/MemberViews'
import { pageParam } from '../../features/member/after-login'
import { hostLoginKindOf } from '../../hosts/host-login'
import type { SubHost } from '../../hosts/host'
import { HostPhoneButton, hostPhoneTexts } from '../../hosts/phone-button'

/**
 * Phone login (spec §2): phone + SMS code; a new number registers. In the mini-programs also the
 * host's phone button (WeChat's getPhoneNumber, Alipay's my.getPhoneNumber): the number the host verified logs in or registers. mode=bind binds a phone to the
 * signed-in member ('Please bind your mobile number first'). Afterwards the diner returns to
 * `back` (where they were) or goes on to `next`.
 */
function LoginByCode() {
  const { member, i18n, host } = useStores()
  const params = useRouter().params
  const mode = params.mode === 'bind' && member.signedIn ? 'bind' : 'login'
  const back = pageParam(params.back)
  const next = pageParam(params.next)

  useSessionPage(() => {
    member.loginForm.setError('')
    void member.loadAreas()
    // A page that needs a host's identity (host=<kind>): sign in with it, or say which browser to use;
    // in a host browser, back from its authorise page with a code: finish signing in.
    const kind = hostLoginKindOf((params.host ?? '') as SubHost)
    const signing = kind ? member.requireHostLogin(kind, host.currentRoute()) : member.hostLoginKind ? member.hostBrowserLogin(true, host.currentRoute()) : null
    void signing?.then((ok) => ok && done('login'))
  })
  usePageTitle(i18n.t(mode === 'bind' ? 'page.bindPhone' : 'page.loginByCode'))

  const done = (how: 'login' | 'bind') => {
    host.toast(i18n.t(how === 'bind' ? 'member.bound' : 'member.loggedIn'))
    if (next) host.redirectTo(next)
    else host.navigateBack(back || ROUTES.mine)
  }

  return (
    <LoginView
      mode={mode}
      onDone={done}
      onChooseArea={() => host.navigateTo(ROUTES.areaCodeSelect('login'))}
      onTerms={() => host.navigateTo(ROUTES.terms)}
      PhoneButton={HostPhoneButton}
      phoneTexts={hostPhoneTexts}
    />
  )
}

export default observer(LoginByCode)
