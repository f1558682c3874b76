import { z } from 'zod'
import { addFeedback } from '../../domain/feedback/feedback.service'
import { integerWithDefault } from '../fields'
import { defineOperation } from '../operation'

export const FEEDBACK_MAX_LENGTH = 4000

export default defineOperation({
  name: 'HelpFeedbackAdd',
  group: 'Logging',
  summary:
    "Stores help feedback; the client reports its errors here with FbType 0; EntID may be empty before the app knows its enterprise. One report per record (AppName from the first). At most FEEDBACK_RATE_PER_MINUTE reports per client IP in 60 s, across all server processes, else errcode 10009.",
  // Public: a crash on the entry page happens before the app knows its enterprise.
  auth: 'public',
  input: z.object({
    FbContent: z.string().trim().min(1).max(FEEDBACK_MAX_LENGTH).describe(`The report, 1–${FEEDBACK_MAX_LENGTH} characters`),
    FbType: integerWithDefault('0 client error report (default)', 0, 99, 0)
  }),
  output: { table1: { FbID: 'string: id of the stored report' } },
  async handler(ctx, _input, records) {
    const ids = await addFeedback(ctx.db, {
      entId: ctx.enterprise?.entId ?? '',
      userId: ctx.userId,
      appName: ctx.appName,
      clientIp: ctx.clientIp,
      reports: records.map((r) => ({ content: r.FbContent, type: r.FbType })),
      now: ctx.now,
      ratePerMinute: ctx.config.feedbackRatePerMinute
    })
    return { table1: ids.map((id) => ({ FbID: id })) }
  }
})
