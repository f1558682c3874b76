/** Base URLs of the deployment (gateway, H5 app, image storage) for an enterprise. */
import type { Kysely } from 'kysely'
import { listServiceLinks } from '../../storage/repositories/service-link.repository'
import type { Database } from '../../storage/schema'

export const SERVICE_LINK_TYPES = ['api', 'h5', 'image'] as const
export type ServiceLinkType = (typeof SERVICE_LINK_TYPES)[number]

export interface ServiceLink {
  linkType: ServiceLinkType
  url: string
}

/**
 * Links stored relative ('/', '/files/') resolve against the origin the caller reached us
 * on, so one database serves every host name and port the deployment is reached by.
 */
export async function serviceLinks(db: Kysely<Database>, entId: string, origin: string): Promise<ServiceLink[]> {
  const stored = await listServiceLinks(db, entId)
  const links: ServiceLink[] = []
  for (const type of SERVICE_LINK_TYPES) {
    const link = stored.find((l) => l.linkType === type)
    if (link) links.push({ linkType: type, url: resolveLink(link.url, origin) })
  }
  return links
}

/**
 * A stored link resolved against an origin. Never throws: the HTTP layer hands a validated origin
 * (server/src/http/public-origin.ts), and a link or origin that is still no URL stays as stored
 * rather than failing the whole answer.
 */
export function resolveLink(link: string, origin: string): string {
  try {
    return new URL(link, `${origin}/`).toString()
  } catch {
    return link
  }
}
