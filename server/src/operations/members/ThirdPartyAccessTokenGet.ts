import { z } from 'zod'
import { issueAccessToken } from '../../domain/members/identity-token'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'ThirdPartyAccessTokenGet',
  group: 'Members',
  summary:
    "Exchanges a host authorisation code (weapp wx.login, alipay my.getAuthCode) for a checked identity through the identity provider: table1 the OpenID and an AccessToken signed by this server (valid 2 hours, for this enterprise) that proves it to ThirdPartyUserInfoGet, VipLoginByOpenID and VipRegister. A code the host refuses → 20040. The DEVELOPMENT provider (Provider 'dev') accepts 'dev:<openid>' and vouches for no phone (docs/members.md).",
  auth: 'app',
  input: z.object({ Code: requiredId("The host's authorisation code") }),
  output: {
    table1: {
      AccessToken: 'string: proof of OpenID, signed by this server; send it with the OpenID',
      OpenID: "string: the user's open id at the host",
      ExpiresIn: 'number: seconds the AccessToken stays valid',
      Provider: "string: the identity provider that answered ('dev' for the development provider)"
    }
  },
  async handler(ctx, input) {
    return { table1: [await issueAccessToken(ctx.db, ctx.providers.identity, ctx.enterprise.entId, input.Code, ctx.now)] }
  }
})
