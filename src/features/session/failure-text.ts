import { ERRCODES, RESULTCODES } from '../../gateway/codes'
import type { MessageKey } from '../../i18n/catalogues'
import type { SessionFailure } from './session.store'

const RESULT_CODES = new Set<string>(Object.values(RESULTCODES).filter((c) => c !== RESULTCODES.OK))

/** What the entry screen says about a failure, in the diner's language. */
export function failureText(failure: SessionFailure | null, t: (key: MessageKey) => string): string {
  if (!failure) return ''
  if (failure.code === RESULTCODES.SHOP_NOT_FOUND) return t('session.shopMissing')
  // Every result code of the contract has a message (tests/unit/catalogues.test.ts checks it).
  if (failure.code && RESULT_CODES.has(failure.code)) return t(`resultcode.${failure.code}` as MessageKey)
  if (failure.message) return failure.message
  return t('network.error')
}

/**
 * Whether trying the same entry again can help: network trouble (no code), a rate limit or the
 * server's internal error. A code the server refused (invalid or expired QR code, no such shop,
 * branch or table) stays refused: Retry is not offered for it.
 */
export function canRetry(failure: SessionFailure | null): boolean {
  if (!failure) return false
  return !failure.code || failure.code === ERRCODES.RATE_LIMITED || failure.code === ERRCODES.INTERNAL
}
