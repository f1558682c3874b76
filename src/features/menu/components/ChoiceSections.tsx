import { View, Text, Image } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { toDecimal } from '../../../core/money'
import { useStores } from '../../../stores/context'
import type { GoodsChoice } from '../goods-choice'
import { packLabel } from '../../../ui/pack-label'
import { radioKeys, radioStops } from '../../../ui/radio-group'
import { lazyPicture } from '../../../hosts/image-alt'
import { picture } from '../../../hosts/picture'
import { allergensOf } from '../../../core/allergens'
import { allergenWords } from '../diet-text'
import './ChoiceSections.css'

/** Each radio's Tab stop in a group of `options` (ui/radio-group). */
function radioGroup(options: { on: boolean; disabled?: boolean }[]): (index: number) => { tabIndex: number } {
  const stops = radioStops(options)
  return (index) => ({ tabIndex: stops(index) })
}

/**
 * One choice: a radio in a group where one is chosen (a spec, the unit, a remark; a remark's
 * chosen option unpicks on a second press), a checkbox where several may be (add-ons). Enter or
 * Space presses it (src/hosts/index.h5.ts). A radio group (ui/radio-group) is one Tab stop, the
 * chosen radio else the first that can be; the arrow keys choose the next or previous that can be.
 */
function Chip(props: { label: string; extra?: string; selected: boolean; disabled?: boolean; onTap(): void; testId?: string; radio?: { tabIndex: number } }) {
  return (
    <View
      className={`so-chip${props.selected ? ' so-chip--on' : ''}${props.disabled ? ' so-chip--off' : ''}`}
      role={props.radio ? 'radio' : 'checkbox'}
      tabIndex={props.radio ? props.radio.tabIndex : 0}
      aria-checked={props.selected}
      aria-disabled={props.disabled}
      data-testid={props.testId}
      onClick={() => !props.disabled && props.onTap()}
    >
      <Text>{props.label}</Text>
      {props.extra && <Text className='so-chip__extra'>{props.extra}</Text>}
    </View>
  )
}

