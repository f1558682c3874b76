import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { pageParam } from '../../features/member/after-login'
import { copyText } from '../../hosts/device-data'
import type { MessageKey } from '../../i18n/catalogues'
import '../../features/member/components/MemberViews.css'

const HOSTS = ['wechat', 'alipay', 'alipayhk', 'wallet', 'superapp', 'thirdparty']

/**
 * Prompt (wrong browser), spec §2: a page that signs in with a host's identity was opened in
 * another browser. Says which browser, offers the link to copy, and phone login as the way on here.
 */
function BrowserPrompt() {
  const { i18n, host } = useStores()
  const params = useRouter().params
  const kind = HOSTS.includes(params.host ?? '') ? (params.host as string) : 'wechat'
  const back = pageParam(params.back)
  // The address to open in the right browser: the page that needs it, else the app's start.
  const name = i18n.t(`host.${kind}` as MessageKey)
  const link = host.appUrl(back || ROUTES.entry) ?? ''
  const [note, setNote] = useState('')
  usePageTitle(i18n.t('browserPrompt.pageTitle'))

  const copy = async () => {
    const ok = await copyText(link)
    const text = i18n.t(ok ? 'browserPrompt.copied' : 'browserPrompt.copyFailed')
    setNote(text)
    host.toast(text)
  }

  return (
    <View className='so-member-page' data-testid='browser-prompt'>
      <Text className='so-member-page__title' role='heading' aria-level={1}>
        {i18n.t('browserPrompt.title', { host: name })}
      </Text>
      <Text className='so-member-page__note'>{i18n.t('browserPrompt.body', { host: name })}</Text>
      {link && (
        <View className='so-member-page__note'>
          <Text>{i18n.t('browserPrompt.link')}: </Text>
          <Text data-testid='prompt-link' style={{ wordBreak: 'break-all', userSelect: 'text' }}>
            {link}
          </Text>
        </View>
      )}
      {link && (
        <View className='so-member-btn so-member-btn--primary' role='button' tabIndex={0} data-testid='copy-link' onClick={() => void copy()}>
          {i18n.t('browserPrompt.copy')}
        </View>
      )}
      <Text className='so-member-page__note' role='status'>
        {note}
      </Text>
      <View className='so-member-btn so-member-btn--secondary' role='button' tabIndex={0} data-testid='phone-login' onClick={() => host.redirectTo(ROUTES.loginByCode())}>
        {i18n.t('browserPrompt.phoneLogin')}
      </View>
    </View>
  )
}

export default observer(BrowserPrompt)
