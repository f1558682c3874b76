import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useLayoutEffect, useRef, useState } from 'react'
import { ALLERGEN_CODES, SUITABLE_CODES } from '../../../core/allergens'
import { useStores } from '../../../stores/context'
import { focusNode, keepInside } from '../../../ui/dialog-focus'
import { allergenWords, dietWords } from '../diet-text'
import './DietFilter.css'

type KeyEvent = { key: string; shiftKey?: boolean; target?: unknown; preventDefault(): void }

/**
 * The diner's dietary needs on the goods list (issue 26 item 1): a button beside search opens a
 * sheet of checkboxes — the 14 allergens to hide, and vegetarian, vegan or halal to show only — and
 * a line under it says how many dishes are hidden, with Clear. A modal dialog: the focus goes in
 * and back to the button; Tab stays inside; Escape closes it. Kept for the visit (DietFilterStore).
 */
export const DietFilter = observer(function DietFilter() {
  const { dietFilter: filter, menu, i18n } = useStores()
  const [open, setOpen] = useState(false)
  const opener = useRef<unknown>(null)
  const sheet = useRef<unknown>(null)
  const wasOpen = useRef(false)
  useLayoutEffect(() => {
    if (open) focusNode(sheet.current)
    else if (wasOpen.current) focusNode(opener.current)
    wasOpen.current = open
  }, [open])
  const hidden = menu.filteredOut
  const chip = (on: boolean, label: string, toggle: () => void, testId: string) => (
    <View
      key={label}
      className={`so-diet__chip${on ? ' so-diet__chip--on' : ''}`}
      role='checkbox'
      tabIndex={0}
      aria-checked={on}
      data-testid={testId}
      onClick={toggle}
    >
      {label}
    </View>
  )
  return (
    <>
      <View className='so-diet__bar'>
        <View
          ref={opener as never}
          className={`so-diet__open${filter.active ? ' so-diet__open--on' : ''}`}
          role='button'
          tabIndex={0}
          aria-haspopup='dialog'
          data-testid='diet-open'
          onClick={() => setOpen(true)}
        >
          {filter.active ? i18n.t('diet.filterCount', { n: filter.count }) : i18n.t('diet.filter')}
        </View>
        {filter.active && (
          <>
            <Text className='so-diet__hidden' role='status' data-testid='diet-hidden'>
              {i18n.t('diet.hiding', { n: hidden })}
            </Text>
            <View className='so-diet__clear' role='button' tabIndex={0} data-testid='diet-clear' onClick={() => filter.clear()}>
              {i18n.t('diet.clear')}
            </View>
          </>
        )}
      </View>
      {open && (
        <View className='so-diet' data-testid='diet-sheet'>
          <View className='so-diet__mask' aria-hidden onClick={() => setOpen(false)} />
          <View
            ref={sheet as never}
            className='so-diet__sheet'
            role='dialog'
            aria-modal='true'
            aria-label={i18n.t('diet.filter')}
            {...({ tabIndex: -1 } as Record<string, unknown>)}
            onKeyDown={(e: KeyEvent) => {
              if (e.key === 'Escape') {
                e.preventDefault()
                setOpen(false)
              } else if (e.key === 'Tab' && keepInside(sheet.current, e.target, !!e.shiftKey)) e.preventDefault()
            }}
          >
            <Text className='so-diet__title' role='heading' aria-level={2}>
              {i18n.t('diet.filter')}
            </Text>
            <Text className='so-diet__group' id='so-diet-hide'>
              {i18n.t('diet.hideTitle')}
            </Text>
            <View className='so-diet__chips' role='group' aria-labelledby='so-diet-hide'>
              {ALLERGEN_CODES.map((c) => chip(filter.hide.includes(c), allergenWords(i18n, [c]), () => filter.toggleHide(c), 'diet-hide'))}
            </View>
            <Text className='so-diet__group' id='so-diet-only'>
              {i18n.t('diet.onlyTitle')}
            </Text>
            <View className='so-diet__chips' role='group' aria-labelledby='so-diet-only'>
              {SUITABLE_CODES.map((c) => chip(filter.only.includes(c), dietWords(i18n, [c]), () => filter.toggleOnly(c), 'diet-only'))}
            </View>
            <View className='so-diet__actions'>
              <View className='so-diet__action' role='button' tabIndex={0} data-testid='diet-sheet-clear' onClick={() => filter.clear()}>
                {i18n.t('diet.clear')}
              </View>
              <View className='so-diet__action so-diet__action--done' role='button' tabIndex={0} data-testid='diet-done' onClick={() => setOpen(false)}>
                {i18n.t('diet.done')}
              </View>
            </View>
          </View>
        </View>
      )}
    </>
  )
})
