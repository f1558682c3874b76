import { View, Text, Image, type ImageProps } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { GoodsRow } from '../../../gateway/operations'
import { useStores } from '../../../stores/context'
import { StateView } from '../../../ui/StateView'
import { saleTypeLabel } from '../sale-type'
import { lazyImage } from '../../../hosts/lazy-image'
import { picture } from '../../../hosts/picture'
import './RecommendGrid.css'

/** Two cards a row (a card's picture is 47 % of the window: picture() names the widths for srcset): the first row's pictures are the first screen's. */
const FIRST_ROW = 2
/**
 * The card is named by its text (badge, name, price): its picture repeats the name, alt ''. The
 * first row is Home's largest paint: on H5 loaded at once and ahead of the rest (fetchpriority; React
 * 18 passes the lowercase attribute as written), the others lazily. (Not hosts/image-alt: its module
 * would be one more on the first screen.)
 */
const FIRST: ImageProps['imgProps'] = { alt: '', loading: 'eager', fetchpriority: 'high' } as ImageProps['imgProps']
const LATER: ImageProps['imgProps'] = { ...lazyImage.imgProps, alt: '' }

/** Home's recommended goods, two per row; 'Recommend Empty' when the shop recommends none. */
export const RecommendGrid = observer(function RecommendGrid(props: { onOpen(goods: GoodsRow): void }) {
  const { menu, i18n, format } = useStores()
  return (
    <View className='so-recommend'>
      <Text className='so-recommend__title' role='heading' aria-level={2}>{i18n.t('home.recommended')}</Text>
      {menu.recommendedState === 'failed' ? (
        <StateView kind='failed' text={i18n.t('menu.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void menu.loadRecommended(true)} />
      ) : menu.recommendedState === 'ready' && menu.recommendedShown.length === 0 ? (
        <View data-testid='recommend-empty'>
          <StateView kind='empty' text={i18n.t('home.recommendEmpty')} />
        </View>
      ) : (
        <View className='so-recommend__grid'>
          {menu.recommendedShown.map((g, i) => {
            const status = menu.statusOf(g.GoodsID)
            const badge = saleTypeLabel(i18n, g.SaleType)
            const price = status.isOnSale ? format.price(g.SalesPrice) : i18n.t('menu.onSaleAt', { time: status.startsAt })
            return (
              <View key={g.GoodsID} className='so-recommend__card' role='button' tabIndex={0} data-testid='recommend-card' onClick={() => props.onOpen(g)}>
                <View className='so-recommend__pic'>
                  {g.ImageUrl ? (
                    <Image className='so-recommend__img' mode='aspectFill' {...picture(g.ImageUrl, 47, { ...lazyImage, imgProps: i < FIRST_ROW ? FIRST : LATER })} />
                  ) : (
                    <View className='so-recommend__img' />
                  )}
                  {badge && <Text className='so-recommend__badge'>{badge}</Text>}
                </View>
                <Text className='so-recommend__name'>{g.GoodsName}</Text>
                <Text className={status.isOnSale ? 'so-recommend__price' : 'so-recommend__off'}>{price}</Text>
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
})
