import { View, Text, Image } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import { lineAmount, type CartEntry, type CartLine } from '../../../core/cart'
import { useStores } from '../../../stores/context'
import { Stepper } from '../../../ui/Stepper'
import { StateView } from '../../../ui/StateView'
import { afterConfirm } from '../../../hosts/confirm-signal'
import { packLabel } from '../../../ui/pack-label'
import { lazyPicture } from '../../../hosts/image-alt'
import { picture } from '../../../hosts/picture'
import { bomPickText, remarkChoiceText } from '../../../core/choice-text'
import type { Locale } from '../../../gateway/contract'
import './CartView.css'

/** What was chosen on a line, in one short text: 'Large / Hot · Box of 6 · Spice: Mild · +Egg'. */
function lineChoices(line: CartLine, packText: string, locale: Locale): string {
  const parts: string[] = []
  if (line.sku?.SkuName) parts.push(line.sku.SkuName)
  if (line.PUnit) parts.push(packText)
  for (const r of line.remarkList) parts.push(remarkChoiceText(r.name, r.option, locale))
  for (const b of line.bomList) parts.push(bomPickText(b.GoodsName, b.remarkList ?? [], locale))
  for (const a of line.attachmentList) parts.push(`+${a.Value}`)
  return parts.join(' · ')
}

type Node = { focus?(): void; querySelectorAll?(selector: string): ArrayLike<Node>; querySelector?(selector: string): Node | null }

/** The control of a line that took it away: its neighbour's same control takes the focus. */
const LEAVING_CONTROL = { minus: '.so-stepper__btn--minus', remove: '.so-cart__remove' } as const

/** Whether the focus is lost (on the page's body, or on an element no longer there): H5 only. */
function focusLost(): boolean {
  const active = (globalThis as { document?: { activeElement?: { isConnected?: boolean; tagName?: string } | null } }).document?.activeElement
  return !active || active.tagName === 'BODY' || active.isConnected === false
}

/**
 * The cart of the diner's shop and branch: every line with its choices, a stepper and its
 * amount (CartPage's bar below shows the total). Shared by postpayCart and prepayCart.
 *
 * A line taken away with − (its last unit) or Remove takes its controls with it: the focus goes to
 * the same control of the next line (else the previous one), or to the empty cart, instead of the
 * top of the page.
 */
