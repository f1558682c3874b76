import { z } from 'zod'
import { SMS_RULES, SMS_SOURCE_TYPES } from '../../../../src/gateway/member-rows'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { sendSmsCode } from '../../domain/members/sms-code.service'
import { defineOperation } from '../operation'
import { phoneFields } from './member-columns'

export default defineOperation({
  name: 'SmsVerifySend',
  group: 'Members',
  summary: `Sends a ${SMS_RULES.codeLength}-digit SMS code to a phone for one purpose (SourceType); the code is never in the answer (table1: the masked phone, seconds it lives, seconds before another may be sent). The code lives ${SMS_RULES.codeTtlSeconds / 60} minutes; a newer code of the same purpose replaces the older; ${SMS_RULES.maxTries} wrong tries burn it. At most one send per phone and one per client address every ${SMS_RULES.resendSeconds} s (20032 with {seconds} to wait), ${SMS_RULES.dailyPerPhone} per phone and ${SMS_RULES.dailyPerClient} per client address per day of the enterprise's clock (20033). A number that is not a mobile number of the area → 20036. Whether the phone has a member is not told here.`,
  auth: 'app',
  input: z.object({
    ...phoneFields,
    SourceType: z.enum(SMS_SOURCE_TYPES).describe(SMS_SOURCE_TYPES.join(' | ') + ': what the code is for (a code is refused for any other purpose)')
  }),
  output: {
    table1: {
      AreaNo: "string: dialling code without '+'",
      MaskedPhone: "string: the phone, masked ('6***1234')",
      ExpiresIn: 'number: seconds the code stays valid',
      ResendIn: 'number: seconds before another code may be sent to this phone'
    }
  },
  async handler(ctx, input) {
    const row = await sendSmsCode(ctx.db, ctx.providers.sms, {
      entId: ctx.enterprise.entId,
      areaNo: input.AreaNo,
      phone: input.Phone,
      sourceType: input.SourceType,
      clientIp: ctx.clientIp,
      timeZone: await enterpriseTimeZone(ctx.db, ctx.enterprise.entId),
      now: ctx.now
    })
    return { table1: [row] }
  }
})
