import { RESULTCODES } from '../../gateway/contract'
import { CATALOGUES, type MessageKey } from '../../i18n/catalogues'
import type { SessionFailure } from './session.store'

/** What the entry screen says about a failure, in the diner's language. */
export function failureText(failure: SessionFailure | null, t: (key: MessageKey) => string): string {
  if (!failure) return ''
  if (failure.code === RESULTCODES.SHOP_NOT_FOUND) return t('session.shopMissing')
  const byResult = `resultcode.${failure.code}`
  if (failure.code && byResult in CATALOGUES.en) return t(byResult as MessageKey)
  if (failure.message) return failure.message
  return t('network.error')
}
