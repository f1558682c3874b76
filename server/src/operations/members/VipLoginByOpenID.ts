import { z } from 'zod'
import { loginByOpenId } from '../../domain/members/member-login.service'
import { optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { LOGIN_OUTPUT, loginContext, signedTokenField } from './member-columns'

export default defineOperation({
  name: 'VipLoginByOpenID',
  group: 'Members',
  summary:
    "Logs in by a host identity: OpenID with the AccessToken ThirdPartyAccessTokenGet gave for it (a missing, forged, expired or other enterprise's token → 20040). 42000 when no member has the identity (then VipRegister with OpenID + AccessToken). Orders this device placed as a walk-in become the member's.",
  auth: 'app',
  input: z.object({
    OpenID: requiredId('Host open id'),
    MinaID: optionalId('Host mini-program id'),
    LoginType: z.preprocess((v) => (v === undefined || v === null || v === '' ? 0 : Number(v)), z.literal(0)).describe('0 (the only login type)'),
    AccessToken: signedTokenField('Proof of OpenID from ThirdPartyAccessTokenGet')
  }),
  output: LOGIN_OUTPUT,
  async handler(ctx, input) {
    return loginByOpenId(await loginContext(ctx), ctx.providers, input)
  }
})
