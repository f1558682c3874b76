import { z } from 'zod'
import { EnvelopeError, invalidInput } from '../../domain/errors'
import { countHostCodeExchange } from '../../domain/members/host-code-limit'
import { issueAccessToken } from '../../domain/members/identity-token'
import { HostUnavailableError } from '../../providers/identity/identity-provider'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'ThirdPartyAccessTokenGet',
  group: 'Members',
  summary:
    "Exchanges a host authorisation code for a checked identity through the identity provider: without HostKind the mini-programs' (weapp wx.login, alipay my.getAuthCode); with HostKind 'superapp' or 'thirdparty' the code the super-app's or the third-party member login's authorise page sent back to the H5 app (each kind its own provider; the chat-app, payment-app and wallet browsers use their GET user-info calls instead, docs/hosts.md). table1: the OpenID and an AccessToken signed by this server (valid 2 hours, for this enterprise) that proves it to ThirdPartyUserInfoGet, VipLoginByOpenID and VipRegister. A code the host refuses, or one already used or expired → 20040. With a real IDENTITY_PROVIDER at most HOST_CODE_RATE_PER_MINUTE exchanges (default 60) per client address a minute, across every server process; beyond: errcode 10009, the code not sent to the host. The host unreachable or busy: errcode 10009 (HTTP 503), the code still good. The DEVELOPMENT providers: the mini-programs' (Provider 'dev') accepts 'dev:<openid>'; the host browsers' ('dev-<kind>') accept only codes their development authorise page issued, once, for 5 minutes; none vouches for a phone (docs/members.md). With PhoneCode (the chat-app mini-program's getPhoneNumber button, IDENTITY_PROVIDER=wechat; or the payment-app mini-program's my.getPhoneNumber answer, IDENTITY_PROVIDER=alipay with ALIPAY_MINI_AES_KEY) the phone the host verified (WeChat's getuserphonenumber; Alipay's signed and encrypted answer, checked and decrypted here) is signed into the AccessToken as well, for VipRegister RegisterType 0; a phone code WeChat refuses (invalid, used or expired), an Alipay answer whose signature fails, that does not decrypt as JSON or whose code is not 10000, or an identity provider that verifies no phones (the DEVELOPMENT ones, Alipay's browser sign-in, the Alipay mini-program without ALIPAY_MINI_AES_KEY) → 20047. PhoneCode with HostKind → 10007.",
  auth: 'app',
  input: z.object({
    Code: requiredId("The host's authorisation code"),
    HostKind: z.enum(['superapp', 'thirdparty']).optional().describe("'superapp' or 'thirdparty' for an H5 host browser's code; absent for a mini-program's"),
    // WeChat's phone code is short; Alipay's my.getPhoneNumber answer is its signed JSON text (a few hundred characters).
    PhoneCode: z
      .string()
      .trim()
      .min(1)
      .max(4096)
      .optional()
      .describe("The mini-program's phone proof, with a mini-program's Code only: the chat-app's getPhoneNumber code, or the payment-app's my.getPhoneNumber answer (its JSON text as the host gave it)")
  }),
  output: {
    table1: {
      AccessToken: 'string: proof of OpenID, signed by this server; send it with the OpenID',
      OpenID: "string: the user's open id at the host",
      ExpiresIn: 'number: seconds the AccessToken stays valid',
      Provider: "string: the identity provider that answered ('dev' / 'dev-<kind>' for the development ones)"
    }
  },
  async handler(ctx, input) {
    // A phone code is the mini-program's button: not a host browser's.
    if (input.HostKind && input.PhoneCode !== undefined) throw invalidInput('PhoneCode (not with HostKind)')
    const provider = input.HostKind ? ctx.providers.hostLogin[input.HostKind] : ctx.providers.identity
    // A real host's quota is the deployment's: made-up codes are bounded per client address.
    if (ctx.config.identityProvider !== 'development') {
      await countHostCodeExchange({ db: ctx.db, clientIp: ctx.clientIp, now: ctx.now, ratePerMinute: ctx.config.hostCodeRatePerMinute })
    }
    try {
      return { table1: [await issueAccessToken(ctx.db, provider, ctx.enterprise.entId, input.Code, ctx.now, input.PhoneCode)] }
    } catch (e) {
      // The host could not answer now (busy, rate-limited, unreachable): the code was not taken, try again (10009, HTTP 503).
      if (e instanceof HostUnavailableError) throw new EnvelopeError('RATE_LIMITED', undefined, 503)
      throw e
    }
  }
})
