import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { GoodsRow } from '../../gateway/operations'
import { useStores } from '../../stores/context'
import { usePageTitle, useSaleStatusTimer, useSessionPage } from '../../compose/page-hooks'
import { useOrderingAllowedRedirect } from '../../compose/ordering-redirect'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { MenuBrowser } from '../../features/menu/components/MenuBrowser'
import { DietFilter } from '../../features/menu/components/DietFilter'
import { CartBar } from '../../features/cart/components/CartBar'
import { GoodsAction } from '../../compose/GoodsAction'
import { cartCountByClass } from '../../compose/cart-by-class'
import { StateView } from '../../ui/StateView'
import { radioKeys, radioStops } from '../../ui/radio-group'
import { afterConfirm } from '../../hosts/confirm-signal'
import { afterPaint } from '../../hosts/after-paint'
import { BUSINESS_MODE } from '../../core/sheet-position'
import type { BusinessMode } from '../../core/business-mode'
import './goodsList.css'

/**
 * The diner's business mode (spec §4), where the branch offers more than one: the in-shop style
 * (dine-in, or fast food), takeaway, delivery. A switch with goods in the cart empties it (the
 * other modes' carts are cleared), after a confirm.
 */
const ModeSwitch = observer(function ModeSwitch() {
  const { session, cart, i18n, host, businessMode } = useStores()
  const modes = businessMode.offered
  if (modes.length < 2) return null
  const label = (m: BusinessMode): string =>
    i18n.t(
      m === BUSINESS_MODE.TAKEAWAY
        ? 'checkout.service.takeaway'
        : m === BUSINESS_MODE.DELIVERY
          ? 'checkout.service.delivery'
          : session.baseInfo?.CYType === '1'
            ? 'checkout.service.fastfood'
            : 'checkout.service.dinein'
    )
  const choose = (m: BusinessMode) => {
    if (m === businessMode.current) return
    const switchTo = () => void businessMode.choose(m)
    if (cart.cartList.length === 0 && cart.temporaryList.length === 0) return switchTo()
    void afterConfirm(host, { content: i18n.t('mode.switchConfirm', { mode: label(m) }), confirm: i18n.t('mode.switch'), cancel: i18n.t('common.cancel') }, switchTo)
  }
  // One Tab stop (the mode in use); the arrows choose, asking first as a tap does (ui/radio-group).
  const stops = radioStops(modes.map((m) => ({ on: m === businessMode.current })))
  return (
    <View className='so-order__modes' role='radiogroup' aria-label={i18n.t('mode.label')} {...radioKeys}>
      {modes.map((m, i) => (
        <View
          key={m}
          className={`so-order__mode${m === businessMode.current ? ' so-order__mode--on' : ''}`}
          role='radio'
          tabIndex={stops(i)}
          aria-checked={m === businessMode.current}
          data-testid={`mode-${m}`}
          onClick={() => choose(m)}
        >
          {label(m)}
        </View>
      ))}
    </View>
  )
})

/** Ordering (spec §2 goodsList): class side bar + goods list in step, the cart bar below. */
function GoodsList() {
  const { session, menu, cart, i18n, host, format, dietFilter } = useStores()

  useSessionPage()
  useOrderingAllowedRedirect()
  // Loads again after a language switch or a change of branch (the store keys its data by both).
  useEffect(() => {
    if (session.menuScope) void menu.loadMenu()
  }, [session.menuScope?.BaseID, session.isReady, i18n.locale, menu])
  useSaleStatusTimer()
  usePageTitle(i18n.t('page.goodsList'))
  // It came with its own texts and stores only (RootStore.beforePage): the rest once its first rows
  // have painted and the browser is idle, off their pictures' way, so the next page need not wait.
  const stores = useStores()
  useEffect(
    () =>
      afterPaint(() =>
        host.whenIdle(() => {
          void i18n.loadAll()
          stores.prefetchFeatures()
        })
      ),
    [host, i18n, stores]
  )

  const shopId = session.params.ShopID
  const baseId = session.params.BaseID
  const open = (g: GoodsRow) => host.navigateTo(ROUTES.goodsDetails(g.GoodsID))

  const perClass = cartCountByClass(menu, cart, shopId, baseId)

  // Until the session is back (a reload, a link) the page is one loading view: the header's shop
  // name and service switch arriving later pushed the page down (Lighthouse CLS 0.09).
  if (!session.isReady) return <StateView kind='loading' text={i18n.t('shell.loading')} />

  return (
    <View className='so-order'>
      <View className='so-order__top'>
        <View className='so-order__where'>
          {/* Where the diner orders: the shop and the branch chosen (issue 27 item 13). */}
          <View className='so-order__place'>
            <Text className='so-order__shop' role='heading' aria-level={1}>{session.shopInfo ? i18n.pick(session.shopInfo.ShopNames, session.shopInfo.ShopName) : ''}</Text>
            {session.baseInfo && (
              <Text className='so-order__branch' data-testid='menu-branch'>
                {i18n.pick(session.baseInfo.BaseNames, session.baseInfo.BaseName)}
              </Text>
            )}
          </View>
          {session.table && <Text className='so-order__table'>{i18n.pick(session.table.TableNames, session.table.TableName)}</Text>}
          {/* issue 27: the goods on promotion now, where the menu has any (AvailablePromotionGoods lists them with their promotions). */}
          {menu.goods.some((g) => g.SaleType > 0) && (
            <View className='so-order__offers' role='button' tabIndex={0} data-testid='open-offers' onClick={() => host.navigateTo(PAST_HOME_ROUTES.promotionGoods)}>
              <Text>{i18n.t('menu.offers')}</Text>
            </View>
          )}
        </View>
        <View className='so-order__search' role='button' tabIndex={0} data-testid='open-search' onClick={() => host.navigateTo(ROUTES.search)}>
          <View className='so-order__search-icon' />
          <Text>{i18n.t('search.placeholder')}</Text>
        </View>
        <ModeSwitch />
        {/* issue 26: the diner's dietary needs hide dishes for the visit. */}
        <DietFilter />
      </View>
      {menu.menuState === 'ready' && menu.sections.length > 0 ? (
        <MenuBrowser
          onOpen={open}
          renderAction={(g) => <GoodsAction goods={g} onChoose={open} />}
          classBadge={(id) => {
            const n = perClass.get(id)
            return n && n.gt(0) ? format.quantity(n) : ''
          }}
        />
      ) : (
        <View className='so-order__state'>
          {menu.menuState === 'failed' ? (
            <StateView kind='failed' text={i18n.t('menu.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void menu.loadMenu(true)} />
          ) : menu.menuState === 'ready' && menu.filteredOut > 0 ? (
            <StateView kind='empty' text={i18n.t('diet.noneLeft')} retryLabel={i18n.t('diet.clear')} onRetry={() => dietFilter.clear()} />
          ) : menu.menuState === 'ready' ? (
            <StateView kind='empty' text={i18n.t('menu.empty')} />
          ) : (
            <StateView kind='loading' text={i18n.t('shell.loading')} />
          )}
        </View>
      )}
      <View className='so-order__bar-room' />
      <CartBar shopId={shopId} baseId={baseId} onOpen={() => host.navigateTo(ROUTES.cart(session.payMode))} />
    </View>
  )
}

export default observer(GoodsList)
