import { View, Input, ScrollView, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import type { GoodsRow } from '../../gateway/operations'
import { useStores } from '../../stores/context'
import { usePageTitle, useSaleStatusTimer, useSessionPage } from '../../compose/page-hooks'
import { useOrderingAllowedRedirect } from '../../compose/ordering-redirect'
import { ROUTES } from '../../features/shell/routes'
import { GoodsRowView } from '../../features/menu/components/GoodsRowView'
import { CartBar } from '../../features/cart/components/CartBar'
import { GoodsAction } from '../../compose/GoodsAction'
import { StateView } from '../../ui/StateView'
import './search.css'

const DEBOUNCE_MS = 250
/** A long result list shows this many first and offers 'Expand All' (spec §2: long lists offer it). */
export const SEARCH_FIRST_ROWS = 20

/** Order by number (spec §2 search): type a goods number, results in goods-number order. */
function Search() {
  const { session, menu, i18n, host, dietFilter } = useStores()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useSessionPage()
  useOrderingAllowedRedirect()
  useSaleStatusTimer()
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )
  usePageTitle(i18n.t('page.search'))
  // A language switch asks again, so names come back in the new language.
  useEffect(() => {
    if (session.isReady && menu.searchKeyword) void menu.search(menu.searchKeyword)
  }, [i18n.locale, session.isReady])

  const onInput = (value: string) => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void menu.search(value), DEBOUNCE_MS)
  }
  const open = (g: GoodsRow) => host.navigateTo(ROUTES.goodsDetails(g.GoodsID))
  const keyword = menu.searchKeyword.trim()
  // Expanded for one keyword: a new search starts short again.
  const [expandedFor, setExpandedFor] = useState<string | null>(null)
  // What the goods list hides for the diner's dietary needs, search hides too, and says so.
  const results = menu.searchShown
  const hidden = menu.searchResults.length - results.length
  const shown = expandedFor === keyword ? results : results.slice(0, SEARCH_FIRST_ROWS)

  return (
    <View className='so-search'>
      <View className='so-search__bar'>
        <Text className='so-sr-only' role='heading' aria-level={1}>
          {i18n.t('page.search')}
        </Text>
        <Input
          className='so-search__input'
          type='text'
          focus
          confirmType='search'
          placeholder={i18n.t('search.placeholder')}
          // Named by what it asks for, also once the diner has typed (H5's inner <input>).
          nativeProps={{ 'aria-label': i18n.t('search.placeholder') }}
          value={menu.searchKeyword}
          onInput={(e) => onInput(e.detail.value)}
          onConfirm={(e) => void menu.search(e.detail.value)}
          data-testid='search-input'
        />
      </View>
      <ScrollView className='so-search__results' scrollY>
        {!keyword ? (
          <StateView kind='empty' text={i18n.t('search.hint')} />
        ) : menu.searchState === 'failed' ? (
          <StateView kind='failed' text={i18n.t('menu.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void menu.search(menu.searchKeyword)} />
        ) : menu.searchResults.length === 0 && menu.searchState === 'ready' ? (
          <StateView kind='empty' text={i18n.t('search.none', { keyword })} />
        ) : results.length === 0 && menu.searchState === 'ready' ? (
          <StateView kind='empty' text={i18n.t('diet.noneLeft')} retryLabel={i18n.t('diet.clear')} onRetry={() => dietFilter.clear()} />
        ) : (
          <>
            {hidden > 0 && (
              <View className='so-search__hidden' data-testid='search-diet-hidden'>
                <Text role='status'>{i18n.t('diet.hiding', { n: hidden })}</Text>
                <View className='so-search__clear' role='button' tabIndex={0} onClick={() => dietFilter.clear()}>
                  {i18n.t('diet.clear')}
                </View>
              </View>
            )}
            {shown.map((g) => (
              <GoodsRowView key={g.GoodsID} goods={g} onOpen={open} action={<GoodsAction goods={g} onChoose={open} />} />
            ))}
            {shown.length < results.length && (
              <View className='so-search__more' role='button' data-testid='search-expand-all' onClick={() => setExpandedFor(keyword)}>
                {i18n.t('list.expandAll')}
              </View>
            )}
          </>
        )}
        <View className='so-search__room' />
      </ScrollView>
      <CartBar shopId={session.params.ShopID} baseId={session.params.BaseID} onOpen={() => host.navigateTo(ROUTES.cart(session.payMode))} />
    </View>
  )
}

export default observer(Search)
