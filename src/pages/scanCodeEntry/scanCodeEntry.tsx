import { View, Text } from '@tarojs/components'
import { useLoad } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../stores/context'
import type { SessionFailure } from '../../features/session/session.store'
import type { MessageKey } from '../../i18n/catalogues'
import { ROUTES } from '../../features/shell/routes'
import './scanCodeEntry.css'

type FailureText = (failure: SessionFailure | null, t: (key: MessageKey) => string) => string

/**
 * What the failure screen says comes from features/session/failure-text and may be any result
 * code's text, which only the whole catalogue has: both are fetched only when the entry fails,
 * never on the way to Home.
 */
function useFailureText(failed: boolean): FailureText | null {
  const { i18n } = useStores()
  const [text, setText] = useState<FailureText | null>(null)
  useEffect(() => {
    if (!failed || text) return
    let live = true
    Promise.all([import('../../features/session/failure-text'), i18n.loadAll()]).then(
      ([m]) => live && setText(() => m.failureText),
      // Offline as well: say what the session knows, or that the network failed.
      () => live && setText(() => (failure: SessionFailure | null, t: (key: MessageKey) => string) => failure?.message || t('network.error'))
    )
    return () => {
      live = false
    }
  }, [failed, text, i18n])
  return text
}

/** Entry / launch page (spec §2): resolves the scanned code, then goes Home. */
function ScanCodeEntry() {
  const { session, i18n, host } = useStores()
  const failureText = useFailureText(session.status === 'failed')

  const start = (query: Record<string, string>) => {
    void session.initialise(query).then(() => {
      // Spec §2: a table sheet that takes no more rounds sends the diner to orderEntry.
      if (session.isReady) host.redirectTo(session.sheetRefusal ? ROUTES.orderEntry : ROUTES.home)
    })
  }

  useLoad((options: Record<string, string> = {}) => start({ ...host.entryQuery(), ...options }))

  if (session.status === 'no-entry') {
    return (
      <View className='so-entry so-entry--message'>
        <View className='so-entry__qr' aria-hidden />
        <Text className='so-entry__title'>{i18n.t('entry.noCodeTitle')}</Text>
        <Text className='so-entry__body'>{i18n.t('entry.noCodeBody')}</Text>
      </View>
    )
  }
  if (session.status === 'failed' && failureText) {
    return (
      <View className='so-entry so-entry--message' role='alert'>
        <View className='so-entry__icon-failed' aria-hidden>
          !
        </View>
        <Text className='so-entry__title'>{failureText(session.failure, i18n.t)}</Text>
        <Text className='so-entry__body'>{i18n.t('entry.failedTitle')}</Text>
        <View className='so-entry__retry' role='button' onClick={() => start(host.entryQuery())}>
          {i18n.t('common.retry')}
        </View>
      </View>
    )
  }
  return (
    <View className='so-entry' aria-busy>
      <View className='so-entry__spinner' />
      <Text className='so-entry__body'>{i18n.t('entry.opening')}</Text>
    </View>
  )
}

export default observer(ScanCodeEntry)
