/**
 * The host app's identity (WeChat / Alipay mini-program login and the like): what the server asks
 * of it. A real provider exchanges the host's authorisation code with the host's API using its
 * credentials; the development provider (development.provider.ts) stands in for it here. The
 * client never vouches for an open id itself: ThirdPartyAccessTokenGet asks the provider, and the
 * server signs what the provider said (server/src/domain/members/identity-token.ts).
 */

/** Who the host says the user is. */
export interface HostIdentity {
  openId: string
  /**
   * The phone the host says the user verified with it (area number without '+', national digits),
   * '' when none. Believed only from a provider with verifiesPhones.
   */
  areaNo: string
  phone: string
  /**
   * The profile the host gave with this sign-in, when the code's exchange brought it (the hosts
   * answer a profile only with the access token the code bought, which this server does not keep):
   * it is signed into the AccessToken, so ThirdPartyUserInfoGet can answer it later.
   */
  profile?: HostProfile
  /** Which of a combined provider's members answered (its name signs the AccessToken); absent: the provider asked. */
  via?: IdentityProvider
}

/** The host profile of an open id. */
export interface HostProfile {
  nickname: string
  /** Picture URL, '' when none. */
  picture: string
  /** The host-verified phone, when the host tells it only here ('' when none; believed only with verifiesPhones). */
  areaNo: string
  phone: string
}

export interface IdentityProvider {
  /** 'dev', 'weapp', 'alipay', …: stored with every linked identity (member_identities.provider). */
  readonly name: string
  /**
   * Whether the phones this provider reports were verified by the host (the user proved the
   * number to the host). Only then may a phone reach a member (VipRegister RegisterType 0, which
   * logs in the member who owns that phone): a provider that merely passes a phone on must say false.
   */
  readonly verifiesPhones: boolean
  /** The identity behind a host authorisation code; null when the host refuses the code. */
  exchangeCode(code: string): Promise<HostIdentity | null>
  /** The host profile of an open id this provider gave out; null when unknown. */
  userInfo(openId: string): Promise<HostProfile | null>
  /**
   * The phone behind a host phone code (the chat-app mini-program's getPhoneNumber button gives
   * one), as the host verified it; null when the host refuses the code (unknown, used, expired).
   * Throws HostUnavailableError when the host could not answer now. Only a provider with
   * verifiesPhones has it: the development ones check nothing and have none.
   */
  phoneFromCode?(code: string): Promise<{ areaNo: string; phone: string } | null>
  /** A combined provider's members (the mini-programs of two hosts): each one's tokens are checked by its own name. */
  readonly members?: readonly IdentityProvider[]
}

/**
 * The host browsers whose own identity can sign a diner in on H5 (spec §1, §6): the chat-app
 * browser, the payment-app browser and its Hong Kong variant, the payment-wallet browser, the
 * super-app browser, and a third-party member-login provider. Each is an OAuth authorise page the
 * app is sent to and comes back from with a one-time code.
 */
export const HOST_LOGIN_KINDS = ['wechat', 'alipay', 'alipayhk', 'wallet', 'superapp', 'thirdparty'] as const
export type HostLoginKind = (typeof HOST_LOGIN_KINDS)[number]

export function isHostLoginKind(value: unknown): value is HostLoginKind {
  return typeof value === 'string' && (HOST_LOGIN_KINDS as readonly string[]).includes(value)
}

/** The host could not answer now (its API timed out or said "busy"): the code is still good, try again. */
export class HostUnavailableError extends Error {
  constructor(message = 'host identity service unavailable') {
    super(message)
    this.name = 'HostUnavailableError'
  }
}

/**
 * One host browser's OAuth login: where to send the diner to authorise, and (as IdentityProvider)
 * the identity behind the code the authorise page sends back. One provider per host kind; its
 * `name` is unique among all identity providers (it is stored with each linked identity).
 */
export interface HostLoginProvider extends IdentityProvider {
  readonly kind: HostLoginKind
  /** false: this deployment has no sign-in for this host (its calls answer "bad request (kind)"); absent: true. */
  readonly available?: boolean
  /** The app id the host knows this deployment by (the chat-app's user-info call carries it). */
  readonly appId: string
  /**
   * The host's authorise URL that sends the browser back to `redirectUri` with `code` and `state`.
   * `origin` is this server's public origin (the development provider's page lives there).
   */
  authorizeUrl(input: { redirectUri: string; state: string; origin: string }): string
  /**
   * As IdentityProvider.exchangeCode (null: the host refused the code, it is unknown, used or
   * expired); throws HostUnavailableError when the host could not answer now.
   */
  exchangeCode(code: string, options?: { debug?: boolean }): Promise<HostIdentity | null>
}

export type HostLoginProviders = Readonly<Record<HostLoginKind, HostLoginProvider>>
