import { View, Text, Image } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSaleStatusTimer, useSessionPage } from '../../compose/page-hooks'
import { useOrderingAllowedRedirect } from '../../compose/ordering-redirect'
import { bomRemarkGroups } from '../../compose/cart-labels'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { GoodsChoice } from '../../features/menu/goods-choice'
import { orderLimits } from '../../core/order-limits'
import { withRemarkRefs } from '../../core/cart'
import { problemText, saleTypeLabel } from '../../features/menu/menu-text'
import { allergenWords, marksText } from '../../features/menu/diet-text'
import { afterConfirm } from '../../hosts/confirm-signal'
import { ChoiceSections } from '../../features/menu/components/ChoiceSections'
import { CartButton } from '../../features/cart/components/CartBar'
import { Stepper } from '../../ui/Stepper'
import { StateView } from '../../ui/StateView'
import { firstPicture } from '../../hosts/image-alt'
import { picture } from '../../hosts/picture'
import { largestPicture } from '../../core/picture-variants'
import './goodsDetails.css'

/**
 * Goods details (spec §2): specs, pack unit, remarks, add-ons, combo, quantity, live price. One
 * bar at the bottom holds what the diner acts with: the price of this choice, the quantity, the
 * cart (with its count) and the two ways to order it.
 */
