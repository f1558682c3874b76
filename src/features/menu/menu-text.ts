/** Menu texts that depend on codes (sale types, combo rules), in one place. */
import type { I18nStore } from '../../i18n/i18n.store'
import type { ChoiceProblem } from './goods-choice'

/** Sale types' badges live in a module of their own: Home's recommendations need them, the rest here is past Home. */
export { saleTypeLabel } from './sale-type'

/** What is still to choose (a required remark group is said by goodsDetails: its text is not on the first screen). */
export function problemText(i18n: I18nStore, p: Exclude<ChoiceProblem, { kind: 'remark' }>): string {
  switch (p.kind) {
    case 'attribute':
      return i18n.t('details.chooseAttribute', { name: p.attrName })
    case 'sku-unavailable':
      return i18n.t('details.skuUnavailable')
    case 'combo':
      return i18n.t('details.chooseCombo', { name: p.className, n: p.need })
    case 'pick-remark':
      return i18n.t('details.choosePickRemark', { name: p.groupName || i18n.t('details.remarks'), goods: p.goodsName })
  }
}
