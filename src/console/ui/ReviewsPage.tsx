/** Reviews: the shops' reviews with filters, the shop's reply under one, hiding one (with a reason) or showing it again. */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { pickText } from '../../i18n/text'
import type { StaffReviewRow } from '../../gateway/staff-contract'
import { REPLY_MAX, type ReviewsStore } from '../stores/reviews-store'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, SelectField, Status } from './controls'
import { formatDateTime, placeName } from './format'
import { Badge, Pager, shopChoices, TextArea } from './service-controls'

export const ReviewsPage = observer(function ReviewsPage() {
  const store = useConsole()
  const reviews = store.reviews
  useEffect(() => {
    void reviews.open()
    return () => {
      reviews.stopReply()
      reviews.stopHide()
    }
  }, [reviews])
  const { t } = store
  const apply = (e: FormEvent) => {
    e.preventDefault()
    void reviews.apply()
  }
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='list'>{t('reviews.title')}</PageHeading>
      </div>
      <p className='hint'>{t('reviews.intro')}</p>
      <Status message={reviews.notice} />
      <Alert message={reviews.rowError} />
      <form className='filters' onSubmit={apply} noValidate aria-label={t('list.filters')}>
        <SelectField label={t('reviews.shop')} value={reviews.draft.shopId} onValue={(v) => reviews.setDraft('shopId', v)} options={[{ value: '', label: t('reviews.allShops') }, ...shopChoices(store.scope, store.locale)]} />
        <SelectField
          label={t('reviews.stars')}
          value={reviews.draft.stars}
          onValue={(v) => reviews.setDraft('stars', v)}
          options={[{ value: '', label: t('reviews.anyStars') }, ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: t('reviews.starsOf', { n }) }))]}
        />
        <SelectField
          label={t('reviews.shown')}
          value={reviews.draft.hidden}
          onValue={(v) => reviews.setDraft('hidden', v)}
          options={[
            { value: '', label: t('reviews.shownAll') },
            { value: '0', label: t('reviews.shownOnly') },
            { value: '1', label: t('reviews.hiddenOnly') }
          ]}
        />
        <Field label={t('list.from')} type='date' value={reviews.draft.from} onValue={(v) => reviews.setDraft('from', v)} />
        <Field label={t('list.to')} type='date' value={reviews.draft.to} onValue={(v) => reviews.setDraft('to', v)} error={reviews.filterError} />
        <div className='actions filters-actions'>
          <button type='submit' className='button button-primary' disabled={reviews.loading}>
            {t('list.apply')}
          </button>
          <button type='button' className='button' onClick={() => void reviews.reset()}>
            {t('list.reset')}
          </button>
        </div>
      </form>
      <Alert message={reviews.error} />
      <p role='status' className='summary'>
        {reviews.loading ? t('common.loading') : reviews.loaded ? t('reviews.total', { n: reviews.total }) : ''}
      </p>
      {reviews.loaded && !reviews.loading && reviews.rows.length === 0 ? <p>{t('reviews.empty')}</p> : null}
      {reviews.rows.length ? (
        <ul className='review-list'>
          {reviews.rows.map((row) => (
            <li key={row.ReviewID}>
              <Review reviews={reviews} row={row} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        page={reviews.page}
        pages={reviews.pages}
        loading={reviews.loading}
        label={t('list.pager')}
        previous={t('list.prev')}
        next={t('list.next')}
        pageText={t('list.page', { page: reviews.page, pages: reviews.pages })}
        onPrevious={() => void reviews.previous()}
        onNext={() => void reviews.next()}
      />
    </>
  )
})

const Review = observer(function Review({ reviews, row }: { reviews: ReviewsStore; row: StaffReviewRow }) {
  const store = useConsole()
  const { t } = store
  const goods = pickText(row.GoodsNames, store.locale, row.GoodsID)
  const headingId = `review-${row.ReviewID}`
  const who = row.Imported ? t('reviews.imported') : row.Anonymous ? t('reviews.anonymousBy', { name: row.VipName || t('members.noName') }) : row.VipName || t('members.noName')
  return (
    <article className='card' aria-labelledby={headingId}>
      <div className='review-head'>
        <h2 id={headingId}>{goods}</h2>
        <span>{t('reviews.starsOf', { n: row.Stars })}</span>
        {row.Hidden ? <Badge text={t('reviews.hiddenBadge')} tone='bad' /> : null}
      </div>
      <p className='muted'>
        {who} · {formatDateTime(row.CreatedAt, store.locale)} · {placeName(store.scope, row.ShopID, '', store.locale)}
        {row.UpdatedAt ? ` · ${t('reviews.edited')}` : ''}
      </p>
      {row.Content ? <p className='review-text'>{row.Content}</p> : <p className='muted'>{t('reviews.noText')}</p>}
      {row.Photos.length ? (
        <ul className='photos'>
          {row.Photos.map((photo, i) => (
            <li key={`${photo.Url}-${i}`}>
              <a href={photo.Url} target='_blank' rel='noreferrer'>
                <img src={photo.ThumbUrl} alt={t('reviews.photoAlt', { n: i + 1, total: row.Photos.length, goods })} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {row.Reply ? (
        <div className='reply'>
          <strong>{t('reviews.yourReply')}</strong> {row.Reply}
        </div>
      ) : null}
      {reviews.replying?.ReviewID === row.ReviewID ? (
        <ReplyForm reviews={reviews} row={row} goods={goods} />
      ) : reviews.hiding?.ReviewID === row.ReviewID ? (
        <HideForm reviews={reviews} goods={goods} />
      ) : (
        <div className='actions'>
          <button type='button' className='button button-small' onClick={() => reviews.startReply(row)}>
            {row.Reply ? t('reviews.editReply') : t('reviews.reply')}
            <span className='visually-hidden'> {goods}</span>
          </button>
          {row.Hidden ? (
            <button type='button' className='button button-small' disabled={reviews.busy !== ''} onClick={() => void reviews.unhide(row)}>
              {reviews.busy === row.ReviewID ? t('common.working') : t('reviews.show')}
              <span className='visually-hidden'> {goods}</span>
            </button>
          ) : (
            <button type='button' className='button button-small button-danger' onClick={() => reviews.startHide(row)}>
              {t('reviews.hide')}
              <span className='visually-hidden'> {goods}</span>
            </button>
          )}
        </div>
      )}
    </article>
  )
})

const ReplyForm = observer(function ReplyForm({ reviews, row, goods }: { reviews: ReviewsStore; row: StaffReviewRow; goods: string }) {
  const { t } = useConsole()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void reviews.saveReply()
  }
  return (
    <form className='form' onSubmit={submit} noValidate aria-label={t('reviews.replyName', { goods })}>
      <TextArea
        label={t('reviews.replyLabel')}
        hint={t('reviews.replyHint')}
        value={reviews.reply}
        onValue={(v) => reviews.setReply(v)}
        error={reviews.replyError}
        count={{ used: reviews.replyLength, max: REPLY_MAX, text: t('reviews.replyCount', { n: reviews.replyLength, max: REPLY_MAX }) }}
        rows={3}
      />
      <div className='actions'>
        <button type='submit' className='button button-primary' disabled={reviews.busy !== ''}>
          {reviews.busy ? t('common.working') : t('reviews.sendReply')}
        </button>
        {row.Reply ? (
          <button type='button' className='button button-danger' disabled={reviews.busy !== ''} onClick={() => void reviews.saveReply(true)}>
            {t('reviews.removeReply')}
          </button>
        ) : null}
        <button type='button' className='button' onClick={() => reviews.stopReply()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
})

const HideForm = observer(function HideForm({ reviews, goods }: { reviews: ReviewsStore; goods: string }) {
  const { t } = useConsole()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void reviews.confirmHide()
  }
  return (
    <form className='form' onSubmit={submit} noValidate aria-label={t('reviews.hideName', { goods })}>
      <p>{t('reviews.hideBody')}</p>
      <Field label={t('field.reason')} hint={t('field.reasonHint')} value={reviews.hideReason} onValue={(v) => reviews.setHideReason(v)} error={reviews.hideError} required autoComplete='off' />
      <div className='actions'>
        <button type='submit' className='button button-danger' disabled={reviews.busy !== ''}>
          {reviews.busy ? t('common.working') : t('reviews.hideConfirm')}
        </button>
        <button type='button' className='button' onClick={() => reviews.stopHide()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
})
