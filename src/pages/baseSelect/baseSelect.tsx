import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { StateView } from '../../ui/StateView'
import type { BaseWithDistanceRow } from '../../gateway/operations'
import './baseSelect.css'

/**
 * Choose branch (spec §2 baseSelect): the shop's branches, nearest first when the host gives a
 * location; choosing one switches the session to that branch and goes Home, or, when the diner
 * was sent here to order (next=order: a shop's counter code leaves the branch open), on to the menu.
 */
function BaseSelect() {
  const { session, place, i18n, host, format } = useStores()
  const router = useRouter()
  const shopId = router.params.ShopID ?? ''
  const after = router.params.next === 'order' ? ROUTES.goodsList : ROUTES.home
  const mustChoose = !session.baseInfo
  const [switching, setSwitching] = useState('')
  useSessionPage()
  usePageTitle(i18n.t('page.baseSelect'))
  useEffect(() => {
    if (session.isReady) void place.loadBases(shopId || session.params.ShopID)
  }, [session.isReady, shopId, i18n.locale, place])

  const distance = (b: BaseWithDistanceRow): string => {
    if (b.Distance === null || b.Distance < 0) return ''
    return b.Distance < 1000 ? i18n.t('place.metres', { n: Math.round(b.Distance) }) : i18n.t('place.km', { n: format.quantity((b.Distance / 1000).toFixed(1)) })
  }

  const choose = (b: BaseWithDistanceRow) => {
    if (switching) return
    if (b.BaseID === session.params.BaseID && !session.params.TableID) {
      host.reLaunch(after)
      return
    }
    setSwitching(b.BaseID)
    void session.initialise({ BaseID: b.BaseID }).then(() => {
      setSwitching('')
      if (session.isReady) host.reLaunch(after)
      else host.toast(i18n.t('place.switchFailed'))
    })
  }

  if (place.basesState === 'failed')
    return <StateView kind='failed' text={i18n.t('place.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void place.loadBases(shopId)} />
  if (place.basesState !== 'ready') return <StateView kind='loading' text={i18n.t('shell.loading')} />
  if (place.bases.length === 0) return <StateView kind='empty' text={i18n.t('place.noBases')} />

  return (
    <View className='so-place'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.baseSelect')}
      </Text>
      {mustChoose && (
        <Text className='so-place__hint so-place__hint--ask' data-testid='base-first'>
          {i18n.t('checkout.branchFirst')}
        </Text>
      )}
      <Text className='so-place__hint' data-testid='base-order'>
        {place.located ? i18n.t('place.nearest') : i18n.t('place.byCode')}
      </Text>
      {place.bases.map((b) => {
        const current = b.BaseID === session.params.BaseID
        const d = distance(b)
        return (
          // issue 16: branch — the row chooses; its 'Details' beside it opens the branch's page (two controls, not one inside the other).
          <View key={b.BaseID} className='so-place__item so-place__item--split'>
            <View className='so-place__pick' role='button' tabIndex={0} data-testid='base-option' data-base={b.BaseID} onClick={() => choose(b)}>
              <View className='so-place__main'>
                <View className='so-place__title'>
                  <Text className='so-place__name'>{i18n.pick(b.BaseNames, b.BaseName)}</Text>
                  {current && <Text className='so-place__tag'>{i18n.t('place.current')}</Text>}
                  <Text className='so-place__kind'>{i18n.t(b.CYType === '1' ? 'home.fastFood' : 'home.dineIn')}</Text>
                </View>
                <Text className='so-place__line'>
                  {b.BeginTime && b.EndTime ? i18n.t('home.hours', { begin: b.BeginTime.slice(0, 5), end: b.EndTime.slice(0, 5) }) : i18n.t('home.allDay')}
                </Text>
                {b.Address && <Text className='so-place__line'>{b.Address}</Text>}
              </View>
              {switching === b.BaseID ? <Text className='so-place__distance'>{i18n.t('place.switching')}</Text> : d && <Text className='so-place__distance'>{d}</Text>}
            </View>
            <View
              className='so-place__info'
              role='button'
              tabIndex={0}
              aria-label={i18n.t('branch.infoLabel', { name: i18n.pick(b.BaseNames, b.BaseName) })}
              data-testid='base-info'
              data-base={b.BaseID}
              onClick={() => host.navigateTo(ROUTES.baseDetails(b.BaseID))}
            >
              <Text aria-hidden>{i18n.t('branch.info')}</Text>
            </View>
          </View>
        )
      })}
    </View>
  )
}

export default observer(BaseSelect)
