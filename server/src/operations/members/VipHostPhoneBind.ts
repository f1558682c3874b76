import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { vouchedIdentity } from '../../domain/members/identity-token'
import { bindVerifiedPhone } from '../../domain/members/member-profile.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { signedTokenField, VIP_COLUMNS } from './member-columns'

export default defineOperation({
  name: 'VipHostPhoneBind',
  group: 'Members',
  summary:
    "Binds to the signed-in member the phone the host verified: OpenID with an AccessToken from ThirdPartyAccessTokenGet given a PhoneCode (the chat-app mini-program's getPhoneNumber, the payment-app mini-program's my.getPhoneNumber; docs/host-sign-in.md). table1: the member. The identity must be this member's or no member's yet (then it is linked to this one); another member's, or a token that is not for this OpenID → 20040; a token without a verified phone (every DEVELOPMENT one) → 20047; the phone another member's → 20037; a member that has another phone already → 20041 (change it with VipPhoneChange). Binding the phone the member has changes nothing. A guest stops being a guest.",
  auth: 'member',
  input: z.object({
    OpenID: requiredId('Host open id (ThirdPartyAccessTokenGet)'),
    AccessToken: signedTokenField('Proof of OpenID and of the phone the host verified, from ThirdPartyAccessTokenGet with PhoneCode')
  }),
  output: { table1: VIP_COLUMNS },
  async handler(ctx, input) {
    const identity = await vouchedIdentity(ctx.db, ctx.providers, ctx.enterprise.entId, input.OpenID, input.AccessToken, ctx.now)
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: [await bindVerifiedPhone({ db: ctx.db, member: ctx.member, timeZone, now: ctx.now }, identity)] }
  }
})
