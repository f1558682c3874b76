import { z } from 'zod'
import type { ServiceLinkRow } from '../../../../src/gateway/operations'
import { serviceLinks } from '../../domain/links/service-link.service'
import { defineOperation, type ColumnDocs } from '../operation'

const LINK_COLUMNS: ColumnDocs<ServiceLinkRow> = {
  LinkType: "string: 'api' gateway base, 'h5' app base, 'image' image-storage base",
  Url: "string: absolute URL (relative links resolve against the origin the request came in on)"
}

export default defineOperation({
  name: 'ServiceLinkGet',
  group: 'Common',
  summary: "Base URLs of the deployment for the enterprise: the gateway, the H5 app and image storage.",
  auth: 'app',
  input: z.object({}),
  output: { table1: LINK_COLUMNS },
  async handler(ctx) {
    const links = await serviceLinks(ctx.db, ctx.enterprise.entId, ctx.origin)
    return { table1: links.map((l) => ({ LinkType: l.linkType, Url: l.url })) }
  }
})
