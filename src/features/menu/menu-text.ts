/** Menu texts that depend on codes (sale types, combo rules), in one place. */
import type { SaleType } from '../../gateway/operations'
import type { I18nStore } from '../../i18n/i18n.store'
import type { ChoiceProblem } from './goods-choice'

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

/** What is still to choose (a required remark group is said by goodsDetails: its text is not on the first screen). */
export function problemText(i18n: I18nStore, p: Exclude<ChoiceProblem, { kind: 'remark' }>): string {
  switch (p.kind) {
    case 'attribute':
      return i18n.t('details.chooseAttribute', { name: p.attrName })
    case 'sku-unavailable':
      return i18n.t('details.skuUnavailable')
    case 'combo':
      return i18n.t('details.chooseCombo', { name: p.className, n: p.need })
  }
}
