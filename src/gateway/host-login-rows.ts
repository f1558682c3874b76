/**
 * The H5 host browsers' login calls (issue 14, spec §7 "separate GET calls by code for host user
 * info"), outside the gateway envelope: GET /host-auth/<kind>/authorize and the user-info calls
 * (server/src/http/host-auth.route.ts). Shared by the client and the server.
 */

/** The host browsers whose own identity signs a diner in (spec §1, §6). */
export type HostLoginKind = 'wechat' | 'alipay' | 'alipayhk' | 'wallet' | 'superapp' | 'thirdparty'

/** Where to send the diner to authorise, and the app id the host knows this deployment by. */
export interface HostAuthorizeRow {
  AuthorizeUrl: string
  AppID: string
}

/** What a user-info call answers: the checked identity (as ThirdPartyAccessTokenGet) and the host profile. */
export interface HostUserRow {
  OpenID: string
  /** Proof of OpenID, signed by this server: send it to VipLoginByOpenID / VipRegister. */
  AccessToken: string
  ExpiresIn: number
  Provider: string
  NikeName: string
  /** The host's picture (absolute http(s) URL or a path on this server), '' when none or unusable. */
  Pic: string
  /** The phone the host verified ('' none: always from a provider that does not verify phones). */
  AreaNo: string
  Phone: string
}

/** chat-app: { code, msg, data } — code 0 is success; anything else means authorise again. */
export interface WechatUserInfoAnswer {
  code: number
  msg: string
  data?: HostUserRow
}

/** transit-payment (payment-app, HK): { code, msg, data } — a non-zero code's msg is shown. */
export type TransitUserInfoAnswer = WechatUserInfoAnswer

/** wallet: { errcode, errmsg, data } — errcode ≠ 0 is retried (a few times). */
export interface WalletUserInfoAnswer {
  errcode: number
  errmsg: string
  data?: HostUserRow
}

/** Codes the host-auth calls answer besides 0. */
export const HOST_AUTH_CODES = {
  /** The code was refused, used, expired or is unknown: authorise again. */
  CODE_REFUSED: 40029,
  /** The host could not answer now: the code is still good, ask again. */
  HOST_BUSY: 45009,
  /** A field is missing or malformed, the enterprise unknown, or the app id not this deployment's. */
  BAD_REQUEST: 40001
} as const
