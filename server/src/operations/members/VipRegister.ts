import { z } from 'zod'
import { register } from '../../domain/members/member-login.service'
import { optionalId } from '../fields'
import { defineOperation } from '../operation'
import { LOGIN_OUTPUT, loginContext, placeFields, profileFields, signedTokenField } from './member-columns'

export default defineOperation({
  name: 'VipRegister',
  group: 'Members',
  summary:
    "Makes a member and logs it in (table1 the session, table2 the member, IsNew 1). RegisterType 1: Phone + AreaNo + Code (the VipLogin code VipLoginGet left unused); 0: the phone the host verified (needs OpenID + AccessToken, and an identity provider that verifies phones; none verified → 20047: the DEVELOPMENT provider verifies none); 2: no phone (needs OpenID + AccessToken). An OpenID without its AccessToken (ThirdPartyAccessTokenGet) → 20040. When the proven phone or the open id already has a member, that member logs in instead (IsNew 0) and the open id is linked to it. Name rule → 20039; code errors as VipLoginGet. Orders this device placed as a walk-in become the member's. A new member's HeadImg (the host's picture) is copied into our storage, checked as an upload; if the copy fails the avatar is empty (spec §8), never the host's URL.",
  auth: 'app',
  input: z.object({
    RegisterType: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.union([z.literal(0), z.literal(1), z.literal(2)])).describe('1 phone + code, 0 the phone the host verified, 2 neither'),
    Phone: optionalId('Mobile number (RegisterType 1)'),
    AreaNo: optionalId("Dialling code without '+' (RegisterType 1)"),
    Code: optionalId('The SMS code (RegisterType 1)'),
    OpenID: optionalId('Host open id (RegisterType 0 and 2; optional with 1 to link it)'),
    MinaID: optionalId('Host mini-program id, kept with the open id'),
    AccessToken: signedTokenField('Proof of OpenID from ThirdPartyAccessTokenGet').optional(),
    HeadImg: z.string().trim().max(2000).optional().describe("The host's picture URL (ThirdPartyUserInfoGet Pic): a new member's avatar is a copy of it in our storage; a copy that fails leaves the avatar empty (spec §8)"),
    VipName: profileFields.VipName.optional(),
    Birthy: profileFields.Birthy.optional(),
    Sex: profileFields.Sex.optional(),
    ...placeFields
  }),
  output: LOGIN_OUTPUT,
  async handler(ctx, input) {
    return register(await loginContext(ctx), ctx.providers, {
      ...input,
      RegisterType: input.RegisterType,
      VipName: input.VipName === undefined || input.VipName.trim() === '' ? undefined : input.VipName.trim()
    }, { storage: ctx.providers.storage, origin: ctx.origin })
  }
})
