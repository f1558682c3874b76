import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { changePhone } from '../../domain/members/member-profile.service'
import { defineOperation } from '../operation'
import { codeField, phoneFields, signedTokenField, VIP_COLUMNS } from './member-columns'

export default defineOperation({
  name: 'VipPhoneChange',
  group: 'Members',
  summary:
    "Changes the signed-in member's phone in two steps. Type 1: the current phone with a code of SourceType VipPhoneVerify → table1 a ChangeTicket (valid 10 minutes, for this member and this phone; another phone than the member's → 20036). Type 2: ChangeTicket + the new phone with a code of SourceType VipPhoneChange → the phone is replaced; table1 is empty, table2 the member afterwards. A missing, forged, expired or used-up ticket → 20041 (checked before anything else); the member's current phone as the new one → 20052; code errors as VipLoginGet; after a right code, a phone of another member → 20037. A member without a phone → 20038 (bind one with VipBindPhone).",
  auth: 'member',
  input: z.object({
    Type: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.union([z.literal(1), z.literal(2)])).describe('1 verify the current phone, 2 change to the new one'),
    ...phoneFields,
    Code: codeField,
    ChangeTicket: signedTokenField('Type 2: the ChangeTicket of type 1').optional()
  }),
  output: {
    table1: {
      ChangeTicket: 'string: proof that the current phone was verified; send it with type 2',
      ExpiresIn: 'number: seconds the ticket stays valid'
    },
    table2: VIP_COLUMNS
  },
  async handler(ctx, input) {
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return changePhone({ db: ctx.db, member: ctx.member, timeZone, now: ctx.now, clientIp: ctx.clientIp, deviceKey: ctx.deviceKey }, input)
  }
})
