import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { GoodsRow } from '../../gateway/operations'
import { useStores } from '../../stores/context'
import { usePageTitle, useSaleStatusTimer, useSessionPage } from '../../compose/page-hooks'
import { useOrderingAllowedRedirect } from '../../compose/ordering-redirect'
import { GoodsAction } from '../../compose/GoodsAction'
import { ROUTES } from '../../features/shell/routes'
import { PromotionSections, shownCount } from '../../features/menu/components/PromotionSections'
import { CartBar } from '../../features/cart/components/CartBar'
import { StateView } from '../../ui/StateView'
import '../../features/menu/components/PromotionSections.css'

/**
 * Goods on promotion (issue 27; AvailablePromotionGoods): the promotions running now at this
 * branch, what each gives and when, and their goods to add or open, with the cart bar below.
 * Reached from the menu's header ('On offer', where the menu has goods on promotion); Home's
 * first screen carries nothing more for it (its recommended goods show their sale badges).
 */
function PromotionGoods() {
  const { session, menu, promotions, i18n, host } = useStores()
  useSessionPage()
  useOrderingAllowedRedirect()
  useSaleStatusTimer()
  usePageTitle(i18n.t('page.promotionGoods'))
  // Again on a language switch or another branch: names and goods are of both.
  useEffect(() => {
    if (!session.menuScope) return
    void menu.loadMenu()
    void promotions.load()
  }, [session.menuScope?.BaseID, session.isReady, i18n.locale, menu, promotions])
  usePullDownRefresh(() => {
    void Promise.all([menu.loadMenu(true), promotions.load()]).finally(() => Taro.stopPullDownRefresh())
  })

  const open = (g: GoodsRow) => host.navigateTo(ROUTES.goodsDetails(g.GoodsID))
  const goodsOf = (id: string) => menu.goodsById(id)
  const failed = promotions.state === 'failed' || menu.menuState === 'failed'
  const ready = promotions.state === 'ready' && menu.menuState === 'ready'
  let body
  if (!session.isReady) body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  else if (failed)
    body = (
      <StateView
        kind='failed'
        text={i18n.t('promotion.loadFailed')}
        retryLabel={i18n.t('common.retry')}
        onRetry={() => {
          void menu.loadMenu(true)
          void promotions.load()
        }}
      />
    )
  else if (!ready) body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  else if (shownCount(promotions.sections, goodsOf) === 0)
    body = <StateView kind='empty' text={i18n.t('promotion.none')} wayOnLabel={i18n.t('home.orderNow')} onWayOn={() => host.redirectTo(ROUTES.goodsList)} />
  else body = <PromotionSections sections={promotions.sections} goodsOf={goodsOf} onOpen={open} renderAction={(g) => <GoodsAction goods={g} onChoose={open} />} />
  return (
    <View className='so-promo-page' data-testid='promotion-goods'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.promotionGoods')}
      </Text>
      {body}
      {session.isReady && <CartBar shopId={session.params.ShopID} baseId={session.params.BaseID} onOpen={() => host.navigateTo(ROUTES.cart(session.payMode))} />}
    </View>
  )
}

export default observer(PromotionGoods)
