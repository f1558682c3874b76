import type { Kysely } from 'kysely'
import type { Database } from '../schema'

export interface StoredServiceLink {
  linkType: string
  url: string
}

export async function listServiceLinks(db: Kysely<Database>, entId: string): Promise<StoredServiceLink[]> {
  const rows = await db
    .selectFrom('service_links')
    .select(['link_type', 'url'])
    .where('ent_id', '=', entId)
    .orderBy('link_type')
    .execute()
  return rows.map((r) => ({ linkType: r.link_type, url: r.url }))
}
