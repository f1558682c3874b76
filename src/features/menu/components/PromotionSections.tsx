import { dateText } from '../../../i18n/dates'
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import type { GoodsRow } from '../../../gateway/operations'
import { toDecimal } from '../../../core/money'
import type { I18nStore } from '../../../i18n/i18n.store'
import { useStores } from '../../../stores/context'
import type { PromotionSection } from '../promotions.store'
import { saleTypeLabel } from '../sale-type'
import { GoodsRowView } from './GoodsRowView'
import './PromotionSections.css'

/** When a promotion runs, in words: its days and its daily hours ('' when always). */
export function promotionWhen(p: Pick<PromotionSection, 'BeginDate' | 'EndDate' | 'BeginTime' | 'EndTime'>, i18n: I18nStore): string[] {
  const out: string[] = []
  // Days in the reader's way ('31 Dec 2026', '2026年12月31日'; issue 27 item 19).
  const day = (d: string) => dateText(d, i18n)
  if (p.BeginDate && p.EndDate) out.push(i18n.t('promotion.days', { from: day(p.BeginDate), to: day(p.EndDate) }))
  else if (p.EndDate) out.push(i18n.t('promotion.until', { to: day(p.EndDate) }))
  else if (p.BeginDate) out.push(i18n.t('promotion.since', { from: day(p.BeginDate) }))
  if (p.BeginTime || p.EndTime) out.push(i18n.t('promotion.daily', { from: p.BeginTime || '00:00', to: p.EndTime || '23:59' }))
  return out
}

/** What a promotion gives: its kind, and a discount's percent off ('0.8' → '20% off', '减 20%'). */
export function promotionWhat(p: Pick<PromotionSection, 'SaleType' | 'Discount'>, i18n: I18nStore): string {
  if (p.SaleType === 3 && p.Discount) {
    const off = toDecimal(1).minus(toDecimal(p.Discount)).times(100)
    if (off.gt(0)) return i18n.t('promotion.percentOff', { rate: off.toString() })
  }
  return saleTypeLabel(i18n, p.SaleType)
}

/**
 * promotionGoods: each promotion running now, with what it gives and when, and its goods as the
 * menu shows them (picture, name, the promotion's price beside the list price, the page's action).
 * Goods the menu of this branch does not list are left out; a promotion left with none is too.
 */
export const PromotionSections = observer(function PromotionSections(props: {
  sections: PromotionSection[]
  goodsOf(goodsId: string): GoodsRow | undefined
  onOpen(goods: GoodsRow): void
  renderAction(goods: GoodsRow): ReactNode
}) {
  const { i18n } = useStores()
  const shown = props.sections
    .map((s) => ({ s, goods: s.goodsIds.map((id) => props.goodsOf(id)).filter((g): g is GoodsRow => !!g) }))
    .filter((x) => x.goods.length > 0)
  return (
    <View className='so-promo' data-testid='promotions'>
      {shown.map(({ s, goods }, i) => (
        <View key={s.PromotionID} className='so-promo__section' data-testid='promotion' data-promotion-id={s.PromotionID}>
          <View className='so-promo__head'>
            <Text className='so-promo__name' role='heading' aria-level={2} data-testid='promotion-name'>
              {s.PromotionName}
            </Text>
            <Text className='so-promo__what' data-testid='promotion-what'>
              {promotionWhat(s, i18n)}
            </Text>
            {promotionWhen(s, i18n).map((w) => (
              <Text key={w} className='so-promo__when' data-testid='promotion-when'>
                {w}
              </Text>
            ))}
          </View>
          {goods.map((g, j) => (
            <GoodsRowView key={g.GoodsID} goods={g} first={i === 0 && j < 4} onOpen={props.onOpen} action={props.renderAction(g)} />
          ))}
        </View>
      ))}
    </View>
  )
})

/** How many promotions have goods on this menu (the page's empty state when none). */
export function shownCount(sections: PromotionSection[], goodsOf: (id: string) => GoodsRow | undefined): number {
  return sections.filter((s) => s.goodsIds.some((id) => goodsOf(id))).length
}
