import type { Insertable, Kysely } from 'kysely'
import type { Database, FeedbackTable } from '../schema'
import { countOf } from './row-mapping'

export async function insertFeedback(db: Kysely<Database>, rows: Insertable<FeedbackTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('feedback').values(rows).execute()
}

export async function deleteFeedback(db: Kysely<Database>, fbIds: string[]): Promise<void> {
  if (fbIds.length > 0) await db.deleteFrom('feedback').where('fb_id', 'in', fbIds).execute()
}

/** Reports from one client IP since an instant (ISO text compares in time order). */
export async function countFeedbackSince(db: Kysely<Database>, clientIp: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', sinceIso)
    .executeTakeFirst()
  return countOf(row)
}
