import { z } from 'zod'
import { DomainError, invalidInput } from '../../domain/errors'
import { countHostCodeExchange } from '../../domain/members/host-code-limit'
import { ChannelUnsupportedError } from '../../providers/payment/payment-provider'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'UserPayInfoGet',
  group: 'Bank',
  summary:
    "The payer's id at the deployment's payment provider (spec: QFOpenid) from a host authorisation code (table1, one row). A real provider exchanges the code with its credentials; the sandbox answers 'sandbox-' + the first 16 hex digits of the code's SHA-256. A real provider's exchanges count in the per-address limit HOST_CODE_RATE_PER_MINUTE (default 60 a minute; beyond: errcode 10009, the code not sent).",
  auth: 'app',
  input: z.object({
    Code: requiredId("The host's authorisation code")
  }),
  output: {
    table1: {
      PayerID: "string: the payer's id at the provider",
      Provider: 'string: the provider that answered'
    }
  },
  async handler(ctx, input) {
    const providers = ctx.providers.payments
    const provider = providers.get(providers.defaultName)
    if (!provider) throw new DomainError('PAYMENT_ACCOUNT_NOT_LINKED')
    // A real provider's code exchange spends the deployment's quota at the host (host-code-limit.ts).
    if (provider.name !== 'sandbox') {
      await countHostCodeExchange({ db: ctx.db, clientIp: ctx.clientIp, now: ctx.now, ratePerMinute: ctx.config.hostCodeRatePerMinute })
    }
    try {
      return { table1: [{ PayerID: await provider.payerId(input.Code), Provider: provider.name }] }
    } catch (e) {
      // WeChat Pay has no code exchange: its payer's open id comes from the host sign-in.
      if (e instanceof ChannelUnsupportedError) throw invalidInput(`Provider '${provider.name}' gives no payer id from a code; sign in through the host`)
      throw e
    }
  }
})
