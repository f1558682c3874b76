import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { clearDeviceData, restartApp } from '../../hosts/device-data'
import { wasConfirmed } from '../../hosts/confirm-signal'
import '../../features/member/components/MemberViews.css'

/**
 * Clear cache (spec §2): after a confirm, ends the member's session, empties the cart and forgets
 * everything the app keeps on this device (the table or shop, the language choice, the member
 * token, the device key); then "cleared" with the way back to the start, a fresh load.
 */
function Clear() {
  const { i18n, host, cart, member } = useStores()
  const [state, setState] = useState<'ready' | 'clearing' | 'done'>('ready')
  usePageTitle(i18n.t('clear.pageTitle'))

  const clear = async () => {
    if (state !== 'ready') return
    const ok = await wasConfirmed(host.confirm({ content: i18n.t('clear.confirm'), confirm: i18n.t('clear.confirmButton'), cancel: i18n.t('common.cancel') }))
    if (!ok) return
    setState('clearing')
    // The server forgets the session too; the device forgets all the rest.
    await member.logout()
    cart.clear()
    clearDeviceData()
    setState('done')
  }

  return (
    <View className='so-member-page' data-testid='clear-page'>
      <Text className='so-member-page__title' role='heading' aria-level={1}>
        {i18n.t('clear.pageTitle')}
      </Text>
      {state === 'done' ? (
        <>
          <Text className='so-member-page__note' role='status' data-testid='cleared'>
            {i18n.t('clear.done')}
          </Text>
          <View className='so-member-btn so-member-btn--primary' role='button' tabIndex={0} data-testid='start-again' onClick={() => restartApp(ROUTES.entry)}>
            {i18n.t('clear.start')}
          </View>
        </>
      ) : (
        <>
          <Text className='so-member-page__note'>{i18n.t('clear.body')}</Text>
          <View
            className={`so-member-btn so-member-btn--primary${state === 'clearing' ? ' so-member-btn--off' : ''}`}
            role='button'
            tabIndex={0}
            aria-disabled={state === 'clearing'}
            data-testid='clear-action'
            onClick={() => void clear()}
          >
            {i18n.t('clear.action')}
          </View>
        </>
      )}
    </View>
  )
}

export default observer(Clear)
