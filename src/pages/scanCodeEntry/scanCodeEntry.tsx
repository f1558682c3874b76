import { View, Text } from '@tarojs/components'
import { useLoad } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type ReactNode } from 'react'
import { useStores } from '../../stores/context'
import { ROUTES } from '../../features/shell/routes'
import './scanCodeEntry.css'

/** Entry / launch page (spec §2): resolves the scanned code, then goes Home (or opens the entry's SheetID). */
function ScanCodeEntry() {
  const { session, i18n, host, menu } = useStores()
  const [problem, setProblem] = useState<ReactNode>(null)
  // The page's title (a failed entry's own view, EntryProblem, names the page after this). Not
  // compose/page-hooks: the entry page's script would carry a copy of it, first-screen bytes.
  const title = i18n.t('entry.pageTitle')
  useEffect(() => {
    host.setTitle(title)
  }, [title])

  // Spec §2: a table sheet that takes no more rounds sends the diner to orderEntry.
  const goOn = () => host.redirectTo(session.sheetRefusal ? ROUTES.orderEntry : ROUTES.home)
  const start = (query: Record<string, string>) => {
    setProblem(null)
    void session.initialise(query).then(() => {
      if (session.isReady && !session.entrySheetId) {
        // Home's recommendations (its largest picture) are asked for while Home's script arrives.
        if (!session.sheetRefusal) void menu.loadRecommended()
        return goOn()
      }
      if (!session.isReady && session.status !== 'failed') return
      // A failed entry or an entry SheetID: features/session/components/EntryProblem and the whole
      // catalogue (any result code's text) are fetched only then, never on the way to Home.
      Promise.all([import('../../features/session/components/EntryProblem'), i18n.loadAll()]).then(
        ([m]) => setProblem(<m.EntryProblem start={start} goOn={goOn} />),
        // Offline: say what the session knows, or that the network failed.
        () =>
          setProblem(
            <View className='so-entry so-entry--message' role='alert'>
              <Text className='so-entry__title' role='heading' aria-level={1}>{session.failure?.message || i18n.t('network.error')}</Text>
              <View className='so-entry__retry' role='button' tabIndex={0} onClick={() => start(host.entryQuery())}>
                {i18n.t('common.retry')}
              </View>
            </View>
          )
      )
    })
  }

  useLoad((options: Record<string, string> = {}) => start({ ...host.entryQuery(), ...options }))

  if (session.status === 'no-entry') {
    return (
      <View className='so-entry so-entry--message'>
        <View className='so-entry__qr' aria-hidden />
        <Text className='so-entry__title' role='heading' aria-level={1}>{i18n.t('entry.noCodeTitle')}</Text>
        <Text className='so-entry__body'>{i18n.t('entry.noCodeBody')}</Text>
      </View>
    )
  }
  return (
    problem || (
      <View className='so-entry' aria-busy>
        <View className='so-entry__spinner' />
        <Text className='so-entry__body'>{i18n.t('entry.opening')}</Text>
      </View>
    )
  )
}

export default observer(ScanCodeEntry)
