import { View, Text, ScrollView } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useLayoutEffect, useRef } from 'react'
import { useStores } from '../../../stores/context'
import type { AddressStore } from '../address.store'
import { focusNode, keepInside } from '../../../ui/dialog-focus'
import './AddressViews.css'

interface KeyEvent {
  key: string
  shiftKey?: boolean
  target?: unknown
  preventDefault(): void
}

interface Focusable {
  focus?(options?: { preventScroll?: boolean }): void
  querySelector?(selector: string): unknown
  querySelectorAll?(selector: string): ArrayLike<unknown>
}

/**
 * The region picker (spec: 'a region picker … implied by the text catalogue', no route of its own):
 * a bottom sheet that shows one level at a time (Macau, Hong Kong, a mainland province; then its
 * zones or cities; then its parishes or districts). Choosing a region with levels below opens the
 * next level; choosing a leaf is the address's region and closes the sheet. Breadcrumbs go back a
 * level. It is a modal dialog: the focus moves into it (the level's first region) and back to the
 * region button when it closes; Tab stays inside; Escape closes it. Every control is 44 px.
 */
export const RegionPicker = observer(function RegionPicker(props: { store: AddressStore; opener: { current: unknown } }) {
  const { i18n } = useStores()
  const a = props.store
  const sheet = useRef<unknown>(null)
  const list = useRef<unknown>(null)
  const wasOpen = useRef(false)
  const options = a.pickerOptions
  const state = a.pickerState
  const chosen = new Set(a.form.regionPath.map((r) => r.AreaCode).concat(a.form.regionCode ? [a.form.regionCode] : []))

  // Into the dialog when it opens and whenever a level arrives; back to the region button when it closes.
  useLayoutEffect(() => {
    if (a.pickerOpen) {
      if (state === 'ready') setTimeout(() => focusNode((list.current as Focusable | null)?.querySelector?.('[data-testid="region-option"]') ?? sheet.current), 30)
    } else if (wasOpen.current) focusNode(props.opener.current)
    wasOpen.current = a.pickerOpen
  }, [a.pickerOpen, a.pickerParent, state])

  if (!a.pickerOpen) return null
  const path = a.pickerPath
  const levelName = path.length ? path[path.length - 1].AreaName : i18n.t('address.pickerTop')
  return (
    <View className='so-region' data-testid='region-picker'>
      <View className='so-region__mask' aria-hidden onClick={() => a.closePicker()} />
      <View
        ref={sheet as never}
        className='so-region__sheet'
        role='dialog'
        aria-modal='true'
        aria-label={i18n.t('address.picker')}
        {...({ tabIndex: -1 } as Record<string, unknown>)}
        onKeyDown={(e: KeyEvent) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            a.closePicker()
          } else if (e.key === 'Tab' && keepInside(sheet.current, e.target, !!e.shiftKey)) e.preventDefault()
        }}
      >
        <View className='so-region__bar'>
          <Text className='so-region__title' role='heading' aria-level={2}>
            {i18n.t('address.picker')}
          </Text>
          <View className='so-region__close' role='button' tabIndex={0} data-testid='region-close' onClick={() => a.closePicker()}>
            {i18n.t('address.close')}
          </View>
        </View>
        {/* Breadcrumbs: the levels chosen so far; each but the last goes back to it. */}
        <View className='so-region__crumbs' role='list' aria-label={i18n.t('address.pickerSteps')} data-testid='region-crumbs'>
          {[null, ...path].map((r, depth) => {
            const current = depth === path.length
            const name = r ? r.AreaName : i18n.t('address.pickerTop')
            return (
              <View key={r?.AreaCode ?? 'top'} className='so-region__crumb-item' role='listitem'>
                {depth > 0 && (
                  <Text className='so-region__sep' aria-hidden>
                    ›
                  </Text>
                )}
                <View
                  className={`so-region__crumb${current ? ' so-region__crumb--on' : ''}`}
                  role={current ? undefined : 'button'}
                  tabIndex={current ? undefined : 0}
                  aria-current={current ? 'location' : undefined}
                  data-testid='region-crumb'
                  onClick={() => !current && a.pickerBack(depth)}
                >
                  {name}
                </View>
              </View>
            )
          })}
        </View>
        <ScrollView className='so-region__scroll' scrollY>
          {/* The level's name for a screen reader, said again as each level opens. */}
          <Text className='so-sr-only' role='status'>
            {state === 'loading' ? i18n.t('shell.loading') : state === 'ready' ? `${levelName} · ${i18n.t('address.pickerLevel', { n: path.length + 1 })}` : ''}
          </Text>
          {state === 'failed' ? (
            <View className='so-region__state' role='alert'>
              <Text>{a.regionProblem?.message || i18n.t('address.pickerFailed')}</Text>
              <View className='so-region__retry' role='button' tabIndex={0} onClick={() => a.retryLevel()}>
                {i18n.t('common.retry')}
              </View>
            </View>
          ) : state !== 'ready' ? (
            <Text className='so-region__state'>{i18n.t('shell.loading')}</Text>
          ) : options.length === 0 ? (
            <Text className='so-region__state'>{i18n.t('address.pickerEmpty')}</Text>
          ) : (
            <View ref={list as never} className='so-region__list' role='list' aria-label={levelName}>
              {options.map((r) => {
                const on = chosen.has(r.AreaCode)
                return (
                  <View key={r.AreaCode} role='listitem'>
                    <View
                      className={`so-region__option${on ? ' so-region__option--on' : ''}`}
                      role='button'
                      tabIndex={0}
                      aria-pressed={r.HasChildren === 1 ? undefined : on}
                      data-testid='region-option'
                      data-code={r.AreaCode}
                      onClick={() => a.pickRegion(r)}
                    >
                      <Text className='so-region__name'>{r.AreaName}</Text>
                      {r.HasChildren === 1 ? <View className='so-addr-chev' aria-hidden /> : on ? <Text aria-hidden>✓</Text> : null}
                    </View>
                  </View>
                )
              })}
            </View>
          )}
        </ScrollView>
      </View>
    </View>
  )
})