export const CartView = observer(function CartView(props: { shopId: string; baseId: string; onBrowse(): void }) {
  const { cart, i18n, format, host } = useStores()
  /** The hint under a line's stepper when its + stopped: the stock left, or the per-line cap. */
  const lineHint = (limit: ReturnType<typeof cart.lineLimit>): string => {
    if (!limit) return ''
    if (limit.kind === 'cap') return i18n.t('cart.atMost', { max: limit.max })
    return limit.left > 0 ? i18n.t('cart.onlyLeft', { left: limit.left }) : i18n.t('cart.soldOut')
  }
  const entries: CartEntry[] = cart.entriesFor(props.shopId, props.baseId)
  const uids = entries.flatMap((e) => e.lines.map((l) => l.uid))
  const root = useRef<Node | null>(null)
  const leaving = useRef<{ uid: string; control: keyof typeof LEAVING_CONTROL } | null>(null)
  const before = useRef<string[]>(uids)
  useEffect(() => {
    const was = before.current
    before.current = uids
    const left = leaving.current
    if (!left) return
    leaving.current = null
    // The line stayed (one unit fewer): nothing moves.
    if (uids.includes(left.uid)) return
    if (!focusLost()) return
    const at = was.indexOf(left.uid)
    const neighbour = [...was.slice(at + 1), ...was.slice(0, Math.max(at, 0)).reverse()].find((u) => uids.includes(u))
    const el = root.current
    if (!neighbour) {
      el?.focus?.()
      return
    }
    const line = el?.querySelectorAll?.('[data-testid="cart-line"]')?.[uids.indexOf(neighbour)]
    line?.querySelector?.(LEAVING_CONTROL[left.control])?.focus?.()
  })

  if (entries.length === 0) {
    return (
      // Takes the focus when the last line went (tabIndex -1: not a Tab stop): 'Your cart is empty'.
      <View ref={root as never} className='so-cart so-cart--empty' tabIndex={-1} data-testid='cart-empty'>
        <StateView kind='empty' text={i18n.t('cart.empty')} />
        <View className='so-cart__browse' role='button' tabIndex={0} onClick={props.onBrowse}>
          {i18n.t('cart.browse')}
        </View>
      </View>
    )
  }

  // Confirm modals reject with a cancel signal (spec §8): a cancel does nothing.
  const clear = () => void afterConfirm(host, { content: i18n.t('cart.clearConfirm'), confirm: i18n.t('cart.clear'), cancel: i18n.t('common.cancel') }, () => cart.clearCart())
  const remove = (uid: string, name: string) =>
    void afterConfirm(host, { content: i18n.t('cart.removeConfirm', { name }), confirm: i18n.t('cart.remove'), cancel: i18n.t('common.cancel') }, () => {
      leaving.current = { uid, control: 'remove' }
      cart.removeLine(uid)
    })

  return (
    <View ref={root as never} className='so-cart'>
      <View className='so-cart__head'>
        <Text className='so-cart__count'>{i18n.t('cart.items', { n: format.quantity(cart.count(props.shopId, props.baseId)) })}</Text>
        <View className='so-cart__clear' role='button' tabIndex={0} data-testid='cart-clear' onClick={clear}>
          {i18n.t('cart.clear')}
        </View>
      </View>
      {entries.map((e) =>
        e.lines.map((line) => {
          const qua = line.isPack ? line.pQua : line.mQua
          // One unit as ordered, add-ons and combo markups included, priced like the line itself.
          const unitPrice = lineAmount({ ...line, pQua: line.isPack ? '1' : '0', mQua: line.isPack ? '0' : '1' })
          // The pack unit as goods details name it: 'Box (piece × 6)', or 'Box of 6' alone.
          const packText = packLabel(i18n, line.PUnit, format.quantity(line.Ref), e.goodsDetails.Unit)
          return (
            <View key={line.uid} className='so-cart__line' data-testid='cart-line'>
              {e.goodsDetails.ImageUrl ? (
                <Image className='so-cart__img' mode='aspectFill' {...picture(e.goodsDetails.ImageUrl, 19, lazyPicture(e.goodsDetails.GoodsName))} />
              ) : (
                <View className='so-cart__img' />
              )}
              <View className='so-cart__body'>
                <View className='so-cart__title'>
                  <Text className='so-cart__name' data-testid='cart-line-name'>
                    {e.goodsDetails.GoodsName}
                  </Text>
                  <View
                    className='so-cart__remove'
                    role='button'
                    tabIndex={0}
                    aria-label={i18n.t('cart.removeLabel', { name: e.goodsDetails.GoodsName })}
                    data-testid='cart-line-remove'
                    onClick={() => remove(line.uid, e.goodsDetails.GoodsName)}
                  >
                    {i18n.t('cart.remove')}
                  </View>
                </View>
                <Text className='so-cart__choices' data-testid='cart-line-choices'>
                  {lineChoices(line, packText, i18n.locale)}
                </Text>
                <View className='so-cart__foot'>
                  <View className='so-cart__money'>
                    <Text className='so-cart__amount' data-testid='cart-line-amount'>
                      {format.amount(lineAmount(line))}
                    </Text>
                    <Text className='so-cart__unit'>
                      {format.price(unitPrice)}/{line.isPack ? line.PUnit : e.goodsDetails.Unit}
                    </Text>
                  </View>
                  <Stepper
                    testId='cart-line-quantity'
                    value={format.quantity(qua)}
                    increaseLabel={i18n.t('menu.addOne', { name: e.goodsDetails.GoodsName })}
                    decreaseLabel={i18n.t('menu.removeOne', { name: e.goodsDetails.GoodsName })}
                    onIncrease={() => cart.increaseLine(line.uid)}
                    onDecrease={() => {
                      leaving.current = { uid: line.uid, control: 'minus' }
                      cart.decreaseLine(line.uid)
                    }}
                    canIncrease={cart.canIncreaseLine(line.uid)}
                    hint={lineHint(cart.lineLimit(line.uid))}
                  />
                </View>
              </View>
            </View>
          )
        })
      )}
    </View>
  )
})
