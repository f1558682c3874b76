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
}
