import { View, Text, Image } from '@tarojs/components'
import { useReachBottom, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { commentTimeText } from '../../core/comment-time'
import { formatWallClock } from '../../core/wall-clock'
import { formatDate } from '../../i18n/dates'
import type { GoodsCommentRow } from '../../gateway/operations'
import type { I18nStore } from '../../i18n/i18n.store'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { Stars } from '../../ui/Stars'
import { StateView } from '../../ui/StateView'
import { lazyPicture } from '../../hosts/image-alt'
import { picture } from '../../hosts/picture'
import { largestPicture } from '../../core/picture-variants'
import './goodsComment.css'

function timeText(i18n: I18nStore, created: string, now: string): string {
  const t = commentTimeText(created, now)
  switch (t.kind) {
    case 'today':
      return t.time
    case 'yesterday':
      return i18n.t('comment.yesterday')
    case 'daysAgo':
      return i18n.t('comment.daysAgo', { n: t.days })
    case 'weekAgo':
      return i18n.t('comment.weekAgo')
    case 'date':
      return formatDate(t.date, i18n.t('date.long'))
  }
}

/**
 * Goods reviews (spec §2 goodsComment): stars, text, photos (thumbnails; a tap opens the preview of
 * all of them to swipe), when (spec §4 time text), the shop's reply; members' names masked by the
 * server, 'Anonymous' when they chose so; more on reaching the bottom.
 */
function GoodsComment() {
  const { session, menu, goodsComments: comments, i18n, host } = useStores()
  const goodsId = useRouter().params.GoodsID ?? ''

  useSessionPage(() => void comments.loadComments(goodsId))
  useReachBottom(() => void comments.loadComments(goodsId, true))
  usePageTitle(i18n.t('page.goodsComment'))

  const page = comments.commentsOf(goodsId)
  const now = session.now ? formatWallClock(session.now) : ''
  const name = menu.goodsById(goodsId)?.GoodsName ?? ''

  if (!page || (page.state === 'loading' && page.rows.length === 0)) return <StateView kind='loading' text={i18n.t('shell.loading')} />
  if (page.state === 'failed' && page.rows.length === 0) {
    return <StateView kind='failed' text={i18n.t('comment.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void comments.loadComments(goodsId)} />
  }

  const avg = Number(page.summary.AvgStars)
  return (
    <View className='so-comments'>
      <View className='so-comments__summary'>
        <Text className='so-comments__goods' role='heading' aria-level={1}>
          {name || i18n.t('page.goodsComment')}
        </Text>
        <View className='so-comments__score'>
          <Text className='so-comments__avg' data-testid='avg-stars'>
            {page.summary.AvgStars}
          </Text>
          <Stars value={avg} label={i18n.t('comment.stars', { n: page.summary.AvgStars })} />
          <Text className='so-comments__total'>{i18n.t('details.reviews', { n: page.summary.Total })}</Text>
        </View>
      </View>
      {page.rows.length === 0 ? (
        <StateView kind='empty' text={i18n.t('comment.empty')} />
      ) : (
        page.rows.map((c: GoodsCommentRow) => (
          <View key={c.CommentID} className='so-comment' data-testid='comment'>
            <View className='so-comment__head'>
              {/* The name follows: the avatar is decoration. */}
              {c.HeadImg ? (
                <Image className='so-comment__avatar' src={c.HeadImg} {...lazyPicture('')} />
              ) : (
                <View className='so-comment__avatar' aria-hidden>
                  {Array.from(c.VipName)[0] ?? ''}
                </View>
              )}
              <View className='so-comment__who'>
                <Text className='so-comment__name'>{c.Anonymous === 1 ? i18n.t('comment.anonymous') : c.VipName || i18n.t('comment.member')}</Text>
                <Stars value={c.Stars} label={i18n.t('comment.stars', { n: c.Stars })} />
              </View>
              <Text className='so-comment__time' data-testid='comment-time'>
                {now ? timeText(i18n, c.CreatedDate, now) : c.CreatedDate.slice(0, 10)}
              </Text>
            </View>
            {c.Content && <Text className='so-comment__text'>{c.Content}</Text>}
            {c.Images.length > 0 && (
              <View className='so-comment__pics'>
                {c.Images.map((src, i) => (
                  <Image
                    key={`${i}:${src}`}
                    className='so-comment__pic'
                    mode='aspectFill'
                    role='button'
                    tabIndex={0}
                    aria-label={i18n.t('comment.photo', { n: i + 1, total: c.Images.length })}
                    data-testid='comment-photo'
                    {...picture(c.Thumbs?.[i] || src, 24, lazyPicture(''))}
                    onClick={() => host.previewImage(c.Images.map(largestPicture), largestPicture(src))}
                  />
                ))}
              </View>
            )}
            {c.Reply ? (
              <View className='so-comment__reply' data-testid='comment-reply'>
                <Text className='so-comment__reply-label'>{i18n.t('comment.replyLabel')}</Text>
                <Text className='so-comment__reply-text'>{c.Reply}</Text>
              </View>
            ) : null}
          </View>
        ))
      )}
      {page.rows.length > 0 && (
        <Text className='so-comments__end'>
          {page.state === 'loading' ? i18n.t('shell.loading') : comments.hasMoreComments(goodsId) ? i18n.t('comment.more') : i18n.t('comment.end')}
        </Text>
      )}
    </View>
  )
}

export default observer(GoodsComment)
