/**
 * Host-browser login (issue 14): where to send a diner to authorise with their host browser, and
 * the exchange of the code it sends back for a checked identity (an AccessToken signed by this
 * server, as ThirdPartyAccessTokenGet gives) plus the host profile. The HTTP shapes of spec §7's
 * GET user-info calls are server/src/http/host-auth.route.ts; this never sees Fastify.
 */
import type { Kysely } from 'kysely'
import type { HostAuthorizeRow, HostUserRow } from '../../../../src/gateway/host-login-rows'
import { isHostLoginKind, type HostLoginKind, type HostLoginProviders } from '../../providers/identity/identity-provider'
import type { Database } from '../../storage/schema'
import { requireEnterprise } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { allowedReturnOrigins } from '../payments/payment.service'
import { checkReturnUrl } from '../payments/return-url'
import { signAccessToken } from './identity-token'

/** Why a host-login request cannot go on (the route maps each to its host's answer). */
export class HostLoginRequestError extends Error {
  constructor(readonly field: string) {
    super(`bad host login request: ${field}`)
    this.name = 'HostLoginRequestError'
  }
}

/** The state the app sends along (CSRF): random, URL-safe; the app checks it when the diner comes back. */
const STATE = /^[A-Za-z0-9_-]{16,128}$/

export function hostLoginKind(value: unknown): HostLoginKind {
  if (!isHostLoginKind(value)) throw new HostLoginRequestError('kind')
  return value
}

async function enterprise(db: Kysely<Database>, entId: unknown): Promise<string> {
  if (typeof entId !== 'string' || !entId) throw new HostLoginRequestError('EntID')
  try {
    return (await requireEnterprise(db, entId)).entId
  } catch {
    throw new HostLoginRequestError('EntID')
  }
}

/**
 * The host's authorise URL for a return to `redirectUri`: only the app's own pages (the origin
 * serving it or the enterprise's H5 link), else the authorise page would be an open redirect.
 */
export async function hostAuthorize(
  db: Kysely<Database>,
  providers: HostLoginProviders,
  input: { kind: HostLoginKind; entId: unknown; redirectUri: unknown; state: unknown; origin: string }
): Promise<HostAuthorizeRow> {
  const entId = await enterprise(db, input.entId)
  if (typeof input.state !== 'string' || !STATE.test(input.state)) throw new HostLoginRequestError('state')
  const checked = typeof input.redirectUri === 'string' ? checkReturnUrl(input.redirectUri, await allowedReturnOrigins(db, entId, input.origin)) : null
  if (checked === null) throw new HostLoginRequestError('redirect_uri')
  // A host sends the browser to an absolute URL; a same-origin path is made one.
  const redirectUri = checked.startsWith('/') ? `${input.origin}${checked}` : checked
  const provider = providers[input.kind]
  if (provider.available === false) throw new HostLoginRequestError('kind')
  return { AuthorizeUrl: provider.authorizeUrl({ redirectUri, state: input.state, origin: input.origin }), AppID: provider.appId }
}

/**
 * The identity behind a host's code, signed for this enterprise, with the host's profile.
 * Refused, used, expired or unknown code → DomainError ACCESS_TOKEN_INVALID; a host that cannot
 * answer now → HostUnavailableError (the code was not taken).
 */
export async function hostUser(
  db: Kysely<Database>,
  providers: HostLoginProviders,
  input: { kind: HostLoginKind; entId: unknown; code: unknown; debug?: boolean; appId?: unknown; origin: string; now: Date }
): Promise<HostUserRow> {
  const entId = await enterprise(db, input.entId)
  if (typeof input.code !== 'string' || !input.code || input.code.length > 256) throw new HostLoginRequestError('code')
  const provider = providers[input.kind]
  if (provider.available === false) throw new HostLoginRequestError('kind')
  if (input.appId !== undefined && input.appId !== provider.appId) throw new HostLoginRequestError('appid')
  const identity = await provider.exchangeCode(input.code, { debug: input.debug })
  if (!identity?.openId) throw new DomainError('ACCESS_TOKEN_INVALID')
  const token = await signAccessToken(db, provider, entId, identity, input.now)
  // A real host answers the profile with the sign-in (its access token is not kept); the development one by open id.
  const profile = identity.profile ?? (await provider.userInfo(identity.openId))
  return {
    ...token,
    NikeName: profile?.nickname ?? '',
    Pic: usablePicture(profile?.picture ?? '', input.origin),
    AreaNo: provider.verifiesPhones && identity.phone ? identity.areaNo : '',
    Phone: provider.verifiesPhones ? identity.phone : ''
  }
}

/**
 * The host's picture as the member keeps it: an http(s) URL (a path on this server made absolute);
 * anything else (another scheme, a malformed URL) falls back to '' (spec §8: avatar copy failure → empty).
 */
export function usablePicture(picture: string, origin: string): string {
  const text = picture.trim()
  if (!text || text.length > 2000) return ''
  try {
    const url = new URL(text, `${origin}/`)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    if (url.username || url.password) return ''
    return url.toString()
  } catch {
    return ''
  }
}
