import { View, Text } from '@tarojs/components'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { Fragment, useEffect, type ReactNode } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSaleStatusTimer, useSessionPage } from '../../compose/page-hooks'
import { ShopCard } from '../../features/session/components/ShopCard'
import { LanguageSwitch } from '../../features/language/components/LanguageSwitch'
import { TabBar, TabBarSpacer } from '../../features/shell/components/TabBar'
import { ROUTES } from '../../features/shell/routes'
import { RecommendGrid } from '../../features/menu/components/RecommendGrid'
import { BranchLinks, ChooseTableLink } from '../../features/branch/components/BranchLinks'
import { DEFAULT_HOME, type HomeSection } from '../../core/shop-page'
import './home.css'

/**
 * Home (tab 1): the shop, branch and table, open now or not, then the sections the shop arranges
 * (ShopPageConfig, src/core/shop-page.ts; by default Order now and by number, the links, the
 * language switch, the recommended goods).
 */
function Home() {
  const { session, i18n, host, menu } = useStores()

  useSessionPage()
  useSaleStatusTimer()
  useDidShow(() => session.startClock())
  useDidHide(() => session.stopClock())
  useEffect(() => () => session.stopClock(), [session])
  useEffect(() => {
    if (session.menuScope) void menu.loadRecommended()
  }, [session.menuScope?.BaseID, session.isReady, i18n.locale, menu])

  const title = session.shopInfo ? i18n.pick(session.shopInfo.ShopNames, session.shopInfo.ShopName) : i18n.t('tab.home')
  usePageTitle(title)

  const { ShopPageConfig, ShopNotice } = session.shopParams
  // The shop's sections in its order (checked when saved: known names, each once, the language switch among them).
  const sections = (ShopPageConfig || DEFAULT_HOME).split(',') as HomeSection[]
  const parts: Record<HomeSection, ReactNode> = {
    notice: ShopNotice && <Text className='so-home__notice'>{ShopNotice}</Text>,
    // Order by number goes beside Order now.
    order: (
      <View className='so-home__actions'>
        <View className='so-home__action so-home__action--main' role='button' tabIndex={0} data-testid='order-now' onClick={() => host.navigateTo(ROUTES.goodsList)}>
          <Text className='so-home__action-title'>{i18n.t('home.orderNow')}</Text>
          <Text className='so-home__action-note'>{i18n.t('home.orderNowNote')}</Text>
        </View>
        {sections.includes('byNumber') && (
          <View className='so-home__action' role='button' tabIndex={0} data-testid='order-by-number' onClick={() => host.navigateTo(ROUTES.search)}>
            <Text className='so-home__action-title'>{i18n.t('page.search')}</Text>
            <Text className='so-home__action-note'>{i18n.t('home.byNumberNote')}</Text>
          </View>
        )}
      </View>
    ),
    byNumber: null,
    links: (
      <View className='so-home__links'>
        {/* issue 16: branch — its details page; choosing a table by hand */}
        <BranchLinks onDetails={(id) => host.navigateTo(ROUTES.baseDetails(id))} onChooseTable={(id) => host.navigateTo(ROUTES.tableSelect(id))} />
        {session.sheet?.SheetID && session.sheet.Status === 0 ? (
          <View className='so-home__link' role='button' tabIndex={0} data-testid='home-table-order' onClick={() => host.navigateTo(ROUTES.orderEntry)}>
            <Text>{i18n.t('home.tableOrder')}</Text>
          </View>
        ) : null}
        {!session.params.TableID && (
          <View className='so-home__link' role='button' tabIndex={0} data-testid='home-change-branch' onClick={() => host.navigateTo(ROUTES.baseSelect(session.params.ShopID))}>
            {/* No branch yet (a shop's counter code): choosing one, not "another". */}
            <Text>{i18n.t(session.baseInfo ? 'home.changeBranch' : 'home.chooseBranch')}</Text>
          </View>
        )}
        {!session.params.TableID && (
          <View className='so-home__link' role='button' tabIndex={0} data-testid='home-other-shops' onClick={() => host.navigateTo(ROUTES.shopSelect)}>
            <Text>{i18n.t('home.otherShops')}</Text>
          </View>
        )}
      </View>
    ),
    // Nothing above the switch arrives late by default (the recommendations load after the page
    // shows, below it). issue 16: branch — choosing a table by hand, where the branch has tables.
    language: (
      <>
        <LanguageSwitch />
        <ChooseTableLink onChooseTable={(id) => host.navigateTo(ROUTES.tableSelect(id))} />
      </>
    ),
    recommended: <RecommendGrid onOpen={(g) => host.navigateTo(ROUTES.goodsDetails(g.GoodsID))} />
  }

  return (
    <View className='so-home'>
      {session.isReady ? <ShopCard /> : <View className='so-home__loading' aria-busy />}
      {session.isReady && sections.map((s) => <Fragment key={s}>{parts[s]}</Fragment>)}
      <TabBarSpacer />
      <TabBar current='home' />
    </View>
  )
}

export default observer(Home)
