/**
 * What an SMS gateway is to us. A real one (an SMS vendor's API with its credentials) implements
 * this; the development provider (development.provider.ts) is the one this repository ships.
 * Providers never touch the database: the SMS code service (server/src/domain/members) decides
 * whether a code may be sent, makes it, stores its hash, and only then asks the provider to
 * deliver it.
 */
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
}

export interface SmsProvider {
  /** 'development', or the vendor's name. */
  readonly name: string
  /** Delivers the message; throws when the vendor refuses (the code is then ended). */
  send(message: SmsMessage): Promise<void>
}
