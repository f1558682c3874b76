import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { ReviewEditStore } from '../../features/reviews/review-edit.store'
import { ReviewForm } from '../../features/reviews/components/ReviewViews'
import { PhotoUploads } from '../../features/uploads/upload.store'
import { PhotoPicker } from '../../ui/PhotoPicker'
import { StateView } from '../../ui/StateView'

/**
 * Review an order (issue 17 item 2; opened from order details with SheetID): each goods line with
 * stars, text and photos, one anonymous switch, submit; reviews written before show and can be
 * edited for 7 days, then read-only. The page builds its store (the gateway and a photo list per
 * line through the constructor).
 */
function ReviewEdit() {
  const root = useStores()
  const { i18n, host, member } = root
  const sheetId = decodeURIComponent(useRouter().params.SheetID ?? '')
  const [store] = useState(() => new ReviewEditStore(root.gateway, { newPhotos: (max) => new PhotoUploads(root.gateway, host, 'review', max) }))
  const t = i18n.t

  useSessionPage(() => {
    if (!member.signedIn) host.redirectTo(ROUTES.loginByCode({ next: PAST_HOME_ROUTES.reviewEdit(sheetId) }))
    else void store.load(sheetId)
  })
  usePageTitle(t('page.reviewEdit'))
  const heading = (
    <Text className='so-sr-only' role='heading' aria-level={1}>
      {t('page.reviewEdit')}
    </Text>
  )

  if (store.state === 'failed' || store.state === 'refused') {
    return (
      <>
        {heading}
        <StateView
          kind='failed'
          text={store.problem?.message || t(store.state === 'failed' ? 'review.network' : 'review.failed')}
          {...(store.state === 'failed' ? { retryLabel: t('common.retry'), onRetry: () => void store.load(sheetId) } : {})}
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
  if (store.drafts.length === 0) {
    return (
      <>
        {heading}
        <StateView kind='empty' text={t('review.nothing')} />
      </>
    )
  }
  return (
    <View>
      {heading}
      <ReviewForm
        store={store}
        t={t}
        photos={(d, kept) => <PhotoPicker uploads={d.added as PhotoUploads} t={t} kept={kept} />}
        onPreview={(urls, current) => host.previewImage(urls, current)}
      />
    </View>
  )
}

export default observer(ReviewEdit)
