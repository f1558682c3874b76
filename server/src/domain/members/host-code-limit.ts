/**
 * Host code exchanges per client address (HOST_CODE_RATE_PER_MINUTE): each exchange of a made-up
 * code with a real host (WeChat code2Session and OAuth, Alipay oauth.token) spends the
 * deployment's daily quota there, and a host that throttles us refuses every diner's sign-in. So
 * a client address may ask for so many exchanges a minute, counted in the database across every
 * server process (host_code_exchanges, migration 0027; domain/rate/address-window.ts). The
 * development providers call no host and are not counted.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { countAddressUse } from '../rate/address-window'

export const HOST_CODE_WINDOW_MS = 60_000

export interface HostCodeCaller {
  db: Kysely<Database>
  clientIp: string
  now: Date
  /** Exchanges allowed per client address in any HOST_CODE_WINDOW_MS (config hostCodeRatePerMinute). */
  ratePerMinute: number
}

/** Counts one exchange, or throws RATE_LIMITED (errcode 10009) over the limit; the code is then not sent to the host. */
export async function countHostCodeExchange(c: HostCodeCaller): Promise<void> {
  await countAddressUse('host_code_exchanges', { db: c.db, clientIp: c.clientIp, now: c.now, perWindow: c.ratePerMinute, windowMs: HOST_CODE_WINDOW_MS })
}
