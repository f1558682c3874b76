/**
 * What an SMS gateway is to us. The vendors (aliyun.provider.ts, tencent.provider.ts,
 * twilio.provider.ts, each through its official SDK) and the development stand-in
 * (development.provider.ts) implement it. Providers never touch the database: the SMS code
 * service (server/src/domain/members) decides whether a code may be sent, makes it, stores its
 * hash, and only then asks the provider to deliver it; a provider's refusal (SmsRefused) is turned
 * into the caller's result code there, in one place.
 */
import type { Locale } from '../../../../src/gateway/contract'
import type { SmsPurpose } from '../../../../src/gateway/member-rows'

export interface SmsMessage {
  entId: string
  /** Dialling code without '+' ('853'). */
  areaNo: string
  /** National number, digits only. */
  phone: string
  /** The code itself: only the provider ever sees it. */
  code: string
  sourceType: SmsPurpose
  /** Minutes the code stays valid (for the text of the message). */
  validMinutes: number
  /** The language of the person asking (their request's Accept-Language): it chooses the template. */
  locale: Locale
}

export interface SmsProvider {
  /** 'development', or the vendor's name. */
  readonly name: string
  /** Delivers the message; throws SmsRefused when the vendor refuses or cannot be reached (the code is then ended). */
  send(message: SmsMessage): Promise<void>
}

/**
 * Why a message was not sent, as the caller can act on it:
 *   - 'invalid-number': the vendor says the number cannot receive SMS (not a valid mobile number);
 *   - 'too-frequent': the vendor's own flow control for this number (or our account) says wait
 *     `retryAfterSeconds`;
 *   - 'daily-limit': the vendor's per-number daily limit;
 *   - 'not-sent': anything the caller cannot fix (credentials, template or signature not approved,
 *     balance, the account's quota, the number opted out, the vendor unreachable or too slow).
 */
export type SmsRefusalReason = 'invalid-number' | 'too-frequent' | 'daily-limit' | 'not-sent'

export class SmsRefused extends Error {
  constructor(
    readonly reason: SmsRefusalReason,
    /** The vendor's name ('aliyun'). */
    readonly vendor: string,
    /** The vendor's code ('isv.MOBILE_NUMBER_ILLEGAL', '21211', 'timeout' …), for the log. */
    readonly vendorCode: string,
    /** For 'too-frequent': seconds to wait. */
    readonly retryAfterSeconds?: number
  ) {
    super(`${vendor} refused the SMS: ${vendorCode} (${reason})`)
    this.name = 'SmsRefused'
  }
}
