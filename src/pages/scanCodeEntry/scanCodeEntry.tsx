import { View, Text, Button } from '@tarojs/components'
import { useLoad } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { failureText } from '../../features/session/failure-text'
import { ROUTES } from '../../features/shell/routes'
import './scanCodeEntry.css'

/** Entry / launch page (spec §2): resolves the scanned code, then goes Home. */
function ScanCodeEntry() {
  const { session, i18n, host } = useStores()

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
  if (session.status === 'failed') {
    return (
      <View className='so-entry so-entry--message' role='alert'>
        <View className='so-entry__icon-failed' aria-hidden>
          !
        </View>
        <Text className='so-entry__title'>{failureText(session.failure, i18n.t)}</Text>
        <Text className='so-entry__body'>{i18n.t('entry.failedTitle')}</Text>
        <Button className='so-entry__retry' onClick={() => start(host.entryQuery())}>
          {i18n.t('common.retry')}
        </Button>
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
