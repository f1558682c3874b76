import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import './ShopCard.css'

/** Where the diner is: shop, branch, table, and whether the branch is open now. */
export const ShopCard = observer(function ShopCard() {
  const { session, i18n } = useStores()
  const { shopInfo, baseInfo, table, sheet, openState } = session
  if (!shopInfo) return null
  // A chosen branch is where the diner is: its own address (Taipa is not Senado Square); the
  // shop's address only while no branch is chosen (a shop's counter code).
  const address = baseInfo ? baseInfo.Address : shopInfo.Address
  return (
    <View className='so-shop'>
      <View className='so-shop__hero'>
        <Text className='so-shop__ent'>{i18n.pick(session.entNames ?? undefined, session.params.EntName)}</Text>
        <Text className='so-shop__name' role='heading' aria-level={1} data-testid='shop-name'>
          {i18n.pick(shopInfo.ShopNames, shopInfo.ShopName)}
        </Text>
        {address ? <Text className='so-shop__address'>{address}</Text> : null}
      </View>
      <View className='so-shop__card'>
        <Row label={i18n.t('home.branch')} testId='branch-name'>
          {baseInfo ? i18n.pick(baseInfo.BaseNames, baseInfo.BaseName) : i18n.t('home.noBranch')}
          {baseInfo ? (
            <Text className='so-shop__chip'>{i18n.t(baseInfo.CYType === '1' ? 'home.fastFood' : 'home.dineIn')}</Text>
          ) : null}
        </Row>
        <Row label={i18n.t('home.table')} testId='table-name'>
          {table ? i18n.pick(table.TableNames, table.TableName) : i18n.t('home.noTable')}
        </Row>
        {openState ? (
          <View className='so-shop__hours'>
            <Text
              className={`so-shop__status so-shop__status--${openState.open ? 'open' : 'closed'}`}
              data-testid='open-status'
            >
              {i18n.t(openState.open ? 'home.openNow' : 'home.closed')}
            </Text>
            <Text className='so-shop__hours-text'>
              {openState.allDay
                ? i18n.t('home.allDay')
                : openState.open
                  ? i18n.t('home.hours', { begin: openState.begin, end: openState.end })
                  : i18n.t('home.opensAt', { time: openState.begin })}
            </Text>
          </View>
        ) : null}
        {sheet ? <Text className='so-shop__sheet'>{i18n.t('home.openSheet')}</Text> : null}
      </View>
    </View>
  )
})

function Row({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <View className='so-shop__row'>
      <Text className='so-shop__label'>{label}</Text>
      <View className='so-shop__value' data-testid={testId}>
        {children}
      </View>
    </View>
  )
}
