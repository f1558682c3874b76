import { View, Text, Image } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import type { PhotoUploads, PickedPhoto } from '../features/uploads/upload.store'
import type { MessageKey } from '../i18n/catalogues'
import './PhotoPicker.css'

type T = (key: MessageKey, params?: Record<string, string | number>) => string

/** Views that act as controls take focus (Taro's View props do not list tabIndex; H5 passes it on). */
const focusable = { tabIndex: 0 } as Record<string, unknown>

/**
 * The photos of a review, an after-sale request or the avatar (issue 17): thumbnails with a remove
 * button each, their upload state (uploading, failed with why and 'upload again'), and 'add photo'
 * while there is room (up to MAX_PHOTOS). Every control is a 44 px target with a name; each photo
 * has a text alternative. The page's store owns `uploads` (PhotoUploads).
 * `kept`: photos the record already has (a saved review's), shown first in the same grid and
 * counted with the new ones ('2 of 5'); `uploads.max` is then the room left beside them.
 */
export const PhotoPicker = observer(function PhotoPicker(props: { uploads: PhotoUploads; t: T; label?: string; kept?: { count: number; tiles: ReactNode } }) {
  const { uploads, t } = props
  const label = props.label ?? t('photos.label')
  const kept = props.kept && props.kept.count > 0 ? props.kept : null
  if (!uploads.available) {
    return (
      <>
        {kept && <View className='so-photos__grid'>{kept.tiles}</View>}
        <Text className='so-photos__note'>{t('photos.unavailable')}</Text>
      </>
    )
  }
  const keptCount = kept?.count ?? 0
  return (
    <View className='so-photos' role='group' aria-label={label}>
      <View className='so-photos__head'>
        <Text className='so-photos__label'>{label}</Text>
        <Text className='so-photos__count'>{t('photos.count', { n: keptCount + uploads.photos.length, max: keptCount + uploads.max })}</Text>
      </View>
      <View className='so-photos__grid'>
        {kept?.tiles}
        {uploads.photos.map((p, i) => (
          <PhotoTile key={p.id} photo={p} n={keptCount + i + 1} t={t} busy={uploads.busy} onRemove={() => uploads.remove(p.id)} onRetry={() => void uploads.retry()} />
        ))}
        {uploads.canAdd && (
          <View className='so-photos__add' role='button' aria-label={t('photos.add')} {...focusable} onClick={() => void uploads.add()}>
            <Text className='so-photos__plus' aria-hidden>
              +
            </Text>
            <Text className='so-photos__add-text'>{t('photos.add')}</Text>
          </View>
        )}
      </View>
    </View>
  )
})

function PhotoTile(props: { photo: PickedPhoto; n: number; t: T; busy: boolean; onRemove(): void; onRetry(): void }) {
  const { photo: p, n, t } = props
  const retryable = p.state === 'failed' && (p.problem === 'network' || p.problem === 'refused' || p.problem === 'server')
  return (
    <View className={`so-photos__tile so-photos__tile--${p.state}`}>
      <Image className='so-photos__img' src={p.photo.path} mode='aspectFill' imgProps={{ alt: t('photos.alt', { n }) }} />
      {p.state === 'uploading' && (
        <Text className='so-photos__state' role='status'>
          {t('photos.uploading')}
        </Text>
      )}
      {p.state === 'failed' && (
        <View className='so-photos__state so-photos__state--failed' role='alert'>
          <Text>{p.problem === 'server' && p.message ? p.message : t(`photos.failed.${p.problem ?? 'refused'}` as MessageKey)}</Text>
          {retryable && !props.busy && (
            <View className='so-photos__retry' role='button' aria-label={`${t('photos.retry')} (${t('photos.alt', { n })})`} {...focusable} onClick={props.onRetry}>
              {t('photos.retry')}
            </View>
          )}
        </View>
      )}
      {p.state !== 'uploading' && (
        <View className='so-photos__remove' role='button' aria-label={t('photos.remove', { n })} {...focusable} onClick={props.onRemove}>
          <Text aria-hidden>×</Text>
        </View>
      )}
    </View>
  )
}
