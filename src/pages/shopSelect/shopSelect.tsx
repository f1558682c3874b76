import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { StateView } from '../../ui/StateView'
import '../baseSelect/baseSelect.css'

/** Choose restaurant (spec §2 shopSelect): the enterprise's shops; a shop opens its branches. */
function ShopSelect() {
  const { session, place, i18n, host } = useStores()
  useSessionPage()
  usePageTitle(i18n.t('page.shopSelect'))
  useEffect(() => {
    if (session.isReady) void place.loadShops()
  }, [session.isReady, session.params.EntID, i18n.locale, place])

  if (place.shopsState === 'failed')
    return <StateView kind='failed' text={i18n.t('place.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void place.loadShops()} />
  if (place.shopsState !== 'ready') return <StateView kind='loading' text={i18n.t('shell.loading')} />
  if (place.shopChoices.length === 0) return <StateView kind='empty' text={i18n.t('place.noShops')} />

  return (
    <View className='so-place'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.shopSelect')}
      </Text>
      {place.shopChoices.map(({ shop, enabled, baseIds, businessDistrict }) => {
        const current = shop.ShopID === session.params.ShopID
        return (
          <View
            key={shop.ShopID}
            className={`so-place__item${enabled ? '' : ' so-place__item--off'}`}
            role='button' tabIndex={0}
            aria-disabled={!enabled}
            data-testid='shop-option'
            data-shop={shop.ShopID}
            onClick={() => enabled && host.navigateTo(ROUTES.baseSelect(shop.ShopID))}
          >
            <View className='so-place__main'>
              <View className='so-place__title'>
                <Text className='so-place__name'>{i18n.pick(shop.ShopNames, shop.ShopName)}</Text>
                {current && <Text className='so-place__tag'>{i18n.t('place.current')}</Text>}
                {/* Spec §4: a business-district shop (PosType 5) is a food court or market of stalls. */}
                {businessDistrict && (
                  <Text className='so-place__kind' data-testid='shop-bd'>
                    {i18n.t('place.businessDistrict')}
                  </Text>
                )}
              </View>
              {shop.Address && <Text className='so-place__line'>{shop.Address}</Text>}
              <Text className='so-place__line'>
                {enabled ? (baseIds.length > 1 ? i18n.t('place.branches', { n: baseIds.length }) : baseIds.length === 1 ? i18n.t('place.oneBranch') : '') : i18n.t('place.disabled')}
              </Text>
            </View>
          </View>
        )
      })}
    </View>
  )
}

export default observer(ShopSelect)
