/**
 * (Imports only what other lazily fetched code shares already: a value import from a module of
 * the first screen's own code would cost the first screen bytes.)
 *
 * What the entry page shows when the entry cannot simply go Home (fetched only then, with the
 * whole catalogue): a refused or failed entry, or an entry SheetID to open or refuse. Each has a
 * page title, says what is wrong in the diner's language and offers a way on. Retry is offered
 * only where trying again can help (network trouble); a refused code offers choosing a
 * restaurant (when an earlier entry names the enterprise) and scanning again (hosts with a camera).
 */
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../../stores/context'
import type { SheetEntryRefusal } from '../../../core/entry-sheet'
import { ROUTES } from '../../shell/routes'
import { canRetry, failureText } from '../failure-text'
import { resolveSheetEntry } from '../sheet-entry'
import './EntryProblem.css'

function useTitle(title: string): void {
  const { host } = useStores()
  useEffect(() => {
    host.setTitle(title)
  }, [title])
}

export const EntryProblem = observer(function EntryProblem(props: { start(query: Record<string, string>): void; goOn(): void }) {
  const { session } = useStores()
  return session.status === 'failed' ? <EntryFailure start={props.start} /> : <SheetEntryView goOn={props.goOn} />
})

const EntryFailure = observer(function EntryFailure(props: { start(query: Record<string, string>): void }) {
  const { session, i18n, host } = useStores()
  useTitle(i18n.t('entryProblem.pageTitle'))
  const retry = canRetry(session.failure)
  // An earlier entry that worked names the enterprise: its restaurants are a way on.
  const chooseShop = !retry && session.hasStoredEntry()
  const scan = host.scanCode
  const onScan = () =>
    void scan?.().then((text) => {
      // The scanned URL as a q value, read like a chat-app scan's (src/core/entry-params).
      if (text) props.start({ q: text })
    })
  return (
    <View className='so-entry so-entry--message' role='alert' data-testid='entry-failure'>
      <View className='so-entry__icon-failed' aria-hidden>
        !
      </View>
      <Text className='so-entry__title' role='heading' aria-level={1}>{failureText(session.failure, i18n.t)}</Text>
      <Text className='so-entry__body'>{retry ? i18n.t('entry.failedTitle') : i18n.t('entryProblem.codeBody')}</Text>
      {retry && (
        <View className='so-entry__retry' role='button' tabIndex={0} data-testid='entry-retry' onClick={() => props.start(host.entryQuery())}>
          {i18n.t('common.retry')}
        </View>
      )}
      {chooseShop && (
        <View className='so-entry__retry' role='button' tabIndex={0} data-testid='entry-choose-shop' onClick={() => host.reLaunch(ROUTES.shopSelect)}>
          {i18n.t('entryProblem.chooseShop')}
        </View>
      )}
      {!retry && scan && (
        <View className='so-entry__retry so-entry__retry--plain' role='button' tabIndex={0} data-testid='entry-scan' onClick={onScan}>
          {i18n.t('entryProblem.scanAgain')}
        </View>
      )}
    </View>
  )
})

/** The entry's SheetID: opens the table's sheet or the diner's order, or says why not (another table's, someone else's, unknown). */
const SheetEntryView = observer(function SheetEntryView(props: { goOn(): void }) {
  const { session, gateway, host, i18n } = useStores()
  const [refusal, setRefusal] = useState<SheetEntryRefusal | 'failed' | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    resolveSheetEntry(gateway, session).then(
      (d) => {
        if (!live) return
        if (!d) props.goOn()
        else if ('refuse' in d) setRefusal(d.refuse)
        else host.redirectTo(d.open === 'order' ? ROUTES.orderDetails(d.sheetId) : ROUTES.orderEntry)
      },
      () => live && setRefusal('failed')
    )
    return () => {
      live = false
    }
  }, [attempt])
  useTitle(i18n.t('page.orderDetails'))
  if (!refusal) {
    return (
      <View className='so-entry' aria-busy>
        <View className='so-entry__spinner' />
      </View>
    )
  }
  const failed = refusal === 'failed'
  return (
    <View className='so-entry so-entry--message' role='alert' data-testid='sheet-refusal'>
      <View className='so-entry__icon-failed' aria-hidden>
        !
      </View>
      <Text className='so-entry__title' role='heading' aria-level={1}>{refusal === 'failed' ? i18n.t('network.error') : i18n.t(`entryProblem.sheet.${refusal}` as const)}</Text>
      {failed && (
        <View
          className='so-entry__retry'
          role='button' tabIndex={0}
          onClick={() => {
            setRefusal(null)
            setAttempt((n) => n + 1)
          }}
        >
          {i18n.t('common.retry')}
        </View>
      )}
      <View className={`so-entry__retry${failed ? ' so-entry__retry--plain' : ''}`} role='button' tabIndex={0} data-testid='sheet-continue' onClick={props.goOn}>
        {i18n.t('entryProblem.continue')}
      </View>
    </View>
  )
})
