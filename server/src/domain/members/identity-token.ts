/**
 * Host identities (open ids). ThirdPartyAccessTokenGet asks the identity provider about the
 * host's authorisation code and hands the client an AccessToken: this server's signature over
 * {enterprise, provider, open id, the phone the host verified (only from a provider that verifies
 * phones), expiry}. Every later use of an OpenID
 * (ThirdPartyUserInfoGet, VipLoginByOpenID, VipRegister) must bring that token: a client-sent
 * OpenID alone is never believed.
 */
import type { Kysely } from 'kysely'
import type { AccessTokenRow } from '../../../../src/gateway/member-rows'
import type { HostIdentity, IdentityProvider } from '../../providers/identity/identity-provider'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { SECRET_NAMES } from '../secrets/server-secret'
import { signToken, verifyToken, type SignedPayload } from './signed-token'

/** How long an AccessToken proves its open id (the host's own login codes live about as long). */
export const ACCESS_TOKEN_SECONDS = 2 * 3600

interface AccessTokenPayload extends SignedPayload {
  /** Enterprise, provider, open id, vouched area number and phone. */
  e: string
  p: string
  o: string
  a: string
  n: string
  /** The host's nickname and picture as the sign-in gave them (absent: none). */
  k?: string
  i?: string
}

/** A host identity this server has checked. */
export interface VouchedIdentity {
  provider: string
  openId: string
  /** The phone the host verified ('' none, always '' from a provider that does not verify phones). */
  areaNo: string
  phone: string
  /** The host profile the sign-in brought (signed into the token), when it brought one. */
  profile?: { nickname: string; picture: string }
}

/** The identity providers a token may name: the mini-programs' one and each host browser's (Providers). */
export interface IdentityProviders {
  identity: IdentityProvider
  hostLogin?: Readonly<Record<string, IdentityProvider>>
}

/** The provider called `name` among them (names are unique), or undefined. */
export function identityProviderNamed(providers: IdentityProviders, name: string): IdentityProvider | undefined {
  if (providers.identity.name === name) return providers.identity
  const member = providers.identity.members?.find((p) => p.name === name)
  if (member) return member
  return Object.values(providers.hostLogin ?? {}).find((p) => p.name === name)
}

/**
 * Exchanges a host authorisation code for an AccessToken; a code the host refuses → ACCESS_TOKEN_INVALID.
 * With `phoneCode` (the chat-app mini-program's getPhoneNumber code) the phone the host verified is
 * signed in too; a provider that cannot verify phones, or a phone code the host refuses →
 * PHONE_NOT_VERIFIED (no token: the diner asked for a login with that phone).
 */
export async function issueAccessToken(db: Kysely<Database>, identity: IdentityProvider, entId: string, code: string, now: Date, phoneCode?: string): Promise<AccessTokenRow> {
  const host = await identity.exchangeCode(code)
  if (!host || !host.openId) throw new DomainError('ACCESS_TOKEN_INVALID')
  const signer = host.via ?? identity
  if (phoneCode === undefined) return signAccessToken(db, signer, entId, host, now)
  if (!signer.verifiesPhones || !signer.phoneFromCode) throw new DomainError('PHONE_NOT_VERIFIED')
  const phone = await signer.phoneFromCode(phoneCode)
  if (!phone?.phone) throw new DomainError('PHONE_NOT_VERIFIED')
  return signAccessToken(db, signer, entId, { ...host, areaNo: phone.areaNo, phone: phone.phone }, now)
}

/** Signs what `identity` said about a code it took (issueAccessToken, the host browsers' user-info calls). */
export async function signAccessToken(db: Kysely<Database>, identity: IdentityProvider, entId: string, host: HostIdentity, now: Date): Promise<AccessTokenRow> {
  // Only a phone the host verified is signed into the token (a provider that checks nothing vouches for none).
  const phone = identity.verifiesPhones ? host.phone : ''
  const payload: AccessTokenPayload = {
    e: entId,
    p: identity.name,
    o: host.openId,
    a: phone ? host.areaNo : '',
    n: phone,
    ...(host.profile?.nickname ? { k: host.profile.nickname.slice(0, 100) } : {}),
    ...(host.profile?.picture && host.profile.picture.length <= 1000 ? { i: host.profile.picture } : {}),
    exp: Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_SECONDS
  }
  return { AccessToken: await signToken(db, SECRET_NAMES.identityAccessToken, payload), OpenID: host.openId, ExpiresIn: ACCESS_TOKEN_SECONDS, Provider: identity.name }
}

/**
 * The identity an AccessToken proves for `openId` in this enterprise, with the phone the host
 * vouches for (from the token, else from the provider's profile). Anything else → ACCESS_TOKEN_INVALID.
 */
export async function vouchedIdentity(
  db: Kysely<Database>,
  providers: IdentityProviders,
  entId: string,
  openId: string,
  accessToken: string | undefined,
  now: Date
): Promise<VouchedIdentity> {
  const payload = accessToken ? await verifyToken<AccessTokenPayload>(db, SECRET_NAMES.identityAccessToken, accessToken, now) : null
  // The provider that signed it must still be configured (a token of a removed provider proves nothing).
  const identity = payload ? identityProviderNamed(providers, payload.p) : undefined
  if (!payload || !identity || payload.e !== entId || payload.o !== openId) throw new DomainError('ACCESS_TOKEN_INVALID')
  // Checked again here: a token signed while a provider of the same name verified phones proves none now.
  const signed = payload.k || payload.i ? { profile: { nickname: payload.k ?? '', picture: payload.i ?? '' } } : {}
  if (!identity.verifiesPhones) return { provider: payload.p, openId, areaNo: '', phone: '', ...signed }
  if (payload.n) return { provider: payload.p, openId, areaNo: payload.a, phone: payload.n, ...signed }
  const profile = await identity.userInfo(openId)
  return { provider: payload.p, openId, areaNo: profile?.phone ? profile.areaNo : '', phone: profile?.phone ?? '', ...signed }
}
