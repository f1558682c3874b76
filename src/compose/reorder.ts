/**
 * Reorder glue (issue 17 item 5): the orders feature asks OrderReorderGet, the cart takes the
 * lines back. Features do not import each other, so the two meet here.
 *
 * An order of another shop or branch than the one the diner orders from now: the diner is asked
 * to switch there first (the cart belongs to a place; lines of another branch would not show in
 * this one's cart). Lines no longer sold are named with why, in a message the diner closes, and
 * the cart opens.
 */
import type { CartStore } from '../features/cart/cart.store'
import type { OrdersStore } from '../features/orders/orders.store'
import type { SessionStore } from '../features/session/session.store'
import { ROUTES } from '../features/shell/routes'
import type { Host } from '../hosts/host'
import type { MessageKey } from '../i18n/catalogues'
import { otherPlace, reorderPlan, type ReorderPlan } from '../core/reorder'
import type { OrderRow } from '../gateway/order-rows'
import { wasConfirmed } from '../hosts/confirm-signal'

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

export interface ReorderDeps {
  orders: Pick<OrdersStore, 'reorderLines'>
  cart: Pick<CartStore, 'add'>
  session: Pick<SessionStore, 'params' | 'isReady' | 'payMode' | 'initialise'>
  host: Pick<Host, 'confirm' | 'toast' | 'navigateTo'>
  t: Translate
}

/** 'Wonton Noodles (sold out), Egg Tart (no longer on the menu)'. */
export function missingText(t: Translate, missing: ReorderPlan['missing']): string {
  return missing.map((m) => t('reorder.item', { name: m.name, reason: t(`reorder.reason.${m.reason}` as MessageKey) })).join(t('reorder.separator'))
}

/**
 * Puts the order's lines back into the cart at today's prices and opens the cart. What happened:
 * 'added' (all or some lines; the cart opened), 'none' (nothing can come back), 'declined' (the
 * diner stayed at their place), 'failed' (the answer or the switch failed; the diner was told).
 */
export async function reorderIntoCart(deps: ReorderDeps, order: Pick<OrderRow, 'SheetID' | 'ShopID' | 'BaseID' | 'BaseName' | 'ShopName'>): Promise<'added' | 'none' | 'declined' | 'failed'> {
  const { orders, cart, session, host, t } = deps
  const rows = await orders.reorderLines(order.SheetID)
  if (rows === null) return 'failed'
  const plan = reorderPlan(rows)
  if (plan.adds.length === 0) {
    await host.confirm({ content: t('reorder.none', { names: missingText(t, plan.missing) }), confirm: t('reorder.ok') })
    return 'none'
  }
  if (otherPlace(order, session.params)) {
    const place = order.BaseName || order.ShopName
    const yes = await wasConfirmed(host.confirm({ content: t('reorder.otherPlace', { place }), confirm: t('reorder.switch'), cancel: t('common.cancel') }))
    if (!yes) return 'declined'
    await session.initialise({ BaseID: order.BaseID })
    if (!session.isReady || otherPlace(order, session.params)) {
      host.toast(t('place.switchFailed'))
      return 'failed'
    }
  }
  for (const add of plan.adds) cart.add(add.goods, [add.line])
  if (plan.missing.length > 0) {
    await host.confirm({ content: t('reorder.partly', { n: plan.adds.length, names: missingText(t, plan.missing) }), confirm: t('reorder.viewCart') })
  } else {
    host.toast(t('reorder.added'))
  }
  host.navigateTo(ROUTES.cart(session.payMode))
  return 'added'
}
