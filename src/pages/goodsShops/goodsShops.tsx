import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { GoodsShopList } from '../../features/menu/components/GoodsShops'
import { StateView } from '../../ui/StateView'
import '../../features/menu/components/GoodsShops.css'

/**
 * Available at these shops (issue 27; GroundingShopList): from a goods' details, the shops and
 * branches whose menus have it on the shelf; a branch opens its page.
 */
function GoodsShops() {
  const { goodsShops, session, menu, i18n, host } = useStores()
  const goodsId = decodeURIComponent(useRouter().params.GoodsID ?? '')
  useSessionPage()
  usePageTitle(i18n.t('page.goodsShops'))
  useEffect(() => {
    if (session.isReady) void goodsShops.load(goodsId)
  }, [session.isReady, goodsId, i18n.locale, goodsShops])
  // The goods' name, when its details were seen on the way here.
  const name = menu.details[goodsId]?.goods.GoodsName ?? menu.goodsById(goodsId)?.GoodsName ?? ''
  const state = goodsShops.goodsId === goodsId || !goodsId ? goodsShops.state : 'loading'
  let body
  if (state === 'missing') body = <StateView kind='empty' text={i18n.t('resultcode.20007')} wayOnLabel={i18n.t('entryProblem.continue')} onWayOn={() => host.reLaunch(ROUTES.home)} />
  else if (state === 'failed') body = <StateView kind='failed' text={i18n.t('goodsShops.failed')} retryLabel={i18n.t('common.retry')} onRetry={() => void goodsShops.load(goodsId)} />
  else if (state !== 'ready') body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  else if (goodsShops.shops.length === 0) body = <StateView kind='empty' text={i18n.t('goodsShops.none')} />
  else body = <GoodsShopList shops={goodsShops.shops} hereBaseId={session.params.BaseID} onOpen={(baseId) => host.navigateTo(ROUTES.baseDetails(baseId))} />
  return (
    <View className='so-where-page' data-testid='goods-shops-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.goodsShops')}
      </Text>
      {name && state === 'ready' && goodsShops.shops.length > 0 && (
        <Text className='so-where__goods' data-testid='goods-shops-goods'>
          {i18n.t('goodsShops.intro', { name })}
        </Text>
      )}
      {body}
    </View>
  )
}

export default observer(GoodsShops)
