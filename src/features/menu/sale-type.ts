/**
 * The badge of a goods' sale type (spec §3: gift, promotion, discount, changed price, coupon).
 * A module of its own: Home's recommendations (the first screen) need only this, so the first
 * screen does not carry ./menu-text.ts's other texts or their catalogue entries.
 */
import type { SaleType } from '../../gateway/operations'
import type { I18nStore } from '../../i18n/i18n.store'

export function saleTypeLabel(i18n: I18nStore, saleType: SaleType): string {
  switch (saleType) {
    case 1:
      return i18n.t('menu.saleType.gift')
    case 2:
      return i18n.t('menu.saleType.promote')
    case 3:
      return i18n.t('menu.saleType.discount')
    case 4:
      return i18n.t('menu.saleType.changed')
    case 5:
      return i18n.t('menu.saleType.coupon')
    default:
      return ''
  }
}
