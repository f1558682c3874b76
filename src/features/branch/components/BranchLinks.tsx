import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'

/**
 * Home's rows for the branch (issue 16 item 5), inside Home's list of links: its details page and,
 * at a table chosen by hand, choosing another with one line saying what such a table does not open.
 * All known with the session: nothing here arrives late.
 */
export const BranchLinks = observer(function BranchLinks(props: { onDetails(baseId: string): void; onChooseTable(baseId: string): void }) {
  const { session, i18n } = useStores()
  const baseId = session.isReady && session.baseInfo ? session.params.BaseID : ''
  if (!baseId) return null
  return (
    <>
      <View className='so-home__link' role='button' tabIndex={0} data-testid='home-branch-details' onClick={() => props.onDetails(baseId)}>
        <Text>{i18n.t('home.branchDetails')}</Text>
      </View>
      {session.tableByHand && (
        <>
          <View className='so-home__link' role='button' tabIndex={0} data-testid='home-choose-table' onClick={() => props.onChooseTable(baseId)}>
            <Text>{i18n.t('home.changeTable')}</Text>
          </View>
          <Text className='so-home__note' data-testid='home-table-by-hand'>
            {i18n.t('home.tableByHand')}
          </Text>
        </>
      )}
    </>
  )
})

/**
 * "Choose a table", for a diner who came with the shop's or the branch's code and has no table,
 * where the branch has tables (HomeShopDetailsGet's TableCount, known with the session).
 */
export const ChooseTableLink = observer(function ChooseTableLink(props: { onChooseTable(baseId: string): void }) {
  const { session, i18n } = useStores()
  const baseId = session.isReady && session.baseInfo && !session.params.TableID ? session.params.BaseID : ''
  if (!baseId || !(session.tableCount > 0)) return null
  return (
    <View className='so-home__links'>
      <View className='so-home__link' role='button' tabIndex={0} data-testid='home-choose-table' onClick={() => props.onChooseTable(baseId)}>
        <Text>{i18n.t('home.chooseTable')}</Text>
      </View>
    </View>
  )
})
