import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { bindPhone } from '../../domain/members/member-profile.service'
import { defineOperation } from '../operation'
import { codeField, phoneFields, VIP_COLUMNS } from './member-columns'

export default defineOperation({
  name: 'VipBindPhone',
  group: 'Members',
  summary:
    "Binds a phone to the signed-in member with a code of SourceType VipBindPhone (table1: the member). A guest stops being a guest (IsGuest 0; it then logs in by phone, not by device). Code errors as VipLoginGet; after a right code, a phone of another member → 20037; a member that has another phone already → 20041 (change it with VipPhoneChange). Binding the phone the member has changes nothing.",
  auth: 'member',
  input: z.object({ ...phoneFields, Code: codeField, SourceType: z.literal('VipBindPhone').describe("'VipBindPhone'") }),
  output: { table1: VIP_COLUMNS },
  async handler(ctx, input) {
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: [await bindPhone({ db: ctx.db, member: ctx.member, timeZone, now: ctx.now, clientIp: ctx.clientIp, deviceKey: ctx.deviceKey }, input)] }
  }
})
