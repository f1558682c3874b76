/**
 * Secrets this deployment makes for itself (server_secrets): a random value generated the first
 * time a name is asked for and kept in the database, so every server process and the CLI sign and
 * check with the same key, and a restart does not void what was signed before.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'

/** Names in use; one secret per purpose, so one leaking does not forge the others. */
export const SECRET_NAMES = {
  /** Signs the host identity proofs ThirdPartyAccessTokenGet hands out (AccessToken). */
  identityAccessToken: 'identity-access-token',
  /** Keys the hashes of stored SMS codes (a read of sms_codes cannot be tried against all 10⁶ codes). */
  smsCode: 'sms-code',
  /** Signs phone-change tickets (VipPhoneChange type 1 → type 2). */
  phoneChangeTicket: 'phone-change-ticket',
  /** Signs member codes (VipQrCodeGet, `npm run member -- verify`). */
  memberCode: 'member-code',
  /** The sandbox payment provider's notices and page keys (unless SANDBOX_PAY_SECRET overrides it). */
  sandboxPay: 'sandbox-pay',
  /** Signs the local object store's upload policies (STORAGE_PROVIDER=local; issue 17). */
  storageUpload: 'storage-upload'
} as const

/** Values already read by this process: a secret never changes once stored. */
const cache = new WeakMap<object, Map<string, string>>()

/**
 * The secret called `name` (64 hex characters = 32 random bytes), made on first use. Two processes
 * asking at once both insert-if-absent and then read back, so both end up with the one row that won.
 */
export async function getOrCreateSecret(db: Kysely<Database>, name: string): Promise<string> {
  let known = cache.get(db)
  const hit = known?.get(name)
  if (hit) return hit
  const existing = await readSecret(db, name)
  const value =
    existing ??
    (await (async () => {
      await db
        .insertInto('server_secrets')
        .values({ name, value: randomBytes(32).toString('hex'), created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
      const stored = await readSecret(db, name)
      if (!stored) throw new Error(`server secret '${name}' could not be stored`)
      return stored
    })())
  if (!known) {
    known = new Map()
    cache.set(db, known)
  }
  known.set(name, value)
  return value
}

async function readSecret(db: Kysely<Database>, name: string): Promise<string | null> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst()
  return row?.value ?? null
}