/** The choices of goodsDetails, one section each: specs, unit, remarks, add-ons, combo classes. */
export const ChoiceSections = observer(function ChoiceSections({ choice }: { choice: GoodsChoice }) {
  const { i18n, format } = useStores()
  const d = choice.details
  const plus = (price: string) => (toDecimal(price).gt(0) ? `+${format.price(price)}` : '')
  // issue 26: what a choice brings, said on it before it is chosen ('Peanuts').
  const brings = (marked: { Allergens?: string }) => {
    const codes = allergensOf(marked.Allergens)
    return codes.length ? i18n.t('diet.contains', { list: allergenWords(i18n, codes) }) : ''
  }
  const extras = (...parts: string[]) => parts.filter(Boolean).join(' · ')
  // Each group is named by its title on screen (ids unique per page: goods details pages can stack).
  const uid = useId()
  const titleId = (part: string, i: number) => `${uid}${part}${i}`
  // The main unit, then each pack unit.
  const units = [
    { code: '', label: d.goods.Unit, extra: format.price(choice.mainPrice.salesPrice) },
    ...d.packUnits.map((p) => ({ code: p.PCode, label: packLabel(i18n, p.PUnit, format.quantity(p.Ref), d.goods.Unit), extra: format.price(p.SalesPrice) }))
  ].map((u) => ({ ...u, on: choice.packCode === u.code, choose: () => choice.choosePack(u.code) }))
  const unitRadio = radioGroup(units)
  return (
    <View className='so-choices'>
      {d.attributes.map((a, i) => {
        const values = d.values
          .filter((v) => v.AttrID === a.AttrID)
          .map((v) => ({
            v,
            on: choice.values[a.AttrID] === v.ValueID,
            disabled: !choice.valueAvailable(a.AttrID, v.ValueID),
            choose: () => choice.chooseValue(a.AttrID, v.ValueID)
          }))
        const radio = radioGroup(values)
        return (
          <View key={a.AttrID} className='so-choices__section' data-testid='choice-attribute'>
            <Text className='so-choices__title' id={titleId('a', i)}>
              {a.AttrName}
            </Text>
            <View className='so-choices__chips' role='radiogroup' {...radioKeys} aria-labelledby={titleId('a', i)}>
              {values.map((o, j) => (
                <Chip key={o.v.ValueID} label={o.v.ValueName} extra={brings(o.v)} selected={o.on} disabled={o.disabled} onTap={o.choose} radio={radio(j)} />
              ))}
            </View>
          </View>
        )
      })}

      {d.packUnits.length > 0 && (
        <View className='so-choices__section' data-testid='choice-unit'>
          <Text className='so-choices__title' id={titleId('u', 0)}>
            {i18n.t('details.unit')}
          </Text>
          <View className='so-choices__chips' role='radiogroup' {...radioKeys} aria-labelledby={titleId('u', 0)}>
            {units.map((u, j) => (
              <Chip key={u.code} label={u.label} extra={u.extra} selected={u.on} onTap={u.choose} radio={unitRadio(j)} />
            ))}
          </View>
        </View>
      )}

      {d.remarks.map((r, i) => {
        const options = r.options.map((o) => ({ o, on: choice.remarks[r.name] === o, choose: () => choice.toggleRemark(r.name, o) }))
        const radio = radioGroup(options)
        return (
          <View key={r.name} className='so-choices__section' data-testid='choice-remark'>
            <Text className='so-choices__title' id={titleId('r', i)}>
              {r.name || i18n.t('details.remarks')}
              {/* A required group ('*Spice:…') says so; the bar says what is still to choose. */}
              {r.required && (
                <>
                  {' '}
                  <Text className='so-choices__rule so-choices__rule--required'>{i18n.t('details.required')}</Text>
                </>
              )}
            </Text>
            <View
              className='so-choices__chips'
              role='radiogroup'
              {...radioKeys}
              aria-labelledby={titleId('r', i)}
              aria-required={r.required ? true : undefined}
            >
              {options.map((x, j) => (
                <Chip key={x.o} label={x.o} selected={x.on} onTap={x.choose} radio={radio(j)} />
              ))}
            </View>
          </View>
        )
      })}

      {d.addOns.length > 0 && (
        <View className='so-choices__section' data-testid='choice-addons'>
          <Text className='so-choices__title' id={titleId('o', 0)}>
            {i18n.t('details.addOns')}{' '}
            <Text className='so-choices__rule'>{i18n.t('details.multiple')}</Text>
          </Text>
          <View className='so-choices__chips' role='group' aria-labelledby={titleId('o', 0)}>
            {d.addOns.map((a) => (
              <Chip
                key={a.OptionID}
                label={a.Value}
                // Sold out (the shop's switch, live): said instead of the price, and not to be chosen.
                extra={a.SoldOut === 1 ? i18n.t('cart.soldOut') : extras(plus(a.Value3), brings(a))}
                selected={choice.addOns.includes(a.OptionID) && a.SoldOut !== 1}
                disabled={a.SoldOut === 1}
                onTap={() => choice.toggleAddOn(a.OptionID)}
                testId='addon-chip'
              />
            ))}
          </View>
        </View>
      )}

      {d.bomClasses.map((c, i) => {
        const rule = c.SelectType === 0 ? i18n.t('details.comboRequired', { n: c.Qua }) : i18n.t('details.comboOptional', { n: c.Qua })
        // One pick swaps (a radio group); up to n picks are checkboxes.
        const single = c.Qua === 1
        const picked = choice.bom[c.BOMClassID] ?? []
        const items = d.bomGoods
          .filter((g) => g.BOMClassID === c.BOMClassID)
          .map((g) => ({ g, on: picked.includes(g.GoodsID) && g.SoldOut !== 1, disabled: g.SoldOut === 1, choose: () => choice.toggleBom(c, g.GoodsID) }))
        const radio = single ? radioGroup(items) : null
        return (
          <View key={c.BOMClassID} className='so-choices__section' data-testid='choice-combo'>
            <Text className='so-choices__title' id={titleId('c', i)}>
              {c.BOMClassName}{' '}
              <Text className={`so-choices__rule${c.SelectType === 0 ? ' so-choices__rule--required' : ''}`}>{rule}</Text>
            </Text>
            <View role={single ? 'radiogroup' : 'group'} {...(single ? radioKeys : {})} aria-labelledby={titleId('c', i)} aria-required={single && c.SelectType === 0 ? true : undefined}>
              {items.map(({ g, on: chosen }, j) => {
                const soldOut = g.SoldOut === 1
                const on = chosen && !soldOut
                const off = soldOut || (!on && choice.bomFull(c) && c.Qua > 1)
                const stop = radio?.(j)
                return (
                  <View
                    key={g.GoodsID}
                    className={`so-bom${on ? ' so-bom--on' : ''}${off ? ' so-bom--off' : ''}`}
                    role={single ? 'radio' : 'checkbox'}
                    tabIndex={stop ? stop.tabIndex : 0}
                    aria-checked={on}
                    aria-disabled={off || undefined}
                    data-testid='combo-item'
                    onClick={() => choice.toggleBom(c, g.GoodsID)}
                  >
                    {/* The item's name follows: its picture adds nothing for a screen reader. */}
                    {g.ImageUrl ? <Image className='so-bom__img' mode='aspectFill' {...picture(g.ImageUrl, 13, lazyPicture(''))} /> : <View className='so-bom__img' />}
                    <View className='so-bom__body'>
                      <Text className='so-bom__name'>{g.GoodsName}</Text>
                      <Text className='so-bom__qua'>
                        ×{format.quantity(g.BOMQua)} {g.BOMGoodsPUnit}
                        {soldOut ? ` · ${i18n.t('cart.soldOut')}` : ''}
                        {brings(g) ? ` · ${brings(g)}` : ''}
                      </Text>
                    </View>
                    {plus(g.Price) && <Text className='so-bom__price'>{plus(g.Price)}</Text>}
                    <View className='so-bom__check' />
                  </View>
                )
              })}
            </View>
            {/* Each pick's own choices (its noodles' spice), under the class, as a goods' remarks are. */}
            {items
              .filter((x) => x.on)
              .flatMap(({ g }) => choice.pickGroups(g).map((r, k) => ({ g, r, k })))
              .map(({ g, r, k }) => {
                const chosen = choice.pickRemarks[`${g.BOMClassID}|${g.GoodsID}`] ?? {}
                const options = r.options.map((o) => ({ o, on: chosen[r.name] === o, choose: () => choice.togglePickRemark(g, r.name, o) }))
                const radio = radioGroup(options)
                const id = titleId(`p${i}-${g.GoodsID}-`, k)
                return (
                  <View key={`${g.GoodsID}|${r.name}`} className='so-choices__pick' data-testid='choice-pick-remark'>
                    <Text className='so-choices__subtitle' id={id}>
                      {g.GoodsName} · {r.name || i18n.t('details.remarks')}
                      {r.required && (
                        <>
                          {' '}
                          <Text className='so-choices__rule so-choices__rule--required'>{i18n.t('details.required')}</Text>
                        </>
                      )}
                    </Text>
                    <View className='so-choices__chips' role='radiogroup' {...radioKeys} aria-labelledby={id} aria-required={r.required ? true : undefined}>
                      {options.map((x, j) => (
                        <Chip key={x.o} label={x.o} selected={x.on} onTap={x.choose} radio={radio(j)} />
                      ))}
                    </View>
                  </View>
                )
              })}
          </View>
        )
      })}
    </View>
  )
})
