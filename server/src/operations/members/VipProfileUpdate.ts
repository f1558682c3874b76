import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { updateProfile } from '../../domain/members/member-profile.service'
import { defineOperation } from '../operation'
import { profileFields, VIP_COLUMNS } from './member-columns'

export default defineOperation({
  name: 'VipProfileUpdate',
  group: 'Members',
  summary:
    "Changes the signed-in member's name, sex and birthday (the avatar: VipAvatarUpdate; a HeadImg sent here is ignored); table1 is the member afterwards. A name breaking the rule (only letters, digits, Chinese characters, brackets, hyphen, underscore; 1–30 characters) → 20039 'Name contains invalid characters'; a malformed sex or birthday → 10007.",
  auth: 'member',
  input: z.object(profileFields),
  output: { table1: VIP_COLUMNS },
  async handler(ctx, input) {
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: [await updateProfile({ db: ctx.db, member: ctx.member, timeZone, now: ctx.now }, input)] }
  }
})
