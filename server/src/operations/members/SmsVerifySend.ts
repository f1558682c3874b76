import { z } from 'zod'
import { SMS_RULES, SMS_SOURCE_TYPES } from '../../../../src/gateway/member-rows'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { refuseOwnPhone } from '../../domain/members/member-profile.service'
import { sendSmsCode, smsRequester } from '../../domain/members/sms-code.service'
import { defineOperation } from '../operation'
import { phoneFields } from './member-columns'

export default defineOperation({
  name: 'SmsVerifySend',
  group: 'Members',
  summary: `Sends a ${SMS_RULES.codeLength}-digit SMS code to a phone for one purpose (SourceType); the code is never in the answer (table1: the masked phone, seconds it lives, seconds before another may be sent). The code lives ${SMS_RULES.codeTtlSeconds / 60} minutes; a newer code of the same purpose replaces the older; ${SMS_RULES.maxTriesPerClient} wrong tries from one client address end it for that address, ${SMS_RULES.maxTries} from all burn it. Limits (docs/members.md): one send per phone per client address every ${SMS_RULES.resendSeconds} s and ${SMS_RULES.dailyPerPhonePerClient} a day; past ${SMS_RULES.dailyPerPhone} a day to a phone from all addresses, one per ${SMS_RULES.slowResendSeconds / 60} minutes; ${SMS_RULES.perClientPerMinute} per client address in any ${SMS_RULES.resendSeconds} s and ${SMS_RULES.dailyPerClient} a day (20032 with {seconds} to wait; 20033 for the day's counts, on the enterprise's clock). A number that is not a mobile number of the area → 20036. The SMS vendor's refusals (docs/sms.md): a number it cannot reach → 20036, its flow control for the number → 20032 or 20033, anything else (the vendor unreachable, its account or template) → 20075. The message's template is in the request's language. Whether the phone has a member is not told here. SourceType VipPhoneChange for the signed-in member's own phone → 20052 (it is no new number).`,
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
    // A signed-in member asking step 2's code for the number it already has: the 60-s rule would
    // answer 'wait 54 s' (step 1 just sent one there); the real problem is the number.
    if (input.SourceType === 'VipPhoneChange' && ctx.member) await refuseOwnPhone(ctx.db, ctx.member, input.AreaNo, input.Phone)
    const row = await sendSmsCode(ctx.db, ctx.providers.sms, {
      entId: ctx.enterprise.entId,
      areaNo: input.AreaNo,
      phone: input.Phone,
      sourceType: input.SourceType,
      clientIp: ctx.clientIp,
      requester: smsRequester(ctx.deviceKey, ctx.clientIp),
      timeZone: await enterpriseTimeZone(ctx.db, ctx.enterprise.entId),
      locale: ctx.locale,
      now: ctx.now
    })
    return { table1: [row] }
  }
})
