/**
 * The words a kitchen ticket prints, in the kitchen's language (the enterprise's KitchenLocale):
 * a small table of its own, because the printer speaks the kitchen's language whatever language the
 * server's catalogues or the diner use. The English words are plain ASCII, so an English ticket of
 * ASCII names prints on any ESC/POS printer, Chinese font or not.
 */
import type { Locale } from '../../../src/gateway/contract'

export interface KitchenPrintLabels {
  kitchen: string
  table: string
  pickup: string
  round: (n: number) => string
  sent: string
  changedAt: string
  printedAt: string
  reprint: string
  changed: string
  lineChanged: string
  cancelled: string
  spec: string
  addOns: string
  combo: string
  remark: string
  orderRemark: string
  /** Before the line's allergens (their names come from the catalogues, src/core/allergens.ts). */
  allergens: string
  order: string
  /** Between a label and its text. */
  colon: string
  /** Between an old and a new quantity. */
  arrow: string
  service: Record<string, string>
}

export const KITCHEN_PRINT_LABELS: Record<Locale, KitchenPrintLabels> = {
  'zh-CN': {
    kitchen: '厨房',
    table: '桌号',
    pickup: '取餐号',
    round: (n) => `第${n}轮`,
    sent: '下单',
    changedAt: '改单',
    printedAt: '补印于',
    reprint: '补印',
    changed: '改单',
    lineChanged: '改',
    cancelled: '已取消',
    spec: '规格',
    addOns: '加料',
    combo: '套餐',
    remark: '备注',
    orderRemark: '整单备注',
    allergens: '过敏原',
    order: '单号',
    colon: '：',
    arrow: '→',
    service: { dinein: '堂食', fastfood: '快餐', takeaway: '外带', delivery: '外送' }
  },
  'zh-TW': {
    kitchen: '廚房',
    table: '桌號',
    pickup: '取餐號',
    round: (n) => `第${n}輪`,
    sent: '下單',
    changedAt: '改單',
    printedAt: '補印於',
    reprint: '補印',
    changed: '改單',
    lineChanged: '改',
    cancelled: '已取消',
    spec: '規格',
    addOns: '加料',
    combo: '套餐',
    remark: '備註',
    orderRemark: '整單備註',
    allergens: '過敏原',
    order: '單號',
    colon: '：',
    arrow: '→',
    service: { dinein: '堂食', fastfood: '快餐', takeaway: '外賣自取', delivery: '外送' }
  },
  en: {
    kitchen: 'Kitchen',
    table: 'Table',
    pickup: 'Pickup',
    round: (n) => `Round ${n}`,
    sent: 'Sent',
    changedAt: 'Changed',
    printedAt: 'Reprinted',
    reprint: 'REPRINT',
    changed: 'CHANGED',
    lineChanged: 'CHANGED',
    cancelled: 'CANCELLED',
    spec: 'Spec',
    addOns: 'Add-ons',
    combo: 'Combo',
    remark: 'Note',
    orderRemark: 'Order note',
    allergens: 'ALLERGENS',
    order: 'Order',
    colon: ': ',
    arrow: '->',
    service: { dinein: 'Dine-in', fastfood: 'Fast food', takeaway: 'Takeaway', delivery: 'Delivery' }
  }
}

export function kitchenLabels(locale: string): KitchenPrintLabels {
  return KITCHEN_PRINT_LABELS[locale as Locale] ?? KITCHEN_PRINT_LABELS.en
}
