import { z } from 'zod'
import type { ServiceLinkRow } from '../../../../src/gateway/operations'
import { serviceLinks } from '../../domain/links/service-link.service'
import { defineOperation, type ColumnDocs } from '../operation'

const LINK_COLUMNS: ColumnDocs<ServiceLinkRow> = {
  LinkType: "string: 'api' gateway base, 'h5' app base, 'image' image-storage base, 'tiles' the H5 map's tile URL template",
  Url: "string: absolute URL (relative links resolve against the origin the request came in on); for 'tiles' a template with {z}, {x} and {y} (MAP_TILE_URL)",
  Attribution: "string, 'tiles' only: the credit the tile provider requires, shown on the map (MAP_TILE_ATTRIBUTION)"
}

export default defineOperation({
  name: 'ServiceLinkGet',
  group: 'Common',
  summary:
    "Base URLs of the deployment for the enterprise: the gateway, the H5 app and image storage, and the map tiles of the H5 location page (the deployment's MAP_TILE_URL and MAP_TILE_ATTRIBUTION; default OpenStreetMap's).",
  auth: 'app',
  input: z.object({}),
  output: { table1: LINK_COLUMNS },
  async handler(ctx) {
    const links = await serviceLinks(ctx.db, ctx.enterprise.entId, ctx.origin)
    const rows: ServiceLinkRow[] = links.map((l) => ({ LinkType: l.linkType, Url: l.url }))
    rows.push({ LinkType: 'tiles', Url: ctx.config.mapTileUrl, Attribution: ctx.config.mapTileAttribution })
    return { table1: rows }
  }
})
