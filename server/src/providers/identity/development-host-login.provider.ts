/**
 * DEVELOPMENT HOST LOGIN — no host browser's OAuth server is asked. It stands in for the chat-app,
 * payment-app (and HK), wallet, super-app and third-party authorise pages: authorizeUrl points at
 * this server's own page (/dev-auth/<kind>/authorize, server/src/http/host-auth.route.ts), which
 * says DEVELOPMENT and lets the tester choose which test user to be. Choosing issues a one-time
 * code (kept hashed in dev_host_login_codes, single use, 5 minutes, like the hosts' own codes) and
 * sends the browser back with it and the state. exchangeCode takes such a code once. Used and
 * expired codes are deleted, and at most DEV_LIVE_CODES_PER_USER live ones kept per test user.
 *
 * It proves nothing about anyone: whoever opens the page may be any test user. It vouches for no
 * phone (verifiesPhones false). It is active only with IDENTITY_PROVIDER=development, which a
 * production server refuses unless ALLOW_DEVELOPMENT_PROVIDERS names 'identity' (run-mode.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import type { HostIdentity, HostLoginKind, HostLoginProvider, HostProfile } from './identity-provider'

/** How long an issued code may be exchanged (the chat-app's own codes live 5 minutes). */
export const DEV_HOST_CODE_SECONDS = 300

/**
 * Unused, unexpired codes kept per test user and host kind: a tester needs one, and anyone may post
 * the page, so more would let a stranger grow the table without limit (the oldest go first).
 */
export const DEV_LIVE_CODES_PER_USER = 20

/** The test users the development authorise page offers (same on every host kind). */
export const DEV_TEST_USERS: readonly { openId: string; nickname: string; hasPicture: boolean }[] = [
  { openId: 'dev-amy', nickname: 'Amy', hasPicture: true },
  { openId: 'dev-ben', nickname: 'Ben', hasPicture: false },
  { openId: 'dev-chloe', nickname: 'Chloe', hasPicture: true }
]

export const DEV_AUTHORIZE_PATH = (kind: HostLoginKind): string => `/dev-auth/${kind}/authorize`
/** A test user's picture, drawn by this server (a path on our own origin). */
export const DEV_AVATAR_PATH = (openId: string): string => `/dev-auth/avatar/${openId}.svg`

export function hashDevCode(code: string): string {
  return createHash('sha256').update(code).digest('hex')
}

export class DevelopmentHostLoginProvider implements HostLoginProvider {
  readonly name: string
  readonly appId: string
  readonly verifiesPhones = false

  constructor(
    readonly kind: HostLoginKind,
    private readonly db: Kysely<Database>
  ) {
    this.name = `dev-${kind}`
    this.appId = `dev-${kind}`
  }

  authorizeUrl({ redirectUri, state, origin }: { redirectUri: string; state: string; origin: string }): string {
    const q = new URLSearchParams({ app_id: this.appId, redirect_uri: redirectUri, state })
    return `${origin}${DEV_AUTHORIZE_PATH(this.kind)}?${q.toString()}`
  }

  /** The development authorise page's choice: a new one-time code for that test user. */
  async issueCode(openId: string, now: Date): Promise<string | null> {
    if (!DEV_TEST_USERS.some((u) => u.openId === openId)) return null
    const code = randomBytes(24).toString('base64url')
    await this.db
      .insertInto('dev_host_login_codes')
      .values({
        code_hash: hashDevCode(code),
        kind: this.kind,
        open_id: openId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + DEV_HOST_CODE_SECONDS * 1000).toISOString(),
        used_at: null
      })
      .execute()
    await this.forgetUnusable(openId, now)
    return code
  }

  /** Used and expired codes prove nothing any more; of one user's live codes only the newest are kept. */
  private async forgetUnusable(openId: string, now: Date): Promise<void> {
    await this.db
      .deleteFrom('dev_host_login_codes')
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]))
      .execute()
    const mine = this.db.selectFrom('dev_host_login_codes').where('kind', '=', this.kind).where('open_id', '=', openId)
    await this.db
      .deleteFrom('dev_host_login_codes')
      .where('kind', '=', this.kind)
      .where('open_id', '=', openId)
      .where('code_hash', 'not in', mine.select('code_hash').orderBy('created_at', 'desc').orderBy('code_hash').limit(DEV_LIVE_CODES_PER_USER))
      .execute()
  }

  async exchangeCode(code: string, _options?: { debug?: boolean }): Promise<HostIdentity | null> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(code)) return null
    const now = new Date().toISOString()
    // One statement: of two concurrent exchanges of the same code only one sees used_at empty.
    const taken = await this.db
      .updateTable('dev_host_login_codes')
      .set({ used_at: now })
      .where('code_hash', '=', hashDevCode(code))
      .where('kind', '=', this.kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['open_id'])
      .executeTakeFirst()
    return taken ? { openId: taken.open_id, areaNo: '', phone: '' } : null
  }

  async userInfo(openId: string): Promise<HostProfile | null> {
    const user = DEV_TEST_USERS.find((u) => u.openId === openId)
    if (!user) return null
    return { nickname: user.nickname, picture: user.hasPicture ? DEV_AVATAR_PATH(openId) : '', areaNo: '', phone: '' }
  }
}
