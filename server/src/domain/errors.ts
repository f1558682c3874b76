/**
 * The server's typed errors. Two closed unions, each mapped to the contract's codes in
 * this one place:
 *   - DomainError: a business outcome (resultcode, HTTP 200);
 *   - EnvelopeError: the request itself is unusable (errcode, HTTP 4xx; 50000 → 500).
 * Neither knows about HTTP frameworks; the gateway route turns them into responses.
 */
import { ERRCODES, RESULTCODES, type ErrCode, type ResultCode } from '../../../src/gateway/codes'
import type { MessageParams } from '../../../src/i18n/translate'

export type DomainErrorCode = Exclude<keyof typeof RESULTCODES, 'OK'>
export type EnvelopeErrorCode = Exclude<keyof typeof ERRCODES, 'OK'>

export class DomainError extends Error {
  readonly resultcode: ResultCode
  constructor(
    readonly code: DomainErrorCode,
    readonly params?: MessageParams
  ) {
    super(code)
    this.name = 'DomainError'
    this.resultcode = RESULTCODES[code]
  }
}

/** HTTP status per envelope error; a few causes of 10008 override it (405, 400). */
export const ENVELOPE_HTTP_STATUS: Readonly<Record<EnvelopeErrorCode, number>> = {
  MISSING_FIELD: 400,
  INVALID_JSON: 400,
  UNKNOWN_OPERATION: 404,
  WRONG_AUTH_CODE: 401,
  ENT_ID_MISMATCH: 400,
  BODY_TOO_LARGE: 413,
  INVALID_INPUT: 400,
  UNSUPPORTED_REQUEST: 415,
  RATE_LIMITED: 429,
  LOGIN_REQUIRED: 401,
  CROSS_SITE_REFUSED: 403,
  STAFF_SIGN_IN_REQUIRED: 401,
  STAFF_NOT_PERMITTED: 403,
  INTERNAL: 500
}

export class EnvelopeError extends Error {
  readonly errcode: ErrCode
  readonly httpStatus: number
  constructor(
    readonly code: EnvelopeErrorCode,
    readonly params?: MessageParams,
    httpStatus?: number
  ) {
    super(code)
    this.name = 'EnvelopeError'
    this.errcode = ERRCODES[code]
    this.httpStatus = httpStatus ?? ENVELOPE_HTTP_STATUS[code]
  }
}

/** errcode 10007 naming the offending field(s). */
export const invalidInput = (detail: string): EnvelopeError => new EnvelopeError('INVALID_INPUT', { detail })
