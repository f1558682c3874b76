import { z } from 'zod'
import { UPLOAD_MAX_BYTES } from '../../../../src/gateway/after-rows'
import { signUploads, staffUploader } from '../../domain/files/uploaded-images'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { lineText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { shopField } from './staff-menu-edit'

export default defineStaffOperation({
  name: 'MenuPictureUploadTicket',
  auth: 'menu.edit',
  input: z.object({
    ShopID: shopField,
    FileName: lineText('The picture’s file name', 255),
    FileSize: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe(`Bytes (at most ${UPLOAD_MAX_BYTES})`),
    FileType: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.string().max(64)).describe('image/jpeg, image/png or image/webp'),
    Width: z.coerce.number().int().min(0).max(100_000).optional().describe('Pixels, if known'),
    Height: z.coerce.number().int().min(0).max(100_000).optional().describe('Pixels, if known')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertWholeShop(staff, input.ShopID)
    const [signed] = await signUploads(ctx.db, ctx.providers.storage, {
      entId: staff.entId,
      vipId: staffUploader(staff.staffId),
      userId: staff.staffId,
      userName: staff.name,
      purpose: 'goods-picture',
      files: [{ FileName: input.FileName, FileSize: input.FileSize, FileType: input.FileType, Width: input.Width, Height: input.Height, ClassName: 'goods picture' }],
      now: ctx.now,
      ratePerHour: ctx.config.uploadRatePerHour,
      uploader: 'staff'
    })
    return {
      table1: [
        {
          FileID: signed.fileId,
          FileName: signed.fileName,
          ObjectKey: signed.key,
          UploadUrl: new URL(signed.url, `${ctx.origin}/`).toString(),
          FormFields: signed.fields,
          ExpiresAt: signed.expiresAt.toISOString(),
          MaxBytes: UPLOAD_MAX_BYTES
        }
      ]
    }
  }
})
