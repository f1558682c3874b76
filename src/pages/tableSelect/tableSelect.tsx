import { View, Text } from '@tarojs/components'
import { useReachBottom, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { StateView } from '../../ui/StateView'
import '../../features/branch/components/Branch.css'

/**
 * Choosing a table by hand (issue 16 item 5): the branch's tables a page at a time (TableListByPage),
 * with 'load more'. Choosing one switches the session to it as an entry by TableID does and goes
 * Home; one line says what such a table does not open (its bill needs the QR code on the table,
 * orders are paid first).
 */
function TableSelect() {
  const { session, tables, branch, i18n, host } = useStores()
  const router = useRouter()
  const baseId = router.params.BaseID || session.params.BaseID
  const list = tables.list
  useSessionPage()
  usePageTitle(i18n.t('page.tableSelect'))
  useEffect(() => {
    if (session.isReady && baseId) void tables.open(baseId)
  }, [session.isReady, baseId, i18n.locale, tables])
  useReachBottom(() => void list.loadMore())

  const choose = (tableId: string) => {
    const table = list.rows.find((t) => t.TableID === tableId)
    if (!table || tables.switching) return
    void tables.choose(table).then((ok) => {
      if (ok) host.reLaunch(ROUTES.home)
      else host.toast(i18n.t('place.switchFailed'))
    })
  }

  const branchName =
    session.baseInfo && session.baseInfo.BaseID === baseId
      ? i18n.pick(session.baseInfo.BaseNames, session.baseInfo.BaseName)
      : (branch.of(baseId)?.BaseName ?? '')

  const body = (() => {
    if (list.state === 'failed')
      return <StateView kind='failed' text={i18n.t('branch.tablesFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void tables.open(baseId)} />
    if (list.state !== 'ready' || tables.baseId !== baseId) return <StateView kind='loading' text={i18n.t('shell.loading')} />
    if (list.rows.length === 0) return <StateView kind='empty' text={i18n.t('branch.tablesEmpty')} />
    return (
      <>
        <View className='so-tables__grid' role='list'>
          {list.rows.map((t) => {
            const current = t.TableID === session.params.TableID
            const busy = tables.switching === t.TableID
            return (
              <View
                key={t.TableID}
                role='listitem'
                className={`so-tables__item${current ? ' so-tables__item--current' : ''}${busy ? ' so-tables__item--busy' : ''}`}
              >
                <View
                  className='so-tables__choose'
                  role='button'
                  tabIndex={0}
                  aria-label={i18n.t('branch.tableLabel', { name: t.TableName })}
                  aria-busy={busy}
                  data-testid='table-option'
                  data-table={t.TableCode}
                  onClick={() => choose(t.TableID)}
                >
                  <Text className='so-tables__name' aria-hidden>
                    {t.TableName}
                  </Text>
                  {busy ? (
                    <Text className='so-tables__tag'>{i18n.t('place.switching')}</Text>
                  ) : current ? (
                    <Text className='so-tables__tag'>{i18n.t('place.current')}</Text>
                  ) : null}
                </View>
              </View>
            )
          })}
        </View>
        {list.hasMore ? (
          <View
            className='so-tables__more'
            role='button'
            tabIndex={0}
            aria-busy={list.moreState === 'loading'}
            data-testid='tables-more'
            onClick={() => void list.loadMore()}
          >
            {i18n.t(list.moreState === 'loading' ? 'shell.loading' : 'branch.loadMore')}
          </View>
        ) : (
          <Text className='so-tables__foot' data-testid='tables-end'>
            {i18n.t('branch.tablesEnd', { n: list.total })}
          </Text>
        )}
        {list.moreState === 'failed' && (
          <Text className='so-tables__foot' role='alert'>
            {i18n.t('list.moreFailed')}
          </Text>
        )}
      </>
    )
  })()

  return (
    <View className='so-tables' data-testid='table-select'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.tableSelect')}
      </Text>
      {branchName ? <Text className='so-tables__branch'>{branchName}</Text> : null}
      <Text className='so-tables__hint' data-testid='tables-hint'>
        {i18n.t('branch.tablesHint')}
      </Text>
      {body}
    </View>
  )
}

export default observer(TableSelect)
