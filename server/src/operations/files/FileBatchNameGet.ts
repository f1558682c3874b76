import { z } from 'zod'
import { MAX_PHOTOS, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadPurpose } from '../../../../src/gateway/after-rows'
import { signUploads, UPLOAD_TICKET_SECONDS } from '../../domain/files/uploaded-images'
import { defineOperation } from '../operation'

const PURPOSES = ['review', 'aftersale', 'avatar'] as const satisfies readonly UploadPurpose[]
/** Control characters and the line/bidi ones a file name has no business carrying. */
const NAME_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

const fileSchema = z.object({
  FileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine((v) => !NAME_FORBIDDEN.test(v), 'control characters'),
  FileSize: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  FileType: z.string().trim().toLowerCase().max(64),
  Width: z.coerce.number().int().min(0).max(100_000).optional(),
  Height: z.coerce.number().int().min(0).max(100_000).optional(),
  ClassName: z
    .string()
    .trim()
    .max(64)
    .refine((v) => !NAME_FORBIDDEN.test(v), 'control characters')
    .optional()
})

export default defineOperation({
  name: 'FileBatchNameGet',
  group: 'Files',
  summary:
    `Records the files the signed-in member is about to upload (spec §3: EntID, UserID, UserName, class (default 'enterprise certificate'), file name, size, type, width, height) for a Purpose ` +
    `(review, aftersale, avatar) and answers, per file (table1), its FileID, the object key (under a prefix naming the enterprise, the purpose and the member) and a signed POST form valid ${UPLOAD_TICKET_SECONDS / 60} minutes: ` +
    `POST every FormFields entry, then the file as 'file', to UploadUrl; only HTTP 200 is success (spec §5). The policy allows exactly that key and Content-Type and 1–${UPLOAD_MAX_BYTES} bytes. ` +
    `Refused before signing: no file or a type other than ${UPLOAD_TYPES.join(', ')} (20065 'file error'), over ${UPLOAD_MAX_BYTES} bytes (20066); more than ${MAX_PHOTOS} files → 10007; more than UPLOAD_RATE_PER_HOUR files an hour → 10009. ` +
    `The file is used (a review's or request's photos, the avatar) only after the server has decoded it as the type declared, stripped its metadata and made a thumbnail (20065 otherwise). No session → errcode 10010.`,
  auth: 'member',
  input: z.object({
    Purpose: z.enum(PURPOSES).describe('What the files are for: review, aftersale or avatar'),
    Files: z.array(fileSchema).max(MAX_PHOTOS).describe(`The files (FileName, FileSize bytes, FileType MIME, Width, Height, ClassName), 1–${MAX_PHOTOS}`)
  }),
  output: {
    table1: {
      FileID: 'The id to name the file by afterwards (FileIDs of a review or request, the avatar)',
      FileName: 'The file name as recorded',
      ObjectKey: 'The object key the form writes',
      UploadUrl: 'Where to POST the form (absolute)',
      FormFields: 'Form fields to send before the file: key, Content-Type, success_action_status, the policy, access id and signature (names as the storage provider expects)',
      ExpiresAt: 'The policy expiry, ISO-8601 UTC',
      MaxBytes: `The most the file may weigh (${UPLOAD_MAX_BYTES})`
    }
  },
  async handler(ctx, input) {
    const member = await ctx.db.selectFrom('members').select(['vip_name']).where('vip_id', '=', ctx.member.vipId).executeTakeFirst()
    const signed = await signUploads(ctx.db, ctx.providers.storage, {
      entId: ctx.member.entId,
      vipId: ctx.member.vipId,
      userId: ctx.member.vipId,
      userName: member?.vip_name ?? '',
      purpose: input.Purpose,
      files: input.Files,
      now: ctx.now,
      ratePerHour: ctx.config.uploadRatePerHour
    })
    return {
      table1: signed.map((s) => ({
        FileID: s.fileId,
        FileName: s.fileName,
        ObjectKey: s.key,
        UploadUrl: new URL(s.url, `${ctx.origin}/`).toString(),
        FormFields: s.fields,
        ExpiresAt: s.expiresAt.toISOString(),
        MaxBytes: UPLOAD_MAX_BYTES
      }))
    }
  }
})
