import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { ShopBranches } from '../goods-shops.store'
import { useStores } from '../../../stores/context'
import './GoodsShops.css'

/**
 * goodsShops: the shops whose menus have a goods, each with its branches; a branch opens its page
 * (address, hours, delivery). The branch the diner is at now is marked.
 */
export const GoodsShopList = observer(function GoodsShopList(props: { shops: ShopBranches[]; hereBaseId: string; onOpen(baseId: string): void }) {
  const { i18n } = useStores()
  return (
    <View className='so-where' data-testid='goods-shops'>
      {props.shops.map((s) => (
        <View key={s.ShopID} className='so-where__shop' data-testid='goods-shop'>
          <Text className='so-where__shop-name' role='heading' aria-level={2}>
            {s.ShopName}
          </Text>
          <View className='so-where__branches' role='list'>
            {s.branches.map((b) => {
              const here = b.BaseID === props.hereBaseId
              return (
                <View key={b.BaseID} role='listitem' className='so-where__item'>
                  <View
                    className='so-where__branch'
                    role='link'
                    tabIndex={0}
                    aria-label={here ? `${b.BaseName}, ${i18n.t('goodsShops.here')}` : b.BaseName}
                    data-testid='goods-shop-branch'
                    data-base-id={b.BaseID}
                    onClick={() => props.onOpen(b.BaseID)}
                  >
                    <Text className='so-where__branch-name' aria-hidden>
                      {b.BaseName}
                    </Text>
                    {here && (
                      <Text className='so-where__here' aria-hidden>
                        {i18n.t('goodsShops.here')}
                      </Text>
                    )}
                    <View className='so-where__chevron' aria-hidden />
                  </View>
                </View>
              )
            })}
          </View>
        </View>
      ))}
    </View>
  )
})
