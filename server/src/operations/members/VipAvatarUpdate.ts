import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { updateAvatar } from '../../domain/members/member-avatar.service'
import { memberDetail } from '../../domain/members/member-profile.service'
import { defineOperation } from '../operation'
import { VIP_COLUMNS } from './member-columns'

export default defineOperation({
  name: 'VipAvatarUpdate',
  group: 'Members',
  summary:
    "Sets the signed-in member's avatar: FileID names one of their own uploads for the purpose 'avatar' (FileBatchNameGet, then the form upload); the server checks it is the picture it claims (decoded, metadata stripped, sized, thumbnailed) and it becomes VipRow.HeadImg (an absolute URL in our storage). FileID '' removes the avatar (HeadImg ''). table1 the member afterwards, table2 the picture ([] when removed). Another member's upload, one for another purpose, or one never uploaded → 20067 (UPLOAD_NOT_FOUND); not the picture it claims → 20065. No session → errcode 10010.",
  auth: 'member',
  input: z.object({
    FileID: z
      .preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(128))
      .describe("An 'avatar' upload of the member's (FileBatchNameGet table1 FileID); '' removes the avatar")
  }),
  output: {
    table1: VIP_COLUMNS,
    table2: {
      FileID: 'string: the upload',
      Url: 'string: absolute URL of the checked picture (the same as HeadImg)',
      ThumbUrl: 'string: absolute URL of its thumbnail',
      Width: 'number: pixels',
      Height: 'number: pixels'
    }
  },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const images = await updateAvatar({ db: ctx.db, storage: ctx.providers.storage, entId, vipId: ctx.member.vipId, origin: ctx.origin, now: ctx.now }, input.FileID)
    const timeZone = await enterpriseTimeZone(ctx.db, entId)
    return { table1: [await memberDetail({ db: ctx.db, member: ctx.member, timeZone, now: ctx.now })], table2: images }
  }
})
