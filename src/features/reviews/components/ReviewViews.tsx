import { Image, Text, Textarea, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { REVIEW_MAX_TEXT } from '../../../core/review-rules'
import type { MessageKey } from '../../../i18n/catalogues'
import { radioKeys, radioStops } from '../../../ui/radio-group'
import { Stars } from '../../../ui/Stars'
import type { LineDraft, ReviewEditStore } from '../review-edit.store'
import './ReviewViews.css'

type T = (key: MessageKey, params?: Record<string, string | number>) => string

const STARS = [1, 2, 3, 4, 5]

/** 1–5 stars as a radio group (one Tab stop, arrows move and choose); each star a 44 px target. */
const StarPicker = observer(function StarPicker(props: { store: ReviewEditStore; draft: LineDraft; t: T }) {
  const { store, draft, t } = props
  const stops = radioStops(STARS.map((n) => ({ on: draft.stars === n })))
  return (
    <View className='so-review__stars' role='radiogroup' aria-label={t('review.rateLabel', { name: draft.line.GoodsName })} {...radioKeys}>
      {STARS.map((n, i) => (
        <View
          key={n}
          className={`so-review__star${n <= draft.stars ? ' so-review__star--on' : ''}`}
          role='radio'
          aria-checked={draft.stars === n}
          aria-label={t('comment.stars', { n })}
          tabIndex={stops(i)}
          data-testid={`review-star-${draft.line.LineNo}-${n}`}
          onClick={() => store.setStars(draft.line.LineNo, n)}
        >
          <Text aria-hidden>★</Text>
        </View>
      ))}
    </View>
  )
})

/**
 * Photos a review already has: thumbnails that open the preview; removable while editable.
 * `inGrid`: the tiles alone, photo-picker sized, for the picker's own grid (issue 17 fix: they
 * showed above the 'Photos' heading while its counter read '0 of 5').
 */
function KeptPhotos(props: { draft: LineDraft; t: T; onPreview(urls: string[], current: string): void; onRemove?(fileId: string): void; inGrid?: boolean }) {
  const { draft, t } = props
  if (draft.kept.length === 0) return null
  const urls = draft.kept.map((p) => p.Url)
  const tiles = draft.kept.map((p, i) => (
    <View key={p.FileID} className={`so-review__kept-tile${props.inGrid ? ' so-review__kept-tile--grid' : ''}`} data-testid='review-kept-photo'>
      <Image
        className='so-review__kept-img'
        src={p.ThumbUrl}
        mode='aspectFill'
        role='button'
        tabIndex={0}
        aria-label={t('review.photoOf', { n: i + 1, name: draft.line.GoodsName })}
        imgProps={{ alt: t('review.photoOf', { n: i + 1, name: draft.line.GoodsName }) }}
        onClick={() => props.onPreview(urls, p.Url)}
      />
      {props.onRemove && (
        <View className='so-review__kept-remove' role='button' tabIndex={0} aria-label={t('review.removePhoto', { n: i + 1 })} onClick={() => props.onRemove?.(p.FileID)}>
          <Text aria-hidden>×</Text>
        </View>
      )}
    </View>
  ))
  return props.inGrid ? <>{tiles}</> : <View className='so-review__kept'>{tiles}</View>
}

/** One goods line: its name and choices, then the review (editable or read-only). */
const LineReview = observer(function LineReview(props: {
  store: ReviewEditStore
  draft: LineDraft
  t: T
  photos(draft: LineDraft, kept: { count: number; tiles: ReactNode }): ReactNode
  onPreview(urls: string[], current: string): void
}) {
  const { store, draft, t } = props
  const lineNo = draft.line.LineNo
  const choices = [draft.line.SkuName, draft.line.RemarkText, draft.line.AddOnText, draft.line.BomText].filter(Boolean).join(' · ')
  const length = Array.from(draft.content).length
  return (
    <View className='so-review' data-testid={`review-line-${lineNo}`}>
      <Text className='so-review__goods' role='heading' aria-level={2}>
        {draft.line.GoodsName}
      </Text>
      {choices && <Text className='so-review__choices'>{choices}</Text>}
      {draft.editable ? (
        <>
          <StarPicker store={store} draft={draft} t={t} />
          {draft.stars === 0 && <Text className='so-review__hint'>{t('review.needStars')}</Text>}
          <View className='so-review__text-box'>
            <Textarea
              className='so-review__text'
              value={draft.content}
              maxlength={REVIEW_MAX_TEXT}
              placeholder={t('review.placeholder')}
              nativeProps={{ 'aria-label': `${t('review.text')} (${draft.line.GoodsName})` }}
              data-testid={`review-text-${lineNo}`}
              onInput={(e) => store.setContent(lineNo, e.detail.value)}
            />
            <Text className='so-review__counter' aria-label={t('review.counterAria', { n: length, max: REVIEW_MAX_TEXT })}>
              {t('review.counter', { n: length, max: REVIEW_MAX_TEXT })}
            </Text>
          </View>
          {props.photos(draft, {
            count: draft.kept.length,
            tiles: <KeptPhotos draft={draft} t={t} onPreview={props.onPreview} onRemove={(id) => store.removeKept(lineNo, id)} inGrid />
          })}
        </>
      ) : (
        <View className='so-review__done'>
          {draft.review && <Stars value={draft.review.Stars} label={t('comment.stars', { n: draft.review.Stars })} />}
          {draft.review?.Content ? <Text className='so-review__content'>{draft.review.Content}</Text> : null}
          <KeptPhotos draft={draft} t={t} onPreview={props.onPreview} />
          <Text className='so-review__note'>{t('review.closed')}</Text>
        </View>
      )}
      {draft.review?.Hidden === 1 && <Text className='so-review__note'>{t('review.hidden')}</Text>}
      {draft.review?.Reply ? (
        <View className='so-review__reply'>
          <Text className='so-review__reply-label'>{t('review.reply')}</Text>
          <Text className='so-review__reply-text'>{draft.review.Reply}</Text>
        </View>
      ) : null}
    </View>
  )
})

/** The whole form: every line, the anonymous switch, the submit button and what happened. */
export const ReviewForm = observer(function ReviewForm(props: {
  store: ReviewEditStore
  t: T
  photos(draft: LineDraft, kept: { count: number; tiles: ReactNode }): ReactNode
  onPreview(urls: string[], current: string): void
}) {
  const { store, t } = props
  const anyReview = store.drafts.some((d) => d.review)
  return (
    <View className='so-review-form'>
      {store.drafts.map((d) => (
        <LineReview key={d.line.LineNo} store={store} draft={d} t={t} photos={props.photos} onPreview={props.onPreview} />
      ))}
      {store.anyEditable ? (
        <>
          <View
            className='so-review-switch'
            role='switch'
            tabIndex={0}
            aria-checked={store.anonymous}
            data-testid='review-anonymous'
            onClick={() => store.setAnonymous(!store.anonymous)}
          >
            <View className='so-review-switch__text'>
              <Text className='so-review-switch__label'>{t('review.anonymous')}</Text>
              <Text className='so-review-switch__hint'>{t('review.anonymousHint')}</Text>
            </View>
            <View className={`so-review-switch__track${store.anonymous ? ' so-review-switch__track--on' : ''}`} aria-hidden>
              <View className='so-review-switch__knob' />
            </View>
          </View>
          {store.photosFailed && (
            <Text className='so-review-form__problem' role='alert'>
              {t('review.photosFailed')}
            </Text>
          )}
          {store.problem && (
            <Text className='so-review-form__problem' role='alert'>
              {store.problem.message || t('review.network')}
            </Text>
          )}
          {store.saved && (
            <Text className='so-review-form__saved' role='status'>
              {t('review.saved')}
            </Text>
          )}
          <View
            className={`so-review-form__submit${store.canSubmit ? '' : ' so-review-form__submit--off'}`}
            role='button'
            tabIndex={0}
            aria-disabled={!store.canSubmit}
            data-testid='review-submit'
            onClick={() => void store.submit()}
          >
            {store.submitting ? t('shell.loading') : anyReview ? t('review.update') : t('review.submit')}
          </View>
        </>
      ) : (
        <Text className='so-review__note so-review-form__closed'>{t('review.allClosed')}</Text>
      )}
    </View>
  )
})
