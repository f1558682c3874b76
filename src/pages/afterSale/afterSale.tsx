import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { AfterSaleStore } from '../../features/aftersale/aftersale.store'
import { AfterSaleForm, AfterSaleProgressView } from '../../features/aftersale/components/AfterSaleViews'
import { PhotoUploads } from '../../features/uploads/upload.store'
import { PhotoPicker } from '../../ui/PhotoPicker'
import { MAX_PHOTOS } from '../../gateway/after-rows'
import { StateView } from '../../ui/StateView'
import { RESULTCODES } from '../../gateway/codes'
import { dateTimeText } from '../../i18n/dates'

/**
 * After-sale (issue 17; spec §1 after-sale service requests): for the order in the query
 * (SheetID), a new request's form when none is open, else the latest request's progress.
 * The page builds its store (the gateway and its photo uploads through the constructor).
 */
function AfterSale() {
  const root = useStores()
  const { i18n, host, member, format } = root
  const sheetId = decodeURIComponent(useRouter().params.SheetID ?? '')
  const [photos] = useState(() => new PhotoUploads(root.gateway, host, 'aftersale'))
  const [store] = useState(() => new AfterSaleStore(root.gateway, { amoPoint: () => format.points.AmoPoint, photos }))
  const t = i18n.t

  useSessionPage(() => {
    if (!member.signedIn) host.redirectTo(ROUTES.loginByCode({ next: PAST_HOME_ROUTES.afterSale(sheetId) }))
    else void store.load(sheetId)
  })
  usePageTitle(t('page.afterSale'))
  const heading = (
    <Text className='so-sr-only' role='heading' aria-level={1}>
      {t('page.afterSale')}
    </Text>
  )
  const views = { store, t, money: (v: string) => format.amount(v), quantity: (v: string | number) => format.quantity(v), dateTime: (wall: string) => dateTimeText(wall, i18n) }

  const missing = store.problem?.code === RESULTCODES.ORDER_NOT_FOUND || store.problem?.code === RESULTCODES.AFTERSALE_NOT_FOUND
  if (store.state === 'failed') {
    return (
      <>
        {heading}
        <StateView
          kind='failed'
          text={store.problem?.message || t('aftersale.failed')}
          // An order or request the server does not know (an odd link): no Retry, the way Home (issue 27 item 12).
          retryLabel={missing ? undefined : t('common.retry')}
          onRetry={() => void store.load(sheetId)}
          wayOnLabel={t('entryProblem.continue')}
          onWayOn={() => host.reLaunch(ROUTES.home)}
        />
      </>
    )
  }
  if (store.state !== 'ready') {
    return (
      <>
        {heading}
        <StateView kind='loading' text={t('shell.loading')} />
      </>
    )
  }
  return (
    <View>
      {heading}
      {store.mode === 'form' && (
        <AfterSaleForm
          {...views}
          photos={<PhotoPicker uploads={photos} t={t} label={t('aftersale.photos', { n: MAX_PHOTOS })} />}
          onSubmitted={() => host.toast(t('aftersale.submitted'))}
        />
      )}
      {store.mode === 'progress' && <AfterSaleProgressView {...views} onWithdrawn={() => host.toast(t('aftersale.withdrawn'))} />}
      {store.mode === 'none' && <StateView kind='empty' text={t('aftersale.cannot')} />}
    </View>
  )
}

export default observer(AfterSale)
