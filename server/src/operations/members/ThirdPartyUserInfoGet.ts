import { z } from 'zod'
import { usablePicture } from '../../domain/members/host-login.service'
import { identityProviderNamed, vouchedIdentity } from '../../domain/members/identity-token'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { signedTokenField } from './member-columns'

export default defineOperation({
  name: 'ThirdPartyUserInfoGet',
  group: 'Members',
  summary:
    "The host profile of an identity (table1): the phone the host verified as an area-number pair ('' when none, always with a provider that does not verify phones such as the DEVELOPMENT one; RegisterType 0 registers with it), picture and nickname. Needs the OpenID's AccessToken (else 20040).",
  auth: 'app',
  input: z.object({
    AccessToken: signedTokenField('Proof of OpenID from ThirdPartyAccessTokenGet'),
    OpenID: requiredId('Host open id')
  }),
  output: {
    table1: {
      OpenID: 'string: the open id',
      AreaNo: "string: dialling code of the vouched phone without '+' ('' none)",
      Phone: "string: the phone the host vouches for ('' none)",
      Pic: "string: the host's picture as an absolute http(s) URL ('' none, or not such a URL)",
      NikeName: "string: the host's nickname"
    }
  },
  async handler(ctx, input) {
    const identity = await vouchedIdentity(ctx.db, ctx.providers, ctx.enterprise.entId, input.OpenID, input.AccessToken, ctx.now)
    // The profile the host gave with the sign-in (signed into the token), else the provider's answer now.
    const profile = identity.profile ?? (await identityProviderNamed(ctx.providers, identity.provider)?.userInfo(identity.openId))
    // The same rule as the host browsers' user-info calls: a host's picture reaches the app only as an http(s) URL.
    const Pic = usablePicture(profile?.picture ?? '', ctx.origin)
    return { table1: [{ OpenID: identity.openId, AreaNo: identity.areaNo, Phone: identity.phone, Pic, NikeName: profile?.nickname ?? '' }] }
  }
})
