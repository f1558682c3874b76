/**
 * What the DEVELOPMENT geocoder knows (development.provider.ts): every leaf region of the dataset
 * that has a centroid (Macau's parishes, Hong Kong's districts; a zone's or area's name finds the
 * leaves in it), and the streets of
 * the demo branches as the seed gives them (server/seed/demo-enterprise.ts: address and lat/lng).
 * Nothing else: a mainland region or any other street is not found.
 */
import type { LocalizedText } from '../../../../src/gateway/contract'
import { allRegionEntries, regionPath } from '../../domain/regions/region-dataset'
import type { GazetteerEntry } from './development.provider'

interface DemoStreet {
  street: LocalizedText
  aliases: string[]
  regionCode: string
  lat: number
  lng: number
}

/** The demo branches' streets, at the branches' points (the seed's lat/lng). */
const DEMO_STREETS: DemoStreet[] = [
  // B201 Lotus Tea House (Senado Square), Sé parish.
  { street: { 'zh-TW': '議事亭前地', 'zh-CN': '议事亭前地', en: 'Largo do Senado' }, aliases: ['Senado Square'], regionCode: '820004', lat: 22.1936, lng: 113.5399 },
  // B202 Lotus Tea House (Taipa), Taipa village.
  { street: { 'zh-TW': '官也街', 'zh-CN': '官也街', en: 'Rua do Cunha' }, aliases: ['Cunha Street'], regionCode: '820006', lat: 22.1553, lng: 113.556 },
  // B301 Cotai Night Market Food Court.
  { street: { 'zh-TW': '路氹連貫公路', 'zh-CN': '路氹连贯公路', en: 'Estrada do Istmo' }, aliases: ['路凼连贯公路', 'Istmo'], regionCode: '820007', lat: 22.144, lng: 113.564 }
]

/** A street counts as "there" within this distance of its point (reverse lookups). */
const STREET_RADIUS_M = 150
/** A leaf region's centroid counts within this distance: Macau's parishes are small, Hong Kong's districts are not. */
const LEAF_RADIUS_M = { macau: 2500, hongKong: 8000 }

function pathOf(code: string): Pick<GazetteerEntry, 'regionCodes' | 'regionNames'> {
  const path = regionPath(code)
  return { regionCodes: path.map((r) => r.code), regionNames: (locale) => path.map((r) => r.names[locale]) }
}

export function developmentGazetteer(): GazetteerEntry[] {
  const entries: GazetteerEntry[] = DEMO_STREETS.map((s) => ({
    kind: 'street',
    names: [...Object.values(s.street), ...s.aliases],
    regionCode: s.regionCode,
    ...pathOf(s.regionCode),
    street: s.street,
    lat: s.lat,
    lng: s.lng,
    radiusM: STREET_RADIUS_M
  }))
  const byCode = new Map(allRegionEntries().map((r) => [r.code, r]))
  for (const region of allRegionEntries()) {
    // Leaves only: an answer's region is a leaf (an address needs one); a zone's name finds its leaves.
    if (region.lat === undefined || region.lng === undefined || region.hasChildren) continue
    const areas = regionPath(region.code)
      .slice(0, -1)
      .map((a) => byCode.get(a.code)!)
    entries.push({
      kind: 'region',
      names: [region.names['zh-TW'], region.names['zh-CN'], ...(region.plainEnglish ? [] : [region.names.en]), ...region.aliases],
      areaNames: areas.flatMap((a) => [...Object.values(a.names), ...a.aliases]),
      regionCode: region.code,
      ...pathOf(region.code),
      street: null,
      lat: region.lat,
      lng: region.lng,
      radiusM: region.code.startsWith('82') ? LEAF_RADIUS_M.macau : LEAF_RADIUS_M.hongKong
    })
  }
  return entries
}
