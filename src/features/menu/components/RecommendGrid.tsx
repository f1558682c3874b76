import { View, Text, Image } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { GoodsRow } from '../../../gateway/operations'
import { useStores } from '../../../stores/context'
import { StateView } from '../../../ui/StateView'
import { saleTypeLabel } from '../menu-text'
import { lazyImage } from '../../../hosts/lazy-image'
import './RecommendGrid.css'

/** Home's recommended goods, two per row; 'Recommend Empty' when the shop recommends none. */
export const RecommendGrid = observer(function RecommendGrid(props: { onOpen(goods: GoodsRow): void }) {
  const { menu, i18n, format } = useStores()
  return (
    <View className='so-recommend'>
      <Text className='so-recommend__title'>{i18n.t('home.recommended')}</Text>
      {menu.recommendedState === 'failed' ? (
        <StateView kind='failed' text={i18n.t('menu.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void menu.loadRecommended(true)} />
      ) : menu.recommendedState === 'ready' && menu.recommended.length === 0 ? (
        <View data-testid='recommend-empty'>
          <StateView kind='empty' text={i18n.t('home.recommendEmpty')} />
        </View>
      ) : (
        <View className='so-recommend__grid'>
          {menu.recommended.map((g) => {
            const status = menu.statusOf(g.GoodsID)
            const badge = saleTypeLabel(i18n, g.SaleType)
            return (
              <View key={g.GoodsID} className='so-recommend__card' data-testid='recommend-card' onClick={() => props.onOpen(g)}>
                <View className='so-recommend__pic'>
                  {g.ImageUrl ? <Image className='so-recommend__img' src={g.ImageUrl} mode='aspectFill' {...lazyImage} /> : <View className='so-recommend__img' />}
                  {badge && <Text className='so-recommend__badge'>{badge}</Text>}
                </View>
                <Text className='so-recommend__name'>{g.GoodsName}</Text>
                {status.isOnSale ? (
                  <Text className='so-recommend__price'>{format.price(g.SalesPrice)}</Text>
                ) : (
                  <Text className='so-recommend__off'>{i18n.t('menu.onSaleAt', { time: status.startsAt })}</Text>
                )}
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
})
