import { z } from 'zod'
import { AFTERSALE_REASONS, MAX_PHOTOS } from '../../../../src/gateway/after-rows'
import { AFTERSALE_TEXT_MAX, submitAfterSale } from '../../domain/aftersale/aftersale.service'
import { freeTextAllowed, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { AFTERSALE_COLUMNS, AFTERSALE_LINE_COLUMNS, afterSaleAnswer, afterSaleImages } from './AfterSaleRows'

const quantity = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().finite().positive().max(1_000_000))

export default defineOperation({
  name: 'AfterSaleSubmit',
  group: 'Retail',
  summary: `The signed-in member asks for money back on a paid, ready or completed order of their own: the whole order (no Lines) or some lines with quantities (at most what was ordered less what earlier requests took), a Reason (${AFTERSALE_REASONS.join(', ')}) and text (at most ${AFTERSALE_TEXT_MAX} characters), up to ${MAX_PHOTOS} checked 'aftersale' uploads (FileIDs of FileBatchNameGet), and Amount above 0 and at most paid less refunded. table1 the request (status 0 submitted), table2 its lines. Idempotent by RequestKey (the key of another order's request → 20029). Another member's, unknown, unpaid or cancelled order → 20070 alike; an open request on the order → 20071; a bad amount → 20072 naming the most; photos not uploaded → 20067. The shop decides with npm run aftersale. No session → errcode 10010.`,
  auth: 'member',
  input: z.object({
    SheetID: requiredId('The order (OrderDetailGet SheetID)'),
    Lines: z
      .array(z.object({ LineNo: z.coerce.number().int().min(1).max(10_000), Qua: quantity }))
      .max(500)
      .optional()
      .describe('Some lines with quantities; absent or empty: the whole order'),
    Amount: z.string().trim().regex(/^\d{1,12}(\.\d{1,6})?$/).describe('The refund asked, exact decimal text'),
    Reason: z.enum(AFTERSALE_REASONS).describe(`One of ${AFTERSALE_REASONS.join(', ')}`),
    Content: z.string().trim().max(AFTERSALE_TEXT_MAX).refine(freeTextAllowed, 'control characters or bidi overrides').optional().describe(`The member's text, at most ${AFTERSALE_TEXT_MAX} characters`),
    FileIDs: z.array(requiredId('FileID')).max(MAX_PHOTOS).optional().describe(`Up to ${MAX_PHOTOS} FileIDs of the member's 'aftersale' uploads`),
    RequestKey: requiredId('Client key of this request: a retry with the same key answers the same request')
  }),
  output: { table1: AFTERSALE_COLUMNS, table2: AFTERSALE_LINE_COLUMNS },
  async handler(ctx, input) {
    const images = afterSaleImages(ctx.providers.storage)
    const entId = ctx.enterprise.entId
    const view = await submitAfterSale(ctx.db, images, {
      entId,
      vipId: ctx.member.vipId,
      ownerKey: ctx.ownerKey,
      sheetId: input.SheetID,
      lines: input.Lines,
      amount: input.Amount,
      reason: input.Reason,
      content: input.Content ?? '',
      fileIds: [...new Set(input.FileIDs ?? [])],
      requestKey: input.RequestKey,
      now: ctx.now
    })
    return afterSaleAnswer(ctx.db, images, entId, view, ctx.origin, ctx.locale)
  }
})
