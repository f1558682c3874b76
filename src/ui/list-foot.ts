import type { MessageKey } from '../i18n/catalogues'

/** What a paged list says at its foot: loading the next page, that it failed, that there is more, or its own end text. */
export function listFootKey(list: { moreState: 'idle' | 'loading' | 'failed'; hasMore: boolean }, endKey: MessageKey): MessageKey {
  if (list.moreState === 'loading') return 'shell.loading'
  if (list.moreState === 'failed') return 'list.moreFailed'
  return list.hasMore ? 'list.more' : endKey
}
