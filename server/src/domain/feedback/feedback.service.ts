/**
 * Help feedback and client error reports. The rate limit counts rows in the feedback
 * table itself, so it holds across every server process sharing the database.
 *
 * The reports are stored first and counted after, own rows included; over the limit they are
 * deleted again and refused. Counting first let racing requests (on any process) all pass a
 * count none had added to yet: 7 of 16 passed a limit of 4 on PostgreSQL. Stored first, the
 * last accepted request to count sees every accepted row, so at most the limit pass.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { countFeedbackSince, deleteFeedback, insertFeedback } from '../../storage/repositories/feedback.repository'
import type { Database } from '../../storage/schema'
import { EnvelopeError } from '../errors'

export const FEEDBACK_WINDOW_MS = 60_000

export interface FeedbackReport {
  content: string
  type: number
}

export interface FeedbackSubmission {
  entId: string
  userId: string
  appName: string
  clientIp: string
  reports: FeedbackReport[]
  now: Date
  /** Reports accepted per client IP in any 60 seconds. */
  ratePerMinute: number
}

/** Stores the reports and returns their ids, or throws RATE_LIMITED (errcode 10009). */
export async function addFeedback(db: Kysely<Database>, submission: FeedbackSubmission): Promise<string[]> {
  // A request of more reports than the limit never fits: refused without touching the table.
  if (submission.reports.length > submission.ratePerMinute) throw new EnvelopeError('RATE_LIMITED')
  const since = new Date(submission.now.getTime() - FEEDBACK_WINDOW_MS).toISOString()
  const createdAt = submission.now.toISOString()
  const rows = submission.reports.map((report) => ({
    fb_id: randomUUID(),
    ent_id: submission.entId,
    user_id: submission.userId,
    app_name: submission.appName,
    fb_content: report.content,
    fb_type: report.type,
    client_ip: submission.clientIp,
    created_at: createdAt
  }))
  await insertFeedback(db, rows)
  const ids = rows.map((r) => r.fb_id)
  if ((await countFeedbackSince(db, submission.clientIp, since)) > submission.ratePerMinute) {
    await deleteFeedback(db, ids)
    throw new EnvelopeError('RATE_LIMITED')
  }
  return ids
}