function GoodsDetails() {
  const { session, menu, cart, i18n, host, format, dietFilter } = useStores()
  const goodsId = useRouter().params.GoodsID ?? ''

  useSessionPage()
  useOrderingAllowedRedirect()
  useEffect(() => {
    if (session.isReady && goodsId) void menu.loadDetails(goodsId, true)
  }, [session.isReady, goodsId, i18n.locale, menu])
  useSaleStatusTimer()

  const details = menu.details[goodsId]
  // No goods named (a link cut short): nothing will load, so say so instead of loading for ever.
  const state = goodsId ? (menu.detailState[goodsId] ?? 'loading') : 'failed'
  const missing = !goodsId || !!menu.detailMissing[goodsId]
  // A fresh choice whenever the details (or their language) arrive.
  const limits = orderLimits(session.shopParams, session.entSysParams)
  const choice = useMemo(
    () => (details ? new GoodsChoice(details, format.points, limits) : null),
    [details, format.points.QuaPoint, limits.maxLineQuantity]
  )

  // Until the goods is known its page is named by what it shows (a goods that is not there, a failure).
  usePageTitle(details?.goods.GoodsName ?? (state === 'failed' ? i18n.t(missing ? 'resultcode.20007' : 'details.loadFailed') : ''))

  const shopId = session.params.ShopID
  const baseId = session.params.BaseID

  if (!details || !choice) {
    return (
      <View className='so-details'>
        {state === 'failed' ? (
          // Goods this menu has not (an odd link): 'not on the menu', no Retry, the way Home (issue 27 item 12).
          <StateView
            kind='failed'
            text={i18n.t(missing ? 'resultcode.20007' : 'details.loadFailed')}
            retryLabel={missing ? undefined : i18n.t('common.retry')}
            onRetry={() => void menu.loadDetails(goodsId, true)}
            wayOnLabel={i18n.t('entryProblem.continue')}
            onWayOn={() => host.reLaunch(ROUTES.home)}
          />
        ) : (
          <StateView kind='loading' text={i18n.t('shell.loading')} />
        )}
      </View>
    )
  }

  const g = details.goods
  const status = menu.statusOf(g.GoodsID)
  const badge = saleTypeLabel(i18n, g.SaleType)
  const problem = choice.problems[0]
  const unitName = choice.pack ? choice.pack.PUnit : g.Unit
  const images = g.Images.length > 0 ? g.Images : g.ImageUrl ? [g.ImageUrl] : []

  // The shop's sold-out switch (heard live, docs/live-events.md): nothing can be added.
  const soldOut = choice.soldOut
  const ready = status.isOnSale && !soldOut && choice.complete
  // The line keeps where its remarks sit, so the cart names them in any language later.
  const line = () => withRemarkRefs(choice.toLine(), details.remarks, bomRemarkGroups(details))
  // issue 26: what the line contains that the diner asked to hide (the goods itself, or a choice).
  const marks = choice.marks
  const conflicts = choice.sourcesOf(dietFilter.conflicts({ Allergens: marks.allergens.join(',') }))
  const conflictList = allergenWords(i18n, conflicts.flatMap((c) => c.allergens))
  // Such a line goes in only after the diner says so.
  const checked = (action: () => void) =>
    conflicts.length === 0
      ? action()
      : void afterConfirm(host, { content: i18n.t('diet.confirmAdd', { list: conflictList }), confirm: i18n.t('diet.addAnyway'), cancel: i18n.t('common.cancel') }, action)
  const add = () => {
    if (!ready) return
    checked(() => {
      cart.add(choice.cartGoods({ ShopID: shopId, BaseID: baseId }), [line()])
      host.toast(i18n.t('details.added'))
    })
  }
  // "Buy now": just this goods straight to the confirm page (the temporary cart); the cart stays as it is.
  const buyNow = () => {
    if (!ready) return
    checked(() => {
      if (cart.buyNow(choice.cartGoods({ ShopID: shopId, BaseID: baseId }), line())) host.navigateTo(ROUTES.confirm(session.payMode))
    })
  }
  const marksLine = marksText(i18n, { Allergens: marks.allergens.join(','), Diets: marks.diets.join(',') })

  return (
    <View className='so-details'>
      <View className='so-details__hero' data-testid='goods-picture'>
        {images[0] ? (
          <View
            className='so-details__open'
            role='button'
            tabIndex={0}
            aria-label={i18n.t('details.pictures', { name: g.GoodsName })}
            onClick={() => host.previewImage(images.map(largestPicture), largestPicture(images[0]))}
          >
            <Image className='so-details__img' mode='aspectFill' {...picture(images[0], 100, firstPicture(g.GoodsName))} />
          </View>
        ) : (
          <View className='so-details__img so-details__img--none' />
        )}
        {images.length > 1 && (
          <Text className='so-details__pics' aria-hidden>
            1/{images.length}
          </Text>
        )}
      </View>
      <View className='so-details__card'>
        <View className='so-details__title'>
          <Text className='so-details__code'>{g.GoodsCode}</Text>
          <Text className='so-details__name' role='heading' aria-level={1} data-testid='details-name'>
            {g.GoodsName}
          </Text>
          {badge && <Text className='so-details__badge'>{badge}</Text>}
        </View>
        {g.Description && <Text className='so-details__desc'>{g.Description}</Text>}
        {/* issue 26: the line's allergens and diet as chosen now, in words. */}
        {marksLine && (
          <View className='so-details__marks' data-testid='details-marks'>
            <Text className='so-details__marks-title'>{i18n.t('diet.marksTitle')}</Text>
            <Text className='so-details__marks-text'>{marksLine}</Text>
          </View>
        )}
        <View className='so-details__meta'>
          <Text>{g.SalesQua > 0 ? i18n.t('menu.sold', { n: g.SalesQua }) : ''}</Text>
          <View className='so-details__reviews' role='link' tabIndex={0} data-testid='open-reviews' onClick={() => host.navigateTo(ROUTES.goodsComment(g.GoodsID))}>
            <Text>{i18n.t('details.reviews', { n: g.CommentCount })}</Text>
            <Text className='so-details__chevron' aria-hidden>
              ›
            </Text>
          </View>
        </View>
        {!status.isOnSale && (
          <Text className='so-details__off' data-testid='sale-status'>
            {i18n.t('menu.onSaleAt', { time: status.startsAt })}
          </Text>
        )}
        {/* A status: said when it changes while the diner is on the page. */}
        <View role='status'>
          {soldOut && status.isOnSale && (
            <Text className='so-details__off' data-testid='sold-out'>
              {i18n.t('cart.soldOut')}
            </Text>
          )}
        </View>
        {/* issue 27: the branches whose menus have this goods (GroundingShopList). */}
        <View className='so-details__where' role='link' tabIndex={0} data-testid='open-goods-shops' onClick={() => host.navigateTo(PAST_HOME_ROUTES.goodsShops(g.GoodsID))}>
          <Text>{i18n.t('goodsShops.link')}</Text>
          <Text className='so-details__chevron' aria-hidden>
            ›
          </Text>
        </View>
      </View>

      <ChoiceSections choice={choice} />

      <View className='so-details__room' />
      <View className='so-details__bar' data-testid='details-bar'>
        {conflicts.length > 0 && status.isOnSale && !soldOut && (
          <Text className='so-details__conflict' role='status' data-testid='diet-conflict'>
            {conflicts.map((c) => i18n.t('diet.conflict', { name: c.name, list: allergenWords(i18n, c.allergens) })).join(' ')}
          </Text>
        )}
        {problem && status.isOnSale && !soldOut && (
          <Text className='so-details__problem' role='status' data-testid='choice-problem'>
            {problem.kind === 'remark' ? i18n.t('details.chooseRemark', { name: problem.groupName || i18n.t('details.remarks') }) : problemText(i18n, problem)}
          </Text>
        )}
        <View className='so-details__row'>
          <View className='so-details__live'>
            <Text className='so-details__amount' data-testid='live-price'>
              {format.amount(choice.amount)}
            </Text>
            {choice.originalAmount.gt(choice.amount) && <Text className='so-details__was'>{format.amount(choice.originalAmount)}</Text>}
            <Text className='so-details__unit'>
              {format.price(choice.unitSalesPrice)}/{unitName}
            </Text>
          </View>
          <Stepper
            testId='details-quantity'
            value={format.quantity(choice.quantity, choice.quantityDecimals)}
            canDecrease={choice.canDecrease}
            increaseLabel={i18n.t('menu.addOne', { name: g.GoodsName })}
            decreaseLabel={i18n.t('menu.removeOne', { name: g.GoodsName })}
            onIncrease={() => choice.increase()}
            onDecrease={() => choice.decrease()}
            canIncrease={choice.canIncrease}
            hint={
              choice.quantityLimit?.kind === 'stock'
                ? choice.quantityLimit.left > 0
                  ? i18n.t('cart.onlyLeft', { left: choice.quantityLimit.left })
                  : i18n.t('cart.soldOut')
                : choice.quantityLimit
                  ? i18n.t('cart.atMost', { max: choice.quantityLimit.max })
                  : ''
            }
          />
        </View>
        <View className='so-details__row'>
          <CartButton className='so-details__cart' testId='cart-go' shopId={shopId} baseId={baseId} onOpen={() => host.navigateTo(ROUTES.cart(session.payMode))} />
          <View
            className={`so-details__add so-details__add--now${ready ? '' : ' so-details__add--off'}`}
            role='button'
            tabIndex={0}
            aria-disabled={!ready}
            data-testid='buy-now'
            onClick={buyNow}
          >
            {i18n.t('details.buyNow')}
          </View>
          <View
            className={`so-details__add${ready ? '' : ' so-details__add--off'}`}
            role='button'
            tabIndex={0}
            aria-disabled={!ready}
            data-testid='add-to-cart'
            onClick={add}
          >
            {i18n.t('details.add')}
          </View>
        </View>
      </View>
    </View>
  )
}

export default observer(GoodsDetails)
